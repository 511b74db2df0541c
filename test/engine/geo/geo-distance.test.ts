/**
 * geo_distance, run the way every front end runs it (input schema, run, output schema). Reference values
 * are GeographicLib's published ones and runs of its C++ GeodSolve, each row with its source in
 * test/fixtures/reference/geo.ts.
 */
import {
  GEODSOLVE0,
  GEODSOLVE33_179_5,
  GEODSOLVE33_180,
  GEODSOLVE76,
  GEODSOLVE_MAN_JFK_SIN,
  GEODTEST_ROWS,
  type GeodesicPair,
  type InverseReference,
  JFK_SIN_DECIMAL,
  JS_TUTORIAL_BEIJING_SAN_FRANCISCO,
  NEARLY_ANTIPODAL,
  POLE_TO_POLE,
  QUARTER_MERIDIAN,
} from '../../fixtures/reference/geo.ts';
import { describe, expect, it } from 'vitest';
import { distanceBetween, geoDistance, METRES_PER_MILE, METRES_PER_NAUTICAL_MILE } from '../../../engine/geo/geo-distance.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const near = (actual: number, expected: number, tolerance: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected} ± ${tolerance}`).toBeLessThanOrEqual(tolerance);
/** The international mile (1959 agreement) and the international nautical mile, exact by definition. */
const MILE_M = 1609.344;
const NAUTICAL_MILE_M = 1852;
/** Our 6-decimal rounding of angles, added to a reference's own half-unit. */
const OUR_ROUNDING = 0.5e-6;
const round = (x: number, decimals: number) => Number(x.toFixed(decimals));
const run = (from_lat: number, from_lon: number, to_lat: number, to_lon: number) => runTool(geoDistance, { from_lat, from_lon, to_lat, to_lon });
const solve = ({ input: p }: { input: GeodesicPair }) => run(p.lat1, p.lon1, p.lat2, p.lon2);
/** Distance within the reference's precision; bearings within it plus our rounding. */
function expectNear(r: Awaited<ReturnType<typeof run>>, ref: InverseReference) {
  const { expected: e, tolerance: t = {} } = ref;
  if (e.s12_m !== undefined) near(r.meters, e.s12_m, t.s12_m!);
  if (e.azi1_deg !== undefined) near(r.initial_bearing_deg, e.azi1_deg, t.azi1_deg! + OUR_ROUNDING);
  if (e.azi2_deg !== undefined) near(r.final_bearing_deg, e.azi2_deg, t.azi2_deg! + OUR_ROUNDING);
}

