import { describe, expect, it } from 'vitest';
import {
  abbreviationAt, clearZoneRulesCache, MAX_SEGMENTS_PER_ZONE, numericAbbreviation, offsetSecondsAt,
  standardOffsetSeconds, temporalRulesAt, zoneRulesAt, zoneRulesCacheStats,
} from '../../../engine/time/zone-rules.ts';

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
    expect(zoneRulesAt('America/New_York', at('2026-01-15T12:00:00Z')).next_transition)
      .toEqual({ at_ms: at('2026-03-08T07:00:00Z'), utc_offset_seconds: -4 * H });
    expect(zoneRulesAt('America/New_York', at('2026-07-01T12:00:00Z')).next_transition)
      .toEqual({ at_ms: at('2026-11-01T06:00:00Z'), utc_offset_seconds: -5 * H });
    // europe: Rule EU 1981 max Mar lastSun 1:00u → 2026-03-29 01:00 UTC, Oct lastSun → 2026-10-25
    expect(zoneRulesAt('Europe/Paris', at('2026-01-15T12:00:00Z')).next_transition)
      .toEqual({ at_ms: at('2026-03-29T01:00:00Z'), utc_offset_seconds: 2 * H });
    expect(zoneRulesAt('Europe/Dublin', at('2026-07-01T12:00:00Z')).next_transition)
      .toEqual({ at_ms: at('2026-10-25T01:00:00Z'), utc_offset_seconds: 0 });
    // australasia: Rule LH 2008 max Oct Sun>=1 2:00 0:30 → 2026-10-04 02:00 +1030 = 2026-10-03 15:30Z
    expect(zoneRulesAt('Australia/Lord_Howe', at('2026-07-01T12:00:00Z')).next_transition)
      .toEqual({ at_ms: at('2026-10-03T15:30:00Z'), utc_offset_seconds: 11 * H });
    // australasia: Rule Chatham 2008 max Apr Sun>=1 2:45s → 2026-04-05 02:45 +1245 = 2026-04-04 14:00Z
    expect(zoneRulesAt('Pacific/Chatham', at('2026-01-15T12:00:00Z')).next_transition)
      .toEqual({ at_ms: at('2026-04-04T14:00:00Z'), utc_offset_seconds: 12.75 * H });
  });

  it('zones with no future transitions answer null', () => {
    expect(zoneRulesAt('Asia/Kathmandu', at('2026-07-01T12:00:00Z')).next_transition).toBeNull();
    expect(zoneRulesAt('Etc/GMT+5', at('2026-07-01T12:00:00Z')).next_transition).toBeNull();
  });
});

describe('standardOffsetSeconds', () => {
  it('is the lower of the 1 January and 1 July offsets', () => {
    expect(standardOffsetSeconds('Europe/Dublin', 2026)).toBe(0);
    expect(standardOffsetSeconds('Australia/Lord_Howe', 2026)).toBe(10.5 * H);
    expect(standardOffsetSeconds('Australia/Sydney', 2026)).toBe(10 * H);
  });
});

