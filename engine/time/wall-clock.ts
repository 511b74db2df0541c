/**
 * Wall clocks over one zone's rules (a tzdb-data.ts table): the local date, time and offset of an
 * instant, the instant a local date and time denote, and the bounds of a local day. Browser-safe like
 * tzdb-data.ts (no Node APIs, no `Intl`): a page runs it on the zone data it fetches, the server on
 * tzdb.ts's tables. Calendar fields go through the platform's `Date` and ISO strings (years 0001..9999)
 * rather than tool.ts's utcMs and formatWall, because importing tool.ts loads zod, which a page that
 * only draws the sky does not need (measured: 135 kB of minified script more on the observatory page).
 */
import { instantOfWall, offsetAt, type WallInstant, type ZoneTable } from './tzdb-data.ts';

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A clock time as wallMsOf takes it: `HH:MM`, 00:00..23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const FIRST_DAY_MS = Date.parse('0001-01-01T00:00:00Z');

/**
 * `+05:45`, `-10:00`, `+00:25:21` (local mean time offsets keep their seconds): the spelling of tool.ts's
 * formatOffset, which a test holds this equal to.
 */
export function formatOffset(seconds: number): string {
  const hms = new Date(Math.abs(seconds) * 1000).toISOString().slice(11, 19);
  return (seconds < 0 ? '-' : '+') + (hms.endsWith(':00') ? hms.slice(0, 5) : hms);
}

/**
 * Epoch ms of a local date (`YYYY-MM-DD`, 0001..9999) and time (`HH:MM`) read as if they were UTC: the
 * wall time instantOfWall takes. RangeError for a date that is not on the calendar or a time not on the clock.
 */
export function wallMsOf(date: string, time: string): number {
  const ms = DATE_PATTERN.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;
  // A runtime may roll 2026-02-30 over into March or refuse it: either way it does not read back the same.
  if (!(ms >= FIRST_DAY_MS) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`date must be a calendar date written YYYY-MM-DD: ${date}`);
  }
  if (!TIME_PATTERN.test(time)) throw new RangeError(`time must be written HH:MM, 00:00..23:59: ${time}`);
  return ms + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000;
}

export interface LocalParts { date: string; time: string; offset: string }

/** The local calendar date, clock time (`HH:MM`) and UTC offset of an instant (years 0001..9999). */
export function localParts(t: ZoneTable, ms: number): LocalParts {
  const offset = offsetAt(t, ms);
  const wall = new Date(ms + offset * 1000).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16), offset: formatOffset(offset) };
}

/**
 * The instant at which the zone's clocks show `date` `time`, read as instantOfWall reads it (Temporal's
 * 'compatible': a time in a DST gap moves forward by the gap, a time shown twice is the earlier instant).
 *
 * @example instantOfDateTime(rulesOf('Europe/London'), '2026-03-29', '01:30').ms // 2026-03-29T01:30:00Z (02:30 BST)
 */
export function instantOfDateTime(t: ZoneTable, date: string, time: string): WallInstant {
  return instantOfWall(t, wallMsOf(date, time));
}

/** The instants of local midnight starting `date` and the next date (a local day is 23 or 25 hours when the clocks move). */
export function localDayBounds(t: ZoneTable, date: string): { startMs: number; endMs: number } {
  const midnight = wallMsOf(date, '00:00');
  return { startMs: instantOfWall(t, midnight).ms, endMs: instantOfWall(t, midnight + DAY_MS).ms };
}
