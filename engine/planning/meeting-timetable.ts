/**
 * The day of a proposed meeting as a timetable: for one slot of a `find_meeting_times` answer, each
 * participant's local time hour by hour over the first participant's local day of the slot, and whether
 * they work then, by the same work intervals the search ranks slots with (meeting-search.ts). Browser-safe
 * (zone rules come from the caller: tzdb.ts on the server, the page's zone data in a browser; no zod, no
 * holiday rules), so the meeting planner's page draws it at build time and again for each live answer.
 *
 * Holidays are those the answer names: a participant's `holiday` in any of its slots, on that local date.
 *
 * @example
 * meetingTimetable(request, answer, 0, zoneTable)
 * //=> { date: '2026-11-30', columns: [{ start_ms, utc: '00:00', in_slot: false }, ...], rows: [{ label: 'London',
 * //     timezone: 'Europe/London', cells: [{ local: '00:00', day: 0, state: 'off', in_slot: false }, ...] }, ...] }
 */
import { DAY_MS, formatWall } from '../instant.ts';
import { instantOfWall, offsetAt, type ZoneTable } from '../time/tzdb-data.ts';
import { datesBetween, workIntervals } from './meeting-search.ts';
import { fromEpochDay, toEpochDay } from '../date/calendar.ts';

const HOUR_MS = 3_600_000;

/** What of the request the timetable reads (defaults as the tool's). */
export interface TimetableRequest {
  participants: readonly { work_start?: string; work_end?: string; workdays?: readonly number[]; [other: string]: unknown }[];
  respect_holidays?: boolean;
}

/** What of the answer the timetable reads. */
export interface TimetableAnswer {
  slots: readonly { start: string; end: string; participants: readonly { label: string; timezone: string; local_start: string; holiday: string | null }[] }[];
}

export type CellState = 'work' | 'part' | 'off' | 'holiday';

export interface TimetableCell {
  /** Local wall time at the start of the hour, `HH:MM`. */
  local: string;
  /** The local date minus the first participant's date of the timetable: -1, 0, +1 (or ±2 across the date line). */
  day: number;
  /** At work the whole hour, part of it, not at all, or off for a holiday. */
  state: CellState;
  in_slot: boolean;
}

export interface Timetable {
  /** The first participant's local date the columns cover. */
  date: string;
  /** One column an hour from that date's local midnight to the next (23, 24 or 25 of them). */
  columns: { start_ms: number; utc: string; in_slot: boolean }[];
  rows: { label: string; timezone: string; holiday: string | null; cells: TimetableCell[] }[];
  slot: { start_ms: number; end_ms: number };
}

/** Milliseconds of [s, e) inside flattened sorted intervals. */
function inside(intervals: readonly number[], s: number, e: number): number {
  let total = 0;
  for (let i = 0; i < intervals.length; i += 2) total += Math.max(0, Math.min(intervals[i + 1], e) - Math.max(intervals[i], s));
  return total;
}

const localDate = (t: ZoneTable, ms: number) => formatWall(ms + offsetAt(t, ms) * 1000).slice(0, 10);

/**
 * The timetable of slot `index` of `answer`; `tableOf` gives a zone's rules (undefined: a name it does
 * not hold, which throws).
 */
export function meetingTimetable(
  request: TimetableRequest,
  answer: TimetableAnswer,
  index: number,
  tableOf: (zone: string) => ZoneTable | undefined,
): Timetable {
  const slot = answer.slots[index];
  if (!slot) throw new RangeError(`no slot ${index} in the answer`);
  const start = Date.parse(slot.start);
  const end = Date.parse(slot.end);
  const tables = slot.participants.map((p) => {
    const t = tableOf(p.timezone);
    if (!t) throw new Error(`no zone rules for ${p.timezone}`);
    return t;
  });
  // Holidays the answer names, by participant and local date.
  const holidays = slot.participants.map((_, i) => {
    const known = new Map<string, string>();
    for (const s of answer.slots) {
      const p = s.participants[i];
      if (p.holiday) known.set(p.local_start.slice(0, 10), p.holiday);
    }
    return known;
  });

  const home = tables[0];
  const date = localDate(home, start);
  const dayStart = instantOfWall(home, toEpochDay(date) * DAY_MS).ms;
  const dayEnd = instantOfWall(home, (toEpochDay(date) + 1) * DAY_MS).ms;
  const columns: Timetable['columns'] = [];
  for (let c = dayStart; c < dayEnd; c += HOUR_MS) columns.push({ start_ms: c, utc: formatWall(c).slice(11, 16), in_slot: c < end && c + HOUR_MS > start });

  const respect = request.respect_holidays ?? true;
  const rows = slot.participants.map((p, i) => {
    const t = tables[i];
    const asked = request.participants[i] ?? {};
    const plan = { table: t, work_start: asked.work_start ?? '09:00', work_end: asked.work_end ?? '17:00', workdays: asked.workdays ?? [1, 2, 3, 4, 5] };
    // Shifts from the day before (one may run past midnight) to the day after the timetable's dates.
    const first = fromEpochDay(toEpochDay(localDate(t, dayStart)) - 1);
    const last = fromEpochDay(toEpochDay(localDate(t, dayEnd - 1)) + 1);
    const work = workIntervals(plan, datesBetween(first, last), (d) => respect && holidays[i].has(d));
    const homeDay = toEpochDay(date);
    const cells = columns.map((col): TimetableCell => {
      const wall = formatWall(col.start_ms + offsetAt(t, col.start_ms) * 1000);
      const at = inside(work, col.start_ms, col.start_ms + HOUR_MS);
      const holiday = holidays[i].has(wall.slice(0, 10));
      const state: CellState = at >= HOUR_MS ? 'work' : at > 0 ? 'part' : holiday && respect ? 'holiday' : 'off';
      return { local: wall.slice(11, 16), day: toEpochDay(wall.slice(0, 10)) - homeDay, state, in_slot: col.in_slot };
    });
    return { label: p.label, timezone: p.timezone, holiday: holidays[i].get(p.local_start.slice(0, 10)) ?? null, cells };
  });
  return { date, columns, rows, slot: { start_ms: start, end_ms: end } };
}
