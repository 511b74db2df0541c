/**
 * The latitude/longitude box that contains every point within `radius_km` of a centre: the bounding
 * coordinates of a spherical cap, as derived by Jan Philip Matuschek ("Finding Points Within a
 * Distance of a Latitude/Longitude Using Bounding Coordinates"). It is meant for a cheap index
 * pre-filter (`lat BETWEEN … AND lon BETWEEN …`) followed by an exact distance check.
 *
 * Spherical approximation, on purpose: a box is only a pre-filter, and the closed form is what
 * databases and clients reproduce. The Earth is a sphere of mean radius R1 = 6371.0088 km (IUGG);
 * with angular radius d = r / R:
 * - latitudes: lat ± d;
 * - if that reaches a pole (lat + d ≥ 90° or lat − d ≤ −90°, which includes a centre at a pole and any
 *   radius of half the circumference or more) the pole is inside: latitudes clamp to ±90, longitudes
 *   span −180..180, `includes_pole` is true and the box is never split;
 * - otherwise Δlon = asin(sin d / cos lat) (the meridians tangent to the circle, wider than d / cos lat
 *   would give) and lon ± Δlon; a side that leaves −180..180 wraps by 360°, `crosses_antimeridian` is
 *   true and `min_lon > max_lon`: the box is then the union [min_lon, 180] ∪ [−180, max_lon].
 * `crosses_antimeridian` is true exactly when `min_lon > max_lon`.
 *
 * Rounding: every edge to 6 decimals (about 0.1 m), outward (minima down, maxima up), so rounding
 * never shrinks the box. The sphere differs from WGS84 geodesic distance by up to about 0.5 %; add
 * that margin to the radius if the box must contain the whole ellipsoidal circle.
 *
 * @example
 * boundingBoxAround({ lat: -16.8, lon: 179.5 }, 200)   // Fiji (Vanua Levu), next to the antimeridian
 * // → { min_lat: -18.598641, min_lon: 177.621141, max_lat: -15.001359, max_lon: -178.621141,
 * //     crosses_antimeridian: true, includes_pole: false, provenance: { … } }
 */
