import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { describe, expect, it } from 'vitest';
import { compactTile, orient, polygonContains, RUN, tileZonesAt, TileLru, type CompactTile, type GeoTile } from '../../../engine/time/boundary-tiles.ts';
import { prng } from '../../helpers.ts';

const tileOf = (polygons: number[][][][]): GeoTile => ({
  features: [{ properties: { tzid: 'Test/Zone' }, geometry: { type: 'MultiPolygon', coordinates: polygons } }],
});

const turfContains = (polygons: number[][][][], x: number, y: number) => booleanPointInPolygon([x, y], { type: 'MultiPolygon', coordinates: polygons });

// A 4×4 square with a 2×2 hole, offset so that differences round (0.1 is not a binary fraction).
const O = 10.1;
const outer = [
  [O, O],
  [O + 4, O],
  [O + 4, O + 4],
  [O, O + 4],
  [O, O],
];
const hole = [
  [O + 1, O + 1],
  [O + 1, O + 3],
  [O + 3, O + 3],
  [O + 3, O + 1],
  [O + 1, O + 1],
];
const square = compactTile(tileOf([[outer, hole]])).features[0].polygons[0];

describe('polygonContains', () => {
  it('inside the outer ring and not in a hole', () => {
    expect(polygonContains(square, O + 0.5, O + 0.5)).toBe(true);
    expect(polygonContains(square, O + 2, O + 2)).toBe(false); // in the hole
    expect(polygonContains(square, O - 0.5, O + 2)).toBe(false);
  });

  it('counts the boundary as inside, as turf does by default (holes included)', () => {
    expect(polygonContains(square, O, O)).toBe(true); // outer vertex
    expect(polygonContains(square, O + 4, O + 2)).toBe(true); // outer edge
    expect(polygonContains(square, O + 1, O + 2)).toBe(true); // hole edge
    expect(polygonContains(square, O + 3, O + 3)).toBe(true); // hole vertex
  });

  it('keeps every ring and the bounding box of all rings', () => {
    expect(square.rings.map((r) => r.length)).toEqual([10, 10]);
    expect([square.minX, square.minY, square.maxX, square.maxY]).toEqual([O, O, O + 4, O + 4]);
    expect(compactTile(tileOf([[outer, hole]])).bytes).toBe(2 * 10 * 8 + 2 * 2 * 8);
  });

  // Random self-intersecting rings on a coarse grid, holes anywhere (even outside the outer ring),
  // queried on grid points, half-grid points and random points: every vertex, edge, collinear and
  // horizontal-edge case hao distinguishes, with coordinates whose differences round.
  it('agrees with turf booleanPointInPolygon on random degenerate polygons', () => {
    const rnd = prng(2026);
    const grid = (n: number) => O + Math.floor(rnd() * n) * 0.1;
    let checked = 0;
    const mismatches: unknown[] = [];
    for (let shape = 0; shape < 400; shape++) {
      const ring = (n: number) => {
        const r = Array.from({ length: n }, () => [grid(8), grid(8)]);
        return [...r, r[0]];
      };
      const polygons = Array.from({ length: 1 + Math.floor(rnd() * 2) }, () =>
        Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ring(3 + Math.floor(rnd() * (shape % 5 === 0 ? 150 : 8)))),
      );
      const tile = compactTile(tileOf(polygons));
      const queries: [number, number][] = [];
      for (let i = 0; i < 60; i++) queries.push([grid(9), grid(9)], [grid(9) + 0.05, grid(9) + 0.05], [O + rnd() * 0.9, O + rnd() * 0.9]);
      for (const ring of polygons.flat())
        for (let i = 0; i + 1 < ring.length; i++) {
          queries.push([(ring[i][0] + ring[i + 1][0]) / 2, (ring[i][1] + ring[i + 1][1]) / 2]);
        }
      for (const [x, y] of queries) {
        checked++;
        const ours = tileZonesAt(tile, x, y).length === 1;
        if (ours !== turfContains(polygons, x, y)) mismatches.push({ polygons, x, y, ours });
      }
    }
    expect(checked).toBeGreaterThan(80_000);
    expect(mismatches.slice(0, 3)).toEqual([]);
  });

  it(`skips runs of ${RUN} edges away from the point's latitude without changing the answer`, () => {
    // A comb: one ring with hundreds of teeth, so most runs lie above or below any given latitude.
    const teeth: number[][] = [];
    for (let i = 0; i < 300; i++) teeth.push([O + i * 0.01, O], [O + i * 0.01 + 0.005, O + 1 + (i % 7) * 0.1]);
    const comb = [[O, O - 1], ...teeth, [O + 3, O - 1], [O, O - 1]];
    const polygon = compactTile(tileOf([[comb]])).features[0].polygons[0];
    expect(polygon.spans[0].length).toBe(2 * Math.ceil((comb.length - 1) / RUN));
    const rnd = prng(7);
    for (let i = 0; i < 20_000; i++) {
      const x = O - 0.1 + rnd() * 3.2,
        y = O - 1.1 + rnd() * 3;
      expect(polygonContains(polygon, x, y)).toBe(turfContains([[comb]], x, y));
    }
  });
});

describe('orient', () => {
  it('is the exact sign of u2·v1 − u1·v2, also where the rounded products tie', () => {
    expect(orient(1, 2, 3, 4)).toBe(1); // 2·3 − 1·4
    expect(orient(2, 1, 4, 3)).toBe(-1);
    expect(orient(0, 5, 0, 7)).toBe(0);
    // 0.1·0.3 and 0.3·0.1 round alike, but so do the exact products: a true zero.
    expect(orient(0.1, 0.3, 0.1, 0.3)).toBe(0);
    // Rounded products of (1 + 2^-52)·(1 − 2^-53) and 1·1 are both 1; the exact difference is 2^-53 − 2^-105.
    expect(orient(1, 1 + 2 ** -52, 1 - 2 ** -53, 1)).toBe(1);
    expect(orient(1 + 2 ** -52, 1, 1, 1 - 2 ** -53)).toBe(-1);
  });
});

describe('TileLru', () => {
  const tile = (bytes: number): CompactTile => ({ features: [], bytes });

  it('keeps the total bytes within the budget and evicts the least recently used', () => {
    const lru = new TileLru(100);
    lru.set(1, tile(40));
    lru.set(2, tile(40));
    expect(lru.get(1)?.bytes).toBe(40); // 1 is now the most recent
    lru.set(3, tile(40));
    expect(lru.has(2)).toBe(false);
    expect([lru.has(1), lru.has(3), lru.size, lru.bytes]).toEqual([true, true, 2, 80]);
    lru.set(4, tile(90)); // needs both others gone
    expect([lru.has(1), lru.has(3), lru.has(4), lru.bytes]).toEqual([false, false, true, 90]);
  });

  it('does not keep a tile larger than the whole budget, and replacing a key recounts it', () => {
    const lru = new TileLru(100);
    lru.set(1, tile(30));
    lru.set(2, tile(101));
    expect([lru.has(2), lru.bytes]).toEqual([false, 30]);
    lru.set(1, tile(50));
    expect([lru.size, lru.bytes]).toEqual([1, 50]);
  });
});
