/**
 * A city page's words and table rows, from the engine's answers: written by the build into the page and
 * by the page's script (website/src/scripts/city-page.ts) when it refreshes the page in the browser, so
 * both write the same text. Pure and browser-safe, no imports: times are read off the engine's local
 * times (`2026-11-28T07:39:20+00:00`, the wall clock with its offset), dates are calendar arithmetic,
 * never the browser's zone data. Every text from an answer is escaped.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const escapeText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const pad = (n: number) => String(n).padStart(2, '0');
const weekdayOf = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();

/** `Saturday 28 November 2026` for `2026-11-28`. */
export const dateWords = (date: string): string =>
  `${WEEKDAYS[weekdayOf(date)]} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** `Sat 28` for a table's day column. */
export const shortDay = (date: string): string => `${WEEKDAYS[weekdayOf(date)].slice(0, 3)} ${Number(date.slice(8, 10))}`;

/** `November 2026` for `2026-11-28`. */
export const monthWords = (date: string): string => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** `UTC`, `UTC+05:30`, `UTC−05:00` for an offset in seconds. */
export function offsetWords(seconds: number): string {
  if (seconds === 0) return 'UTC';
  const a = Math.abs(seconds) / 60;
  return `UTC${seconds < 0 ? '−' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

/** The wall clock of an engine local time to the minute: `07:39` for `…T07:39:20+00:00`, rounded, 23:59 at most. */
export function clockWords(iso: string | null | undefined): string {
  if (!iso) return '';
  const minutes = Math.min(Math.round(Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16)) + Number(iso.slice(17, 19)) / 60), 24 * 60 - 1);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** `8 h 18 min`, rounded to the minute. */
