/**
 * The shipped tzdb release (2026f) against an independent reading of the same release, and the facts
 * that release changed pinned where people live. Reference: moment-timezone 0.6.6's own zone objects
 * (`utcOffset`, `abbr`, `untils`), which read the release with moment's code, not ours.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { versions } from '../../../engine/provenance.ts';
import { localTimeAt } from '../../../engine/time/local-time.ts';
import { rulesOf, tzdbNames, tzdbRelease, zoneTable } from '../../../engine/time/tzdb.ts';
import { offsetAt, periodAt } from '../../../engine/time/tzdb-data.ts';
import { boundaryZonesWithoutRules, zoneNames } from '../../../engine/time/zone-names.ts';
import { instantOfLocal, zoneRulesAt } from '../../../engine/time/zone-rules.ts';

const require = createRequire(import.meta.url);
interface MomentZone {
  untils: number[];
  utcOffset(ms: number): number;
  abbr(ms: number): string;
}
const moment = require('moment-timezone') as { tz: { zone(name: string): MomentZone | null; dataVersion: string } };
const at = (iso: string) => Date.parse(iso);
const H = 3600;
const offsetOfMoment = (z: MomentZone, ms: number) => -Math.round(z.utcOffset(ms) * 60) || 0;

describe('the release', () => {
  it('is 2026f, one release for offsets, abbreviations, names and provenance', () => {
    expect(tzdbRelease()).toBe('2026f');
    expect(versions.tzdb).toBe('2026f');
    expect(moment.tz.dataVersion).toBe('2026f');
    expect(localTimeAt(49.2827, -123.1207, at('2026-11-24T20:00:00Z')).provenance.tzdb).toBe('2026f');
  });

  it('every zone the boundary lookup can return has rules in it', () => {
    expect(boundaryZonesWithoutRules()).toEqual([]);
  });

  it('npm run tzdb reports the release and the boundary check (the first step of an update)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/tzdb.ts', '--offline'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('shipped: IANA tzdb 2026f (moment-timezone 0.6.6');
    expect(r.stdout).toContain('boundary check: every zone of the boundary data has rules in the release');
  });
});

describe("every zone agrees with moment-timezone's reading of 2026f", () => {
  const names = [...new Set([...zoneNames(), ...tzdbNames().zones, ...tzdbNames().links.keys()])];

  it('at every transition from 1970 to 2037 (the instant before and the instant of it)', () => {
    let checked = 0;
    for (const name of names) {
      const ref = moment.tz.zone(name);
      expect(ref, name).not.toBeNull();
      const t = rulesOf(name);
      for (const until of ref!.untils) {
        if (until < at('1970-01-01T00:00:00Z') || until > at('2038-01-01T00:00:00Z')) continue;
        for (const ms of [until - 1, until]) {
          const mine = periodAt(t, ms);
          if (mine.offset !== offsetOfMoment(ref!, ms) || mine.abbreviation !== ref!.abbr(ms)) {
            expect([name, new Date(ms).toISOString(), mine.offset, mine.abbreviation]).toEqual([
              name,
              new Date(ms).toISOString(),
              offsetOfMoment(ref!, ms),
              ref!.abbr(ms),
            ]);
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  it('at random instants from 1800 to 2100 (fixed seed)', () => {
    let seed = 2026_11_24;
    const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const lo = at('1800-01-01T00:00:00Z'),
      hi = at('2100-12-31T00:00:00Z');
    for (const name of names) {
      const ref = moment.tz.zone(name)!;
      for (let i = 0; i < 60; i++) {
        const ms = Math.floor(lo + rnd() * (hi - lo));
        const r = zoneRulesAt(name === 'UTC' ? 'UTC' : name, ms);
        if (r.utc_offset_seconds !== offsetOfMoment(ref, ms) || r.abbreviation !== ref.abbr(ms)) {
          expect([name, ms, r.utc_offset_seconds, r.abbreviation]).toEqual([name, ms, offsetOfMoment(ref, ms), ref.abbr(ms)]);
        }
      }
    }
  });
});

describe('what tzdb 2026f says today, at coordinates', () => {
  const today = at('2026-11-24T20:00:00Z');
  it.each([
    // northamerica 2026f: from 2026-11-01 British Columbia keeps "-7:00 - MST", Alberta "-6:00 - CST" and
    // Manitoba "-5:00 - EST" all year (their summer offsets)
    ['Vancouver', 49.2827, -123.1207, 'America/Vancouver', '-07:00', 'MST', '2026-11-24T13:00:00-07:00'],
    ['Calgary', 51.0447, -114.0719, 'America/Edmonton', '-06:00', 'CST', '2026-11-24T14:00:00-06:00'],
    ['Winnipeg', 49.8951, -97.1384, 'America/Winnipeg', '-05:00', 'EST', '2026-11-24T15:00:00-05:00'],
    // northamerica 2026f: Cuba stays on -04:00 (CDT) until November 2027
    ['Havana', 23.1136, -82.3666, 'America/Havana', '-04:00', 'CDT', '2026-11-24T16:00:00-04:00'],
    // africa 2026f: Morocco on +00 from 2026-09-20
    ['Casablanca', 33.5731, -7.5898, 'Africa/Casablanca', '+00:00', '+00', '2026-11-24T20:00:00+00:00'],
    ['Kathmandu', 27.7172, 85.324, 'Asia/Kathmandu', '+05:45', '+0545', '2026-11-25T01:45:00+05:45'],
  ] as const)('%s', (_, lat, lon, zone, offset, abbreviation, local) => {
    const r = localTimeAt(lat, lon, today);
    expect({ zone: r.timezone, offset: r.utc_offset, abbreviation: r.abbreviation, local: r.local_time }).toEqual({ zone, offset, abbreviation, local });
  });

  it('Vancouver on -07:00 is standard time, with no transition ahead', () => {
    const r = zoneRulesAt('America/Vancouver', today);
    expect(r).toEqual({ utc_offset_seconds: -7 * H, abbreviation: 'MST', dst: false, next_transition: null });
    // northamerica 2026f: 2026-03-08 02:00 PST → PDT, the last change of offset
    expect(zoneRulesAt('America/Vancouver', at('2026-07-01T00:00:00Z')).dst).toBe(true);
  });

  it('Calgary and Winnipeg no longer change their clocks; Havana next changes in November 2027', () => {
    expect(zoneRulesAt('America/Edmonton', today)).toMatchObject({ dst: false, next_transition: null });
    expect(zoneRulesAt('America/Winnipeg', today)).toMatchObject({ dst: false, next_transition: null });
    const havana = zoneRulesAt('America/Havana', today).next_transition!;
    expect(new Date(havana.at_ms).toISOString().slice(0, 7)).toBe('2027-11');
    expect(havana.utc_offset_seconds).toBe(-5 * H);
  });

  it('Moldova changes at 01:00 UTC since 2022 (europe 2026f: Rule Moldova 2022 max)', () => {
    for (const [iso, offset] of [
      ['2022-03-27T01:00:00Z', 3 * H],
      ['2022-10-30T01:00:00Z', 2 * H],
      ['2026-03-29T01:00:00Z', 3 * H],
      ['2026-10-25T01:00:00Z', 2 * H],
    ] as const) {
      expect(offsetAt(rulesOf('Europe/Chisinau'), at(iso) - 1)).not.toBe(offset);
      expect(offsetAt(rulesOf('Europe/Chisinau'), at(iso))).toBe(offset);
    }
    expect(zoneRulesAt('Europe/Chisinau', at('2026-11-24T00:00:00Z')).next_transition).toEqual({
      at_ms: at('2027-03-28T01:00:00Z'),
      utc_offset_seconds: 3 * H,
    });
  });

  it("Dublin's negative DST, Lord Howe's half hour", () => {
    // europe: "1:00 Eire IST/GMT": IST is tzdb's standard time, GMT in winter its negative DST; dst here
    // is true in summer (the offset above the lower one), the way ICU, Java and Windows read it.
    expect(zoneRulesAt('Europe/Dublin', at('2026-07-01T12:00:00Z'))).toMatchObject({ utc_offset_seconds: H, abbreviation: 'IST', dst: true });
    expect(zoneRulesAt('Europe/Dublin', at('2026-12-01T12:00:00Z'))).toMatchObject({ utc_offset_seconds: 0, abbreviation: 'GMT', dst: false });
    // australasia: "10:30 LH +1030/+11": +11 from 2026-10-04 02:00 local
    expect(zoneRulesAt('Australia/Lord_Howe', today)).toMatchObject({ utc_offset_seconds: 11 * H, abbreviation: '+11', dst: true });
    expect(instantOfLocal('Australia/Lord_Howe', 2026, 10, 4, 2, 15)).toMatchObject({ gap: true });
  });
});

describe('no other copy of zone data leaks in', () => {
  it('date-holidays uses the same moment-timezone, so loading every module leaves the answers alone', async () => {
    const fromHolidays = createRequire(require.resolve('date-holidays-parser'))('moment-timezone') as typeof moment;
    expect(fromHolidays).toBe(moment);
    const parserMoment = createRequire(require.resolve('date-holidays-parser')).resolve('moment-timezone');
    expect(dirname(parserMoment)).toBe(dirname(require.resolve('moment-timezone')));
    const before = zoneRulesAt('America/Vancouver', at('2026-11-24T20:00:00Z'));
    await import('../../../engine/registry.ts');
    await import('../../../http/app.ts');
    await import('../../../mcp/server.ts');
    const Holidays = require('date-holidays') as new (country: string) => { getHolidays(year: number): unknown[] };
    expect(new Holidays('CA').getHolidays(2026).length).toBeGreaterThan(5);
    expect(moment.tz.dataVersion).toBe('2026f');
    expect(zoneRulesAt('America/Vancouver', at('2026-11-24T20:00:00Z'))).toEqual(before);
    expect(zoneTable('Europe/Paris')!.untils.length).toBeGreaterThan(1000);
  });
});
