/**
 * The shared input and output types of tool schemas. Their messages are the ones clients read in a 400
 * problem's `errors`.
 */
import { z } from 'zod';
import { isoDateProblem, parseInstant } from './instant.ts';

/** A number (zod 4 already refuses NaN and ±Infinity) with the messages clients read. */
export const num = () => z.number({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a number') });
export const int = () =>
  z.number({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a whole number') }).int({ error: 'must be a whole number' });

/**
 * Latitude and longitude in decimal degrees, WGS84, north and east positive: said once, in the MCP server's
 * instructions and the OpenAPI description, not in each of the 20-odd fields of tools/list (about 400
 * bytes); the name and the bounds say which is which.
 */
export const Latitude = num().min(-90, 'must be ≥ -90').max(90, 'must be ≤ 90');
export const Longitude = num().min(-180, 'must be ≥ -180').max(180, 'must be ≤ 180');

export const Coordinate = z.strictObject({ lat: Latitude, lon: Longitude });

/** A calendar date, `YYYY-MM-DD`, proleptic Gregorian, years 0001..9999. */
export const IsoDate = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a date written YYYY-MM-DD') })
  .superRefine((s, ctx) => {
    const problem = isoDateProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: s });
  })
  .describe('Date YYYY-MM-DD, proleptic Gregorian, 0001..9999');

/** An instant; the tool receives epoch milliseconds. */
export const Instant = z
  .union([z.string(), z.number()], {
    error: (iss) => (iss.input === undefined ? 'is required' : 'must be an ISO-8601 instant (with Z or offset) or epoch seconds/milliseconds'),
  })
  .transform((value, ctx) => {
    const parsed = parseInstant(value);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error, input: value });
      return z.NEVER;
    }
    return parsed.ms;
  })
  .describe('ISO-8601 with Z/offset, or epoch s/ms');

/** An instant that defaults to now when omitted: every optional `at`. */
export const InstantOrNow = Instant.optional().describe(`${Instant.description}; omit for now`);

/**
 * Data sets and methods behind a result (engine/provenance-catalogue.ts): `method` ids, data releases by
 * id, and with provenance=full the long `explanations` (an object of id → text).
 */
export const Provenance = z
  .object({ method: z.string() })
  .catchall(z.union([z.string(), z.record(z.string(), z.string())]))
  .describe('Method ids (comma-separated), data releases by id; provenance=full adds explanations {id: text}');
export type ProvenanceValue = z.input<typeof Provenance>;
