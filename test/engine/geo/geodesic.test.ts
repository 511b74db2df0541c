/**
 * The shared WGS84 geodesic helpers, pinned to GeographicLib's own published test values and to runs of
 * its C++ GeodSolve (test/fixtures/reference/geo.ts names the source of every row).
 */
import {
  GEODSOLVE0,
  GEODSOLVE29,
  GEODSOLVE33_179_5,
  GEODSOLVE33_180,
  GEODSOLVE4,
  GEODSOLVE76,
  GEODSOLVE78,
  GEODSOLVE_MAN_JFK_SIN,
  GEODSOLVE_MAN_JFK_SIN_HALFWAY,
  GEODTEST_ROWS,
  type GeodesicPair,
  type InverseReference,
  JS_TUTORIAL_BEIJING_SAN_FRANCISCO,
  JS_TUTORIAL_WELLINGTON_SALAMANCA,
  NEARLY_ANTIPODAL,
  POLE_TO_POLE,
  QUARTER_MERIDIAN,
} from '../../fixtures/reference/geo.ts';
import { describe, expect, it } from 'vitest';
import { COMPASS_POINTS, compass16, ELLIPSOID, inverse, midpoint, normalizeBearing, roundBearing, roundTo } from '../../../engine/geo/geodesic.ts';

