/**
 * The places index file: the built index (engine/places/build.ts) written once to node_modules/.cache/
 * places (beside the data packages, writable where npm installed them), with a manifest of what it was
 * built from, and read back at the next start in about a second instead of a 10 s build. The file's
 * name changes with the data (cities500's version, admin1.tsv's checksum), {@link INDEX_FORMAT} and the
 * normalization, so an index is never read for other data or code.
 */
import { createHash } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import KDBush from 'kdbush';
import { yieldToEventLoop } from '../utility/loading.ts';
import { ADMIN1_MANIFEST, CITIES500_FILE, CITIES500_PACKAGE, CITIES500_VERSION, newestModification, sha256Of } from './dataset.ts';
import { ARRAYS, type PlaceNames, type PlaceRecords, TYPED, treePositions } from './layout.ts';
import { NORMALIZATION_PROBES, normalizeName } from './normalize.ts';

const MAGIC = 'places-index\n';
/** Bytes checksummed between two yields to the event loop. */
const CRC_SLICE = 4 << 20;

/**
 * The layout and build of the index: raise it with any change to buildFromData or the file layout
 * (test/engine/places/search-places.test.ts compares a cached index with a fresh build and says so).
 */
export const INDEX_FORMAT = 7;

/** Where the index file is kept: its folder, and a name that changes with the data, the format and the normalization. */
export function indexFile(): string {
  const code = createHash('sha256')
    .update(JSON.stringify([INDEX_FORMAT, MAGIC, NORMALIZATION_PROBES.map(normalizeName), ADMIN1_MANIFEST.sha256]))
    .digest('hex')
    .slice(0, 16);
  const dir = join(dirname(CITIES500_FILE), '..', '..', '.cache', 'places');
  return join(dir, `cities500-${CITIES500_VERSION}-${code}.bin`);
}

/** The manifest written beside an index file (`<file>.json`): what it was built from, its counts and its checksum. */
export interface IndexManifest {
  file: string;
  format: number;
  source: { cities500: { package: string; version: string; bytes: number; sha256: string; newest_modification: string }; admin1: typeof ADMIN1_MANIFEST };
  places: number;
  names: number;
  postings: number;
  divisions: number;
  bytes: number;
  sha256: string;
}

interface Header {
  /** {@link INDEX_FORMAT} of the code that wrote it (the file's name has it too): another is refused. */
  format: number;
  rawLength: number;
  rawCrc: number;
  count: number;
  keyCount: number;
  divisionCountry: string[];
  divisionAdmin1: string[];
  postingNameTable: number;
  divisions: [string, string][];
  arrays: Record<string, { offset: number; length: number }>;
  /** KDBush's own buffer, in bytes: after the arrays, read into a buffer of its own. */
  tree: { offset: number; length: number };
  /** The records (engine/places/records.ts), last: checksummed at load, then read from the file as answers need them. */
  records: { offset: number; length: number };
  bodyLength: number;
  bodyCrc: number;
}

const align8 = (n: number) => (n + 7) & ~7;

/** Records read from an open index file, `at` bytes into it; the handle is kept open (and referenced) as long as they are. */
export function recordsInFile(handle: FileHandle, at: number, length: number): PlaceRecords {
  return {
    length,
    read(offset, size) {
      const out = Buffer.allocUnsafe(Math.max(0, Math.min(size, length - offset)));
      let done = 0;
      while (done < out.length) {
        const n = readSync(handle.fd, out, done, out.length - done, at + offset + done);
        if (n === 0) throw new Error('the places index file is shorter than its header says');
        done += n;
      }
      return out;
    },
  };
}

/** Reads `length` bytes at `position` of an open file into `into` (all of them, or throws). */
async function readFully(handle: FileHandle, into: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < into.length; ) {
    const { bytesRead } = await handle.read(into, done, into.length - done, position + done);
    if (bytesRead === 0) throw new Error('truncated file');
    done += bytesRead;
  }
}

/**
 * The index of this raw file (cities500.txt, checked by its length and CRC, read in slices and not
 * kept), or undefined when there is no index file; throws when one is unreadable. The arrays are views
 * over one buffer read from the file, the kd-tree's over one of its own: nothing is copied twice (the
 * places' coordinates are the tree's, found through `treeAt`, computed here). The records are
 * checksummed in slices and left in the file, which stays open for them. A file its header says another
 * {@link INDEX_FORMAT} wrote is refused (the loader sets it aside).
 */
