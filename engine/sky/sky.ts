/**
 * The sky over a place (altitude and azimuth of the Sun, Moon and planets) and the planets around the
 * Sun (heliocentric ecliptic positions): what the observatory page draws. Browser-safe: astronomy-engine
 * and the engine's browser-safe modules only, so a page computes the same in Node and in the browser.
 */
import * as Astronomy from 'astronomy-engine';
import { DAY_MS } from '../instant.ts';
import { round, roundInPeriod } from '../numbers.ts';
import { ISA_SEA_LEVEL, isaPressureHpa, spaRefractionDeg, sunPosition } from './sun-position.ts';
import { bodyPositions } from './body-positions.ts';

export const ORRERY_BODIES = ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
export type OrreryBodyName = (typeof ORRERY_BODIES)[number];
export interface OrreryBody {
  body: OrreryBodyName;
  lon_deg: number;
  lat_deg: number;
  distance_au: number;
}

/**
 * Heliocentric positions at `atMs`, mean ecliptic and equinox of J2000, from `bodyPositions`. The Earth
 * is the Sun's geocentric vector reversed: that vector is astrometric (the Sun 8 minutes ago), which
 * moves it about 6 km, nothing at the scale of an orrery.
 */
export function orreryPositions(atMs: number): OrreryBody[] {
  const byName = new Map(bodyPositions(atMs).bodies.map((b) => [b.body as string, b]));
  return ORRERY_BODIES.map((body) => {
    if (body === 'Earth') {
      const sun = byName.get('Sun')!.geocentric;
      const lon = Number(((sun.ecliptic_longitude_deg + 180) % 360).toFixed(7));
      return { body, lon_deg: lon === 360 ? 0 : lon, lat_deg: -sun.ecliptic_latitude_deg, distance_au: sun.distance_au };
    }
    const h = byName.get(body)!.heliocentric!;
    return { body, lon_deg: h.ecliptic_longitude_deg, lat_deg: h.ecliptic_latitude_deg, distance_au: h.distance_au };
  });
}

export const SKY_BODIES = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
export type SkyBodyName = (typeof SKY_BODIES)[number];
/** One body as the `sky_positions` tool answers it (and the observatory draws it). */
export interface SkyBody {
  body: SkyBodyName;
  azimuth_deg: number;
  /** Geometric (airless) altitude of the centre. */
  altitude_deg: number;
  /** The altitude refracted by the SPA formula, as solar_position refracts the Sun. */
  apparent_altitude_deg: number;
  right_ascension_hours: number;
  declination_deg: number;
  distance_au: number;
  magnitude: number;
  illumination_fraction: number;
  above_horizon: boolean;
}

export interface SkyInput {
  lat: number;
  lon: number;
  /** The instant, epoch milliseconds (UTC, taken as UT1). */
  atMs: number;
  /** Observer height above sea level, metres (parallax; the ISA pressure's height). Default 0. */
  elevationM?: number;
  /** Refraction's atmosphere; default ISA at elevationM, 15 °C (as solar_position). */
  pressureHpa?: number;
  temperatureC?: number;
}

/**
 * Where each body stands for an observer, in the engine's one refraction model, the one `sunPosition`
 * (and so the solar_position tool) uses: the topocentric apparent place of date (light time, aberration,
 * precession, nutation, parallax for the observer's height) turned to the horizon, plus refraction by the
 * NREL SPA formula (`spaRefractionDeg`) for the given atmosphere or the ISA one at that height. The Sun
 * is sunPosition's own answer for the same input (azimuth, geometric and apparent elevation, declination,
 * to 1e-6°), so the sky and solar_position never disagree; the Moon and planets go through the same
 * steps with the same rounding. Magnitude and illuminated fraction are astronomy-engine's `Illumination`
 * (geocentric; the Sun's fraction is 1).
 *
 * @example skyPositions({ lat: 51.4769, lon: -0.0005, atMs: Date.parse('2026-06-21T12:00:00Z') })[0]
 * // → { body: 'Sun', azimuth_deg ≈ 180, apparent_altitude_deg ≈ 62, above_horizon: true, … }
 */
