import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { instantOfLocal, offsetSecondsAt, standardOffsetSeconds, zoneRulesAt } from '../../../engine/time/zone-rules.ts';

// The independent reading of the same tzdb release: moment-timezone's own zone objects.
const moment = createRequire(import.meta.url)('moment-timezone') as {
  tz: { zone(name: string): { utcOffset(ms: number): number; abbr(ms: number): string } | null; dataVersion: string };
};

const at = (iso: string) => Date.parse(iso);
const H = 3600;

// Values are pinned to the IANA tz database source files (northamerica, europe, asia, australasia).
describe('zoneRulesAt', () => {
  it.each([
    // zone, instant, offset s, abbreviation, dst
    ['Asia/Kolkata', '2026-11-22T08:00:00Z', 5.5 * H, 'IST', false], // asia: "5:30 - IST"
    ['Europe/Paris', '2026-07-01T12:00:00Z', 2 * H, 'CEST', true], // europe: "1:00 EU CE%sT"
    ['Europe/Paris', '2026-01-15T12:00:00Z', 1 * H, 'CET', false],
    ['Europe/Dublin', '2026-07-01T12:00:00Z', 1 * H, 'IST', true], // europe: "1:00 Eire IST/GMT"
    ['Europe/Dublin', '2026-01-15T12:00:00Z', 0, 'GMT', false],
    ['Asia/Kathmandu', '2026-07-01T12:00:00Z', 5.75 * H, '+0545', false], // asia: "5:45 - +0545" since 1986
    ['Australia/Sydney', '2026-01-15T12:00:00Z', 11 * H, 'AEDT', true], // australasia: "10:00 AN AE%sT"
    ['Australia/Sydney', '2026-07-01T12:00:00Z', 10 * H, 'AEST', false],
    ['Australia/Lord_Howe', '2026-01-15T12:00:00Z', 11 * H, '+11', true], // australasia: "10:30 LH +1030/+11"
    ['Australia/Lord_Howe', '2026-07-01T12:00:00Z', 10.5 * H, '+1030', false],
    ['America/New_York', '2026-01-15T12:00:00Z', -5 * H, 'EST', false], // northamerica: "-5:00 US E%sT"
    ['America/New_York', '2026-07-01T12:00:00Z', -4 * H, 'EDT', true],
    ['Pacific/Chatham', '2026-01-15T12:00:00Z', 13.75 * H, '+1345', true], // australasia: "12:45 Chatham +1245/+1345"
    ['Pacific/Chatham', '2026-07-01T12:00:00Z', 12.75 * H, '+1245', false],
    ['Etc/GMT+5', '2026-07-01T12:00:00Z', -5 * H, '-05', false], // etcetera: "Etc/GMT+5 -5 - -05"
    ['America/Phoenix', '2026-07-01T12:00:00Z', -7 * H, 'MST', false], // northamerica: Arizona "-7:00 - MST" since 1968
    ['Asia/Tokyo', '2026-07-01T12:00:00Z', 9 * H, 'JST', false],
  ] as const)('%s at %s', (zone, iso, offset, abbreviation, dst) => {
    const r = zoneRulesAt(zone, at(iso));
    expect(r.utc_offset_seconds).toBe(offset);
    expect(r.abbreviation).toBe(abbreviation);
    expect(r.dst).toBe(dst);
  });

  it('next transition carries the offset after the change', () => {
    // northamerica: Rule US 2007 max Mar Sun>=8 2:00 1:00 D / Nov Sun>=1 2:00 0 S → 2026-03-08, 2026-11-01
    expect(zoneRulesAt('America/New_York', at('2026-01-15T12:00:00Z')).next_transition).toEqual({
      at_ms: at('2026-03-08T07:00:00Z'),
      utc_offset_seconds: -4 * H,
    });
    expect(zoneRulesAt('America/New_York', at('2026-07-01T12:00:00Z')).next_transition).toEqual({
      at_ms: at('2026-11-01T06:00:00Z'),
      utc_offset_seconds: -5 * H,
    });
    // europe: Rule EU 1981 max Mar lastSun 1:00u → 2026-03-29 01:00 UTC, Oct lastSun → 2026-10-25
    expect(zoneRulesAt('Europe/Paris', at('2026-01-15T12:00:00Z')).next_transition).toEqual({ at_ms: at('2026-03-29T01:00:00Z'), utc_offset_seconds: 2 * H });
    expect(zoneRulesAt('Europe/Dublin', at('2026-07-01T12:00:00Z')).next_transition).toEqual({ at_ms: at('2026-10-25T01:00:00Z'), utc_offset_seconds: 0 });
    // australasia: Rule LH 2008 max Oct Sun>=1 2:00 0:30 → 2026-10-04 02:00 +1030 = 2026-10-03 15:30Z
    expect(zoneRulesAt('Australia/Lord_Howe', at('2026-07-01T12:00:00Z')).next_transition).toEqual({
      at_ms: at('2026-10-03T15:30:00Z'),
      utc_offset_seconds: 11 * H,
    });
    // australasia: Rule Chatham 2008 max Apr Sun>=1 2:45s → 2026-04-05 02:45 +1245 = 2026-04-04 14:00Z
    expect(zoneRulesAt('Pacific/Chatham', at('2026-01-15T12:00:00Z')).next_transition).toEqual({
      at_ms: at('2026-04-04T14:00:00Z'),
      utc_offset_seconds: 12.75 * H,
    });
  });

  it('zones with no future transitions answer null', () => {
    expect(zoneRulesAt('Asia/Kathmandu', at('2026-07-01T12:00:00Z')).next_transition).toBeNull();
    expect(zoneRulesAt('Etc/GMT+5', at('2026-07-01T12:00:00Z')).next_transition).toBeNull();
  });
});