const near = (actual: number, expected: number, tolerance: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected} ± ${tolerance}`).toBeLessThanOrEqual(tolerance);
const from = (p: GeodesicPair) => ({ lat: p.lat1, lon: p.lon1 });
const to = (p: GeodesicPair) => ({ lat: p.lat2, lon: p.lon2 });
const solve = (ref: InverseReference) => inverse(from(ref.input), to(ref.input));
/** Each value the reference prints, within its published precision. */
function expectInverse(r: ReturnType<typeof inverse>, ref: InverseReference) {
  const { expected: e, tolerance: t = {} } = ref;
  if (e.azi1_deg !== undefined) near(r.initial_bearing_deg, e.azi1_deg, t.azi1_deg!);
  if (e.azi2_deg !== undefined) near(r.final_bearing_deg, e.azi2_deg, t.azi2_deg!);
  if (e.s12_m !== undefined) near(r.distance_m, e.s12_m, t.s12_m!);
}

describe('inverse', () => {
  it('GeodSolve0: JFK (40.6, -73.8) → Paris CDG (49.01666667, 2.55)', () => {
    const r = solve(GEODSOLVE0);
    expectInverse(r, GEODSOLVE0);
    expect(r.coincident).toBe(false);
  });

  it('GeodSolve(1) EXAMPLES: JFK → Singapore Changi, 003:18:29.9 177:29:09.2 15347628', () => {
    expectInverse(solve(GEODSOLVE_MAN_JFK_SIN), GEODSOLVE_MAN_JFK_SIN);
  });

  it("GeodTest.dat rows (Karney's test set): distances to 1e-8 m, negative azimuths normalised to [0, 360)", () => {
    for (const { input, expected, tolerance } of GEODTEST_ROWS) {
      const r = inverse(from(input), { lat: input.lat2, lon: ((input.lon2 + 180) % 360) - 180 });
      near(r.distance_m, expected.s12_m!, tolerance!.s12_m!);
      // The file holds its library to 1e-13°; moving an azimuth into [0, 360) costs a few ulps of 360, so 1e-11.
      near(r.initial_bearing_deg, (expected.azi1_deg! + 360) % 360, 1e-11);
      near(r.final_bearing_deg, (expected.azi2_deg! + 360) % 360, 1e-11);
    }
  });

  it('GeodSolve76: Wellington → Salamanca, nearly antipodal (a classic failure of Vincenty)', () => {
    expectInverse(solve(GEODSOLVE76), GEODSOLVE76);
  });

  it('GeodSolve78: (27.2, 0) → (-27.1, 179.5), where the NGS calculator fails to converge', () => {
    expectInverse(solve(GEODSOLVE78), GEODSOLVE78);
  });

  it('JS tutorial: Wellington (-41.32, 174.81) → Salamanca (40.96, -5.50) is 19959679.267 m', () => {
    expectInverse(solve(JS_TUTORIAL_WELLINGTON_SALAMANCA), JS_TUTORIAL_WELLINGTON_SALAMANCA);
  });

  it('JS tutorial: Beijing (40.1, 116.6) → San Francisco (37.6, -122.4) across the antimeridian', () => {
    expectInverse(solve(JS_TUTORIAL_BEIJING_SAN_FRANCISCO), JS_TUTORIAL_BEIJING_SAN_FRANCISCO);
  });
});

describe('midpoint', () => {
  it('GeodSolve(1) EXAMPLES: the 0.5 waypoint JFK → SIN is 70:20:29.2N 097:01:29.4E', () => {
    const { input, expected, tolerance } = GEODSOLVE_MAN_JFK_SIN_HALFWAY;
    const m = midpoint(from(input), to(input));
    near(m.lat, expected.lat, tolerance!.lat);
    near(m.lon, expected.lon, tolerance!.lon);
    near(m.distance_m, GEODSOLVE_MAN_JFK_SIN.expected.s12_m!, GEODSOLVE_MAN_JFK_SIN.tolerance!.s12_m!);
  });

  it('is equally far from both ends along the geodesic', () => {
    const pairs = [
      [
        { lat: 40.1, lon: 116.6 },
        { lat: 37.6, lon: -122.4 },
      ],
      [
        { lat: 27.2, lon: 0 },
        { lat: -27.1, lon: 179.5 },
      ], // GeodSolve78, nearly antipodal
      [
        { lat: -33.9, lon: 151.2 },
        { lat: 51.5, lon: -0.1 },
      ],
    ];
    for (const [a, b] of pairs) {
      const m = midpoint(a, b);
      near(inverse(a, m).distance_m, m.distance_m / 2, 1e-6);
      near(inverse(m, b).distance_m, m.distance_m / 2, 1e-6);
    }
  });
});

describe('compass16', () => {
  it('names the 16 points at their centres', () => {
    for (const [i, name] of COMPASS_POINTS.entries()) expect(compass16(i * 22.5)).toBe(name);
  });

  it('gives each point the sector [centre − 11.25°, centre + 11.25°)', () => {
    expect(compass16(348.75)).toBe('N');
    expect(compass16(348.7499)).toBe('NNW');
    expect(compass16(11.2499)).toBe('N');
    expect(compass16(11.25)).toBe('NNE');
    expect(compass16(191.25)).toBe('SSW');
    expect(compass16(359.999999)).toBe('N');
  });
});

describe('edge cases', () => {
  it('coincident points: distance 0 and bearings 0 (GeographicLib itself reports azimuth 180, GeodSolve80)', () => {
    expect(inverse({ lat: 20.001, lon: 0 }, { lat: 20.001, lon: 0 })).toEqual({
      distance_m: 0,
      initial_bearing_deg: 0,
      final_bearing_deg: 0,
      coincident: true,
    });
  });

  it('the same pole at two longitudes is one point (GeodSolve80: (90, 0) → (90, 180) has s12 = 0)', () => {
    expect(inverse({ lat: 90, lon: 0 }, { lat: 90, lon: 180 }).coincident).toBe(true);
    expect(inverse({ lat: -90, lon: -45 }, { lat: -90, lon: 120 }).distance_m).toBe(0);
  });

  it('longitudes −180 and 180 name the same meridian', () => {
    expect(inverse({ lat: 12, lon: -180 }, { lat: 12, lon: 180 }).coincident).toBe(true);
  });

  it('GeodSolve29: (0, 179) → (0, −179) crosses the antimeridian, 222639 m, not 358° of longitude', () => {
    const r = solve(GEODSOLVE29); // entered there as lon 539 → 181
    expectInverse(r, GEODSOLVE29);
    expect(r.initial_bearing_deg).toBe(90);
  });

  it('on the equator a short geodesic is the equator itself: s = a·Δλ (closed form)', () => {
    near(inverse({ lat: 0, lon: 179.9 }, { lat: 0, lon: -179.9 }).distance_m, ELLIPSOID.a_m * 0.2 * (Math.PI / 180), 1e-6);
    near(inverse({ lat: 0, lon: 0 }, { lat: 0, lon: 90 }).distance_m, (ELLIPSOID.a_m * Math.PI) / 2, 1e-6);
  });

  it('GeodSolve33: beyond (1 − f)·180° on the equator the geodesic leaves the equator; at 180° it runs over a pole', () => {
    expectInverse(solve(GEODSOLVE33_179_5), GEODSOLVE33_179_5);
    const r180 = solve(GEODSOLVE33_180);
    expect(r180.initial_bearing_deg).toBe(GEODSOLVE33_180.expected.azi1_deg);
    expect(r180.final_bearing_deg).toBe(GEODSOLVE33_180.expected.azi2_deg);
    expectInverse(r180, GEODSOLVE33_180);
    near(midpoint({ lat: 0, lon: 0 }, { lat: 0, lon: 180 }).lat, 90, 1e-9);
  });

  it('poles: the quarter meridian is 10001965.729 m (GeodSolve); bearings due north and south', () => {
    const up = solve(QUARTER_MERIDIAN);
    near(up.distance_m, QUARTER_MERIDIAN.expected.s12_m!, 0.0005);
    expect([up.initial_bearing_deg, up.final_bearing_deg]).toEqual([0, 0]);
    const down = inverse({ lat: 0, lon: 0 }, { lat: -90, lon: 0 });
    expect([down.initial_bearing_deg, down.final_bearing_deg]).toEqual([180, 180]);
    near(solve(POLE_TO_POLE).distance_m, POLE_TO_POLE.expected.s12_m!, 0.001);
  });

  it('from a pole, bearings are measured from the meridian of the longitude given there', () => {
    expect(inverse({ lat: 90, lon: 0 }, { lat: 0, lon: 0 }).initial_bearing_deg).toBe(180);
    expect(inverse({ lat: 90, lon: 0 }, { lat: 0, lon: 90 }).initial_bearing_deg).toBe(90);
  });

  it('GeodSolve4: a 72 mm line is still solved (short line bug found 2010-05-21)', () => {
    expectInverse(solve(GEODSOLVE4), GEODSOLVE4);
  });

  it('nearly antipodal (0, 0) → (0.5, 179.5): 19936288.579 m (GeodSolve -i "0 0 0.5 179.5")', () => {
    near(solve(NEARLY_ANTIPODAL).distance_m, NEARLY_ANTIPODAL.expected.s12_m!, 1e-6);
  });

  it('bearing helpers keep [0, 360) and never return −0 or 360', () => {
    expect(normalizeBearing(-90)).toBe(270);
    expect(normalizeBearing(-180)).toBe(180);
    expect(normalizeBearing(360)).toBe(0);
    expect(Object.is(normalizeBearing(-0), 0)).toBe(true);
    expect(normalizeBearing(-1e-17)).toBe(0);
    expect(roundBearing(359.9999999, 6)).toBe(0);
    expect(roundBearing(-0.0000001, 6)).toBe(0);
    expect(roundTo(1.23456789, 6)).toBe(1.234568);
    expect(roundTo(-1.23456789, 3)).toBe(-1.235);
    expect(Object.is(roundTo(-0.0000001, 6), 0)).toBe(true);
  });
});