export function skyPositions(input: SkyInput): SkyBody[] {
  const time = Astronomy.MakeTime(new Date(input.atMs));
  const elevationM = input.elevationM ?? 0;
  const observer = new Astronomy.Observer(input.lat, input.lon, elevationM);
  const pressureHpa = input.pressureHpa ?? isaPressureHpa(elevationM);
  const temperatureC = input.temperatureC ?? ISA_SEA_LEVEL.temperatureC;
  return SKY_BODIES.map((body) => {
    const eq = Astronomy.Equator(Astronomy.Body[body], time, observer, true, true);
    let azimuth: number, altitude: number, apparent: number, declination: number;
    if (body === 'Sun') {
      const sun = sunPosition({ lat: input.lat, lon: input.lon, atMs: input.atMs, elevationM, pressureHpa, temperatureC });
      [azimuth, altitude, apparent, declination] = [sun.azimuth_deg, sun.elevation_deg, sun.apparent_elevation_deg, sun.declination_deg];
    } else {
      const h = Astronomy.Horizon(time, observer, eq.ra, eq.dec);
      azimuth = roundInPeriod(h.azimuth, 6, 360);
      altitude = round(h.altitude, 6);
      apparent = round(h.altitude + spaRefractionDeg(h.altitude, pressureHpa, temperatureC), 6);
      declination = round(eq.dec, 6);
    }
    const light = Astronomy.Illumination(Astronomy.Body[body], time);
    return {
      body,
      azimuth_deg: azimuth,
      altitude_deg: altitude,
      apparent_altitude_deg: apparent,
      right_ascension_hours: roundInPeriod(eq.ra, 7, 24),
      declination_deg: declination,
      distance_au: round(eq.dist, 10),
      magnitude: round(light.mag, 2),
      illumination_fraction: body === 'Sun' ? 1 : round(light.phase_fraction, 4),
      // From the reported number, so the flag always agrees with the altitude beside it.
      above_horizon: apparent > 0,
    };
  });
}

export const PRINCIPAL_PHASES = [
  { name: 'new_moon', deg: 0 },
  { name: 'first_quarter', deg: 90 },
  { name: 'full_moon', deg: 180 },
  { name: 'last_quarter', deg: 270 },
] as const;
export const MOON_PHASE_NAMES = [
  'new_moon',
  'waxing_crescent',
  'first_quarter',
  'waxing_gibbous',
  'full_moon',
  'waning_gibbous',
  'last_quarter',
  'waning_crescent',
] as const;
export type MoonPhaseName = (typeof MOON_PHASE_NAMES)[number];
export interface MoonState {
  phase_name: MoonPhaseName;
  phase_angle_deg: number;
  illumination_fraction: number;
  age_days: number;
}

/**
 * The Moon's phase at `atMs`. phase_angle_deg is the Moon's minus the Sun's geocentric apparent ecliptic
 * longitude (0..360, astronomy-engine `MoonPhase`); illumination_fraction the geocentric illuminated
 * fraction; age_days the time since the last new moon. phase_name is the principal phase whose instant
 * falls on the UTC date of `atMs` (the elongation passes 0°, 90°, 180° or 270° during that UTC day; it
 * grows 11–15° a day, so at most one does), otherwise crescent or gibbous, waxing or waning, by the
 * elongation at `atMs`. `day` replaces the UTC day by another interval, such as a local day of 23 or 25
 * hours (moon_events names the phase of the local date).
 */
export function moonState(atMs: number, day?: { startMs: number; endMs: number }): MoonState {
  const time = Astronomy.MakeTime(new Date(atMs));
  const elongation = Astronomy.MoonPhase(time);
  const dayStart = day?.startMs ?? Math.floor(atMs / DAY_MS) * DAY_MS;
  const dayEnd = day?.endMs ?? dayStart + DAY_MS;
  const a0 = Astronomy.MoonPhase(Astronomy.MakeTime(new Date(dayStart)));
  const a1 = Astronomy.MoonPhase(Astronomy.MakeTime(new Date(dayEnd)));
  // A skipped local date (0 hours) holds no phase instant.
  const span = dayEnd > dayStart ? (a1 - a0 + 360) % 360 : 0;
  // [dayStart, next midnight): a phase exactly at midnight belongs to the day it begins.
  const principal = PRINCIPAL_PHASES.find((p) => (p.deg - a0 + 360) % 360 < span);
  const lastNew = Astronomy.SearchMoonPhase(0, time, -31)!;
  return {
    phase_name: principal
      ? principal.name
      : elongation < 180
        ? elongation < 90
          ? 'waxing_crescent'
          : 'waxing_gibbous'
        : elongation < 270
          ? 'waning_gibbous'
          : 'waning_crescent',
    phase_angle_deg: roundInPeriod(elongation, 6, 360),
    illumination_fraction: round(Astronomy.Illumination(Astronomy.Body.Moon, time).phase_fraction, 4),
    age_days: round((atMs - lastNew.date.getTime()) / DAY_MS, 4),
  };
}
