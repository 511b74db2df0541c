/**
 * Builds the places pack the site ships (`/places/manifest.json` and its files; the format and search
 * are website/src/lib/places-pack-format.ts), once per site build, from the project's one places dataset
 * through the engine's front door (engine/index.ts, started by ./engine-server.ts):
 * - which places: the PACK_SIZE most populous places of GeoNames cities500 and every capital (feature
 *   codes PPLC, PPLG), read from the dataset the index is built from (engine/places/dataset.ts);
 * - which names: each place's own name and ASCII name, its Latin-script alternate names that are
 *   written as names (a capital first letter: exonyms such as Munich, Cologne, Lisbon and local forms
 *   such as München; GeoNames' lower-case machine romanizations are left out), and its alternate names
 *   in its country's own script (Москва, 東京), all folded as the server's search folds them;
 * - what each place says (name, division, country name, coordinates, zone) is the server's search_places
 *   answer for it (describeHit: the zone is the boundary lookup's), and each name's places are in the
 *   order the server's search gives them (searchIndex's exact matches, kept where they are in the pack).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { CITIES500_FILE, CITIES500_PACKAGE, CITIES500_VERSION, describeHit, indexFile, loadPlaces, placeRecord, searchIndex } from '../../../engine/index.ts';
import { normalizeName } from '../../../engine/browser/index.ts';
import './engine-server.ts';
import { type NearTile, type PackManifest, type PackPlace, type PackShard, tileOf } from './places-pack-format.ts';

/** How many of the most populous places the pack holds (capitals are added to them). */
export const PACK_SIZE = 25_000;
/** A shard file's size in JSON bytes (about a third of it gzipped); a prefix whose names exceed it is split. */
const FILE_BUDGET = 60_000;
/** Places a summary file lists beyond the exact name (the largest whose names begin with its prefix). */
const SUMMARY_PLACES = 24;
/** Places listed per exact name (the pages show 6). */
const EXACT_PLACES = 24;
/** Tile size, in degrees, of the places by position. */
const NEAR_DEGREES = 5;

