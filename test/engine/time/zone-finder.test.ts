import { openSync, readFileSync, readSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { find, setCache } from 'geo-tz/all';
import { describe, expect, it } from 'vitest';
import type { GeoTile } from '../../../engine/time/boundary-tiles.ts';
import { OCEAN_ZONES, ZoneFinder, zonesAtSea } from '../../../engine/time/zone-finder.ts';
import { findZones } from '../../../engine/time/zone-lookup.ts';
import { prng } from '../../helpers.ts';

// The oracle is geo-tz 8.1.9's own `find` from `geo-tz/all`; ours must return the same zones in the
// same order for every point. geo-tz keeps a bounded cache here (its default Map would hold ~1 GB).
const geoTzTiles = new Map<string, unknown>();
setCache({
  store: {
    get: (k: string) => geoTzTiles.get(k),
    set: (k: string, v: unknown) => {
      if (geoTzTiles.size >= 2000) geoTzTiles.clear();
      geoTzTiles.set(k, v);
    },
  },
});

const require = createRequire(import.meta.url);
const geobuf = require('geobuf') as { decode(pbf: unknown): GeoTile };
const Pbf = require('pbf') as new (buf: Uint8Array) => unknown;
const DATA = join(dirname(require.resolve('geo-tz/all')), '..', 'data');

const rnd = prng(20260);
const uniformLat = () => (Math.asin(2 * rnd() - 1) * 180) / Math.PI;
const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];

/** Every leaf of geo-tz's quadtree with the box geo-tz's walk computes for it (same arithmetic). */
interface Leaf {
  top: number;
  bottom: number;
  left: number;
  right: number;
  pos?: number;
  len?: number;
}
function leaves(): Leaf[] {
  const index = JSON.parse(readFileSync(join(DATA, 'timezones.geojson.index.json'), 'utf8'));
  const out: Leaf[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: geo-tz's index file, a tree of untyped JSON
  const walk = (node: any, top: number, bottom: number, left: number, right: number) => {
    if (Array.isArray(node) || (node.pos >= 0 && node.len)) return void out.push({ top, bottom, left, right, pos: node.pos, len: node.len });
    const midLat = (top + bottom) / 2,
      midLon = (left + right) / 2;
    if (node.a) walk(node.a, top, midLat, midLon, right);
    if (node.b) walk(node.b, top, midLat, left, midLon);
    if (node.c) walk(node.c, midLat, bottom, left, midLon);
    if (node.d) walk(node.d, midLat, bottom, midLon, right);
  };
  walk(index.lookup, 89.9999, -89.9999, -179.9999, 179.9999);
  return out;
}

/** [lat, lon] points of one tile near its boundary vertices: on them, on edges, on their latitude, jittered. */
function nearVertices(tile: GeoTile, count: number): [number, number][] {
  const rings = tile.features.flatMap((f) => (f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat()));
  const out: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const ring = pick(rings);
    const j = Math.floor(rnd() * (ring.length - 1));
    const [x, y] = ring[j],
      [x2, y2] = ring[j + 1];
    const scale = pick([1e-9, 1e-6, 1e-4, 1e-2]);
    const t = rnd();
    const candidates: [number, number][] = [
      [y, x], // on a vertex
      [(y + y2) / 2, (x + x2) / 2], // an edge's midpoint (on the edge or within rounding of it)
      [y + t * (y2 - y), x + t * (x2 - x)],
      [y, x + (rnd() - 0.5) * scale], // on a vertex's latitude: the ray passes through the vertex
      [y + (rnd() - 0.5) * scale, x + (rnd() - 0.5) * scale],
    ];
    const [lat, lon] = candidates[i % candidates.length];
    if (lat <= 90 && lat >= -90 && lon <= 180 && lon >= -180) out.push([lat, lon]);
  }
  return out;
}

