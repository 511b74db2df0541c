import { PYTHON_ISO_WEEKDAYS, PYTHON_MAX_MINUS_MIN, PYTHON_ORDINALS, UNIX_Y2K } from '../../fixtures/reference/calendar.ts';
import { describe, expect, it } from 'vitest';
import { daysInMonth } from '../../../engine/instant.ts';
import {
  addMonthsClamped,
  addYearsClamped,
  civilFromDays,
  compareYmd,
  daysFromCivil,
  formatIsoDate,
  fromEpochDay,
  isoWeekday,
  MAX_EPOCH_DAY,
  MIN_EPOCH_DAY,
  parseIsoDate,
  toEpochDay,
  weekdayCounts,
} from '../../../engine/date/calendar.ts';

/** `Date` is an independent proleptic Gregorian implementation (ECMA-262 §21.4.1) to check against. */
const utcMidnight = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const ordinal = (date: string) => PYTHON_ORDINALS.find((r) => r.input.date === date)!.expected;
const weekdayOf = (date: string) => PYTHON_ISO_WEEKDAYS.find((r) => r.input.date === date)!.expected;

describe('epoch days', () => {
  it('match published ordinals', () => {
    // Python's datetime ordinals (day 1 = 0001-01-01): epoch days are ordinal − ordinal(1970-01-01).
    expect(toEpochDay('1970-01-01')).toBe(0);
    expect(MIN_EPOCH_DAY).toBe(ordinal('0001-01-01') - ordinal('1970-01-01'));
    expect(MAX_EPOCH_DAY).toBe(ordinal('9999-12-31') - ordinal('1970-01-01'));
    expect(MAX_EPOCH_DAY - MIN_EPOCH_DAY).toBe(PYTHON_MAX_MINUS_MIN.expected);
    // Unix time of 2000-01-01T00:00:00Z is 946684800 s = 10957 days.
    expect(UNIX_Y2K.expected.seconds / 86_400).toBe(UNIX_Y2K.expected.days);
    expect(toEpochDay(UNIX_Y2K.input.instant.slice(0, 10))).toBe(UNIX_Y2K.expected.days);
  });

  it('walk every day of 0001..9999 in step with a day-by-day calendar', () => {
    let [y, m, d] = [1, 1, 1];
    for (let n = MIN_EPOCH_DAY; n <= MAX_EPOCH_DAY; n++) {
      if (daysFromCivil(y, m, d) !== n) throw new Error(`daysFromCivil(${y}, ${m}, ${d}) ≠ ${n}`);
      const back = civilFromDays(n);
      if (back.year !== y || back.month !== m || back.day !== d) throw new Error(`civilFromDays(${n}) ≠ ${y}-${m}-${d}`);
      if (++d > daysInMonth(y, m)) {
        d = 1;
        if (++m > 12) [m, y] = [1, y + 1];
      }
    }
    expect([y, m, d]).toEqual([10000, 1, 1]);
  });

  it('agree with Date on every 97th day and on every weekday', () => {
    for (let n = MIN_EPOCH_DAY; n <= MAX_EPOCH_DAY; n += 97) {
      const iso = fromEpochDay(n);
      const ms = utcMidnight(iso);
      if (ms !== n * 86_400_000) throw new Error(`${iso}: Date says day ${ms / 86_400_000}, we say ${n}`);
      if (isoWeekday(n) !== (new Date(ms).getUTCDay() || 7)) throw new Error(`weekday of ${iso}`);
    }
  });

  it('format and parse four-digit years', () => {
    expect(fromEpochDay(MIN_EPOCH_DAY)).toBe('0001-01-01');
    expect(fromEpochDay(MAX_EPOCH_DAY)).toBe('9999-12-31');
    expect(formatIsoDate({ year: 45, month: 3, day: 5 })).toBe('0045-03-05');
    expect(parseIsoDate('0045-03-05')).toEqual({ year: 45, month: 3, day: 5 });
    expect(() => parseIsoDate('45-3-5')).toThrow();
  });
});

describe('isoWeekday', () => {
  it('matches known weekdays', () => {
    // ISO 8601: 1 = Monday … 7 = Sunday. 1970-01-01 Thursday (Unix epoch); 2000-01-01 Saturday (ISO week 1999-W52-6);
    // 2024-02-29 Thursday; 2026-11-22 Sunday.
    for (const date of ['1970-01-01', '2000-01-01', '2024-02-29', '2026-11-22']) expect(isoWeekday(toEpochDay(date)), date).toBe(weekdayOf(date));
  });
});

