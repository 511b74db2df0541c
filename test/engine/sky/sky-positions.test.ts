import { describe, expect, it } from 'vitest';
import { HORIZONS_AIRLESS_HORIZON_29N, SITE_29N_279E } from '../../fixtures/reference/astronomy.ts';
import {
  HORIZONS_REFRACTED_29N,
  HORIZONS_REFRACTION_ATMOSPHERE,
  MEEUS_MOON_ILLUMINATION_1992,
  USNO_PHASES_JANUARY_2026,
} from '../../fixtures/reference/sky.ts';
import { skyPositionsTool } from '../../../engine/sky/sky-positions.ts';
import { SKY_BODIES, skyPositions } from '../../../engine/sky/sky.ts';
import { solarPosition } from '../../../engine/sky/solar-position.ts';
import { fixedClock, inputErrors, runTool } from '../../helpers.ts';

type Answer = Awaited<ReturnType<typeof run>>;
const run = (input: Record<string, unknown>, clock = '2026-11-22T08:00:00Z') => runTool(skyPositionsTool, input, fixedClock(clock));
const body = (answer: Answer, name: string) => answer.bodies.find((b) => b.body === name)!;

describe('sky_positions against published positions', () => {
  // JPL Horizons, refracted apparent azimuth and elevation at 29° N, 81° W, 10 m, with Horizons' own atmosphere
  // (10 °C, 1010 hPa). Measured: azimuth ≤ 23″ (Saturn, the ephemeris's truncated VSOP87), elevation ≤ 15″,
  // and ≤ 1.5″ for the three Venus rows within a degree of the horizon (the SPA formula at 1010 hPa and 10 °C
  // is the refraction Horizons uses).
  it.each(HORIZONS_REFRACTED_29N.map((row) => [row.input.body, row.input.at, row] as const))(
    '%s at %s: Horizons refracted az/el within 1′',
    async (name, at, row) => {
      const { lat, lon, elevation_m } = row.input;
      const answer = await run({ lat, lon, at, elevation_m, ...HORIZONS_REFRACTION_ATMOSPHERE });
      const b = body(answer, name);
      expect(Math.abs(b.azimuth_deg - row.expected.azimuth_deg)).toBeLessThan(row.tolerance!);
      expect(Math.abs(b.apparent_altitude_deg - row.expected.apparent_elevation_deg)).toBeLessThan(row.tolerance!);
      expect(b.above_horizon).toBe(row.expected.apparent_elevation_deg > 0);
    },
  );

  // Horizons airless (geometric) elevation for the Moon and Jupiter: altitude_deg is the unrefracted one.
  it.each(HORIZONS_AIRLESS_HORIZON_29N.map((row) => [row.input.body, row.input.at, row] as const))(
    '%s at %s: Horizons airless az/el within 1′',
    async (name, at, row) => {
      const answer = await run({ lat: SITE_29N_279E.lat_deg, lon: SITE_29N_279E.east_lon_deg - 360, at, elevation_m: SITE_29N_279E.height_m });
      const b = body(answer, name);
      expect(Math.abs(b.azimuth_deg - row.expected.azimuth_deg)).toBeLessThan(row.tolerance!);
      expect(Math.abs(b.altitude_deg - row.expected.airless_elevation_deg)).toBeLessThan(row.tolerance!);
    },
  );

  // USNO phases: the elongation at USNO's minute is the phase's (measured ≤ 0.009°, under 1 minute of time),
  // and the phase is named on that UTC date.
  it.each(USNO_PHASES_JANUARY_2026.map((row) => [row.expected.phase, row.input.at, row] as const))('%s at %s (USNO)', async (_phase, at, row) => {
    const { moon } = await run({ lat: 38.9, lon: -77.03, at });
    const diff = ((moon.phase_angle_deg - row.expected.elongation_deg + 540) % 360) - 180;
    expect(Math.abs(diff)).toBeLessThan(row.tolerance!);
    expect(moon.phase_name).toBe(row.expected.phase);
    // The fraction at a principal phase: 0 and 1 up to the Moon's ecliptic latitude, ½ at the quarters.
    const lit = { new_moon: 0, first_quarter: 0.5, full_moon: 1, last_quarter: 0.5 }[row.expected.phase];
    expect(Math.abs(moon.illumination_fraction - lit)).toBeLessThan(0.01);
    expect(body(await run({ lat: 38.9, lon: -77.03, at }), 'Moon').illumination_fraction).toBe(moon.illumination_fraction);
  });

  it("names the day's principal phase all that UTC day, and crescent/gibbous around it", async () => {
    const phase = async (at: string) => (await run({ lat: 0, lon: 0, at })).moon;
    expect((await phase('2026-01-03T00:00:00Z')).phase_name).toBe('full_moon');
    expect((await phase('2026-01-03T23:59:59Z')).phase_name).toBe('full_moon');
    expect((await phase('2026-01-02T23:59:59Z')).phase_name).toBe('waxing_gibbous');
    expect((await phase('2026-01-04T00:00:00Z')).phase_name).toBe('waning_gibbous');
    expect((await phase('2026-01-14T12:00:00Z')).phase_name).toBe('waning_crescent');
    expect((await phase('2026-01-22T12:00:00Z')).phase_name).toBe('waxing_crescent');
    // Age: time since USNO's new moon of 2026-01-18 19:52 UT, within its minute and our ≤ 1 minute.
    expect(Math.abs((await phase('2026-01-22T19:52:00Z')).age_days - 4)).toBeLessThan(2 / 1440);
  });

  it("the Moon's illuminated fraction matches Meeus, Example 48.a", async () => {
    const { moon } = await run({ lat: 0, lon: 0, at: MEEUS_MOON_ILLUMINATION_1992.input.at });
    expect(Math.abs(moon.illumination_fraction - MEEUS_MOON_ILLUMINATION_1992.expected.illumination_fraction)).toBeLessThanOrEqual(
      MEEUS_MOON_ILLUMINATION_1992.tolerance!,
    );
  });
});