describe('standardOffsetSeconds', () => {
  it('is the lowest offset in force within half a year either side', () => {
    expect(standardOffsetSeconds('Europe/Dublin', at('2026-07-01T00:00:00Z'))).toBe(0);
    expect(standardOffsetSeconds('Australia/Lord_Howe', at('2026-01-01T00:00:00Z'))).toBe(10.5 * H);
    expect(standardOffsetSeconds('Australia/Sydney', at('2026-01-01T00:00:00Z'))).toBe(10 * H);
    // northamerica (2026f): British Columbia keeps -07:00 all year from 2026-11-01
    expect(standardOffsetSeconds('America/Vancouver', at('2026-07-01T00:00:00Z'))).toBe(-8 * H);
    expect(standardOffsetSeconds('America/Vancouver', at('2026-11-24T00:00:00Z'))).toBe(-7 * H);
  });
});

describe('edge cases', () => {
  it('history before 1970: Kolkata war time +06:30 (asia: "5:30 1:00 +0630 1945 Oct 15")', () => {
    const r = zoneRulesAt('Asia/Kolkata', at('1943-06-01T00:00:00Z'));
    expect(r.utc_offset_seconds).toBe(6.5 * H);
    expect(r.abbreviation).toBe('+0630');
    // 1945 Oct 15 00:00 local +06:30 = 1945-10-14T17:30Z, back to IST
    expect(r.next_transition).toEqual({ at_ms: at('1945-10-14T17:30:00Z'), utc_offset_seconds: 5.5 * H });
    // The DST rule judges each local year alone: 1943 was +06:30 all year, so not DST; in 1942 the
    // +06:30 of October differs from July's +05:30 (asia: IST from 1942 May 15 to Sep), so DST.
    expect(r.dst).toBe(false);
    expect(zoneRulesAt('Asia/Kolkata', at('1942-10-15T00:00:00Z')).dst).toBe(true);
  });

  it('history before 2006: Indianapolis kept EST all year (northamerica: "-5:00 - EST 2006")', () => {
    const r = zoneRulesAt('America/Indiana/Indianapolis', at('2005-07-01T12:00:00Z'));
    expect(r).toMatchObject({ utc_offset_seconds: -5 * H, abbreviation: 'EST', dst: false });
    expect(r.next_transition).toEqual({ at_ms: at('2006-04-02T07:00:00Z'), utc_offset_seconds: -4 * H });
  });

  it('1900-01-01: local mean times and early standard time', () => {
    // europe: Dublin "-0:25:21 - DMT 1916 May 21 2:00s", then IST +00:34:39
    const dublin = zoneRulesAt('Europe/Dublin', at('1900-01-01T00:00:00Z'));
    expect(dublin).toMatchObject({ utc_offset_seconds: -1521, abbreviation: 'DMT', dst: false });
    expect(dublin.next_transition).toEqual({ at_ms: at('1916-05-21T02:25:21Z'), utc_offset_seconds: 2079 });
    // europe: Paris "0:09:21 - PMT 1911 Mar 11"
    expect(zoneRulesAt('Europe/Paris', at('1900-01-01T00:00:00Z')).next_transition).toEqual({ at_ms: at('1911-03-10T23:50:39Z'), utc_offset_seconds: 0 });
    // northamerica: New York EST since 1883 Nov 18; first US DST 1918 Mar 31
    expect(zoneRulesAt('America/New_York', at('1900-01-01T00:00:00Z')).next_transition).toEqual({
      at_ms: at('1918-03-31T07:00:00Z'),
      utc_offset_seconds: -4 * H,
    });
  });

  it('transitions before 1847 (which Temporal does not search) are found: Manila 1844 date-line change', () => {
    // asia: Asia/Manila "-15:56:08 - LMT 1844 Dec 31" then "8:03:52 - LMT"
    const r = zoneRulesAt('Asia/Manila', at('1800-01-01T00:00:00Z'));
    expect(r.utc_offset_seconds).toBe(-(15 * H + 56 * 60 + 8));
    expect(r.next_transition).toEqual({ at_ms: at('1844-12-31T15:56:08Z'), utc_offset_seconds: 8 * H + 3 * 60 + 52 });
  });

  it('war time abbreviations change without an offset change (northamerica: EWT then EPT 1945 Aug 14)', () => {
    expect(zoneRulesAt('America/New_York', at('1944-01-01T00:00:00Z')).abbreviation).toBe('EWT');
    expect(zoneRulesAt('America/New_York', at('1945-09-01T00:00:00Z')).abbreviation).toBe('EPT');
  });

  it('beyond the data (2499) the yearly rules go on by the 400-year cycle', () => {
    expect(zoneRulesAt('Europe/Dublin', at('2600-07-01T00:00:00Z'))).toMatchObject({ abbreviation: 'IST', dst: true });
    expect(zoneRulesAt('Europe/Dublin', at('2600-01-01T12:00:00Z'))).toMatchObject({ abbreviation: 'GMT', dst: false });
    // europe: Rule EU 1981 max Mar lastSun 1:00u: the last Sunday of March 2600 is the 30th
    expect(zoneRulesAt('Europe/Paris', at('2600-01-15T00:00:00Z')).next_transition).toEqual({ at_ms: at('2600-03-30T01:00:00Z'), utc_offset_seconds: 2 * H });
    // across the data's last listed change (2499-10-25) the next one is 2500's March change
    expect(zoneRulesAt('Europe/Paris', at('2499-12-01T00:00:00Z')).next_transition).toEqual({ at_ms: at('2500-03-28T01:00:00Z'), utc_offset_seconds: 2 * H });
    // a zone without yearly rules keeps its last offset for ever
    expect(zoneRulesAt('America/Vancouver', at('2600-07-01T00:00:00Z'))).toMatchObject({ utc_offset_seconds: -7 * H, next_transition: null });
  });

  it('exactly at a transition the new offset is in force', () => {
    expect(offsetSecondsAt('America/New_York', at('2026-03-08T06:59:59.999Z'))).toBe(-5 * H);
    expect(zoneRulesAt('America/New_York', at('2026-03-08T07:00:00Z')).utc_offset_seconds).toBe(-4 * H);
  });

  it('the remembered full answer (offset, abbreviation, DST, next change) is never stale: walks across transitions and local new years', () => {
    let seed = 4242;
    const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const zones = [
      'Europe/London',
      'Europe/Dublin',
      'Australia/Lord_Howe',
      'America/Sao_Paulo',
      'Pacific/Apia',
      'Asia/Kathmandu',
      'America/Argentina/Buenos_Aires',
      'Europe/Moscow',
      'Pacific/Kiritimati',
      'America/St_Johns',
      'America/Vancouver',
    ];
    const reference = (zone: string, ms: number) => {
      const offset = -Math.round(moment.tz.zone(zone)!.utcOffset(ms) * 60) || 0;
      return { utc_offset_seconds: offset, abbreviation: moment.tz.zone(zone)!.abbr(ms), dst: offset > standardOffsetSeconds(zone, ms) };
    };
    let checked = 0;
    for (const zone of zones) {
      for (let walk = 0; walk < 12; walk++) {
        // a walk of small steps (minutes to weeks) from a random start, or across a local new year
        let ms =
          walk % 3 === 0
            ? Date.UTC(1900 + Math.floor(rnd() * 160), 11, 31, 20) - 3 * 86_400_000
            : at('1880-01-01T00:00:00Z') + rnd() * (at('2060-01-01T00:00:00Z') - at('1880-01-01T00:00:00Z'));
        ms = Math.floor(ms);
        for (let step = 0; step < 40; step++) {
          const { next_transition: next, ...rest } = zoneRulesAt(zone, ms);
          expect([zone, ms, rest]).toEqual([zone, ms, reference(zone, ms)]);
          if (next) {
            // the next change is where the offset first differs: the same offset a millisecond before it
            expect(offsetSecondsAt(zone, next.at_ms - 1)).toBe(rest.utc_offset_seconds);
            expect(offsetSecondsAt(zone, next.at_ms)).toBe(next.utc_offset_seconds);
            expect(next.utc_offset_seconds).not.toBe(rest.utc_offset_seconds);
          }
          checked++;
          ms += Math.floor(rnd() * (walk % 3 === 0 ? 6 * 3_600_000 : 14 * 86_400_000));
        }
      }
    }
    expect(checked).toBe(zones.length * 12 * 40);
  });
});