describe('geo_distance', () => {
  it("the JSDoc and first worked example, JFK → Singapore Changi: GeodSolve's answer, rounded, in every unit", async () => {
    const { lat1, lon1, lat2, lon2 } = JFK_SIN_DECIMAL.input;
    expect(geoDistance.examples[0].input).toEqual({ from_lat: lat1, from_lon: lon1, to_lat: lat2, to_lon: lon2 });
    const r = await runTool(geoDistance, geoDistance.examples[0].input);
    const { s12_m, azi1_deg, azi2_deg } = JFK_SIN_DECIMAL.expected as Required<typeof JFK_SIN_DECIMAL.expected>;
    expect(r).toEqual({
      kilometers: round(s12_m / 1000, 6),
      miles: round(s12_m / MILE_M, 6),
      meters: round(s12_m, 3),
      nautical_miles: round(s12_m / NAUTICAL_MILE_M, 6),
      initial_bearing_deg: round(azi1_deg, 6),
      final_bearing_deg: round(azi2_deg, 6),
      compass_direction: 'N',
      provenance: { method: 'geo.inverse-geodesic', geodesic: expect.stringMatching(/^geographiclib-geodesic \d+\.\d+\.\d+ \(WGS84\)$/) },
    });
    const full = explanationsOf((await runTool(geoDistance, geoDistance.examples[0].input, withFullProvenance())).provenance);
    expect(full.geodesic).toMatch(/^WGS84 ellipsoid geodesics, Karney \(2013\).*WGS84 \(a = 6378137 m, f = 1\/298.257223563\)$/);
    expect(full['geo.inverse-geodesic']).toContain('not haversine');
  });

  it('GeodSolve(1) EXAMPLES: JFK → SIN in DMS, 003:18:29.9 177:29:09.2 15347628', async () => {
    const r = await solve(GEODSOLVE_MAN_JFK_SIN);
    expectNear(r, GEODSOLVE_MAN_JFK_SIN);
    expect(r.compass_direction).toBe('N');
  });

  it('GeodSolve0: JFK (40.6, -73.8) → CDG (49.01666667, 2.55): 5853226 m, 53.47022°, 111.59367°', async () => {
    const r = await solve(GEODSOLVE0);
    expectNear(r, GEODSOLVE0);
    expect(r.compass_direction).toBe('NE');
  });

  it('GeodSolve76: Wellington → Salamanca, nearly antipodal, rounded to the millimetre and 6 decimals', async () => {
    const r = await solve(GEODSOLVE76);
    const { s12_m, azi1_deg, azi2_deg } = GEODSOLVE76.expected as Required<typeof GEODSOLVE76.expected>;
    expect(r.meters).toBe(round(s12_m, 3));
    expect(r.kilometers).toBe(round(s12_m / 1000, 6));
    expect(r.initial_bearing_deg).toBe(round(azi1_deg, 6));
    expect(r.final_bearing_deg).toBe(round(azi2_deg, 6));
    expect(r.compass_direction).toBe('SSE');
  });

  it("GeodTest.dat row 5 (Karney's test set): azimuths −159.03… and −20.79… come back in [0, 360)", async () => {
    const row5 = GEODTEST_ROWS[0];
    const r = await solve(row5);
    const { s12_m, azi1_deg, azi2_deg } = row5.expected as Required<typeof row5.expected>;
    expect(r.meters).toBe(round(s12_m, 3));
    expect(r.initial_bearing_deg).toBe(round(azi1_deg + 360, 6));
    expect(r.final_bearing_deg).toBe(round(azi2_deg + 360, 6));
    expect(r.compass_direction).toBe('SSW');
  });

  it('every unit comes from the same geodesic length (international and nautical miles are exact definitions)', async () => {
    expect([METRES_PER_MILE, METRES_PER_NAUTICAL_MILE]).toEqual([MILE_M, NAUTICAL_MILE_M]);
    const r = await run(-33.8688, 151.2093, 51.5074, -0.1278);
    near(r.kilometers * 1000, r.meters, 0.001);
    near(r.miles * MILE_M, r.meters, 0.002);
    near(r.nautical_miles * NAUTICAL_MILE_M, r.meters, 0.002);
  });

  it('distanceBetween (for geo_distance_batch) returns exactly what the tool returns', async () => {
    expect(distanceBetween({ lat: 40.6, lon: -73.8 }, { lat: 49.01666667, lon: 2.55 })).toEqual(await run(40.6, -73.8, 49.01666667, 2.55));
  });

  it('rejects out-of-range, missing, non-numeric and unknown parameters with field names', () => {
    expect(inputErrors(geoDistance, { from_lat: 91, from_lon: 0, to_lat: 0, to_lon: 0 })).toEqual([{ field: 'from_lat', message: 'must be ≤ 90' }]);
    expect(inputErrors(geoDistance, { from_lat: 0, from_lon: -180.5, to_lat: 0, to_lon: 0 })).toEqual([{ field: 'from_lon', message: 'must be ≥ -180' }]);
    expect(inputErrors(geoDistance, { from_lat: 0, from_lon: 0, to_lat: 0 })).toEqual([{ field: 'to_lon', message: 'is required' }]);
    expect(inputErrors(geoDistance, { from_lat: 0, from_lon: 0, to_lat: Number.NaN, to_lon: 0 })).toEqual([{ field: 'to_lat', message: 'must be a number' }]);
    expect(inputErrors(geoDistance, { from_lat: 0, from_lon: 0, to_lat: 0, to_lon: 0, units: 'km' })).toHaveLength(1);
  });
});

