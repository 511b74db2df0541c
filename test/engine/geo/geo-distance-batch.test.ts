import { GEODSOLVE0, type GeodesicPair, JFK_SIN_DECIMAL } from '../../fixtures/reference/geo.ts';
import { describe, expect, it } from 'vitest';
import { geoDistance } from '../../../engine/geo/geo-distance.ts';
import { geoDistanceBatch } from '../../../engine/geo/geo-distance-batch.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

type P = { lat: number; lon: number };
const JFK = { lat: 40.639722, lon: -73.778889 };
const SIN = { lat: 1.359167, lon: 103.989444 };
const PARIS = { lat: 48.8566, lon: 2.3522 };
const LONDON = { lat: 51.5074, lon: -0.1278 };

const round = (x: number, decimals: number) => Number(x.toFixed(decimals));
const pairOf = (p: GeodesicPair) => ({ from: { lat: p.lat1, lon: p.lon1 }, to: { lat: p.lat2, lon: p.lon2 } });

/** What geo_distance answers for one pair, without its provenance. */
async function single(from: P, to: P) {
  const { provenance: _own, ...fields } = await runTool(geoDistance, { from_lat: from.lat, from_lon: from.lon, to_lat: to.lat, to_lon: to.lon });
  return fields;
}

describe('geo_distance_batch', () => {
  it('answers the JSDoc @example and the declared example', async () => {
    expect(geoDistanceBatch.examples[0].input).toEqual({ pairs: [pairOf(JFK_SIN_DECIMAL.input), pairOf(GEODSOLVE0.input)] });
    const r = await runTool(geoDistanceBatch, geoDistanceBatch.examples[0].input);
    expect(r.count).toBe(2);
    // GeodSolve 2.1.2's answer for the first pair, rounded as the tool rounds; miles and nautical miles by definition.
    const { s12_m, azi1_deg, azi2_deg } = JFK_SIN_DECIMAL.expected as Required<typeof JFK_SIN_DECIMAL.expected>;
    expect(r.results[0]).toEqual({
      kilometers: round(s12_m / 1000, 6),
      miles: round(s12_m / 1609.344, 6),
      meters: round(s12_m, 3),
      nautical_miles: round(s12_m / 1852, 6),
      initial_bearing_deg: round(azi1_deg, 6),
      final_bearing_deg: round(azi2_deg, 6),
      compass_direction: 'N',
    });
    // GeodSolve0 (geographiclib-js test): JFK (40.6, -73.8) → CDG (49.01666667, 2.55) is 5853226 m at 53.47022°.
    expect(r.results[1].meters).toBeCloseTo(GEODSOLVE0.expected.s12_m!, 0);
    expect(r.results[1].initial_bearing_deg).toBeCloseTo(GEODSOLVE0.expected.azi1_deg!, 5);
    expect(r.results[1].compass_direction).toBe('NE');
  });

  it('each result equals geo_distance for that pair, in input order, provenance stated once', async () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const point = () => ({ lat: Math.round((random() * 180 - 90) * 1e4) / 1e4, lon: Math.round((random() * 360 - 180) * 1e4) / 1e4 });
    const pairs = [
      { from: JFK, to: SIN },
      { from: PARIS, to: PARIS },
      { from: { lat: 90, lon: 0 }, to: { lat: -90, lon: 0 } },
      { from: { lat: -16.5, lon: 179.9 }, to: { lat: -16.5, lon: -179.9 } },
      { from: { lat: 0, lon: 0 }, to: { lat: 0, lon: 180 } },
      ...Array.from({ length: 45 }, () => ({ from: point(), to: point() })),
    ];
    const r = await runTool(geoDistanceBatch, { pairs });
    expect(r.count).toBe(50);
    expect(r.results).toEqual(await Promise.all(pairs.map((p) => single(p.from, p.to))));
    expect(r.results.every((x) => !('provenance' in x))).toBe(true);
    const { provenance } = await runTool(geoDistance, geoDistance.examples[0].input);
    expect(r.provenance).toEqual(provenance);
    const full = (await runTool(geoDistanceBatch, { pairs }, withFullProvenance())).provenance;
    expect(explanationsOf(full).batch).toMatch(/as geo_distance does.*applies to every result/);
  });

  it('accepts 1 and exactly 100 pairs', async () => {
    expect((await runTool(geoDistanceBatch, { pairs: [{ from: PARIS, to: LONDON }] })).results).toEqual([await single(PARIS, LONDON)]);
    const pairs = Array.from({ length: 100 }, (_, i) => ({ from: { lat: 0, lon: 0 }, to: { lat: 0, lon: i } }));
    const r = await runTool(geoDistanceBatch, { pairs });
    expect(r.count).toBe(100);
    const km = r.results.map((x) => x.kilometers);
    expect(km[0]).toBe(0);
    expect(km.every((k, i) => i === 0 || k > km[i - 1])).toBe(true); // input order kept
  });
});

describe('edge cases', () => {
  it('refuses 0 and 101 pairs, and a missing list', () => {
    expect(inputErrors(geoDistanceBatch, { pairs: [] })).toEqual([{ field: 'pairs', message: 'must have at least 1 pair' }]);
    const many = Array.from({ length: 101 }, () => ({ from: PARIS, to: LONDON }));
    expect(inputErrors(geoDistanceBatch, { pairs: many })).toEqual([{ field: 'pairs', message: 'must have at most 100 pairs' }]);
    expect(inputErrors(geoDistanceBatch, {})).toEqual([{ field: 'pairs', message: 'is required' }]);
  });

  it('names a bad item by its JSON path', () => {
    const pairs: unknown[] = Array.from({ length: 9 }, () => ({ from: PARIS, to: LONDON }));
    pairs[7] = { from: PARIS, to: { lat: 95, lon: 0 } };
    expect(inputErrors(geoDistanceBatch, { pairs })).toEqual([{ field: 'pairs[7].to.lat', message: 'must be ≤ 90' }]);
    expect(inputErrors(geoDistanceBatch, { pairs: [{ from: { lat: 'x', lon: 0 }, to: LONDON }] })).toEqual([
      { field: 'pairs[0].from.lat', message: 'must be a number' },
    ]);
    expect(inputErrors(geoDistanceBatch, { pairs: [{ from: PARIS }] })).toEqual([{ field: 'pairs[0].to', message: 'is required' }]);
    expect(inputErrors(geoDistanceBatch, { pairs: [{ from: PARIS, to: { lat: 0, lng: 0 } }] }).map((e) => e.field)).toEqual([
      'pairs[0].to.lon',
      'pairs[0].to.lng',
    ]);
  });

  it('coincident points, the antimeridian and the poles inside one batch', async () => {
    const r = await runTool(geoDistanceBatch, {
      pairs: [
        { from: PARIS, to: PARIS },
        { from: { lat: 0, lon: 180 }, to: { lat: 0, lon: -180 } },
        { from: { lat: -16.5, lon: 179.9 }, to: { lat: -16.5, lon: -179.9 } },
        { from: { lat: 90, lon: 0 }, to: { lat: 90, lon: 120 } },
      ],
    });
    expect(r.results[0]).toMatchObject({ meters: 0, initial_bearing_deg: 0, compass_direction: 'N' });
    expect(r.results[1].meters).toBe(0);
    expect(r.results[2].kilometers).toBeLessThan(22); // 0.2° of longitude at 16.5° S, not 359.8°
    expect(r.results[3].meters).toBe(0);
  });
});
