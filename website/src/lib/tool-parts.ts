/**
 * What the calculator pages' own parts (the day-length chart, the moon calendar, the eclipse and season
 * lists, the week and calendar tables) share: escaping and the wording of the engine's local times. Pure and
 * browser-safe: a page's script writes the same HTML for a live answer as the build wrote for the worked
 * example. Every text that comes from an answer or a request is escaped before it goes into HTML.
 */
import { escapeHtml } from './meeting-planner.ts';

export { escapeHtml };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `January` … `December` for 1 … 12. */
export const monthName = (month: number): string => MONTHS[month - 1] ?? String(month);

/**
 * The clock time of an engine time (`2019-06-21T02:35:42+00:00` or `…Z`) to the nearest minute, `02:36`
 * (23:59 at most); '' for null. Local
 * times are written with their offset by the engine, so this reads the wall clock off the text, never
 * from the browser's zone data.
 */
export function clockOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const minutes = Math.min(Math.round(hoursOf(iso) * 60), 24 * 60 - 1);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Hours since the local midnight of an engine time's own date: `02:36:12` → 2.603. */
export const hoursOf = (iso: string): number => Number(iso.slice(11, 13)) + Number(iso.slice(14, 16)) / 60 + Number(iso.slice(17, 19)) / 3600;

/** `UTC`, `UTC+02:00`, `UTC−05:00` from an engine time's offset (`Z` or `±hh:mm`). */
export function offsetOf(iso: string): string {
  const offset = iso.slice(19).replace(/^\.\d+/, '');
  if (offset === 'Z' || offset === '+00:00' || offset === '') return 'UTC';
  return `UTC${offset.replace('-', '−')}`;
}

/**
 * `2024-04-08 13:27 UTC−05:00`: an engine time as people read it, with its offset: to the minute, or as
 * written (`13:26:39`) with `seconds`.
 */
export const whenText = (iso: string, seconds = false): string => `${iso.slice(0, 10)} ${seconds ? iso.slice(11, 19) : clockOf(iso)} ${offsetOf(iso)}`;

/** whenText as HTML for a narrow table cell: it may wrap between the date and the time, never inside the date at its hyphens. */
export const whenHtml = (iso: string): string => {
  const text = whenText(iso);
  const cut = text.indexOf(' ');
  return `<span class="nowrap">${escapeHtml(text.slice(0, cut))}</span> ${escapeHtml(text.slice(cut + 1))}`;
};

/** `18 h 52 min` (rounded to the minute); `0 min` for none. */
export function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return h ? `${h} h ${m} min` : `${m} min`;
}

/** `92 d 18 h 40 min`: a span of days, rounded to the minute. */
export function daysText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  return `${d} d ${durationText((minutes - d * 1440) * 60)}`;
}
