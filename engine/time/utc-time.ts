/**
 * `get_utc_time` (GET /v1/time/utc, public): the current UTC time as the API host's clock reads it.
 *
 * @example
 * run({}, { now: () => new Date('2026-11-22T08:00:00Z') })
 * //=> { timezone: 'UTC', utc_time: '2026-11-22T08:00:00Z', unix_seconds: 1795334400, unix_ms: 1795334400000,
 * //     sla_claimed: false, accuracy_model: { statement: 'UTC is read from ...', clock_source: 'system-clock' }, ... }
 */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool } from '../tool.ts';
import { Provenance } from '../inputs.ts';
import { formatUtc } from '../instant.ts';
import { catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';

export const ACCURACY_STATEMENT =
  "UTC is read from the API host's system clock when the request is handled. " +
  'The service consults no external time source (no NTP or GPS query of its own), so this is not a guarantee of accuracy: ' +
  "the value carries the host clock's error plus the network delay to you. No SLA is claimed.";

export const UtcTimeResult = z.object({
  timezone: z.literal('UTC'),
  utc_time: z.string().describe('Current UTC time, ISO-8601 with Z'),
  unix_seconds: z.number().int().describe('Unix time, seconds (floored)'),
  unix_ms: z.number().int().describe('Unix time, milliseconds'),
  sla_claimed: z.literal(false).describe('No accuracy or availability SLA is claimed'),
  accuracy_model: z.object({
    statement: z.string().describe('Source of the time and what it means for accuracy'),
    clock_source: z.literal('system-clock').describe('The API host system clock'),
  }),
  provenance: Provenance,
});

export const SYSTEM_CLOCK = catalogueEntry({
  id: 'time.system-clock',
  kind: 'method',
  summary: "the API host's system clock, read once per request",
  text: 'API host system clock (JavaScript Date: UTC without leap seconds), read once per request; no external time source',
});

const utcProvenance = fixedProvenance({ methods: [SYSTEM_CLOCK] });

export const utcTime = defineTool({
  name: 'get_utc_time',
  family: 'time',
  title: 'Current UTC time',
  description:
    "The current time in UTC from the API host's system clock. Call it instead of assuming today's date or the time. No " +
    'accuracy is guaranteed. For local time use get_local_time (coordinates) or ' +
    'get_time_in_zone (zone name).',
  http: { method: 'GET', path: '/v1/time/utc' },
  auth: 'public',
  cache: 'never',
  input: z.strictObject({}),
  output: UtcTimeResult,
  examples: [
    {
      input: {},
      expect: { timezone: 'UTC', utc_time: '2026-11-22T08:00:00Z', unix_seconds: 1795334400, unix_ms: 1795334400000 },
      source: 'POSIX "Seconds Since the Epoch" (IEEE Std 1003.1-2024, 4.19): 20,779 days × 86,400 s + 8 h × 3,600 s, read at the examples\' clock',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  run: (_input, ctx) => {
    const ms = ctx.now().getTime();
    return {
      timezone: 'UTC' as const,
      utc_time: formatUtc(ms),
      unix_seconds: Math.floor(ms / 1000),
      unix_ms: ms,
      sla_claimed: false as const,
      accuracy_model: { statement: ACCURACY_STATEMENT, clock_source: 'system-clock' as const },
      provenance: utcProvenance(ctx),
    };
  },
});
