/**
 * tzdb.ts for a page's browser bundle: website/astro.config.mjs puts this module in its place there,
 * since tzdb.ts reads the shipped release from node_modules. The rules are the same release's, as the
 * page carries them, in one of two forms:
 * - the whole release (moment-timezone's packed build and zone.tab, the files tzdb.ts reads), installed
 *   by a calculator page (engine/browser/node-builtins.ts installFiles, website/src/scripts/browser-run.ts)
 *   and read with tzdb-release.ts exactly as tzdb.ts reads them: every answer as on the server;
 * - a window of it (tzdb.ts zoneDataWindow, the observatory's /observatory/tzdb.json) given to
 *   installZoneData, answering within the page's years.
 * The engine modules that read zones through tzdb.ts (zone-rules.ts, zone-names.ts and what uses them)
 * then answer in a page as on the server. zoneDataWindow is server-side.
 */
import { hasFile, installedFile } from '../browser/node-builtins.ts';
import { type PackedTzdb, type ZoneData, type ZoneTable, zoneLookup } from './tzdb-data.ts';
import { type Backzone, indexRelease, type TzdbRelease, type ZoneTab } from './tzdb-release.ts';
import backzone from '../../datasets/tzdb/backzone.json' with { type: 'json' };

const PACKED = 'moment-timezone/data/packed/latest.json';
const META = 'moment-timezone/data/meta/latest.json';

let data: ZoneData | null = null;
let lookup: (name: string) => ZoneTable | undefined = () => undefined;
let whole: TzdbRelease | null = null;

/** The whole release when the page installed its files. */
function release(): TzdbRelease | null {
  if (!whole && hasFile(PACKED) && hasFile(META)) whole = indexRelease(installedFile<PackedTzdb>(PACKED), installedFile<ZoneTab>(META), backzone as Backzone);
  return whole;
}

/** Installs the page's zone data (the engine's release over the page's years). */
export function installZoneData(zoneData: ZoneData): void {
  data = zoneData;
  lookup = zoneLookup(zoneData);
}

/** The installed release, e.g. `2026f`. */
export function tzdbRelease(): string {
  const r = release();
  if (r) return r.release;
  if (!data) throw new Error('no zone data installed in this page');
  return data.version;
}

/** The rules of a zone or link name the installed data holds; undefined for any other. */
export const zoneTable = (name: string): ZoneTable | undefined => {
  const r = release();
  return r ? r.zoneTable(name) : lookup(name);
};

/** Whether the installed data has rules for a name (as tzdb.ts hasZoneRules; a window's are unpacked to tell). */
export const hasZoneRules = (name: string): boolean => {
  const r = release();
  return r ? r.hasRules(name) : lookup(name) !== undefined;
};

/** The rules of a name the page checked (parseView) before it gets here. */
export function rulesOf(name: string): ZoneTable {
  const table = zoneTable(name);
  if (!table) throw new Error(`zone ${name} is not in the installed tzdb ${release()?.release ?? data?.version ?? '(none)'}`);
  return table;
}

/** Every name of the release (only with the whole release installed). */
export function tzdbNames(): TzdbRelease['names'] {
  const r = release();
  if (!r) throw new Error('tzdbNames needs the whole tzdb release, which this page has not loaded');
  return r.names;
}

export const zoneDataWindow = (): never => {
  throw new Error('zoneDataWindow is server-side (tzdb.ts)');
};
