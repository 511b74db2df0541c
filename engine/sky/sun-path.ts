/**
 * The Sun through one local day for an observer at sea level: its place every 10 minutes, sunrise and
 * sunset, and whether the day has either. Browser-safe (astronomy-engine, sun-position.ts and instant.ts only).
 *
 * One model, the engine's (sun-position.ts): the altitudes are sunPosition's apparent elevation (NREL SPA
 * refraction, ISA sea-level atmosphere), and sunrise and sunset are the instants the geometric elevation
 * of the Sun's centre crosses DAYLIGHT_LIMITS_DEG.day (−0.833°: the upper limb on the horizon with 34′ of
 * refraction, the almanacs' and USNO's convention), the line at which sunPosition's daylight turns 'day'.
 */
import * as Astronomy from 'astronomy-engine';
import { DAY_MS } from '../instant.ts';
import { DAYLIGHT_LIMITS_DEG, sunPosition } from './sun-position.ts';

export interface SunSample {
  at_ms: number;
  alt_deg: number;
  az_deg: number;
}
export interface SunPath {
  start_ms: number;
  end_ms: number;
  samples: SunSample[];
  sunrise_ms: number | null;
  sunset_ms: number | null;
  /** `polar_day`/`polar_night`: the Sun neither rises nor sets during this local day. */
  daylight: 'rises_or_sets' | 'polar_day' | 'polar_night';
  /** The Sun at the chosen instant, when one was given. */
  at: SunSample | null;
}

export interface SunPathInput {
  lat: number;
  lon: number;
  /** The day, [startMs, endMs] in epoch milliseconds: local midnight to midnight (wall-clock.ts localDayBounds). */
  startMs: number;
  endMs: number;
  /** An instant to mark on the path. */
  atMs?: number;
}

const SAMPLE_MS = 10 * 60_000;

/**
 * Samples from `startMs` every 10 minutes and at `endMs`; the first sunrise and the first sunset after
 * `startMs` and before `endMs` (astronomy-engine `SearchAltitude` on the topocentric geometric elevation,
 * the quantity sunPosition reports as elevation_deg).
 *
 * @example
 * // USNO, Rise and Set for the Sun for 2019, W081 00 N29 00: Dec. 21 rise 12:13, set 22:31 UT
 * sunPath({ lat: 29, lon: -81, startMs: Date.parse('2019-12-21T05:00:00Z'), endMs: Date.parse('2019-12-22T05:00:00Z') })
 * // → sunrise_ms ≈ 2019-12-21T12:13Z, sunset_ms ≈ 2019-12-21T22:31Z, daylight 'rises_or_sets'
 */
export function sunPath(input: SunPathInput): SunPath {
  const { lat, lon, startMs, endMs, atMs } = input;
  const sample = (ms: number): SunSample => {
    const p = sunPosition({ lat, lon, atMs: ms });
    return { at_ms: ms, alt_deg: p.apparent_elevation_deg, az_deg: p.azimuth_deg };
  };
  const samples: SunSample[] = [];
  for (let t = startMs; t < endMs; t += SAMPLE_MS) samples.push(sample(t));
  samples.push(sample(endMs));

  const observer = new Astronomy.Observer(lat, lon, 0);
  const days = (endMs - startMs) / DAY_MS;
  const crossing = (direction: 1 | -1) => {
    const found = Astronomy.SearchAltitude(Astronomy.Body.Sun, observer, direction, new Date(startMs), days, DAYLIGHT_LIMITS_DEG.day);
    const ms = found?.date.getTime();
    return ms !== undefined && ms < endMs ? ms : null;
  };
  const sunrise_ms = crossing(1);
  const sunset_ms = crossing(-1);
  // With neither, the Sun stays on one side of the line all day: any instant of the day tells which.
  const daylight =
    sunrise_ms !== null || sunset_ms !== null
      ? 'rises_or_sets'
      : sunPosition({ lat, lon, atMs: (startMs + endMs) / 2 }).daylight === 'day'
        ? 'polar_day'
        : 'polar_night';
  return { start_ms: startMs, end_ms: endMs, samples, sunrise_ms, sunset_ms, daylight, at: atMs === undefined ? null : sample(atMs) };
}
