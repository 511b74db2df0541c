/**
 * Place names in the page, without the API or a key: the site's places pack (`/places/`, built by
 * website/src/lib/places-pack.ts; format and search in website/src/lib/places-pack-format.ts). A lookup
 * fetches the manifest once and then the one file its name falls in (each about 20 KB gzipped, at most
 * about 50 KB), kept for the page's life.
 */
import { normalizeName } from '../../../engine/browser/index.ts';
import {
  fileOf,
  type NearTile,
  type PackFound,
  type PackManifest,
  type PackShard,
  placeLabel,
  readQuery,
  searchShard,
  tileOf,
} from '../lib/places-pack-format.ts';

export { placeLabel, type PackFound };

const BASE = '/places/';
const files = new Map<string, Promise<unknown>>();

/** A pack file (fetched once; a failed fetch is forgotten, so a later lookup tries again). */
function load<T>(name: string): Promise<T> {
  let file = files.get(name);
  if (!file) {
    file = fetch(`${BASE}${name}.json`).then((r) => {
      if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
      return r.json();
    });
    files.set(name, file);
    file.catch(() => files.delete(name));
  }
  return file as Promise<T>;
}

const manifest = () => load<PackManifest>('manifest');

/** The places a typed name gives, best first (`London` → London, England first), at most `limit`; [] for none. Rejects when the pack cannot be fetched. */
export async function findPlaces(text: string, limit = 6): Promise<PackFound[]> {
  const query = readQuery(text, normalizeName);
  if (!query.name) return [];
  const m = await manifest();
  const file = fileOf(m, query.name);
  if (!file) return [];
  return searchShard(m, await load<PackShard>(file), query, limit, normalizeName);
}

/** The zone of the place a name gives best (`London` → Europe/London), with the place; undefined when none. */
export async function zoneOfPlaceName(text: string): Promise<{ zone: string; place: PackFound } | undefined> {
  const [best] = await findPlaces(text, 1);
  return best && { zone: best.timezone, place: best };
}

/** Great-circle distance in km (a sphere of 6371 km: enough to name the nearest place). */
function km(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The pack's place nearest a position, within `withinKm`, as `London, England, United Kingdom`, with its distance; undefined when none is that near. */
export async function nearestPlace(lat: number, lon: number, withinKm = 25): Promise<{ label: string; km: number } | undefined> {
  const m = await manifest();
  const d = m.near.degrees;
  // The position's tile, and those beside it when the position is within a quarter degree (about 25 km) of their edge.
  const tiles = new Set<string>();
  for (const dLat of [-0.25, 0, 0.25])
    for (const dLon of [-0.25, 0, 0.25]) tiles.add(tileOf(d, lat + dLat, lon + dLon / Math.max(Math.cos((lat * Math.PI) / 180), 0.1)));
  let best: { label: string; km: number } | undefined;
  for (const tile of tiles) {
    if (!m.near.tiles.includes(tile)) continue;
    for (const [name, admin1, country, plat, plon] of await load<NearTile>(`n${tile}`)) {
      const distance = km(lat, lon, plat, plon);
      if (distance <= withinKm && (!best || distance < best.km))
        best = { label: placeLabel({ name, admin1, country_name: m.countries[country] ?? country }), km: distance };
    }
  }
  return best;
}

/** What the pack was built from, for words under an answer. */
export const packSource = async (): Promise<PackManifest['source']> => (await manifest()).source;
