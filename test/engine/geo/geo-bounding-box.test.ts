/**
 * geo_bounding_box: Matuschek's bounding coordinates on a sphere of mean radius 6371.0088 km. References:
 * the closed form itself (recomputed here independently, and rounded outward to 6 decimals as the tool
 * promises), the worked example in J. P. Matuschek's paper (test/fixtures/reference/geo.ts: the box edges
 * are M ± r and M ± Δlon from its published 4-decimal figures), and a containment check: points exactly r
 * away on the sphere lie inside the box.
 */
import { MATUSCHEK_WORKED_EXAMPLE } from '../../fixtures/reference/geo.ts';
import { describe, expect, it } from 'vitest';
import { boundingBoxAround, boundingCoordinates, geoBoundingBox, MEAN_EARTH_RADIUS_KM } from '../../../engine/geo/geo-bounding-box.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const near = (actual: number, expected: number, tolerance: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected} ± ${tolerance}`).toBeLessThanOrEqual(tolerance);
const RAD = Math.PI / 180;
const run = (lat: number, lon: number, radius_km: number) => runTool(geoBoundingBox, { lat, lon, radius_km });

/** Closed form, written out again: latitudes lat ± d, longitudes lon ± asin(sin d / cos lat), degrees, unwrapped. */
function closedForm(lat: number, lon: number, radiusKm: number) {
  const d = radiusKm / 6371.0088;
  const dLon = Math.asin(Math.sin(d) / Math.cos(lat * RAD)) / RAD;
  return { minLat: lat - d / RAD, maxLat: lat + d / RAD, minLon: lon - dLon, maxLon: lon + dLon };
}

/** The closed form's edges rounded outward to 6 decimals, longitudes wrapped into [−180, 180] as the tool writes them. */
function outward(c: ReturnType<typeof closedForm>) {
  const down = (x: number) => Math.floor(x * 1e6) / 1e6;
  const up = (x: number) => Math.ceil(x * 1e6) / 1e6;
  const wrap = (x: number) => (x > 180 ? x - 360 : x < -180 ? x + 360 : x);
  return { min_lat: down(c.minLat), max_lat: up(c.maxLat), min_lon: down(wrap(c.minLon)), max_lon: up(wrap(c.maxLon)) };
}

/** The point `radiusKm` from (lat, lon) along `bearing` on the sphere (spherical direct problem). */
function destination(lat: number, lon: number, bearing: number, radiusKm: number) {
  const d = radiusKm / MEAN_EARTH_RADIUS_KM;
  const [p, l, t] = [lat * RAD, lon * RAD, bearing * RAD];
  const p2 = Math.asin(Math.sin(p) * Math.cos(d) + Math.cos(p) * Math.sin(d) * Math.cos(t));
  const l2 = l + Math.atan2(Math.sin(t) * Math.sin(d) * Math.cos(p), Math.cos(d) - Math.sin(p) * Math.sin(p2));
  return { lat: p2 / RAD, lon: ((((l2 / RAD + 180) % 360) + 360) % 360) - 180 };
}

/** Whether a point lies in the box under the documented antimeridian convention. */
function inBox(box: { min_lat: number; max_lat: number; min_lon: number; max_lon: number; crosses_antimeridian: boolean }, p: { lat: number; lon: number }) {
  const latOk = p.lat >= box.min_lat && p.lat <= box.max_lat;
  const lonOk = box.crosses_antimeridian
    ? p.lon >= box.min_lon || p.lon <= box.max_lon // [min_lon, 180] ∪ [−180, max_lon]
    : p.lon >= box.min_lon && p.lon <= box.max_lon;
  return latOk && lonOk;
}

