/**
 * Compact time-zone boundary tiles and their point-in-polygon test.
 *
 * geo-tz decodes each boundary tile to GeoJSON (an array per vertex: ~130 bytes a vertex on the heap)
 * and tests points with turf's `booleanPointInPolygon`, which walks every vertex of every feature.
 * Here a decoded tile is converted once to flat `Float64Array` rings (16 bytes a vertex) with a
 * bounding box per polygon, and the GeoJSON is dropped. The test reproduces turf 7 / point-in-polygon-hao
 * bit for bit, so answers equal geo-tz's:
 * - a point on an edge or a vertex of any ring of a polygon (holes included) is inside it;
 * - otherwise the crossings of all the polygon's rings are counted together, inside when odd;
 * - crossings use the same rounded differences (vertex − point) and an exact sign of their cross
 *   product, as hao's `orient2d` from robust-predicates does (an error-bounded fast path, exact
 *   rational arithmetic when the fast path cannot decide).
 * A bounding-box rejection changes nothing: a ring whose vertices all lie on one side of the point
 * is crossed an even number of times and has no edge through the point.
 */

/**
 * One polygon: its bounding box (over all rings), its rings as x0, y0, x1, y1, ... (closed, as
 * GeoJSON), and per ring the latitude span (min, max) of each run of {@link RUN} edges, so a long
 * coastline is walked only where it comes near the point's latitude: a few per cent more bytes for
 * several times faster slow lookups (rings of thousands of vertices).
 */
export interface CompactPolygon {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  rings: Float64Array[];
  spans: Float64Array[];
}

/** Edges per run in {@link CompactPolygon.spans}. */
export const RUN = 32;

export interface CompactFeature {
  tzid: string;
  polygons: CompactPolygon[];
}

export interface CompactTile {
  features: CompactFeature[];
  /** Total byte length of the tile's rings (what the tile cache budgets). */
  bytes: number;
}

