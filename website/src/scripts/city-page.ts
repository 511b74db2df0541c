/// <reference lib="dom" />
/**
 * A city page in the browser: the clock ticks each second from the zone's offsets the build carried
 * (get_time_in_zone's, the engine's tzdb release; never the browser's zone data), the next clock change
 * follows it, past holidays leave the list. On a later day of the build's month, today's Sun and Moon are
 * the engine's answers the page carries for it; in a later month (and for the holidays when too few are
 * left, and the clock past the carried offsets) they are computed again with the engine's own tools in
 * the page (city-page-live.ts, fetched only then, with the data packs they read).
 */
import { type Span, dateWords, daysAway, moonWords, nextChangeWords, spanAt, sunWords, wallAt, zoneLabel } from '../lib/city-pages-words.ts';
import type { CityData } from './city-page-live.ts';

const HOLIDAYS_SHOWN = 5;
const dataEl = document.getElementById('city-page-data');
const data = dataEl ? (JSON.parse(dataEl.textContent ?? '{}') as CityData) : undefined;
const $ = <T extends HTMLElement>(sel: string) => document.querySelector<T>(sel);

/** Fetched once when the build's day has passed at the place. */
let live: Promise<typeof import('./city-page-live.ts')> | undefined;
const loadLive = () => (live ??= import('./city-page-live.ts'));

let shownDate = data?.date ?? '';
let shownSpan: Span | undefined;
let clockAsked = false;

function showHolidays(today: string) {
  const items = [...document.querySelectorAll<HTMLElement>('[data-city-holidays] li')];
  const ahead = items.filter((li) => (li.dataset.date ?? '') >= today);
  for (const li of items) li.hidden = true;
  ahead.slice(0, HOLIDAYS_SHOWN).forEach((li) => {
    li.hidden = false;
    const away = li.querySelector('[data-days-away]');
    if (away) away.textContent = `(${daysAway(today, li.dataset.date!)})`;
  });
  return items.length > 0 && ahead.length < HOLIDAYS_SHOWN;
}

function markToday(today: string) {
  for (const row of document.querySelectorAll<HTMLElement>('[data-city-month] tr[data-date]')) {
    if (row.dataset.date === today) row.setAttribute('aria-current', 'date');
    else row.removeAttribute('aria-current');
  }
}

/** The page's date changed (on load, or at midnight): today's values for the new day. */
function newDay(d: CityData, today: string) {
  shownDate = today;
  $('[data-city-date]')!.textContent = dateWords(today);
  markToday(today);
  const needHolidays = showHolidays(today);
  if (today === d.date) {
    $('[data-city-stamp]')!.textContent = `Computed for ${dateWords(d.date)} at the site's build; the clock is your browser's, in this place's time zone.`;
    return;
  }
  $('[data-city-stamp]')!.textContent =
    `Computed for ${dateWords(d.date)} at the site's build; the time and today's values are your browser's, for ${dateWords(today)}.`;
  // A later day of the build's month: the engine's answers for it came with the page.
  const [sun, moon] = [d.sun.find((s) => s.date === today), d.moon.find((m) => m.date === today)];
  if (sun && moon && !needHolidays) {
    $('[data-city-sun]')!.textContent = sunWords(sun);
    $('[data-city-moon]')!.textContent = moonWords(moon);
    return;
  }
  loadLive()
    .then((m) => m.refreshDay(d, today, needHolidays))
    .catch((error: unknown) => {
      $('[data-city-stamp]')!.textContent =
        `Computed for ${dateWords(d.date)} at the site's build; today's values could not be computed in your browser (${String(error)}).`;
    });
}

function tick(d: CityData) {
  const nowMs = Date.now();
  const span = nowMs < d.knownUntilMs ? spanAt(d.spans, nowMs) : undefined;
  if (!span) {
    // Past what the build carried: the engine in the page gives the offset and the changes ahead.
    if (!clockAsked) {
      clockAsked = true;
      loadLive()
        .then((m) => m.refreshClock(d, nowMs))
        .then((fresh) => {
          Object.assign(d, fresh);
          clockAsked = false;
        })
        .catch(() => undefined); // stays asked: the clock stops rather than asking every second
    }
    return;
  }
  const wall = wallAt(nowMs, span.offset);
  const clock = $('[data-city-clock]')!;
  clock.textContent = wall.slice(11, 19);
  clock.setAttribute('datetime', wall);
  if (span !== shownSpan) {
    shownSpan = span;
    $('[data-city-offset]')!.textContent = zoneLabel(span);
    const change = nextChangeWords(d.spans, nowMs);
    if (change) $('[data-city-change]')!.textContent = change;
  }
  const today = wall.slice(0, 10);
  if (today !== shownDate || !$('[data-city-clock]')!.dataset.started) {
    $('[data-city-clock]')!.dataset.started = '';
    newDay(d, today);
  }
}

if (data) {
  tick(data);
  // On the second: the next tick when the wall clock's second turns.
  setTimeout(
    () => {
      tick(data);
      setInterval(() => tick(data), 1000);
    },
    1000 - (Date.now() % 1000),
  );
}