export async function readIndexFile(file: string, rawFile: string): Promise<{ index: PlaceNames; blockMs: number } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Checksums in slices with a yield between them; the longest stretch held is measured.
  let blockMs = 0;
  const crcOf = async (data: Uint8Array, value = 0) => {
    for (let at = 0; at < data.length; at += CRC_SLICE) {
      const t = performance.now();
      value = crc32(data.subarray(at, at + CRC_SLICE), value);
      blockMs = Math.max(blockMs, performance.now() - t);
      await yieldToEventLoop();
    }
    return value;
  };
  try {
    const size = (await handle.stat()).size;
    const head = Buffer.alloc(MAGIC.length + 4);
    await readFully(handle, head, 0);
    if (head.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a places index file');
    const headerLength = head.readUInt32LE(MAGIC.length);
    const bodyAt = align8(MAGIC.length + 4 + headerLength);
    if (bodyAt > size) throw new Error('truncated header');
    const headerBytes = Buffer.alloc(headerLength);
    await readFully(handle, headerBytes, MAGIC.length + 4);
    const header = JSON.parse(headerBytes.toString('utf8')) as Header;
    if (header.format !== INDEX_FORMAT) throw new Error(`written in index format ${header.format}, not ${INDEX_FORMAT}`);
    if (bodyAt + header.bodyLength !== size || header.records.offset + header.records.length !== header.bodyLength) {
      throw new Error('body does not match its checksum');
    }
    // cities500.txt and the records, in slices through one buffer: their CRC, not their bytes, is kept.
    const slice = Buffer.alloc(CRC_SLICE);
    const crcOfFile = async (from: FileHandle, at: number, length: number, value = 0) => {
      let done = 0;
      for (;;) {
        const { bytesRead } = await from.read(slice, 0, Math.min(slice.length, length - done), at + done);
        if (bytesRead === 0) break;
        value = await crcOf(slice.subarray(0, bytesRead), value);
        done += bytesRead;
      }
      return { value, done };
    };
    const raw = await open(rawFile, 'r');
    const rawRead = await crcOfFile(raw, 0, Number.MAX_SAFE_INTEGER).finally(() => raw.close());
    if (header.rawLength !== rawRead.done || header.rawCrc !== rawRead.value) throw new Error('written for another cities500.txt');
    if (header.records.offset !== header.tree.offset + header.tree.length) throw new Error('body does not match its checksum');
    const body = new ArrayBuffer(header.tree.offset);
    const treeData = new ArrayBuffer(header.tree.length);
    await readFully(handle, new Uint8Array(body), bodyAt);
    await readFully(handle, new Uint8Array(treeData), bodyAt + header.tree.offset);
    let bodyCrc = await crcOf(new Uint8Array(treeData), await crcOf(new Uint8Array(body)));
    bodyCrc = (await crcOfFile(handle, bodyAt + header.records.offset, header.records.length, bodyCrc)).value;
    if (bodyCrc !== header.bodyCrc) throw new Error('body does not match its checksum');
    const blockStart = performance.now();
    const arrays: Record<string, unknown> = {};
    for (const [name, type] of ARRAYS) {
      const { offset, length } = header.arrays[name as string];
      arrays[name as string] = new TYPED[type](body, offset, length);
    }
    const tree = KDBush.from(treeData);
    const index = {
      ...(arrays as unknown as Pick<PlaceNames, (typeof ARRAYS)[number][0]>),
      count: header.count,
      keyCount: header.keyCount,
      divisionCountry: header.divisionCountry,
      divisionAdmin1: header.divisionAdmin1,
      postingNameTable: header.postingNameTable,
      divisions: new Map(header.divisions),
      tree,
      treeAt: treePositions(tree),
      records: recordsInFile(handle, bodyAt + header.records.offset, header.records.length),
    } as PlaceNames;
    return { index, blockMs: Math.max(blockMs, performance.now() - blockStart) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Writes the index file of `raw` (cities500.txt's bytes: its length and CRC go in the header, its
 * checksum and date in the manifest) through a temporary file and a rename, and its manifest; other
 * index files but the newest are removed.
 */
export async function writeIndexFile(file: string, ix: PlaceNames, raw: Buffer): Promise<IndexManifest> {
  const layout: Record<string, { offset: number; length: number }> = {};
  let size = 0;
  for (const [name] of ARRAYS) {
    const a = ix[name] as unknown as ArrayBufferView & { length: number };
    layout[name as string] = { offset: size, length: a.length };
    size = align8(size + a.byteLength);
  }
  const treeBytes = new Uint8Array(ix.tree.data);
  const tree = { offset: size, length: treeBytes.length };
  size += treeBytes.length;
  const recordBytes = ix.records.read(0, ix.records.length);
  const records = { offset: size, length: recordBytes.length };
  size += recordBytes.length;
  const body = Buffer.alloc(size);
  for (const [name] of ARRAYS) {
    const a = ix[name] as unknown as ArrayBufferView;
    body.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), layout[name as string].offset);
  }
  body.set(treeBytes, tree.offset);
  body.set(recordBytes, records.offset);
  const header: Header = {
    format: INDEX_FORMAT,
    rawLength: raw.length,
    rawCrc: crc32(raw),
    count: ix.count,
    keyCount: ix.keyCount,
    divisionCountry: ix.divisionCountry,
    divisionAdmin1: ix.divisionAdmin1,
    postingNameTable: ix.postingNameTable,
    divisions: [...ix.divisions],
    arrays: layout,
    tree,
    records,
    bodyLength: size,
    bodyCrc: crc32(body),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(align8(MAGIC.length + 4 + headerBytes.length));
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(head, MAGIC.length + 4);
  const whole = Buffer.concat([head, body]);
  const manifest: IndexManifest = {
    file: file.split(/[\\/]/).at(-1) as string,
    format: INDEX_FORMAT,
    source: {
      cities500: {
        package: CITIES500_PACKAGE,
        version: CITIES500_VERSION,
        bytes: raw.length,
        sha256: await sha256Of(raw),
        newest_modification: newestModification(raw),
      },
      admin1: ADMIN1_MANIFEST,
    },
    places: ix.count,
    names: ix.keyCount,
    postings: ix.postingPlace.length,
    divisions: ix.divisions.size,
    bytes: whole.length,
    sha256: await sha256Of(whole),
  };
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, whole);
  await rename(temporary, file);
  await writeFile(`${file}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  // Index files of other keys (older data or code) are 50 MB each: keep the newest other one (another
  // checkout sharing node_modules may still read it), remove the rest and their manifests.
  const dir = dirname(file);
  const others = (await readdir(dir)).filter((n) => n.endsWith('.bin') && join(dir, n) !== file);
  const dated = await Promise.all(others.map(async (n) => ({ n, t: (await stat(join(dir, n))).mtimeMs })));
  for (const { n } of dated.sort((a, b) => b.t - a.t).slice(1)) {
    await unlink(join(dir, n)).catch(() => {});
    await unlink(join(dir, `${n}.json`)).catch(() => {});
  }
  return manifest;
}
