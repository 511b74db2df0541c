/**
 * zone-lookup.ts for a page's browser bundle (website/astro.config.mjs puts this module in its place
 * there): the boundary lookup reads timezone-boundary-builder's shapes (about 30 MB), which stay on the
 * server. Modules that import it (local-time.ts for its provenance entries, the sky tools for a place
 * without a zone) load in a page; a lookup there throws, and the page asks the API instead
 * (website/src/scripts/browser-run.ts runs such tools here only when the input names a zone).
 */
import type { ZoneLookup } from './zone-lookup.ts';

export type { ZoneLookup };

const serverSide = (): never => {
  throw new Error('the time-zone boundary lookup is server-side: give a time zone, or ask the API');
};

export const TILE_CACHE_BYTES = 0;
export const tileCacheBytes = (): number => 0;
export const tileCacheSize = (): number => 0;
export const findZones = (_lat: number, _lon: number): readonly string[] => serverSide();
export const nauticalZone = (_lon: number): string => serverSide();
export const lookupZones = (_lat: number, _lon: number): ZoneLookup => serverSide();
export const warmUp = (): void => undefined;
export const ready = (): boolean => false;
