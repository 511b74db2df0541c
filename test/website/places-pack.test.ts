/**
 * The site's places pack (`/places/`, website/src/lib/places-pack.ts) as the build writes it: sharded
 * within the size bound, holding the most populous places and every capital, and answering names as the
 * server's search_places answers them (its first place, and each name's places in its order).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CITIES500_FILE, describeHit, loadPlaces, searchIndex, startNodeEngine, toolByName } from '../../engine/index.ts';
import { normalizeName } from '../../engine/browser/index.ts';
import { fileOf, type PackManifest, type PackShard, readQuery, searchShard } from '../../website/src/lib/places-pack-format.ts';
import { buildSite } from './build-site.ts';

let dir = '';
let manifest: PackManifest;
const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as T;
const lookUp = (text: string, limit = 6) => {
  const query = readQuery(text, normalizeName);
  const file = fileOf(manifest, query.name);
  return file ? searchShard(manifest, read<PackShard>(file), query, limit, normalizeName) : [];
};
/** The server's answer (search_places, the API's tool) for a name: its places, best first. */
const server = async (q: string, limit = 1) =>
  (
    (await toolByName('search_places')!.run({ q, limit, min_population: 0 }, { now: () => new Date() })) as {
      places: { geonames_id: number; name: string; admin1: string | null; country_name: string; lat: number; lon: number; timezone: string }[];
    }
  ).places;

beforeAll(async () => {
  dir = join(await buildSite(), 'places');
  manifest = read<PackManifest>('manifest');
  startNodeEngine(false);
}, 360_000);

describe('the places pack', () => {
  it('is sharded so that a lookup fetches the manifest and one file, each at most 50 KB gzipped', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    const sizes = files.map((f) => [f, gzipSync(readFileSync(join(dir, f)), { level: 6 }).length] as const);
    expect(sizes.filter(([, size]) => size > 50_000)).toEqual([]);
    expect(Object.fromEntries(sizes)['manifest.json']).toBeLessThan(12_000);
    expect(files.length).toBe(1 + manifest.files.length + Object.keys(manifest.summaries).length + manifest.near.tiles.length);
    // Names split by prefix (the trie): a split prefix has a summary, its longer names a shard.
    expect(fileOf(manifest, 'sa')).toMatch(/^t\d+$/);
    expect(fileOf(manifest, 'san francisco')).toMatch(/^s\d+$/);
  });

  it('holds the 25,000 most populous places and every capital (GeoNames PPLC), with the source it was built from', () => {
    const ids = new Set<number>();
    for (let i = 0; i < manifest.files.length; i++) for (const p of read<PackShard>(`s${i}`).places) ids.add(p[0]);
    // A name equal to a split prefix (a place called `Sa`) is in that prefix's summary only.
    for (const n of Object.values(manifest.summaries)) for (const p of read<PackShard>(`t${n}`).places) ids.add(p[0]);
    expect(ids.size).toBe(manifest.places);
    expect(manifest.places).toBeGreaterThanOrEqual(25_000);
    const capitals = readFileSync(CITIES500_FILE, 'utf8')
      .split('\n')
      .map((line) => line.split('\t'))
      .filter((f) => f[7] === 'PPLC')
      .map((f) => Number(f[0]));
    expect(capitals.length).toBeGreaterThan(200);
    expect(capitals.filter((id) => !ids.has(id))).toEqual([]);
    // The index the server searches, named by its manifest (node_modules/.cache/places/…bin.json).
    expect(manifest.source.index_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.source.geonames_export).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  // GeoNames ids: London 2643743, Paris 2988507, New York City 5128581, São Paulo 3448439, Munich 2867714, Ngerulmud 8063361 (Palau's capital, population 0).
  it.each([
    ['London', 2643743, 'London, England, United Kingdom', 'Europe/London'],
    ['Paris', 2988507, 'Paris, Île-de-France, France', 'Europe/Paris'],
    ['New York', 5128581, 'New York City, New York, United States', 'America/New_York'],
    ['São Paulo', 3448439, 'São Paulo, Brazil', 'America/Sao_Paulo'],
    ['Sao Paulo', 3448439, 'São Paulo, Brazil', 'America/Sao_Paulo'],
    ['Munich', 2867714, 'Munich, Bavaria, Germany', 'Europe/Berlin'],
    ['München', 2867714, 'Munich, Bavaria, Germany', 'Europe/Berlin'],
    ['MUNCHEN', 2867714, 'Munich, Bavaria, Germany', 'Europe/Berlin'],
    ['Ngerulmud', 8063361, 'Ngerulmud, Melekeok, Palau', 'Pacific/Palau'],
  ])('%s gives %s first, as the server does: its coordinates and zone are the API answer', async (q, id, label, zone) => {
    const [best] = lookUp(q);
    expect([best.id, [best.name, best.admin1, best.country_name].filter((x, i, a) => x && a.indexOf(x) === i).join(', '), best.timezone]).toEqual([
      id,
      label,
      zone,
    ]);
    const [answer] = await server(q);
    expect({
      id: best.id,
      name: best.name,
      admin1: best.admin1,
      country_name: best.country_name,
      lat: best.lat,
      lon: best.lon,
      timezone: best.timezone,
    }).toEqual({
      id: answer.geonames_id,
      name: answer.name,
      admin1: answer.admin1,
      country_name: answer.country_name,
      lat: answer.lat,
      lon: answer.lon,
      timezone: answer.timezone,
    });
  });

  it('a capital of few people is found among places of the same name (Adamstown, Pitcairn: 46 people), and a qualifier narrows', async () => {
    // The server lists smaller Adamstowns of the United States first; of the pack's places, the capital.
    expect((await server('Adamstown', 10)).map((p) => p.geonames_id)).toContain(4030723);
    expect(lookUp('Adamstown')[0].id).toBe(4030723);
    expect(lookUp('Adamstown, Pitcairn Islands')[0].id).toBe(4030723);
    expect(lookUp('Portland, Maine')[0]).toMatchObject({ name: 'Portland', admin1: 'Maine' });
    expect(lookUp('Paris, US')[0]).toMatchObject({ name: 'Paris', country: 'US' });
  });

  it("orders each name's places as the server's search does (its exact matches, where they are in the pack)", async () => {
    const ix = await loadPlaces();
    const inPack = new Set<number>();
    const names = [...manifest.files.map((_, i) => `s${i}`), ...Object.values(manifest.summaries).map((n) => `t${n}`)];
    for (const name of names) for (const p of read<PackShard>(name).places) inPack.add(p[0]);
    const keys = new Set<string>();
    for (let i = 0; i < manifest.files.length; i += 7)
      for (const key of Object.keys(read<PackShard>(`s${i}`).keys).filter((_, j) => j % 97 === 0)) keys.add(key);
    for (const key of ['london', 'paris', 'springfield', 'victoria', 'valencia', 'san jose', 'frankfurt']) keys.add(key);
    expect(keys.size).toBeGreaterThan(100);
    for (const key of keys) {
      const shard = read<PackShard>(fileOf(manifest, key)!);
      const pack = (shard.keys[key] ?? []).map((i) => shard.places[i][0]);
      const serverOrder = searchIndex(ix, key, { limit: 400 })
        .filter((h) => h.exact)
        .map((h) => describeHit(ix, h).geonames_id)
        .filter((id) => inPack.has(id));
      expect(pack.length, key).toBeGreaterThan(0);
      expect(pack, key).toEqual(serverOrder.slice(0, 24));
    }
  }, 120_000);
});
