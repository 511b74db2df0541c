/**
 * geo-tz 8.1.9's `find` from `geo-tz/all`, over the same data files, with compact tiles in a
 * byte-bounded cache ({@link ./boundary-tiles.ts}). Every step follows geo-tz's `findUsingDataset`
 * (node_modules/geo-tz/src/find.ts) so the answers, and their order, are the same: input checks, the
 * North Pole, the clamps at ±89.9999 / ±179.9999, the quadtree walk, index leaves, tile leaves and
 * the 15° ocean bands. The test suite compares the two on hundreds of thousands of points.
 * Over 300 lines: one data structure and its walk, step for step beside geo-tz's; split, the steps
 * would no longer read in geo-tz's order.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { compactTile, tileZonesAt, TileLru, type GeoTile } from './boundary-tiles.ts';

const require = createRequire(import.meta.url);
// geobuf and pbf ship no types; these are the only calls made.
const geobuf = require('geobuf') as { decode(pbf: unknown): GeoTile };
const Pbf = require('pbf') as new (buf: Uint8Array) => unknown;

/** geo-tz's data folder: the index always comes from here, as geo-tz `require`s it. */
const PACKAGE_DATA = join(dirname(require.resolve('geo-tz/all')), '..', 'data');

/** geo-tz's ocean zones, east to west: 15° bands whose shared edges belong to both neighbours. */
export const OCEAN_ZONES: readonly { tzid: string; left: number; right: number }[] = [
  { tzid: 'Etc/GMT-12', left: 172.5, right: 180 },
  ...Array.from({ length: 23 }, (_, i) => {
    const n = 11 - i; // Etc/GMT-11 (157.5..172.5) down to Etc/GMT+11 (-172.5..-157.5)
    return { tzid: n === 0 ? 'Etc/GMT' : `Etc/GMT${n > 0 ? '-' : '+'}${Math.abs(n)}`, left: 15 * n - 7.5, right: 15 * n + 7.5 };
  }),
  { tzid: 'Etc/GMT+12', left: -180, right: -172.5 },
];

/** geo-tz's `getTimezoneAtSea`. */
export function zonesAtSea(lon: number): string[] {
  if (lon === -180 || lon === 180) return ['Etc/GMT+12', 'Etc/GMT-12'];
  const out: string[] = [];
  for (const zone of OCEAN_ZONES) {
    if (zone.left <= lon && zone.right >= lon) out.push(zone.tzid);
    else if (zone.right < lon) break;
  }
  return out;
}

/** A quadtree node of the index: children a..d, a leaf of zone indices, or a tile's byte range. */
type IndexNode = { a?: IndexNode; b?: IndexNode; c?: IndexNode; d?: IndexNode; pos?: number; len?: number } | number[];
interface Index {
  timezones: string[];
  lookup: IndexNode;
}

/** Node kinds of {@link FlatIndex}. */
const INNER = 1,
  TILE = 2,
  ZONES = 3,
  BAD = 4;

/**
 * geo-tz's quadtree index laid out flat, built once from the JSON (at the first lookup): node 0 is the root; a node's four children (a, b, c, d) are at `child[4n..4n+3]`, -1 where
 * the JSON has none (the sea). Flat typed arrays, because walking geo-tz's nested JSON objects cost more
 * than the point-in-polygon test itself.
 */
interface FlatIndex {
  kind: Uint8Array;
  child: Int32Array;
  /** For TILE: byte offset and length in the data file; for ZONES: index into `lists`. */
  a: Float64Array;
  b: Float64Array;
  /** The zone lists of ZONES leaves, frozen: answers share them. */
  lists: (readonly string[])[];
  /** The walk's first {@link GRID_LEVELS} levels, done in advance: see {@link gridOf}. */
  grid: Int32Array;
  /** Cell edges of the grid, south to north and west to east: the walk's own midpoints. */
  latEdges: Float64Array;
  lonEdges: Float64Array;
}

/** The root box of geo-tz's walk (its clamps). */
const TOP = 89.9999,
  BOTTOM = -89.9999,
  LEFT = -179.9999,
  RIGHT = 179.9999;

/**
 * Levels of the walk looked up in a grid instead: 2^8 × 2^8 cells (256 KiB). The bench's land points
 * end their walk at depth 5 to 9 (7.5 on average), each level a dependent read of the index that
 * mostly misses the CPU caches while an HTTP server runs around it; with the grid a lookup starts at
 * depth 8, or is already at its leaf: fewer cache misses per lookup, for a few milliseconds of grid
 * building at the first lookup.
 */
const GRID_LEVELS = 8;
const GRID = 1 << GRID_LEVELS;

