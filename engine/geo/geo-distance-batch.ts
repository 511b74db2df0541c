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
  count: z.number().int().describe('Number of results (equals the number of pairs)'),
  results: z
    .array(GeoDistanceResult.omit({ provenance: true }))
    .describe('One geo_distance result per pair, in input order, without its provenance (stated once for the batch, below)'),
  provenance: Provenance,
});

export const geoDistanceBatch = defineTool({
  name: 'geo_distance_batch',
  family: 'geospatial',
  title: 'Distances and bearings between many pairs of coordinates',
  description: [
    `Distance and bearings for up to ${MAX_DISTANCE_PAIRS} pairs of points on Earth, in one call.`,
    'Each result is exactly what geo_distance answers for that pair: the shortest path (geodesic) on the WGS84 ellipsoid',
    '(GeographicLib, Karney 2013; not haversine) in kilometers, miles (1609.344 m), meters (to the millimetre) and nautical_miles',
    '(1852 m), initial_bearing_deg (direction of departure, degrees clockwise from true north, 0 ≤ x < 360), final_bearing_deg',
    '(direction of travel on arrival) and compass_direction (16-point). Results come in input order; provenance is stated once for',
    'the whole batch rather than repeated per pair.',
    `Input: pairs = [{from: {lat, lon}, to: {lat, lon}}, ...] (1..${MAX_DISTANCE_PAIRS}), decimal degrees, lat -90..90, lon -180..180;`,
    'a bad item is named by its path, e.g. pairs[7].to.lat.',
    'Example: {"pairs": [{"from": {"lat": 40.639722, "lon": -73.778889}, "to": {"lat": 1.359167, "lon": 103.989444}}]}',
    '(JFK → Singapore Changi) → kilometers 15347.627646, initial_bearing_deg 3.308313.',
  ].join(' '),
  http: { method: 'POST', path: '/v1/geo/distance/batch' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    pairs: z
      .array(
        z.strictObject({
          from: Coordinate.describe('Start point {lat, lon}, decimal degrees WGS84'),
          to: Coordinate.describe('End point {lat, lon}, decimal degrees WGS84'),
        }),
        { error: (iss) => (iss.input === undefined ? 'is required' : 'must be an array of {from: {lat, lon}, to: {lat, lon}} pairs') },
      )
      .min(1, 'must have at least 1 pair')
      .max(MAX_DISTANCE_PAIRS, `must have at most ${MAX_DISTANCE_PAIRS} pairs`)
      .describe(`Pairs of points, 1..${MAX_DISTANCE_PAIRS}`),
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