/** The scripts countries write their place names in, where it is not Latin (alternate names in it are kept). */
const LOCAL_SCRIPTS: [RegExp, string][] = [
  [/^[\p{Script=Cyrillic}\p{M} .'’-]+$/u, 'RU BY UA BG MK RS KZ KG TJ MN'],
  [/^[\p{Script=Greek}\p{M} .'’-]+$/u, 'GR CY'],
  [/^[\p{Script=Arabic}\p{M} .'’-]+$/u, 'SA AE EG IQ SY JO LB KW QA BH OM YE LY TN DZ MA SD IR AF PK PS MR'],
  [/^[\p{Script=Hebrew}\p{M} .'’-]+$/u, 'IL'],
  [/^[\p{Script=Han} ]+$/u, 'CN TW HK MO'],
  [/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー・ ]+$/u, 'JP'],
  [/^[\p{Script=Hangul} ]+$/u, 'KR KP'],
  [/^[\p{Script=Thai}\p{M} ]+$/u, 'TH'],
  [/^[\p{Script=Georgian} -]+$/u, 'GE'],
  [/^[\p{Script=Armenian} -]+$/u, 'AM'],
  [/^[\p{Script=Ethiopic} ]+$/u, 'ET ER'],
  [/^[\p{Script=Devanagari}\p{M} ]+$/u, 'IN NP'],
  [/^[\p{Script=Bengali}\p{M} ]+$/u, 'BD'],
];
const SCRIPT_OF = new Map(LOCAL_SCRIPTS.flatMap(([pattern, codes]) => codes.split(' ').map((cc) => [cc, pattern] as const)));
/** A Latin-script name as people write one: a capital first letter, letters, marks, digits, spaces, apostrophes, dots, hyphens. */
const LATIN_NAME = /^\p{Lu}[\p{Script=Latin}\p{M}\d .'’-]*$/u;

/** The names of a place that the pack keeps, folded. */
function keptNames(own: string, ascii: string, alternates: string, country: string): Set<string> {
  const keys = new Set([normalizeName(own), normalizeName(ascii)]);
  const local = SCRIPT_OF.get(country);
  for (const name of alternates ? alternates.split(',') : []) {
    if (name.length > 60 || !(LATIN_NAME.test(name) || local?.test(name))) continue;
    keys.add(normalizeName(name));
  }
  keys.delete('');
  return keys;
}

interface Row {
  id: number;
  keys: Set<string>;
}

/** The chosen places of cities500 (the largest, and every capital), with their kept names. */
function chosenRows(raw: string): Row[] {
  const rows: { id: number; population: number; capital: boolean; own: string; ascii: string; alternates: string; country: string; at: number }[] = [];
  for (const line of raw.split('\n')) {
    const f = line.split('\t');
    if (f.length < 19) continue;
    rows.push({
      id: Number(f[0]),
      own: f[1],
      ascii: f[2],
      alternates: f[3],
      capital: f[7] === 'PPLC' || f[7] === 'PPLG',
      country: f[8],
      population: Number(f[14]) || 0,
      at: rows.length,
    });
  }
  rows.sort((a, b) => b.population - a.population || a.at - b.at);
  const chosen = rows.filter((r, i) => i < PACK_SIZE || r.capital);
  return chosen.map((r) => ({ id: r.id, keys: keptNames(r.own, r.ascii, r.alternates, r.country) }));
}

export interface PlacesPack {
  manifest: PackManifest;
  /** File name (without `.json`) → its JSON. */
  files: Map<string, PackShard | NearTile>;
}

let built: Promise<PlacesPack> | undefined;
/** The pack, built once per process (every `/places/` file of a site build reads it). */
export const placesPack = (): Promise<PlacesPack> => (built ??= buildPack());

async function buildPack(): Promise<PlacesPack> {
  const ix = await loadPlaces();
  const rawBytes = readFileSync(CITIES500_FILE);
  const rows = chosenRows(rawBytes.toString('utf8'));
  const inPack = new Set(rows.map((r) => r.id));
  const allKeys = [...new Set(rows.flatMap((r) => [...r.keys]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  // Each name's pack places in the server's order (its exact matches), and a hit per place to describe it.
  const exactOf = new Map<string, number[]>();
  const hitOf = new Map<number, ReturnType<typeof searchIndex>[number]>();
  for (const key of allKeys) {
    let hits: ReturnType<typeof searchIndex> = [];
    for (let limit = 16; ; limit *= 8) {
      hits = searchIndex(ix, key, { limit }).filter((h) => h.exact);
      if (hits.length < limit) break;
    }
    const ids: number[] = [];
    for (const hit of hits) {
      const id = placeRecord(ix, hit.place).geonamesId;
      if (!inPack.has(id)) continue;
      if (!hitOf.has(id)) hitOf.set(id, hit);
      if (ids.length < EXACT_PLACES) ids.push(id);
    }
    exactOf.set(key, ids);
  }

  const zones: string[] = [];
  const zoneIndex = new Map<string, number>();
  const countries: Record<string, string> = {};
  const placeOf = new Map<number, PackPlace>();
  for (const { id } of rows) {
    const hit = hitOf.get(id);
    if (!hit) throw new Error(`places pack: GeoNames ${id} is not found by its own name in the places index`);
    const p = describeHit(ix, hit);
    if (!zoneIndex.has(p.timezone)) zoneIndex.set(p.timezone, zones.push(p.timezone) - 1);
    countries[p.country] = p.country_name;
    placeOf.set(id, [id, p.name, p.admin1, p.country, p.lat, p.lon, zoneIndex.get(p.timezone)!, p.population]);
  }

  /** A file of names: the places they give, and each name's places as indices into them. */
  const shardOf = (entries: [string, number[]][], summary?: string): PackShard => {
    const ids = [...new Set(entries.flatMap(([, list]) => list))].sort((a, b) => placeOf.get(b)![7] - placeOf.get(a)![7] || a - b);
    const at = new Map(ids.map((id, i) => [id, i]));
    return {
      ...(summary === undefined ? {} : { summary }),
      places: ids.map((id) => placeOf.get(id)!),
      keys: Object.fromEntries(entries.map(([key, list]) => [key, list.map((id) => at.get(id)!)])),
    };
  };
  // A file's JSON size, reckoned without writing it: each name with its list, and each place once.
  const recordSize = new Map([...placeOf].map(([id, p]) => [id, JSON.stringify(p).length + 1]));
  const keySize = (k: string) => k.length + 4 + exactOf.get(k)!.length * 5;
  const sizeOf = (keys: string[], ids = new Set<number>()) => {
    let size = 40;
    for (const k of keys) {
      size += keySize(k);
      for (const id of exactOf.get(k)!) if (!ids.has(id)) ids.add(id) && (size += recordSize.get(id)!);
    }
    return size;
  };

  // The trie: leaves (prefix, names) in name order, and summaries of the split prefixes.
  const leaves: { prefix: string; keys: string[] }[] = [];
  const summaries: Record<string, number> = {};
  const files = new Map<string, PackShard | NearTile>();
  const visit = (prefix: string, keys: string[]) => {
    if (sizeOf(keys) <= FILE_BUDGET || keys.every((k) => k.length <= prefix.length)) {
      leaves.push({ prefix, keys });
      return;
    }
    const exact = keys.filter((k) => k === prefix);
    const longer = keys.filter((k) => k !== prefix);
    // The summary: the places named exactly so, then the largest places whose names begin so (with a name that gives each).
    const begun = new Map<number, string>();
    for (const k of longer) for (const id of exactOf.get(k)!) if (!begun.has(id)) begun.set(id, k);
    const largest = [...begun].sort((a, b) => placeOf.get(b[0])![7] - placeOf.get(a[0])![7] || a[0] - b[0]).slice(0, SUMMARY_PLACES);
    const entries = new Map<string, number[]>(exact.map((k) => [k, exactOf.get(k)!]));
    for (const [id, k] of largest) entries.set(k, [...(entries.get(k) ?? []), id]);
    summaries[prefix] = Object.keys(summaries).length;
    files.set(`t${summaries[prefix]}`, shardOf([...entries], prefix));
    for (const [next, group] of groupBy(longer, prefix.length)) visit(prefix + next, group);
  };
  for (const [first, group] of groupBy(allKeys, 0)) visit(first, group);

  // Leaves packed into files in name order.
  const firsts: string[] = [];
  let current: { prefix: string; keys: string[] }[] = [];
  const flush = () => {
    if (!current.length) return;
    files.set(`s${firsts.length}`, shardOf(current.flatMap((l) => l.keys.map((k): [string, number[]] => [k, exactOf.get(k)!]))));
    firsts.push(current[0].prefix);
    current = [];
  };
  let ids = new Set<number>();
  let size = 0;
  for (const leaf of leaves) {
    const more = sizeOf(leaf.keys, new Set(ids));
    if (current.length && size + more > FILE_BUDGET) {
      flush();
      ids = new Set();
      size = 0;
    }
    size += sizeOf(leaf.keys, ids);
    current.push(leaf);
  }
  flush();

  // Places by position, for "Use my location".
  const tiles = new Map<string, NearTile>();
  for (const [, p] of placeOf) {
    const tile = tileOf(NEAR_DEGREES, p[4], p[5]);
    if (!tiles.has(tile)) tiles.set(tile, []);
    tiles.get(tile)!.push([p[1], p[2], p[3], p[4], p[5]]);
  }
  for (const [tile, list] of tiles) files.set(`n${tile}`, list);

  const indexManifest = `${indexFile()}.json`;
  const index = existsSync(indexManifest)
    ? (JSON.parse(readFileSync(indexManifest, 'utf8')) as {
        sha256: string;
        source: { cities500: { newest_modification: string }; admin1: { sha256: string } };
      })
    : undefined;
  const manifest: PackManifest = {
    format: 1,
    source: {
      dataset: `GeoNames cities500 via ${CITIES500_PACKAGE} ${CITIES500_VERSION} (sha256 ${createHash('sha256').update(rawBytes).digest('hex')})`,
      geonames_export: index?.source.cities500.newest_modification ?? 'unknown',
      index_sha256: index?.sha256 ?? 'unknown',
      admin1_sha256: index?.source.admin1.sha256 ?? 'unknown',
      licence: 'GeoNames data, CC BY 4.0, https://creativecommons.org/licenses/by/4.0/',
      built_with: "the server's search_places (its exact-name order and answers) over its places index",
    },
    places: placeOf.size,
    names: allKeys.length,
    zones,
    countries: Object.fromEntries(Object.entries(countries).sort()),
    files: firsts,
    summaries,
    near: { degrees: NEAR_DEGREES, tiles: [...tiles.keys()].sort() },
  };
  return { manifest, files };
}

/** Names grouped by their code unit at `at`, in name order. */
function groupBy(keys: string[], at: number): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const k of keys) {
    const c = k[at];
    if (!groups.has(c)) groups.set(c, []);
    groups.get(c)!.push(k);
  }
  return groups;
}

/** The gzipped size of a pack file (level 6, as the site's pages are measured). */
export const gzippedSize = (json: unknown): number => gzipSync(JSON.stringify(json), { level: 6 }).length;
