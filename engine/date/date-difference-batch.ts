/**
 * `date_difference_batch` (POST /v1/date/difference/batch): `date_difference` for up to 100 pairs of
 * dates, answered in input order, with provenance stated once for the batch.
 *
 * @example
 * dateDifferenceBatch.run({ pairs: [{ start: '2024-01-31', end: '2024-03-01' }, { start: '2026-12-25', end: '2026-01-01' }] }, ctx)
 * // → { count: 2, results: [{ start: '2024-01-31', end: '2024-03-01', days: 30, weeks: 4.2857, whole_weeks: 4,
 * //     remainder_days: 2, calendar: { years: 0, months: 1, days: 1 } }, { start: '2026-12-25', end: '2026-01-01',
 * //     days: -358, ..., calendar: { years: 0, months: -11, days: -24 } }], provenance: { … } }
 */
import { z } from 'zod';
import { batchProvenance, runBatch } from '../batch.ts';
import { CALCULATION, defineTool } from '../tool.ts';
import { IsoDate, Provenance } from '../inputs.ts';
import { computeDateDifference, DATE_DIFFERENCE_PARTS, DateDifferenceResult } from './date-difference.ts';

const provenance = batchProvenance(DATE_DIFFERENCE_PARTS, 'date_difference');

export const MAX_DATE_PAIRS = 100;

export const DateDifferenceBatchResult = z.object({
  count: z.number().int().describe('Number of results (equals the number of pairs)'),
  results: z
    .array(DateDifferenceResult.omit({ provenance: true }))
    .describe('One date_difference result per pair, in input order, without its provenance (stated once for the batch, below)'),
  provenance: Provenance,
});

export const dateDifferenceBatch = defineTool({
  name: 'date_difference_batch',
  family: 'date',
  title: 'Differences between many pairs of dates',
  description: [
    `How far apart each of up to ${MAX_DATE_PAIRS} pairs of calendar dates is, in one call.`,
    'Each result is exactly what date_difference answers for that pair: the signed number of days (end − start; same date = 0,',
    'an end before start gives negative values), weeks (4 decimals), whole_weeks + remainder_days, and calendar years, months and days',
    '(largest units first, so that date_add(start, calendar) gives end). Results come in input order; provenance is stated once for',
    'the whole batch rather than repeated per pair.',
    `Input: pairs = [{start, end}, ...] (1..${MAX_DATE_PAIRS}), dates YYYY-MM-DD, proleptic Gregorian, years 0001..9999; a bad item`,
    'is named by its path, e.g. pairs[7].end.',
    'Example: {"pairs": [{"start": "2024-01-31", "end": "2024-03-01"}, {"start": "2024-02-29", "end": "2025-02-28"}]}',
    '→ 30 days (0y 1m 1d), 365 days (0y 11m 30d).',
  ].join(' '),
  http: { method: 'POST', path: '/v1/date/difference/batch' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    pairs: z
      .array(
        z.strictObject({
          start: IsoDate.describe('Start date YYYY-MM-DD (0001..9999)'),
          end: IsoDate.describe('End date YYYY-MM-DD (0001..9999); may be before start'),
        }),
        { error: (iss) => (iss.input === undefined ? 'is required' : 'must be an array of {start, end} pairs') },
      )
      .min(1, 'must have at least 1 pair')
      .max(MAX_DATE_PAIRS, `must have at most ${MAX_DATE_PAIRS} pairs`)
      .describe(`Pairs of dates to compare, 1..${MAX_DATE_PAIRS}`),
  }),
  output: DateDifferenceBatchResult,
  examples: [
    {
      input: {
        pairs: [
          { start: '2024-01-31', end: '2024-03-01' },
          { start: '2024-02-29', end: '2025-02-28' },
        ],
      },
      expect: { count: 2, results: [{ days: 30 }, { days: 365 }] },
      source: 'the Gregorian calendar: February 2024 has 29 days (1 + 29 = 30 days to 1 March); 2024-02-29 to 2025-02-28 spans no 29 February, 365 days',
    },
  ],
  annotations: CALCULATION,
  run: ({ pairs }, ctx) => runBatch(pairs, ({ start, end }) => computeDateDifference(start, end), provenance(ctx)),
});
