/**
 * A city page's numbers, computed at build time with the engine's own tools, as the API answers them:
 * get_time_in_zone (the offset now and the coming clock changes), sun_events for every local day of the
 * month, moon_events from the day to the month's end, moon_phases for the month's phases, next_holidays for
 * the country.
 * What depends only on the zone (clock changes, the Moon's month) or the country (holidays) is computed
 * once per build and shared by every page that needs it; only the Sun and the Moon's rising are per place.
 * The build instant is SOURCE_DATE_EPOCH when set (a reproducible build), else the clock; each page is for
 * the local date of that instant in its zone.
 */
import './engine-server.ts';
import { holidayCountryCodes, toolByName } from '../../../engine/index.ts';
import type { CityPlace } from './city-pages-list.ts';
import { escapeText } from './city-pages-words.ts';
import { type MoonMonth, moonMonth } from './moon-calendar.ts';
import { calculators, inputFields, SITE_NAME } from './site.ts';

/** The instant every city page is computed for. */
export const CITY_BUILD_INSTANT = new Date(
  process.env.SOURCE_DATE_EPOCH ? Number(process.env.SOURCE_DATE_EPOCH) * 1000 : Math.floor(Date.now() / 60_000) * 60_000,
);
/** How far ahead the page carries the zone's clock changes (its clock ticks from them without the engine). */
const CHANGES_AHEAD_MS = 2 * 366 * 86_400_000;
/** Holidays carried in the page: the first ones shown, the rest for when those have passed. */
export const HOLIDAYS_CARRIED = 10;
export const HOLIDAYS_SHOWN = 5;

const ctx = { now: () => CITY_BUILD_INSTANT };