export function lengthWords(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The wall time (`YYYY-MM-DDTHH:MM:SS`) of an instant at an offset: arithmetic on the offset the engine gave. */
export const wallAt = (ms: number, offsetSeconds: number): string => new Date(ms + offsetSeconds * 1000).toISOString().slice(0, 19);

/** A zone's offset from an instant on, as the page carries it. */
export interface Span {
  fromMs: number;
  offset: number;
  abbreviation: string | null;
  dst: boolean;
}

/** `GMT (UTC+00:00)`, or `UTC+05:30` where the zone has no abbreviation of its own. */
export function zoneLabel(s: Span): string {
  const offset = s.offset === 0 ? 'UTC+00:00' : offsetWords(s.offset);
  return s.abbreviation && !/^[+-]\d/.test(s.abbreviation) && s.abbreviation !== 'UTC' ? `${s.abbreviation} (${offset})` : offset;
}

/** How much a clock change moves the clocks: `one hour`, `30 minutes`, `1 h 30 min`. */
function shiftWords(seconds: number): string {
  const minutes = Math.abs(seconds) / 60;
  if (minutes === 60) return 'one hour';
  if (minutes < 60) return `${minutes} minutes`;
  return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes / 60} hours`;
}

/**
 * The next clock change after `nowMs` in words, from the carried spans: `On Sunday 28 March 2027 at
 * 01:00 the clocks go forward one hour to 02:00 BST (UTC+01:00).`; null when none is known.
 */
export function nextChangeWords(spans: Span[], nowMs: number): string | null {
  const i = spans.findIndex((s, k) => k > 0 && s.fromMs > nowMs);
  if (i < 1) return null;
  const [before, after] = [spans[i - 1], spans[i]];
  const from = wallAt(after.fromMs, before.offset);
  const to = wallAt(after.fromMs, after.offset);
  const way = after.offset > before.offset ? 'forward' : 'back';
  return (
    `On ${dateWords(from)} at ${from.slice(11, 16)} the clocks go ${way} ${shiftWords(after.offset - before.offset)} to ` +
    `${to.slice(11, 16)} ${zoneLabel(after)}${to.slice(0, 10) === from.slice(0, 10) ? '' : ` on ${dateWords(to)}`}.`
  );
}

/** The span in force at an instant, or undefined past the carried ones. */
export const spanAt = (spans: Span[], ms: number): Span | undefined => [...spans].reverse().find((s) => s.fromMs <= ms) ?? spans[0];

export interface SunDay {
  date: string;
  sunrise: string | null;
  sunset: string | null;
  day_length_seconds: number;
  sun_status: string;
}

/** The Sun's day in a sentence: `Sunrise 07:39, sunset 15:57: 8 h 18 min of daylight.` */
export function sunWords(d: SunDay): string {
  if (d.sun_status === 'polar_night') return 'The Sun does not rise today (polar night).';
  if (d.sun_status === 'midnight_sun') return 'The Sun does not set today (midnight sun).';
  const rise = d.sunrise ? `sunrise ${clockWords(d.sunrise)}` : 'no sunrise';
  const set = d.sunset ? `sunset ${clockWords(d.sunset)}` : 'no sunset';
  return `${rise[0].toUpperCase()}${rise.slice(1)}, ${set}: ${lengthWords(d.day_length_seconds)} of daylight.`;
}

/** The table cells of a day's Sun (sunrise, sunset, day length), polar days said in words. */
export function sunCells(d: SunDay): string {
  if (d.sun_status !== 'normal' && !d.sunrise && !d.sunset) {
    const words = d.sun_status === 'polar_night' ? 'Sun down all day' : 'Sun up all day';
    return `<td colspan="2">${words}</td><td>${lengthWords(d.day_length_seconds)}</td>`;
  }
  return `<td>${clockWords(d.sunrise) || '—'}</td><td>${clockWords(d.sunset) || '—'}</td><td>${lengthWords(d.day_length_seconds)}</td>`;
}

const PHASE_WORDS: Record<string, string> = {
  new_moon: 'New moon',
  waxing_crescent: 'Waxing crescent',
  first_quarter: 'First quarter',
  waxing_gibbous: 'Waxing gibbous',
  full_moon: 'Full moon',
  waning_gibbous: 'Waning gibbous',
  last_quarter: 'Last quarter',
  waning_crescent: 'Waning crescent',
};

/** A phase's name in words: `waning_gibbous` → `Waning gibbous`. */
export const phaseWords = (phase: string): string => PHASE_WORDS[phase] ?? phase.replace(/_/g, ' ');

export interface MoonDay {
  moonrise: string | null;
  moonset: string | null;
  phase_name: string;
  illumination_fraction: number;
}

/** The Moon's day in a sentence: `Waning gibbous, 79 % lit; moonrise 20:11, moonset 11:44.` */
export function moonWords(m: MoonDay): string {
  const times = [m.moonrise ? `moonrise ${clockWords(m.moonrise)}` : 'no moonrise', m.moonset ? `moonset ${clockWords(m.moonset)}` : 'no moonset'];
  return `${phaseWords(m.phase_name)}, ${Math.round(m.illumination_fraction * 100)} % lit; ${times.join(', ')}.`;
}

/** `in 27 days`, `tomorrow`, `today` between two dates. */
export function daysAway(from: string, to: string): string {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
}

/** The month's principal phases as list items: `Full moon: Tuesday 24 November 2026 at 14:54`. */
export const phaseItems = (phases: { phase: string; local_time: string }[]): string =>
  phases.map((p) => `<li><strong>${phaseWords(p.phase)}</strong>: ${dateWords(p.local_time)} at ${clockWords(p.local_time)}</li>`).join('');

/** The next holidays as list items (the first `shown` visible), each with how far away it is from `today`. */
export const holidayItems = (holidays: { date: string; name: string; local_name: string }[], today: string, shown: number): string =>
  holidays
    .map(
      (h, i) =>
        `<li data-date="${h.date}"${i >= shown ? ' hidden' : ''}><strong>${dateWords(h.date)}</strong>: ${escapeText(h.name)}` +
        `${h.local_name !== h.name ? ` (${escapeText(h.local_name)})` : ''} <span data-days-away>(${daysAway(today, h.date)})</span></li>`,
    )
    .join('');