describe('geo_bounding_box', () => {
  it('the JSDoc and first worked example (Fiji, 200 km) is the closed form, rounded outward, wrapped at the antimeridian', async () => {
    expect(geoBoundingBox.examples[0].input).toEqual({ lat: -16.8, lon: 179.5, radius_km: 200 });
    expect(await runTool(geoBoundingBox, geoBoundingBox.examples[0].input)).toEqual({
      ...outward(closedForm(-16.8, 179.5, 200)),
      crosses_antimeridian: true,
      includes_pole: false,
      provenance: { method: 'geo.spherical-cap', earth_radius: '6371.0088 km' },
    });
  });

  it('a small box around Paris matches the closed form, rounded outward to 6 decimals', async () => {
    const r = await run(48.8566, 2.3522, 10);
    const c = closedForm(48.8566, 2.3522, 10); // d = 0.0899322°, Δlon = 0.136687°
    for (const [got, want, outward] of [
      [r.min_lat, c.minLat, -1],
      [r.max_lat, c.maxLat, 1],
      [r.min_lon, c.minLon, -1],
      [r.max_lon, c.maxLon, 1],
    ]) {
      near(got, want, 1e-6);
      expect(Math.sign(got - want) === outward || got === want).toBe(true);
    }
    expect(r).toMatchObject(outward(c));
    const full = await runTool(geoBoundingBox, { lat: 48.8566, lon: 2.3522, radius_km: 10 }, withFullProvenance());
    expect(explanationsOf(full.provenance)['geo.spherical-cap']).toContain('spherical approximation');
    expect([r.crosses_antimeridian, r.includes_pole]).toEqual([false, false]);
  });

  it("Matuschek's worked example: M = (1.3963, −0.6981) rad = (80°, −40°), 1000 km → r = 0.1570, Δlon = 1.1202 rad", () => {
    const { input, expected, tolerance } = MATUSCHEK_WORKED_EXAMPLE;
    const box = boundingCoordinates({ lat: input.lat_deg, lon: input.lon_deg }, input.distance_km);
    const { lat_rad: lat, lon_rad: lon, r_rad: r, delta_lon_rad: dLon } = expected;
    near((box.max_lon - input.lon_deg) * RAD, dLon, tolerance!);
    near(box.min_lat * RAD, lat - r, tolerance!);
    near(box.max_lat * RAD, lat + r, tolerance!);
    near(box.min_lon * RAD, lon - dLon, tolerance!);
    near(box.max_lon * RAD, lon + dLon, tolerance!);
    expect([box.includes_pole, box.crosses_antimeridian]).toEqual([false, false]);
  });

  it('on the equator Δlon = d: the box is square in degrees', async () => {
    const r = await run(0, 10, 500);
    const dDeg = 500 / MEAN_EARTH_RADIUS_KM / RAD;
    near(r.max_lat, dDeg, 1e-6);
    near(r.max_lon - 10, dDeg, 1e-6);
    expect(r.min_lat).toBe(-r.max_lat);
  });

  it('contains every point exactly radius_km away on the sphere, and touches the circle at its edges', async () => {
    for (const [lat, lon, radius] of [
      [48.8566, 2.3522, 10],
      [-16.8, 179.5, 200],
      [60, -150, 2500],
      [-35, 20, 4000],
    ]) {
      const box = await run(lat, lon, radius);
      let [south, north] = [90, -90];
      for (let bearing = 0; bearing < 360; bearing += 0.5) {
        const p = destination(lat, lon, bearing, radius);
        expect(inBox(box, p), `${JSON.stringify(p)} outside ${JSON.stringify(box)}`).toBe(true);
        [south, north] = [Math.min(south, p.lat), Math.max(north, p.lat)];
      }
      near(box.min_lat, south, 2e-6);
      near(box.max_lat, north, 2e-6);
    }
  });

  it('rejects radius_km ≤ 0 and > 20000 with the contract messages', () => {
    expect(inputErrors(geoBoundingBox, { lat: 0, lon: 0, radius_km: 0 })).toEqual([{ field: 'radius_km', message: 'must be > 0' }]);
    expect(inputErrors(geoBoundingBox, { lat: 0, lon: 0, radius_km: -5 })).toEqual([{ field: 'radius_km', message: 'must be > 0' }]);
    expect(inputErrors(geoBoundingBox, { lat: 0, lon: 0, radius_km: 20000.001 })).toEqual([{ field: 'radius_km', message: 'must be ≤ 20000' }]);
    expect(inputErrors(geoBoundingBox, { lat: 0, lon: 0 })).toEqual([{ field: 'radius_km', message: 'is required' }]);
    expect(inputErrors(geoBoundingBox, { lat: 95, lon: 0, radius_km: 1 })).toEqual([{ field: 'lat', message: 'must be ≤ 90' }]);
    expect(inputErrors(geoBoundingBox, { lat: 0, lon: 0, radius_km: 20000 })).toEqual([]);
  });
});

