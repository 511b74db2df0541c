/**
 * One tzdb release as the engine reads it: moment-timezone's packed build of it (every zone's periods)
 * and its zone.tab names, indexed by name. Pure (no Node APIs), so tzdb.ts (the server, the files from
 * node_modules) and tzdb-browser.ts (a calculator page, the same files fetched from the site) answer
 * from the same code and the same release.
 */
import { fixedOffsetTable, type PackedTzdb, unpackZone, type ZoneTable } from './tzdb-data.ts';

/** The part of moment-timezone's `data/meta/latest.json` read here: the release and its zone.tab zones. */
export interface ZoneTab {
  version: string;
  zones: Record<string, { countries: string[] }>;
}

export interface TzdbRelease {
  /** The release, e.g. `2026f`. */
  release: string;
  /** The rules of a zone or link name as tzdb spells it, or of a fixed-offset zone; undefined for any other. */
  zoneTable(name: string): ZoneTable | undefined;
  /** Whether `zoneTable(name)` has rules, without unpacking them. */
  hasRules(name: string): boolean;
  /** Every name of the release: its packed zones, its links (alias → packed zone) and zone.tab names. */
  names: { zones: readonly string[]; links: ReadonlyMap<string, string>; geographic: readonly string[] };
}

/** Indexes a release (each zone unpacked on first use and kept: the release holds ~600 names). */
export function indexRelease(data: PackedTzdb, meta: ZoneTab): TzdbRelease {
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
  const tables = new Map<string, ZoneTable>();
  return {
    release: data.version,
    names: { zones, links, geographic: Object.keys(meta.zones) },
    hasRules(name) {
      return packed.has(name) || tables.has(name) || fixedOffsetTable(name) !== undefined;
    },
    zoneTable(name) {
      let table = tables.get(name);
      if (table) return table;
      const line = packed.get(name);
      if (!line) {
        table = fixedOffsetTable(name);
        if (table) tables.set(name, table); // at most 1,681 names (±14:00 by the minute)
        return table;
      }
      const target = line.slice(0, line.indexOf('|'));
      table = tables.get(target) ?? unpackZone(line);
      tables.set(target, table);
      tables.set(name, table);
      return table;
    },
  };
}
