/** The calendar converter's part: a converted date in every calendar as a table (the convert_calendar answer, worded). */
import { CALENDAR_NAMES } from '../../../engine/browser/index.ts';
import { eraWords } from './plain-words.ts';
import { escapeHtml } from './tool-parts.ts';

export interface ConvertedAnswer {
  date: string;
  day_of_week: string;
  calendars: { calendar: string; year: number; month: number; month_code: string; month_name: string; day: number; era: string | null; formatted: string }[];
}

/** The converted date in every calendar as a table: the readable date, and under it its parts (year, month, day, era). */
export function renderCalendarTable(answer: ConvertedAnswer): string {
  const rows = answer.calendars
    .map((c) => {
      const era = c.era === null ? '' : ` · era ${escapeHtml(eraWords(c.era, c.calendar))}`;
      const parts = `year ${c.year} · month ${c.month} ${escapeHtml(c.month_name)} · day ${c.day}${era}`;
      return (
        `<tr data-calendar="${escapeHtml(c.calendar)}"><th scope="row">${escapeHtml((CALENDAR_NAMES as Record<string, string>)[c.calendar] ?? c.calendar)}</th>` +
        `<td><span class="formatted">${escapeHtml(c.formatted)}</span><small class="parts">${parts}</small></td></tr>`
      );
    })
    .join('');
  return (
    `<section class="table-scroll" tabindex="0" aria-label="The date in every calendar (scrolls sideways when narrow)"><table class="calendar-table"><caption>${escapeHtml(answer.date)} (${escapeHtml(answer.day_of_week)}) in every calendar</caption>` +
    `<thead><tr><th scope="col">Calendar</th><th scope="col">Date</th></tr></thead><tbody>${rows}</tbody></table></section>`
  );
}
