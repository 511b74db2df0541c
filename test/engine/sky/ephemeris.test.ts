import * as Astronomy from 'astronomy-engine';
import {
  HORIZONS_GEOMETRIC_MOON_1970,
  HORIZONS_HELIOCENTRIC,
  HORIZONS_MARS_GEOCENTRIC,
  HORIZONS_MOON_2099,
  HORIZONS_TOPOCENTRIC_29N,
  J2000_MEAN_OBLIQUITY,
  SITE_29N_279E,
} from '../../fixtures/reference/astronomy.ts';
import { describe, expect, it } from 'vitest';
import { bodyPositions, ephemeris, type EPHEMERIS_BODIES, EPHEMERIS_FRAME, type Ephemeris } from '../../../engine/sky/ephemeris.ts';
import { explanationsOf, fixedClock, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

/**
 * References are JPL Horizons output kept in astronomy-engine's own repository (test/fixtures/reference/
 * astronomy.ts names each file). Tolerance: 1′ (60″), the accuracy astronomy-engine states; the residuals
 * measured are ≤ 7″.
 */
const ARCMIN_RAD = Math.PI / 180 / 60;
const AU_KM = 149_597_870.7;

type Body = (typeof EPHEMERIS_BODIES)[number];
const run = (date: string | number) => runTool(ephemeris, { date });
const bodyOf = (r: Ephemeris, body: Body) => r.bodies.find((b) => b.body === body)!;

/** Angle between two directions given as (RA, Dec) in degrees, in arcseconds. */
function separationArcsec(ra1: number, dec1: number, ra2: number, dec2: number): number {
  const r = Math.PI / 180;
  const c = Math.sin(dec1 * r) * Math.sin(dec2 * r) + Math.cos(dec1 * r) * Math.cos(dec2 * r) * Math.cos((ra1 - ra2) * r);
  return (Math.acos(Math.min(1, c)) / r) * 3600;
}
const vec = (p: { x_au: number; y_au: number; z_au: number }) => [p.x_au, p.y_au, p.z_au];
const diffLength = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The UTC instant whose TT, by astronomy-engine's ΔT, is the given TT/TDB calendar instant (TDB − TT < 2 ms). */
const utcForTt = (ttIso: string) => Astronomy.AstroTime.FromTerrestrialTime(Astronomy.MakeTime(new Date(ttIso)).ut).date.toISOString();

describe('ephemeris: geocentric astrometric RA/Dec against JPL Horizons', () => {
  for (const { input, expected, tolerance } of HORIZONS_MARS_GEOCENTRIC) {
    it(`Mars at ${input.at} within 1′`, async () => {
      const mars = bodyOf(await run(input.at), 'Mars').geocentric;
      expect(separationArcsec(mars.right_ascension_deg, mars.declination_deg, expected.ra_deg, expected.dec_deg)).toBeLessThan(tolerance!);
    });
  }

  // Horizons observer tables for a site at 29° N, 279° E, 10 m. The tool is geocentric, so the test moves its
  // vector to that site by subtracting the site's J2000 position (astronomy-engine ObserverVector); that
  // turns the Moon's ~1° parallax into a check as well.
  const SITE = new Astronomy.Observer(SITE_29N_279E.lat_deg, SITE_29N_279E.east_lon_deg - 360, SITE_29N_279E.height_m);
  const topocentric = (body: Body, atUtc: string, r: Ephemeris) => {
    const g = bodyOf(r, body).geocentric;
    const site = Astronomy.ObserverVector(new Date(atUtc), SITE, false);
    const eq = Astronomy.EquatorFromVector(new Astronomy.Vector(g.x_au - site.x, g.y_au - site.y, g.z_au - site.z, site.t));
    return { ra: eq.ra * 15, dec: eq.dec };
  };
  for (const { input, expected, tolerance } of HORIZONS_TOPOCENTRIC_29N) {
    const { body, at: date } = input;
    it(`${body} at ${date} (seen from 29° N 81° W) within 1′`, async () => {
      // Asked as the bare day where the table's time is 00:00 UT, so that path is pinned too.
      const p = topocentric(body, date, await run(date.endsWith('T00:00:00Z') ? date.slice(0, 10) : date));
      expect(separationArcsec(p.ra, p.dec, expected.ra_deg, expected.dec_deg)).toBeLessThan(tolerance!);
    });
  }

  it('the Moon in 2099 within 1′ once both sides use the same TT', async () => {
    // Horizons (2019) holds TT − UTC at 69.184 s after the last leap second; astronomy-engine
    // extrapolates ΔT to ~203 s by 2100. The Moon moves ~0.55″/s, so at the same UTC the two differ
    // by ~70″ from ΔT alone. Evaluated at the same TT the ephemerides agree to ~1″.
    const { input, expected, tolerance, horizons_tt_minus_utc_s } = HORIZONS_MOON_2099;
    const date = input.at;
    const t = Astronomy.MakeTime(new Date(date));
    const ourDeltaT = (t.tt - t.ut) * 86_400;
    const sameTt = new Date(Date.parse(date) + (horizons_tt_minus_utc_s - ourDeltaT) * 1000).toISOString();
    const p = topocentric('Moon', date, await run(sameTt));
    expect(separationArcsec(p.ra, p.dec, expected.ra_deg, expected.dec_deg)).toBeLessThan(tolerance!);
  });
});

describe('ephemeris: vectors and distances against JPL Horizons', () => {
  // Horizons VECTORS, center Sun, epochs in TDB, turned into UTC with astronomy-engine's ΔT (40.2 s in 1970,
  // −2.8 s in 1900). Tolerance: the vector may be off by its length × 1′ (the stated angular accuracy).
  // Measured: ≤ 0.2′.
  for (const { input, expected: e } of HORIZONS_HELIOCENTRIC) {
    const { body, tdb } = input;
    const expected = vec(e);
    it(`heliocentric ${body} at ${tdb} TDB`, async () => {
      // 1900: asked at 00:00 UTC, 2.8 s before the TDB epoch; Jupiter moves 2e-7 AU in that time.
      const r = await run(tdb.startsWith('1900') ? '1900-01-01' : utcForTt(tdb));
      // The Earth is not in the list: its heliocentric vector is minus the geocentric Sun.
      const got = body === 'Earth' ? vec(bodyOf(r, 'Sun').geocentric).map((x) => -x) : vec(bodyOf(r, body as Body).heliocentric!);
      const length = Math.hypot(...expected);
      expect(diffLength(got, expected)).toBeLessThan(length * ARCMIN_RAD);
      if (body === 'Earth') {
        // Earth–Sun distance to 1e-5 AU (1500 km); measured 2e-6 AU.
        expect(Math.abs(bodyOf(r, 'Sun').geocentric.distance_au - length)).toBeLessThan(1e-5);
      }
    });
  }

  it('the geometric Moon (heliocentric Moon − heliocentric Earth) at 1970-01-01 TDB', async () => {
    // Horizons, Moon from the Earth's centre, geometric. Tolerance: distance × 1′ = 114 km; measured 12 km.
    const expected = vec(HORIZONS_GEOMETRIC_MOON_1970.expected);
    const r = await run(utcForTt(HORIZONS_GEOMETRIC_MOON_1970.input.tdb));
    const moonHelio = vec(bodyOf(r, 'Moon').heliocentric!);
    const earthHelio = vec(bodyOf(r, 'Sun').geocentric).map((x) => -x);
    const geometric = moonHelio.map((x, i) => x - earthHelio[i]);
    const distance = Math.hypot(...expected);
    expect(diffLength(geometric, expected)).toBeLessThan(distance * ARCMIN_RAD);
    expect(Math.abs(Math.hypot(...geometric) - distance) * AU_KM).toBeLessThan(100);
    // Astrometric − geometric: the light time (1.3 s) times the Earth's orbital speed, ~40 km.
    const astrometric = vec(bodyOf(r, 'Moon').geocentric);
    expect(diffLength(astrometric, geometric) * AU_KM).toBeGreaterThan(20);
    expect(diffLength(astrometric, geometric) * AU_KM).toBeLessThan(60);
  });
});

describe('ephemeris: internal consistency', () => {
  it('lists the ten bodies in order, heliocentric null only for the Sun, in the stated frame', async () => {
    const r = await run('2000-01-01T12:00:00Z');
    expect(r.at).toBe('2000-01-01T12:00:00Z');
    expect(r.frame).toBe('J2000 equatorial; ecliptic of J2000');
    expect(r.frame).toBe(EPHEMERIS_FRAME);
    expect(r.bodies.map((b) => b.body)).toEqual(['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto']);
    expect(r.bodies.filter((b) => b.heliocentric === null).map((b) => b.body)).toEqual(['Sun']);
    expect(r.provenance).toEqual({ method: 'ephemeris.positions', ephemeris: expect.stringMatching(/^astronomy-engine \d/) });
    const full = explanationsOf((await runTool(ephemeris, { date: '2000-01-01T12:00:00Z' }, withFullProvenance())).provenance);
    expect(full.ephemeris).toMatch(/VSOP87/);
    expect(full['ephemeris.geocentric']).toMatch(/astrometric/);
  });

  it('the Sun lies on the ecliptic of J2000: |β| < 0.0005° at J2000, < 0.015° a century away', async () => {
    // The Sun's latitude from the ecliptic of date stays under 1.2″; the ecliptic itself turns ~47″ per
    // century against the J2000 ecliptic, so 1900 and 2100 show up to ~0.013°.
    expect(Math.abs(bodyOf(await run('2000-01-01T12:00:00Z'), 'Sun').geocentric.ecliptic_latitude_deg)).toBeLessThan(0.0005);
    for (const date of ['1900-01-01', '1950-05-01', '2050-08-01', '2100-12-31']) {
      expect(Math.abs(bodyOf(await run(date), 'Sun').geocentric.ecliptic_latitude_deg)).toBeLessThan(0.015);
    }
  });

  it('heliocentric − geocentric is one vector, the Earth (−geocentric Sun), for every body, up to light time', async () => {
    // The Earth as −geocentric Sun is pinned to Horizons above (1970); here every body must agree with it.
    const r = await run('2024-04-08T18:00:00Z');
    const sun = vec(bodyOf(r, 'Sun').geocentric);
    const earth = { x: -sun[0], y: -sun[1], z: -sun[2] };
    for (const b of r.bodies.filter((x) => x.heliocentric)) {
      // helio(t) − astrometric geo(t) = Earth(t) + [helio(t) − helio(t − τ)], |·| ≤ speed × τ, τ = distance / c.
      // No body here is faster than Mercury at perihelion, 59 km/s = 0.0341 AU/day.
      const tauDays = b.geocentric.distance_au / Astronomy.C_AUDAY;
      const residual = diffLength(
        vec(b.heliocentric!).map((x, i) => x - vec(b.geocentric)[i]),
        [earth.x, earth.y, earth.z],
      );
      expect(residual).toBeLessThanOrEqual(0.035 * tauDays + 1e-9);
    }
  });

  it('RA/Dec and ecliptic angles describe the same vector (J2000 mean obliquity 84381.406″, IAU 2006)', async () => {
    const r = await run('1987-04-10T19:21:00Z');
    const eps = ((J2000_MEAN_OBLIQUITY.expected.arcsec / 3600) * Math.PI) / 180;
    const d = Math.PI / 180;
    for (const { body, geocentric: g, heliocentric: h } of r.bodies) {
      const length = Math.hypot(g.x_au, g.y_au, g.z_au);
      expect(g.distance_au).toBeCloseTo(length, 9);
      expect(g.right_ascension_hours * 15).toBeCloseTo(g.right_ascension_deg, 5);
      expect(g.right_ascension_deg).toBeGreaterThanOrEqual(0);
      expect(g.right_ascension_deg).toBeLessThan(360);
      expect(Math.sin(g.declination_deg * d)).toBeCloseTo(g.z_au / length, 7);
      // sin β = sin δ cos ε − cos δ sin ε sin α (Meeus, Astronomical Algorithms, eq. 13.4)
      const sinBeta = Math.sin(g.declination_deg * d) * Math.cos(eps) - Math.cos(g.declination_deg * d) * Math.sin(eps) * Math.sin(g.right_ascension_deg * d);
      expect(Math.sin(g.ecliptic_latitude_deg * d), body).toBeCloseTo(sinBeta, 7);
      // tan λ = (sin α cos ε + tan δ sin ε) / cos α (Meeus eq. 13.3)
      const lambda =
        Math.atan2(Math.sin(g.right_ascension_deg * d) * Math.cos(eps) + Math.tan(g.declination_deg * d) * Math.sin(eps), Math.cos(g.right_ascension_deg * d)) /
        d;
      expect(Math.abs(((g.ecliptic_longitude_deg - lambda + 540) % 360) - 180), body).toBeLessThan(1e-5);
      if (h) {
        expect(h.distance_au).toBeCloseTo(Math.hypot(h.x_au, h.y_au, h.z_au), 9);
        expect(h.ecliptic_longitude_deg).toBeGreaterThanOrEqual(0);
        expect(h.ecliptic_longitude_deg).toBeLessThan(360);
      }
    }
  });

  it('the pure core gives the same bodies as the tool', async () => {
    const r = await run('2000-01-01T12:00:00Z');
    expect(bodyPositions(Date.parse('2000-01-01T12:00:00Z')).bodies).toEqual(r.bodies);
  });
});

describe('edge cases', () => {
  const OUT_OF_RANGE = [{ field: 'date', message: 'must lie between 1900-01-01T00:00:00Z and 2100-12-31T23:59:59Z' }];

  it('accepts the first and the last day of the range, and rejects the days either side, naming date', async () => {
    expect((await run('1900-01-01')).at).toBe('1900-01-01T00:00:00Z');
    expect((await run('2100-12-31')).at).toBe('2100-12-31T00:00:00Z');
    expect((await run('2100-12-31T23:59:59Z')).at).toBe('2100-12-31T23:59:59Z');
    expect((await run('2100-12-31T23:59:59.999Z')).at).toBe('2100-12-31T23:59:59.999Z');
    expect(inputErrors(ephemeris, { date: '1899-12-31' })).toEqual(OUT_OF_RANGE);
    expect(inputErrors(ephemeris, { date: '2101-01-01' })).toEqual(OUT_OF_RANGE);
    expect(inputErrors(ephemeris, { date: '2101-01-01T00:00:00Z' })).toEqual(OUT_OF_RANGE);
  });

  it('instants (not bare days) around 1900-01-01T00:00Z: the first second is in, the one before is out', async () => {
    expect((await run('1900-01-01T00:00:00Z')).at).toBe('1900-01-01T00:00:00Z');
    expect((await run('1900-01-01T01:00:00+01:00')).at).toBe('1900-01-01T00:00:00Z');
    expect(inputErrors(ephemeris, { date: '1899-12-31T23:59:59Z' })).toEqual(OUT_OF_RANGE);
    // 00:30 on 1 January 1900 at +01:00 is still 1899 in UTC.
    expect(inputErrors(ephemeris, { date: '1900-01-01T00:30:00+01:00' })).toEqual(OUT_OF_RANGE);
    expect(inputErrors(ephemeris, { date: -2_208_988_801 })).toEqual(OUT_OF_RANGE);
  });

  it('a date with an offset is the same instant in UTC', async () => {
    const offset = await run('2000-01-01T13:30:00+01:30');
    const utc = await run('2000-01-01T12:00:00Z');
    expect(offset.at).toBe('2000-01-01T12:00:00Z');
    expect(offset.bodies).toEqual(utc.bodies);
    // Late on 31 December 2100 west of Greenwich is already 2101 in UTC.
    expect(inputErrors(ephemeris, { date: '2100-12-31T20:00:00-05:00' }).map((e) => e.field)).toEqual(['date']);
  });

  it('a bare date means 00:00 UTC; epoch seconds and milliseconds are instants', async () => {
    const day = await run('2024-02-29');
    expect(day.at).toBe('2024-02-29T00:00:00Z');
    expect((await run(Date.parse('2024-02-29T00:00:00Z') / 1000)).bodies).toEqual(day.bodies);
    expect((await run(Date.parse('2024-02-29T00:00:00Z'))).bodies).toEqual(day.bodies);
    expect((await run('2024-02-29T06:00:00.250Z')).at).toBe('2024-02-29T06:00:00.250Z');
  });

  it('rejects what is not a date, naming date', () => {
    expect(inputErrors(ephemeris, { date: '2023-02-29' })).toEqual([{ field: 'date', message: 'is not a real date (2023-02 has 28 days)' }]);
    expect(inputErrors(ephemeris, { date: '2000-01-01T12:00' })[0]).toMatchObject({ field: 'date', message: expect.stringMatching(/offset/) });
    expect(inputErrors(ephemeris, { date: 'yesterday' }).map((e) => e.field)).toEqual(['date']);
    expect(ephemeris.input.safeParse({ date: '2000-01-01', body: 'Mars' }).success).toBe(false);
  });

  it('its own example is valid and answers', async () => {
    expect((await runTool(ephemeris, ephemeris.examples[0].input)).bodies).toHaveLength(10);
  });
});

describe('at, date, or now', () => {
  const NOW = '2026-11-22T08:00:00Z';

  it('at is the same instant as date, in every form other tools take it', async () => {
    const viaDate = await run('2024-02-29T06:00:00Z');
    expect(await runTool(ephemeris, { at: '2024-02-29T06:00:00Z' })).toEqual(viaDate);
    expect(await runTool(ephemeris, { at: '2024-02-29T07:30:00+01:30' })).toEqual(viaDate);
    expect(await runTool(ephemeris, { at: Date.parse('2024-02-29T06:00:00Z') / 1000 })).toEqual(viaDate);
    expect(await runTool(ephemeris, { at: Date.parse('2024-02-29T06:00:00Z') })).toEqual(viaDate);
  });

  it('neither at nor date: now, and the answer says which instant', async () => {
    const now = await runTool(ephemeris, {}, fixedClock(NOW));
    expect(now.at).toBe(NOW);
    expect(now).toEqual(await runTool(ephemeris, { at: NOW }));
    expect((await runTool(ephemeris, {}, fixedClock('2030-01-01T00:00:00Z'))).at).toBe('2030-01-01T00:00:00Z');
  });

  it('uses the clock only when both are omitted, so only then is the answer never cached', () => {
    expect(ephemeris.cache).toBe('deterministic-unless-now');
    expect(ephemeris.usesClock?.(ephemeris.input.parse({}))).toBe(true);
    expect(ephemeris.usesClock?.(ephemeris.input.parse({ at: NOW }))).toBe(false);
    expect(ephemeris.usesClock?.(ephemeris.input.parse({ date: '2026-11-22' }))).toBe(false);
  });

  it('both given: refused, naming at and date', () => {
    const errors = inputErrors(ephemeris, { at: NOW, date: '2026-11-22' });
    expect(errors).toEqual([{ field: 'at', message: expect.stringMatching(/date/) }]);
  });

  it('at: an instant within the range, not a bare day', () => {
    expect(inputErrors(ephemeris, { at: '1899-12-31T23:59:59Z' })).toEqual([
      { field: 'at', message: 'must lie between 1900-01-01T00:00:00Z and 2100-12-31T23:59:59Z' },
    ]);
    expect(inputErrors(ephemeris, { at: '2101-01-01T00:00:00Z' }).map((e) => e.field)).toEqual(['at']);
    expect(inputErrors(ephemeris, { at: '2026-11-22' }).map((e) => e.field)).toEqual(['at']);
    expect(inputErrors(ephemeris, { at: '2026-11-22T08:00' })[0]).toMatchObject({ field: 'at', message: expect.stringMatching(/offset/) });
  });
});
