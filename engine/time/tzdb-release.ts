/**
 * One tzdb release as the engine reads it: moment-timezone's packed build of it (every zone's periods)
 * and its zone.tab names, indexed by name. Pure (no Node APIs), so the server's engine data (the files
 * from node_modules, engine/data-node.ts) and a page's (the same files fetched from the site,
 * engine/browser/page-data.ts) answer from the same code and the same release.
 */
import type { TzdbRelease, ZoneTable } from '../data.ts';
import { fixedOffsetTable, type PackedTzdb, unpackZone } from './tzdb-data.ts';

/** The part of moment-timezone's `data/meta/latest.json` read here: the release and its zone.tab zones. */
export interface ZoneTab {
  version: string;
  zones: Record<string, { countries: string[] }>;
}

export type { TzdbRelease } from '../data.ts';

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
