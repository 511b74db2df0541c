/**
 * The places index's records: what an answer prints of a place and is never searched on, kept out of
 * memory. Each place's GeoNames id, elevation, name and ascii name, and each posting's matched name
 * (each distinct text once: Springfield is stored once for its dozens of places) and where each
 * posting's lies, packed at build from cities500.txt's bytes into one buffer, 20 MB. A fresh build holds
 * it in memory; the server reads it from the index file one record at a time as answers need them (one
 * read of a few dozen bytes, from the page cache, per place listed, two per matched name: recordsInFile
 * in engine/places/index-file.ts, as this module also loads in a page and imports no node: builtin), so
 * neither the 31 MB raw file nor these bytes stay in the process.
 *
 * A place record (place p at recordAt[p] .. recordAt[p + 1]): GeoNames id (u32), elevation in metres
 * (f32, NaN where GeoNames has none), the name's and the ascii name's byte lengths (u16 each), then both
 * names, UTF-8. A matched name: its byte length (u16), then the name. After the matched names, the
 * postings' table (at postingNameTable): where each posting's matched name lies (u32 each, little-endian),
 * read for the postings an answer prints (3 MB the server does not hold). All little-endian.
 */
import type { PlaceNames, PlaceRecords } from './layout.ts';
import { yieldToEventLoop } from '../utility/loading.ts';

/** No name is longer (cities500's longest is 418 bytes); a build refuses a longer one. */
export const NAME_BYTES_MAX = 1024;
const PLACE_HEAD = 12;
/** A matched name read in one piece when it is this long or shorter (bytes; nearly all are). */
const SHORT_NAME_BYTES = 62;

/** What answers print of a place (its record). */
export interface PlaceRecord {
  readonly geonamesId: number;
  readonly elevation: number;
  readonly name: string;
  readonly asciiName: string;
}

/**
 * The records of the places answers printed last, per index (a read from the file each otherwise): the
 * places people ask for again and again (capitals, big cities) are answered without a read. 4,096 of
 * them, ~0.6 MB at most.
 */
const RECENT_PLACES = 4096;
const recentByIndex = new WeakMap<PlaceRecords, Map<number, PlaceRecord>>();
const recentOf = (records: PlaceRecords): Map<number, PlaceRecord> => {
  let recent = recentByIndex.get(records);
  if (!recent) recentByIndex.set(records, (recent = new Map()));
  return recent;
};
/** Offsets packed between two yields to the event loop. */
const SLICE = 1 << 14;

/** Records held in memory (a fresh build). */
export const recordsInMemory = (bytes: Buffer): PlaceRecords => ({
  length: bytes.length,
  read: (offset, length) => bytes.subarray(offset, Math.min(offset + length, bytes.length)),
});

/** A place's record: what answers print of it. */
export function placeRecord(ix: PlaceNames, place: number): PlaceRecord {
  const recent = recentOf(ix.records);
  const known = recent.get(place);
  if (known) {
    recent.delete(place); // most recently used: last in the map's order
    recent.set(place, known);
    return known;
  }
  const from = ix.recordAt[place];
  const b = ix.records.read(from, ix.recordAt[place + 1] - from);
  const nameEnd = PLACE_HEAD + b.readUInt16LE(8);
  const record = Object.freeze({
    geonamesId: b.readUInt32LE(0),
    elevation: b.readFloatLE(4),
    name: b.toString('utf8', PLACE_HEAD, nameEnd),
    asciiName: b.toString('utf8', nameEnd, nameEnd + b.readUInt16LE(10)),
  });
  if (recent.size >= RECENT_PLACES) recent.delete(recent.keys().next().value as number);
  recent.set(place, record);
  return record;
}

/** A place's name. */
export const nameOf = (ix: PlaceNames, place: number): string => placeRecord(ix, place).name;

/** The name posting p matched. */
export function postingName(ix: PlaceNames, p: number): string {
  const at = ix.records.read(ix.postingNameTable + 4 * p, 4).readUInt32LE(0);
  // Most names are short: one read of 64 bytes, and a second of the rest only for a longer one.
  const head = ix.records.read(at, 2 + SHORT_NAME_BYTES);
  const length = head.readUInt16LE(0);
  if (length <= SHORT_NAME_BYTES) return head.toString('utf8', 2, 2 + length);
  return ix.records.read(at + 2, length).toString('utf8');
}

