/**
 * Sunrise and sunset's month table: every local day of the month of the asked date at the place, with its
 * sunrise, sunset, solar noon, daylight and the change of daylight from the day before. The days are the
 * year's of website/src/lib/sun-year.ts (sun_events' own functions, the engine's tzdb release), so the
 * table, the chart and the tool answer the same; nothing is computed here. Browser-safe.
 */
import type { SunDay, SunYear } from '../../../engine/browser/index.ts';
import { clockOf, durationText, escapeHtml, monthName } from './tool-parts.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `Sat 28` for `2026-11-28` (a local date; no zone is read). */
export function dayOfMonth(date: string): string {
  const days = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
  return `${WEEKDAYS[(((days + 4) % 7) + 7) % 7]} ${Number(date.slice(8, 10))}`;
}

/** `+2 min 5 s`, `−1 min 0 s`, `no change`: the change of daylight from the day before, to the second. */
export function changeText(seconds: number): string {
  const s = Math.round(seconds);
  if (s === 0) return 'no change';
  const a = Math.abs(s);
  return `${s > 0 ? '+' : '−'}${a >= 60 ? `${Math.floor(a / 60)} min ${a % 60} s` : `${a} s`}`;
}

const rise = (d: SunDay) => (d.sun_status === 'midnight_sun' ? 'up all day' : d.sun_status === 'polar_night' ? 'down all day' : clockOf(d.sunrise) || '—');
const set = (d: SunDay) => (d.sun_status === 'normal' ? clockOf(d.sunset) || '—' : '');

/** The days of the marked date's month (of the year the days cover). */
export const monthDays = (sy: SunYear): SunDay[] => sy.days.filter((d) => d.date.slice(0, 7) === sy.marked.slice(0, 7));

/** The month as a table: a row a day (its weekday), the asked date marked. */
export function renderSunMonth(sy: SunYear): string {
  const month = sy.marked.slice(0, 7);
  const rows = sy.days
    .map((d, i) => ({ d, before: sy.days[i - 1] }))
    .filter(({ d }) => d.date.slice(0, 7) === month)
    .map(({ d, before }) => {
      const marked = d.date === sy.marked ? ' class="marked" aria-current="date"' : '';
      const change = before ? changeText(d.day_length_seconds - before.day_length_seconds) : '—';
      return (
        `<tr${marked} data-date="${d.date}"><th scope="row"><time datetime="${d.date}">${dayOfMonth(d.date)}</time></th>` +
        `<td>${rise(d)}</td><td>${set(d)}</td><td>${clockOf(d.solar_noon) || '—'}</td>` +
        `<td>${durationText(d.day_length_seconds)}</td><td>${change}</td></tr>`
      );
    })
    .join('');
  const title = `${monthName(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;
  return (
    `<section class="table-scroll" tabindex="0" aria-label="Sunrise and sunset every day of ${title} (scrolls sideways when narrow)">` +
    `<table class="sun-month-table" data-sun-month="${month}"><caption>Sunrise and sunset every day of ${title} at ${sy.lat}, ${sy.lon} (local time, ${escapeHtml(sy.timezone)})</caption>` +
    '<thead><tr><th scope="col">Day</th><th scope="col">Sunrise</th><th scope="col">Sunset</th><th scope="col">Sun highest</th>' +
    `<th scope="col">Daylight</th><th scope="col">Change</th></tr></thead><tbody>${rows}</tbody></table></section>`
  );
}