function compare(points: [number, number][], ours: (lat: number, lon: number) => readonly string[]) {
  const mismatches: { lat: number; lon: number; geoTz: string[]; ours: readonly string[] }[] = [];
  for (const [lat, lon] of points) {
    const expected = find(lat, lon),
      actual = ours(lat, lon);
    if (expected.length !== actual.length || expected.some((z, i) => z !== actual[i])) mismatches.push({ lat, lon, geoTz: expected, ours: actual });
  }
  return mismatches;
}

describe('ZoneFinder agrees with geo-tz/all find', () => {
  const all = leaves();
  const tiles = all.filter((l) => l.len);

  it('has the index geo-tz walks', () => {
    expect(tiles.length).toBe(21_525);
  });

  it('on 100,000 points uniform on the sphere', { tags: ['sweep'], timeout: 120_000 }, () => {
    const points: [number, number][] = Array.from({ length: 100_000 }, () => [uniformLat(), rnd() * 360 - 180]);
    expect(compare(points, findZones).slice(0, 5)).toEqual([]);
  });

  it('on 100,000 points on and near boundary vertices and edges of 4,000 tiles', { tags: ['sweep'], timeout: 120_000 }, () => {
    const fd = openSync(join(DATA, 'timezones.geojson.geo.dat'), 'r');
    const points: [number, number][] = [];
    for (let i = 0; i < 4000; i++) {
      const leaf = pick(tiles);
      const bytes = Buffer.alloc(leaf.len!);
      readSync(fd, bytes, 0, leaf.len!, leaf.pos!);
      points.push(...nearVertices(geobuf.decode(new Pbf(bytes)), 25)); // consecutive: geo-tz's cache stays warm
    }
    closeSync(fd);
    expect(points.length).toBeGreaterThan(99_900); // a few jittered points fall outside ±180
    expect(compare(points, findZones).slice(0, 5)).toEqual([]);
  });

  it('on 40,000 points exactly on quadtree cell boundaries and corners', { tags: ['sweep'], timeout: 120_000 }, () => {
    const points: [number, number][] = [];
    for (let i = 0; i < 5000; i++) {
      const { top, bottom, left, right } = pick(all);
      const lat = bottom + rnd() * (top - bottom),
        lon = left + rnd() * (right - left);
      points.push([top, left], [bottom, right], [top, lon], [bottom, lon], [lat, left], [lat, right], [(top + bottom) / 2, (left + right) / 2], [bottom, left]);
    }
    expect(compare(points, findZones).slice(0, 5)).toEqual([]);
  });

  it("on 60,000 points on, and one double either side of, the edges of the walk's first eight levels", { tags: ['sweep'] }, () => {
    // The finder looks those levels up in a 256 × 256 grid: its cell edges are the walk's midpoints.
    const edges = (lo: number, hi: number, levels: number): number[] => {
      if (levels === 0) return [lo, hi];
      const mid = (hi + lo) / 2;
      return [...edges(lo, mid, levels - 1).slice(0, -1), ...edges(mid, hi, levels - 1)];
    };
    const lats = edges(-89.9999, 89.9999, 8),
      lons = edges(-179.9999, 179.9999, 8);
    expect([lats.length, lons.length]).toEqual([257, 257]);
    const bits = new Float64Array(1),
      ints = new BigInt64Array(bits.buffer);
    const step = (x: number, by: bigint) => {
      bits[0] = x;
      ints[0] += x > 0 || Object.is(x, 0) ? by : -by;
      return bits[0];
    };
    const near = (x: number) => [x, step(x, 1n), step(x, -1n)];
    const points: [number, number][] = [];
    for (let k = 0; k < 6700; k++) {
      const lat = pick(lats),
        lon = pick(lons);
      for (const a of near(lat)) for (const b of near(lon)) points.push([a, b]);
    }
    expect(
      compare(
        points.filter(([a, b]) => Math.abs(a) <= 90 && Math.abs(b) <= 180),
        findZones,
      ).slice(0, 5),
    ).toEqual([]);
  });

  it('at the poles, the clamps, and along the antimeridian and every ocean band edge', () => {
    const sweep = Array.from({ length: 721 }, (_, i) => -90 + i / 4);
    const lats = [...sweep, 89.99999, 89.9999, 89.99, -89.99999, -89.9999, -89.99, -0];
    const lons = [
      180,
      -180,
      179.99999,
      179.9999,
      -179.9999,
      -179.99999,
      179.9,
      -179.9,
      0,
      -0,
      7.5,
      -7.5,
      172.5,
      -172.5,
      ...OCEAN_ZONES.flatMap((z) => [z.left, z.right]),
    ];
    const points = lats.flatMap((lat) => lons.map((lon): [number, number] => [lat, lon]));
    expect(compare(points, findZones)).toEqual([]);
  });

  it('shares the zone list of an index leaf between answers, frozen, so no caller can change the index', () => {
    // Central Madrid lies in a leaf of geo-tz's index that lists Europe/Madrid only.
    const a = findZones(40.4168, -3.7038),
      b = findZones(40.4169, -3.7039);
    expect(a).toEqual(['Europe/Madrid']);
    expect(Object.isFrozen(a)).toBe(true);
    expect(() => (a as string[]).push('Etc/GMT')).toThrow(TypeError);
    expect(findZones(40.4168, -3.7038)).toEqual(['Europe/Madrid']);
    expect(b).toEqual(['Europe/Madrid']);
  });

  it('rejects what geo-tz rejects, with the same messages', () => {
    for (const [lat, lon] of [
      [NaN, 0],
      [90.0001, 0],
      [-91, 0],
      [0, NaN],
      [0, 180.0001],
      [0, -181],
    ]) {
      expect(() => findZones(lat, lon)).toThrow(new Error(String(errorOf(() => find(lat, lon)))));
    }
  });
});