type Position = number[];
interface GeoFeature {
  properties: { tzid: string };
  geometry: { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
}
/** The GeoJSON FeatureCollection that `geobuf.decode` returns for a geo-tz tile. */
export interface GeoTile {
  features: GeoFeature[];
}

/** Converts a decoded tile; the GeoJSON can be dropped afterwards. */
export function compactTile(tile: GeoTile): CompactTile {
  let bytes = 0;
  const features = tile.features.map((feature): CompactFeature => {
    const { geometry } = feature;
    // turf treats every geometry that is not a Polygon as a list of polygons.
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return {
      tzid: feature.properties.tzid,
      polygons: polygons.map((rings): CompactPolygon => {
        let minX = Infinity,
          minY = Infinity,
          maxX = -Infinity,
          maxY = -Infinity;
        const flat = rings.map((ring) => {
          const out = new Float64Array(ring.length * 2);
          for (let i = 0; i < ring.length; i++) {
            const x = ring[i][0],
              y = ring[i][1];
            out[2 * i] = x;
            out[2 * i + 1] = y;
            if (x < minX) minX = x;
            if (x > maxX) maxX = x;
            if (y < minY) minY = y;
            if (y > maxY) maxY = y;
          }
          return out;
        });
        const spans = flat.map(runSpans);
        for (let i = 0; i < flat.length; i++) bytes += flat[i].byteLength + spans[i].byteLength;
        return { minX, minY, maxX, maxY, rings: flat, spans };
      }),
    };
  });
  return { features, bytes };
}

/** Min and max y of the vertices of each run of {@link RUN} edges (a run shares its last vertex). */
function runSpans(ring: Float64Array): Float64Array {
  const edges = ring.length / 2 - 1;
  const spans = new Float64Array(2 * Math.max(1, Math.ceil(edges / RUN)));
  for (let r = 0; r < spans.length / 2; r++) {
    let lo = Infinity,
      hi = -Infinity;
    const last = Math.min((r + 1) * RUN, edges);
    for (let v = r * RUN; v <= last; v++) {
      const y = ring[2 * v + 1];
      if (y < lo) lo = y;
      if (y > hi) hi = y;
    }
    spans[2 * r] = lo;
    spans[2 * r + 1] = hi;
  }
  return spans;
}

/** The tzid of every feature of the tile containing (x, y) = (lon, lat), in the tile's order. */
export function tileZonesAt(tile: CompactTile, x: number, y: number): string[] {
  const out: string[] = [];
  for (const feature of tile.features) {
    for (const polygon of feature.polygons) {
      if (polygonContains(polygon, x, y)) {
        out.push(feature.tzid);
        break;
      }
    }
  }
  return out;
}

const ON_EDGE = -1;

/** turf's `booleanPointInPolygon(point, polygon)` with its default (boundary counts as inside). */
export function polygonContains(polygon: CompactPolygon, x: number, y: number): boolean {
  if (x < polygon.minX || x > polygon.maxX || y < polygon.minY || y > polygon.maxY) return false;
  let crossings = 0;
  for (let r = 0; r < polygon.rings.length; r++) {
    const k = ringCrossings(polygon.rings[r], polygon.spans[r], x, y);
    if (k === ON_EDGE) return true;
    crossings += k;
  }
  return (crossings & 1) === 1;
}

/**
 * point-in-polygon-hao's loop over one ring: the number of crossings it counts, or {@link ON_EDGE}.
 * Edges entirely above or below the point (hao: both differences of the same strict sign) count
 * nothing and are skipped before any arithmetic, whole runs of them by their span; comparing
 * coordinates decides that exactly as hao's differences would (a rounded difference of two doubles
 * has the sign of the exact one and is zero only when they are equal).
 */
function ringCrossings(ring: Float64Array, spans: Float64Array, x: number, y: number): number {
  let k = 0;
  const end = ring.length - 2;
  for (let r = 0; r < spans.length; r += 2) {
    if (y < spans[r] || y > spans[r + 1]) continue;
    const stop = Math.min(end, (r / 2 + 1) * RUN * 2);
    for (let i = r * RUN; i < stop; i += 2) {
      const y1 = ring[i + 1],
        y2 = ring[i + 3];
      if ((y1 > y && y2 > y) || (y1 < y && y2 < y)) continue;
      const u1 = ring[i] - x,
        u2 = ring[i + 2] - x;
      const v1 = y1 - y,
        v2 = y2 - y;
      if (v1 === 0 && v2 === 0) {
        if ((u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0)) return ON_EDGE;
      } else {
        const f = orient(u1, u2, v1, v2);
        if (f === 0) return ON_EDGE;
        if ((f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0)) k++;
      }
    }
  }
  return k;
}

/** robust-predicates' ccwerrboundA: beyond it the rounded determinant has the exact one's sign. */
const ERR_BOUND = (3 + 16 * 2 ** -53) * 2 ** -53;

/**
 * The sign of u2·v1 − u1·v2, as robust-predicates' `orient2d(u1, u2, v1, v2, 0, 0)` (hao's call).
 * The exact fallback runs only for points within rounding error of an edge's line.
 */
export function orient(u1: number, u2: number, v1: number, v2: number): number {
  const left = u2 * v1,
    right = u1 * v2;
  const det = left - right;
  if (Math.abs(det) >= ERR_BOUND * Math.abs(left + right)) return Math.sign(det);
  const exact = scaled(u2) * scaled(v1) - scaled(u1) * scaled(v2);
  return exact > 0n ? 1 : exact < 0n ? -1 : 0;
}

const bits = new DataView(new ArrayBuffer(8));

/** x · 2^1074 as an exact integer (every finite double is a multiple of 2^-1074). */
function scaled(x: number): bigint {
  bits.setFloat64(0, x);
  const hi = bits.getUint32(0),
    lo = bits.getUint32(4);
  const exponent = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (exponent > 0) mantissa = (mantissa | (1n << 52n)) << BigInt(exponent - 1);
  return hi >>> 31 ? -mantissa : mantissa;
}

/**
 * Compact tiles, least recently used evicted first, bounded by the total byte length of their
 * rings rather than by their number (tiles range from a few bytes to ~1 MB).
 */
export class TileLru {
  private readonly tiles = new Map<number, CompactTile>();
  private total = 0;
  constructor(readonly budgetBytes: number) {}

  get(key: number): CompactTile | undefined {
    const tile = this.tiles.get(key);
    if (tile !== undefined) {
      this.tiles.delete(key); // re-insert: Map iteration order is recency order
      this.tiles.set(key, tile);
    }
    return tile;
  }

  /** Keeps the tile unless it alone exceeds the budget; evicts the oldest until the total fits. */
  set(key: number, tile: CompactTile): void {
    const old = this.tiles.get(key);
    if (old !== undefined) {
      this.tiles.delete(key);
      this.total -= old.bytes;
    }
    if (tile.bytes > this.budgetBytes) return;
    this.tiles.set(key, tile);
    this.total += tile.bytes;
    for (const [oldest, { bytes }] of this.tiles) {
      if (this.total <= this.budgetBytes) break;
      this.tiles.delete(oldest);
      this.total -= bytes;
    }
  }

  has(key: number): boolean {
    return this.tiles.has(key);
  }

  get size(): number {
    return this.tiles.size;
  }

  /** Total byte length of the rings held (never more than {@link budgetBytes}). */
  get bytes(): number {
    return this.total;
  }
}
