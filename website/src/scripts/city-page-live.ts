/// <reference lib="dom" />
/**
 * A city page's values computed again in the browser, when the build's day has passed at the place:
 * with the engine's own tools (the modules the calculator pages run, `virtual:browser-tools`) over the
 * page's engine (page-engine.ts, which fetches the data packs a computation reads), so the page shows
 * what the API answers for today. Loaded by city-page.ts only when needed.
 */
import { TOOL_MODULES } from 'virtual:browser-tools';
import { withPageData } from './page-engine.ts';
import { moonMonth } from '../lib/moon-calendar.ts';
import { monthRows } from '../lib/city-pages-month.ts';
import { type MoonDay, type Span, type SunDay, holidayItems, monthWords, moonWords, phaseItems, sunWords } from '../lib/city-pages-words.ts';

/** What the page carries for its script (website/src/pages/time/[country]/[city]/index.astro). */
export interface CityData {
  zone: string;
  lat: number;
  lon: number;
  country: string;
  date: string;
  spans: Span[];
  knownUntilMs: number;
  /** sun_events' and moon_events' days from the build's day to the month's end. */
  sun: SunDay[];
  moon: (MoonDay & { date: string })[];
}

const HOLIDAYS_SHOWN = 5;
const CHANGES_AHEAD_MS = 2 * 366 * 86_400_000;
const $ = <T extends HTMLElement>(sel: string) => document.querySelector<T>(sel);

/** A tool's answer as the API gives it, computed in the page. */
async function answer<T>(name: string, input: Record<string, unknown>): Promise<T> {
  const load = TOOL_MODULES[name];
  if (!load) throw new Error(`no page module for ${name}`);
  const tool = await load();
  return withPageData(async () => tool.output.parse(await tool.run(tool.input.parse(input), { now: () => new Date() })) as T);
}

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const daysInMonthOf = (date: string) => new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();

/** Today's Sun and Moon, and what else the new day needs: the month's table, the holidays. */
export async function refreshDay(d: CityData, today: string, needHolidays: boolean): Promise<void> {
  const where = { lat: d.lat, lon: d.lon, timezone: d.zone };
  const [sun, moon] = await Promise.all([
    answer<{ days: SunDay[] }>('sun_events', { ...where, date: today }),
    answer<{ days: MoonDay[] }>('moon_events', { ...where, date: today }),
  ]);
  $('[data-city-sun]')!.textContent = sunWords(sun.days[0]);
  $('[data-city-moon]')!.textContent = moonWords(moon.days[0]);
  const table = $('[data-city-month]');
  if (table && table.dataset.cityMonth !== today.slice(0, 7)) {
    const first = `${today.slice(0, 7)}-01`;
    const [month, phases, moons] = await Promise.all([
      answer<{ days: SunDay[] }>('sun_events', { ...where, date: first, days: daysInMonthOf(today) }),
      answer<{ phases: { phase: string; local_time: string }[] }>('moon_phases', { start: first, count: 5, timezone: d.zone }),
      withPageData(() => moonMonth(today, d.zone)),
    ]);
    table.querySelector('tbody')!.innerHTML = monthRows(month.days, moons.days, today);
    table.dataset.cityMonth = today.slice(0, 7);
    $('[data-city-phases]')!.innerHTML = phaseItems(phases.phases.filter((p) => p.local_time.slice(0, 7) === today.slice(0, 7)));
    for (const el of document.querySelectorAll('[data-month-words]')) el.textContent = monthWords(today);
  }
  const list = $('[data-city-holidays]');
  if (list && needHolidays) {
    const next = await answer<{ holidays: { date: string; name: string; local_name: string }[] }>('next_holidays', {
      country: d.country,
      after: dayBefore(today),
      count: HOLIDAYS_SHOWN,
    });
    list.innerHTML = holidayItems(next.holidays, today, HOLIDAYS_SHOWN);
  }
}

interface ZoneNow {
  utc_offset_seconds: number;
  abbreviation: string | null;
  dst: boolean;
  next_transition: { at: string } | null;
}

/** The zone's offset now and its changes ahead, as the build finds them (get_time_in_zone at each change). */
export async function refreshClock(d: CityData, nowMs: number): Promise<Pick<CityData, 'spans' | 'knownUntilMs'>> {
  const now = await answer<ZoneNow>('get_time_in_zone', { timezone: d.zone, at: new Date(nowMs).toISOString() });
  const spans: Span[] = [{ fromMs: nowMs, offset: now.utc_offset_seconds, abbreviation: now.abbreviation, dst: now.dst }];
  const end = nowMs + CHANGES_AHEAD_MS;
  let next = now.next_transition;
  while (next && Date.parse(next.at) <= end) {
    const then = await answer<ZoneNow>('get_time_in_zone', { timezone: d.zone, at: next.at });
    spans.push({ fromMs: Date.parse(next.at), offset: then.utc_offset_seconds, abbreviation: then.abbreviation, dst: then.dst });
    next = then.next_transition;
  }
  return { spans, knownUntilMs: next ? Math.min(Date.parse(next.at), end) : end };
}
