/**
 * The shipped data the engine computes over, handed in where the engine is set up (engine/start.ts)
 * rather than read by the modules that use it: the IANA tzdb release (moment-timezone's packed build and
 * its zone.tab), CLDR's tables (Windows zone IDs, weekends, English country names, alpha-3 codes),
 * date-holidays' rules and, on the server only, the time-zone boundary lookup. Two implementations:
 * engine/data-node.ts (the server, the MCP server, scripts and tests: the files in node_modules) and
 * engine/browser/page-data.ts (a calculator page: the packs it fetched from the site). Package versions
 * and data releases named in provenance are plain values (engine/package-versions.ts), not data.
 *
 * Why one engine-wide binding rather than a parameter of every helper: the data is read by helpers
 * many calls deep (a zone name resolved inside a holiday rule inside a meeting search), and a process or
 * a page computes over one release at a time. So startEngine() binds it once, here and only there, and
 * every read goes through engineData(), which fails with a clear error when nothing is bound yet;
 * nothing is read at import time (test/engine/data.test.ts imports every engine module unbound). A
 * per-call `ctx.data` was left out: it would have to reach every cache of zone names and holiday rules
 * keyed by it, while one process or page computes over one release.
 */
import type HolidaysClass from 'date-holidays';

/** One zone's rules as the engine reads them (engine/time/tzdb-data.ts unpacks them). */
export interface ZoneTable {
  /** The packed entry's own name (a link answers with its target's table). */
  name: string;
  /** Period i lasts until untils[i] (exclusive), epoch ms; the last is Infinity. */
  untils: Float64Array;
  /** Offset of each period, seconds east of UTC. */
  offsets: Int32Array;
  /** Abbreviation of each period (tzdb's letters, or its numeric style such as `+0545`). */
  abbrs: string[];
  /** Index of the first later period with another offset, or -1 (transitions are offset changes). */
  nextChange: Int32Array;
  /** Population figure of the zone in the build (used to rank zones sharing an abbreviation). */
  population: number;
  /** True when the rules change the clocks every year to the end of the data (extended by the cycle). */
  cyclic: boolean;
}

/** One tzdb release as the engine reads it (engine/time/tzdb-release.ts indexes it). */
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

/** The part of moment-timezone's `data/meta/latest.json` the engine reads: the release's zone.tab. */
export interface ZoneTabMeta {
  version: string;
  countries: Record<string, { name: string; zones: string[] }>;
  zones: Record<string, { countries: string[] }>;
}

/** One line of CLDR's windowsZones mapping (cldr-core supplemental/windowsZones.json). */
export interface WindowsZoneMapping {
  mapZone: { _other: string; _type: string; _territory: string };
}

/** CLDR's weekend days (cldr-core supplemental/weekData.json): a day key (`sat`) per territory, `001` the world's. */
export interface WeekendData {
  weekendStart: Record<string, string>;
  weekendEnd: Record<string, string>;
}

/** Coordinate → zones: geo-tz's `find` over timezone-boundary-builder's shapes (engine/time/zone-finder.ts). */
export interface BoundaryLookup {
  /** Every zone at the coordinate, in the data set's order. */
  find(lat: number, lon: number): readonly string[];
  /** The decoded tiles kept in memory: their bytes of typed arrays and their number. */
  readonly tiles: { readonly bytes: number; readonly size: number };
}

/** The data, each part read on first use (the server loads a part when a request first needs it). */
export interface EngineData {
  /** Where the data comes from: node_modules (`server`) or the packs a page fetched (`page`). */
  readonly source: 'server' | 'page';
  /** The tzdb release's rules by zone name. */
  tzdb(): TzdbRelease;
  /** The release's zone.tab: each country's zones and each zone's countries. */
  zoneTab(): ZoneTabMeta;
  /** CLDR's Windows zone IDs. */
  windowsZones(): readonly WindowsZoneMapping[];
  /** The zone names the boundary data uses (its index; not its shapes). */
  boundaryZoneNames(): readonly string[];
  /** CLDR's weekends. */
  weekends(): WeekendData;
  /** CLDR's English territory names (cldr-localenames-full main/en/territories.json), by key. */
  territories(): Readonly<Record<string, string>>;
  /** CLDR's code mappings with an alpha-3 code (cldr-core supplemental/codeMappings.json). */
  codeMappings(): Readonly<Record<string, { _alpha3?: string }>>;
  /** date-holidays' class over the shipped rules. */
  holidays(): typeof HolidaysClass;
  /** The boundary lookup; absent in a page (its shapes stay on the server). */
  readonly boundaries?: BoundaryLookup;
}

let bound: EngineData | undefined;

/** The data startEngine() bound; throws before set-up (a module read it too early, or no start-up ran). */
export function engineData(): EngineData {
  if (!bound) {
    throw new Error(
      'the engine has no data yet: call startEngine({ data }) (engine/start.ts) before computing (the server, MCP stdio and tests do it at start-up)',
    );
  }
  return bound;
}

/** Whether data is bound (readiness probes). */
export const hasEngineData = (): boolean => bound !== undefined;

/** Binds the data. Called by startEngine() only (engine/start.ts); a later call replaces it. */
export function bindEngineData(data: EngineData): void {
  bound = data;
}
