/**
 * The IANA zone names this service answers with, and the resolution of what clients type into one.
 *
 * Names are current tzdb spellings (`Asia/Kolkata`, `Europe/Kyiv`), never legacy ones (`Asia/Calcutta`,
 * `Europe/Kiev`): the geographic zones of the shipped tzdb release (its zone.tab and zone1970.tab) plus
 * the names timezone-boundary-builder treats as zones of their own (geo-tz's list, which keeps zones
 * distinct before 1970 such as `Asia/Aden` or `Europe/Oslo`), plus `UTC` and the sea zones `Etc/GMT±N`;
 * every one must have rules in the release (a test checks the boundary list against it). The fixed tables
 * are in zone-tables.ts; suggestions for an input that names nothing in zone-suggest.ts.
 *
 * @example
 * resolveZone('asia/calcutta') //=> { zone: 'Asia/Kolkata', resolved_from: 'alias', input: 'asia/calcutta' }
 * resolveZone('UTC+5:30')      //=> { zone: '+05:30', resolved_from: 'offset', input: 'UTC+5:30' }
 * resolveZone('IST')           //=> { zone: 'Asia/Kolkata', resolved_from: 'abbreviation',
 *                              //     candidates: ['Europe/Dublin', 'Asia/Jerusalem'], ... }
 */
import { engineData } from '../data.ts';
import { DATA_RELEASES } from '../package-versions.ts';
import { hasZoneRules, tzdbNames, zoneTable } from './tzdb.ts';
import { fixedOffsetName, periodIndex } from './tzdb-data.ts';
import { countryZones, parseFixedOffset, windowsKey, windowsZones } from './zone-input.ts';
import { CONVENTIONAL, PRIMARY, RESPELLED, SEA_ZONES, ZERO_ZONES } from './zone-tables.ts';

export interface ResolvedZone {
  /** Canonical IANA name the answer is for. */
  zone: string;
  /**
   * How the input became `zone`: `iana` (a canonical name, any letter case), `alias` (a link or legacy
   * name), `abbreviation`, `windows` (a Windows zone ID), `offset` (a fixed offset: `zone` is `+05:30`
   * style, tzdb-data.ts fixedOffsetTable), `country` (an ISO code of a one-zone country), `place` (a
   * place name: the zone at its best match; engine/places/place-input.ts).
   */
  resolved_from: 'iana' | 'alias' | 'abbreviation' | 'windows' | 'offset' | 'country' | 'place';
  /** Abbreviation or Windows ID: other zones it stands for, up to 10 (abbreviations: other offsets first). */
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
  /** For a place name: the place chosen (its zone is `zone`). */
  place?: { name: string; country: string; admin1: string | null; geonames_id: number };
  /**
   * A place name (a zone input that is no zone name): `zone` is empty until the tool's run
   * resolves it (engine/places/place-zones.ts), which then clears this flag.
   */
  pending?: true;
}

let names: string[] | null = null;
let byLower: Map<string, string>;
let aliasByLower: Map<string, string>;

/** The zone names of the boundary data (geo-tz's index, as zone-finder.ts reads it; engine/data.ts). */
export const boundaryZoneNames = (): string[] => [...engineData().boundaryZoneNames()];

/** Boundary-data zones the shipped tzdb release has no rules for (must be empty: a test and start-up check it). */
export const boundaryZonesWithoutRules = (): string[] => boundaryZoneNames().filter((n) => !hasZoneRules(n));

function build(): string[] {
  if (names) return names;
  const { zones, links, geographic } = tzdbNames();
  const set = new Set<string>(['UTC']);
  for (const name of [...geographic, ...SEA_ZONES, ...boundaryZoneNames()]) {
    if (!ZERO_ZONES.includes(name) && hasZoneRules(name)) set.add(name);
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
    const zone =
      ZERO_ZONES.includes(name) || target === 'Etc/UTC'
        ? 'UTC'
        : RESPELLED[name] && byLower.has(RESPELLED[name].toLowerCase())
          ? RESPELLED[name]
          : ours.includes(target)
            ? target
            : ours.length === 1
              ? ours[0]
              : undefined;
    if (zone) aliasByLower.set(name.toLowerCase(), zone);
  }
  return names;
}

/** Every zone name this service answers with, sorted. */
export const zoneNames = (): readonly string[] => build();

/** Our names and every other name that answers with one of them, by lower case (for suggestions). */
export function namesByLower(): { byLower: ReadonlyMap<string, string>; aliasByLower: ReadonlyMap<string, string> } {
  build();
  return { byLower, aliasByLower };
}

// ---------------------------------------------------------------------------------------------
// Abbreviations
// ---------------------------------------------------------------------------------------------

const MAX_CANDIDATES = 10;

interface AbbreviationUse {
  zone: string;
  offset: number;
  all_year: boolean;
  population: number;
}
let abbreviationUses: Map<string, AbbreviationUse[]> | null = null;
let abbreviationSpelling: Map<string, string>;

