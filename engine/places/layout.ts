/**
 * The layout of the places index (built by engine/places/build.ts, written and read by index-file.ts,
 * searched by name-table.ts): typed arrays over the places and their names, in one shape for all three
 * so they cannot drift apart (the shape itself, PlaceNames, is declared with the engine's data in engine/data.ts).
 */
import type { PlaceNames, PlacesStats } from '../data.ts';

/** The index's shape is the engine data's (engine/data.ts, with the places part that hands it in). */
export type { PlaceNames, PlaceRecords, PlacesStats, PlacesStatus } from '../data.ts';

/** The index and how its build went. */
export interface Built {
  index: PlaceNames;
  stats: PlacesStats;
}

/** The typed arrays of the index as the index file holds them (KDBush's own buffer and the records aside). */
export const TYPED = { u16: Uint16Array, u32: Uint32Array, f32: Float32Array, f64: Float64Array } as const;
export type TypedName = keyof typeof TYPED;
export const ARRAYS: [keyof PlaceNames, TypedName][] = [
  ['recordAt', 'u32'],
  ['lat', 'f64'],
  ['lon', 'f64'],
  ['population', 'f64'],
  ['blockKeys', 'u16'],
  ['blockKeyAt', 'u32'],
  ['keyBlockAt', 'u32'],
  ['postingAt', 'u32'],
  ['postingPlace', 'u32'],
  ['postingNameAt', 'u32'],
  ['bestPosting', 'u32'],
];