describe('clamped steps', () => {
  it('clamp a day past month end', () => {
    expect(addMonthsClamped({ year: 2024, month: 1, day: 31 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addMonthsClamped({ year: 2023, month: 1, day: 31 }, 1)).toEqual({ year: 2023, month: 2, day: 28 });
    expect(addMonthsClamped({ year: 2024, month: 3, day: 31 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addMonthsClamped({ year: 2024, month: 1, day: 15 }, -13)).toEqual({ year: 2022, month: 12, day: 15 });
    expect(addYearsClamped({ year: 2024, month: 2, day: 29 }, 1)).toEqual({ year: 2025, month: 2, day: 28 });
    expect(addYearsClamped({ year: 2024, month: 2, day: 29 }, 4)).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('work past the supported range (intermediate steps of a sum)', () => {
    expect(addMonthsClamped({ year: 1, month: 1, day: 1 }, -1)).toEqual({ year: 0, month: 12, day: 1 });
    expect(fromEpochDay(daysFromCivil(0, 2, 29) + 1)).toBe('0000-03-01'); // year 0 is a leap year (divisible by 400)
    expect(civilFromDays(daysFromCivil(10000, 12, 31))).toEqual({ year: 10000, month: 12, day: 31 });
  });

  it('compare unclamped dates', () => {
    expect(compareYmd({ year: 2024, month: 2, day: 31 }, { year: 2024, month: 3, day: 1 })).toBe(-1);
    expect(compareYmd({ year: 2024, month: 2, day: 31 }, { year: 2024, month: 2, day: 29 })).toBe(1);
    expect(compareYmd({ year: 2024, month: 2, day: 29 }, { year: 2024, month: 2, day: 29 })).toBe(0);
  });
});

describe('weekdayCounts', () => {
  it('counts the 2024 weekdays', () => {
    // 2024 began on a Monday and has 366 days: 53 Mondays and Tuesdays, 52 of the rest, 262 weekdays Mon–Fri.
    const counts = weekdayCounts(toEpochDay('2024-01-01'), toEpochDay('2024-12-31'));
    expect(counts.slice(1)).toEqual([53, 53, 52, 52, 52, 52, 52]);
    expect(counts.slice(1, 6).reduce((a, b) => a + b)).toBe(262);
  });

  it('is empty for an empty range', () => {
    expect(weekdayCounts(10, 9)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('edge cases', () => {
  it('same day is one day of its weekday', () => {
    const day = toEpochDay('2024-02-29');
    expect(weekdayCounts(day, day)).toEqual([0, 0, 0, 0, 1, 0, 0, 0]);
  });

  it('leap years: 2024 and 2000 have 29 February, 1900 and 2100 do not', () => {
    expect(toEpochDay('2024-03-01') - toEpochDay('2024-02-28')).toBe(2);
    expect(toEpochDay('2000-03-01') - toEpochDay('2000-02-28')).toBe(2);
    expect(toEpochDay('1900-03-01') - toEpochDay('1900-02-28')).toBe(1);
    expect(toEpochDay('2100-03-01') - toEpochDay('2100-02-28')).toBe(1);
    expect(fromEpochDay(toEpochDay('1900-02-28') + 1)).toBe('1900-03-01');
  });

  it('range ends and century ends', () => {
    // Python: Monday, Friday, Monday, Friday.
    for (const date of ['0001-01-01', '9999-12-31', '1900-01-01', '2100-12-31']) expect(isoWeekday(toEpochDay(date)), date).toBe(weekdayOf(date));
  });

  it('a reversed pair compares the other way', () => {
    expect(compareYmd(parseIsoDate('2024-03-01'), parseIsoDate('2024-02-29'))).toBe(1);
    expect(toEpochDay('2024-02-29') - toEpochDay('2024-03-01')).toBe(-1);
  });

  it('DST does not matter: 2024-03-10 (US spring forward) and 2024-10-27 (EU fall back) are ordinary days', () => {
    expect(toEpochDay('2024-03-11') - toEpochDay('2024-03-10')).toBe(1);
    expect(toEpochDay('2024-10-28') - toEpochDay('2024-10-27')).toBe(1);
  });
});
