/**
 * The shared WGS84 geodesic helpers, pinned to GeographicLib's own published test values:
 * - "GeodSolveN": the GeodSolve regression cases, geographiclib/geographiclib-js geodesic/test/geodesictest.js
 *   (the same cases as the C++ library's tests);
 * - "GeodTest.dat": Karney's geodesic test set, rows reproduced in the `testcases` table of that file;
 * - "GeodSolve(1) EXAMPLES": geographiclib/geographiclib man/GeodSolve.pod (JFK → Singapore Changi);
 * - "JS tutorial": geographiclib/geographiclib-js doc/tutorials/3-examples.md.
 */
import { describe, expect, it } from 'vitest';
import { COMPASS_POINTS, compass16, ELLIPSOID, inverse, midpoint, normalizeBearing, roundBearing, roundTo } from '../../../engine/geo/geodesic.ts';

const near = (actual: number, expected: number, tolerance: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected} ± ${tolerance}`).toBeLessThanOrEqual(tolerance);
const dms = (d: number, m: number, s: number) => d + m / 60 + s / 3600;
const ARCSEC_TENTH = 0.05 / 3600; // half the last printed digit of a "-p 0" DMS azimuth (0.1")

describe('inverse', () => {
  it('GeodSolve0: JFK (40.6, -73.8) → Paris CDG (49.01666667, 2.55)', () => {
    const r = inverse({ lat: 40.6, lon: -73.8 }, { lat: 49.01666667, lon: 2.55 });
    near(r.initial_bearing_deg, 53.47022, 0.5e-5); // GeodSolve0
    near(r.final_bearing_deg, 111.59367, 0.5e-5); // GeodSolve0
    near(r.distance_m, 5853226, 0.5); // GeodSolve0
    expect(r.coincident).toBe(false);
  });

  it('GeodSolve(1) EXAMPLES: JFK → Singapore Changi, 003:18:29.9 177:29:09.2 15347628', () => {
    const jfk = { lat: dms(40, 38, 23), lon: -dms(73, 46, 44) };
    const sin = { lat: dms(1, 21, 33), lon: dms(103, 59, 22) };
    const r = inverse(jfk, sin);
    near(r.initial_bearing_deg, dms(3, 18, 29.9), ARCSEC_TENTH); // man/GeodSolve.pod
    near(r.final_bearing_deg, dms(177, 29, 9.2), ARCSEC_TENTH); // man/GeodSolve.pod
    near(r.distance_m, 15347628, 0.5); // man/GeodSolve.pod (-p 0: whole metres)
  });

  it("GeodTest.dat rows (Karney's test set): distances to 1e-8 m, negative azimuths normalised to [0, 360)", () => {
    // [lat1, lon1, azi1, lat2, lon2, azi2, s12] from geodesictest.js `testcases` (rows 5, 6 and 13).
    // biome-ignore-start lint/correctness/noPrecisionLoss: the published digits, kept as printed
    const rows = [
      [-17.42761, 173.34268, -159.033557661192928, -15.84784, 5.93557, -20.787484651536988, 16076603.1631180673],
      [32.84994, 48.28919, 150.492927788121982, -56.28556, 202.29132, 48.113449399816759, 16727068.9438164461],
      [-19.79938, -174.47484, 71.167275780171533, -11.99349, -154.35109, 65.589099775199228, 2319004.8601169389],
    ];
    // biome-ignore-end lint/correctness/noPrecisionLoss: the published digits, kept as printed
    for (const [lat1, lon1, azi1, lat2, lon2, azi2, s12] of rows) {
      const r = inverse({ lat: lat1, lon: lon1 }, { lat: lat2, lon: ((lon2 + 180) % 360) - 180 });
      near(r.distance_m, s12, 1e-8);
      near(r.initial_bearing_deg, (azi1 + 360) % 360, 1e-11);
      near(r.final_bearing_deg, (azi2 + 360) % 360, 1e-11);
    }
  });

  it('GeodSolve76: Wellington → Salamanca, nearly antipodal (a classic failure of Vincenty)', () => {
    const r = inverse({ lat: -(41 + 19 / 60), lon: 174 + 49 / 60 }, { lat: 40 + 58 / 60, lon: -(5 + 30 / 60) });
    near(r.initial_bearing_deg, 160.39137649664, 0.5e-11); // GeodSolve76
    near(r.final_bearing_deg, 19.50042925176, 0.5e-11); // GeodSolve76
    near(r.distance_m, 19960543.857179, 0.5e-6); // GeodSolve76
  });

  it('GeodSolve78: (27.2, 0) → (-27.1, 179.5), where the NGS calculator fails to converge', () => {
    const r = inverse({ lat: 27.2, lon: 0 }, { lat: -27.1, lon: 179.5 });
    near(r.initial_bearing_deg, 45.82468716758, 0.5e-11); // GeodSolve78
    near(r.final_bearing_deg, 134.2277653267, 0.5e-11); // GeodSolve78
    near(r.distance_m, 19974354.765767, 0.5e-6); // GeodSolve78
  });

  it('JS tutorial: Wellington (-41.32, 174.81) → Salamanca (40.96, -5.50) is 19959679.267 m', () => {
    near(inverse({ lat: -41.32, lon: 174.81 }, { lat: 40.96, lon: -5.5 }).distance_m, 19959679.267, 0.0005);
  });

  it('JS tutorial: Beijing (40.1, 116.6) → San Francisco (37.6, -122.4) across the antimeridian', () => {
    const r = inverse({ lat: 40.1, lon: 116.6 }, { lat: 37.6, lon: -122.4 });
    near(r.distance_m, 9513998, 0.5); // waypoint table, last row
    near(r.initial_bearing_deg, 42.91642, 0.5e-5); // waypoint table, first row
    near(r.final_bearing_deg, 138.89027, 0.5e-5); // waypoint table, last row
  });
});

describe('midpoint', () => {
  it('GeodSolve(1) EXAMPLES: the 0.5 waypoint JFK → SIN is 70:20:29.2N 097:01:29.4E', () => {
    const m = midpoint({ lat: dms(40, 38, 23), lon: -dms(73, 46, 44) }, { lat: dms(1, 21, 33), lon: dms(103, 59, 22) });
    near(m.lat, dms(70, 20, 29.2), ARCSEC_TENTH); // man/GeodSolve.pod, "-I … -F" waypoint 0.5
    near(m.lon, dms(97, 1, 29.4), ARCSEC_TENTH);
    near(m.distance_m, 15347628, 0.5);
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
    const r = inverse({ lat: 0, lon: 179 }, { lat: 0, lon: -179 });
    near(r.distance_m, 222639, 0.5); // GeodSolve29 (entered there as lon 539 → 181)
    expect(r.initial_bearing_deg).toBe(90);
  });

  it('on the equator a short geodesic is the equator itself: s = a·Δλ (closed form)', () => {
    near(inverse({ lat: 0, lon: 179.9 }, { lat: 0, lon: -179.9 }).distance_m, ELLIPSOID.a_m * 0.2 * (Math.PI / 180), 1e-6);
    near(inverse({ lat: 0, lon: 0 }, { lat: 0, lon: 90 }).distance_m, (ELLIPSOID.a_m * Math.PI) / 2, 1e-6);
  });

  it('GeodSolve33: beyond (1 − f)·180° on the equator the geodesic leaves the equator; at 180° it runs over a pole', () => {
    const r1795 = inverse({ lat: 0, lon: 0 }, { lat: 0, lon: 179.5 });
    near(r1795.initial_bearing_deg, 55.9665, 0.5e-5);
    near(r1795.final_bearing_deg, 124.0335, 0.5e-5);
    near(r1795.distance_m, 19980862, 0.5);
    const r180 = inverse({ lat: 0, lon: 0 }, { lat: 0, lon: 180 });
    expect(r180.initial_bearing_deg).toBe(0);
    expect(r180.final_bearing_deg).toBe(180);
    near(r180.distance_m, 20003931, 0.5);
    near(midpoint({ lat: 0, lon: 0 }, { lat: 0, lon: 180 }).lat, 90, 1e-9);
  });

  it('poles: the quarter meridian is 10001965.729 m (published WGS84 value); bearings due north and south', () => {
    const up = inverse({ lat: 0, lon: 0 }, { lat: 90, lon: 0 });
    near(up.distance_m, 10001965.729, 0.0005);
    expect([up.initial_bearing_deg, up.final_bearing_deg]).toEqual([0, 0]);
    const down = inverse({ lat: 0, lon: 0 }, { lat: -90, lon: 0 });
    expect([down.initial_bearing_deg, down.final_bearing_deg]).toEqual([180, 180]);
    near(inverse({ lat: 90, lon: 0 }, { lat: -90, lon: 0 }).distance_m, 2 * 10001965.729, 0.001);
  });

  it('from a pole, bearings are measured from the meridian of the longitude given there', () => {
    expect(inverse({ lat: 90, lon: 0 }, { lat: 0, lon: 0 }).initial_bearing_deg).toBe(180);
    expect(inverse({ lat: 90, lon: 0 }, { lat: 0, lon: 90 }).initial_bearing_deg).toBe(90);
  });

  it('GeodSolve4: a 72 mm line is still solved (short line bug found 2010-05-21)', () => {
    near(inverse({ lat: 36.493349428792, lon: 0 }, { lat: 36.49334942879201, lon: 0.0000008 }).distance_m, 0.072, 0.5e-3);
  });

  it('nearly antipodal (0, 0) → (0.5, 179.5): 19936288.579 m (GeodSolve -i "0 0 0.5 179.5")', () => {
    near(inverse({ lat: 0, lon: 0 }, { lat: 0.5, lon: 179.5 }).distance_m, 19936288.5789653, 1e-6);
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
