import { describe, expect, it } from 'vitest';
import { instantOfDateTime, localDayBounds, localParts, wallMsOf } from '../../../engine/time/wall-clock.ts';
import { instantOfLocal } from '../../../engine/time/zone-rules.ts';
import { rulesOf } from '../../../engine/time/tzdb.ts';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

describe('wallMsOf', () => {
  it('reads a date and time as UTC, years 0001..9999', () => {
    expect(iso(wallMsOf('2026-03-29', '01:30'))).toBe('2026-03-29T01:30:00Z');
    expect(iso(wallMsOf('2024-02-29', '23:59'))).toBe('2024-02-29T23:59:00Z');
    expect(wallMsOf('0001-01-01', '00:00')).toBe(Date.parse('0001-01-01T00:00:00Z'));
    expect(wallMsOf('9999-12-31', '23:59')).toBe(Date.parse('9999-12-31T23:59:00Z'));
  });
  it('refuses dates off the calendar and times off the clock', () => {
    for (const date of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-04-31', '2026-1-1', '0000-01-01', '', '2026-01-01T00:00']) {
      expect(() => wallMsOf(date, '12:00'), date).toThrow(/calendar date/);
    }
    for (const time of ['24:00', '7:05', '12:60', '12:00:00', '']) expect(() => wallMsOf('2026-01-01', time), time).toThrow(/HH:MM/);
  });
});

describe('localParts', () => {
  it("gives the local date, time and offset from the zone's tzdb rules", () => {
    // tzdb asia: Asia/Kathmandu "5:45 - +0545" since 1986 (the engine's localTimeAt example).
    expect(localParts(rulesOf('Asia/Kathmandu'), Date.parse('2026-11-22T08:00:00Z'))).toEqual({ date: '2026-11-22', time: '13:45', offset: '+05:45' });
    // tzdb northamerica: America/New_York "-4:56:02 - LMT 1883 Nov 18 17:00u".
    expect(localParts(rulesOf('America/New_York'), Date.parse('1880-01-01T12:00:00Z'))).toEqual({ date: '1880-01-01', time: '07:03', offset: '-04:56:02' });
    // The day changes with the offset: 23:30 UTC on New Year's Eve is already 2027 in Auckland (+13:00, NZDT).
    expect(localParts(rulesOf('Pacific/Auckland'), Date.parse('2026-12-31T23:30:00Z'))).toEqual({ date: '2027-01-01', time: '12:30', offset: '+13:00' });
  });
});

describe('instantOfDateTime', () => {
  it("is the server's instantOfLocal for every quarter hour of the 2026 DST change days of four zones", () => {
    // London and New York move by an hour, Lord Howe by half an hour; Santiago changes at midnight.
    const days: [string, string][] = [
      ['Europe/London', '2026-03-29'],
      ['Europe/London', '2026-10-25'],
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Australia/Lord_Howe', '2026-04-05'],
      ['Australia/Lord_Howe', '2026-10-04'],
      ['America/Santiago', '2026-04-05'],
      ['America/Santiago', '2026-09-06'],
    ];
    for (const [zone, date] of days) {
      const [y, mo, d] = date.split('-').map(Number);
      for (let m = 0; m < 24 * 60; m += 15) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        expect(instantOfDateTime(rulesOf(zone), date, time), `${zone} ${date} ${time}`).toEqual(instantOfLocal(zone, y, mo, d, Math.floor(m / 60), m % 60));
      }
    }
  });
  it('moves a time in the spring gap forward and takes the earlier of a time shown twice (Europe/London)', () => {
    // tzdb europe, EU rule: 01:00 GMT → 02:00 BST on the last Sunday of March, back at 02:00 BST on the last Sunday of October.
    expect(instantOfDateTime(rulesOf('Europe/London'), '2026-03-29', '01:30')).toMatchObject({ ms: Date.parse('2026-03-29T01:30:00Z'), gap: true });
    expect(instantOfDateTime(rulesOf('Europe/London'), '2026-10-25', '01:30')).toMatchObject({ ms: Date.parse('2026-10-25T00:30:00Z'), fold: true });
  });
});

describe('localDayBounds', () => {
  it("runs from local midnight to local midnight: 23, 24 and 25 hours across London's DST changes", () => {
    const london = rulesOf('Europe/London');
    const hours = (date: string) => {
      const d = localDayBounds(london, date);
      return (d.endMs - d.startMs) / 3_600_000;
    };
    expect([hours('2026-03-29'), hours('2026-06-21'), hours('2026-10-25')]).toEqual([23, 24, 25]);
    expect(localDayBounds(london, '2026-06-21')).toEqual({ startMs: Date.parse('2026-06-20T23:00:00Z'), endMs: Date.parse('2026-06-21T23:00:00Z') });
  });
  it('a day that starts in a gap starts when the clocks jump (America/Santiago 2026-09-06: 00:00 → 01:00)', () => {
    // tzdb southamerica, Chile rule: clocks go from 24:00 -04 to 01:00 -03 on the first Sunday on or after 2 September (04:00 UTC).
    expect(iso(localDayBounds(rulesOf('America/Santiago'), '2026-09-06').startMs)).toBe('2026-09-06T04:00:00Z');
  });
});
