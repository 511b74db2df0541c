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
  count: z.number().int().describe('Number of results'),
  results: z.array(DateDifferenceResult.omit({ provenance: true })).describe('date_difference results in input order, without provenance'),
  provenance: Provenance,
});

export const dateDifferenceBatch = defineTool({
  name: 'date_difference_batch',
  family: 'date',
  title: 'Differences between many pairs of dates',
  description: [
    `date_difference for up to ${MAX_DATE_PAIRS} pairs of dates in one call, in input order (provenance once per batch).`,
    'Use it instead of repeated date_difference calls.',
    'A bad item is named by its path (pairs[7].end).',
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
      .describe('Date pairs'),
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
