/**
 * The places index's sorted name table, kept out of memory: the 713,160 distinct normalized names (13.7
 * MB as UTF-16, their offsets 2.9 MB) are cut into blocks of {@link KEY_BLOCK} names, stored after the
 * records (engine/places/records.ts, the same section of the index file); only each block's first name
 * and where the block lies stay in memory (about 0.4 MB). A lookup is a binary search over the first
 * names, then one read of a block (about 1.3 KB, from the page cache) and a binary search in it: the
 * same order and the same answers as a search over the whole table (names compared by UTF-16 code unit).
 *
 * A block: its names' unit offsets (u16 each, one more than it holds names), then their UTF-16 units
 * (u16 each), little-endian.
 */
import type { PlaceNames } from './layout.ts';
import { yieldToEventLoop } from '../utility/loading.ts';

/** Names in a block. */
export const KEY_BLOCK = 64;

/**
 * Blocks read lately, per index, least recently used dropped first: a search reads the same block for
 * its exact name and its prefix's end, and popular names come again. At most {@link BLOCKS_KEPT}
 * blocks (about 0.7 MB), each in a buffer of its own (a pooled one would keep its 8 KB slab).
 */
const BLOCKS_KEPT = 512;
const kept = new WeakMap<PlaceNames, Map<number, Buffer>>();

/** The bytes of block b. */
function blockBytes(ix: PlaceNames, b: number): Buffer {
  let blocks = kept.get(ix);
  if (!blocks) kept.set(ix, (blocks = new Map()));
  let bytes = blocks.get(b);
  if (bytes) {
    blocks.delete(b);
  } else {
    const read = ix.records.read(ix.keyBlockAt[b], ix.keyBlockAt[b + 1] - ix.keyBlockAt[b]);
    bytes = Buffer.allocUnsafeSlow(read.length);
    read.copy(bytes);
    if (blocks.size >= BLOCKS_KEPT) blocks.delete(blocks.keys().next().value as number);
  }
  blocks.set(b, bytes);
  return bytes;
}

/** Compares units[at, at + len) (UTF-16, read by `unit`) with `q`: negative, 0, positive; `prefix` counts a name starting with q as equal. */
function compareWith(unit: (i: number) => number, at: number, len: number, q: string, prefix: boolean): number {
  const n = Math.min(len, q.length);
  for (let i = 0; i < n; i++) {
    const d = unit(at + i) - q.charCodeAt(i);
    if (d !== 0) return d;
  }
  if (prefix && len >= q.length) return 0;
  return len - q.length;
}

/** Compares the first name of block b with q. */
const compareFirst = (ix: PlaceNames, b: number, q: string, prefix: boolean) =>
  compareWith((i) => ix.blockKeys[i], ix.blockKeyAt[b], ix.blockKeyAt[b + 1] - ix.blockKeyAt[b], q, prefix);

/**
 * The first name (by number) for which `beyond(compare(name, q))` holds, `beyond` being false for a
 * leading run of names and true after it.
 */
function firstBeyond(ix: PlaceNames, q: string, prefix: boolean, beyond: (c: number) => boolean): number {
  const blocks = ix.blockKeyAt.length - 1;
  // The last block whose first name is not beyond: the answer is in it, or is the next block's first.
  let lo = 0;
  let hi = blocks;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (beyond(compareFirst(ix, mid, q, prefix))) hi = mid;
    else lo = mid + 1;
  }
  const b = lo - 1;
  if (b < 0) return 0;
  const bytes = blockBytes(ix, b);
  const count = Math.min(KEY_BLOCK, ix.keyCount - b * KEY_BLOCK);
  const units = 2 * (count + 1);
  const unit = (i: number) => bytes.readUInt16LE(units + 2 * i);
  const offset = (k: number) => bytes.readUInt16LE(2 * k);
  let l = 1; // the block's first name is not beyond
  let h = count;
  while (l < h) {
    const mid = (l + h) >>> 1;
    if (beyond(compareWith(unit, offset(mid), offset(mid + 1) - offset(mid), q, prefix))) h = mid;
    else l = mid + 1;
  }
  return b * KEY_BLOCK + l;
}

