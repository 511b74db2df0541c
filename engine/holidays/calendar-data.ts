/**
 * Holiday data from `date-holidays`, shaped for the holiday tools: the catalogue of supported
 * countries and subdivisions, one rules instance per jurisdiction (bounded cache: instances are
 * relatively expensive to build), and per-year holiday lists with one entry per holiday day
 * (bounded LRU, so repeated and year-spanning questions reuse work).
 *
 * Dates come from the `date` string date-holidays writes in the jurisdiction's local calendar,
 * never from its `start`/`end` instants (Hijri holidays start at the previous evening, which as an
 * instant falls on the day before); the instances run in UTC only so that a holiday's length is a
 * plain difference of instants, free of daylight-saving shifts.
 */
import { createRequire } from 'node:module';
import type HolidaysClass from 'date-holidays';
import { fromEpochDay, toEpochDay } from '../date/calendar.ts';
import { versions } from '../provenance.ts';

// date-holidays parses data for every country when loaded (~250 ms): loaded on first use, not at
// start-up, so the server is healthy sooner; `preloadHolidayData()` loads it in the background.
let HolidaysCtor: typeof HolidaysClass | undefined;
const Holidays = (): typeof HolidaysClass => (HolidaysCtor ??= createRequire(import.meta.url)('date-holidays') as typeof HolidaysClass);

/** Loads the holiday data now (called in the background after the server starts listening). */
export function preloadHolidayData(): void {
  Holidays();
}

/** date-holidays' types, in the order answers list holidays of one day (public first). */
export const HOLIDAY_TYPES = ['public', 'bank', 'optional', 'school', 'observance'] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];
export const DEFAULT_TYPES: readonly HolidayType[] = ['public'];

/** The years the holiday answers cover. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

/** One day of one holiday: a multi-day holiday gives one of these per day. */
export interface HolidayDay {
  date: string;
  /** English where the data has it, else the local name. */
  name: string;
  local_name: string;
  type: HolidayType;
  substitute: boolean;
}

/** A small least-recently-used cache on a Map (insertion order is recency order). */
export class LruCache<K, V> {
  readonly #map = new Map<K, V>();
  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#map.size;
  }

  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.capacity) this.#map.delete(this.#map.keys().next().value as K);
  }

  getOrCreate(key: K, create: () => V): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = create();
    this.set(key, value);
    return value;
  }
}

// ----- versions ---------------------------------------------------------------------------------

export const DATE_HOLIDAYS_VERSION = versions.dateHolidays;

// ----- catalogue --------------------------------------------------------------------------------

export interface Subdivision {
  code: string;
  name: string;
}
export interface Country {
  code: string;
  name: string;
  subdivisions: Subdivision[];
}

interface CountryEntry extends Country {
  /** Upper-cased subdivision code → the code as the data writes it. */
  lookup: Map<string, string>;
}

let catalogue: Map<string, CountryEntry> | undefined;