/**
 * Packs the records from cities500.txt's bytes: each place's id, elevation, and name and ascii name
 * (raw[start, end) pairs in `nameAt`, `asciiAt`), then each posting's matched name (raw[start, end)
 * in `postingStart`, `postingEnd`, in posting order), each distinct text once, then the postings' table
 * of where each one's name lies (at `postingNameTable`). Written straight into one
 * buffer, distinct texts found by a hash table of typed arrays: no object per name, so a server's first
 * build stays within its heap limit (npm start's --max-old-space-size=192).
 */
export async function packRecords(
  raw: Buffer,
  place: { ids: number[]; elevation: number[]; nameAt: number[]; asciiAt: number[] },
  postingStart: Uint32Array,
  postingEnd: Uint32Array,
): Promise<{ records: Buffer; recordAt: Uint32Array; postingNameTable: number }> {
  const count = place.ids.length;
  const lengthOf = (start: number, end: number) => {
    if (end - start > NAME_BYTES_MAX) throw new Error(`a name of ${end - start} bytes at byte ${start} of cities500.txt (at most ${NAME_BYTES_MAX})`);
    return end - start;
  };
  // At most: every place's record, every posting's name as if none were shared, and the postings' table.
  let most = 0;
  for (let p = 0; p < count; p++) {
    most += PLACE_HEAD + lengthOf(place.nameAt[2 * p], place.nameAt[2 * p + 1]) + lengthOf(place.asciiAt[2 * p], place.asciiAt[2 * p + 1]);
  }
  for (let i = 0; i < postingStart.length; i++) most += 6 + lengthOf(postingStart[i], postingEnd[i]);
  const out = Buffer.alloc(most);
  let size = 0;
  const recordAt = new Uint32Array(count + 1);
  for (let p = 0; p < count; p++) {
    recordAt[p] = size;
    const [n0, n1, a0, a1] = [place.nameAt[2 * p], place.nameAt[2 * p + 1], place.asciiAt[2 * p], place.asciiAt[2 * p + 1]];
    out.writeUInt32LE(place.ids[p], size);
    out.writeFloatLE(place.elevation[p], size + 4);
    out.writeUInt16LE(n1 - n0, size + 8);
    out.writeUInt16LE(a1 - a0, size + 10);
    size += PLACE_HEAD;
    size += raw.copy(out, size, n0, n1);
    size += raw.copy(out, size, a0, a1);
    if (p % SLICE === 0) await yieldToEventLoop();
  }
  recordAt[count] = size;
  // Open addressing over FNV-1a hashes of the bytes; a slot holds a name's offset + 1 (0: empty).
  const bits = Math.max(4, Math.ceil(Math.log2(postingStart.length * 2 + 1)));
  const slots = new Uint32Array(1 << bits);
  const mask = (1 << bits) - 1;
  // Where each posting's name lies, written into the table once the names are all placed.
  const postingNameAt = new Uint32Array(postingStart.length);
  for (let i = 0; i < postingStart.length; i++) {
    const start = postingStart[i];
    const end = postingEnd[i];
    let h = 0x811c9dc5;
    for (let b = start; b < end; b++) h = Math.imul(h ^ raw[b], 0x01000193);
    let slot = h & mask;
    let offset = -1;
    for (; slots[slot] !== 0; slot = (slot + 1) & mask) {
      const at = slots[slot] - 1;
      const len = out.readUInt16LE(at);
      if (len === end - start && out.compare(raw, start, end, at + 2, at + 2 + len) === 0) {
        offset = at;
        break;
      }
    }
    if (offset < 0) {
      offset = size;
      slots[slot] = offset + 1;
      out.writeUInt16LE(end - start, size);
      size += 2;
      size += raw.copy(out, size, start, end);
    }
    postingNameAt[i] = offset;
    if (i % SLICE === 0) await yieldToEventLoop();
  }
  const postingNameTable = size;
  for (let i = 0; i < postingNameAt.length; i++) out.writeUInt32LE(postingNameAt[i], postingNameTable + 4 * i);
  size += 4 * postingNameAt.length;
  return { records: out.subarray(0, size), recordAt, postingNameTable };
}
