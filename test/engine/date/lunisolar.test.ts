import { describe, expect, it } from 'vitest';
import { daysFromCivil, fromEpochDay } from '../../../engine/date/calendar.ts';
import { CHINESE_YEARS, DANGI_YEARS, LUNISOLAR_FIRST_YEAR, LUNISOLAR_LAST_YEAR, packYear, unpackYear } from '../../../engine/date/lunisolar-data.ts';
import { lunisolarFromEpochDay, lunisolarYear, monthCodeAt, positionOfCode } from '../../../engine/date/lunisolar.ts';
import { computeTable } from '../../../scripts/lunisolar-table.ts';

/** The ISO date a month of a year starts on. */
function monthStart(calendar: 'chinese' | 'dangi', year: number, code: string): string {
  const info = lunisolarYear(calendar, year)!;
  const position = positionOfCode(code, info.leapIndex);
  if (position === undefined) throw new Error(`${calendar} ${year} has no ${code}`);
  return fromEpochDay(info.start + info.lengths.slice(0, position - 1).reduce((a, b) => a + b, 0));
}
const leapMonth = (calendar: 'chinese' | 'dangi', year: number) => {
  const info = lunisolarYear(calendar, year)!;
  return info.leapIndex ? monthCodeAt(info.leapIndex, info.leapIndex) : null;
};

describe('the Chinese and Korean month tables', () => {
  it('are what scripts/lunisolar-table.ts computes from the ephemeris, year for year', { tags: ['sweep'], timeout: 60_000 }, () => {
    expect(CHINESE_YEARS).toHaveLength(LUNISOLAR_LAST_YEAR - LUNISOLAR_FIRST_YEAR + 1);
    expect(computeTable('chinese')).toEqual(CHINESE_YEARS);
    expect(computeTable('dangi')).toEqual(DANGI_YEARS);
  });

  it('Chinese New Year per the Hong Kong Observatory conversion tables (where Intl/ICU 78 is a day late in 2027, a day early in 2030)', () => {
    expect(monthStart('chinese', 2026, 'M01')).toBe('2026-02-17'); // year of the Horse
    expect(monthStart('chinese', 2027, 'M01')).toBe('2027-02-06'); // new moon 23:57 Beijing time on 6 February
    expect(monthStart('chinese', 2030, 'M01')).toBe('2030-02-03'); // new moon 00:08 on 3 February
    expect(monthStart('chinese', 1954, 'M01')).toBe('1954-02-03');
    expect(monthStart('chinese', 2000, 'M01')).toBe('2000-02-05');
    expect(monthStart('chinese', 1912, 'M01')).toBe('1912-02-18');
  });

  it('leap months per HKO: 2023 M02L, 2025 M06L, 1987 M06L, 2033 M11L (the "2033 problem"), none in 2026', () => {
    expect(leapMonth('chinese', 2023)).toBe('M02L');
    expect(monthStart('chinese', 2023, 'M02L')).toBe('2023-03-22');
    expect(leapMonth('chinese', 2025)).toBe('M06L');
    expect(monthStart('chinese', 2025, 'M06L')).toBe('2025-07-25');
    expect(leapMonth('chinese', 1987)).toBe('M06L');
    expect(leapMonth('chinese', 2033)).toBe('M11L');
    expect(monthStart('chinese', 2033, 'M11L')).toBe('2033-12-22');
    expect(leapMonth('chinese', 2026)).toBeNull();
  });

  it('the two new moons at midnight are dated as HKO dates them (2057-09-28, 2097-08-07)', () => {
    expect(monthStart('chinese', 2057, 'M09')).toBe('2057-09-28');
    expect(monthStart('chinese', 2097, 'M07')).toBe('2097-08-07');
  });

  it('Korean months per KASI (Korea Astronomy and Space Science Institute) where they differ from the Chinese', () => {
    expect(monthStart('dangi', 1997, 'M01')).toBe('1997-02-08'); // Seollal 1997; Chinese New Year was 7 February
    expect(monthStart('chinese', 1997, 'M01')).toBe('1997-02-07');
    expect(monthStart('dangi', 2027, 'M01')).toBe('2027-02-07'); // new moon 00:57 KST
    expect(monthStart('dangi', 2017, 'M02')).toBe('2017-02-26'); // new moon 23:58 KST; ICU 78 says the 27th
    expect(monthStart('dangi', 2026, 'M01')).toBe('2026-02-17');
  });

  it('every day of 1912..2100 maps to a month and back; months have 29 or 30 days; years 12 or 13 months', { tags: ['sweep'] }, () => {
    for (const calendar of ['chinese', 'dangi'] as const) {
      let previous: { year: number; month: number; day: number } | undefined;
      for (let e = daysFromCivil(1912, 1, 1); e <= daysFromCivil(2100, 12, 31); e++) {
        const d = lunisolarFromEpochDay(calendar, e)!;
        expect(d).toBeDefined();
        if (previous && d.day !== previous.day + 1) {
          expect(d.day, fromEpochDay(e)).toBe(1);
          expect(previous.day === 29 || previous.day === 30, fromEpochDay(e)).toBe(true);
          expect(d.month === previous.month + 1 || (d.month === 1 && d.year === previous.year + 1), fromEpochDay(e)).toBe(true);
        }
        previous = d;
      }
    }
    for (let y = LUNISOLAR_FIRST_YEAR; y <= LUNISOLAR_LAST_YEAR; y++) {
      const { lengths, leapIndex, newYearOffset } = unpackYear(CHINESE_YEARS[y - LUNISOLAR_FIRST_YEAR]);
      expect(lengths.length).toBe(leapIndex ? 13 : 12);
      expect(newYearOffset).toBeGreaterThanOrEqual(20); // 21 January
      expect(newYearOffset).toBeLessThanOrEqual(50); // 20 February
      expect(packYear(newYearOffset, lengths, leapIndex)).toBe(CHINESE_YEARS[y - LUNISOLAR_FIRST_YEAR]);
    }
  });

  it('edge cases: month codes, and dates outside the table', () => {
    expect(monthCodeAt(3, 3)).toBe('M02L');
    expect(monthCodeAt(4, 3)).toBe('M03');
    expect(monthCodeAt(13, 7)).toBe('M12');
    expect(positionOfCode('M12', 7)).toBe(13);
    expect(positionOfCode('M06L', 7)).toBe(7);
    expect(positionOfCode('M05L', 7)).toBeUndefined();
    expect(positionOfCode('M05L', 0)).toBeUndefined();
    expect(positionOfCode('M13', 0)).toBeUndefined();
    expect(lunisolarYear('chinese', 1910)).toBeUndefined();
    expect(lunisolarYear('chinese', 2101)).toBeUndefined();
    expect(lunisolarFromEpochDay('chinese', daysFromCivil(1911, 1, 29))).toBeUndefined(); // before the table's first new year
    expect(lunisolarFromEpochDay('chinese', daysFromCivil(2101, 3, 1))).toBeUndefined();
  });
});