/**
 * The 2^levels + 1 edges the walk's midpoints make between `low` and `high` after `levels` halvings,
 * computed with the walk's own arithmetic (`(top + bottom) / 2`), so they are the very values it compares with.
 */
function edgesOf(low: number, high: number, levels: number): Float64Array {
  const out = new Float64Array((1 << levels) + 1);
  const fill = (lo: number, hi: number, level: number, at: number): void => {
    if (level === levels) {
      out[at] = lo;
      return;
    }
    const mid = (hi + lo) / 2;
    fill(lo, mid, level + 1, at);
    fill(mid, hi, level + 1, at + (1 << (levels - level - 1)));
  };
  fill(low, high, 0, 0);
  out[1 << levels] = high;
  return out;
}

/** The grid cell of a (clamped) coordinate: the largest i with `edges[i] <= v`, as the walk's `v >= mid` decides. */
function cellOf(edges: Float64Array, v: number): number {
  const low = edges[0],
    cells = edges.length - 1;
  let i = Math.floor(((v - low) / (edges[cells] - low)) * cells);
  if (i < 0) i = 0;
  else if (i > cells - 1) i = cells - 1;
  while (i > 0 && v < edges[i]) i--;
  while (i < cells - 1 && v >= edges[i + 1]) i++;
  return i;
}

/**
 * For every grid cell, the node the walk reaches after {@link GRID_LEVELS} levels, or the leaf where
 * it stops before: -1 for the sea, -2 - i for the zone list `lists[i]` (four in five of the bench's
 * land points end there, and their lookup is one read of the grid), else the node. Every point of a
 * cell takes the same first steps: the lat and lon decisions of a level depend only on which side of
 * that level's midpoints the point lies, and the cell's edges are those midpoints. So the cell's
 * south-west corner, walked, stands for it. Zone lists come straight from the grid, frozen and shared
 * rather than copied: no allocation on the common path.
 */
function gridOf(kind: Uint8Array, child: Int32Array, a: Float64Array, latEdges: Float64Array, lonEdges: Float64Array): Int32Array {
  const grid = new Int32Array(GRID * GRID);
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      const lat = latEdges[i],
        lon = lonEdges[j];
      let top = TOP,
        bottom = BOTTOM,
        left = LEFT,
        right = RIGHT,
        midLat = 0,
        midLon = 0;
      let n = 0;
      for (let level = 0; level < GRID_LEVELS; level++) {
        let q: number;
        if (lat >= midLat && lon >= midLon) {
          q = 0;
          bottom = midLat;
          left = midLon;
        } else if (lat >= midLat) {
          q = 1;
          bottom = midLat;
          right = midLon;
        } else if (lon < midLon) {
          q = 2;
          top = midLat;
          right = midLon;
        } else {
          q = 3;
          top = midLat;
          left = midLon;
        }
        n = child[4 * n + q];
        if (n < 0 || kind[n] !== INNER) break;
        midLat = (top + bottom) / 2;
        midLon = (left + right) / 2;
      }
      grid[i * GRID + j] = n >= 0 && kind[n] === ZONES ? -2 - a[n] : n;
    }
  }
  return grid;
}

/** Lays the JSON quadtree out flat, keeping every case of geo-tz's walk (see {@link ZoneFinder.find}). */
function flattenIndex(index: Index): FlatIndex {
  type Node = IndexNode | undefined;
  const nodes: Node[] = [index.lookup];
  // Numbering first (depth-first), then the arrays.
  const kinds: number[] = [INNER];
  const children: number[] = [];
  const kindOf = (node: Node): number => {
    if (typeof node !== 'object') return BAD;
    if (!Array.isArray(node) && node!.pos! >= 0 && node!.len) return TILE;
    if ((node as number[]).length > 0) return ZONES;
    return INNER;
  };
  for (let n = 0; n < nodes.length; n++) {
    const node = nodes[n];
    for (const key of ['a', 'b', 'c', 'd'] as const) {
      const c = kinds[n] === INNER ? (node as Record<string, Node>)[key] : undefined;
      if (!c) {
        children.push(-1);
        continue;
      }
      children.push(nodes.length);
      nodes.push(c);
      kinds.push(kindOf(c));
    }
  }
  const kind = Uint8Array.from(kinds),
    child = Int32Array.from(children);
  const a = new Float64Array(nodes.length),
    b = new Float64Array(nodes.length),
    lists: (readonly string[])[] = [];
  for (let n = 0; n < nodes.length; n++) {
    const node = nodes[n] as { pos?: number; len?: number } & number[];
    if (kinds[n] === TILE) {
      a[n] = node.pos!;
      b[n] = node.len!;
    } else if (kinds[n] === ZONES) {
      a[n] = lists.length;
      lists.push(Object.freeze(node.map((i) => index.timezones[i])));
    }
  }
  const latEdges = edgesOf(BOTTOM, TOP, GRID_LEVELS),
    lonEdges = edgesOf(LEFT, RIGHT, GRID_LEVELS);
  return { kind, child, a, b, lists, grid: gridOf(kind, child, a, latEdges, lonEdges), latEdges, lonEdges };
}