/** Whether name k is q (k from {@link firstBeyond}: a block's first name or one in the block read). */
function isName(ix: PlaceNames, k: number, q: string): boolean {
  if (k >= ix.keyCount) return false;
  const b = Math.floor(k / KEY_BLOCK);
  if (k % KEY_BLOCK === 0) return compareFirst(ix, b, q, false) === 0;
  const bytes = blockBytes(ix, b);
  const count = Math.min(KEY_BLOCK, ix.keyCount - b * KEY_BLOCK);
  const i = k % KEY_BLOCK;
  const from = bytes.readUInt16LE(2 * i);
  return compareWith((u) => bytes.readUInt16LE(2 * (count + 1) + 2 * u), from, bytes.readUInt16LE(2 * i + 2) - from, q, false) === 0;
}

/** Name range [from, to) of the names q is a proper prefix of, and the name equal to q (-1 when none). */
export function keyRange(ix: PlaceNames, q: string): { exact: number; from: number; to: number } {
  const first = firstBeyond(ix, q, false, (c) => c >= 0);
  const exact = isName(ix, first, q) ? first : -1;
  const to = firstBeyond(ix, q, true, (c) => c > 0);
  return { exact, from: exact >= 0 ? first + 1 : first, to };
}

/**
 * The blocks of a sorted name table (`keys` packed, name k at keys[keyAt[k] .. keyAt[k + 1])): their
 * bytes, where each lies in them (`keyBlockAt`, blocks + 1 offsets, from `at` on), and each block's
 * first name packed the same way (`blockKeys`, `blockKeyAt`); with a yield to the event loop every 256 blocks.
 */
export async function packKeyBlocks(
  keys: Uint16Array,
  keyAt: Uint32Array,
  at: number,
): Promise<{ bytes: Buffer; keyBlockAt: Uint32Array; blockKeys: Uint16Array; blockKeyAt: Uint32Array }> {
  const count = keyAt.length - 1;
  const blocks = Math.ceil(count / KEY_BLOCK);
  const keyBlockAt = new Uint32Array(blocks + 1);
  const blockKeyAt = new Uint32Array(blocks + 1);
  let firstUnits = 0;
  for (let b = 0; b < blocks; b++) firstUnits += keyAt[b * KEY_BLOCK + 1] - keyAt[b * KEY_BLOCK];
  const blockKeys = new Uint16Array(firstUnits);
  const parts: Buffer[] = [];
  let size = 0;
  for (let b = 0, u = 0; b < blocks; b++) {
    const k0 = b * KEY_BLOCK;
    const k1 = Math.min(count, k0 + KEY_BLOCK);
    blockKeyAt[b] = u;
    blockKeys.set(keys.subarray(keyAt[k0], keyAt[k0 + 1]), u);
    u += keyAt[k0 + 1] - keyAt[k0];
    blockKeyAt[b + 1] = u;
    const units = keyAt[k1] - keyAt[k0];
    if (units > 0xffff) throw new Error(`names ${k0}..${k1} hold ${units} UTF-16 units, more than a block's 16-bit offsets reach`);
    const block = Buffer.alloc(2 * (k1 - k0 + 1) + 2 * units);
    for (let k = k0; k <= k1; k++) block.writeUInt16LE(keyAt[k] - keyAt[k0], 2 * (k - k0));
    const from = 2 * (k1 - k0 + 1);
    for (let i = 0; i < units; i++) block.writeUInt16LE(keys[keyAt[k0] + i], from + 2 * i);
    keyBlockAt[b] = at + size;
    parts.push(block);
    size += block.length;
    if (b % 256 === 255) await yieldToEventLoop();
  }
  keyBlockAt[blocks] = at + size;
  return { bytes: Buffer.concat(parts, size), keyBlockAt, blockKeys, blockKeyAt };
}
