/**
 * Moonrise and moonset's month table: every local day of the month of the asked date at the place, as
 * moon_events answers a run of days (its `date` the 1st, `days` the month's length): moonrise, moonset, the
 * Moon at its highest, the lit fraction at local noon and the phase in words. It only words the tool's
 * answer; the page's script and the build run the tool. Browser-safe.
 */
import { clockOf, escapeHtml, monthName } from './tool-parts.ts';
import { dayOfMonth } from './sun-month.ts';

export interface MoonMonthAnswer {
  lat: number;
  lon: number;
  timezone: string;
  days: {
    date: string;
    moonrise: string | null;
    moonset: string | null;
    moon_transit: string | null;
    phase_name: string;
    illumination_fraction: number;
  }[];
}

const PRINCIPAL = new Set(['new_moon', 'first_quarter', 'full_moon', 'last_quarter']);

/** `Waxing gibbous` for `waxing_gibbous`. */
export const phaseWords = (name: string): string => {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The days a month table covers for an asked date: from its month's 1st, as many as the month has. */
export function monthRun(date: string): { date: string; days: number } {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return { date: `${date.slice(0, 7)}-01`, days: new Date(Date.UTC(y, m, 0)).getUTCDate() };
}

/** The month as a table: a row a day (its weekday), the asked date marked, a principal phase in bold. */
export function renderMoonMonth(answer: MoonMonthAnswer, marked: string): string {
  const month = answer.days[0]?.date.slice(0, 7) ?? marked.slice(0, 7);
  const time = (t: string | null) => (t ? clockOf(t) : '<span aria-hidden="true">—</span><span class="vh">none that day</span>');
  const rows = answer.days
    .map((d) => {
      const phase = PRINCIPAL.has(d.phase_name) ? `<strong>${phaseWords(d.phase_name)}</strong>` : phaseWords(d.phase_name);
      return (
        `<tr${d.date === marked ? ' class="marked" aria-current="date"' : ''} data-date="${escapeHtml(d.date)}"><th scope="row"><time datetime="${escapeHtml(d.date)}">${dayOfMonth(d.date)}</time></th>` +
        `<td>${time(d.moonrise)}</td><td>${time(d.moonset)}</td><td>${time(d.moon_transit)}</td>` +
        `<td>${Math.round(d.illumination_fraction * 100)} %</td><td>${phase}</td></tr>`
      );
    })
    .join('');
  const title = `${monthName(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;
  return (
    `<section class="table-scroll" tabindex="0" aria-label="Moonrise and moonset every day of ${title} (scrolls sideways when narrow)">` +
    `<table class="moon-month-table" data-moon-month="${month}"><caption>Moonrise and moonset every day of ${title} at ${answer.lat}, ${answer.lon} (local time, ${escapeHtml(answer.timezone)}). ` +
    'The Moon rises about 50 minutes later each day, so one day a month has no moonrise and one no moonset (—); lit: the part of the disc lit at local noon.</caption>' +
    '<thead><tr><th scope="col">Day</th><th scope="col">Moonrise</th><th scope="col">Moonset</th><th scope="col">Moon highest</th>' +
    `<th scope="col">Lit</th><th scope="col">Phase</th></tr></thead><tbody>${rows}</tbody></table></section>`
  );
}
