/**
 * geo_distance, run the way every front end runs it (input schema, run, output schema). Reference
 * values are GeographicLib's published ones (see geodesic.test.ts for the files):
 * GeodSolveN = geographiclib/geographiclib-js geodesic/test/geodesictest.js; GeodSolve(1) EXAMPLES =
 * geographiclib/geographiclib man/GeodSolve.pod; JS tutorial = geographiclib-js doc/tutorials/3-examples.md.
 */
import { describe, expect, it } from 'vitest';
import { distanceBetween, geoDistance, METRES_PER_MILE, METRES_PER_NAUTICAL_MILE } from '../../../engine/geo/geo-distance.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const near = (actual: number, expected: number, tolerance: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected} ± ${tolerance}`).toBeLessThanOrEqual(tolerance);
const dms = (d: number, m: number, s: number) => d + m / 60 + s / 3600;
// A reference printed to 5 decimals (or 0.1") compared with our 6-decimal rounding: both half-units add up.
const FIVE_DECIMALS = 0.5e-5 + 0.5e-6;
const TENTH_ARCSEC = 0.05 / 3600 + 0.5e-6;
const run = (from_lat: number, from_lon: number, to_lat: number, to_lon: number) => runTool(geoDistance, { from_lat, from_lon, to_lat, to_lon });

describe('geo_distance', () => {
  it('the JSDoc and description example, JFK → Singapore Changi, exactly as documented', async () => {
    const r = await runTool(geoDistance, geoDistance.examples[0].input);
    expect(r).toEqual({
      kilometers: 15347.627646,
      miles: 9536.573688,
      meters: 15347627.646,
      nautical_miles: 8287.055964,
      initial_bearing_deg: 3.308313,
      final_bearing_deg: 177.485902,
      compass_direction: 'N',
      provenance: { method: 'geo.inverse-geodesic', geodesic: expect.stringMatching(/^geographiclib-geodesic \d+\.\d+\.\d+ \(WGS84\)$/) },
    });
    const full = explanationsOf((await runTool(geoDistance, geoDistance.examples[0].input, withFullProvenance())).provenance);
    expect(full.geodesic).toMatch(/^WGS84 ellipsoid geodesics, Karney \(2013\).*WGS84 \(a = 6378137 m, f = 1\/298.257223563\)$/);
    expect(full['geo.inverse-geodesic']).toContain('not haversine');
  });

  it('GeodSolve(1) EXAMPLES: JFK → SIN in DMS, 003:18:29.9 177:29:09.2 15347628', async () => {
    const r = await run(dms(40, 38, 23), -dms(73, 46, 44), dms(1, 21, 33), dms(103, 59, 22));
    near(r.meters, 15347628, 0.5);
    near(r.initial_bearing_deg, dms(3, 18, 29.9), TENTH_ARCSEC);
    near(r.final_bearing_deg, dms(177, 29, 9.2), TENTH_ARCSEC);
    expect(r.compass_direction).toBe('N');
  });

  it('GeodSolve0: JFK (40.6, -73.8) → CDG (49.01666667, 2.55): 5853226 m, 53.47022°, 111.59367°', async () => {
    const r = await run(40.6, -73.8, 49.01666667, 2.55);
    near(r.meters, 5853226, 0.5);
    near(r.initial_bearing_deg, 53.47022, FIVE_DECIMALS);
    near(r.final_bearing_deg, 111.59367, FIVE_DECIMALS);
    expect(r.compass_direction).toBe('NE');
  });

  it('GeodSolve76: Wellington → Salamanca, nearly antipodal, rounded to the millimetre and 6 decimals', async () => {
    const r = await run(-(41 + 19 / 60), 174 + 49 / 60, 40 + 58 / 60, -(5 + 30 / 60));
    // GeodSolve76: s12 19960543.857179, azi1 160.39137649664, azi2 19.50042925176
    expect(r.meters).toBe(19960543.857);
    expect(r.kilometers).toBe(19960.543857);
    expect(r.initial_bearing_deg).toBe(160.391376);
    expect(r.final_bearing_deg).toBe(19.500429);
    expect(r.compass_direction).toBe('SSE');
  });

  it("GeodTest.dat row 5 (Karney's test set): azimuths −159.03… and −20.79… come back in [0, 360)", async () => {
    const r = await run(-17.42761, 173.34268, -15.84784, 5.93557);
    // s12 16076603.1631180673, azi1 -159.033557661192928, azi2 -20.787484651536988
    expect(r.meters).toBe(16076603.163);
    expect(r.initial_bearing_deg).toBe(200.966442);
    expect(r.final_bearing_deg).toBe(339.212515);
    expect(r.compass_direction).toBe('SSW');
  });

  it('every unit comes from the same geodesic length (international and nautical miles are exact definitions)', async () => {
    const r = await run(-33.8688, 151.2093, 51.5074, -0.1278);
    near(r.kilometers * 1000, r.meters, 0.001);
    near(r.miles * METRES_PER_MILE, r.meters, 0.002);
    near(r.nautical_miles * METRES_PER_NAUTICAL_MILE, r.meters, 0.002);
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
    const r = await run(40.1, 116.6, 37.6, -122.4);
    near(r.meters, 9513998, 0.5);
    near(r.initial_bearing_deg, 42.91642, FIVE_DECIMALS);
    near(r.final_bearing_deg, 138.89027, FIVE_DECIMALS);
  });

  it('equator to pole: the WGS84 quarter meridian, 10001965.729 m, due north / due south', async () => {
    const north = await run(0, 0, 90, 0);
    expect(north.meters).toBe(10001965.729);
    expect([north.initial_bearing_deg, north.compass_direction]).toEqual([0, 'N']);
    const south = await run(0, 0, -90, 0);
    expect([south.meters, south.initial_bearing_deg, south.compass_direction]).toEqual([10001965.729, 180, 'S']);
  });

  it('pole to pole: twice the quarter meridian; GeodSolve33 (0,0) → (0,180) goes the same way, 20003931 m', async () => {
    expect((await run(90, 0, -90, 0)).meters).toBe(20003931.459);
    const r = await run(0, 0, 0, 180);
    near(r.meters, 20003931, 0.5);
    expect([r.initial_bearing_deg, r.final_bearing_deg]).toEqual([0, 180]);
  });

  it('along the equator a quarter of the way round is a·π/2 = 10018754.171 m (closed form)', async () => {
    const r = await run(0, 0, 0, 90);
    expect(r.meters).toBe(10018754.171);
    expect([r.initial_bearing_deg, r.final_bearing_deg, r.compass_direction]).toEqual([90, 90, 'E']);
  });

  it('nearly antipodal: (0,0) → (0.5,179.5) is 19936288.579 m; GeodSolve33 (0,0) → (0,179.5) is 19980862 m at 55.96650°', async () => {
    expect((await run(0, 0, 0.5, 179.5)).meters).toBe(19936288.579); // GeodSolve -i "0 0 0.5 179.5" = 19936288.5789653
    const r = await run(0, 0, 0, 179.5);
    near(r.meters, 19980862, 0.5);
    near(r.initial_bearing_deg, 55.9665, FIVE_DECIMALS);
    near(r.final_bearing_deg, 124.0335, FIVE_DECIMALS);
  });

  it('bearings stay below 360 after rounding and the compass follows the rounded initial bearing', async () => {
    // Almost due north but a hair west: the unrounded bearing is 359.99999997…, which rounds to 360 → 0.
    const r = await run(0, 0, 10, -0.0000000005);
    expect(r.initial_bearing_deg).toBe(0);
    expect(r.compass_direction).toBe('N');
  });
});
