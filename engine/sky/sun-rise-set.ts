/**
 * Sunrise, sunset and the day's status for one local day of a zone, for an observer at the ground: the
 * `sun_events` tool's own day (engine/sky/sun-day.ts `sunDay`), with the instants the observatory
 * page draws with. test/website/observatory.test.ts checks every field against sun_events' answer.
 */
import * as Astronomy from 'astronomy-engine';
import { localDays } from './local-day-events.ts';
import { sunDay } from './sun-day.ts';

export interface SunRiseSet {
  /** The local date, YYYY-MM-DD. */
  date: string;
  /** The local day, [start_ms, end_ms): local midnight to the next. */
  start_ms: number;
  end_ms: number;
  sunrise_ms: number | null;
  sunset_ms: number | null;
  /** As sun_events writes them: local time in whole seconds with the offset, null when not that day. */
  sunrise: string | null;
  sunset: string | null;
  sun_status: 'normal' | 'midnight_sun' | 'polar_night';
}

const msOf = (local: string | null) => (local === null ? null : Date.parse(local));

/**
 * The first sunrise and sunset within the local `date` in `zone` at a place (upper limb, 34′ refraction).
 *
 * @example sunRiseSet(60, 0, 'Etc/GMT', '2019-06-21').sunrise // '2019-06-21T02:36:…+00:00' (USNO: 02:36 UT)
 */
export function sunRiseSet(lat: number, lon: number, zone: string, date: string): SunRiseSet {
  const [day] = localDays(zone, date, 1);
  const { sunrise, sunset, sun_status } = sunDay(new Astronomy.Observer(lat, lon, 0), 0, zone, day);
  return { date, start_ms: day.startMs, end_ms: day.endMs, sunrise_ms: msOf(sunrise), sunset_ms: msOf(sunset), sunrise, sunset, sun_status };
}
