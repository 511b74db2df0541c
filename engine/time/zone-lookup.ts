/**
 * Coordinate → IANA time zone(s), by point-in-polygon lookup in timezone-boundary-builder's
 * comprehensive data set (geo-tz `all`: every zone tzdb distinguishes, including those that agree
 * with a neighbour since 1970, such as Europe/Amsterdam or Europe/Busingen). Their pre-1970 offsets
 * are only as distinct as the runtime's ICU data: ICU 78 omits tzdb's `backzone`, so Amsterdam's
 * 1930 offset is Brussels's.
 *
 * geo-tz decodes boundary tiles lazily (~140 µs each) and by default keeps every decoded tile
 * forever: a scan of the whole world held 1.1 GB. We hand it an LRU of {@link TILE_CACHE_SIZE} tiles
 * instead. Measured on this machine (heap after GC): 20,000 or 300,000 random worldwide lookups hold
 * ~90–100 MB (RSS plateaus ~330 MB); a dense 0.25° grid over the world's borders, the worst case,
 * peaks at ~190 MB (85 MB at 500 tiles, 285 MB at 2000). 10,000 random land points touch ~1,800
 * distinct tiles, so cycling through all of them misses often (~30 µs per lookup on average, vs
 * ~3 µs when the working set fits, as with 2000 tiles at ~190 MB); real traffic clusters on
 * populated places and fits.
 */
import { find, setCache } from 'geo-tz/all';

/** Most decoded boundary tiles kept in memory (of 21,525 in the data set). */
export const TILE_CACHE_SIZE = 1000;

/** A Map-like LRU (geo-tz only calls `get` and `set`). */
export class TileLru<V = unknown> {
  private readonly map = new Map<string, V>();
  constructor(readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key); // re-insert: Map iteration order is recency order
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  get size(): number {
    return this.map.size;
  }
}

const tiles = new TileLru(TILE_CACHE_SIZE);
setCache({ store: tiles });

/** Number of decoded tiles currently held (never more than {@link TILE_CACHE_SIZE}). */
export const tileCacheSize = (): number => tiles.size;

export interface ZoneLookup {
  /** Candidate zones, primary first; more than one on borders, disputed areas, the poles. */
  zones: string[];
  /** `ocean` when no land boundary contains the point and geo-tz answered nautical Etc/GMT±N zones. */
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
  const found = find(lat, lon);
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

/** Loads the boundary index and one tile (a lookup), so the first request does not pay for it. */
export function warmUp(): void {
  lookupZones(51.4779, -0.0015); // Greenwich
}

/** True once the boundary data has answered a lookup (for health checks). */
export const ready = (): boolean => loaded;
