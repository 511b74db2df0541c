/**
 * The IANA tzdb release this project ships: every offset, abbreviation, transition and zone name an
 * answer gives comes from here, never from the runtime's ICU (which carries another release on every
 * Node line) nor from any other copy of zone data a dependency may load.
 *
 * The data is moment-timezone's build of the release (`data/packed/latest.json`: every zone's periods
 * from its local mean time to 2499; `data/meta/latest.json`: the release's zone.tab and zone1970.tab).
 * docs/tzdb.md says why this source and how to move to a newer release. The release is the engine's
 * data (engine/data.ts): node_modules on the server, the packs a page fetched in a calculator page, a
 * window of it in the observatory.
 */
import { engineData } from '../data.ts';
import { packZoneWindow, type ZoneData, type ZoneTable } from './tzdb-data.ts';
import type { TzdbRelease } from './tzdb-release.ts';

const load = (): TzdbRelease => engineData().tzdb();

/** The shipped release, e.g. `2026f`. */
export const tzdbRelease = (): string => load().release;

/**
 * The rules of a zone or link name exactly as tzdb spells it, or of a fixed-offset zone (`+05:30`,
 * tzdb-data.ts fixedOffsetTable); undefined for a name the release lacks.
 */
export const zoneTable = (name: string): ZoneTable | undefined => load().zoneTable(name);

/** Whether the release has rules for a name (as `zoneTable` would find), without unpacking them. */
export const hasZoneRules = (name: string): boolean => load().hasRules(name);

/** The rules of a name this service answers with (checked before it gets here). */
export function rulesOf(name: string): ZoneTable {
  const table = zoneTable(name);
  if (!table) throw new Error(`zone ${name} is not in tzdb ${tzdbRelease()}`);
  return table;
}

/** Every name the release knows: its packed zones, its links (alias → packed zone) and zone.tab names. */
export const tzdbNames = (): TzdbRelease['names'] => load().names;

/** The rules of `names` over [fromMs, toMs), as a page carries them (the website's observatory). */
export function zoneDataWindow(names: readonly string[], fromMs: number, toMs: number): ZoneData {
  const data: ZoneData = { version: tzdbRelease(), zones: {}, names: {} };
  for (const name of names) {
    const t = rulesOf(name);
    data.names[name] = t.name;
    data.zones[t.name] ??= packZoneWindow(t, t.name, fromMs, toMs);
  }
  return data;
}
