/**
 * How a calculator whose answer does not read the clock opens on now and here (issue 32): by a rule per
 * tool, read by the same code at build time (London, the build's day: lib/now-answer.ts) and in the
 * visitor's browser (their zone's city and today: scripts/now-here.ts). A date calculator counts from
 * today (to 1 January of next year, to the end of the year, or by the worked example's amounts); a
 * business-day count takes the public holidays and weekend of the place's country (the engine's
 * list_holidays); a geographic calculator starts at the place and goes to whichever end of the worked
 * example lies farther from it, named by the nearest city of tzdb's zone.tab. The page says so in words
 * ("Days from today, 28 November 2026, to 1 January 2027"); a recurrence starts on the next day of its
 * example's weekday in the place's zone. Tools without a rule open as
 * lib/now-here.ts's nowInput says. Browser-safe.
 */
import zoneTab from '../../../datasets/tzdb/zone-tab.json' with { type: 'json' };
import type { AnyTool } from '../../../engine/browser/index.ts';
import type { NamedPlace } from './answers.ts';
import { cityOfZone, dayWords, nowInput, timeDependent, wallTime, type Here } from './now-here.ts';

/**
 * A day a date input opens on: today, 1 January of next year, 31 December of this year, or the first day
 * after today on the weekday of the tool's worked example (a local date and time keeps its time of day).
 */
export type OpeningDay = 'today' | 'new-year' | 'end-of-year' | 'next-weekday';

/** The words a page gives an opening: today, the place, the country's name and the zone, each as it says them. */
export interface SaidAs {
  today: string;
  here: string;
  country?: string;
  zone: string;
}

/** What an opening is for, in words; `today` and `here` carry their own commas ("today, 28 November 2026,"). */
export interface OpeningWords {
  today: string;
  here: string;
  /** The far end's name (the worked example's end farther from the place). */
  far: string;
  /** The holidays counted: "with public holidays in United Kingdom". */
  holidays: string;
  /** The zone: "Europe/London", "your time zone, Europe/Berlin". */
  zone: string;
  /** A date input's day in words: `28 November 2026`; with `long`, its weekday and time too: `Monday 30 November 2026 at 09:00`. */
  day: (name: string, long?: boolean) => string;
  input: Record<string, unknown>;
}

export interface OpeningRule {
  /** Date inputs, each with the day it opens on. */
  dates?: Readonly<Record<string, OpeningDay>>;
  /** The zone input the place's zone fills. */
  zone?: string;
  /** The coordinate pair (by prefix: '' or `from_`) the place fills. */
  here?: string;
  /** A text input the place's name fills (a place search). */
  named?: string;
  /** Inputs of the worked example the opening leaves out, for their defaults (its `limit: 1`). */
  drop?: readonly string[];
  /** The coordinate pair set to the end of the tool's worked example (its `from_` or `to_` pair) farther from the place. */
  farEnd?: string;
  /** A list input filled with the public holidays of the place's country from the first date through the last. */
  holidays?: string;
  /** What the answer is for, in words. */
  says: (w: OpeningWords) => string;
}

