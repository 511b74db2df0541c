/**
 * geo_midpoint. References (test/fixtures/reference/geo.ts): GeodSolve(1) EXAMPLES, whose equally spaced
 * JFK → Singapore Changi waypoints include the one at fraction 0.5, and GeodSolve's point halfway along the
 * tools' decimal example; symmetry of the ellipsoid (closed-form midpoints); and the defining property,
 * checked with the inverse solution: the midpoint is half the geodesic length from each end.
 */
import {
  GEODSOLVE33_180,
  GEODSOLVE_MAN_JFK_SIN,
  GEODSOLVE_MAN_JFK_SIN_HALFWAY,
  JFK_SIN_DECIMAL,
  JFK_SIN_DECIMAL_HALFWAY,
  QUARTER_MERIDIAN,
} from '../../fixtures/reference/geo.ts';
import { describe, expect, it } from 'vitest';
import { geoMidpoint, midpointBetween } from '../../../engine/geo/geo-midpoint.ts';
import { inverse } from '../../../engine/geo/geodesic.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const near = (actual: number, expected: number, tolerance: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected} ± ${tolerance}`).toBeLessThanOrEqual(tolerance);
const round = (x: number, decimals: number) => Number(x.toFixed(decimals));
const run = (from_lat: number, from_lon: number, to_lat: number, to_lon: number) => runTool(geoMidpoint, { from_lat, from_lon, to_lat, to_lon });

describe('geo_midpoint', () => {
  it("the JSDoc and first worked example, JFK → Singapore Changi: GeodSolve's point halfway, rounded", async () => {
    const { lat1, lon1, lat2, lon2 } = JFK_SIN_DECIMAL_HALFWAY.input;
    expect(geoMidpoint.examples[0].input).toEqual({ from_lat: lat1, from_lon: lon1, to_lat: lat2, to_lon: lon2 });
    const { lat, lon } = JFK_SIN_DECIMAL_HALFWAY.expected;
    expect(await runTool(geoMidpoint, geoMidpoint.examples[0].input)).toEqual({
      midpoint: { lat: round(lat, 8), lon: round(lon, 8) },
      distance_km: round(JFK_SIN_DECIMAL.expected.s12_m! / 1000, 6),
      provenance: { method: 'geo.geodesic-midpoint', geodesic: expect.stringContaining('geographiclib-geodesic') },
    });
    const full = explanationsOf((await runTool(geoMidpoint, geoMidpoint.examples[0].input, withFullProvenance())).provenance);
    expect(full['geo.geodesic-midpoint']).toContain('half its length');
  });

  it('GeodSolve(1) EXAMPLES: waypoint 0.5 of JFK → SIN is 70:20:29.2N 097:01:29.4E', async () => {
    const { input, expected, tolerance } = GEODSOLVE_MAN_JFK_SIN_HALFWAY;
    const r = await run(input.lat1, input.lon1, input.lat2, input.lon2);
    near(r.midpoint.lat, expected.lat, tolerance!.lat + 0.5e-8); // + our 8-decimal rounding
    near(r.midpoint.lon, expected.lon, tolerance!.lon + 0.5e-8);
    near(r.distance_km, GEODSOLVE_MAN_JFK_SIN.expected.s12_m! / 1000, 0.0005); // 15347628 m printed to the metre
  });

  it('is half the geodesic from each end (to rounding), far from the mean of the coordinates', async () => {
    const cases = [
      [51.47, -0.4543, -33.9399, 151.1753], // LHR → SYD
      [27.2, 0, -27.1, 179.5], // GeodSolve78, nearly antipodal
      [64.1, -21.9, 35.7, 139.7],
    ];
    for (const [aLat, aLon, bLat, bLon] of cases) {
      const r = await run(aLat, aLon, bLat, bLon);
      const halfKm = r.distance_km / 2;
      near(inverse({ lat: aLat, lon: aLon }, r.midpoint).distance_m / 1000, halfKm, 1.5e-6); // 8-decimal coordinates (≤ 0.8 mm) + 6-decimal km (0.5 mm)
      near(inverse(r.midpoint, { lat: bLat, lon: bLon }).distance_m / 1000, halfKm, 1.5e-6);
    }
  });

  it('midpointBetween returns exactly what the tool returns', async () => {
    expect(midpointBetween({ lat: 10, lon: 20 }, { lat: 30, lon: 40 })).toEqual(await run(10, 20, 30, 40));
  });

  it('rejects invalid coordinates naming the field', () => {
    expect(inputErrors(geoMidpoint, { from_lat: 0, from_lon: 0, to_lat: -90.5, to_lon: 0 })).toEqual([{ field: 'to_lat', message: 'must be ≥ -90' }]);
    expect(inputErrors(geoMidpoint, { from_lat: 0, from_lon: 181, to_lat: 0, to_lon: 0 })).toEqual([{ field: 'from_lon', message: 'must be ≤ 180' }]);
  });
});

describe('edge cases', () => {
  it('coincident points: the point itself, distance 0', async () => {
    const r = await run(48.8566, 2.3522, 48.8566, 2.3522);
    expect(r.midpoint).toEqual({ lat: 48.8566, lon: 2.3522 });
    expect(r.distance_km).toBe(0);
  });

  it('on the equator: (0, 0) → (0, 90) halves to (0, 45) (the equator is the geodesic; symmetry)', async () => {
    const r = await run(0, 0, 0, 90);
    expect(r.midpoint).toEqual({ lat: 0, lon: 45 });
    expect(r.distance_km).toBe(10018.754171); // a·π/2
  });

  it('along a meridian, symmetric about the equator: (−10, 30) → (10, 30) halves to (0, 30)', async () => {
    expect((await run(-10, 30, 10, 30)).midpoint).toEqual({ lat: 0, lon: 30 });
  });

  it('across the antimeridian: 179.9 → −179.9 on the equator meets at 180, not at 0', async () => {
    const r = await run(0, 179.9, 0, -179.9);
    expect(r.midpoint.lat).toBe(0);
    expect(Math.abs(r.midpoint.lon)).toBe(180);
    expect(r.distance_km).toBe(22.263898);
  });

  it('across the antimeridian off the equator: (10, 170) → (−10, −170) is symmetric about (0, 180)', async () => {
    const r = await run(10, 170, -10, -170);
    near(r.midpoint.lat, 0, 1e-8);
    expect(Math.abs(r.midpoint.lon)).toBe(180);
  });

  it('over a pole: (89, 0) → (89, 180) passes through the north pole', async () => {
    expect((await run(89, 0, 89, 180)).midpoint.lat).toBe(90);
  });

  it('equator to pole: the midpoint of the quarter meridian lies north of 45° (the ellipsoid is flattened)', async () => {
    const r = await run(0, 0, 90, 0);
    expect(r.midpoint.lon).toBe(0);
    expect(r.midpoint.lat).toBeGreaterThan(45);
    expect(r.midpoint.lat).toBeLessThan(45.2);
    expect(r.distance_km).toBe(round(QUARTER_MERIDIAN.expected.s12_m! / 1000, 6)); // WGS84 quarter meridian 10001965.729 m
  });

  it('exactly antipodal on the equator: the geodesic GeographicLib picks runs over the north pole (GeodSolve33)', async () => {
    const r = await run(0, 0, 0, 180);
    expect(r.midpoint.lat).toBe(90);
    near(r.distance_km, GEODSOLVE33_180.expected.s12_m! / 1000, 0.0005);
  });
});
