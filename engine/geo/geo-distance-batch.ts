/**
 * `geo_distance_batch` (POST /v1/geo/distance/batch): `geo_distance` for up to 100 pairs of points,
 * answered in input order, with provenance stated once for the batch.
 *
 * @example
 * geoDistanceBatch.run({ pairs: [{ from: { lat: 40.639722, lon: -73.778889 }, to: { lat: 1.359167, lon: 103.989444 } }] }, ctx)
 * // → { count: 1, results: [{ kilometers: 15347.627646, miles: 9536.573688, meters: 15347627.646,
 * //     nautical_miles: 8287.055964, initial_bearing_deg: 3.308313, final_bearing_deg: 177.485902,
 * //     compass_direction: 'N' }], provenance: { … } }
 */
import { z } from 'zod';
import { batchProvenance, runBatch } from '../batch.ts';
import { CALCULATION, defineTool } from '../tool.ts';
import { Coordinate, Provenance } from '../inputs.ts';
import { distanceBetween, GEO_DISTANCE_PARTS, GeoDistanceResult } from './geo-distance.ts';

const provenance = batchProvenance(GEO_DISTANCE_PARTS, 'geo_distance');

export const MAX_DISTANCE_PAIRS = 100;

export const GeoDistanceBatchResult = z.object({
  count: z.number().int().describe('Number of results'),
  results: z.array(GeoDistanceResult.omit({ provenance: true })).describe('geo_distance results in input order, without provenance'),
  provenance: Provenance,
});

export const geoDistanceBatch = defineTool({
  name: 'geo_distance_batch',
  family: 'geo',
  title: 'Distances and bearings between many pairs of coordinates',
  description: [
    `geo_distance for up to ${MAX_DISTANCE_PAIRS} pairs of points in one call (WGS84 geodesic), in input order (provenance once per batch).`,
    'Use it instead of repeated geo_distance calls.',
    'A bad item is named by its path (pairs[7].to.lat).',
  ].join(' '),
  http: { method: 'POST', path: '/v1/geo/distance/batch' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    pairs: z
      .array(
        z.strictObject({
          from: Coordinate.describe('Start point'),
          to: Coordinate.describe('End point'),
        }),
        { error: (iss) => (iss.input === undefined ? 'is required' : 'must be an array of {from: {lat, lon}, to: {lat, lon}} pairs') },
      )
      .min(1, 'must have at least 1 pair')
      .max(MAX_DISTANCE_PAIRS, `must have at most ${MAX_DISTANCE_PAIRS} pairs`)
      .describe('Point pairs'),
  }),
  output: GeoDistanceBatchResult,
  examples: [
    {
      input: {
        pairs: [
          { from: { lat: 40.639722, lon: -73.778889 }, to: { lat: 1.359167, lon: 103.989444 } },
          { from: { lat: 40.6, lon: -73.8 }, to: { lat: 49.01666667, lon: 2.55 } },
        ],
      },
      expect: {
        count: 2,
        results: [
          { meters: 15347628, initial_bearing_deg: 3.308 },
          { meters: 5853226, initial_bearing_deg: 53.47022, final_bearing_deg: 111.59367 },
        ],
      },
      source:
        'GeographicLib: GeodSolve(1) manual EXAMPLES (JFK → SIN, 15347628 m) and the GeodSolve0 test of geographiclib-js (JFK → CDG: 5853226 m, 53.47022°, 111.59367°)',
    },
  ],
  annotations: CALCULATION,
  run: ({ pairs }, ctx) => runBatch(pairs, ({ from, to }) => distanceBetween(from, to), provenance(ctx)),
});