/** A tool's answer exactly as the API serialises it (output schema applied). */
async function answer<T>(name: string, input: Record<string, unknown>): Promise<T> {
  const tool = toolByName(name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.output.parse(await tool.run(tool.input.parse(input), ctx)) as T;
}

export interface ZoneNow {
  timezone: string;
  local_time: string;
  utc_offset: string;
  utc_offset_seconds: number;
  abbreviation: string | null;
  dst: boolean;
  day_of_week: string;
  next_transition: { at: string; utc_offset_seconds: number } | null;
}

/** From `fromMs` on, the zone's offset (seconds), abbreviation and whether it is summer time. */
export interface OffsetSpan {
  fromMs: number;
  offset: number;
  abbreviation: string | null;
  dst: boolean;
}

export interface ZoneClock {
  now: ZoneNow;
  /** The offset now and at each change within CHANGES_AHEAD_MS, in time order. */
  spans: OffsetSpan[];
  /** Until when the spans are known (the next change after them, or the end of the window). */
  knownUntilMs: number;
}

export interface SunDayAnswer {
  date: string;
  sunrise: string | null;
  sunset: string | null;
  solar_noon: string | null;
  day_length_seconds: number;
  sun_status: 'normal' | 'midnight_sun' | 'polar_night';
}

export interface MoonDayAnswer {
  date: string;
  moonrise: string | null;
  moonset: string | null;
  phase_name: string;
  illumination_fraction: number;
}

export interface Holiday {
  date: string;
  name: string;
  local_name: string;
  days_until: number;
}

export interface CityPageData {
  place: CityPlace;
  buildInstant: string;
  /** The local date of the build instant at the place. */
  date: string;
  clock: ZoneClock;
  sunMonth: SunDayAnswer[];
  moonToday: MoonDayAnswer;
  /** moon_events from the build's day to the month's end (the page's later days this month read them). */
  moonRest: MoonDayAnswer[];
  moonMonth: MoonMonth;
  /** The month's principal phases, local times in the zone. */
  phases: { phase: string; at: string; local_time: string }[];
  /** Null where the holiday data has no rules for the country. */
  holidays: Holiday[] | null;
}

const memo = <T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> => {
  let p = map.get(key);
  if (!p) map.set(key, (p = make()));
  return p;
};

const clocks = new Map<string, Promise<ZoneClock>>();
const moonMonths = new Map<string, Promise<{ month: MoonMonth; phases: CityPageData['phases'] }>>();
const holidayLists = new Map<string, Promise<Holiday[] | null>>();

/** The zone's offset now and its changes ahead, from get_time_in_zone asked at each change in turn. */
export function zoneClock(zone: string): Promise<ZoneClock> {
  return memo(clocks, zone, async () => {
    const now = await answer<ZoneNow>('get_time_in_zone', { timezone: zone, at: CITY_BUILD_INSTANT.toISOString() });
    const spans: OffsetSpan[] = [{ fromMs: CITY_BUILD_INSTANT.getTime(), offset: now.utc_offset_seconds, abbreviation: now.abbreviation, dst: now.dst }];
    const end = CITY_BUILD_INSTANT.getTime() + CHANGES_AHEAD_MS;
    let next = now.next_transition;
    while (next && Date.parse(next.at) <= end) {
      const then = await answer<ZoneNow>('get_time_in_zone', { timezone: zone, at: next.at });
      spans.push({ fromMs: Date.parse(next.at), offset: then.utc_offset_seconds, abbreviation: then.abbreviation, dst: then.dst });
      next = then.next_transition;
    }
    return { now, spans, knownUntilMs: next ? Math.min(Date.parse(next.at), end) : end };
  });
}

/** The Moon's month in the zone (each day's lit fraction at noon) and moon_phases' principal phases within it. */
function moonOfMonth(zone: string, date: string) {
  return memo(moonMonths, `${zone} ${date.slice(0, 7)}`, async () => {
    const found = await answer<{ phases: CityPageData['phases'] }>('moon_phases', { start: `${date.slice(0, 7)}-01`, count: 5, timezone: zone });
    return { month: moonMonth(date, zone), phases: found.phases.filter((p) => p.local_time.slice(0, 7) === date.slice(0, 7)) };
  });
}

/** The day before a date (next_holidays lists holidays after its `after`, so today's is listed). */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

let holidayCountries: Set<string> | undefined;

/** next_holidays for the country from the date on (public holidays), or null where it has no rules. */
export function countryHolidays(country: string, date: string): Promise<Holiday[] | null> {
  if (!holidayCodes().has(country)) return Promise.resolve(null);
  return memo(holidayLists, `${country} ${date}`, async () => {
    const found = await answer<{ holidays: Holiday[] }>('next_holidays', { country, after: dayBefore(date), count: HOLIDAYS_CARRIED });
    return found.holidays.map(({ date: d, name, local_name, days_until }) => ({ date: d, name, local_name, days_until }));
  });
}

const daysInMonthOf = (date: string) => new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();

/** Everything a city page shows, for the build instant. */
export async function cityPageData(place: CityPlace): Promise<CityPageData> {
  const zone = place.timezone;
  const clock = await zoneClock(zone);
  const date = clock.now.local_time.slice(0, 10);
  const where = { lat: place.lat, lon: place.lon, timezone: zone };
  const [sun, moon, moonMonthAndPhases, holidays] = await Promise.all([
    answer<{ days: SunDayAnswer[] }>('sun_events', { ...where, date: `${date.slice(0, 7)}-01`, days: daysInMonthOf(date) }),
    answer<{ days: MoonDayAnswer[] }>('moon_events', { ...where, date, days: daysInMonthOf(date) - Number(date.slice(8, 10)) + 1 }),
    moonOfMonth(zone, date),
    countryHolidays(place.country, date),
  ]);
  return {
    place,
    buildInstant: CITY_BUILD_INSTANT.toISOString(),
    date,
    clock,
    sunMonth: sun.days,
    moonToday: moon.days[0],
    moonRest: moon.days,
    moonMonth: moonMonthAndPhases.month,
    phases: moonMonthAndPhases.phases,
    holidays,
  };
}

/** The calculators with the place filled in (their permalinks: the tools' own input names), checked against the registry. */
export function calculatorLinks(place: CityPlace, date: string): { name: string; href: string; what: string }[] {
  const at = { lat: String(place.lat), lon: String(place.lon) };
  const links: [slug: string, what: string, query: Record<string, string>][] = [
    ['sunrise-sunset', `Sunrise, sunset and twilight on any date in ${place.name}`, { ...at, timezone: place.timezone }],
    ['moonrise-moonset', `Moonrise and moonset in ${place.name}`, { ...at, timezone: place.timezone }],
    ['moon-phases', `The Moon's phases in ${place.name}'s time zone`, { start: `${date.slice(0, 7)}-01`, timezone: place.timezone }],
    ['time-in-time-zone', `The time in ${place.name} at any instant`, { timezone: place.timezone }],
    ['time-zone-converter', `Convert a time from ${place.name} to another zone`, { source_timezone: place.timezone, target_timezone: 'UTC' }],
    ['sun-position', `Where the Sun is in ${place.name}'s sky`, at],
    ['planets-in-the-sky', `Planets in the sky over ${place.name}`, at],
    ['next-public-holidays', `The next public holidays in ${place.countryName}`, { country: place.country }],
    ['public-holidays', `Public holidays in ${place.countryName} in ${date.slice(0, 4)}`, { country: place.country, year: date.slice(0, 4) }],
  ];
  const known = new Map(calculators.map((c) => [c.slug, c]));
  return links
    .filter(([slug]) => (slug !== 'next-public-holidays' && slug !== 'public-holidays' ? true : holidayCodes().has(place.country)))
    .map(([slug, what, query]) => {
      const calc = known.get(slug);
      if (!calc) throw new Error(`city pages link a calculator that does not exist: ${slug}`);
      const names = new Set(inputFields(calc.tool).map((f) => f.name));
      for (const name of Object.keys(query)) if (!names.has(name)) throw new Error(`${slug} has no input ${name}`);
      return { name: calc.meta.name, href: `${calc.path}?${new URLSearchParams(query)}`, what };
    });
}

const holidayCodes = () => (holidayCountries ??= new Set(holidayCountryCodes()));

/** Characters a page's `<title>` may have, as written in the HTML (`&amp;` is five, `&#39;` too): search results cut longer ones. */
const TITLE_MAX = 70;

/**
 * The first of the candidate titles that fits with the site's name (Base.astro writes `title · SITE_NAME`),
 * else the last cut at a word with an ellipsis: `Palikir - National…`.
 */
export function pageTitle(candidates: string[]): string {
  const written = (t: string) => escapeText(`${t} · ${SITE_NAME}`).length;
  const fits = candidates.find((t) => written(t) <= TITLE_MAX);
  if (fits) return fits;
  const words = candidates[candidates.length - 1].split(' ');
  while (words.length > 1 && written(`${words.join(' ')}…`) > TITLE_MAX) words.pop();
  return `${words.join(' ').replace(/[\s,-]+$/, '')}…`;
}
