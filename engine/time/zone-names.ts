/**
 * The IANA zone names this service answers with, and the resolution of what clients type into one.
 *
 * Names are current tzdb spellings (`Asia/Kolkata`, `Europe/Kyiv`), never legacy ones (`Asia/Calcutta`,
 * `Europe/Kiev`): the geographic zones of the shipped tzdb release (its zone.tab and zone1970.tab) plus
 * the names timezone-boundary-builder treats as zones of their own (geo-tz's list, which keeps zones
 * distinct before 1970 such as `Asia/Aden` or `Europe/Oslo`), plus `UTC` and the sea zones `Etc/GMT±N`;
 * every one must have rules in the release (a test checks the boundary list against it).
 *
 * @example
 * resolveZone('asia/calcutta') //=> { zone: 'Asia/Kolkata', resolved_from: 'alias', input: 'asia/calcutta' }
 * resolveZone('IST')           //=> { zone: 'Asia/Kolkata', resolved_from: 'abbreviation',
 *                              //     candidates: ['Europe/Dublin', 'Asia/Jerusalem'], ... }
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tzdbNames, tzdbRelease, zoneTable } from './tzdb.ts';
import { periodIndex } from './tzdb-data.ts';

const require = createRequire(import.meta.url);

export interface ResolvedZone {
  /** Canonical IANA name the answer is for. */
  zone: string;
  /** How the input became `zone`; absent for an exact name. */
  resolved_from?: 'alias' | 'abbreviation' | 'case';
  /** For an abbreviation: other zones that use it, up to 10, zones where it means another offset first. */
  candidates?: string[];
  /** The input, trimmed. */
  input: string;
  /** For an abbreviation: its spelling in tzdb, and whether it is tzdb's or only a conventional one. */
  abbreviation?: { name: string; conventional: boolean; offset_seconds?: number };
  /**
   * For an abbreviation: what else it stands for (another offset, or the same offset kept all year
   * where the primary zone has DST), each with its most populous zone.
   */
  other_meanings?: { offset_seconds: number; zone: string; all_year: boolean }[];
}

// One name for zero offset, the one the rest of the API uses (`GET /v1/time/utc`): `UTC`.
const ZERO_ZONES = [
  'Etc/UTC', 'Etc/GMT', 'Etc/GMT-0', 'Etc/GMT+0', 'Etc/GMT0', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'Etc/Greenwich',
  'GMT+0', 'GMT-0', 'GMT0', 'Greenwich', 'UCT', 'Universal', 'Zulu',
];
// Sea zones (Etc/GMT±N) the boundary lookup answers with at sea; tzdb's own names, not in zone.tab.
const SEA_ZONES = Array.from({ length: 27 }, (_, i) => i - 14).filter((h) => h !== 0).map((h) => `Etc/GMT${h < 0 ? '' : '+'}${h}`);

/**
 * Legacy names whose data in this build is shared by several of our zones, so the data alone cannot
 * say which one they mean: the answer is the zone tzdb's `backward` file names for them where that is
 * ours (`Africa/Asmera` is a respelling of Asmara, not Nairobi, the zone Asmara merged into after 1970).
 */
