/**
 * The sky over a place (altitude and azimuth of the Sun, Moon and planets) and the planets around the
 * Sun (heliocentric ecliptic positions): what the observatory page draws. Browser-safe: astronomy-engine
 * and the engine's browser-safe modules only, so a page computes the same in Node and in the browser.
 */
import * as Astronomy from 'astronomy-engine';
import { ISA_SEA_LEVEL, spaRefractionDeg, sunPosition } from '../solar/sun-position.ts';
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
export interface SkyBody {
  body: SkyBodyName;
  alt_deg: number;
  az_deg: number;
  above_horizon: boolean;
}

export interface SkyInput {
  lat: number;
  lon: number;
  /** The instant, epoch milliseconds (UTC, taken as UT1). */
  atMs: number;
}

/**
 * Where each body stands for an observer at sea level, in the engine's one refraction model, the one
 * `sunPosition` (and so the solar_position tool) uses: the topocentric apparent place of date (light
 * time, aberration, precession, nutation, parallax) turned to the horizon, plus refraction by the NREL
 * SPA formula (`spaRefractionDeg`) for the ISA sea-level atmosphere, 1013.25 hPa and 15 °C. The Sun is
 * sunPosition's own answer (apparent elevation and azimuth, to 1e-6°), so the sky and solar_position
 * never disagree; the Moon and planets go through the same steps, unrounded.
 *
 * @example skyPositions({ lat: 51.4769, lon: -0.0005, atMs: Date.parse('2026-06-21T12:00:00Z') })[0]
 * // → { body: 'Sun', alt_deg ≈ 62, az_deg ≈ 180, above_horizon: true }
 */
export function skyPositions(input: SkyInput): SkyBody[] {
  const time = Astronomy.MakeTime(new Date(input.atMs));
  const observer = new Astronomy.Observer(input.lat, input.lon, 0);
  return SKY_BODIES.map((body) => {
    let alt: number, az: number;
    if (body === 'Sun') {
      // Only the place and instant: sunPosition would also read an elevation or pressure if handed one.
      const sun = sunPosition({ lat: input.lat, lon: input.lon, atMs: input.atMs });
      [alt, az] = [sun.apparent_elevation_deg, sun.azimuth_deg];
    } else {
      const eq = Astronomy.Equator(Astronomy.Body[body], time, observer, true, true);
      const h = Astronomy.Horizon(time, observer, eq.ra, eq.dec);
      [alt, az] = [h.altitude + spaRefractionDeg(h.altitude, ISA_SEA_LEVEL.pressureHpa, ISA_SEA_LEVEL.temperatureC), h.azimuth];
    }
    return { body, alt_deg: alt, az_deg: az, above_horizon: alt > 0 };
  });
}
