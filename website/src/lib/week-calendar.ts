/**
 * The week number page's part: the month of the asked date as a calendar with ISO 8601 week numbers (the
 * engine's own day arithmetic and ISO weeks, engine/date/calendar.ts, as date_info counts them), the date
 * marked. It imports that arithmetic, never date_info's module: a page part draws without the tool's
 * module or the data it reads (the tz release, fetched by the page as a computation reads it,
 * website/src/scripts/page-engine.ts), so the part stays small and draws at once.
 */
import { civilFromDays, daysFromCivil, isoWeekday, isoWeekOf } from '../../../engine/browser/index.ts';
import { monthName } from './tool-parts.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The weeks (Monday to Sunday) that hold a day of the month of `date`, each with its ISO week and days. */
export function monthWeeks(date: string): { week: number; weekYear: number; days: { date: string; inMonth: boolean }[] }[] {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const first = daysFromCivil(year, month, 1);
  const last = daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - 1;
  const weeks = [];
  for (let monday = first - isoWeekday(first) + 1; monday <= last; monday += 7) {
    const { year: weekYear, week } = isoWeekOf(monday);
    const days = Array.from({ length: 7 }, (_, i) => {
      const d = civilFromDays(monday + i);
      return { date: `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`, inMonth: monday + i >= first && monday + i <= last };
    });
    weeks.push({ week, weekYear, days });
  }
  return weeks;
}

/** The month as a table: a row per ISO week (its number as the row header), Monday first; `date` marked. */
export function renderWeekCalendar(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const head = WEEKDAYS.map((d) => `<th scope="col"><abbr title="${d}">${d.slice(0, 3)}</abbr></th>`).join('');
  const rows = monthWeeks(date)
    .map(({ week, weekYear, days }) => {
      const cells = days
        .map((d) => {
          const classes = [...(d.inMonth ? [] : ['other-month']), ...(d.date === date ? ['marked'] : [])];
          const label = d.inMonth
            ? String(Number(d.date.slice(8)))
            : `${Number(d.date.slice(8))}<span class="vh"> ${monthName(Number(d.date.slice(5, 7)))}</span>`;
          return `<td data-date="${d.date}"${classes.length ? ` class="${classes.join(' ')}"` : ''}${d.date === date ? ' aria-current="date"' : ''}>${label}</td>`;
        })
        .join('');
      const other = weekYear !== year ? ` <small>of ${weekYear}</small>` : '';
      return `<tr><th scope="row" data-week="${week}">${week}${other}</th>${cells}</tr>`;
    })
    .join('');
  return (
    `<section class="table-scroll" tabindex="0" aria-label="The month with week numbers (scrolls sideways when narrow)"><table class="week-calendar"><caption>${monthName(month)} ${pad(year, 4)} with ISO 8601 week numbers (weeks start on Monday; week 1 holds the year’s first Thursday)</caption>` +
    `<thead><tr><th scope="col">Week</th>${head}</tr></thead><tbody>${rows}</tbody></table></section>`
  );
}