const RESPELLED: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara', 'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca', 'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy', 'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis', 'America/Fort_Wayne': 'America/Indiana/Indianapolis',
  'America/Knox_IN': 'America/Indiana/Knox', 'America/Louisville': 'America/Kentucky/Louisville',
  'Asia/Calcutta': 'Asia/Kolkata', 'Asia/Katmandu': 'Asia/Kathmandu', 'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon', 'Asia/Thimbu': 'Asia/Thimphu', 'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar', 'Asia/Dacca': 'Asia/Dhaka', 'Asia/Macao': 'Asia/Macau',
  'Asia/Chungking': 'Asia/Chongqing', 'Asia/Ashkhabad': 'Asia/Ashgabat', 'Asia/Tel_Aviv': 'Asia/Jerusalem',
  'Atlantic/Faeroe': 'Atlantic/Faroe', 'Europe/Kiev': 'Europe/Kyiv', 'America/Godthab': 'America/Nuuk',
  'Pacific/Enderbury': 'Pacific/Kanton', 'Pacific/Truk': 'Pacific/Chuuk', 'Pacific/Yap': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei', 'America/Ensenada': 'America/Tijuana', 'America/Santa_Isabel': 'America/Tijuana',
  'America/Porto_Acre': 'America/Rio_Branco', 'America/Virgin': 'America/St_Thomas', 'Antarctica/South_Pole': 'Antarctica/McMurdo',
  'Africa/Timbuktu': 'Africa/Bamako', Iceland: 'Atlantic/Reykjavik', 'America/Coral_Harbour': 'America/Atikokan',
  Singapore: 'Asia/Singapore', 'Atlantic/Jan_Mayen': 'Arctic/Longyearbyen',
  // tzdb 2024b made the System V names links; this build still carries them as zones of their own.
  EST5EDT: 'America/New_York', CST6CDT: 'America/Chicago', MST7MDT: 'America/Denver', PST8PDT: 'America/Los_Angeles',
};

let names: string[] | null = null;
let byLower: Map<string, string>;
let aliasByLower: Map<string, string>;

/** The zone names of the boundary data (geo-tz's index, read from its folder as zone-finder.ts does). */
export function boundaryZoneNames(): string[] {
  const index = join(dirname(require.resolve('geo-tz/all')), '..', 'data', 'timezones.geojson.index.json');
  return (JSON.parse(readFileSync(index, 'utf8')) as { timezones: string[] }).timezones;
}

/** Boundary-data zones the shipped tzdb release has no rules for (must be empty: a test and start-up check it). */
export const boundaryZonesWithoutRules = (): string[] => boundaryZoneNames().filter((n) => !zoneTable(n));

function build(): string[] {
  if (names) return names;
  const { zones, links, geographic } = tzdbNames();
  const set = new Set<string>(['UTC']);
  for (const name of [...geographic, ...SEA_ZONES, ...boundaryZoneNames()]) {
    if (!ZERO_ZONES.includes(name) && zoneTable(name)) set.add(name);
  }
  names = [...set].sort();
  byLower = new Map(names.map((n) => [n.toLowerCase(), n]));

  // Every other name of the release (links, and packed zones that are not ours) answers with the one
  // of our names that shares its data: a respelling's own zone first, then the packed zone when it is
  // ours, then the only one of ours in the group. A group with several of ours and no rule (links such
  // as `US/Pacific-New`) leaves the name unresolved rather than guess.
  const members = new Map<string, string[]>(); // packed zone → our names sharing its data
  for (const n of names) {
    const target = n === 'UTC' ? 'Etc/UTC' : (links.get(n) ?? n);
    members.set(target, [...(members.get(target) ?? []), n]);
  }
  aliasByLower = new Map();
  for (const name of [...zones, ...links.keys(), 'Etc/UTC']) {
    if (byLower.has(name.toLowerCase())) continue;
    const target = links.get(name) ?? name;
    const ours = members.get(target) ?? [];
    const zone = ZERO_ZONES.includes(name) || target === 'Etc/UTC' ? 'UTC'
      : RESPELLED[name] && byLower.has(RESPELLED[name].toLowerCase()) ? RESPELLED[name]
        : ours.includes(target) ? target : ours.length === 1 ? ours[0] : undefined;
    if (zone) aliasByLower.set(name.toLowerCase(), zone);
  }
  return names;
}

/** Every zone name this service answers with, sorted. */
export const zoneNames = (): readonly string[] => build();

// ---------------------------------------------------------------------------------------------
// Abbreviations
// ---------------------------------------------------------------------------------------------

