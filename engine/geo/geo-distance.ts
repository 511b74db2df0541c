/**
 * Distance and bearings between two points along the shortest path on the WGS84 ellipsoid (the
 * geodesic, solved with GeographicLib: never haversine, which treats the Earth as a sphere and is up
 * to 0.5 % off).
 *
 * Rounding (every unit is derived from the unrounded geodesic length, not from another rounded unit):
 * `meters` to 3 decimals (the millimetre); `kilometers`, `miles` (international mile, 1609.344 m) and
 * `nautical_miles` (1852 m) to 6 decimals (1–2 mm); bearings to 6 decimals (about 0.1 m of lateral
 * offset per 1000 km) and kept in [0, 360). GeographicLib itself is accurate to about 15 nm, so the
 * rounding is the only error a client sees. Coincident points give 0 everywhere and compass `N`.
 *
 * @example
 * distanceBetween({ lat: 40.639722, lon: -73.778889 }, { lat: 1.359167, lon: 103.989444 })  // JFK → SIN
 * // → { kilometers: 15347.627646, miles: 9536.573688, meters: 15347627.646, nautical_miles: 8287.055964,
 * //     initial_bearing_deg: 3.308313, final_bearing_deg: 177.485902, compass_direction: 'N', provenance: { … } }
 */
import { z } from 'zod';
import { CALCULATION, defineTool, type ToolContext, latitude, longitude } from '../tool.ts';
import { Latitude, Longitude, Provenance } from '../inputs.ts';
import { catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import { COMPASS_POINTS, compass16, geodesicParts, inverse, roundBearing, roundTo, type LatLon } from './geodesic.ts';

export const METRES_PER_MILE = 1609.344;
export const METRES_PER_NAUTICAL_MILE = 1852;

const Bearing = z.number().min(0).lt(360);

export const GeoDistanceResult = z.object({
  kilometers: z.number().min(0).describe('Distance, km (6 decimals)'),
  miles: z.number().min(0).describe('Distance, international miles of 1609.344 m (6 decimals)'),
  meters: z.number().min(0).describe('Distance, metres (3 decimals)'),
  nautical_miles: z.number().min(0).describe('Distance, nautical miles of 1852 m (6 decimals)'),
  initial_bearing_deg: Bearing.describe('Departure direction, degrees clockwise from true north, 0 ≤ x < 360; 0 for coincident points'),
  final_bearing_deg: Bearing.describe('Direction of travel on arrival (not the bearing back), degrees, 0 ≤ x < 360'),
  compass_direction: z.enum(COMPASS_POINTS).describe('16-point compass name of the initial bearing'),
  provenance: Provenance,
});
export type GeoDistance = z.output<typeof GeoDistanceResult>;

const METHOD = catalogueEntry({
  id: 'geo.inverse-geodesic',
  kind: 'method',
  summary: 'distance and bearings by the inverse geodesic problem on the ellipsoid',
  text: 'inverse geodesic problem on the ellipsoid (Karney 2013, accurate to ~15 nm); not haversine',
});
/** The parts of geo_distance's provenance (geo_distance_batch states them once for the batch). */
export const GEO_DISTANCE_PARTS = geodesicParts(METHOD);
const provenance = fixedProvenance(GEO_DISTANCE_PARTS);

/** The whole `geo_distance` answer for two valid points (reused by `geo_distance_batch`). */
export function distanceBetween(from: LatLon, to: LatLon, ctx?: ToolContext): GeoDistance {
  const { distance_m, initial_bearing_deg, final_bearing_deg } = inverse(from, to);
  const initial = roundBearing(initial_bearing_deg, 6);
  return {
    kilometers: roundTo(distance_m / 1000, 6),
    miles: roundTo(distance_m / METRES_PER_MILE, 6),
    meters: roundTo(distance_m, 3),
    nautical_miles: roundTo(distance_m / METRES_PER_NAUTICAL_MILE, 6),
    initial_bearing_deg: initial,
    final_bearing_deg: roundBearing(final_bearing_deg, 6),
    compass_direction: compass16(initial),
    provenance: provenance(ctx),
  };
}

export const geoDistance = defineTool({
  name: 'geo_distance',
  family: 'geo',
  title: 'Distance and bearing between two coordinates',
  description:
    'Distance and bearings between two points along the WGS84 geodesic (GeographicLib, Karney 2013; not haversine): four units, ' +
    'initial and final bearing from true north, 16-point compass. Call it instead of estimating ' +
    'distances yourself. Antimeridian and poles fine. Ground distance. Many pairs: ' +
    'geo_distance_batch.',
  http: { method: 'GET', path: '/v1/geo/distance' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    from_lat: Latitude,
    from_lon: Longitude,
    to_lat: Latitude,
    to_lon: Longitude,
  }),
  output: GeoDistanceResult,
  examples: [
    {
      input: { from_lat: 40.639722, from_lon: -73.778889, to_lat: 1.359167, to_lon: 103.989444 },
      expect: { meters: 15347628, kilometers: 15347.628, initial_bearing_deg: 3.308, final_bearing_deg: 177.486, compass_direction: 'N' },
      source: 'GeographicLib, GeodSolve(1) manual, EXAMPLES: JFK 40:38:23N 073:46:44W to SIN 01:21:33N 103:59:22E → 003:18:29.9 177:29:09.2 15347628 (m)',
    },
    {
      input: { from_lat: 90, from_lon: 0, to_lat: -90, to_lon: 0 },
      expect: { meters: 20003931.46, initial_bearing_deg: 180 },
      source: 'WGS84 meridian: the quarter meridian is 10001965.7293 m (GeographicLib, Karney 2013), so pole to pole is twice that, due south',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'distance',
    name: 'Distance between two coordinates',
    formula:
      'distance = length of the geodesic between the points on the WGS84 ellipsoid (inverse problem, Karney 2013); bearings are the geodesic azimuths at each end',
    assumptions: [
      'Coordinates are WGS84 decimal degrees.',
      'The path is the shortest one on the ellipsoid, not haversine on a sphere.',
      'Miles are international miles (1609.344 m); nautical miles are 1852 m.',
      'Ground distance only: no altitude, roads or terrain. Exactly antipodal points have several shortest paths; one is reported.',
    ],
    keywords: ['distance between coordinates', 'great circle distance', 'geodesic distance', 'bearing'],
    browser: true,
    labels: {
      from_lat: latitude('From latitude'),
      from_lon: longitude('From longitude'),
      to_lat: latitude('To latitude'),
      to_lon: longitude('To longitude'),
    },
    answer: (r) =>
      `The distance is ${r.kilometers.toFixed(1)} km (${r.miles.toFixed(1)} mi), initial bearing ${r.initial_bearing_deg.toFixed(1)}° (${r.compass_direction}).`,
  },
  run: ({ from_lat, from_lon, to_lat, to_lon }, ctx) => distanceBetween({ lat: from_lat, lon: from_lon }, { lat: to_lat, lon: to_lon }, ctx),
});
