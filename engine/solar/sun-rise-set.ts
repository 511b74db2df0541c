/**
 * Sunrise, sunset and the day's status for one local day of a zone, computed as `sun_events` computes
 * them: its local day and searches (engine/astronomy/local-day-events.ts: localDays, riseSetIn,
 * formatEvent) and its status rule, for an observer at the ground (elevation_m 0). The observatory page
 * uses this because it cannot load sun-events.ts itself, which declares the tool (zod schemas, the
 * boundary lookup, zone-name resolution: server-side). test/website/observatory.test.ts checks that
 * every field equals sun_events' answer for the same place, date and zone, polar and DST days included.
 *
 * Browser-safe once the zone rules are there: local-day-events.ts reads them through tzdb.ts, which a
 * page's bundle replaces with the zone data the page installs (tzdb-browser.ts).
 */
import * as Astronomy from 'astronomy-engine';
import { formatEvent, geometricAltitude, localDays, riseSetIn } from '../astronomy/local-day-events.ts';

/** sun_events' constants for the status of a day without rise or set: 34′ refraction, 16′ semidiameter. */
const HORIZON_REFRACTION_DEG = 34 / 60;
const SEMIDIAMETER_DEG = 16 / 60;

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

/**
 * The first sunrise and sunset within the local `date` in `zone` at a place (upper limb, 34′ refraction).
 *
 * @example sunRiseSet(60, 0, 'Etc/GMT', '2019-06-21').sunrise // '2019-06-21T02:36:…+00:00' (USNO: 02:36 UT)
 */
export function sunRiseSet(lat: number, lon: number, zone: string, date: string): SunRiseSet {
  const [day] = localDays(zone, date, 1);
  const observer = new Astronomy.Observer(lat, lon, 0);
  const sun = Astronomy.Body.Sun;
  const rise = riseSetIn(sun, observer, +1, day, 0);
  const set = riseSetIn(sun, observer, -1, day, 0);
  let status: SunRiseSet['sun_status'] = 'normal';
  if (rise === null && set === null && day.endMs > day.startMs) {
    // No rise or set all day: the Sun stays on one side of the horizon, so any instant tells which.
    const limb = geometricAltitude(sun, observer, (day.startMs + day.endMs) / 2) + SEMIDIAMETER_DEG;
    status = limb > -HORIZON_REFRACTION_DEG ? 'midnight_sun' : 'polar_night';
  }
  return {
    date,
    start_ms: day.startMs,
    end_ms: day.endMs,
    sunrise_ms: rise,
    sunset_ms: set,
    sunrise: formatEvent(zone, day, rise),
    sunset: formatEvent(zone, day, set),
    sun_status: status,
  };
}