/**
 * The zone an abbreviation answers for when more than one zone uses it: the zone most people mean.
 * An abbreviation tzdb uses that is not listed here goes to the most populous zone using it
 * (the population figures of the tzdb build).
 */
const PRIMARY: Record<string, string> = {
  UTC: 'UTC', GMT: 'UTC', Z: 'UTC', UT: 'UTC', UCT: 'UTC', ZULU: 'UTC',
  EST: 'America/New_York', EDT: 'America/New_York', // also Toronto, and Panama/Jamaica/Cancún (EST all year)
  CST: 'America/Chicago', CDT: 'America/Chicago', // also China (+08), Cuba (-05 CST) and Mexico City (CST all year)
  MST: 'America/Denver', MDT: 'America/Denver', // America/Phoenix keeps MST all year
  PST: 'America/Los_Angeles', PDT: 'America/Los_Angeles', // also the Philippines (+08)
  AKST: 'America/Anchorage', AKDT: 'America/Anchorage',
  HST: 'Pacific/Honolulu', HDT: 'America/Adak',
  AST: 'America/Halifax', ADT: 'America/Halifax', // AST also Puerto Rico and the Caribbean all year
  NST: 'America/St_Johns', NDT: 'America/St_Johns',
  BST: 'Europe/London',
  IST: 'Asia/Kolkata', // also Ireland (summer, +01) and Israel (+02)
  IDT: 'Asia/Jerusalem',
  WET: 'Europe/Lisbon', WEST: 'Europe/Lisbon',
  CET: 'Europe/Paris', CEST: 'Europe/Paris',
  EET: 'Europe/Athens', EEST: 'Europe/Athens', // tzdb's own EET link target
  MSK: 'Europe/Moscow',
  WAT: 'Africa/Lagos', CAT: 'Africa/Maputo', EAT: 'Africa/Nairobi', SAST: 'Africa/Johannesburg',
  PKT: 'Asia/Karachi', HKT: 'Asia/Hong_Kong', JST: 'Asia/Tokyo', KST: 'Asia/Seoul',
  WIB: 'Asia/Jakarta', WITA: 'Asia/Makassar', WIT: 'Asia/Jayapura',
  AWST: 'Australia/Perth', ACST: 'Australia/Adelaide', ACDT: 'Australia/Adelaide',
  AEST: 'Australia/Sydney', AEDT: 'Australia/Sydney', // Brisbane keeps AEST all year
  NZST: 'Pacific/Auckland', NZDT: 'Pacific/Auckland', CHST: 'Pacific/Guam', SST: 'Pacific/Pago_Pago',
};

/**
 * Abbreviations people use that tzdb does not (since 2017 it uses numeric ones such as `+08` where no
 * abbreviation is in common local use), and the generic North American names.
 */
const CONVENTIONAL: Record<string, string> = {
  ET: 'America/New_York', CT: 'America/Chicago', MT: 'America/Denver', PT: 'America/Los_Angeles',
  SGT: 'Asia/Singapore', ICT: 'Asia/Bangkok', GST: 'Asia/Dubai', PHT: 'Asia/Manila', MYT: 'Asia/Kuala_Lumpur',
  NPT: 'Asia/Kathmandu', IRST: 'Asia/Tehran', AFT: 'Asia/Kabul', BRT: 'America/Sao_Paulo',
  ART: 'America/Argentina/Buenos_Aires', AOE: 'Etc/GMT+12', // "anywhere on Earth", used for deadlines
};

const MAX_CANDIDATES = 10;

interface AbbreviationUse { zone: string; offset: number; all_year: boolean; population: number }
let abbreviationUses: Map<string, AbbreviationUse[]> | null = null;
let abbreviationSpelling: Map<string, string>;


/**
 * The window an abbreviation counts as "in use": the year before the abbreviation data's tzdb release
 * to the year after it. Tied to the data, not the clock, so the same input always resolves alike.
 */