import { z } from 'zod';
import { CALCULATION, defineTool, type ToolContext, latitude, longitude, measure } from '../tool.ts';
import { Latitude, Longitude, num, Provenance } from '../inputs.ts';
import { catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import type { LatLon } from './geodesic.ts';

/** IUGG mean Earth radius R1 = (2a + b) / 3 of WGS84/GRS80, km (Moritz, Geodetic Reference System 1980). */
export const MEAN_EARTH_RADIUS_KM = 6371.0088;
export const MAX_RADIUS_KM = 20000;

const DEG = Math.PI / 180;

export interface BoundingCoordinates {
  min_lat: number;
  min_lon: number;
  max_lat: number;
  max_lon: number;
  crosses_antimeridian: boolean;
  includes_pole: boolean;
}

/** Matuschek's bounding coordinates of the spherical cap of `radiusKm` around `center`, unrounded, degrees. */
export function boundingCoordinates(center: LatLon, radiusKm: number): BoundingCoordinates {
  const d = radiusKm / MEAN_EARTH_RADIUS_KM; // angular radius, radians
  const dDeg = d / DEG;
  const minLat = center.lat - dDeg;
  const maxLat = center.lat + dDeg;

  if (minLat <= -90 || maxLat >= 90) {
    // A pole lies inside (or on) the circle: the circle meets every meridian.
    return {
      min_lat: Math.max(minLat, -90),
      min_lon: -180,
      max_lat: Math.min(maxLat, 90),
      max_lon: 180,
      crosses_antimeridian: false,
      includes_pole: true,
    };
  }

  // No pole inside means d < 90° − |lat|, so sin d < cos lat; min() only absorbs rounding.
  const deltaLon = Math.asin(Math.min(1, Math.sin(d) / Math.cos(center.lat * DEG))) / DEG;
  let minLon = center.lon - deltaLon;
  let maxLon = center.lon + deltaLon;
  let crosses = false;
  if (minLon < -180) {
    minLon += 360;
    crosses = true;
  }
  if (maxLon > 180) {
    maxLon -= 360;
    crosses = true;
  }
  return { min_lat: minLat, min_lon: minLon, max_lat: maxLat, max_lon: maxLon, crosses_antimeridian: crosses, includes_pole: false };
}

const DECIMALS = 1e6;
const noNegativeZero = (n: number) => (n === 0 ? 0 : n);
const down = (x: number, lo: number) => noNegativeZero(Math.max(lo, Math.floor(x * DECIMALS) / DECIMALS));
const up = (x: number, hi: number) => noNegativeZero(Math.min(hi, Math.ceil(x * DECIMALS) / DECIMALS));

export const GeoBoundingBoxResult = z.object({
  min_lat: z.number().min(-90).max(90).describe('South edge, degrees (6 decimals, rounded outward)'),
  min_lon: z.number().min(-180).max(180).describe('West edge, degrees; > max_lon across the antimeridian'),
  max_lat: z.number().min(-90).max(90).describe('North edge, degrees (6 decimals, rounded outward)'),
  max_lon: z.number().min(-180).max(180).describe('East edge, degrees; < min_lon across the antimeridian'),
  crosses_antimeridian: z.boolean().describe('Split at 180°: the box is [min_lon, 180] ∪ [-180, max_lon]'),
  includes_pole: z.boolean().describe('A pole is within the radius: latitude reaches ±90, longitudes -180..180'),
  provenance: Provenance,
});
export type GeoBoundingBox = z.output<typeof GeoBoundingBoxResult>;

const EARTH_RADIUS = catalogueEntry({
  id: 'earth_radius',
  kind: 'data',
  value: `${MEAN_EARTH_RADIUS_KM} km`,
  summary: 'radius of the sphere in spherical approximations',
  text: `${MEAN_EARTH_RADIUS_KM} km, IUGG mean Earth radius R1 (sphere, not the WGS84 ellipsoid)`,
});

const SPHERICAL_CAP = catalogueEntry({
  id: 'geo.spherical-cap',
  kind: 'method',
  summary: 'bounding box of a spherical cap (a spherical approximation)',
  text: 'spherical approximation: bounding coordinates of a spherical cap (J. P. Matuschek), Δlon = asin(sin d / cos lat), d = r / R',
});

const provenance = fixedProvenance({ data: [EARTH_RADIUS], methods: [SPHERICAL_CAP] });

/** The whole `geo_bounding_box` answer for a valid centre and 0 < radius_km. */
export function boundingBoxAround(center: LatLon, radiusKm: number, ctx?: ToolContext): GeoBoundingBox {
  const box = boundingCoordinates(center, radiusKm);
  return {
    min_lat: down(box.min_lat, -90),
    min_lon: down(box.min_lon, -180),
    max_lat: up(box.max_lat, 90),
    max_lon: up(box.max_lon, 180),
    crosses_antimeridian: box.crosses_antimeridian,
    includes_pole: box.includes_pole,
    provenance: provenance(ctx),
  };
}

export const geoBoundingBox = defineTool({
  name: 'geo_bounding_box',
  family: 'geo',
  title: 'Bounding box around a point',
  description:
    'Smallest lat/lon box holding every point within radius_km of a centre, to pre-filter places (lat and lon BETWEEN) before exact ' +
    'geo_distance checks. Spherical (R = 6371.0088 km): up to ~0.5 % off WGS84, so pad the radius. If crosses_antimeridian, min_lon > ' +
    'max_lon and the box is [min_lon, 180] ∪ [-180, max_lon]; if includes_pole, lon spans -180..180.',
  http: { method: 'GET', path: '/v1/geo/bounding-box' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    lat: Latitude.describe('Centre'),
    lon: Longitude.describe('Centre'),
    radius_km: num().gt(0, 'must be > 0').max(MAX_RADIUS_KM, `must be ≤ ${MAX_RADIUS_KM}`).describe('Radius around the centre'),
  }),
  output: GeoBoundingBoxResult,
  examples: [
    {
      input: { lat: -16.8, lon: 179.5, radius_km: 200 },
      expect: { min_lat: -18.599, max_lat: -15.001, min_lon: 177.621, max_lon: -178.621, crosses_antimeridian: true, includes_pole: false },
      source:
        'J. P. Matuschek, "Finding Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates" (2011): Δlat = r/R, Δlon = asin(sin(r/R)/cos lat), R = 6371.0088 km (IUGG mean radius) → Δlat 1.79864°, Δlon 1.87886°',
    },
    {
      input: { lat: 89.5, lon: 0, radius_km: 100 },
      expect: { min_lat: 88.601, max_lat: 90, min_lon: -180, max_lon: 180, includes_pole: true },
      source:
        'J. P. Matuschek, "Finding Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates" (2011), section 3.4: a circle reaching a pole spans every longitude; Δlat = 100 km / 6371.0088 km = 0.89932°',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'bounding-box',
    name: 'Bounding box around a point',
    formula: 'box = the smallest latitude/longitude rectangle containing every point within radius_km of the centre along WGS84 geodesics',
    assumptions: [
      'Coordinates are WGS84 decimal degrees.',
      'A box that crosses the antimeridian has west > east.',
      'A box that reaches a pole spans every longitude.',
      'The box is computed on a sphere of the mean Earth radius, 6371.0088 km (bounding coordinates after J. P. Matuschek).',
      'It can differ from WGS84 geodesic distance by up to about 0.5 %: enlarge the radius by that much if nothing may be missed.',
    ],
    keywords: ['bounding box', 'radius search', 'bbox', 'coordinates within radius'],
    browser: true,
    labels: {
      lat: latitude('Centre latitude'),
      lon: longitude('Centre longitude'),
      radius_km: measure('Radius', 'km'),
    },
    answer: (r) =>
      `The box runs from latitude ${r.min_lat} to ${r.max_lat} and longitude ${r.min_lon} to ${r.max_lon}${r.crosses_antimeridian ? ' (across the antimeridian)' : ''}.`,
  },
  run: ({ lat, lon, radius_km }, ctx) => boundingBoxAround({ lat, lon }, radius_km, ctx),
});