export interface ZoneFinderOptions {
  /** Most bytes of compact rings kept in memory. */
  budgetBytes: number;
  /** Folder of `timezones.geojson.geo.dat`; defaults as geo-tz does (`GEO_TZ_DATA_PATH`, else its own). */
  dataPath?: string;
}

export class ZoneFinder {
  readonly tiles: TileLru;
  private readonly datFile: string;
  private flat: FlatIndex | undefined;
  private fd = -1;
  private buffer = Buffer.alloc(0);
  /** Tiles decoded since construction (misses). */
  decoded = 0;

  constructor(options: ZoneFinderOptions) {
    this.tiles = new TileLru(options.budgetBytes);
    const dataPath = options.dataPath ?? (process.env.GEO_TZ_DATA_PATH || PACKAGE_DATA);
    this.datFile = join(dataPath, 'timezones.geojson.geo.dat');
  }

  /**
   * Every zone at the coordinate, in geo-tz's order (see the module comment). The list may be shared
   * between answers, so it is frozen when it is.
   */
  find(lat: number, lon: number): readonly string[] {
    const originalLon = lon;
    if (Number.isNaN(lat) || lat > 90 || lat < -90) throw new Error('Invalid latitude: ' + lat);
    if (Number.isNaN(lon) || lon > 180 || lon < -180) throw new Error('Invalid longitude: ' + lon);
    if (lat === 90) return OCEAN_ZONES.map((z) => z.tzid);
    if (lat >= 89.9999) lat = 89.9999;
    else if (lat <= -89.9999) lat = -89.9999;
    if (lon >= 179.9999) lon = 179.9999;
    else if (lon <= -179.9999) lon = -179.9999;

    const flat = this.flatIndex();
    // The first GRID_LEVELS levels of the walk come from the grid: the node there, in its cell's box.
    const i = cellOf(flat.latEdges, lat),
      j = cellOf(flat.lonEdges, lon);
    let n = flat.grid[i * GRID + j];
    if (n <= -2) return flat.lists[-2 - n];
    let bottom = flat.latEdges[i],
      top = flat.latEdges[i + 1],
      left = flat.lonEdges[j],
      right = flat.lonEdges[j + 1];
    for (;;) {
      if (n < 0) return zonesAtSea(originalLon);
      const kind = flat.kind[n];
      if (kind === TILE) {
        const found = tileZonesAt(this.tile(flat.a[n], flat.b[n]), lon, lat);
        return found.length > 0 ? found : zonesAtSea(originalLon);
      }
      if (kind === ZONES) return flat.lists[flat.a[n]];
      if (kind === BAD) throw new Error('Unexpected data type');
      const midLat = (top + bottom) / 2,
        midLon = (left + right) / 2;
      let q: number;
      if (lat >= midLat && lon >= midLon) {
        q = 0;
        bottom = midLat;
        left = midLon;
      } else if (lat >= midLat) {
        q = 1;
        bottom = midLat;
        right = midLon;
      } else if (lon < midLon) {
        q = 2;
        top = midLat;
        right = midLon;
      } else {
        q = 3;
        top = midLat;
        left = midLon;
      }
      n = flat.child[4 * n + q];
    }
  }

  /** Closes the data file (it is reopened on the next miss). */
  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }

  /** The index, read and laid out flat on the first lookup (the JSON is dropped). */
  private flatIndex(): FlatIndex {
    return (this.flat ??= flattenIndex(JSON.parse(readFileSync(join(PACKAGE_DATA, 'timezones.geojson.index.json'), 'utf8')) as Index));
  }

  private tile(pos: number, len: number) {
    let tile = this.tiles.get(pos);
    if (tile === undefined) {
      if (this.fd < 0) this.fd = openSync(this.datFile, 'r');
      if (this.buffer.length < len) this.buffer = Buffer.alloc(Math.max(len, 2 * this.buffer.length));
      const bytes = this.buffer.subarray(0, len);
      const read = readSync(this.fd, bytes, 0, len, pos);
      if (read < len) throw new Error(`tried to read ${len} bytes from geo.dat but only got ${read} bytes`);
      tile = compactTile(geobuf.decode(new Pbf(bytes)));
      this.decoded++;
      this.tiles.set(pos, tile);
    }
    return tile;
  }
}