export function abbreviationWindow(): { start_ms: number; end_ms: number } {
  const year = Number(/^\d{4}/.exec(tzdbRelease())?.[0] ?? 2026);
  return { start_ms: Date.UTC(year - 1, 0, 1), end_ms: Date.UTC(year + 2, 0, 1) };
}

/** Letter abbreviations of the shipped tzdb release in use by each zone in the window. */
function uses(): Map<string, AbbreviationUse[]> {
  if (abbreviationUses) return abbreviationUses;
  const { start_ms, end_ms } = abbreviationWindow();
  abbreviationUses = new Map();
  abbreviationSpelling = new Map();
  for (const zone of build()) {
    const t = zoneTable(zone === 'UTC' ? 'Etc/UTC' : zone);
    if (!t) continue;
    const own = t.name === zone; // population figures belong to the packed zone, not its links
    const inWindow = new Map<string, number>(); // abbreviation → offset, every abbreviation of the window
    for (let i = periodIndex(t, start_ms); i < t.untils.length; i++) {
      if (!inWindow.has(t.abbrs[i])) inWindow.set(t.abbrs[i], t.offsets[i]);
      if (t.untils[i] >= end_ms) break;
    }
    for (const [abbr, offset] of inWindow) {
      if (!/^[A-Za-z]{1,5}$/.test(abbr)) continue; // tzdb's numeric style (+0545) is no abbreviation
      const key = abbr.toUpperCase();
      abbreviationSpelling.set(key, abbr);
      const list = abbreviationUses.get(key) ?? [];
      list.push({ zone, offset, all_year: inWindow.size === 1, population: own ? t.population : 0 });
      abbreviationUses.set(key, list);
    }
  }
  return abbreviationUses;
}

const abbreviationCache = new Map<string, ResolvedZone>();

function resolveAbbreviation(input: string): ResolvedZone | null {
  const key = input.toUpperCase();
  const cached = abbreviationCache.get(key);
  if (cached) return { ...cached, input, candidates: cached.candidates && [...cached.candidates] };
  const resolved = abbreviationFor(key, input);
  if (resolved) abbreviationCache.set(key, resolved);
  return resolved;
}

function abbreviationFor(key: string, input: string): ResolvedZone | null {
  const conventionalZone = CONVENTIONAL[key];
  if (conventionalZone && build().includes(conventionalZone)) {
    return { zone: conventionalZone, resolved_from: 'abbreviation', input, abbreviation: { name: key, conventional: true } };
  }
  const list = uses().get(key);
  if (!list && !PRIMARY[key]) return null;
  const all = [...(list ?? [])].sort((a, b) => b.population - a.population || a.zone.localeCompare(b.zone));
  const zone = PRIMARY[key] ?? all[0].zone;
  const primaryUse = all.find((u) => u.zone === zone);
  const others = all.filter((u) => u.zone !== zone);
  // Other meanings: another offset, or the same offset kept all year where the primary zone changes
  // (EST: America/Panama keeps -05:00 while America/New_York moves to EDT). Each is shown by its most
  // populous zone, and those zones lead the candidates.
  const meanings = new Map<string, AbbreviationUse>();
  for (const u of others) {
    const differs = u.offset !== primaryUse?.offset || (u.all_year && !primaryUse.all_year);
    const group = `${u.offset}|${u.all_year}`;
    if (differs && !meanings.has(group)) meanings.set(group, u);
  }
  const distinct = [...meanings.values()].map((u) => u.zone);
  const candidates = [...distinct, ...others.map((u) => u.zone).filter((z) => !distinct.includes(z))];
  const resolved: ResolvedZone = {
    zone, resolved_from: 'abbreviation', input,
    abbreviation: { name: abbreviationSpelling?.get(key) ?? key, conventional: false, offset_seconds: primaryUse?.offset },
  };
  if (candidates.length) resolved.candidates = [...new Set(candidates)].slice(0, MAX_CANDIDATES);
  if (meanings.size && primaryUse) {
    resolved.other_meanings = [...meanings.values()].map((u) => ({ offset_seconds: u.offset, zone: u.zone, all_year: u.all_year }));
  }
  return resolved;
}

