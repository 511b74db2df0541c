/**
 * Holiday data from `date-holidays`, shaped for the holiday tools: the catalogue of supported
 * countries and subdivisions, one rules instance per jurisdiction, and per-year holiday lists with one
 * entry per holiday day. Both caches are bounded in bytes (engine/holidays/holiday-cache.ts: the weights
 * measured, the budgets and why), and date-holidays' own memory of the years it computed is emptied
 * after every year, so a cached instance does not grow with the years asked of it.
 *
 * Dates come from the `date` string date-holidays writes in the jurisdiction's local calendar,
 * never from its `start`/`end` instants (Hijri holidays start at the previous evening, which as an
 * instant falls on the day before); the instances run in UTC only so that a holiday's length is a
 * plain difference of instants, free of daylight-saving shifts.
 */
import type HolidaysClass from 'date-holidays';
import { engineData } from '../data.ts';
import { fromEpochDay, toEpochDay } from '../date/calendar.ts';
import { DAY_MS } from '../instant.ts';
import { versions } from '../provenance.ts';
import { ENGLISH_NAMES } from './subdivision-names.ts';
import { ByteLru, dayListBytes, INSTANCE_BUDGET_BYTES, instanceBytes, YEAR_BUDGET_BYTES } from './holiday-cache.ts';
import { applyOfficial, officialTypes } from './official/layer.ts';

// date-holidays parses data for every country when loaded (~250 ms): the server's data (engine/data.ts)
// loads it on first use, not at start-up, so the server is healthy sooner; `preloadHolidayData()` loads
// it in the background.
const Holidays = (): typeof HolidaysClass => engineData().holidays();

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
  source?: string; // the publication, where the official-calendar layer (official/layer.ts) added or changed the day
}

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

/** A supported country's names in every language date-holidays' data gives, and its subdivisions' (the name index reads them). */
export interface CatalogueNames {
  code: string;
  names: string[];
  /** Each subdivision's names, by its code as the data writes it (its English catalogue name first). */
  subdivisionNames: Map<string, string[]>;
}

interface CountryEntry extends Country, CatalogueNames {}

/** An entry of date-holidays-parser's data (the same shape in a page's catalogue): its `name`, or one per language. */
type NamedEntry = { name?: string; names?: Record<string, string>; states?: Record<string, NamedEntry>; regions?: Record<string, NamedEntry> };
const namesOf = (first: string, entry: NamedEntry | undefined): string[] => [
  ...new Set([first, entry?.name, ...Object.values(entry?.names ?? {})].filter((n): n is string => typeof n === 'string' && n !== '')),
];

let catalogue: Map<string, CountryEntry> | undefined;

