import { describe, expect, it } from 'vitest';
import { lookupZones, nauticalZone, ready, TILE_CACHE_BYTES, tileCacheBytes, tileCacheSize, warmUp } from '../../../engine/time/zone-lookup.ts';

// Expected zones are those of timezone-boundary-builder 2026d (comprehensive set) as shipped in
// geo-tz 8.1.9; place coordinates are the towns' centres (OpenStreetMap).
describe('lookupZones', () => {
  it('warms up and reports ready', () => {
    warmUp();
    expect(ready()).toBe(true);
  });

  it.each([
    ['Phoenix, Arizona (no DST)', 33.4484, -112.074, 'America/Phoenix'],
    ['Window Rock, Navajo Nation (observes DST)', 35.6797, -109.0525, 'America/Denver'],
    ['Indianapolis', 39.7684, -86.1581, 'America/Indiana/Indianapolis'],
    ['Gary, Lake County IN (Chicago area)', 41.5934, -87.3464, 'America/Chicago'],
    ['Vincennes, Knox County IN (own zone)', 38.6773, -87.5286, 'America/Indiana/Vincennes'],
    ['Kolkata (canonical name, not Asia/Calcutta)', 22.5726, 88.3639, 'Asia/Kolkata'],
    ['Kyiv (canonical name, not Europe/Kiev)', 50.4501, 30.5234, 'Europe/Kyiv'],
    ['Kathmandu', 27.7172, 85.324, 'Asia/Kathmandu'],
    ['Chatham Islands', -43.95, -176.55, 'Pacific/Chatham'],
    ['Lord Howe Island', -31.5553, 159.0821, 'Australia/Lord_Howe'],
  ])('%s', (_name, lat, lon, zone) => {
    expect(lookupZones(lat, lon)).toEqual({ zones: [zone], resolution: 'land' });
  });
});

describe('nauticalZone', () => {
  it('maps 15° bands with inverted POSIX signs', () => {
    expect(nauticalZone(-140)).toBe('Etc/GMT+9'); // -142.5..-127.5 is UTC-09:00
    expect(nauticalZone(0)).toBe('Etc/GMT');
    expect(nauticalZone(100)).toBe('Etc/GMT-7');
  });
  it('puts a band edge in the band nearer the prime meridian', () => {
    expect(nauticalZone(7.5)).toBe('Etc/GMT');
    expect(nauticalZone(-7.5)).toBe('Etc/GMT');
    expect(nauticalZone(22.5)).toBe('Etc/GMT-1');
    expect(nauticalZone(180)).toBe('Etc/GMT-12');
    expect(nauticalZone(-180)).toBe('Etc/GMT+12');
  });
});

describe('edge cases', () => {
  it('open Pacific is a nautical zone (ocean)', () => {
    expect(lookupZones(0, -140)).toEqual({ zones: ['Etc/GMT+9'], resolution: 'ocean' });
  });

  it('an enclave: Büsingen am Hochrhein (German exclave in Switzerland)', () => {
    expect(lookupZones(47.6967, 8.6903).zones).toEqual(['Europe/Busingen']);
  });

  it('Baarle: Dutch town hall vs Belgian enclave church a few hundred metres apart', () => {
    expect(lookupZones(51.4436, 4.9297).zones).toEqual(['Europe/Amsterdam']); // Baarle-Nassau town hall
    expect(lookupZones(51.4381, 4.9261).zones).toEqual(['Europe/Brussels']); // Baarle-Hertog, Sint-Remigiuskerk
  });

  // Found empirically: a 0.5° grid over lat -60..80 scanned with geo-tz for points whose answer
  // holds more than one non-Etc zone; the data set's overlapping polygons mark disputed areas.
  it('disputed areas list every claimant zone', () => {
    const abkhazia = lookupZones(43.0015, 41.0234); // Sukhumi: Georgian claim vs de-facto Moscow time
    expect(abkhazia.resolution).toBe('land');
    expect([...abkhazia.zones].sort()).toEqual(['Asia/Tbilisi', 'Europe/Moscow']);
    const aksaiChin = lookupZones(35, 79);
    expect([...aksaiChin.zones].sort()).toEqual(['Asia/Shanghai', 'Asia/Urumqi']);
  });

  it('antimeridian: land on both sides keeps its zone at lon ±180', () => {
    expect(lookupZones(-16.5, 180).zones).toEqual(['Pacific/Fiji']);
    expect(lookupZones(-16.5, -180).zones).toEqual(['Pacific/Fiji']);
    expect(lookupZones(67.5, 180).zones).toEqual(['Asia/Anadyr']); // Chukotka
    expect(lookupZones(67.5, -180).zones).toEqual(['Asia/Anadyr']);
    expect(lookupZones(66.16, -169.81).zones).toEqual(['Asia/Anadyr']); // Uelen, west of the date line in the Western hemisphere
    expect(lookupZones(1.4518, 172.9717).zones).toEqual(['Pacific/Tarawa']); // Kiribati, UTC+12
    expect(lookupZones(-2.8106, -171.6754).zones).toEqual(['Pacific/Kanton']); // Kiribati, UTC+13
    expect(lookupZones(1.8709, -157.4278).zones).toEqual(['Pacific/Kiritimati']); // Kiribati, UTC+14
  });

  it('antimeridian at sea: both ±12 zones kept, primary by the sign of lon', () => {
    expect(lookupZones(30, 180)).toEqual({ zones: ['Etc/GMT-12', 'Etc/GMT+12'], resolution: 'ocean' });
    expect(lookupZones(30, -180)).toEqual({ zones: ['Etc/GMT+12', 'Etc/GMT-12'], resolution: 'ocean' });
  });

  it('band edge at sea: both neighbours kept, primary nearer the prime meridian', () => {
    expect(lookupZones(0, 7.5)).toEqual({ zones: ['Etc/GMT', 'Etc/GMT-1'], resolution: 'ocean' });
  });

  it('North Pole: all 25 nautical zones, UTC first', () => {
    const np = lookupZones(90, -45);
    expect(np.resolution).toBe('ocean');
    expect(np.zones).toHaveLength(25);
    expect(np.zones[0]).toBe('Etc/GMT');
    expect(new Set(np.zones).size).toBe(25);
  });

  it('South Pole lies in Antarctica/McMurdo (Amundsen–Scott keeps New Zealand time)', () => {
    expect(lookupZones(-90, 0)).toEqual({ zones: ['Antarctica/McMurdo'], resolution: 'land' });
    expect(lookupZones(-90, 123)).toEqual({ zones: ['Antarctica/McMurdo'], resolution: 'land' });
  });

  // Eviction order and small budgets are tested in zone-finder.test.ts and boundary-tiles.test.ts.
  it('the tile cache stays within its byte budget after many random lookups', () => {
    let seed = 1;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 10_000; i++) lookupZones(35 + rnd() * 25, -10 + rnd() * 40); // Europe: dense in tiles
    for (let i = 0; i < 10_000; i++) lookupZones(rnd() * 180 - 90, rnd() * 360 - 180);
    expect(tileCacheSize()).toBeGreaterThan(1000);
    expect(tileCacheBytes()).toBeGreaterThan(0);
    expect(tileCacheBytes()).toBeLessThanOrEqual(TILE_CACHE_BYTES);
  });
});