/**
 * What a client's zone argument names: an exact IANA name; the same name in other letter case; an
 * abbreviation (`CEST`, `EST`, `IST`: the documented zone plus the others that use it); a tzdb link or
 * legacy spelling (`Asia/Calcutta`, `US/Eastern`) → its canonical zone. Null when it names nothing.
 */
export function resolveZone(raw: string): ResolvedZone | null {
  const input = raw.trim();
  build();
  if (!input) return null;
  if (byLower.get(input.toLowerCase()) === input) return { zone: input, input };
  const cased = byLower.get(input.toLowerCase());
  if (cased) return { zone: cased, resolved_from: 'case', input };
  if (!input.includes('/')) {
    const abbreviation = resolveAbbreviation(input);
    if (abbreviation) return abbreviation;
  }
  const alias = aliasByLower.get(input.toLowerCase());
  return alias ? { zone: alias, resolved_from: 'alias', input } : null;
}

// ---------------------------------------------------------------------------------------------
// Suggestions and completion
// ---------------------------------------------------------------------------------------------

/** Edit distance of `a` and `b`, or `limit + 1` as soon as it must exceed `limit` (a row's minimum does). */
function levenshtein(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (cur[j] < best) best = cur[j];
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** Inputs longer than this get no suggestion: the longest zone name has 32 characters. */
const MAX_SUGGESTED_INPUT = 40;

const normalize = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '_');
const city = (s: string) => s.slice(s.lastIndexOf('/') + 1);

/**
 * Up to `n` zone names closest to a mistyped input (edit distance to the full name or to its city
 * part; links count as their canonical zone). A fixed offset such as `UTC+5` suggests `Etc/GMT-5`.
 */
export function suggestZones(input: string, n = 3): string[] {
  build();
  const q = normalize(input);
  const offset = /^(?:utc|gmt)?([+-])(\d{1,2})(?::?00)?$/.exec(q);
  if (offset) {
    const hours = Number(offset[2]);
    // Etc names invert the sign (POSIX): Etc/GMT-5 is UTC+05:00.
    const etc = hours === 0 ? 'UTC' : `Etc/GMT${offset[1] === '+' ? '-' : '+'}${hours}`;
    if (byLower.has(etc.toLowerCase())) return [etc];
  }
  if (!q || q.length > MAX_SUGGESTED_INPUT) return [];
  const qCity = city(q);
  const limit = Math.max(1, Math.floor(q.length / 3));
  const scored = new Map<string, number>();
  const consider = (key: string, zone: string) => {
    const full = levenshtein(q, key, limit);
    const byCity = levenshtein(qCity, city(key), limit) + (q.includes('/') ? 1 : 0);
    const d = Math.min(full, byCity);
    if (d <= limit && d < (scored.get(zone) ?? Infinity)) scored.set(zone, d);
  };
  for (const [key, zone] of byLower) consider(key, zone);
  for (const [key, zone] of aliasByLower) consider(key, zone);
  const ranked = [...scored].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  const best = ranked.length ? ranked[0][1] : 0;
  return ranked.filter(([, d]) => d <= best + 1).slice(0, n).map(([zone]) => zone);
}

/** Zone names for argument completion: prefix matches, then city-prefix, then substring; at most 100. */
export function completeZones(prefix: string): string[] {
  const all = build();
  const q = normalize(prefix);
  if (!q) return all.slice(0, 100);
  const out = new Set<string>();
  for (const n of all) if (n.toLowerCase().startsWith(q)) out.add(n);
  for (const n of all) if (city(n).toLowerCase().startsWith(q)) out.add(n);
  for (const n of all) if (n.toLowerCase().includes(q)) out.add(n);
  return [...out].slice(0, 100);
}
