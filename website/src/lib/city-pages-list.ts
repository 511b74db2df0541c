/**
 * Which places get a city page (`/time/<country>/<city>/`) and at which address: the 1,000 most populous
 * places of the project's one places dataset (GeoNames cities500, read through the engine's front door)
 * and every capital (GeoNames feature code PPLC). Sections of a place (PPLX: boroughs, districts) and
 * historical, abandoned or destroyed places (PPLH, PPLQ, PPLW) are left out: they are not what a visitor
 * means by a city. Each place is then read as the API's place search answers it (engine searchIndex +
 * describeHit, matched by GeoNames id): name, division, country name, coordinates and the zone of the
 * boundary lookup. Build time only.
 */
import '../lib/engine-server.ts';
import { readFileSync } from 'node:fs';
import { CITIES500_FILE, describeHit, loadPlaces, searchIndex } from '../../../engine/index.ts';

/** How many of the most populous places get a page (capitals come on top). */
export const MOST_POPULOUS = 1000;
const LEFT_OUT = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

export interface CityPlace {
  geonamesId: number;
  name: string;
  asciiName: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  countryName: string;
  division: string | null;
  lat: number;
  lon: number;
  elevation: number | null;
  population: number;
  timezone: string;
  capital: boolean;
  countrySlug: string;
  citySlug: string;
  /** `/time/<country>/<city>/`. */
  path: string;
}

/** Lower-case ASCII words joined by hyphens: `Côte d’Ivoire` → `cote-d-ivoire`, `São Paulo` → `sao-paulo`. */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐðÐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

interface Row {
  id: number;
  name: string;
  ascii: string;
  feature: string;
  country: string;
  population: number;
}

/** cities500.txt's rows that can have a page (GeoNames' columns: 0 id, 1 name, 2 ascii name, 7 feature code, 8 country, 14 population). */
function datasetRows(): Row[] {
  const rows: Row[] = [];
  for (const line of readFileSync(CITIES500_FILE, 'utf8').split('\n')) {
    if (line === '') continue;
    const f = line.split('\t');
    if (LEFT_OUT.has(f[7])) continue;
    rows.push({ id: Number(f[0]), name: f[1], ascii: f[2], feature: f[7], country: f[8], population: Number(f[14]) || 0 });
  }
  return rows;
}

/** The rows chosen: capitals, then the most populous (largest first, GeoNames id on a tie), each once. */
export function chooseRows(rows: Row[], most = MOST_POPULOUS): (Row & { capital: boolean })[] {
  const byPopulation = [...rows].sort((a, b) => b.population - a.population || a.id - b.id);
  const chosen = new Map<number, Row & { capital: boolean }>();
  for (const r of byPopulation.slice(0, most)) chosen.set(r.id, { ...r, capital: r.feature === 'PPLC' });
  for (const r of rows) if (r.feature === 'PPLC' && !chosen.has(r.id)) chosen.set(r.id, { ...r, capital: true });
  return [...chosen.values()];
}

/**
 * Addresses, one per place: the name's slug within the country's; places of one country sharing it take
 * their division's slug too (`portland-oregon`, `portland-maine`), and the GeoNames id if that still ties.
 */
export function assignSlugs<T extends { country: string; countryName: string; asciiName: string; division: string | null; geonamesId: number }>(
  places: T[],
): (T & { countrySlug: string; citySlug: string; path: string })[] {
  const base = (p: T) => slugOf(p.asciiName) || String(p.geonamesId);
  const withDivision = (p: T) => [base(p), p.division ? slugOf(p.division) : ''].filter(Boolean).join('-');
  const count = (key: (p: T) => string) => {
    const seen = new Map<string, number>();
    for (const p of places) seen.set(`${p.country}/${key(p)}`, (seen.get(`${p.country}/${key(p)}`) ?? 0) + 1);
    return (p: T) => seen.get(`${p.country}/${key(p)}`) ?? 0;
  };
  const [byName, byDivision] = [count(base), count(withDivision)];
  return places.map((p) => {
    const citySlug = byName(p) === 1 ? base(p) : byDivision(p) === 1 ? withDivision(p) : `${withDivision(p)}-${p.geonamesId}`;
    const countrySlug = slugOf(p.countryName) || p.country.toLowerCase();
    return { ...p, countrySlug, citySlug, path: `/time/${countrySlug}/${citySlug}/` };
  });
}

let list: Promise<CityPlace[]> | undefined;

/** Every city page's place, by country name then by population (largest first); read once per build. */
export function cityPlaces(): Promise<CityPlace[]> {
  list ??= (async () => {
    const ix = await loadPlaces();
    const found = chooseRows(datasetRows()).map((row) => {
      for (const q of [row.ascii, row.name]) {
        const hit = searchIndex(ix, q, { country: row.country, limit: 50 })
          .map((h) => describeHit(ix, h))
          .find((p) => p.geonames_id === row.id);
        if (hit)
          return {
            geonamesId: row.id,
            name: hit.name,
            asciiName: hit.ascii_name,
            country: hit.country,
            countryName: hit.country_name,
            division: hit.admin1,
            lat: hit.lat,
            lon: hit.lon,
            elevation: hit.elevation_m,
            population: hit.population,
            timezone: hit.timezone,
            capital: row.capital,
          };
      }
      throw new Error(`city pages: GeoNames ${row.id} (${row.name}, ${row.country}) is not found by its own name in the places index`);
    });
    return assignSlugs(found).sort((a, b) => a.countryName.localeCompare(b.countryName, 'en') || b.population - a.population || a.geonamesId - b.geonamesId);
  })();
  return list;
}

/** The countries with city pages, by name: slug, name and their places. */
export async function cityCountries(): Promise<{ slug: string; name: string; code: string; places: CityPlace[] }[]> {
  const out = new Map<string, { slug: string; name: string; code: string; places: CityPlace[] }>();
  for (const p of await cityPlaces()) {
    let c = out.get(p.countrySlug);
    if (!c) out.set(p.countrySlug, (c = { slug: p.countrySlug, name: p.countryName, code: p.country, places: [] }));
    c.places.push(p);
  }
  return [...out.values()];
}

/** Every address of the city pages: the index, each country's page and each city's. */
export async function cityPagePaths(): Promise<string[]> {
  const countries = await cityCountries();
  return ['/time/', ...countries.map((c) => `/time/${c.slug}/`), ...countries.flatMap((c) => c.places.map((p) => p.path))];
}