function countryCatalogue(): Map<string, CountryEntry> {
  if (catalogue) return catalogue;
  const hd = new (Holidays())();
  // The parser's own data: its getCountries and getStates give one language at a time.
  const raw = (hd as unknown as { __data?: { data?: { holidays?: Record<string, NamedEntry> } } }).__data?.data?.holidays ?? {};
  const built = new Map<string, CountryEntry>();
  for (const [code, name] of Object.entries(hd.getCountries('en'))) {
    const subdivisions = Object.entries(hd.getStates(code, 'en') ?? {})
      .map(([sub, subName]) => ({ code: sub, name: ENGLISH_NAMES[`${code}-${sub}`]?.[0] ?? subName }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const own = raw[code]?.states ?? raw[code]?.regions ?? {};
    const subdivisionNames = new Map(subdivisions.map((s) => [s.code, namesOf(s.name, own[s.code])]));
    const upper = code.toUpperCase();
    built.set(upper, { code: upper, name, subdivisions, names: namesOf(name, raw[code]), subdivisionNames });
  }
  catalogue = built;
  return built;
}

/** Every supported country with its subdivisions, sorted by code; names in English (subdivision-names.ts where the data has only local ones). */
export function supportedCountries(): Country[] {
  return [...countryCatalogue().values()]
    .sort((a, b) => (a.code < b.code ? -1 : 1))
    .map(({ code, name, subdivisions }) => ({ code, name, subdivisions: subdivisions.map((s) => ({ ...s })) }));
}

/** Every supported country's names and its subdivisions', by code (shared: do not modify). */
export const catalogueNames = (): ReadonlyMap<string, CatalogueNames> => countryCatalogue();

/** A supported country's catalogue entry (code upper-case), or undefined (shared: do not modify). */
export const catalogueCountry = (code: string): Readonly<Country> | undefined => countryCatalogue().get(code);

/** Supported country codes, sorted (for argument completion). */
export const holidayCountryCodes = (): string[] => [...countryCatalogue().keys()].sort();

/** Subdivision suffixes of a supported country (`ENG`, `SCT`, ...), sorted; [] for an unknown one. */
export const holidaySubdivisionCodes = (country: string): string[] =>
  (countryCatalogue().get(country.trim().toUpperCase())?.subdivisions ?? []).map((s) => s.code);

export const isSupportedCountry = (code: string): boolean => countryCatalogue().has(code.toUpperCase());

export const DISCOVERY_ROUTE = 'GET /v1/holidays/countries';
/** The tool listing the supported codes, as error texts name it: the same name on every front end. */
export const DISCOVERY_TOOL = 'list_holiday_countries';

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
  /** Its rules as date-holidays writes them (what a year costs follows from them: engine/holidays/holiday-work.ts). */
  rules: readonly string[];
}

/** A date-holidays rule as its instance keeps it (`holidays[rule]`); `fn.cache` is its year → event memory, `fn.event` the last. */
type RuleEntry = { fn?: { cache?: Map<number, unknown>; event?: unknown } }; // or `false` for a rule unset, which has no `fn` either
const ruleTable = (hd: HolidaysClass) => (hd as unknown as { holidays: Record<string, RuleEntry> }).holidays;

const jurisdictions = new ByteLru<string, Jurisdiction>(INSTANCE_BUDGET_BYTES);

/** A new jurisdiction, not cached (the cache's and the benchmark's). */
export function buildJurisdiction(country: string, subdivision: string | null): Jurisdiction {
  const Ctor = Holidays();
  const hd = subdivision ? new Ctor(country, subdivision, { timezone: 'UTC' }) : new Ctor(country, { timezone: 'UTC' });
  return {
    key: `${country}|${subdivision ?? ''}`,
    country,
    subdivision,
    hd,
    localLanguages: [...hd.getLanguages()],
    types: new Set([...(hd.getRules() as unknown as { type?: string }[]).map((r) => String(r.type)), ...officialTypes(country, subdivision)]),
    englishNames: new Map(),
    rules: Object.entries(ruleTable(hd)).flatMap(([rule, entry]) => (entry?.fn ? [rule] : [])),
  };
}

/** The jurisdiction for codes already checked by the input schema (country upper-case, subdivision as the data writes it). */
export function jurisdiction(country: string, subdivision: string | null): Jurisdiction {
  return jurisdictions.getOrCreate(
    `${country}|${subdivision ?? ''}`,
    () => buildJurisdiction(country, subdivision),
    (j) => instanceBytes(j.rules.length),
  );
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
const startedInYear = new ByteLru<string, readonly HolidayDay[]>(YEAR_BUDGET_BYTES);

/** Computes the holiday days starting in `year` (then official/layer.ts corrects them) and empties date-holidays' memory of the years. */
export function computeYear(j: Jurisdiction, year: number): HolidayDay[] {
  const days: HolidayDay[] = [];
  try {
    for (const h of j.hd.getHolidays(year)) {
      if (!isHolidayType(h.type)) continue;
      const substitute = h.substitute === true;
      const name = englishName(j, h.rule, substitute) ?? h.name;
      for (const date of holidayDates(h.date, h.end.getTime() - h.start.getTime())) {
        days.push({ date, name, local_name: h.name, type: h.type, substitute });
      }
    }
  } finally {
    // date-holidays-parser's DateFn keeps every year it computed (`cache`) and the last (`event`); the year's
    // lists are cached here instead, in bytes. Within one getHolidays call they stay (rules that look at
    // other rules' dates, such as bridge days, reuse them).
    for (const entry of Object.values(ruleTable(j.hd))) if (entry?.fn) Object.assign(entry.fn, { event: undefined }).cache?.clear();
  }
  return applyOfficial(j.country, j.subdivision, year, days);
}

const holidaysStartingIn = (j: Jurisdiction, year: number): readonly HolidayDay[] =>
  startedInYear.getOrCreate(
    `${j.key}|${year}`,
    () => computeYear(j, year),
    (days) => dayListBytes(days.length),
  );

/** What the holiday caches hold now (tests, the benchmark). */
export const holidayCacheStats = () => ({
  jurisdictions: { entries: jurisdictions.size, bytes: jurisdictions.bytes, budget: jurisdictions.budgetBytes },
  years: { entries: startedInYear.size, bytes: startedInYear.bytes, budget: startedInYear.budgetBytes },
});

/** Empties both holiday caches (the benchmark measures cold work). */
export function clearHolidayCaches(): void {
  jurisdictions.clear();
  startedInYear.clear();
}

/** Canonical form of a types list: distinct, in HOLIDAY_TYPES order. */
export const normaliseTypes = (types: readonly HolidayType[] = DEFAULT_TYPES): HolidayType[] => HOLIDAY_TYPES.filter((t) => types.includes(t));

const typeRank = (t: HolidayType) => HOLIDAY_TYPES.indexOf(t);

/**
 * The holiday days of the given types dated in `year`, sorted by date (then public before bank …
 * before observance). Includes the tail of a multi-day holiday begun the year before, and a
 * substitute day brought forward from the next year (date-holidays lists that one in its own year).
 * The days are shared: do not modify them.
 */
export function holidaysInYear(j: Jurisdiction, year: number, types: readonly HolidayType[]): readonly HolidayDay[] {
  const wanted = normaliseTypes(types);
  if (!wanted.some((t) => j.types.has(t))) return [];
  const prefix = `${String(year).padStart(4, '0')}-`;
  const seen = new Set<string>();
  const days: HolidayDay[] = [];
  for (const list of [holidaysStartingIn(j, year - 1), holidaysStartingIn(j, year)]) {
    for (const day of list) {
      const id = `${day.date}|${day.type}|${day.name}`;
      if (!day.date.startsWith(prefix) || !wanted.includes(day.type) || seen.has(id)) continue;
      seen.add(id);
      days.push(day);
    }
  }
  // Stable: holidays of one date and type keep date-holidays' order.
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : typeRank(a.type) - typeRank(b.type)));
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
