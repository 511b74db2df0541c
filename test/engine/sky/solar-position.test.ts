import * as Astronomy from 'astronomy-engine';
import { ISA_SEA_LEVEL_DEFINITION, SPA_WORKED_EXAMPLE, US_STANDARD_ATMOSPHERE_1976 } from '../../fixtures/reference/solar.ts';
import { describe, expect, it } from 'vitest';
import { daylightState, isaPressureHpa, solarPosition, spaRefractionDeg, sunPosition } from '../../../engine/sky/solar-position.ts';
import { explanationsOf, fixedClock, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

/**
 * NREL SPA worked example (test/fixtures/reference/solar.ts: Reda & Andreas 2008, Tables A5.1 and A5.2).
 * The paper uses ΔT = 67 s and ΔUT1 = 0; astronomy-engine uses its Espenak–Meeus ΔT (64.6 s for 2003.8).
 * 2.4 s of ΔT moves the Sun 0.1″ along the ecliptic, so the two differ by the ephemerides alone: the
 * residuals measured are ≤ 0.00012°, and 0.001° (10×) is the tolerance, well inside SPA's own ±0.0003°
 * plus astronomy-engine's truncated VSOP87.
 */
const { lat: SPA_LAT, lon: SPA_LON, at: SPA_AT, elevation_m, pressure_hpa, temperature_c } = SPA_WORKED_EXAMPLE.input;
const SPA_INPUT = { lat: SPA_LAT, lon: SPA_LON, at: SPA_AT, elevation_m, pressure_hpa, temperature_c };
const SPA_TABLE_A52 = SPA_WORKED_EXAMPLE.expected;
const ANGLE_TOL_DEG = 0.001;
/**
 * SPA computes E from the Sun's mean longitude series in TT; we compute apparent minus mean solar time
 * from sidereal time and the apparent right ascension. The two definitions differ by 0.003 min here;
 * 0.01 min (0.6 s) is the tolerance.
 */
const EOT_TOL_MIN = 0.01;

const at = (iso: string) => ({ ...SPA_INPUT, at: iso });

/** SPA eq. 42, written out from the paper: refraction in degrees at geometric elevation e0, P in hPa, T in °C. */
const spaEq42 = (e0: number, p: number, t: number) => ((p / 1010) * (283 / (273 + t)) * 1.02) / (60 * Math.tan(((e0 + 10.3 / (e0 + 5.11)) * Math.PI) / 180));
/** U.S. Standard Atmosphere 1976, troposphere: P = P0 · ((T0 − L·H) / T0)^(g0·M0 / (R*·L)), from its defining constants. */
const ussa76PressureHpa = (h: number) => 1013.25 * ((288.15 - 0.0065 * h) / 288.15) ** ((9.80665 * 0.0289644) / (8.31432 * 0.0065));
const shift = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

describe('solar_position: NREL SPA worked example (Reda & Andreas 2008, Table A5.2)', () => {
  it('matches zenith, azimuth, topocentric RA/Dec, hour angle and equation of time', async () => {
    const r = await runTool(solarPosition, SPA_INPUT);
    expect(Math.abs(r.zenith_deg - SPA_TABLE_A52.zenith_deg)).toBeLessThan(ANGLE_TOL_DEG);
    expect(Math.abs(r.azimuth_deg - SPA_TABLE_A52.azimuth_deg)).toBeLessThan(ANGLE_TOL_DEG);
    expect(Math.abs(r.right_ascension_deg - SPA_TABLE_A52.right_ascension_deg)).toBeLessThan(ANGLE_TOL_DEG);
    expect(Math.abs(r.declination_deg - SPA_TABLE_A52.declination_deg)).toBeLessThan(ANGLE_TOL_DEG);
    expect(Math.abs(r.hour_angle_deg - SPA_TABLE_A52.hour_angle_deg)).toBeLessThan(ANGLE_TOL_DEG);
    expect(Math.abs(r.equation_of_time_min - SPA_TABLE_A52.equation_of_time_min)).toBeLessThan(EOT_TOL_MIN);
    expect(r.daylight).toBe('day');
  });

  it('applies exactly the SPA refraction to the geometric elevation, and says which atmosphere it used', async () => {
    const r = await runTool(solarPosition, SPA_INPUT);
    expect(r.apparent_elevation_deg - r.elevation_deg).toBeCloseTo(spaEq42(r.elevation_deg, 820, 11), 6);
    expect(r.zenith_deg).toBeCloseTo(90 - r.apparent_elevation_deg, 9);
    expect(r.atmosphere).toEqual({ pressure_hpa: 820, pressure_source: 'given', temperature_c: 11, temperature_source: 'given' });
    expect(r.provenance).toEqual({ method: 'sun.topocentric', ephemeris: expect.stringMatching(/^astronomy-engine \d/) });
    const full = explanationsOf((await runTool(solarPosition, SPA_INPUT, withFullProvenance())).provenance);
    expect(full['sun.refraction']).toMatch(/Reda & Andreas.*P = 820 hPa \(given\).*T = 11 °C \(given\)/);
    expect(full.ephemeris).toMatch(/astronomy-engine.*VSOP87/);
    expect(full['sun.delta-t']).toMatch(/Espenak & Meeus/);
  });

  it('the pure core gives the same answer as the tool', async () => {
    const r = await runTool(solarPosition, SPA_INPUT);
    const { provenance, at, ...rest } = r;
    expect(provenance).toBeDefined();
    expect(at).toBe('2003-10-17T19:30:30Z');
    expect(
      sunPosition({
        lat: SPA_INPUT.lat,
        lon: SPA_INPUT.lon,
        atMs: Date.parse(SPA_INPUT.at),
        elevationM: SPA_INPUT.elevation_m,
        pressureHpa: SPA_INPUT.pressure_hpa,
        temperatureC: SPA_INPUT.temperature_c,
      }),
    ).toEqual(rest);
  });
});

describe('solar_position: noon, sunrise and sunset (SPA Table A5.2 times)', () => {
  it('at the published solar transit the hour angle is ~0 and the Sun is due south', async () => {
    const r = await runTool(solarPosition, at(SPA_TABLE_A52.transit));
    // 0.01° of hour angle is 2.4 s of time; the transit is given to 0.01 s. Measured: 0.00015°.
    expect(Math.abs(r.hour_angle_deg)).toBeLessThan(0.01);
    expect(Math.abs(r.azimuth_deg - 180)).toBeLessThan(0.01);
    // Noon altitude = 90° − φ + δ for a northern mid-latitude observer.
    expect(r.elevation_deg).toBeCloseTo(90 - SPA_LAT + r.declination_deg, 2);
  });

  it('at the published sunrise and sunset the geometric elevation is the −0.8333° SPA uses', async () => {
    for (const t of [SPA_TABLE_A52.sunrise, SPA_TABLE_A52.sunset]) {
      const r = await runTool(solarPosition, at(t));
      // 0.01° ≈ 4 s of time at this latitude and season (the Sun moves ~0.16°/min). Measured: 0.0026°.
      expect(Math.abs(r.elevation_deg - -0.8333)).toBeLessThan(0.01);
    }
  });

  it('daylight turns from civil twilight to day at sunrise, and back at sunset', async () => {
    expect((await runTool(solarPosition, at(shift(SPA_TABLE_A52.sunrise, -60)))).daylight).toBe('civil_twilight');
    expect((await runTool(solarPosition, at(shift(SPA_TABLE_A52.sunrise, 60)))).daylight).toBe('day');
    expect((await runTool(solarPosition, at(shift(SPA_TABLE_A52.sunset, -60)))).daylight).toBe('day');
    expect((await runTool(solarPosition, at(shift(SPA_TABLE_A52.sunset, 60)))).daylight).toBe('civil_twilight');
  });

  it('is morning (negative hour angle, Sun in the east) before transit and afternoon after', async () => {
    const morning = await runTool(solarPosition, at(shift(SPA_TABLE_A52.transit, -3 * 3600)));
    const afternoon = await runTool(solarPosition, at(shift(SPA_TABLE_A52.transit, 3 * 3600)));
    expect(morning.hour_angle_deg).toBeLessThan(0);
    expect(morning.azimuth_deg).toBeLessThan(180);
    expect(afternoon.hour_angle_deg).toBeGreaterThan(0);
    expect(afternoon.azimuth_deg).toBeGreaterThan(180);
  });
});

describe('solar_position: twilight states around their thresholds', () => {
  // Dusk at the Royal Observatory, Greenwich, on the 2024 March equinox. The crossing instants come
  // from astronomy-engine's SearchAltitude (geometric altitude of the Sun's centre, no refraction, the
  // twilight convention); one minute either side the Sun is ~0.15° away from the threshold.
  const GREENWICH = { lat: 51.4769, lon: -0.0005 };
  const observer = new Astronomy.Observer(GREENWICH.lat, GREENWICH.lon, 0);
  const noon = Astronomy.MakeTime(new Date('2024-03-20T12:00:00Z'));
  const cases = [
    { limit: -0.833, before: 'day', after: 'civil_twilight' },
    { limit: -6, before: 'civil_twilight', after: 'nautical_twilight' },
    { limit: -12, before: 'nautical_twilight', after: 'astronomical_twilight' },
    { limit: -18, before: 'astronomical_twilight', after: 'night' },
  ] as const;
  for (const { limit, before, after } of cases) {
    it(`${before} → ${after} as the Sun sinks through ${limit}°`, async () => {
      const crossing = Astronomy.SearchAltitude(Astronomy.Body.Sun, observer, -1, noon, 1, limit);
      expect(crossing).not.toBeNull();
      const iso = crossing!.date.toISOString();
      const justBefore = await runTool(solarPosition, { ...GREENWICH, at: shift(iso, -60) });
      const justAfter = await runTool(solarPosition, { ...GREENWICH, at: shift(iso, 60) });
      expect(justBefore.daylight).toBe(before);
      expect(justAfter.daylight).toBe(after);
      expect(justBefore.elevation_deg).toBeGreaterThan(limit);
      expect(justAfter.elevation_deg).toBeLessThan(limit);
    });
  }
});

describe('solar_position: polar day and polar night', () => {
  it('midnight sun at Longyearbyen (78.22° N) at the June solstice', async () => {
    // Lower culmination: elevation ≈ δ − (90° − φ) = 23.44 − 11.78 ≈ 11.7° near local midnight (~23:00 UTC).
    const r = await runTool(solarPosition, { lat: 78.2232, lon: 15.6267, at: '2024-06-20T22:57:00Z' });
    expect(r.daylight).toBe('day');
    expect(r.elevation_deg).toBeCloseTo(23.44 - (90 - 78.2232), 0);
    expect(Math.abs(Math.abs(r.hour_angle_deg) - 180)).toBeLessThan(1);
  });

  it('polar night at Longyearbyen at the December solstice: only nautical twilight at noon', async () => {
    // Upper culmination: elevation ≈ 90° − φ + δ = 11.78 − 23.44 ≈ −11.7°.
    const r = await runTool(solarPosition, { lat: 78.2232, lon: 15.6267, at: '2024-12-21T10:57:00Z' });
    expect(r.daylight).toBe('nautical_twilight');
    expect(r.elevation_deg).toBeCloseTo(90 - 78.2232 - 23.44, 0);
  });

  it('at the poles the elevation is the declination: day and night all day at the solstices', async () => {
    for (const time of ['2024-12-21T00:00:00Z', '2024-12-21T12:00:00Z']) {
      const north = await runTool(solarPosition, { lat: 90, lon: 0, at: time });
      const south = await runTool(solarPosition, { lat: -90, lon: 0, at: time });
      expect(north.daylight).toBe('night');
      expect(north.elevation_deg).toBeCloseTo(north.declination_deg, 1);
      expect(north.elevation_deg).toBeCloseTo(-23.44, 1);
      expect(south.daylight).toBe('day');
      expect(south.elevation_deg).toBeCloseTo(23.44, 1);
    }
    const juneNorth = await runTool(solarPosition, { lat: 90, lon: 0, at: '2024-06-20T21:00:00Z' });
    const juneSouth = await runTool(solarPosition, { lat: -90, lon: 0, at: '2024-06-20T21:00:00Z' });
    expect(juneNorth.daylight).toBe('day');
    expect(juneSouth.daylight).toBe('night');
  });
});

describe('edge cases', () => {
  it('daylight boundaries belong to the darker state, exactly at −0.833°, −6°, −12° and −18°', () => {
    expect(daylightState(90)).toBe('day');
    expect(daylightState(-0.8329)).toBe('day');
    expect(daylightState(-0.833)).toBe('civil_twilight');
    expect(daylightState(-6)).toBe('civil_twilight');
    expect(daylightState(-6.0001)).toBe('nautical_twilight');
    expect(daylightState(-12)).toBe('nautical_twilight');
    expect(daylightState(-12.0001)).toBe('astronomical_twilight');
    expect(daylightState(-18)).toBe('astronomical_twilight');
    expect(daylightState(-18.0001)).toBe('night');
    expect(daylightState(-90)).toBe('night');
  });

  it('refraction follows SPA eq. 42 and stops below −(0.26667° + 0.5667°)', () => {
    // At e0 = 0 with P = 1010 hPa and T = 10 °C the factors are 1: Δe = 1.02 / (60 · tan(10.3/5.11 °)).
    expect(spaRefractionDeg(0, 1010, 10)).toBeCloseTo(1.02 / (60 * Math.tan(((10.3 / 5.11) * Math.PI) / 180)), 12);
    for (const e0 of [-0.8, 0, 5, 39.9, 89]) expect(spaRefractionDeg(e0, 820, 11)).toBeCloseTo(spaEq42(e0, 820, 11), 12);
    expect(spaRefractionDeg(0, 1010, 10)).toBeCloseTo(0.483032, 6);
    expect(spaRefractionDeg(-0.8333, 1010, 10)).toBeGreaterThan(0.5);
    expect(spaRefractionDeg(-0.8334, 1010, 10)).toBe(0);
    expect(spaRefractionDeg(90, 1010, 10)).toBeLessThan(1e-4);
    // Thinner, warmer air bends less: linear in P, inverse in absolute temperature.
    expect(spaRefractionDeg(10, 505, 10)).toBeCloseTo(spaRefractionDeg(10, 1010, 10) / 2, 12);
  });

  it('below the refraction floor the apparent elevation is the geometric one', async () => {
    const r = await runTool(solarPosition, { lat: 51.4769, lon: 0, at: '2024-03-20T00:00:00Z' });
    expect(r.elevation_deg).toBeLessThan(-30);
    expect(r.apparent_elevation_deg).toBe(r.elevation_deg);
    expect(r.zenith_deg).toBeCloseTo(90 - r.elevation_deg, 9);
  });

  it('without pressure and temperature uses the ISA atmosphere, pressure reduced for elevation_m', async () => {
    // U.S. Standard Atmosphere 1976 (= ICAO ISA below 32 km), by geopotential altitude.
    const isa = ISA_SEA_LEVEL_DEFINITION.expected;
    expect(isaPressureHpa(0)).toBe(isa.pressure_hpa);
    for (const { input, expected, tolerance } of US_STANDARD_ATMOSPHERE_1976) {
      expect(Math.abs(isaPressureHpa(input.geopotential_altitude_m) - expected.pressure_hpa), input.geopotential_altitude_m.toString()).toBeLessThan(
        tolerance!,
      );
    }

    const sea = await runTool(solarPosition, { lat: SPA_LAT, lon: SPA_LON, at: SPA_INPUT.at }, withFullProvenance());
    expect(sea.atmosphere).toEqual({ pressure_hpa: isa.pressure_hpa, pressure_source: 'ISA', temperature_c: isa.temperature_c, temperature_source: 'ISA' });
    expect(explanationsOf(sea.provenance)['sun.refraction']).toMatch(/P = 1013.25 hPa \(ISA.*T = 15 °C \(ISA/);

    const high = await runTool(solarPosition, { lat: SPA_LAT, lon: SPA_LON, at: SPA_INPUT.at, elevation_m });
    expect(high.atmosphere.pressure_hpa).toBeCloseTo(ussa76PressureHpa(elevation_m), 2);
    expect(high.atmosphere.pressure_source).toBe('ISA');
    expect(high.apparent_elevation_deg - high.elevation_deg).toBeCloseTo(spaEq42(high.elevation_deg, ussa76PressureHpa(elevation_m), isa.temperature_c), 6);

    const onlyTemperature = await runTool(solarPosition, { ...SPA_INPUT, pressure_hpa: undefined, temperature_c: -20 });
    expect(onlyTemperature.atmosphere).toMatchObject({ pressure_source: 'ISA', temperature_c: -20, temperature_source: 'given' });
  });

  it('an instant with an offset, in Z and as epoch seconds give the same answer', async () => {
    const offset = await runTool(solarPosition, SPA_INPUT);
    const utc = await runTool(solarPosition, { ...SPA_INPUT, at: '2003-10-17T19:30:30Z' });
    const epoch = await runTool(solarPosition, { ...SPA_INPUT, at: Date.parse('2003-10-17T19:30:30Z') / 1000 });
    expect(utc).toEqual(offset);
    expect(epoch).toEqual(offset);
  });

  it('longitude 180 and −180 are the same place', async () => {
    const east = await runTool(solarPosition, { lat: -16.5, lon: 180, at: '2024-01-01T00:00:00Z' });
    const west = await runTool(solarPosition, { lat: -16.5, lon: -180, at: '2024-01-01T00:00:00Z' });
    expect(west.azimuth_deg).toBeCloseTo(east.azimuth_deg, 6);
    expect(west.elevation_deg).toBeCloseTo(east.elevation_deg, 6);
    expect(west.hour_angle_deg).toBeCloseTo(east.hour_angle_deg, 6);
  });

  it('keeps every angle in its stated range through a whole day', async () => {
    for (let h = 0; h < 24; h += 1) {
      const r = await runTool(solarPosition, { lat: -33.87, lon: 151.21, at: `2024-07-01T${String(h).padStart(2, '0')}:17:00Z` });
      expect(r.azimuth_deg).toBeGreaterThanOrEqual(0);
      expect(r.azimuth_deg).toBeLessThan(360);
      expect(r.hour_angle_deg).toBeGreaterThanOrEqual(-180);
      expect(r.hour_angle_deg).toBeLessThan(180);
      expect(r.right_ascension_deg).toBeGreaterThanOrEqual(0);
      expect(r.right_ascension_deg).toBeLessThan(360);
      expect(Math.abs(r.equation_of_time_min)).toBeLessThan(17);
    }
  });

  it('the equation of time follows its yearly curve (extremes ≈ −14.2 min mid-Feb, ≈ +16.4 min early Nov)', async () => {
    // Not a published row: the well-known size of the curve's two extremes, checked to ±0.5 min (the SPA
    // example above pins E itself to 0.01 min).
    const feb = await runTool(solarPosition, { lat: 0, lon: 0, at: '2024-02-11T12:00:00Z' });
    const nov = await runTool(solarPosition, { lat: 0, lon: 0, at: '2024-11-03T12:00:00Z' });
    expect(feb.equation_of_time_min).toBeCloseTo(-14.2, 0);
    expect(nov.equation_of_time_min).toBeCloseTo(16.4, 0);
  });

  it('rejects bad input, naming the field', () => {
    expect(inputErrors(solarPosition, { lat: 91, lon: 0, at: '2024-01-01T00:00:00Z' })).toEqual([{ field: 'lat', message: 'must be ≤ 90' }]);
    expect(inputErrors(solarPosition, { lat: 0, lon: 0, at: '2024-01-01T00:00:00' })[0]).toMatchObject({
      field: 'at',
      message: expect.stringMatching(/offset/),
    });
    expect(inputErrors(solarPosition, { lat: 0, lon: 0, at: 0, elevation_m: 9001 })).toEqual([{ field: 'elevation_m', message: 'must be ≤ 9000' }]);
    expect(inputErrors(solarPosition, { lat: 0, lon: 0, at: 0, elevation_m: -501 })).toEqual([{ field: 'elevation_m', message: 'must be ≥ -500' }]);
    expect(inputErrors(solarPosition, { lat: 0, lon: 0, at: 0, pressure_hpa: 0 })).toEqual([{ field: 'pressure_hpa', message: 'must be ≥ 1' }]);
    expect(inputErrors(solarPosition, { lat: 0, lon: 0, at: 0, temperature_c: 61 })).toEqual([{ field: 'temperature_c', message: 'must be ≤ 60' }]);
    expect(solarPosition.input.safeParse({ lat: 0, lon: 0, at: 0, altitude: 3 }).success).toBe(false);
  });

  it('its own example is valid and answers', async () => {
    const r = await runTool(solarPosition, solarPosition.examples[0].input);
    expect(r.daylight).toBe('day');
  });
});

describe('solar_position: at defaults to now', () => {
  const NOW = '2026-11-22T08:00:00Z';

  it('says which instant it used: the given one in UTC, or the clock when at is omitted', async () => {
    expect((await runTool(solarPosition, SPA_INPUT)).at).toBe('2003-10-17T19:30:30Z');
    const now = await runTool(solarPosition, { lat: 51.4769, lon: -0.0005 }, fixedClock(NOW));
    expect(now.at).toBe(NOW);
    expect(now).toEqual(await runTool(solarPosition, { lat: 51.4769, lon: -0.0005, at: NOW }));
    const later = await runTool(solarPosition, { lat: 51.4769, lon: -0.0005 }, fixedClock('2026-11-22T12:00:00Z'));
    expect(later.at).toBe('2026-11-22T12:00:00Z');
    expect(later.elevation_deg).not.toBe(now.elevation_deg);
  });

  it('uses the clock only without at, so only then is the answer never cached', () => {
    expect(solarPosition.cache).toBe('deterministic-unless-now');
    expect(solarPosition.usesClock?.(solarPosition.input.parse({ lat: 0, lon: 0 }))).toBe(true);
    expect(solarPosition.usesClock?.(solarPosition.input.parse({ lat: 0, lon: 0, at: 0 }))).toBe(false);
  });
});
