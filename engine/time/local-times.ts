/**
 * `get_local_times` (POST /v1/time/batch): `get_local_time` for up to 100 points at one shared
 * instant, answered in input order.
 *
 * @example
 * run({ at: '2026-11-22T08:00:00Z', points: [{ lat: 48.8566, lon: 2.3522 }, { lat: 0, lon: -140 }] })
 * //=> { at: '2026-11-22T08:00:00Z', count: 2, results: [{ timezone: 'Europe/Paris', local_time:
 * //     '2026-11-22T09:00:00+01:00', ... }, { timezone: 'Etc/GMT+9', resolution: 'ocean', ... }], ... }
 */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool } from '../tool.ts';
import { Coordinate, InstantOrNow, Provenance } from '../inputs.ts';
import { batchProvenance as batchProvenanceOf } from '../batch.ts';
import { BOUNDARY_LOOKUP, instantTexts, LOCAL_TIME_PARTS, LocalTimeFields, localTimeFields, NAUTICAL_ZONE } from './local-time.ts';

export const MAX_POINTS = 100;

export const LocalTimesResult = z.object({
  at: z.string().describe('The shared instant, UTC ISO-8601 with Z'),
  count: z.number().int().describe('Number of results'),
  results: z.array(LocalTimeFields).describe('get_local_time results in input order, without provenance'),
  provenance: Provenance,
});

export const localTimes = defineTool({
  name: 'get_local_times',
  family: 'time',
  title: 'Local times at many coordinates',
  description: [
    `get_local_time for up to ${MAX_POINTS} coordinates at one shared instant, in input order (provenance once per batch).`,
    'Use it instead of calling get_local_time repeatedly.',
  ].join(' '),
  http: { method: 'POST', path: '/v1/time/batch' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.at === undefined,
  input: z.strictObject({
    at: InstantOrNow,
    points: z
      .array(Coordinate, { error: 'must be an array of {lat, lon} points' })
      .min(1, 'must have at least 1 point')
      .max(MAX_POINTS, `must have at most ${MAX_POINTS} points`)
      .describe('Coordinates'),
  }),
  output: LocalTimesResult,
  examples: [
    {
      input: {
        at: '2026-11-22T08:00:00Z',
        points: [
          { lat: 48.8566, lon: 2.3522 },
          { lat: 35.6762, lon: 139.6503 },
        ],
      },
      expect: {
        count: 2,
        results: [
          {
            timezone: 'Europe/Paris',
            local_time: '2026-11-22T09:00:00+01:00',
            abbreviation: 'CET',
            next_transition: { at: '2027-03-28T01:00:00Z', utc_offset_seconds: 7200 },
          },
          { timezone: 'Asia/Tokyo', local_time: '2026-11-22T17:00:00+09:00', abbreviation: 'JST', next_transition: null },
        ],
      },
      source:
        'IANA tzdb, files europe (Europe/Paris: CET/CEST, EU rule, summer time from the last Sunday of March at 01:00 UTC, Directive 2000/84/EC) and asia (Asia/Tokyo: JST +09:00, no DST since 1951)',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  run: (input, ctx) => {
    const texts = instantTexts(input.at ?? ctx.now().getTime());
    return {
      at: texts.utc,
      count: input.points.length,
      results: input.points.map((p) => localTimeFields(p.lat, p.lon, texts.ms, texts)),
      provenance: batchProvenance(ctx),
    };
  },
});

/** The batch's provenance: the same for every batch, so built once per form and frozen (and its JSON written once). */
const batchProvenance = batchProvenanceOf(
  { ...LOCAL_TIME_PARTS, methods: [BOUNDARY_LOOKUP, NAUTICAL_ZONE] },
  'get_local_time',
  'at the same instant, in input order',
);
