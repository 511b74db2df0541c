/**
 * The places pack's format and search (the site's own place names, `/places/…json`): the same code in
 * the build (website/src/lib/places-pack.ts writes the pack), the browser (website/src/scripts/places-pack.ts
 * fetches it) and the tests. Nothing here reads a file or the DOM.
 *
 * The pack holds the most populous places of GeoNames cities500 and every capital, each with the names
 * people type (its own, English and other Latin-script exonyms, its country's script), under their
 * folded form (engine/places/normalize.ts, as the server's search folds them). Names are sharded by
 * folded prefix, a trie: a prefix whose names would make too large a file is split by its next letter
 * and keeps a small summary file (the places named exactly so, and the largest places whose names begin
 * so); the leaves, in name order, are packed into files of about 20 KB gzipped. A lookup reads the
 * manifest and then one file.
 *
 * Order, as the server's search_places (engine/places/search-places.ts) orders them: places with the
 * exact name first, in the server's own order for that name (the pack stores it, computed by the
 * server's search at build), then places with a name beginning with the text, larger population first.
 */

/** One place: [GeoNames id, name, first-level division (name, or code where GeoNames has none) or null, country code, lat, lon, zone (index into the manifest's zones), population]. */
export type PackPlace = [id: number, name: string, division: string | null, country: string, lat: number, lon: number, zone: number, population: number];

/** One file of names: its places, and each folded name's places (indices into `places`), the exact matches in the server's order. */
export interface PackShard {
  places: PackPlace[];
  keys: Record<string, number[]>;
  /** A summary's prefix: only the names equal to it are complete; the places beginning with it are the largest few. */
  summary?: string;
}

/** One tile of the places by position (for "Use my location"): [name, division, country code, lat, lon] each. */
export type NearTile = [name: string, division: string | null, country: string, lat: number, lon: number][];

export interface PackManifest {
  format: 1;
  /** The data it was built from, as the server's places index names it. */
  source: {
    dataset: string;
    geonames_export: string;
    index_sha256: string;
    admin1_sha256: string;
    licence: string;
    built_with: string;
  };
  places: number;
  names: number;
  /** IANA zones of the places (the server's boundary lookup at each place), by index. */
  zones: string[];
  /** English country names (CLDR, as the server names them) by ISO code. */
  countries: Record<string, string>;
  /** The first leaf prefix of each shard file (`s<i>.json`), in name order. */
  files: string[];
  /** Split prefixes and their summary file (`t<n>.json`). */
  summaries: Record<string, number>;
  /** The tiles of places by position: tile size in degrees, and the tiles present (`<row>_<col>`, file `n<row>_<col>.json`). */
  near: { degrees: number; tiles: string[] };
}

/** Where a folded name's places are: a shard file, a summary file, or nowhere. */
export function fileOf(manifest: PackManifest, key: string): string | undefined {
  if (!key) return undefined;
  for (let n = 1; n <= key.length; n++) {
    const prefix = key.slice(0, n);
    const summary = manifest.summaries[prefix];
    if (summary !== undefined) {
      if (n === key.length) return `t${summary}`;
      continue;
    }
    // A leaf: in the last file whose first leaf is not after it.
    let lo = 0;
    let hi = manifest.files.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (manifest.files[mid] <= prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? undefined : `s${lo - 1}`;
  }
  return undefined;
}

/** The tile of a position (`<row>_<col>`). */
export function tileOf(degrees: number, lat: number, lon: number): string {
  const row = Math.floor((Math.min(Math.max(lat, -90), 89.999) + 90) / degrees);
  const col = Math.floor(((((lon + 180) % 360) + 360) % 360) / degrees);
  return `${row}_${col}`;
}

/** A place found in the pack, as the pages use it. */
export interface PackFound {
  id: number;
  name: string;
  admin1: string | null;
  country: string;
  country_name: string;
  lat: number;
  lon: number;
  timezone: string;
  population: number;
  /** Whether it matched a whole name (else a name's beginning). */
  exact: boolean;
}

/** `London, England, United Kingdom` (a part equal to one before it left out). */
export const placeLabel = (p: { name: string; admin1: string | null; country_name: string }): string =>
  [p.name, p.admin1, p.country_name].filter((x, i, all) => x && all.indexOf(x) === i).join(', ');

/** English forms of country names CLDR does not list, which the server's search also reads after a comma. */
const COUNTRY_ALIASES: Record<string, string> = { usa: 'US', 'united states of america': 'US', 'great britain': 'GB' };

/** What a typed text asks: the folded name, and the folded text after its first comma (a country or division), if any. */
export function readQuery(text: string, fold: (s: string) => string): { name: string; qualifier?: string } {
  const comma = text.indexOf(',');
  if (comma < 0) return { name: fold(text) };
  const head = fold(text.slice(0, comma));
  const qualifier = fold(text.slice(comma + 1));
  return qualifier ? { name: head, qualifier } : { name: head };
}

/**
 * The places of a shard for a query, best first, at most `limit`: exact names in the server's order,
 * then names beginning with it by population. A qualifier (`Portland, Maine`, `Paris, US`) narrows to
 * places of that country (code or name) or division; one that names neither is read as part of the name.
 */
export function searchShard(
  manifest: PackManifest,
  shard: PackShard,
  query: { name: string; qualifier?: string },
  limit: number,
  fold: (s: string) => string,
): PackFound[] {
  let { name } = query;
  let keep = (_p: PackPlace) => true;
  if (query.qualifier) {
    const q = query.qualifier;
    const countries = new Set<string>();
    for (const [code, country] of Object.entries(manifest.countries)) if (code.toLowerCase() === q || fold(country) === q) countries.add(code);
    if (COUNTRY_ALIASES[q]) countries.add(COUNTRY_ALIASES[q]);
    const division = shard.places.some((p) => p[2] !== null && fold(p[2]) === q);
    if (countries.size || division) keep = (p) => countries.has(p[3]) || (p[2] !== null && fold(p[2]) === q);
    else name = fold(`${name} ${q}`);
  }
  const out: PackFound[] = [];
  const taken = new Set<number>();
  const take = (i: number, exact: boolean) => {
    const p = shard.places[i];
    if (!p || taken.has(i) || !keep(p) || out.length >= limit) return;
    taken.add(i);
    out.push({
      id: p[0],
      name: p[1],
      admin1: p[2],
      country: p[3],
      country_name: manifest.countries[p[3]] ?? p[3],
      lat: p[4],
      lon: p[5],
      timezone: manifest.zones[p[6]],
      population: p[7],
      exact,
    });
  };
  for (const i of shard.keys[name] ?? []) take(i, true);
  if (out.length < limit) {
    const begun: number[] = [];
    for (const [key, list] of Object.entries(shard.keys)) if (key !== name && key.startsWith(name)) begun.push(...list);
    begun.sort((a, b) => shard.places[b][7] - shard.places[a][7] || a - b);
    for (const i of begun) take(i, false);
  }
  return out;
}
