/**
 * The layout of the places index (built by engine/places/build.ts, written and read by index-file.ts,
 * searched by name-table.ts): typed arrays over the places and their names, in one shape for all three
 * so they cannot drift apart (the shape itself, PlaceNames, is declared with the engine's data in engine/data.ts),
 * and the accessors that read a place's fields from it: a place's country and admin1 code through its
 * division number, its coordinates from the kd-tree (the only copy of them).
 */
import type KDBush from 'kdbush';
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
  ['division', 'u16'],
  ['population', 'u32'],
  ['blockKeys', 'u16'],
  ['blockKeyAt', 'u32'],
  ['keyBlockAt', 'u32'],
  ['postingAt', 'u32'],
  ['postingPlace', 'u32'],
  ['bestPosting', 'u32'],
];

/** A place's ISO country code. */
export const countryOf = (ix: Pick<PlaceNames, 'division' | 'divisionCountry'>, place: number): string => ix.divisionCountry[ix.division[place]];

/** A place's GeoNames admin1 code, '' where none. */
export const admin1Of = (ix: Pick<PlaceNames, 'division' | 'divisionAdmin1'>, place: number): string => ix.divisionAdmin1[ix.division[place]];

/** A place's latitude (degrees, as cities500.txt gives it). */
export const latOf = (ix: Pick<PlaceNames, 'tree' | 'treeAt'>, place: number): number => ix.tree.coords[2 * ix.treeAt[place] + 1];

/** A place's longitude (degrees, as cities500.txt gives it). */
export const lonOf = (ix: Pick<PlaceNames, 'tree' | 'treeAt'>, place: number): number => ix.tree.coords[2 * ix.treeAt[place]];

/** Each point's position in a finished kd-tree, by the point's number (the inverse of tree.ids). */
export function treePositions(tree: KDBush): Uint32Array {
  const at = new Uint32Array(tree.numItems);
  for (let i = 0; i < tree.numItems; i++) at[tree.ids[i]] = i;
  return at;
}