/**
 * The window an abbreviation counts as "in use": the year before the abbreviation data's tzdb release
 * to the year after it. Tied to the data, not the clock, so the same input always resolves alike.
 */
export function abbreviationWindow(): { start_ms: number; end_ms: number } {
  const year = Number(/^\d{4}/.exec(DATA_RELEASES.tzdb)?.[0] ?? 2026); // the release provenance names (read at import)
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
    zone,
    resolved_from: 'abbreviation',
    input,
    abbreviation: { name: abbreviationSpelling?.get(key) ?? key, conventional: false, offset_seconds: primaryUse?.offset },
  };
  if (candidates.length) resolved.candidates = [...new Set(candidates)].slice(0, MAX_CANDIDATES);
  if (meanings.size && primaryUse) {
    resolved.other_meanings = [...meanings.values()].map((u) => ({ offset_seconds: u.offset, zone: u.zone, all_year: u.all_year }));
  }
  return resolved;
}

/** Longest zone input read (longer ones name nothing): the longest name or Windows ID is under 50. */
export const MAX_ZONE_INPUT = 100;

/** Our name for a tzdb name or link as written anywhere (CLDR writes `Asia/Calcutta`). */
const ours = (name: string): string | undefined => byLower.get(name.toLowerCase()) ?? aliasByLower.get(name.toLowerCase());

let windowsCache: Map<string, { zone: string; candidates: string[] }> | null = null;

/** A Windows zone ID → the 001 zone and the other territories' zones, as ours (CLDR windowsZones). */
function resolveWindows(input: string): ResolvedZone | null {
  if (!windowsCache) {
    windowsCache = new Map();
    for (const [key, w] of windowsZones()) {
      const zone = ours(w.zone);
      if (!zone) continue;
      const others = [...new Set(w.others.map(ours).filter((z): z is string => !!z && z !== zone))];
      windowsCache.set(key, { zone, candidates: others.slice(0, MAX_CANDIDATES) });
    }
  }
  const hit = windowsCache.get(windowsKey(input));
  if (!hit) return null;
  const resolved: ResolvedZone = { zone: hit.zone, resolved_from: 'windows', input };
  if (hit.candidates.length) resolved.candidates = [...hit.candidates];
  return resolved;
}

/**
 * What a client's zone argument names, tried in this order: an IANA name in any letter case (`iana`);
 * a fixed offset (`+05:30`, `UTC+2`, `Z` → the fixed-offset zone `+05:30`, `+02:00`, or `UTC` for
 * zero); an abbreviation (`CEST`, `EST`, `IST`: the documented zone plus the others that use it); a
 * tzdb link or legacy spelling (`Asia/Calcutta`, `US/Eastern`) → its canonical zone; a Windows zone ID
 * (`Pacific Standard Time`); the ISO code of a country with one zone (`JP`). Null when it names
 * nothing (zoneInputProblem says why when it nearly does).
 */
export function resolveZone(raw: string): ResolvedZone | null {
  const input = raw.trim();
  build();
  if (!input || input.length > MAX_ZONE_INPUT) return null;
  const lower = input.toLowerCase();
  const canonical = byLower.get(lower);
  if (canonical) return { zone: canonical, resolved_from: 'iana', input };
  const offset = parseFixedOffset(input);
  if (typeof offset === 'number') return { zone: fixedOffsetName(offset), resolved_from: 'offset', input };
  if (!input.includes('/')) {
    const abbreviation = resolveAbbreviation(input);
    if (abbreviation) return abbreviation;
  }
  const alias = aliasByLower.get(lower);
  if (alias) return { zone: alias, resolved_from: 'alias', input };
  const windows = resolveWindows(input);
  if (windows) return windows;
  if (input.length === 2) {
    const country = countryZones().get(input.toUpperCase());
    const zone = country?.zones.length === 1 ? ours(country.zones[0]) : undefined;
    if (zone) return { zone, resolved_from: 'country', input };
  }
  return null;
}

/**
 * Why an input that nearly names a zone names none: an offset beyond ±14:00, or the code of a country
 * with several zones (listing them). Undefined otherwise (the caller suggests names).
 */
export function zoneInputProblem(raw: string): string | undefined {
  const input = raw.trim();
  if (!input || input.length > MAX_ZONE_INPUT) return undefined;
  if (parseFixedOffset(input) === 'beyond') return `offset '${input}' is beyond the range of UTC offsets, -14:00 to +14:00`;
  if (input.length !== 2) return undefined;
  const country = countryZones().get(input.toUpperCase());
  if (!country || country.zones.length < 2) return undefined;
  build();
  const zones = [...new Set(country.zones.map((z) => ours(z) ?? z))];
  return `${input.toUpperCase()} (${country.name}) has ${zones.length} time zones; give one of ${zones.join(', ')}`;
}