describe('edge cases', () => {
  it('near the antimeridian (Fiji, lon 179.5, 200 km): wraps, crosses_antimeridian, min_lon > max_lon', async () => {
    const r = await run(-16.8, 179.5, 200);
    const c = closedForm(-16.8, 179.5, 200);
    expect(r.crosses_antimeridian).toBe(true);
    expect(r.min_lon).toBeGreaterThan(r.max_lon);
    near(r.min_lon, c.minLon, 1e-6);
    near(r.max_lon, c.maxLon - 360, 1e-6);
    expect(r.includes_pole).toBe(false);
  });

  it('the antimeridian on the west side (lon −179.8) wraps the minimum instead', async () => {
    const r = await run(10, -179.8, 100);
    expect(r.crosses_antimeridian).toBe(true);
    near(r.min_lon, closedForm(10, -179.8, 100).minLon + 360, 1e-6);
    expect(r.max_lon).toBeLessThan(0);
  });

  it('a centre on the antimeridian itself (lon 180 or −180) always crosses', async () => {
    for (const lon of [180, -180]) {
      const r = await run(0, lon, 1);
      expect(r.crosses_antimeridian).toBe(true);
      expect(r.min_lon).toBeGreaterThan(179.99);
      expect(r.max_lon).toBeLessThan(-179.99);
    }
  });

  it('near the pole (lat 89.5, 100 km): includes_pole, max_lat 90, all longitudes, not split', async () => {
    const r = await run(89.5, 0, 100);
    expect(r).toMatchObject({ max_lat: 90, min_lon: -180, max_lon: 180, includes_pole: true, crosses_antimeridian: false });
    near(r.min_lat, 89.5 - 100 / MEAN_EARTH_RADIUS_KM / RAD, 1e-6); // 88.600679
  });

  it('the south pole region: lat −89.9, 50 km', async () => {
    const r = await run(-89.9, 45, 50);
    expect(r).toMatchObject({ min_lat: -90, min_lon: -180, max_lon: 180, includes_pole: true });
    near(r.max_lat, -89.9 + 50 / MEAN_EARTH_RADIUS_KM / RAD, 1e-6);
  });

  it('a centre exactly at a pole: a cap around the pole', async () => {
    const north = await run(90, 0, 1);
    expect(north).toMatchObject({ max_lat: 90, min_lon: -180, max_lon: 180, includes_pole: true });
    near(north.min_lat, 90 - 1 / MEAN_EARTH_RADIUS_KM / RAD, 1e-6);
    const south = await run(-90, 123, 1);
    expect(south).toMatchObject({ min_lat: -90, min_lon: -180, max_lon: 180, includes_pole: true });
  });

  it('a circle that just misses the pole is not treated as containing it', async () => {
    const r = await run(88, 0, 100); // 88 + 0.8993° < 90
    expect(r.includes_pole).toBe(false);
    expect(r.max_lat).toBeLessThan(90);
    expect(r.max_lon - r.min_lon).toBeLessThan(360);
  });

  it('r = 20000 km (the largest accepted) from the equator or mid-latitudes: the whole globe', async () => {
    for (const lat of [0, 45, -60]) {
      expect(await run(lat, 100, 20000)).toMatchObject({
        min_lat: -90,
        min_lon: -180,
        max_lat: 90,
        max_lon: 180,
        includes_pole: true,
        crosses_antimeridian: false,
      });
    }
  });

  it('radius of half the circumference (πR = 20015.09 km) or more: the whole globe (pure function, beyond the input limit)', () => {
    for (const radius of [Math.PI * MEAN_EARTH_RADIUS_KM, 30000, 40030]) {
      expect(boundingCoordinates({ lat: 12, lon: 34 }, radius)).toEqual({
        min_lat: -90,
        min_lon: -180,
        max_lat: 90,
        max_lon: 180,
        crosses_antimeridian: false,
        includes_pole: true,
      });
    }
  });

  it('a tiny radius rounds outward and never collapses the box to a point', () => {
    const r = boundingBoxAround({ lat: 0, lon: 0 }, 0.0001); // 10 cm
    expect(r.min_lat).toBeLessThan(0);
    expect(r.max_lat).toBeGreaterThan(0);
    expect(r.min_lon).toBeLessThan(0);
    expect(r.max_lon).toBeGreaterThan(0);
  });
});
