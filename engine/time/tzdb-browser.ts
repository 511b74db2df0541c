/**
 * tzdb.ts for a page's browser bundle: website/astro.config.mjs puts this module in its place there,
 * since tzdb.ts reads the shipped release from node_modules. The rules are the same release's, as the
 * page carries them (tzdb.ts zoneDataWindow, fetched by the page and given to installZoneData before it
 * computes anything), so the engine modules that read zones through tzdb.ts (zone-rules.ts and what uses
 * it: local-day-events.ts, eclipse-search.ts) answer in a page as on the server within the page's years.
 * What only the server has (every name of the release, windows of it) is not offered here.
 */
import { type ZoneData, type ZoneTable, zoneLookup } from './tzdb-data.ts';

let data: ZoneData | null = null;
let lookup: (name: string) => ZoneTable | undefined = () => undefined;

/** Installs the page's zone data (the engine's release over the page's years). */
export function installZoneData(zoneData: ZoneData): void {
  data = zoneData;
  lookup = zoneLookup(zoneData);
}

/** The installed release, e.g. `2026f`. */
export function tzdbRelease(): string {
  if (!data) throw new Error('no zone data installed in this page');
  return data.version;
}

/** The rules of a zone or link name the installed data holds; undefined for any other. */
export const zoneTable = (name: string): ZoneTable | undefined => lookup(name);

/** The rules of a name the page checked (parseView) before it gets here. */
export function rulesOf(name: string): ZoneTable {
  const table = lookup(name);
  if (!table) throw new Error(`zone ${name} is not in the installed tzdb ${data?.version ?? '(none)'}`);
  return table;
}

const serverOnly = (what: string) => () => {
  throw new Error(`${what} is server-side (tzdb.ts)`);
};
export const tzdbNames = serverOnly('tzdbNames');
export const zoneDataWindow = serverOnly('zoneDataWindow');
