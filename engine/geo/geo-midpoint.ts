/**
 * The point halfway along the shortest path (WGS84 geodesic) between two points: equally far from
 * both along the path itself. Not the average of the coordinates (wrong across the antimeridian and
 * far from the equator) and not the great-circle midpoint of a sphere.
 *
 * Rounding: the midpoint's latitude and longitude to 8 decimals (about 1 mm on the ground), longitude
 * in −180..180 (a midpoint on the antimeridian may be written 180 or −180); `distance_km`, the whole
 * geodesic's length, to 6 decimals. Coincident points give the point itself and distance 0. A
 * midpoint at a pole carries an arbitrary longitude. Exactly antipodal points have several shortest
 * paths and so several midpoints; the one on the path GeographicLib picks is reported.
 *
 * @example
 * midpointBetween({ lat: 40.639722, lon: -73.778889 }, { lat: 1.359167, lon: 103.989444 })   // JFK → SIN
 * // → { midpoint: { lat: 70.34144448, lon: 97.02482473 }, distance_km: 15347.627646, provenance: { … } }
 */
import { z } from 'zod';
import { CALCULATION, defineTool, type ToolContext, latitude, longitude } from '../tool.ts';
import { Latitude, Longitude, Provenance } from '../inputs.ts';
import { catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import { geodesicParts, midpoint, roundTo, type LatLon } from './geodesic.ts';

export const GeoMidpointResult = z.object({
  midpoint: z
    .object({
      lat: z.number().min(-90).max(90).describe('Latitude, decimal degrees (8 decimals)'),
      lon: z.number().min(-180).max(180).describe('Longitude, decimal degrees (8 decimals)'),
    })
    .describe('Halfway point along the geodesic'),
  distance_km: z.number().min(0).describe('Whole path length, km (6 decimals); the midpoint is half of it from each end'),
  provenance: Provenance,
});
export type GeoMidpoint = z.output<typeof GeoMidpointResult>;

const METHOD = catalogueEntry({
  id: 'geo.geodesic-midpoint',
  kind: 'method',
  summary: 'the point halfway along the geodesic between two points',
  text: 'inverse geodesic line on the ellipsoid (Karney 2013), position at half its length; not the mean of coordinates',
});
const provenance = fixedProvenance(geodesicParts(METHOD));

/** The whole `geo_midpoint` answer for two valid points. */
export function midpointBetween(from: LatLon, to: LatLon, ctx?: ToolContext): GeoMidpoint {
  const half = midpoint(from, to);
  return {
    midpoint: { lat: roundTo(half.lat, 8), lon: roundTo(half.lon, 8) },
    distance_km: roundTo(half.distance_m / 1000, 6),
    provenance: provenance(ctx),
  };
}

export const geoMidpoint = defineTool({
  name: 'geo_midpoint',
  family: 'geo',
  title: 'Midpoint between two coordinates',
  description:
    'The point halfway along the shortest path (WGS84 geodesic, GeographicLib) between two points, and the path length in km. Not the ' +
    'average of the coordinates, so right across the antimeridian and near the poles: call it instead of averaging yourself. ' +
    'Antipodal points have several midpoints; one is reported.',
  http: { method: 'GET', path: '/v1/geo/midpoint' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    from_lat: Latitude,
    from_lon: Longitude,
    to_lat: Latitude,
    to_lon: Longitude,
  }),
  output: GeoMidpointResult,
  examples: [
    {
      input: { from_lat: 40.639722, from_lon: -73.778889, to_lat: 1.359167, to_lon: 103.989444 },
      expect: { distance_km: 15347.628 },
      source: 'GeographicLib, GeodSolve(1) manual, EXAMPLES: JFK → SIN is 15347628 m; the midpoint lies half that distance along the geodesic',
    },
    {
      input: { from_lat: 10, from_lon: 179, to_lat: -10, to_lon: -179 },
      expect: { midpoint: { lat: 0 } },
      source:
        'symmetry of the WGS84 ellipsoid: the two points mirror each other through the equator and the 180° meridian, so the geodesic midpoint is on the equator at the antimeridian',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'midpoint',
    name: 'Geographic midpoint',
    formula: 'midpoint = the point half way along the WGS84 geodesic between the two coordinates (direct problem at distance / 2)',
    assumptions: ['Coordinates are WGS84 decimal degrees.', 'The midpoint lies on the ellipsoidal geodesic, not on a sphere.'],
    keywords: ['midpoint', 'halfway point', 'geographic center', 'between two places'],
    browser: true,
    labels: {
      from_lat: latitude('From latitude'),
      from_lon: longitude('From longitude'),
      to_lat: latitude('To latitude'),
      to_lon: longitude('To longitude'),
    },
    answer: (r) => `The midpoint is at latitude ${r.midpoint.lat.toFixed(4)}, longitude ${r.midpoint.lon.toFixed(4)}.`,
  },
  run: ({ from_lat, from_lon, to_lat, to_lon }, ctx) => midpointBetween({ lat: from_lat, lon: from_lon }, { lat: to_lat, lon: to_lon }, ctx),
});