function countryCatalogue(): Map<string, CountryEntry> {
  if (catalogue) return catalogue;
  const hd = new (Holidays())();
  const built = new Map<string, CountryEntry>();
  for (const [code, name] of Object.entries(hd.getCountries('en'))) {
    const subdivisions = Object.entries(hd.getStates(code, 'en') ?? {})
      .map(([sub, subName]) => ({ code: sub, name: subName }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const lookup = new Map(subdivisions.map((s) => [s.code.toUpperCase(), s.code]));
    built.set(code.toUpperCase(), { code: code.toUpperCase(), name, subdivisions, lookup });
  }
  catalogue = built;
  return built;
}

/** Every supported country with its subdivisions, sorted by code; names in English. */
export function supportedCountries(): Country[] {
  return [...countryCatalogue().values()]
    .sort((a, b) => (a.code < b.code ? -1 : 1))
    .map(({ code, name, subdivisions }) => ({ code, name, subdivisions: subdivisions.map((s) => ({ ...s })) }));
}

/** Supported country codes, sorted (for argument completion). */
export const holidayCountryCodes = (): string[] => [...countryCatalogue().keys()].sort();

/** Subdivision suffixes of a supported country (`ENG`, `SCT`, ...), sorted; [] for an unknown one. */
export const holidaySubdivisionCodes = (country: string): string[] =>
  (countryCatalogue().get(country.trim().toUpperCase())?.subdivisions ?? []).map((s) => s.code);

export const isSupportedCountry = (code: string): boolean => countryCatalogue().has(code.toUpperCase());

export const DISCOVERY_ROUTE = 'GET /v1/holidays/countries';
/** The tool listing the supported codes, as error texts name it: the same name on every front end. */
export const DISCOVERY_TOOL = 'list_holiday_countries';

/**
 * The data's code for a subdivision written as the ISO 3166-2 suffix (`ENG`) or in full (`GB-ENG`),
 * case-insensitively; or why it is not one of `country`'s (a message for the `subdivision` field).
 */
export function resolveSubdivision(country: string, written: string): { code: string } | { error: string } {
  const entry = countryCatalogue().get(country.toUpperCase());
  if (!entry) return { error: `cannot be checked: country is not supported; see ${DISCOVERY_TOOL}` };
  let suffix = written.trim();
  const full = /^([A-Za-z]{2})-(.+)$/.exec(suffix);
  if (full) {
    if (full[1].toUpperCase() !== entry.code) {
      return {
        error: `names country ${full[1].toUpperCase()}, not ${entry.code}; give the ISO 3166-2 suffix (such as ENG) or the full form of a ${entry.code} subdivision`,
      };
    }
    suffix = full[2];
  }
  const code = entry.lookup.get(suffix.toUpperCase());
  if (code) return { code };
  if (entry.subdivisions.length === 0)
    return { error: `is not supported: the holiday data has no subdivisions for ${entry.code}; leave it out, see ${DISCOVERY_TOOL}` };
  return { error: `is not a supported subdivision of ${entry.code}; see ${DISCOVERY_TOOL} for its codes` };
}

// ----- jurisdictions ----------------------------------------------------------------------------

/** A country or one of its subdivisions, with its date-holidays rules instance. */
export interface Jurisdiction {
  key: string;
  country: string;
  subdivision: string | null;
  hd: HolidaysClass;
  /** Languages of the local names, most preferred first. */
  localLanguages: readonly string[];
  /** Holiday types the rules can produce at all (lets a search stop early). */
  types: ReadonlySet<string>;
  /** rule → English name (without the substitute suffix) and whether a substitute day gets the suffix. */
  englishNames: Map<string, { base: string; suffixed: boolean }>;
}

const jurisdictions = new LruCache<string, Jurisdiction>(128);

/** The jurisdiction for codes already checked by the input schema (country upper-case, subdivision as the data writes it). */
export function jurisdiction(country: string, subdivision: string | null): Jurisdiction {
  const key = `${country}|${subdivision ?? ''}`;
  return jurisdictions.getOrCreate(key, () => {
    const Ctor = Holidays();
    const hd = subdivision ? new Ctor(country, subdivision, { timezone: 'UTC' }) : new Ctor(country, { timezone: 'UTC' });
    return {
      key,
      country,
      subdivision,
      hd,
      localLanguages: [...hd.getLanguages()],
      types: new Set((hd.getRules() as unknown as { type?: string }[]).map((r) => String(r.type))),
      englishNames: new Map(),
    };
  });
}

/**
 * The English name of a holiday, chosen exactly as date-holidays' own `getHolidays(year, 'en')`
 * does (English, else the local languages in order) but without its second rules evaluation
 * (a test checks the two agree for every jurisdiction).
 */
function englishName(j: Jurisdiction, rule: string, substitute: boolean): string | undefined {
  let known = j.englishNames.get(rule);
  if (!known) {
    // The declared HolidayRule class omits the fields its instances carry.
    const names = (j.hd.getRule(rule) as unknown as { name?: string | Record<string, string> } | undefined)?.name;
    const base = typeof names === 'string' ? names : ['en', ...j.localLanguages].map((l) => names?.[l]).find(Boolean);
    if (base === undefined) return undefined;
    // date-holidays adds the substitute suffix only to names given per language.
    known = { base, suffixed: typeof names !== 'string' };
    j.englishNames.set(rule, known);
  }
  return substitute && known.suffixed ? `${known.base} (substitute day)` : known.base;
}

const DAY_MS = 86_400_000;
const LOCAL_DATE = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** The local dates a holiday covers: from its `date` through the day its end falls on (a part-day holiday covers its one date). */
export function holidayDates(localDate: string, durationMs: number): string[] {
  const m = LOCAL_DATE.exec(localDate);
  if (!m) return [];
  const startOfDayMs = ((Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)) * 60 + Number(m[4] ?? 0)) * 1000;
  const days = Math.max(1, Math.ceil((startOfDayMs + Math.max(0, durationMs)) / DAY_MS));
  const first = toEpochDay(m[1]);
  return Array.from({ length: days }, (_, i) => fromEpochDay(first + i));
}

const isHolidayType = (t: string): t is HolidayType => (HOLIDAY_TYPES as readonly string[]).includes(t);

/** Every holiday day of every type starting in `year` (a multi-day holiday may run into the next year). */
const startedInYear = new LruCache<string, readonly HolidayDay[]>(1024);

function holidaysStartingIn(j: Jurisdiction, year: number): readonly HolidayDay[] {
  return startedInYear.getOrCreate(`${j.key}|${year}`, () => {
    const days: HolidayDay[] = [];
    for (const h of j.hd.getHolidays(year)) {
      if (!isHolidayType(h.type)) continue;
      const substitute = h.substitute === true;
      const name = englishName(j, h.rule, substitute) ?? h.name;
      for (const date of holidayDates(h.date, h.end.getTime() - h.start.getTime())) {
        days.push({ date, name, local_name: h.name, type: h.type, substitute });
      }
    }
    return days;
  });
}

/** Canonical form of a types list: distinct, in HOLIDAY_TYPES order. */
export const normaliseTypes = (types: readonly HolidayType[] = DEFAULT_TYPES): HolidayType[] => HOLIDAY_TYPES.filter((t) => types.includes(t));

const typeRank = (t: HolidayType) => HOLIDAY_TYPES.indexOf(t);
const yearLists = new LruCache<string, readonly HolidayDay[]>(2048);

/**
 * The holiday days of the given types dated in `year`, sorted by date (then public before bank …
 * before observance). Includes the tail of a multi-day holiday begun the year before, and a
 * substitute day brought forward from the next year (date-holidays lists that one in its own year).
 * The returned list is shared: do not modify it.
 */
export function holidaysInYear(j: Jurisdiction, year: number, types: readonly HolidayType[]): readonly HolidayDay[] {
  const wanted = normaliseTypes(types);
  return yearLists.getOrCreate(`${j.key}|${year}|${wanted.join(',')}`, () => {
    if (!wanted.some((t) => j.types.has(t))) return [];
    const prefix = `${String(year).padStart(4, '0')}-`;
    const seen = new Set<string>();
    const days: HolidayDay[] = [];
    for (const day of [...holidaysStartingIn(j, year - 1), ...holidaysStartingIn(j, year)]) {
      const id = `${day.date}|${day.type}|${day.name}`;
      if (!day.date.startsWith(prefix) || !wanted.includes(day.type) || seen.has(id)) continue;
      seen.add(id);
      days.push(day);
    }
    // Stable: holidays of one date and type keep date-holidays' order.
    return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : typeRank(a.type) - typeRank(b.type)));
  });
}

/** Holiday days of the given types from `first` through `last` (dates YYYY-MM-DD inside MIN_YEAR..MAX_YEAR), sorted. */
export function holidaysBetween(j: Jurisdiction, first: string, last: string, types: readonly HolidayType[]): HolidayDay[] {
  const out: HolidayDay[] = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    for (const day of holidaysInYear(j, year, types)) if (day.date >= first && day.date <= last) out.push(day);
  }
  return out;
}

/** Whether any rule of the jurisdiction produces holidays of one of these types. */
export const hasTypes = (j: Jurisdiction, types: readonly HolidayType[]): boolean => types.some((t) => j.types.has(t));
