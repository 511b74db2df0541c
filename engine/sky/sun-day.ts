/**
 * One local day of the Sun's events (sunrise, sunset, transit, twilights, golden and blue hour) for an
 * observer, as `sun_events` answers them: browser-safe (no zod, no boundary lookup, no zone-name
 * resolution), so the observatory page computes its sunrise and sunset with this very function. The
 * zone rules come through engine/time/tzdb.ts, from the engine's data: in a page, the zone data it
 * installs (engine/browser/page-data.ts).
 */
import * as Astronomy from 'astronomy-engine';
import { altitudeCrossingIn, formatEvent, geometricAltitude, horizonDipDeg, type LocalDay, riseSetIn, secondsUp, transitIn } from './local-day-events.ts';
import { riseSetAltitude, SunTrack, TRACK_MAX_LATITUDE, TrackDay } from './sun-track.ts';

/** Altitudes of the Sun's centre (geometric, degrees) that bound the twilights and the golden and blue hours. */
export const SUN_ALTITUDES = { civil: -6, nautical: -12, astronomical: -18, blueGolden: -4, goldenTop: 6 } as const;

/** 34′: USNO's standard refraction at the horizon, which rise and set (and so the status) use. */
const HORIZON_REFRACTION_DEG = 34 / 60;
/** The Sun's mean semidiameter, 16′: enough to tell the side of the horizon on a day without rise or set. */
const SEMIDIAMETER_DEG = 16 / 60;

type At = string | null;
interface Span {
  begin: At;
  end: At;
}

/** One local day as `sun_events` writes it (its zod schema, SunEventsDay, has this shape). */
export interface SunDay {
  date: string;
  sunrise: At;
  sunset: At;
  solar_noon: At;
  solar_noon_elevation_deg: number | null;
  day_length_seconds: number;
  sun_status: 'normal' | 'midnight_sun' | 'polar_night';
  civil_dawn: At;
  civil_dusk: At;
  nautical_dawn: At;
  nautical_dusk: At;
  astronomical_dawn: At;
  astronomical_dusk: At;
  golden_hour: { morning: Span; evening: Span };
  blue_hour: { morning: Span; evening: Span };
}

/** A day's event instants (epoch ms, null: none that day), however they were found. */
interface DayInstants {
  rise: number | null;
  set: number | null;
  transit: { ms: number; altitudeDeg: number } | null;
  /** The first crossing of the centre's geometric altitude in a direction. */
  cross: (direction: 1 | -1, altitudeDeg: number) => number | null;
  /** Geometric altitude of the centre at an instant. */
  altitudeAt: (ms: number) => number;
}

/** The day's answer from its instants, as local times in `zone`. */
function dayOf(zone: string, day: LocalDay, elevationM: number, t: DayInstants): SunDay {
  const cross = (direction: 1 | -1, altitude: number) => formatEvent(zone, day, t.cross(direction, altitude));
  const { rise, set, transit } = t;
  let upAtStart = false;
  if (rise === null && set === null && day.endMs > day.startMs) {
    // No rise or set all day: the Sun stays on one side of the horizon, so any instant tells which.
    const limb = t.altitudeAt((day.startMs + day.endMs) / 2) + SEMIDIAMETER_DEG;
    upAtStart = limb > -HORIZON_REFRACTION_DEG - horizonDipDeg(elevationM);
  }
  const empty = day.endMs <= day.startMs;
  const civilDawn = cross(+1, SUN_ALTITUDES.civil);
  const civilDusk = cross(-1, SUN_ALTITUDES.civil);
  const lowMorning = cross(+1, SUN_ALTITUDES.blueGolden);
  const lowEvening = cross(-1, SUN_ALTITUDES.blueGolden);
  return {
    date: day.date,
    sunrise: formatEvent(zone, day, rise),
    sunset: formatEvent(zone, day, set),
    solar_noon: formatEvent(zone, day, transit?.ms ?? null),
    solar_noon_elevation_deg: transit ? Math.round(transit.altitudeDeg * 1000) / 1000 : null,
    day_length_seconds: secondsUp(day, rise, set, upAtStart),
    sun_status: rise !== null || set !== null || empty ? 'normal' : upAtStart ? 'midnight_sun' : 'polar_night',
    civil_dawn: civilDawn,
    civil_dusk: civilDusk,
    nautical_dawn: cross(+1, SUN_ALTITUDES.nautical),
    nautical_dusk: cross(-1, SUN_ALTITUDES.nautical),
    astronomical_dawn: cross(+1, SUN_ALTITUDES.astronomical),
    astronomical_dusk: cross(-1, SUN_ALTITUDES.astronomical),
    golden_hour: {
      morning: { begin: lowMorning, end: cross(+1, SUN_ALTITUDES.goldenTop) },
      evening: { begin: cross(-1, SUN_ALTITUDES.goldenTop), end: lowEvening },
    },
    blue_hour: { morning: { begin: civilDawn, end: lowMorning }, evening: { begin: lowEvening, end: civilDusk } },
  };
}

const SUN = Astronomy.Body.Sun;

/** One local day's events by astronomy-engine's searches alone (13 of them): the reference the track is held to. */
export function sunDaySearched(observer: Astronomy.Observer, elevationM: number, zone: string, day: LocalDay): SunDay {
  return dayOf(zone, day, elevationM, {
    rise: riseSetIn(SUN, observer, +1, day, elevationM),
    set: riseSetIn(SUN, observer, -1, day, elevationM),
    transit: transitIn(SUN, observer, day),
    cross: (direction, altitude) => altitudeCrossingIn(SUN, observer, direction, day, altitude),
    altitudeAt: (ms) => geometricAltitude(SUN, observer, ms),
  });
}

/**
 * One local day's events for an observer `elevationM` above the terrain, as local times in `zone`, from
 * the Sun's track (engine/sky/sun-track.ts: one ephemeris evaluation a day, the same answers as the
 * searches to a second); an event the track cannot bound safely (a culmination within its margin of the
 * altitude sought, a place within 1° of a pole) is left to astronomy-engine's search.
 */
export function sunDay(observer: Astronomy.Observer, elevationM: number, zone: string, day: LocalDay, track?: SunTrack): SunDay {
  if (day.endMs <= day.startMs || Math.abs(observer.latitude) > TRACK_MAX_LATITUDE) return sunDaySearched(observer, elevationM, zone, day);
  const tr = track ?? new SunTrack(observer, day.startMs, day.endMs);
  const today = new TrackDay(tr, day.startMs, day.endMs);
  const horizon = riseSetAltitude(observer, elevationM);
  const riseSet = (direction: 1 | -1) => {
    const ms = today.crossing(horizon, direction, true);
    return ms === undefined ? riseSetIn(SUN, observer, direction, day, elevationM) : ms;
  };
  return dayOf(zone, day, elevationM, {
    rise: riseSet(+1),
    set: riseSet(-1),
    transit: today.transit(),
    cross: (direction, altitude) => {
      const ms = today.crossing(altitude, direction);
      return ms === undefined ? altitudeCrossingIn(SUN, observer, direction, day, altitude) : ms;
    },
    altitudeAt: (ms) => tr.at(ms).alt,
  });
}
