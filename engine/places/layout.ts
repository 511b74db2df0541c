/**
 * The layout of the places index (built by engine/places/build.ts, written and read by index-file.ts,
 * searched by name-table.ts): typed arrays over the places and their names, in one shape for all three
 * so they cannot drift apart.
 */
import type KDBush from 'kdbush';

export interface PlaceNames {
  count: number;
  /** The raw cities500.txt (names are decoded from it on output). */
  raw: Buffer;
  geonamesId: Uint32Array;
  /** Byte offsets in `raw` of each place's name and ascii name (start, end). */
  nameAt: Uint32Array;
  asciiAt: Uint32Array;
  country: string[];
  /** GeoNames admin1 code, '' where none. */
  admin1: string[];
  lat: Float64Array;
  lon: Float64Array;
  population: Float64Array;
  /** Metres; NaN where GeoNames has no elevation. */
  elevation: Float32Array;
  /** The distinct normalized names, sorted, packed: key k is keys[keyAt[k] .. keyAt[k + 1]). */
  keys: Uint16Array;
  keyAt: Uint32Array;
  /** Postings of key k: postingAt[k] .. postingAt[k + 1]; each a place and the bytes of the name that matched. */
  postingAt: Uint32Array;
  postingPlace: Uint32Array;
  postingNameStart: Uint32Array;
  postingNameEnd: Uint32Array;
  /**
   * A segment tree over the postings for range-maximum queries by population: node i (1 ≤ i < n) holds
   * the posting of largest population (lowest index on a tie) below it, leaf n + p is posting p. The
   * postings of a prefix span many keys, each sorted on its own; this orders them all without a scan.
   */
  bestPosting: Uint32Array;
  /** Division name by `CC.code` (GeoNames admin1CodesASCII: datasets/places/admin1.tsv). */
  divisions: Map<string, string>;
  /** The places as points (lon, lat) of a kd-tree, by place number. */
  tree: KDBush;
}

export interface PlacesStats {
  places: number;
  names: number;
  postings: number;
  /** Time to ready: reading the cache file, or the whole build. */
  build_ms: number;
  longest_block_ms: number;
  /** `cache`: read from the cache file of a previous build; `built`: built from the data now. */
  source: 'cache' | 'built';
  /** A cache file that could not be read, renamed to this path (and why). */
  cache_set_aside?: string;
  /** Why the built index could not be cached (an unwritable node_modules, a full disk). */
  cache_not_written?: string;
}

/** The index and how its build went. */
export interface Built {
  index: PlaceNames;
  stats: PlacesStats;
}

/** The typed arrays of the index as the index file holds them (KDBush's own buffer aside). */
export const TYPED = { u16: Uint16Array, u32: Uint32Array, f32: Float32Array, f64: Float64Array } as const;
export type TypedName = keyof typeof TYPED;
export const ARRAYS: [keyof PlaceNames, TypedName][] = [
  ['geonamesId', 'u32'],
  ['nameAt', 'u32'],
  ['asciiAt', 'u32'],
  ['lat', 'f64'],
  ['lon', 'f64'],
  ['population', 'f64'],
  ['elevation', 'f32'],
  ['keys', 'u16'],
  ['keyAt', 'u32'],
  ['postingAt', 'u32'],
  ['postingPlace', 'u32'],
  ['postingNameStart', 'u32'],
  ['postingNameEnd', 'u32'],
  ['bestPosting', 'u32'],
];
