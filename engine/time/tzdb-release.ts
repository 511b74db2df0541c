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

/**
 * tzdb's `backzone` history for the zones the boundaries tell apart (datasets/tzdb/backzone.json, built by
 * scripts/data/tzdb-backzone.mjs): packed zones whose periods before 1970 are backzone's and from 1970
 * the shipped build's, for the same release.
 */
export interface Backzone {
  version: string;
  zones: string[];
}

/**
 * Indexes a release (each zone unpacked on first use and kept: the release holds ~600 names). With
 * `backzone`, a name it lists answers with its own history before 1970 instead of the zone tzdb's main
 * data merged it into; its name, links and every instant from 1970 on are unchanged.
 */
export function indexRelease(data: PackedTzdb, meta: ZoneTab, backzone?: Backzone): TzdbRelease {
  if (meta.version !== data.version) throw new Error(`tzdb data mismatch: zones ${data.version}, zone.tab ${meta.version}`);
  if (backzone && backzone.version !== data.version) throw new Error(`tzdb data mismatch: zones ${data.version}, backzone ${backzone.version}`);
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
  for (const line of backzone?.zones ?? []) packed.set(line.slice(0, line.indexOf('|')), line);
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
      // A link shares its target's table, unless backzone gave the target its own line.
      const shared = packed.get(target) === line;
      table = (shared ? tables.get(target) : undefined) ?? unpackZone(line);
      if (shared) tables.set(target, table);
      tables.set(name, table);
      return table;
    },
  };
}
