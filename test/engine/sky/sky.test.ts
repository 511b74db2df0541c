import * as Astronomy from 'astronomy-engine';
import { HORIZONS_AIRLESS_HORIZON_29N, HORIZONS_HELIOCENTRIC, J2000_MEAN_OBLIQUITY, SITE_29N_279E } from '../../fixtures/reference/astronomy.ts';
import { ISA_SEA_LEVEL_DEFINITION, USNO_ONE_DAY_ATLANTA_2009 } from '../../fixtures/reference/solar.ts';
import { describe, expect, it } from 'vitest';
import { bodyPositions } from '../../../engine/sky/body-positions.ts';
import { ORRERY_BODIES, orreryPositions, SKY_BODIES, skyPositions } from '../../../engine/sky/sky.ts';
import { solarPosition } from '../../../engine/sky/solar-position.ts';
import { runTool } from '../../helpers.ts';

/** SPA eq. 42 (Reda & Andreas 2008), written out from the paper: refraction in degrees, P in hPa, T in °C. */
const spaEq42 = (e0: number, p: number, t: number) => ((p / 1010) * (283 / (273 + t)) * 1.02) / (60 * Math.tan(((e0 + 10.3 / (e0 + 5.11)) * Math.PI) / 180));
const bodyAt = (body: string, lat: number, lon: number, at: string) => skyPositions({ lat, lon, atMs: Date.parse(at) }).find((b) => b.body === body)!;

describe('skyPositions', () => {
  it('lists the Sun, the Moon and the planets through Pluto, in order', () => {
    expect(skyPositions({ lat: 0, lon: 0, atMs: Date.parse('2026-11-22T08:00:00Z') }).map((b) => b.body)).toEqual([...SKY_BODIES]);
  });

  // The one refraction model: the Sun's altitude and azimuth are the solar_position tool's, to the digit,
  // by day, at the horizon and by night.
  it.each([
    { name: 'Golden CO (the SPA example place)', lat: 39.742476, lon: -105.1786, at: '2003-10-17T19:30:30Z' },
    { name: 'Greenwich, solstice noon', lat: 51.4769, lon: -0.0005, at: '2026-06-21T12:00:00Z' },
    { name: 'Sydney, afternoon', lat: -33.8688, lon: 151.2093, at: '2026-11-22T04:00:00Z' },
    { name: 'Quito, at sunrise', lat: -0.1807, lon: -78.4678, at: '2026-03-20T11:21:00Z' },
    { name: 'Longyearbyen, polar night', lat: 78.2232, lon: 15.6267, at: '2026-12-21T11:00:00Z' },
  ])('the Sun over $name is where solar_position puts it', async ({ lat, lon, at }) => {
    const tool = await runTool(solarPosition, { lat, lon, at });
    const sun = bodyAt('Sun', lat, lon, at);
    expect(sun.apparent_altitude_deg).toBe(tool.apparent_elevation_deg);
    expect(sun.azimuth_deg).toBe(tool.azimuth_deg);
    expect(sun.above_horizon).toBe(tool.apparent_elevation_deg > 0);
  });

  // JPL Horizons, airless apparent azimuth and elevation (test/fixtures/reference/astronomy.ts). The sky adds
  // the SPA refraction at the ISA sea-level atmosphere to the airless elevation. Tolerance 1′, the accuracy
  // astronomy-engine states; the residuals are ≤ 5″.
  it.each(HORIZONS_AIRLESS_HORIZON_29N.map((row) => [row.input.body, row.input.at, row] as const))(
    '%s at %s matches JPL Horizons within 1′',
    (body, at, row) => {
      const { azimuth_deg, airless_elevation_deg: airless } = row.expected;
      const b = bodyAt(body, SITE_29N_279E.lat_deg, SITE_29N_279E.east_lon_deg - 360, at);
      const isa = ISA_SEA_LEVEL_DEFINITION.expected;
      const expected = airless + spaEq42(airless, isa.pressure_hpa, isa.temperature_c);
      expect(Math.abs(b.apparent_altitude_deg - expected)).toBeLessThan(row.tolerance!);
      expect(Math.abs(b.azimuth_deg - azimuth_deg)).toBeLessThan(row.tolerance!);
      expect(b.above_horizon).toBe(true);
    },
  );

  it('the Moon is due south at the USNO transit time (Atlanta, 2009-09-06 02:37 EDT)', () => {
    // USNO rounds to the minute, during which the Moon near the meridian moves about 0.5° in azimuth.
    const { input, expected } = USNO_ONE_DAY_ATLANTA_2009;
    const moon = bodyAt('Moon', input.lat, input.lon, new Date(expected.moon_transit).toISOString());
    expect(Math.abs(moon.azimuth_deg - 180)).toBeLessThan(0.5);
  });

  it('marks a body above the horizon exactly when its apparent altitude is positive', () => {
    for (const b of skyPositions({ lat: 51.4769, lon: -0.0005, atMs: Date.parse('2026-11-22T08:00:00Z') })) {
      expect(b.above_horizon, b.body).toBe(b.apparent_altitude_deg > 0);
    }
  });
});

describe('orreryPositions', () => {
  const AT = Date.parse('2026-11-22T08:00:00Z');

  it('gives each planet the heliocentric ecliptic longitude, latitude and distance of bodyPositions', () => {
    const engine = new Map(bodyPositions(AT).bodies.map((b) => [b.body as string, b.heliocentric]));
    const bodies = orreryPositions(AT);
    expect(bodies.map((b) => b.body)).toEqual([...ORRERY_BODIES]);
    for (const b of bodies.filter((x) => x.body !== 'Earth')) {
      const h = engine.get(b.body)!;
      expect([b.lon_deg, b.lat_deg, b.distance_au], b.body).toEqual([h.ecliptic_longitude_deg, h.ecliptic_latitude_deg, h.distance_au]);
    }
  });

  it('places the Earth where JPL Horizons puts it (heliocentric, J2000 ecliptic), within 0.001° and 1e-5 AU', () => {
    // Horizons' heliocentric Earth (ICRF) at 1970-01-01 00:00 TDB, turned to the ecliptic of J2000 by the mean
    // obliquity 84381.406″ (IAU 2006); the TDB epoch becomes UTC with astronomy-engine's ΔT (40.2 s).
    // Measured: 0.18″ in longitude, 0.16″ in latitude, 1.4e-6 AU in distance (the bound of the Earth–Sun
    // distance check against Horizons in ephemeris.test.ts, 1e-5 AU).
    const row = HORIZONS_HELIOCENTRIC.find((r) => r.input.body === 'Earth')!;
    const { x_au: x, y_au: yq, z_au: zq } = row.expected;
    const eps = ((J2000_MEAN_OBLIQUITY.expected.arcsec / 3600) * Math.PI) / 180;
    const [y, z] = [yq * Math.cos(eps) + zq * Math.sin(eps), -yq * Math.sin(eps) + zq * Math.cos(eps)];
    const deg = 180 / Math.PI;
    const at = Astronomy.AstroTime.FromTerrestrialTime(Astronomy.MakeTime(new Date(row.input.tdb)).ut).date.getTime();
    const earth = orreryPositions(at).find((b) => b.body === 'Earth')!;
    expect(Math.abs(earth.lon_deg - ((Math.atan2(y, x) * deg + 360) % 360))).toBeLessThan(0.001);
    expect(Math.abs(earth.lat_deg - Math.atan2(z, Math.hypot(x, y)) * deg)).toBeLessThan(0.001);
    expect(Math.abs(earth.distance_au - Math.hypot(x, y, z))).toBeLessThan(1e-5);
  });
});
