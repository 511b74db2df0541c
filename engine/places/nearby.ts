/**
 * Nearest places: the places index's kd-tree (kdbush, built with the index: engine/places/build.ts)
 * queried with geokdbush, and each candidate measured by the caller's distance (geo_nearby passes the
 * WGS84 geodesic: engine/geo/geodesic.ts; engine/places imports nothing of engine/geo).
 *
 * geokdbush measures on a sphere (R = 6371 km), so it only gathers candidates: the answer's distances,
 * bearings, radius filter and order come from the given measure. Over any distance up to a few hundred
 * kilometres the geodesic / spherical ratio lies between 0.9944 (north–south at the equator, meridian
 * radius 6335 km) and 1.0045 (near the poles, 6400 km), so a spherical search over `radius × 1.01 +
 * 1 km` holds every place within `radius` on the ellipsoid, and a place not among the first k spherical
 * candidates is geodesically at least 0.99 × the k-th one's spherical distance. geokdbush's haversine
 * terms are periodic in longitude, so searches across the antimeridian and around the poles need no
 * special case.
 *
 * @example
 * nearestPlaces(await places(), 48.8566, 2.3522, 10, 2, 0, inverse)
 * // → [{ place: <Paris, GeoNames 2988507>, distance_m: 433.7, initial_bearing_deg: -144.88 },
 * //    { place: <Le Kremlin-Bicêtre>, distance_m: 4700.3, initial_bearing_deg: 172.34 }]
 */
import { around, distance as sphericalKm } from 'geokdbush';
import { latOf, lonOf, type PlaceNames } from './layout.ts';

/** A point in degrees. */
export interface Point {
  lat: number;
  lon: number;
}

/** A distance (metres) and initial bearing (degrees) from one point to another: the WGS84 geodesic in geo_nearby. */
export type Measure = (from: Point, to: Point) => { distance_m: number; initial_bearing_deg: number };

/** A place found near a point: its number in the index, its distance and the initial bearing to it. */
export interface NearPlace {
  place: number;
  distance_m: number;
  initial_bearing_deg: number;
}

/** Lower bound of geodesic / spherical (R = 6371 km) distance up to 1000 km, with margin (true bound 0.9944). */
const GEODESIC_OVER_SPHERE_MIN = 0.99;

/**
 * Places within `radiusKm` (by `measure`) of (lat, lon) with population ≥ `minPopulation`, nearest first
 * (ties by position in the data), at most `limit`.
 */
export function nearestPlaces(
  index: Pick<PlaceNames, 'population' | 'tree' | 'treeAt'>,
  lat: number,
  lon: number,
  radiusKm: number,
  limit: number,
  minPopulation: number,
  measure: Measure,
): NearPlace[] {
  const radiusM = radiusKm * 1000;
  const searchKm = radiusKm * 1.01 + 1;
  const predicate = minPopulation > 0 ? (id: number) => index.population[id] >= minPopulation : undefined;
  const origin = { lat, lon };
  for (let wanted = 2 * limit + 16; ; wanted *= 4) {
    const ids = around(index.tree, lon, lat, wanted, searchKm, predicate);
    const found = ids
      .map((place) => {
        const { distance_m, initial_bearing_deg } = measure(origin, { lat: latOf(index, place), lon: lonOf(index, place) });
        return { place, distance_m, initial_bearing_deg };
      })
      .filter((c) => c.distance_m <= radiusM)
      .sort((a, b) => a.distance_m - b.distance_m || a.place - b.place);
    let complete = ids.length < wanted; // every place of the spherical search area was gathered
    if (!complete) {
      // Places not gathered lie at least this far along the sphere, so at least 0.99 × that on the ellipsoid.
      const last = ids[ids.length - 1];
      const unseenM = GEODESIC_OVER_SPHERE_MIN * 1000 * sphericalKm(lon, lat, lonOf(index, last), latOf(index, last));
      complete = unseenM > (found.length >= limit ? found[limit - 1].distance_m : radiusM);
    }
    if (complete) return found.slice(0, limit);
  }
}
