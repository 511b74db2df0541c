import * as Astronomy from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { bodyPositions } from '../../../engine/astronomy/body-positions.ts';
import { ORRERY_BODIES, orreryPositions, SKY_BODIES, skyPositions } from '../../../engine/astronomy/sky.ts';
import { solarPosition } from '../../../engine/solar/solar-position.ts';
import { ISA_SEA_LEVEL, spaRefractionDeg } from '../../../engine/solar/sun-position.ts';
import { runTool } from '../../helpers.ts';

const ARCMIN = 1 / 60;
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
    expect(sun.alt_deg).toBe(tool.apparent_elevation_deg);
    expect(sun.az_deg).toBe(tool.azimuth_deg);
    expect(sun.above_horizon).toBe(tool.apparent_elevation_deg > 0);
  });

  // JPL Horizons, airless apparent azimuth and elevation (topocentric, of date) for the site E-lon 279°,
  // lat 29°, 10 m: cosinekitty/astronomy, generate/horizons/airless_Moon.txt and airless_Jupiter.txt
  // (Horizons run of 2019-04-12, DE431). The sky adds the engine's refraction (SPA, ISA sea level) to the
  // airless elevation. Tolerance 1′, the accuracy astronomy-engine states; the residuals are ≤ 5″.
  it.each([
    ['Moon', '2028-06-28T00:00:00Z', 230.6517, 49.9678],
    ['Moon', '2029-05-24T00:00:00Z', 141.5724, 43.248],
    ['Moon', '2030-01-09T00:00:00Z', 239.9188, 42.5635],
    ['Jupiter', '2026-01-30T00:00:00Z', 81.6864, 35.4117],
    ['Jupiter', '2026-06-09T00:00:00Z', 276.1106, 36.8687],
  ] as const)('%s at %s matches JPL Horizons within 1′', (body, at, azimuth, airless) => {
    const b = bodyAt(body, 29, -81, at);
    const expected = airless + spaRefractionDeg(airless, ISA_SEA_LEVEL.pressureHpa, ISA_SEA_LEVEL.temperatureC);
    expect(Math.abs(b.alt_deg - expected)).toBeLessThan(ARCMIN);
    expect(Math.abs(b.az_deg - azimuth)).toBeLessThan(ARCMIN);
    expect(b.above_horizon).toBe(true);
  });

  it('the Moon is due south at the USNO transit time (Atlanta, 2009-09-06 02:37 EDT)', () => {
    // USNO one-day table for Atlanta (N33.8, W84.4), 6 September 2009, Eastern Daylight Time: "Moon transit
    // 2:37 a.m.", as quoted in the PyEphem manual (https://rhodesmill.org/pyephem/rise-set.html). USNO
    // rounds to the minute, during which the Moon near the meridian moves about 0.5° in azimuth.
    const moon = bodyAt('Moon', 33.8, -84.4, '2009-09-06T06:37:00Z');
    expect(Math.abs(moon.az_deg - 180)).toBeLessThan(0.5);
  });

  it('marks a body above the horizon exactly when its apparent altitude is positive', () => {
    for (const b of skyPositions({ lat: 51.4769, lon: -0.0005, atMs: Date.parse('2026-11-22T08:00:00Z') })) {
      expect(b.above_horizon, b.body).toBe(b.alt_deg > 0);
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

  it("places the Earth where astronomy-engine's HelioVector(Earth) puts it (J2000 ecliptic), within 0.001°", () => {
    const vector = Astronomy.HelioVector(Astronomy.Body.Earth, Astronomy.MakeTime(new Date(AT)));
    const ecl = Astronomy.SphereFromVector(Astronomy.RotateVector(Astronomy.Rotation_EQJ_ECL(), vector));
    const earth = orreryPositions(AT).find((b) => b.body === 'Earth')!;
    expect(Math.abs(earth.lon_deg - ecl.lon)).toBeLessThan(0.001);
    expect(Math.abs(earth.lat_deg - ecl.lat)).toBeLessThan(0.001);
    expect(Math.abs(earth.distance_au - vector.Length())).toBeLessThan(1e-6);
  });
});
