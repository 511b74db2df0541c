/**
 * The search of `find_meeting_times`: each participant's work time as UTC intervals, over their own
 * local dates of the range, and the step-aligned slots ranked by the minutes they fall outside them.
 *
 * - A participant works on each local date from start_date through end_date that is one of their
 *   workdays (and not a public holiday, when holidays count), from work_start to work_end local time
 *   (wall clock through the zone's tzdb rules: a DST day is 23 or 25 hours long, a work_start in a DST gap
 *   moves forward by the gap). A work_end at or before work_start ends on the next date: the shift
 *   belongs to the date it starts on.
 * - Slots start at multiples of step_minutes from 00:00 UTC (on the hour and half hour in whole- and
 *   half-hour zones). A slot is a candidate when at least one participant works throughout it; its
 *   minutes outside work hours are summed over the participants (0: everyone at work), and so is its
 *   cost, each minute weighted by where it falls in the participant's local day (meeting-cost.ts:
 *   work 0, the edge of the working day 1, other hours 3, night 10).
 * - Best first: lowest cost (0, everyone at work, first), then earliest.
 *
 * Cost: at most 20 participants × 31 dates of intervals, and one pass per participant over the
 * candidates (at most 33 days of 15-minute steps, 3,168 slots), so ~63,000 step-function look-ups.
 *
 * @example
 * searchSlots([[Date.parse('2026-11-30T09:00Z'), Date.parse('2026-11-30T17:00Z')], [...]], { stepMs: 1_800_000, durationMs: 3_600_000, limit: 10 })
 * //=> { slots: [{ start_ms, outside_ms: [0, 0], outside_total_ms: 0, cost_ms: 0, periods: ['work', 'work'] }, ...], candidates: 13, longest_ms: 28_800_000 }
 */
import { fromEpochDay, isoWeekday, toEpochDay } from '../date/calendar.ts';
import { costCursor, costProfile, type Period, worstPeriod } from './meeting-cost.ts';
import { instantOfWall, type ZoneTable } from '../time/tzdb-data.ts';
import { DAY_MS } from '../instant.ts';

const MINUTE_MS = 60_000;

/** Minutes after midnight of `HH:MM`. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export interface WorkPlan {
  table: ZoneTable;
  work_start: string;
  work_end: string;
  workdays: readonly number[];
}

/**
 * A participant's work time as sorted, disjoint UTC intervals [start, end) (epoch ms, flattened), one
 * per working local date in `dates`; `off` says which dates are not working days (holidays), `on` which
 * dates off their workdays are (an official calendar's weekend day worked).
 */
export function workIntervals(plan: WorkPlan, dates: readonly string[], off: (date: string) => boolean, on?: (date: string) => boolean): number[] {
  const start = minutesOf(plan.work_start) * MINUTE_MS;
  const endMinutes = minutesOf(plan.work_end) * MINUTE_MS;
  const end = endMinutes > start ? endMinutes : endMinutes + DAY_MS;
  const out: number[] = [];
  for (const date of dates) {
    const day = toEpochDay(date);
    if ((!plan.workdays.includes(isoWeekday(day)) && !on?.(date)) || off(date)) continue;
    const midnight = day * DAY_MS;
    // Kept disjoint even where a gap or fold moves one reading past the previous shift's end.
    const a = Math.max(instantOfWall(plan.table, midnight + start).ms, out.length ? out[out.length - 1] : -Infinity);
    const b = instantOfWall(plan.table, midnight + end).ms;
    // A shift inside a DST gap can vanish (work 02:00–03:00 on a spring-forward night).
    if (b > a) out.push(a, b);
  }
  return out;
}

/** The local dates from `first` through `last`, inclusive. */
export function datesBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = toEpochDay(first); day <= toEpochDay(last); day++) out.push(fromEpochDay(day));
  return out;
}

export interface SearchOptions {
  stepMs: number;
  durationMs: number;
  limit: number;
  /** Per participant, their nights (meeting-cost.ts nightIntervals); none when absent. */
  nights?: readonly (readonly number[])[];
}