describe('edge cases', () => {
  it('coincident points: all distances 0, bearings 0, compass N', async () => {
    const r = await run(51.5, -0.12, 51.5, -0.12);
    expect(r).toMatchObject({
      kilometers: 0,
      miles: 0,
      meters: 0,
      nautical_miles: 0,
      initial_bearing_deg: 0,
      final_bearing_deg: 0,
      compass_direction: 'N',
    });
  });

  it('the same pole at different longitudes, and lon −180 vs 180, are coincident', async () => {
    expect((await run(90, 0, 90, 180)).meters).toBe(0);
    expect((await run(-90, 10, -90, -170)).initial_bearing_deg).toBe(0);
    expect((await run(-45, -180, -45, 180)).meters).toBe(0);
  });

  it('antimeridian 179.9 → −179.9 on the equator: 22263.898 m due east (closed form a·0.2°), not 359.8°', async () => {
    const east = await run(0, 179.9, 0, -179.9);
    expect(east.meters).toBe(22263.898); // 6378137 × 0.2 × π/180 = 22263.8982 m
    expect([east.initial_bearing_deg, east.final_bearing_deg, east.compass_direction]).toEqual([90, 90, 'E']);
    const west = await run(0, -179.9, 0, 179.9);
    expect([west.meters, west.initial_bearing_deg, west.compass_direction]).toEqual([22263.898, 270, 'W']);
  });

  it('JS tutorial: Beijing → San Francisco across the antimeridian, 9513998 m, 42.91642° → 138.89027°', async () => {
    expectNear(await solve(JS_TUTORIAL_BEIJING_SAN_FRANCISCO), JS_TUTORIAL_BEIJING_SAN_FRANCISCO);
  });

  it('equator to pole: the WGS84 quarter meridian, 10001965.729 m, due north / due south', async () => {
    const quarter = round(QUARTER_MERIDIAN.expected.s12_m!, 3);
    const north = await solve(QUARTER_MERIDIAN);
    expect(north.meters).toBe(quarter);
    expect([north.initial_bearing_deg, north.compass_direction]).toEqual([0, 'N']);
    const south = await run(0, 0, -90, 0);
    expect([south.meters, south.initial_bearing_deg, south.compass_direction]).toEqual([quarter, 180, 'S']);
  });

  it('pole to pole: twice the quarter meridian; GeodSolve33 (0,0) → (0,180) goes the same way, 20003931 m', async () => {
    expect((await solve(POLE_TO_POLE)).meters).toBe(round(POLE_TO_POLE.expected.s12_m!, 3));
    const r = await solve(GEODSOLVE33_180);
    near(r.meters, GEODSOLVE33_180.expected.s12_m!, GEODSOLVE33_180.tolerance!.s12_m!);
    expect([r.initial_bearing_deg, r.final_bearing_deg]).toEqual([GEODSOLVE33_180.expected.azi1_deg, GEODSOLVE33_180.expected.azi2_deg]);
  });

  it('along the equator a quarter of the way round is a·π/2 = 10018754.171 m (closed form)', async () => {
    const r = await run(0, 0, 0, 90);
    expect(r.meters).toBe(10018754.171);
    expect([r.initial_bearing_deg, r.final_bearing_deg, r.compass_direction]).toEqual([90, 90, 'E']);
  });

  it('nearly antipodal: (0,0) → (0.5,179.5) is 19936288.579 m; GeodSolve33 (0,0) → (0,179.5) is 19980862 m at 55.96650°', async () => {
    expect((await solve(NEARLY_ANTIPODAL)).meters).toBe(round(NEARLY_ANTIPODAL.expected.s12_m!, 3));
    expectNear(await solve(GEODSOLVE33_179_5), GEODSOLVE33_179_5);
  });

  it('bearings stay below 360 after rounding and the compass follows the rounded initial bearing', async () => {
    // Almost due north but a hair west: the unrounded bearing is 359.99999997…, which rounds to 360 → 0.
    const r = await run(0, 0, 10, -0.0000000005);
    expect(r.initial_bearing_deg).toBe(0);
    expect(r.compass_direction).toBe('N');
  });
});
