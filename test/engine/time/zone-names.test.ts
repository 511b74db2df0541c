import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { zoneTable } from '../../../engine/time/tzdb.ts';
import { describe, expect, it } from 'vitest';
import { boundaryZonesWithoutRules, resolveZone, zoneNames } from '../../../engine/time/zone-names.ts';

const require = createRequire(import.meta.url);
const boundaryNames = (
  JSON.parse(readFileSync(join(dirname(require.resolve('geo-tz/all')), '..', 'data', 'timezones.geojson.index.json'), 'utf8')) as { timezones: string[] }
).timezones;

const zone = (input: string) => resolveZone(input)?.zone;

describe('zoneNames', () => {
  const names = zoneNames();

  it('is sorted, canonical, and includes UTC and the Etc/GMT±N zones', () => {
    expect([...names]).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    // backward: "Link Asia/Kolkata Asia/Calcutta", "Link Europe/Kyiv Europe/Kiev", "Link America/Argentina/Buenos_Aires America/Buenos_Aires"
    for (const n of ['Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Asia/Kathmandu', 'UTC', 'Etc/GMT-14', 'Etc/GMT+12']) {
      expect(names).toContain(n);
    }
    for (const legacy of [
      'Asia/Calcutta',
      'Europe/Kiev',
      'America/Buenos_Aires',
      'US/Eastern',
      'Asia/Katmandu',
      'Etc/UTC',
      'Etc/GMT',
      'EST5EDT',
      'EST',
      'Factory',
    ]) {
      expect(names).not.toContain(legacy);
    }
  });

  it('keeps every zone of the boundary data, including those distinct only before 1970', () => {
    for (const n of boundaryNames) if (n !== 'Etc/UTC' && n !== 'Etc/GMT') expect(names).toContain(n);
    expect(names).toContain('Asia/Aden'); // backward: "Link Asia/Riyadh Asia/Aden"; its own zone in the boundary data
    expect(names).toContain('Europe/Oslo');
  });

  it('holds only names the shipped tzdb release has rules for, every boundary zone among them', () => {
    for (const n of names) expect(zoneTable(n === 'UTC' ? 'UTC' : n), n).toBeDefined();
    expect(boundaryZonesWithoutRules()).toEqual([]);
  });

  it('resolves every name Intl lists (legacy ICU spellings included) to one of its own', () => {
    for (const n of Intl.supportedValuesOf('timeZone')) expect(names).toContain(zone(n));
  });
});