const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
};

describe('zonesAtSea', () => {
  it('lists both neighbours on a band edge and both ±12 zones at ±180', () => {
    expect(zonesAtSea(7.5)).toEqual(['Etc/GMT-1', 'Etc/GMT']); // east to west, as geo-tz lists them
    expect(zonesAtSea(-180)).toEqual(['Etc/GMT+12', 'Etc/GMT-12']);
    expect(zonesAtSea(-140)).toEqual(['Etc/GMT+9']);
  });
});

describe('tile cache', () => {
  it('stays within its byte budget over many random worldwide lookups, and still agrees', () => {
    const budgetBytes = 4 * 1024 * 1024;
    const finder = new ZoneFinder({ budgetBytes });
    const points: [number, number][] = Array.from({ length: 20_000 }, () => [uniformLat(), rnd() * 360 - 180]);
    let peak = 0;
    const mismatches = compare(points, (lat, lon) => {
      const zones = finder.find(lat, lon);
      peak = Math.max(peak, finder.tiles.bytes);
      return zones;
    });
    expect(mismatches).toEqual([]);
    expect(peak).toBeLessThanOrEqual(budgetBytes);
    expect(finder.tiles.bytes).toBeGreaterThan(budgetBytes / 2);
    expect(finder.decoded).toBeGreaterThan(finder.tiles.size); // tiles were evicted and decoded again
    finder.close();
  }, 60_000);

  it('evicts the least recently used tile first', () => {
    const finder = new ZoneFinder({ budgetBytes: 1024 * 1024 });
    const decodes = (lat: number, lon: number) => {
      const before = finder.decoded;
      finder.find(lat, lon);
      return finder.decoded - before;
    };
    const baarle = [51.4436, 4.9297] as const,
      busingen = [47.6967, 8.6903] as const; // both in boundary tiles
    expect([decodes(...baarle), decodes(...busingen)]).toEqual([1, 1]);
    let churned = 0;
    while (churned < 2000) {
      expect(decodes(...baarle)).toBe(0); // kept recent, so never evicted
      churned += decodes(-60 + rnd() * 135, rnd() * 360 - 180);
    }
    expect(decodes(...busingen)).toBe(1); // the oldest: evicted long ago, decoded again
    finder.close();
  });
});
