/**
 * Wall clocks over one zone's rules (a tzdb-data.ts table): the local date, time and offset of an
 * instant, the instant a local date and time denote, and the bounds of a local day. Browser-safe like
 * tzdb-data.ts (no Node APIs, no `Intl`): a page runs it on the zone data it fetches, the server on
 * tzdb.ts's tables. Dates and offsets are read and written by engine/instant.ts, which loads no zod (a
 * page that only draws the sky does not need its 135 kB of minified script).
 */
import { DAY_MS, formatOffset, formatWall, isoDateProblem, utcMs } from '../instant.ts';
import { instantOfWall, offsetAt, type WallInstant, type ZoneTable } from './tzdb-data.ts';

/** A clock time as wallMsOf takes it: `HH:MM`, 00:00..23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Epoch ms of a local date (`YYYY-MM-DD`, 0001..9999) and time (`HH:MM`) read as if they were UTC: the
 * wall time instantOfWall takes. RangeError for a date that is not on the calendar or a time not on the clock.
 */
export function wallMsOf(date: string, time: string): number {
  if (isoDateProblem(date)) throw new RangeError(`date must be a calendar date written YYYY-MM-DD: ${date}`);
  if (!TIME_PATTERN.test(time)) throw new RangeError(`time must be written HH:MM, 00:00..23:59: ${time}`);
  return utcMs(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)), Number(time.slice(0, 2)), Number(time.slice(3, 5)), 0, 0);
}

export interface LocalParts {
  date: string;
  time: string;
  offset: string;
}

/** The local calendar date, clock time (`HH:MM`) and UTC offset of an instant (years 0001..9999). */
export function localParts(t: ZoneTable, ms: number): LocalParts {
  const offset = offsetAt(t, ms);
  const wall = formatWall(ms + offset * 1000);
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