describe('sky_positions and solar_position agree on the Sun, to the digit', () => {
  it.each([
    { lat: 39.742476, lon: -105.1786, at: '2003-10-17T19:30:30Z', elevation_m: 1830.14, pressure_hpa: 820, temperature_c: 11 },
    { lat: 51.4769, lon: -0.0005, at: '2026-06-21T12:00:00Z' },
    { lat: -0.1807, lon: -78.4678, at: '2026-03-20T10:15:00Z', elevation_m: 2850 },
    { lat: 60, lon: 10, at: '2026-12-21T14:40:00Z', temperature_c: -20 },
    { lat: 78.2232, lon: 15.6267, at: '2026-12-21T11:00:00Z' },
  ])('at $lat, $lon, $at', async (input) => {
    const [sky, sun] = [await run(input), await runTool(solarPosition, input)];
    const s = body(sky, 'Sun');
    expect([s.azimuth_deg, s.altitude_deg, s.apparent_altitude_deg, s.declination_deg]).toEqual([
      sun.azimuth_deg,
      sun.elevation_deg,
      sun.apparent_elevation_deg,
      sun.declination_deg,
    ]);
    expect(s.above_horizon).toBe(sun.apparent_elevation_deg > 0);
  });
});

describe('sky_positions: edge cases', () => {
  it('lists the ten bodies in order, with the answer the engine function gives the observatory', async () => {
    const answer = await run({ lat: 48.8566, lon: 2.3522, at: '2026-11-22T20:00:00Z' });
    expect(answer.bodies.map((b) => b.body)).toEqual([...SKY_BODIES]);
    expect(answer.bodies).toEqual(skyPositions({ lat: 48.8566, lon: 2.3522, atMs: Date.parse('2026-11-22T20:00:00Z') }));
    for (const b of answer.bodies) {
      expect(b.azimuth_deg).toBeGreaterThanOrEqual(0);
      expect(b.azimuth_deg).toBeLessThan(360);
      expect(b.right_ascension_hours).toBeGreaterThanOrEqual(0);
      expect(b.right_ascension_hours).toBeLessThan(24);
      expect(b.illumination_fraction).toBeGreaterThanOrEqual(0);
      expect(b.illumination_fraction).toBeLessThanOrEqual(1);
      expect(b.above_horizon, b.body).toBe(b.apparent_altitude_deg > 0);
    }
    expect(body(answer, 'Sun').illumination_fraction).toBe(1);
    expect(body(answer, 'Moon').distance_au).toBeLessThan(0.003);
  });

  it('near the horizon, refraction decides above_horizon (Venus 0.28° below, Horizons puts it 0.25° above)', async () => {
    const row = HORIZONS_REFRACTED_29N.find((r) => r.input.at === '2027-09-12T00:00:00Z')!;
    const { lat, lon, elevation_m, at } = row.input;
    const venus = body(await run({ lat, lon, at, elevation_m, ...HORIZONS_REFRACTION_ATMOSPHERE }), 'Venus');
    expect(venus.altitude_deg).toBeLessThan(0);
    expect(venus.apparent_altitude_deg).toBeGreaterThan(0);
    expect(venus.above_horizon).toBe(true);
    // Airless (pressure 1 hPa), the same Venus is below the horizon.
    expect(body(await run({ lat, lon, at, elevation_m, pressure_hpa: 1 }), 'Venus').above_horizon).toBe(false);
  });

  it('at the North Pole, altitude is declination (the horizon is the equator)', async () => {
    const answer = await run({ lat: 90, lon: 0, at: '2026-06-21T00:00:00Z' });
    for (const b of answer.bodies.filter((x) => x.body !== 'Moon')) expect(Math.abs(b.altitude_deg - b.declination_deg), b.body).toBeLessThan(0.01);
    expect(body(answer, 'Sun').above_horizon).toBe(true);
    // The South Pole the same day: the Sun is down, by its declination.
    expect(body(await run({ lat: -90, lon: 0, at: '2026-06-21T00:00:00Z' }), 'Sun').altitude_deg).toBeLessThan(-23);
  });

  it('the antimeridian from either side is the same place', async () => {
    const at = '2026-11-22T08:00:00Z';
    const [east, west] = [await run({ lat: -17, lon: 180, at }), await run({ lat: -17, lon: -180, at })];
    for (const [a, b] of east.bodies.map((x, i) => [x, west.bodies[i]] as const)) {
      expect(Math.abs(a.apparent_altitude_deg - b.apparent_altitude_deg)).toBeLessThan(1e-5);
      expect(Math.abs(((a.azimuth_deg - b.azimuth_deg + 540) % 360) - 180)).toBeLessThan(1e-5);
    }
  });

  it('without at it answers for the clock, and says which instant', async () => {
    const now = await run({ lat: 48.8566, lon: 2.3522 }, '2026-03-20T14:46:00Z');
    expect(now.at).toBe('2026-03-20T14:46:00Z');
    expect(now).toEqual(await run({ lat: 48.8566, lon: 2.3522, at: '2026-03-20T14:46:00Z' }, '2000-01-01T00:00:00Z'));
    expect(skyPositionsTool.usesClock?.({ lat: 0, lon: 0 } as never)).toBe(true);
    expect(skyPositionsTool.usesClock?.({ lat: 0, lon: 0, at: 0 } as never)).toBe(false);
  });

  it('answers the first and last supported instants and refuses outside them, naming the field', async () => {
    expect((await run({ lat: 0, lon: 0, at: '1700-01-01T00:00:00Z' })).bodies).toHaveLength(10);
    expect((await run({ lat: 0, lon: 0, at: '2200-12-31T23:59:59Z' })).bodies).toHaveLength(10);
    expect(inputErrors(skyPositionsTool, { lat: 0, lon: 0, at: '1699-12-31T23:59:59Z' }).map((e) => e.field)).toEqual(['at']);
    expect(inputErrors(skyPositionsTool, { lat: 0, lon: 0, at: '2201-01-01T00:00:00Z' }).map((e) => e.field)).toEqual(['at']);
    expect(inputErrors(skyPositionsTool, { lat: 91, lon: 0 }).map((e) => e.field)).toEqual(['lat']);
    expect(inputErrors(skyPositionsTool, { lat: 0, lon: 0, elevation_m: 9001 }).map((e) => e.field)).toEqual(['elevation_m']);
    expect(inputErrors(skyPositionsTool, { lat: 0, lon: 0, planet: 'Mars' }).length).toBeGreaterThan(0);
  });
});