export interface RankedSlot {
  start_ms: number;
  /** Per participant, milliseconds of the slot outside their work time. */
  outside_ms: number[];
  outside_total_ms: number;
  /** Weighted milliseconds summed over participants (meeting-cost.ts): what the ranking orders by. */
  cost_ms: number;
  /** Per participant, the costliest part of their day the slot touches. */
  periods: Period[];
}

export interface SearchResult {
  /** The best `limit` candidates, best first. */
  slots: RankedSlot[];
  /** How many candidates there were. */
  candidates: number;
  /** The longest single work interval of anyone (0 when nobody works in the range). */
  longest_ms: number;
}

/** Milliseconds of [s, e) inside the intervals from index `from` on (intervals ending at or before s skipped by the caller). */
function overlap(intervals: readonly number[], from: number, s: number, e: number): number {
  let inside = 0;
  for (let i = from; i < intervals.length && intervals[i] < e; i += 2) inside += Math.min(intervals[i + 1], e) - Math.max(intervals[i], s);
  return inside;
}

/**
 * Ranks every step-aligned slot of `durationMs` during which at least one participant works throughout
 * (see the module comment), and returns the best `limit` with each participant's minutes outside.
 */
export function searchSlots(work: readonly (readonly number[])[], { stepMs, durationMs, limit, nights }: SearchOptions): SearchResult {
  let lo = Infinity;
  let hi = -Infinity;
  let longest = 0;
  for (const intervals of work) {
    for (let i = 0; i < intervals.length; i += 2) {
      lo = Math.min(lo, intervals[i]);
      hi = Math.max(hi, intervals[i + 1]);
      longest = Math.max(longest, intervals[i + 1] - intervals[i]);
    }
  }
  if (longest < durationMs) return { slots: [], candidates: 0, longest_ms: longest };

  // Slot k starts at (first + k) × step; a slot is a candidate when it fits inside someone's interval.
  const first = Math.ceil(lo / stepMs);
  const count = Math.floor((hi - durationMs) / stepMs) - first + 1;
  const candidate = new Uint8Array(Math.max(0, count));
  for (const intervals of work) {
    for (let i = 0; i < intervals.length; i += 2) {
      const from = Math.ceil(intervals[i] / stepMs) - first;
      const to = Math.floor((intervals[i + 1] - durationMs) / stepMs) - first;
      for (let k = from; k <= to; k++) candidate[k] = 1;
    }
  }
  const starts: number[] = [];
  for (let k = 0; k < count; k++) if (candidate[k]) starts.push((first + k) * stepMs);
  if (!starts.length) return { slots: [], candidates: 0, longest_ms: longest };

  // Cost, summed over the participants: one forward pass per participant over its step function.
  // Breakpoints and slot bounds are whole milliseconds, so the sums are exact and ties are real ties.
  const profiles = work.map((intervals, i) => costProfile(intervals, nights?.[i] ?? []));
  const total = new Float64Array(starts.length);
  for (const profile of profiles) {
    const cost = costCursor(profile);
    for (let c = 0; c < starts.length; c++) total[c] += cost(starts[c], starts[c] + durationMs);
  }
  // Best first: lowest cost, then earliest (indices are in time order, so the sort is stable on it).
  const order = Array.from(starts.keys()).sort((a, b) => total[a] - total[b] || a - b);
  const slots = order.slice(0, limit).map((c): RankedSlot => {
    const s = starts[c];
    const outside = work.map((intervals) => {
      let at = 0;
      while (at < intervals.length && intervals[at + 1] <= s) at += 2;
      return durationMs - overlap(intervals, at, s, s + durationMs);
    });
    return {
      start_ms: s,
      outside_ms: outside,
      outside_total_ms: outside.reduce((a, b) => a + b, 0),
      cost_ms: total[c],
      periods: profiles.map((p) => worstPeriod(p, s, s + durationMs)),
    };
  });
  return { slots, candidates: starts.length, longest_ms: longest };
}