describe('resolveZone', () => {
  it('takes an exact name as it is', () => {
    expect(resolveZone('Europe/Paris')).toEqual({ zone: 'Europe/Paris', resolved_from: 'iana', input: 'Europe/Paris' });
    expect(resolveZone('UTC')).toEqual({ zone: 'UTC', resolved_from: 'iana', input: 'UTC' });
    expect(resolveZone('Etc/GMT+5')).toEqual({ zone: 'Etc/GMT+5', resolved_from: 'iana', input: 'Etc/GMT+5' });
  });

  it('ignores letter case', () => {
    expect(resolveZone('europe/paris')).toMatchObject({ zone: 'Europe/Paris', resolved_from: 'iana' });
    expect(resolveZone('AMERICA/NEW_YORK')).toMatchObject({ zone: 'America/New_York', resolved_from: 'iana' });
    expect(resolveZone('utc')).toMatchObject({ zone: 'UTC', resolved_from: 'iana' });
  });

  it('answers links and legacy spellings under the canonical name (tzdb backward)', () => {
    expect(resolveZone('Asia/Calcutta')).toMatchObject({ zone: 'Asia/Kolkata', resolved_from: 'alias' });
    expect(resolveZone('asia/calcutta')).toMatchObject({ zone: 'Asia/Kolkata', resolved_from: 'alias' });
    expect(zone('US/Eastern')).toBe('America/New_York');
    expect(zone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(zone('America/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(zone('Asia/Katmandu')).toBe('Asia/Kathmandu');
    expect(zone('Etc/UTC')).toBe('UTC');
    expect(zone('GMT0')).toBe('UTC');
    // tzdb 2024b made the System V names links: "Link America/New_York EST5EDT".
    expect(zone('EST5EDT')).toBe('America/New_York');
  });

  it('keeps a zone the boundary data treats as its own', () => {
    expect(resolveZone('Asia/Aden')).toEqual({ zone: 'Asia/Aden', resolved_from: 'iana', input: 'Asia/Aden' });
    expect(resolveZone('Europe/Oslo')).toEqual({ zone: 'Europe/Oslo', resolved_from: 'iana', input: 'Europe/Oslo' });
    // A legacy spelling of such a zone goes to it, not to tzdb's post-1970 merge (backward: Africa/Asmera → Africa/Nairobi).
    expect(zone('Africa/Asmera')).toBe('Africa/Asmara');
    expect(zone('Pacific/Truk')).toBe('Pacific/Chuuk');
  });

  it('resolves IST to Asia/Kolkata and lists Dublin and Jerusalem (asia, europe: IST in use by all three)', () => {
    expect(resolveZone('IST')).toMatchObject({
      zone: 'Asia/Kolkata',
      resolved_from: 'abbreviation',
      candidates: ['Europe/Dublin', 'Asia/Jerusalem'],
      other_meanings: [
        { offset_seconds: 3600, zone: 'Europe/Dublin', all_year: false },
        { offset_seconds: 7200, zone: 'Asia/Jerusalem', all_year: false },
      ],
    });
  });

  it('resolves CST to America/Chicago, other meanings (China, Cuba, Mexico City) first', () => {
    const r = resolveZone('CST')!;
    expect(r.zone).toBe('America/Chicago');
    expect(r.candidates!.slice(0, 3).sort()).toEqual(['America/Havana', 'America/Mexico_City', 'Asia/Shanghai']);
    expect(r.other_meanings).toEqual(
      expect.arrayContaining([
        { offset_seconds: 28800, zone: 'Asia/Shanghai', all_year: true },
        { offset_seconds: -18000, zone: 'America/Havana', all_year: false },
        { offset_seconds: -21600, zone: 'America/Mexico_City', all_year: true },
      ]),
    );
  });

  it.each([
    ['EST', 'America/New_York'],
    ['EDT', 'America/New_York'],
    ['PST', 'America/Los_Angeles'],
    ['PDT', 'America/Los_Angeles'],
    ['CET', 'Europe/Paris'],
    ['CEST', 'Europe/Paris'],
    ['cest', 'Europe/Paris'],
    ['BST', 'Europe/London'],
    ['GMT', 'UTC'],
    ['JST', 'Asia/Tokyo'],
    ['KST', 'Asia/Seoul'],
    ['AEST', 'Australia/Sydney'],
    ['AEDT', 'Australia/Sydney'],
    ['NZST', 'Pacific/Auckland'],
    ['NZDT', 'Pacific/Auckland'],
    ['MSK', 'Europe/Moscow'],
    ['SAST', 'Africa/Johannesburg'],
    ['HKT', 'Asia/Hong_Kong'],
    ['WIB', 'Asia/Jakarta'],
    ['PKT', 'Asia/Karachi'],
    ['ChST', 'Pacific/Guam'],
    ['SGT', 'Asia/Singapore'],
  ])('abbreviation %s → %s', (abbr, expected) => {
    const r = resolveZone(abbr)!;
    expect(r).toMatchObject({ zone: expected, resolved_from: 'abbreviation' });
    expect(r.candidates ?? []).not.toContain(expected);
    expect((r.candidates ?? []).length).toBeLessThanOrEqual(10);
    for (const c of r.candidates ?? []) expect(zoneNames()).toContain(c);
  });

  it('lists the zone keeping EST all year (America/Panama) first among EST candidates', () => {
    expect(resolveZone('EST')!.candidates![0]).toBe('America/Panama');
    expect(resolveZone('CEST')!.candidates).toEqual(expect.arrayContaining(['Europe/Berlin', 'Europe/Madrid']));
  });

  it('gives null for what names nothing', () => {
    expect(resolveZone('Europe/Pari')).toBeNull();
    expect(resolveZone('Mars/Olympus_Mons')).toBeNull();
    expect(resolveZone('')).toBeNull();
  });
});

describe('edge cases', () => {
  it('trims surrounding white space', () => {
    expect(resolveZone('  Europe/Paris ')).toEqual({ zone: 'Europe/Paris', resolved_from: 'iana', input: 'Europe/Paris' });
  });

  it('prefers the abbreviation over the tzdb link of the same name (backward: "Link America/Panama EST")', () => {
    expect(zone('EST')).toBe('America/New_York');
    expect(zone('MET')).toBe('Europe/Brussels'); // no abbreviation in use: the link
  });

  it('does not read a name with a slash as an abbreviation', () => {
    expect(resolveZone('IST/IST')).toBeNull();
  });

  it('answers the same resolution twice without sharing mutable lists', () => {
    const a = resolveZone('IST')!;
    a.candidates!.push('Mars/Base');
    expect(resolveZone('ist')!.candidates).toEqual(['Europe/Dublin', 'Asia/Jerusalem']);
  });
});