describe('numericAbbreviation', () => {
  it('writes tzdb numeric style', () => {
    expect(numericAbbreviation(5 * H)).toBe('+05');
    expect(numericAbbreviation(5.75 * H)).toBe('+0545');
    expect(numericAbbreviation(-3 * H)).toBe('-03');
    expect(numericAbbreviation(0)).toBe('+00');
    expect(numericAbbreviation(-1521)).toBe('-002521');
  });
  it('falls back to numeric when the data set disagrees with the rules', () => {
    // Paris in summer 2026 is CEST at +02:00; at a wrong offset the name must not be reused.
    expect(abbreviationAt('Europe/Paris', at('2026-07-01T12:00:00Z'), 3 * H)).toBe('+03');
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
    expect(zoneRulesAt('Europe/Paris', at('1900-01-01T00:00:00Z')).next_transition)
      .toEqual({ at_ms: at('1911-03-10T23:50:39Z'), utc_offset_seconds: 0 });
    // northamerica: New York EST since 1883 Nov 18; first US DST 1918 Mar 31
    expect(zoneRulesAt('America/New_York', at('1900-01-01T00:00:00Z')).next_transition)
      .toEqual({ at_ms: at('1918-03-31T07:00:00Z'), utc_offset_seconds: -4 * H });
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

  it('beyond the abbreviation table (2499) the latest period with the same offset names it', () => {
    expect(zoneRulesAt('Europe/Dublin', at('2600-07-01T00:00:00Z'))).toMatchObject({ abbreviation: 'IST', dst: true });
    expect(zoneRulesAt('Europe/Dublin', at('2600-01-01T12:00:00Z'))).toMatchObject({ abbreviation: 'GMT', dst: false });
  });

  it('exactly at a transition the new offset is in force', () => {
    expect(offsetSecondsAt('America/New_York', at('2026-03-08T06:59:59.999Z'))).toBe(-5 * H);
    expect(zoneRulesAt('America/New_York', at('2026-03-08T07:00:00Z')).utc_offset_seconds).toBe(-4 * H);
  });

  it('the transition cache answers exactly as a fresh Temporal computation (random instants, fixed seed)', () => {
    clearZoneRulesCache();
    let seed = 20261122;
    const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const zones = ['America/New_York', 'Europe/Dublin', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata',
      'Asia/Kathmandu', 'America/Indiana/Vincennes', 'Africa/Casablanca', 'America/Sao_Paulo', 'Asia/Tokyo'];
    const lo = at('1880-01-01T00:00:00Z'), hi = at('2060-01-01T00:00:00Z');
    const recent = at('2020-01-01T00:00:00Z'), span = at('2030-01-01T00:00:00Z') - recent;
    let checked = 0;
    for (let i = 0; i < 1500; i++) {
      const zone = zones[Math.floor(rnd() * zones.length)];
      // half the instants spread over 180 years, half crowded into 2020s so cached segments are hit
      const ms = Math.floor(i % 2 ? lo + rnd() * (hi - lo) : recent + rnd() * span);
      const cached = zoneRulesAt(zone, ms);
      const fresh = temporalRulesAt(zone, ms);
      expect([zone, ms, cached.utc_offset_seconds, cached.next_transition]).toEqual([zone, ms, fresh.offset, fresh.next]);
      checked++;
    }
    expect(checked).toBe(1500);
    const stats = zoneRulesCacheStats();
    expect(stats.segments).toBeLessThan(1500); // segments were reused
    expect(stats.segments).toBeLessThanOrEqual(stats.zones * MAX_SEGMENTS_PER_ZONE);
  });

  it('the remembered full answer (offset, abbreviation, DST, next change) is never stale: walks across transitions and local new years', () => {
    clearZoneRulesCache();
    let seed = 4242;
    const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const zones = ['Europe/London', 'Europe/Dublin', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Pacific/Apia', 'Asia/Kathmandu',
      'America/Argentina/Buenos_Aires', 'Europe/Moscow', 'Pacific/Kiritimati', 'America/St_Johns'];
    const reference = (zone: string, ms: number) => {
      const { offset, next } = temporalRulesAt(zone, ms);
      const localYear = new Date(ms + offset * 1000).getUTCFullYear();
      return { utc_offset_seconds: offset, abbreviation: abbreviationAt(zone, ms, offset), dst: offset !== standardOffsetSeconds(zone, localYear), next_transition: next };
    };
    let checked = 0;
    for (const zone of zones) {
      for (let walk = 0; walk < 12; walk++) {
        // a walk of small steps (minutes to weeks) from a random start, or across a local new year
        let ms = walk % 3 === 0
          ? Date.UTC(1900 + Math.floor(rnd() * 160), 11, 31, 20) - 3 * 86_400_000
          : at('1880-01-01T00:00:00Z') + rnd() * (at('2060-01-01T00:00:00Z') - at('1880-01-01T00:00:00Z'));
        ms = Math.floor(ms);
        for (let step = 0; step < 40; step++) {
          expect([zone, ms, zoneRulesAt(zone, ms)]).toEqual([zone, ms, reference(zone, ms)]);
          checked++;
          ms += Math.floor(rnd() * (walk % 3 === 0 ? 6 * 3_600_000 : 14 * 86_400_000));
        }
      }
    }
    expect(checked).toBe(zones.length * 12 * 40);
  });

  it('the segment cache stays bounded per zone', () => {
    clearZoneRulesCache();
    for (let y = 1900; y < 2100; y++) zoneRulesAt('Europe/Paris', at(`${y}-07-01T00:00:00Z`));
    expect(zoneRulesCacheStats().segments).toBeLessThanOrEqual(MAX_SEGMENTS_PER_ZONE);
  });
});
