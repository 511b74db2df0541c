/**
 * Events of a body within local days: the machinery sun_events uses and moon_events can reuse.
 *
 * A local day is [local midnight, next local midnight) by the zone's tzdb rules, so it lasts 23 or 25
 * hours on the days the clocks change (and 0 hours on a date a zone skipped, such as Pacific/Apia's
 * 2011-12-30): never a fixed 24 hours. Each event is the first crossing inside that interval found by
 * astronomy-engine's searches (SearchRiseSet, SearchAltitude, SearchHourAngle) started at the day's
 * first instant and limited to its length; a crossing at or after the next midnight belongs to the next
 * day, so an event that does not happen within the day is null, never the neighbouring day's.
 */
import * as Astronomy from 'astronomy-engine';
import { DAY_MS, formatLocal, utcMs } from '../instant.ts';
import { instantOfLocal, offsetSecondsAt } from '../time/zone-rules.ts';

export interface LocalDay {
  /** The local calendar date, YYYY-MM-DD. */
  date: string;
  /** First instant of the day (local midnight), epoch ms. */
  startMs: number;
  /** First instant of the next day, epoch ms (startMs + 23, 24 or 25 hours; equal to startMs on a skipped date). */
  endMs: number;
}

/** The date `n` days after `date` (YYYY-MM-DD, years 0001..9999). */
export function addDays(date: string, n: number): string {
  const ms = utcMs(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)), 0, 0, 0, 0) + n * DAY_MS;
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Local midnight of a date in a zone: a midnight inside a DST gap moves forward by the gap (Temporal's 'compatible'). */
function midnight(zone: string, date: string): number {
  return instantOfLocal(zone, Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)), 0, 0, 0).ms;
}

/** `count` consecutive local days from `date` in `zone`, each bounded by the zone's own midnights. */
export function localDays(zone: string, date: string, count: number): LocalDay[] {
  const days: LocalDay[] = [];
  let current = date;
  let startMs = midnight(zone, current);
  for (let i = 0; i < count; i++) {
    const next = addDays(current, 1);
    const endMs = midnight(zone, next);
    days.push({ date: current, startMs, endMs });
    current = next;
    startMs = endMs;
  }
  return days;
}

/** The local date (YYYY-MM-DD) in a zone at an instant. */
export function localDateAt(zone: string, ms: number): string {
  return formatLocal(ms, offsetSecondsAt(zone, ms)).slice(0, 10);
}

/** +1: rising (ascending through the altitude), −1: setting (descending). */
export type Direction = 1 | -1;

/** The instant (epoch ms) if it falls inside the day, else null. */
function inside(day: LocalDay, time: Astronomy.AstroTime | null): number | null {
  if (!time) return null;
  const ms = time.date.getTime();
  return ms >= day.startMs && ms < day.endMs ? ms : null;
}

const lengthDays = (day: LocalDay) => (day.endMs - day.startMs) / DAY_MS;

/**
 * The first rise (+1) or set (−1) of the body's upper limb within the day, astronomy-engine's
 * SearchRiseSet: 34′ of refraction, the body's apparent radius, and the horizon lowered by the dip for
 * an observer `metersAboveGround` above the terrain (the observer's own height in `observer.height`).
 */
export function riseSetIn(body: Astronomy.Body, observer: Astronomy.Observer, direction: Direction, day: LocalDay, metersAboveGround = 0): number | null {
  if (day.endMs <= day.startMs) return null;
  return inside(day, Astronomy.SearchRiseSet(body, observer, direction, new Date(day.startMs), lengthDays(day), metersAboveGround));
}

/** The first instant within the day at which the body's centre crosses `altitudeDeg` (geometric, no refraction) going `direction`. */
export function altitudeCrossingIn(
  body: Astronomy.Body,
  observer: Astronomy.Observer,
  direction: Direction,
  day: LocalDay,
  altitudeDeg: number,
): number | null {
  if (day.endMs <= day.startMs) return null;
  return inside(day, Astronomy.SearchAltitude(body, observer, direction, new Date(day.startMs), lengthDays(day), altitudeDeg));
}

/** Geometric topocentric altitude of the body's centre (apparent place of date, no refraction), degrees. */
export function geometricAltitude(body: Astronomy.Body, observer: Astronomy.Observer, ms: number): number {
  const time = Astronomy.MakeTime(new Date(ms));
  const eq = Astronomy.Equator(body, time, observer, true, true);
  return Astronomy.Horizon(time, observer, eq.ra, eq.dec).altitude;
}

/** The body's upper transit (centre on the meridian, hour angle 0) within the day, with its geometric altitude; null when none. */
export function transitIn(body: Astronomy.Body, observer: Astronomy.Observer, day: LocalDay): { ms: number; altitudeDeg: number } | null {
  if (day.endMs <= day.startMs) return null;
  const event = Astronomy.SearchHourAngle(body, observer, 0, new Date(day.startMs), +1);
  const ms = inside(day, event.time);
  return ms === null ? null : { ms, altitudeDeg: geometricAltitude(body, observer, ms) };
}

/**
 * Dip of the sea horizon for an eye `heightM` above it, degrees: 1.76′ √h (h in metres), the almanacs'
 * formula with standard terrestrial refraction. Used only to say on which side of the horizon the
 * body stays on a day without rise or set, where a few hundredths of a degree cannot matter.
 */
export const horizonDipDeg = (heightM: number): number => (1.76 / 60) * Math.sqrt(Math.max(0, heightM));

/**
 * Seconds the body is up within the day, from its first rise and set there (either may be null) and
 * whether it is up when the day starts (only read when neither happens).
 */
export function secondsUp(day: LocalDay, riseMs: number | null, setMs: number | null, upAtStart: boolean): number {
  const ms =
    riseMs !== null && setMs !== null
      ? riseMs < setMs
        ? setMs - riseMs
        : setMs - day.startMs + (day.endMs - riseMs) // up at midnight, sets, rises again
      : riseMs !== null
        ? day.endMs - riseMs
        : setMs !== null
          ? setMs - day.startMs
          : upAtStart
            ? day.endMs - day.startMs
            : 0;
  return Math.round(ms / 1000);
}

/**
 * An event instant as local time in whole seconds with the offset in force at that instant (after a
 * DST change, the new offset); the second is rounded, but never onto the next day's midnight.
 */
export function formatEvent(zone: string, day: LocalDay, ms: number | null): string | null {
  if (ms === null) return null;
  let s = Math.round(ms / 1000) * 1000;
  if (s >= day.endMs) s = Math.floor(ms / 1000) * 1000;
  return formatLocal(s, offsetSecondsAt(zone, s));
}
