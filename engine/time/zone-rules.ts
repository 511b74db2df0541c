/**
 * What a zone's IANA rules say at an instant: offset, abbreviation, DST flag, next transition, all
 * from the one tzdb release the project ships (tzdb.ts), never from the runtime's ICU: a bisection
 * over the zone's periods (typed arrays), plus one remembered answer per zone for the instants it
 * holds for.
 */
import { instantOfWall, offsetAt, periodAt, type WallInstant, type ZoneTable } from './tzdb-data.ts';
import { rulesOf } from './tzdb.ts';
import { DAY_MS, formatUtc, utcMs } from '../instant.ts';

export interface Transition {
  /** Instant of the change, epoch milliseconds. */
  at_ms: number;
  /** Offset in force from that instant on. */
  utc_offset_seconds: number;
}

export interface ZoneRules {
  utc_offset_seconds: number;
  abbreviation: string;
  dst: boolean;
  next_transition: Transition | null;
}

/** UTC offset in force at an instant, seconds east of UTC. */
export const offsetSecondsAt = (zone: string, ms: number): number => offsetAt(rulesOf(zone), ms);

/** Today's date in a zone (UTC when none) at an instant (epoch ms), `YYYY-MM-DD`. */
export function todayIn(zone: string | undefined, nowMs: number): string {
  const offset = zone === undefined ? 0 : offsetSecondsAt(zone, nowMs);
  return formatUtc(nowMs + offset * 1000).slice(0, 10);
}

/**
 * The instant a local date and time denotes in a zone (month 1–12), with Temporal's 'compatible'
 * reading: a wall time in a DST gap moves forward by the gap, one in a fold takes the earlier instant;
 * `gap`, `fold`, `earlier` and `later` say which happened. The one wall time → instant of the engine.
 */
export function instantOfLocal(zone: string, year: number, month: number, day: number, hour: number, minute: number, second = 0): WallInstant {
  return instantOfWall(rulesOf(zone), utcMs(year, month, day, hour, minute, second, 0));
}

/** How far either side of an instant the DST rule looks for the zone's standard offset: half a year. */
export const DST_WINDOW_MS = 183 * DAY_MS;

/**
 * The zone's standard offset around an instant: the lowest offset in force within half a year either
 * side of it, and the instants over which that answer stays the same ([from, to)).
 */
function standardAround(t: ZoneTable, ms: number): { offset: number; from: number; to: number } {
  const lo = periodAt(t, ms - DST_WINDOW_MS);
  const hi = periodAt(t, ms + DST_WINDOW_MS);
  let offset = lo.offset;
  for (let p = lo; p.to <= ms + DST_WINDOW_MS; ) {
    p = periodAt(t, p.to);
    offset = Math.min(offset, p.offset);
  }
  // The same periods stay in the window while both of its ends stay in their periods.
  return { offset, from: Math.max(lo.from + DST_WINDOW_MS, hi.from - DST_WINDOW_MS), to: Math.min(lo.to + DST_WINDOW_MS, hi.to - DST_WINDOW_MS) };
}

/** The zone's standard offset around an instant: the lowest offset in force within half a year either side. */
export const standardOffsetSeconds = (zone: string, ms: number): number => standardAround(rulesOf(zone), ms).offset;

/** The last full answer of each zone and the instants it holds for: [from, to). */
const last = new Map<ZoneTable, { from: number; to: number; rules: ZoneRules }>();

/**
 * Offset, abbreviation, DST flag and next transition of `zone` at `ms`.
 *
 * DST rule: `dst` is true when the offset in force is above the zone's standard offset, the lowest
 * offset in force within half a year either side of the instant (the data carries no DST flag). So
 * Europe/Dublin's summer IST (+01:00) is DST and winter GMT is not, although tzdb's main data models
 * Dublin with negative DST; Australia/Lord_Howe's +11:00 summer (half-hour DST) is DST and +10:30 is
 * not; zones without DST are never DST; a zone that keeps its summer offset for good is on standard
 * time from the day it does (British Columbia: -07:00 MST from 2026-11-01, as tzdb says). The one
 * stretch the rule misreads is the last summer before such a move, once no winter offset lies within
 * the half year before it (BC's PDT from 2026-09-08 to 2026-10-31 reads as not DST).
 */
export function zoneRulesAt(zone: string, ms: number): Readonly<ZoneRules> {
  const t = rulesOf(zone);
  const hit = last.get(t);
  if (hit !== undefined && ms >= hit.from && ms < hit.to) return hit.rules;
  const p = periodAt(t, ms);
  const standard = standardAround(t, ms);
  const rules: ZoneRules = Object.freeze({
    utc_offset_seconds: p.offset,
    abbreviation: p.abbreviation,
    dst: p.offset > standard.offset,
    next_transition: p.next && Object.freeze({ ...p.next }),
  });
  last.set(t, { from: Math.max(p.from, standard.from), to: Math.min(p.to, standard.to), rules });
  return rules;
}