const amounts = (input: Record<string, unknown>) => {
  const parts = ['years', 'months', 'weeks', 'days']
    .map((unit) => [Number(input[unit] ?? 0), unit] as const)
    .filter(([n]) => n !== 0)
    .map(([n, unit]) => `${n} ${Math.abs(n) === 1 ? unit.slice(0, -1) : unit}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
};

/** By tool name: the calculators that open on today or the visitor's place by a rule of their own. */
export const OPENINGS: Readonly<Record<string, OpeningRule>> = {
  date_difference: { dates: { start: 'today', end: 'new-year' }, says: (w) => `Days from ${w.today} to ${w.day('end')}` },
  date_add: { dates: { start: 'today' }, says: (w) => `${w.today} plus ${amounts(w.input)}` },
  count_business_days: {
    dates: { start: 'today', end: 'end-of-year' },
    holidays: 'holidays',
    says: (w) => `Business days from ${w.today} to ${w.day('end')}, the end of the year, ${w.holidays}`,
  },
  geo_distance: { here: 'from_', farEnd: 'to_', says: (w) => `From ${w.here} to ${w.far}` },
  geo_midpoint: { here: 'from_', farEnd: 'to_', says: (w) => `Halfway from ${w.here} to ${w.far}` },
  geo_bounding_box: { here: '', says: (w) => `Around ${w.here} within ${w.input.radius_km} km` },
  // Answered by the server alone: their pages carry the build's answer for London (not Paris, München).
  geo_nearby: { here: '', says: (w) => `Places within ${w.input.radius_km} km of ${w.here}` },
  search_places: { named: 'q', drop: ['limit'], says: (w) => `The places named ${w.input.q}` },
  expand_recurrence: { dates: { start: 'next-weekday' }, zone: 'timezone', says: (w) => `Occurrences from ${w.day('start', true)} in ${w.zone}` },
};

/** Whether a calculator opens on now and here: its answer reads the moment (lib/now-here.ts), or it has a rule. */
export const opensOnNowAndHere = (tool: AnyTool): boolean => tool.name in OPENINGS || timeDependent(tool);

const ZONES = zoneTab.zones as unknown as Record<string, [number, number, string]>;
const RAD = Math.PI / 180;
/** Great-circle kilometres on a sphere, only to choose and name an end (the answers are the engine's). */
const roughKm = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const h = Math.sin(((b.lat - a.lat) * RAD) / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(((b.lon - a.lon) * RAD) / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** The zone.tab city within `km` of a position (JFK airport → New York, Changi → Singapore), or none. */
export function nearestZoneCity(lat: number, lon: number, km = 50): string | undefined {
  let best: [number, string] | undefined;
  for (const [zone, [zLat, zLon]] of Object.entries(ZONES)) {
    const d = roughKm({ lat, lon }, { lat: zLat, lon: zLon });
    if (d <= km && (!best || d < best[0])) best = [d, zone];
  }
  return best && cityOfZone(best[1]);
}

/** A country's public holidays and weekend in a year (the engine's list_holidays, run where the page is). */
export type ListHolidays = (input: { country: string; year: number; types: string[] }) => Promise<Record<string, unknown>>;

export interface OpeningInput {
  input: Record<string, unknown>;
  /** The places the input's coordinate pairs stand for, named in the answer's lead. */
  places: NamedPlace[];
  /** A rule's words for the answer, given the page's words of today, the place, the country and the zone; none for a tool without a rule. */
  says?: (w: SaidAs) => string;
}

const DEFAULT_WEEKEND = [6, 7];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const utcDay = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
/** 0 = Sunday … 6 = Saturday, of `YYYY-MM-DD…`. */
const weekdayOf = (date: string) => new Date(utcDay(date)).getUTCDay();
const addDays = (date: string, n: number) => new Date(utcDay(date) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A calculator's opening input for a moment and a place, from the page's input (the form's values at
 * build time, the visitor's in the browser); undefined for a tool that opens on its worked example.
 * `ownWall`: the wall time at the place when known without the engine's rules (the visitor's clock).
 */
export async function openingInput(
  tool: AnyTool,
  base: Record<string, unknown>,
  here: Here,
  nowMs: number,
  listHolidays: ListHolidays,
  ownWall?: string,
): Promise<OpeningInput | undefined> {
  const rule = OPENINGS[tool.name];
  const named: NamedPlace = { name: here.city, lat: here.lat, lon: here.lon };
  if (!rule) {
    const input = nowInput(tool, base, here, nowMs, ownWall);
    return input && { input, places: 'lat' in input && 'lon' in input ? [named] : [] };
  }
  const input: Record<string, unknown> = { ...base };
  const places: NamedPlace[] = [];
  const today = (ownWall ?? wallTime(nowMs, here.zone)).slice(0, 10);
  const year = Number(today.slice(0, 4));
  const days: Record<OpeningDay, (name: string) => string> = {
    today: () => today,
    'new-year': () => `${year + 1}-01-01`,
    'end-of-year': () => `${year}-12-31`,
    'next-weekday': (name) => {
      const example = String((tool.examples[0].input as Record<string, unknown>)[name]);
      const ahead = ((weekdayOf(example) - weekdayOf(today) + 6) % 7) + 1; // 1..7 days on
      return `${addDays(today, ahead)}${example.slice(10)}`;
    },
  };
  for (const [name, day] of Object.entries(rule.dates ?? {})) input[name] = days[day](name);
  if (rule.zone) input[rule.zone] = here.zone;
  if (rule.named) input[rule.named] = here.city;
  for (const name of rule.drop ?? []) delete input[name];
  let far = '';
  if (rule.farEnd !== undefined) {
    // The worked example's end farther from the place (New York → Singapore; Singapore → New York): the
    // tool's own example, not the page's input (in the browser, the build's London).
    const example = tool.examples[0].input as Record<string, unknown>;
    const ends = ['from_', 'to_'].map((p) => ({ lat: Number(example[`${p}lat`]), lon: Number(example[`${p}lon`]) }));
    const end = ends.reduce((a, b) => (roughKm(here, b) > roughKm(here, a) ? b : a));
    Object.assign(input, { [`${rule.farEnd}lat`]: end.lat, [`${rule.farEnd}lon`]: end.lon });
    const city = nearestZoneCity(end.lat, end.lon);
    far = city ?? `${end.lat}, ${end.lon}`;
    if (city) places.push({ name: city, ...end });
  }
  if (rule.here !== undefined) {
    Object.assign(input, { [`${rule.here}lat`]: here.lat, [`${rule.here}lon`]: here.lon });
    places.unshift(named);
  }
  if (rule.holidays) {
    // The example's own holidays (another year's) go; the place's country's come, with its weekend.
    delete input[rule.holidays];
    const dates = Object.keys(rule.dates ?? {}).map((n) => String(input[n]));
    const [first, last] = [dates[0], dates.at(-1)!];
    if (here.country) {
      const holidays: string[] = [];
      let weekend = DEFAULT_WEEKEND;
      for (let y = Number(first.slice(0, 4)); y <= Number(last.slice(0, 4)); y++) {
        const listed = (await listHolidays({ country: here.country, year: y, types: ['public'] })) as {
          holidays: { date: string }[];
          weekend: number[];
        };
        holidays.push(...listed.holidays.map((h) => h.date).filter((d) => d >= first && d <= last));
        weekend = listed.weekend;
      }
      if (holidays.length) input[rule.holidays] = [...new Set(holidays)];
      if (weekend.join() !== DEFAULT_WEEKEND.join()) input.weekend = weekend;
    }
  }
  const says = (w: SaidAs) =>
    rule.says({
      ...w,
      far,
      holidays: w.country ? `with public holidays in ${w.country}` : 'weekends only (your time zone names no country)',
      day: (name, long) => {
        const value = String(input[name]);
        const day = dayWords(value.slice(0, 10));
        return long ? `${WEEKDAYS[weekdayOf(value)]} ${day}${value.length > 10 ? ` at ${value.slice(11, 16)}` : ''}` : day;
      },
      input,
    });
  return { input: Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== '')), places, says };
}

/** A sentence's first letter in capitals (`upper`) or small. */
export const firstLetter = (s: string, upper: boolean) => (upper ? s[0].toUpperCase() : s[0].toLowerCase()) + s.slice(1);