describe('instantOfLocal (the one wall time → instant)', () => {
  it("reads a DST gap forward and a fold on the earlier offset, as Temporal's compatible does", () => {
    // northamerica: 2026-03-08 02:00 EST → 03:00 EDT; 02:30 does not exist
    expect(instantOfLocal('America/New_York', 2026, 3, 8, 2, 30)).toEqual({
      ms: at('2026-03-08T07:30:00Z'),
      earlier: at('2026-03-08T06:30:00Z'),
      later: at('2026-03-08T07:30:00Z'),
      gap: true,
      fold: false,
    });
    // 2026-11-01 02:00 EDT → 01:00 EST; 01:30 occurs twice
    expect(instantOfLocal('America/New_York', 2026, 11, 1, 1, 30)).toEqual({
      ms: at('2026-11-01T05:30:00Z'),
      earlier: at('2026-11-01T05:30:00Z'),
      later: at('2026-11-01T06:30:00Z'),
      gap: false,
      fold: true,
    });
    // australasia: Lord Howe's half-hour fold, 2026-04-05 02:00 +11 → 01:30 +1030
    expect(instantOfLocal('Australia/Lord_Howe', 2026, 4, 5, 1, 45)).toMatchObject({ fold: true, ms: at('2026-04-04T14:45:00Z') });
    // australasia: Samoa skipped 2011-12-30 entirely (west → east of the date line)
    expect(instantOfLocal('Pacific/Apia', 2011, 12, 30, 12, 0)).toMatchObject({ gap: true });
    expect(instantOfLocal('Asia/Kathmandu', 2026, 11, 24, 9, 0)).toMatchObject({ ms: at('2026-11-24T03:15:00Z'), gap: false, fold: false });
    // years before 100 are not read as 19xx
    expect(instantOfLocal('UTC', 50, 1, 1, 0, 0).ms).toBe(Date.UTC(2050, 0, 1) - 2000 * 365.2425 * 86_400_000);
  });
});
