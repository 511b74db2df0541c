/**
 * The IANA tzdb release this project ships: every offset, abbreviation, transition and zone name an
 * answer gives comes from here, never from the runtime's ICU (which carries another release on every
 * Node line) nor from any other copy of zone data a dependency may load.
 *
 * The data is moment-timezone's build of the release (`data/packed/latest.json`: every zone's periods
 * from its local mean time to 2499; `data/meta/latest.json`: the release's zone.tab and zone1970.tab).
 * docs/tzdb.md says why this source and how to move to a newer release.
 */
import { createRequire } from 'node:module';
import { fixedOffsetTable, packZoneWindow, type PackedTzdb, unpackZone, type ZoneData, type ZoneTable } from './tzdb-data.ts';

const require = createRequire(import.meta.url);

interface ZoneTab {
  version: string;
  zones: Record<string, { countries: string[] }>;
}

interface Loaded {
  release: string;
  /** Packed line of every zone and link name, by name. */
  packed: Map<string, string>;
  /** Link alias → the name of the packed zone it shares its data with. */
  links: Map<string, string>;
  /** Names of the packed zones (each a group of names with the same data, links included). */
  zones: string[];
  /** The release's zone.tab and zone1970.tab names: its geographic zones, countries' own names included. */
  geographic: string[];
}

let loaded: Loaded | null = null;

function load(): Loaded {
  if (loaded) return loaded;
  const data = require('moment-timezone/data/packed/latest.json') as PackedTzdb;
  const meta = require('moment-timezone/data/meta/latest.json') as ZoneTab;
  if (meta.version !== data.version) throw new Error(`tzdb data mismatch: zones ${data.version}, zone.tab ${meta.version}`);
  const packed = new Map<string, string>();
  const zones: string[] = [];
  for (const line of data.zones) {
    const name = line.slice(0, line.indexOf('|'));
    packed.set(name, line);
    zones.push(name);
  }
  const links = new Map<string, string>();
  for (const link of data.links) {
    const [target, alias] = link.split('|');
    const line = packed.get(target);
    if (!line) throw new Error(`tzdb ${data.version}: link ${alias} → ${target} names no zone`);
    links.set(alias, target);
    packed.set(alias, line);
  }
  loaded = { release: data.version, packed, links, zones, geographic: Object.keys(meta.zones) };
  return loaded;
}

/** The shipped release, e.g. `2026f`. */
export const tzdbRelease = (): string => load().release;

const tables = new Map<string, ZoneTable>();

/**
 * The rules of a zone or link name exactly as tzdb spells it, or of a fixed-offset zone (`+05:30`,
 * tzdb-data.ts fixedOffsetTable); undefined for a name the release lacks.
 */
export function zoneTable(name: string): ZoneTable | undefined {
  let table = tables.get(name);
  if (table) return table;
  const line = load().packed.get(name);
  if (!line) {
    table = fixedOffsetTable(name);
    if (table) tables.set(name, table); // at most 1,681 names (±14:00 by the minute)
    return table;
  }
  const target = line.slice(0, line.indexOf('|'));
  table = tables.get(target) ?? unpackZone(line);
  tables.set(target, table); // the release holds ~600 names: the map is bounded by the data
  tables.set(name, table);
  return table;
}

/** The rules of a name this service answers with (checked before it gets here). */
export function rulesOf(name: string): ZoneTable {
  const table = zoneTable(name);
  if (!table) throw new Error(`zone ${name} is not in tzdb ${tzdbRelease()}`);
  return table;
}

/** Every name the release knows: its packed zones, its links (alias → packed zone) and zone.tab names. */
export function tzdbNames(): { zones: readonly string[]; links: ReadonlyMap<string, string>; geographic: readonly string[] } {
  const { zones, links, geographic } = load();
  return { zones, links, geographic };
}

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
