/**
 * Coordinate → IANA time zone(s), by point-in-polygon lookup in timezone-boundary-builder's
 * comprehensive data set (geo-tz `all`: every zone tzdb distinguishes, including those that agree
 * with a neighbour since 1970, such as Europe/Amsterdam or Europe/Busingen). Their pre-1970 offsets
 * come from tzdb's `backzone` (docs/tzdb.md), so Amsterdam's 1930 offset is its own, not Brussels's.
 *
 * The answers are geo-tz's `find` from `geo-tz/all`, reproduced over its data files by
 * {@link ZoneFinder} (tests compare the two point for point), because geo-tz keeps decoded tiles as
 * GeoJSON (the whole world is ~1.5 GB of heap) and tests every vertex of a tile. Ours holds tiles as
 * flat Float64Array rings with bounding boxes: the whole data set (7.9 million vertices in 21,525
 * tiles) is 125 MiB of typed arrays plus ~30 MB of heap objects, and the cache is bounded by
 * {@link TILE_CACHE_BYTES} of typed arrays, least recently used tiles evicted first; lookups are a few
 * times faster than geo-tz's own `find`, cold and cached (`npm run bench` measures the server).
 *
 * The finder is the server's engine data (engine/data-node.ts, `boundaries`); a page has none (the
 * shapes stay on the server), so a lookup there throws and the page asks the API.
 */
import { type BoundaryLookup, engineData } from '../data.ts';

/**
 * Most bytes of compact boundary tiles (their typed arrays) kept in memory: 128 MiB, just above the
 * whole data set's 124.6 MiB, so worldwide traffic stops decoding once warm; heap objects add ~25%.
 */
export const TILE_CACHE_BYTES = 128 * 1024 * 1024;

/** The boundary lookup of the engine's data; throws where it has none (a page). */
function finder(): BoundaryLookup {
  const lookup = engineData().boundaries;
  if (!lookup) throw new Error('the time-zone boundary lookup is server-side: give a time zone, or ask the API');
  return lookup;
}

/** Bytes of compact rings currently cached (never more than {@link TILE_CACHE_BYTES}). */
export const tileCacheBytes = (): number => engineData().boundaries?.tiles.bytes ?? 0;

/** Number of boundary tiles currently cached (of 21,525). */
export const tileCacheSize = (): number => engineData().boundaries?.tiles.size ?? 0;

/** geo-tz's `find(lat, lon)` from `geo-tz/all`: every zone at the coordinate, in the data set's order. */
export const findZones = (lat: number, lon: number): readonly string[] => finder().find(lat, lon);

export interface ZoneLookup {
  /** Candidate zones, primary first; more than one on borders, disputed areas, the poles. Frozen when shared. */
  zones: readonly string[];
  /** `ocean` when no land boundary contains the point and the answer is nautical Etc/GMT±N zones. */
  resolution: 'land' | 'ocean';
}

/**
 * The nautical zone of a longitude: 15° bands centred on multiples of 15°, a longitude exactly on a
 * band edge belonging to the band nearer the prime meridian (7.5 → Etc/GMT, 180 → Etc/GMT-12,
 * -180 → Etc/GMT+12). POSIX-style Etc names have the sign inverted: Etc/GMT+9 is UTC-09:00.
 */
export function nauticalZone(lon: number): string {
  const bands = lon / 15;
  const n = Math.sign(bands) * Math.ceil(Math.abs(bands) - 0.5);
  return n === 0 ? 'Etc/GMT' : `Etc/GMT${n > 0 ? '-' : '+'}${Math.abs(n)}`;
}

let loaded = false;

/**
 * All zones at a coordinate, primary first. The primary is:
 * - on land, the first zone geo-tz reports (its order is the data set's; the others stay listed);
 * - at the North Pole (lat 90, where geo-tz answers all 25 nautical zones), `Etc/GMT` (UTC): every
 *   meridian meets there, so no longitude band is more right than another;
 * - elsewhere at sea, the band of the given longitude by {@link nauticalZone}; geo-tz lists both
 *   neighbours on a band edge, and both Etc/GMT+12 and Etc/GMT-12 at lon ±180, so lon 180 gives
 *   Etc/GMT-12 (UTC+12, the eastern-hemisphere side) and lon -180 gives Etc/GMT+12.
 * The South Pole lies inside Antarctica/McMurdo's polygon in the boundary data (land).
 */
export function lookupZones(lat: number, lon: number): ZoneLookup {
  const found = finder().find(lat, lon);
  loaded = true;
  const ocean = found.every((z) => z.startsWith('Etc/'));
  let primary = found[0];
  if (ocean) {
    const preferred = lat === 90 ? 'Etc/GMT' : nauticalZone(lon);
    if (found.includes(preferred)) primary = preferred;
  }
  const zones = primary === found[0] ? found : [primary, ...found.filter((z) => z !== primary)];
  return { zones, resolution: ocean ? 'ocean' : 'land' };
}

/** Loads the boundary index and one tile (a lookup), so the first request does not pay for it; nothing where there is no lookup. */
export function warmUp(): void {
  if (engineData().boundaries) lookupZones(51.4779, -0.0015); // Greenwich
}

/** True once the boundary data has answered a lookup (for health checks). */
export const ready = (): boolean => loaded;
