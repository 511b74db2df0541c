/**
 * The shipped tzdb release (2026f) against an independent reading of the same release, and the facts
 * that release changed pinned where people live. Reference: moment-timezone 0.6.6's own zone objects
 * (`utcOffset`, `abbr`, `untils`), which read the release with moment's code, not ours.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { MOLDOVA_CHANGES, TZDB_2026F_TODAY, ZONE_STATES } from '../../fixtures/reference/tzdb.ts';
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
const moment = require('moment-timezone') as {
  tz: { zone(name: string): MomentZone | null; dataVersion: string; Zone: new (packed: string) => MomentZone };
};
/** datasets/tzdb/backzone.json's zones, read by moment's code: the reference before 1970 for the zones it lists. */
const BACKZONE = new Map(
  (require('../../../datasets/tzdb/backzone.json') as { zones: string[] }).zones.map((line) => [line.slice(0, line.indexOf('|')), new moment.tz.Zone(line)]),
);
/** The reference zone for an instant: backzone's before 1970 where it has the zone, moment's build otherwise. */
const referenceAt = (name: string, ms: number): MomentZone => (ms < 0 && BACKZONE.get(name)) || moment.tz.zone(name)!;
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
      for (let i = 0; i < 60; i++) {
        const ms = Math.floor(lo + rnd() * (hi - lo));
        const ref = referenceAt(name, ms);
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
  /** A town in each zone (its centre, OpenStreetMap): the boundary lookup must find the zone there. */
  const TOWN: Record<string, [string, number, number]> = {
    'America/Vancouver': ['Vancouver', 49.2827, -123.1207],
    'America/Edmonton': ['Calgary', 51.0447, -114.0719],
    'America/Winnipeg': ['Winnipeg', 49.8951, -97.1384],
    'America/Havana': ['Havana', 23.1136, -82.3666],
    'Africa/Casablanca': ['Casablanca', 33.5731, -7.5898],
    'Asia/Kathmandu': ['Kathmandu', 27.7172, 85.324],
  };
  it.each(TZDB_2026F_TODAY.map((row) => [TOWN[row.input.zone][0], row] as const))('%s', (_, { input, expected, source }) => {
    expect(Date.parse(input.at)).toBe(today);
    const [, lat, lon] = TOWN[input.zone];
    const r = localTimeAt(lat, lon, today);
    expect({ zone: r.timezone, offset: r.utc_offset, abbreviation: r.abbreviation, local: r.local_time }, source).toEqual({
      zone: input.zone,
      offset: expected.utc_offset,
      abbreviation: expected.abbreviation,
      local: expected.local_time,
    });
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
    const last = MOLDOVA_CHANGES.at(-1)!;
    for (const { expected } of MOLDOVA_CHANGES.slice(0, -1)) {
      expect(offsetAt(rulesOf('Europe/Chisinau'), at(expected.at) - 1)).not.toBe(expected.utc_offset_seconds);
      expect(offsetAt(rulesOf('Europe/Chisinau'), at(expected.at))).toBe(expected.utc_offset_seconds);
    }
    expect(zoneRulesAt(last.input.zone, at(last.input.after)).next_transition).toEqual({
      at_ms: at(last.expected.at),
      utc_offset_seconds: last.expected.utc_offset_seconds,
    });
  });

  it("Dublin's negative DST, Lord Howe's half hour", () => {
    // europe: "1:00 Eire IST/GMT": IST is tzdb's standard time, GMT in winter its negative DST; dst here
    // is true in summer (the offset above the lower one), the way ICU, Java and Windows read it.
    const [summer, winter] = ZONE_STATES.filter((r) => r.input.zone === 'Europe/Dublin').map((r) => r.expected);
    expect(zoneRulesAt('Europe/Dublin', at('2026-07-01T12:00:00Z'))).toMatchObject(summer);
    expect(zoneRulesAt('Europe/Dublin', at('2026-12-01T12:00:00Z'))).toMatchObject(winter);
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
