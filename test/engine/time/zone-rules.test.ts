import { HISTORIC_STATES, type TransitionReference, TRANSITIONS, WAR_TIME_NAMES, ZONE_STATES } from '../../fixtures/reference/tzdb.ts';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { instantOfLocal, offsetSecondsAt, standardOffsetSeconds, todayIn, zoneRulesAt } from '../../../engine/time/zone-rules.ts';

// The independent reading of the same tzdb release: moment-timezone's own zone objects.
const moment = createRequire(import.meta.url)('moment-timezone') as {
  tz: { zone(name: string): { utcOffset(ms: number): number; abbr(ms: number): string } | null; dataVersion: string };
};

const at = (iso: string) => Date.parse(iso);
const H = 3600;
/** The next transition a zone must report from the row's instant: the fixture's, as the engine writes it. */
const nextOf = ({ input, expected }: TransitionReference) =>
  [zoneRulesAt(input.zone, at(input.after)).next_transition, { at_ms: at(expected.at), utc_offset_seconds: expected.utc_offset_seconds }] as const;

// Values are pinned to the IANA tz database source files (test/fixtures/reference/tzdb.ts names each line).
describe('zoneRulesAt', () => {
  it.each(ZONE_STATES.map((row) => [row.input.zone, row.input.at, row] as const))('%s at %s', (_zone, _at, { input, expected, source }) => {
    const r = zoneRulesAt(input.zone, at(input.at));
    expect(r.utc_offset_seconds, source).toBe(expected.utc_offset_seconds);
    expect(r.abbreviation, source).toBe(expected.abbreviation);
    expect(r.dst, source).toBe(expected.dst);
  });

  it('next transition carries the offset after the change', () => {
    for (const row of [
      TRANSITIONS.newYorkSpring2026,
      TRANSITIONS.newYorkFall2026,
      TRANSITIONS.parisSpring2026,
      TRANSITIONS.dublinFall2026,
      TRANSITIONS.lordHoweSpring2026,
      TRANSITIONS.chathamAutumn2026,
    ]) {
      const [got, want] = nextOf(row);
      expect(got, row.source).toEqual(want);
    }
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
    const { input, expected } = HISTORIC_STATES.kolkata1943;
    const r = zoneRulesAt(input.zone, at(input.at));
    expect(r.utc_offset_seconds).toBe(expected.utc_offset_seconds);
    expect(r.abbreviation).toBe(expected.abbreviation);
    // 1945 Oct 15 00:00 local +06:30 = 1945-10-14T17:30Z, back to IST
    const [next, want] = nextOf(TRANSITIONS.kolkata1945);
    expect(next).toEqual(want);
    // The DST rule judges each local year alone: 1943 was +06:30 all year, so not DST; in 1942 the
    // +06:30 of October differs from July's +05:30 (asia: IST from 1942 May 15 to Sep), so DST.
    expect(r.dst).toBe(expected.dst);
    expect(zoneRulesAt('Asia/Kolkata', at('1942-10-15T00:00:00Z')).dst).toBe(true);
  });

  it('history before 2006: Indianapolis kept EST all year (northamerica: "-5:00 - EST 2006")', () => {
    const { input, expected } = HISTORIC_STATES.indianapolis2005;
    expect(zoneRulesAt(input.zone, at(input.at))).toMatchObject(expected);
    const [next, want] = nextOf(TRANSITIONS.indianapolis2006);
    expect(next).toEqual(want);
  });

  it('1900-01-01: local mean times and early standard time', () => {
    // europe: Dublin "-0:25:21 - DMT 1916 May 21 2:00s", then IST +00:34:39
    const { input, expected } = HISTORIC_STATES.dublin1900;
    expect(zoneRulesAt(input.zone, at(input.at))).toMatchObject(expected);
    // europe: Dublin's IST; Paris "0:09:21 - PMT 1911 Mar 11"; New York's first US DST, 1918 Mar 31
    for (const row of [TRANSITIONS.dublin1916, TRANSITIONS.paris1911, TRANSITIONS.newYork1918]) {
      const [next, want] = nextOf(row);
      expect(next, row.source).toEqual(want);
    }
  });

  it('transitions before 1847 (which Temporal does not search) are found: Manila 1844 date-line change', () => {
    // asia: Asia/Manila "-15:56:08 - LMT 1844 Dec 31" then "8:03:52 - LMT"
    const { input, expected } = HISTORIC_STATES.manila1800;
    expect(zoneRulesAt(input.zone, at(input.at)).utc_offset_seconds).toBe(expected.utc_offset_seconds);
    const [next, want] = nextOf(TRANSITIONS.manila1844);
    expect(next).toEqual(want);
  });

  it('war time abbreviations change without an offset change (northamerica: EWT then EPT 1945 Aug 14)', () => {
    for (const { input, expected } of [WAR_TIME_NAMES.war, WAR_TIME_NAMES.peace]) {
      expect(zoneRulesAt(input.zone, at(input.at)).abbreviation).toBe(expected.abbreviation);
    }
  });

  it('beyond the data (2499) the yearly rules go on by the 400-year cycle', () => {
    expect(zoneRulesAt('Europe/Dublin', at('2600-07-01T00:00:00Z'))).toMatchObject({ abbreviation: 'IST', dst: true });
    expect(zoneRulesAt('Europe/Dublin', at('2600-01-01T12:00:00Z'))).toMatchObject({ abbreviation: 'GMT', dst: false });
    // europe: Rule EU 1981 max - Mar lastSun 1:00u: the last Sunday of March 2600 is the 30th; and across the
    // data's last listed change (2499-10-25) the next one is 2500's March change
    for (const row of [TRANSITIONS.paris2600, TRANSITIONS.paris2500]) {
      const [next, want] = nextOf(row);
      expect(next, row.source).toEqual(want);
    }
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

describe('todayIn (the date tools\' and sky tools\' "today")', () => {
  it("is the zone's wall-clock date, not UTC's, near midnight; UTC's with no zone", () => {
    // 23:30 UTC is 13:30 the next day in Kiritimati (+14:00, tzdb: since 1994-12-31) and 12:30 the same day in Pago Pago (−11:00).
    expect(todayIn('Pacific/Kiritimati', at('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(todayIn('Pacific/Pago_Pago', at('2026-11-22T10:30:00Z'))).toBe('2026-11-21');
    expect(todayIn(undefined, at('2026-11-22T23:30:00Z'))).toBe('2026-11-22');
    expect(todayIn('UTC', at('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
    // The offset in force at the instant: New York on EDT (−04:00) until 2026-11-01 06:00 UTC, EST (−05:00) after.
    expect(todayIn('America/New_York', at('2026-11-01T04:30:00Z'))).toBe('2026-11-01'); // 00:30 EDT
    expect(todayIn('America/New_York', at('2026-11-02T04:30:00Z'))).toBe('2026-11-01'); // 23:30 EST
    // A fixed offset zone (+05:30, as zone-names.ts names one).
    expect(todayIn('+05:30', at('2026-11-22T18:45:00Z'))).toBe('2026-11-23');
  });
});
