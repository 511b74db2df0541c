/**
 * The data files calculator pages fetch to compute in the browser (build time only; the pages fetch them
 * from /calculator-data/). Each is the engine's shipped data, the files engine/data-node.ts reads on the
 * server, keyed by the file they come from (engine/browser/page-data.ts reads them in a page, the page's
 * engine data), cut only to the fields the engine reads:
 * - `zones`: the tzdb release (moment-timezone's packed build, whole, and its zone.tab), CLDR's Windows
 *   zone IDs and the boundary data's zone names (the names zone-names.ts answers with; not its shapes);
 * - `week`: CLDR's weekend days;
 * - `countries`: CLDR's English country names and alpha-3 codes (read by the place search's module, which
 *   the meeting planner imports, and by the holiday tools' country input);
 * - `holidays`: date-holidays' catalogue (every country's and subdivision's names, no rules) and the
 *   holiday names; `holidays-XX`: one country's rules (with the rules of countries they refer to), fetched
 *   only for the country asked.
 * A page fetches a pack when a computation reads a part of it (website/src/scripts/page-engine.ts).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import territories from '../../datasets/cldr/territories.json' with { type: 'json' };
import territoriesManifest from '../../datasets/cldr/territories.manifest.json' with { type: 'json' };

const require = createRequire(import.meta.url);

type Files = Record<string, unknown>;

interface HolidayEntry {
  names?: Record<string, string>;
  name?: string;
  days?: Record<string, unknown>;
  /** A reference to another jurisdiction's days: a country code or a path from one. */
  _days?: string | string[];
  states?: Record<string, HolidayEntry>;
  regions?: Record<string, HolidayEntry>;
  [key: string]: unknown;
}
interface HolidayData {
  version: string;
  license: string;
  holidays: Record<string, HolidayEntry>;
  names: Record<string, unknown>;
}

let holidayFile: HolidayData | undefined;

/**
 * date-holidays' data as the package ships it (`date-holidays/data`, the object the server's rules read),
 * read from its JSON file: the module's object is changed in place as rules are read (names merged in).
 */
function holidayData(): HolidayData {
  if (holidayFile) return holidayFile;
  const file = join(dirname(require.resolve('date-holidays/package.json')), 'data', 'holidays.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as HolidayData;
  const shipped = (require('date-holidays/data') as { data: HolidayData }).data.version;
  if (data.version !== shipped) throw new Error(`date-holidays: data/holidays.json is ${data.version}, the module's data ${shipped}`);
  holidayFile = data;
  return data;
}

function zones(): Files {
  const meta = require('moment-timezone/data/meta/latest.json') as {
    version: string;
    countries: Record<string, { name: string; zones: string[] }>;
    zones: Record<string, { countries: string[] }>;
  };
  const windows = require('cldr-core/supplemental/windowsZones.json') as { supplemental: { windowsZones: { mapTimezones: unknown[] } } };
  const boundaryIndex = join(dirname(require.resolve('geo-tz/all')), '..', 'data', 'timezones.geojson.index.json');
  return {
    'moment-timezone/data/packed/latest.json': require('moment-timezone/data/packed/latest.json'),
    'moment-timezone/data/meta/latest.json': {
      version: meta.version,
      countries: Object.fromEntries(Object.entries(meta.countries).map(([code, c]) => [code, { name: c.name, zones: c.zones }])),
      zones: Object.fromEntries(Object.entries(meta.zones).map(([name, z]) => [name, { countries: z.countries }])),
    },
    'cldr-core/supplemental/windowsZones.json': { supplemental: { windowsZones: { mapTimezones: windows.supplemental.windowsZones.mapTimezones } } },
    'geo-tz/data/timezones.geojson.index.json': { timezones: (JSON.parse(readFileSync(boundaryIndex, 'utf8')) as { timezones: string[] }).timezones },
  };
}

function week(): Files {
  const data = require('cldr-core/supplemental/weekData.json') as {
    supplemental: { version: { _cldrVersion: string }; weekData: { weekendStart: unknown; weekendEnd: unknown } };
  };
  const { weekendStart, weekendEnd } = data.supplemental.weekData;
  return {
    'cldr-core/supplemental/weekData.json': {
      supplemental: { version: { _cldrVersion: data.supplemental.version._cldrVersion }, weekData: { weekendStart, weekendEnd } },
    },
    'cldr-core/package.json': { version: (require('cldr-core/package.json') as { version: string }).version },
  };
}

function countries(): Files {
  // cldr-localenames-full's file, committed (datasets/cldr/, scripts/data/cldr.ts): the pack keeps its name.
  const json = territories;
  const codes = require('cldr-core/supplemental/codeMappings.json') as { supplemental: { codeMappings: Record<string, { _alpha3?: string }> } };
  const alpha3 = Object.entries(codes.supplemental.codeMappings).flatMap(([code, m]) => (m._alpha3 ? [[code, { _alpha3: m._alpha3 }]] : []));
  return {
    'cldr-localenames-full/main/en/territories.json': { main: { en: { localeDisplayNames: { territories: json.main.en.localeDisplayNames.territories } } } },
    'cldr-core/supplemental/codeMappings.json': { supplemental: { codeMappings: Object.fromEntries(alpha3) } },
    'cldr-localenames-full/package.json': { version: territoriesManifest.obtained_from.version },
  };
}

/** A jurisdiction's names without its rules (what the catalogue reads: getCountries, getStates). */
function namesOnly(entry: HolidayEntry): HolidayEntry {
  const { days: _days, _days: _ref, states, regions, ...rest } = entry;
  const out: HolidayEntry = { ...rest };
  if (states) out.states = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, namesOnly(v)]));
  if (regions) out.regions = Object.fromEntries(Object.entries(regions).map(([k, v]) => [k, namesOnly(v)]));
  return out;
}

/** date-holidays' data with every country's names and no rules, and the holiday names the rules refer to. */
function holidays(): HolidayData {
  const { version, license, holidays: all, names } = holidayData();
  return { version, license, holidays: Object.fromEntries(Object.entries(all).map(([k, v]) => [k, namesOnly(v)])), names };
}

/** The countries whose rules a country's rules refer to (`_days`), itself first. */
function referred(code: string, all: Record<string, HolidayEntry>, seen = new Set<string>()): Set<string> {
  if (seen.has(code) || !all[code]) return seen;
  seen.add(code);
  const walk = (entry: HolidayEntry) => {
    if (entry._days) referred(typeof entry._days === 'string' ? entry._days : entry._days[0], all, seen);
    for (const child of [...Object.values(entry.states ?? {}), ...Object.values(entry.regions ?? {})]) walk(child);
  };
  walk(all[code]);
  return seen;
}

/** One country's rules, whole, with those of the countries they refer to. */
export function countryHolidays(code: string): Pick<HolidayData, 'holidays'> {
  const all = holidayData().holidays;
  return { holidays: Object.fromEntries([...referred(code, all)].map((c) => [c, all[c]])) };
}

/** The country codes date-holidays has rules for. */
export const holidayCountries = (): string[] => Object.keys(holidayData().holidays);

/** The packs, by name (`holidays-XX` are countryHolidays). */
export const DATA_PACKS: Record<string, () => unknown> = { zones, week, holidays, countries };

/** Where a page fetches a pack. */
export const dataPath = (pack: string): string => `/calculator-data/${pack}.json`;
