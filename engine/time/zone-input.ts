/**
 * Zone input written the ways people write it besides IANA names and abbreviations (zone-names.ts
 * resolves them into our names): Windows zone IDs (CLDR's windowsZones mapping), fixed offsets
 * (`+05:30`, `UTC+2`, `GMT-03:00`, `Z`) and ISO 3166 country codes (the release's zone.tab). Each
 * table is built once, on first use; nothing here builds a pattern from the input.
 *
 * @example
 * parseFixedOffset('UTC+5:30') //=> 19800
 * parseFixedOffset('GMT')      //=> null
 * parseFixedOffset('+14:01')   //=> 'beyond'
 * windowsZones().get('pacific standard time') //=> { id: 'Pacific Standard Time', zone: 'America/Los_Angeles', others: [...] }
 */
import { engineData } from '../data.ts';
import { MAX_FIXED_OFFSET_SECONDS } from './tzdb-data.ts';

// ---------------------------------------------------------------------------------------------
// Fixed offsets
// ---------------------------------------------------------------------------------------------

/** Sign, then H, HH, H:MM, HH:MM or HHMM (fixed patterns: the input is never made a pattern). */
const OFFSET = /^([+\-\u2212])(\d{1,2})(?::(\d{2}))?$/;
const OFFSET_COMPACT = /^([+\-\u2212])(\d{2})(\d{2})$/;

/**
 * The offset (seconds east of UTC) an input such as `+05:30`, `-0300`, `UTC+2`, `GMT-03:00`, `utc`,
 * `Z` writes; `'beyond'` for a well-formed offset beyond ±14:00 (or minutes over 59); null when the
 * input is no offset, `UTC` and `GMT` alone included (a name and an abbreviation).
 */
export function parseFixedOffset(input: string): number | 'beyond' | null {
  if (input === 'Z' || input === 'z') return 0;
  const head = input.slice(0, 3).toUpperCase();
  const rest = head === 'UTC' || head === 'GMT' ? input.slice(3).trim() : input;
  if (rest === '') return null; // `UTC` is a name, `GMT` an abbreviation: zone-names.ts answers them
  const m = OFFSET.exec(rest) ?? OFFSET_COMPACT.exec(rest);
  if (!m) return null;
  const minutes = m[3] === undefined ? 0 : Number(m[3]);
  const seconds = (Number(m[2]) * 60 + minutes) * 60;
  if (minutes > 59 || seconds > MAX_FIXED_OFFSET_SECONDS) return 'beyond';
  return m[1] === '+' ? seconds : -seconds;
}

// ---------------------------------------------------------------------------------------------
// Windows zone IDs
// ---------------------------------------------------------------------------------------------

export interface WindowsZone {
  /** The ID as CLDR spells it (`W. Europe Standard Time`). */
  id: string;
  /** Its zone for territory 001 (tzdb spelling as CLDR writes it, legacy names included). */
  zone: string;
  /** The zones of its other territories, in CLDR's order. */
  others: string[];
}

let windows: Map<string, WindowsZone> | null = null;

/** A Windows ID or input as a key: lower case, runs of white space as one space. */
export const windowsKey = (s: string): string => s.trim().toLowerCase().split(/\s+/).join(' ');

/** CLDR's windowsZones mapping (cldr-core), by `windowsKey` of the ID. */
export function windowsZones(): ReadonlyMap<string, WindowsZone> {
  if (windows) return windows;
  const map = new Map<string, WindowsZone>();
  const others = new Map<string, string[]>();
  for (const { mapZone } of engineData().windowsZones()) {
    // One entry's value ends with a space: trim before splitting.
    const zones = mapZone._type.trim().split(' ').filter(Boolean);
    const key = windowsKey(mapZone._other);
    if (mapZone._territory === '001') map.set(key, { id: mapZone._other, zone: zones[0], others: [] });
    else others.set(key, [...(others.get(key) ?? []), ...zones]);
  }
  for (const [key, entry] of map) entry.others = [...new Set(others.get(key) ?? [])].filter((z) => z !== entry.zone);
  windows = map;
  return map;
}

// ---------------------------------------------------------------------------------------------
// Country codes
// ---------------------------------------------------------------------------------------------

let countries: Map<string, { name: string; zones: string[] }> | null = null;

/**
 * Each ISO 3166 alpha-2 code's own zones in the shipped release's zone.tab (a zone is a country's own
 * when the country comes first in its zone.tab/zone1970.tab line: Europe/Berlin is Germany's, not
 * Norway's, which has Europe/Oslo), by upper-case code.
 */
export function countryZones(): ReadonlyMap<string, { name: string; zones: string[] }> {
  if (countries) return countries;
  const meta = engineData().zoneTab();
  countries = new Map();
  for (const [code, { name, zones }] of Object.entries(meta.countries)) {
    const own = zones.filter((z) => meta.zones[z]?.countries[0] === code);
    if (own.length) countries.set(code.toUpperCase(), { name, zones: own });
  }
  return countries;
}

let zoneCountries: Map<string, string> | null = null;

/**
 * The country a zone is named for: the one whose zone.tab line names it (the first country of its
 * zone1970.tab line, as countryZones counts a country's own zones): Europe/London → GB, Europe/Berlin →
 * DE although zone1970.tab shares it with DK, NO and SE, Europe/Copenhagen → DK. Undefined for a name
 * zone.tab has no line for (UTC, Etc/GMT±N, fixed offsets such as +05:30, legacy links).
 */
export function zoneCountry(zone: string): string | undefined {
  if (!zoneCountries) {
    const meta = engineData().zoneTab();
    zoneCountries = new Map();
    for (const [name, { countries: codes }] of Object.entries(meta.zones)) if (codes[0]) zoneCountries.set(name, codes[0].toUpperCase());
  }
  return zoneCountries.get(zone);
}
