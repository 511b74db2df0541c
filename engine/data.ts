/**
 * The shipped data the engine computes over, handed in where the engine is set up (engine/start.ts)
 * rather than read by the modules that use it: the IANA tzdb release (moment-timezone's packed build and
 * its zone.tab), CLDR's tables (Windows zone IDs, weekends, English country names, alpha-3 codes),
 * date-holidays' rules and, on the server only, the time-zone boundary lookup and the places index. Two
 * implementations: engine/data-node.ts (the server, the MCP server, scripts and tests: node_modules) and
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
import type KDBush from 'kdbush';

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

/**
 * The places index as the engine reads it (engine/places/layout.ts lays it out and reads its fields:
 * countryOf, admin1Of, latOf, lonOf; build.ts builds it). In memory only what searches read: what an
 * answer prints of a place or a posting is in `records`.
 */
export interface PlaceNames {
  count: number;
  /**
   * Where each place's record lies in `records` (place p: recordAt[p] .. recordAt[p + 1]): its GeoNames id,
   * elevation, name and ascii name (engine/places/records.ts).
   */
  recordAt: Uint32Array;
  /** Each place's division number: its country and admin1 code are divisionCountry[n], divisionAdmin1[n]. */
  division: Uint16Array;
  /** The distinct (country, admin1 code) pairs, in order of first place: ISO country codes. */
  divisionCountry: string[];
  /** GeoNames admin1 codes, '' where none. */
  divisionAdmin1: string[];
  /** GeoNames population, 0 where none (a build refuses one over 2³² − 1). */
  population: Uint32Array;
  /** Each place's position in the kd-tree (tree.ids[treeAt[p]] = p): its coordinates are the tree's, kept once. */
  treeAt: Uint32Array;
  /**
   * The distinct normalized names, sorted by UTF-16 code unit (name k is the k-th), in blocks read from
   * `records` when searched (engine/places/key-blocks.ts): block b at keyBlockAt[b] .. keyBlockAt[b + 1],
   * its first name in memory, packed (blockKeys[blockKeyAt[b] .. blockKeyAt[b + 1])).
   */
  keyCount: number;
  keyBlockAt: Uint32Array;
  blockKeys: Uint16Array;
  blockKeyAt: Uint32Array;
  /** Postings of key k: postingAt[k] .. postingAt[k + 1]; each a place, and the name that matched it (in `records`). */
  postingAt: Uint32Array;
  postingPlace: Uint32Array;
  /** Where in `records` the postings' matched-name offsets lie: u32 LE each, posting p's at postingNameTable + 4p. */
  postingNameTable: number;
  /**
   * A segment tree over the postings for range-maximum queries by population: node i (1 ≤ i < n) holds
   * the posting of largest population (lowest index on a tie) below it; leaf n + p, posting p itself, is
   * not stored (the array holds nodes 0 … n − 1, node 0 unused). The
   * postings of a prefix span many keys, each sorted on its own; this orders them all without a scan.
   */
  bestPosting: Uint32Array;
  /** Division name by `CC.code` (GeoNames admin1CodesASCII: datasets/places/admin1.tsv). */
  divisions: Map<string, string>;
  /** The places as points (lon, lat, Float64 as parsed from cities500.txt) of a kd-tree: their only coordinates. */
  tree: KDBush;
  /** What answers print and searches never read: in memory after a build, read from the index file when asked after a load. */
  records: PlaceRecords;
}

/** Bytes of the places index's records (engine/places/records.ts): `read` gives up to `length` bytes from `offset`. */
export interface PlaceRecords {
  readonly length: number;
  read(offset: number, length: number): Buffer;
}

export interface PlacesStats {
  places: number;
  names: number;
  postings: number;
  /** Time to ready: reading the cache file, or the whole build. */
  build_ms: number;
  longest_block_ms: number;
  /** `cache`: read from the cache file of a previous build; `built`: built from the data now. */
  source: 'cache' | 'built';
  /** A cache file that could not be read, renamed to this path (and why). */
  cache_set_aside?: string;
  /** Why the built index could not be cached (an unwritable node_modules, a full disk). */
  cache_not_written?: string;
}

/** How a load of the index went: its figures, or why it failed (the next query tries again). */
export type PlacesStatus = ({ ready: true } & PlacesStats) | { ready: false; error: string };

/**
 * The places index (engine/places/: GeoNames cities500 and the division names, one index for name search,
 * place inputs and nearby places) and its one lifecycle; engine/places/place-names.ts reads it for the
 * engine. The server's (engine/places/places-node.ts) reads its index file or builds it, tens of MB.
 */
export interface PlacesSource {
  /**
   * Starts loading in the background (a server once it listens; `after`: once that settles); until it is
   * loaded, queries wait briefly, then fail with ToolUnavailableError. Never rejects: a failure is the
   * status, and the next query tries again.
   */
  start(after?: Promise<unknown>): Promise<PlacesStatus>;
  /**
   * Loads when a query first needs it, as in the background from then on (the API's default and MCP
   * stdio); `settled`, if given, hears how each such load ended.
   */
  onFirstNeed(settled?: (status: PlacesStatus) => void): void;
  /** Whether the index is loaded (/health's `places`). */
  ready(): boolean;
  /** The index when loaded, else undefined (readers that never wait: completions). */
  ifReady(): PlaceNames | undefined;
  /** The index, waiting for the whole load (scripts, tests, a work-pool thread). */
  load(): Promise<PlaceNames>;
  /** The index for a query: at once when loaded, a short wait then ToolUnavailableError while a background load runs, else load(). */
  get(): Promise<PlaceNames>;
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
  /** The places index; absent in a page (its tens of MB stay on the server: a page asks the API). */
  readonly places?: PlacesSource;
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
