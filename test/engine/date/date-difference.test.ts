import { PYTHON_MAX_MINUS_MIN, TIMEANDDATE_DURATIONS } from '../../fixtures/reference/calendar.ts';
import { describe, expect, it } from 'vitest';
import { Temporal } from '@js-temporal/polyfill';
import { calendarDifference, computeDateDifference, dateDifference } from '../../../engine/date/date-difference.ts';
import { addToDate } from '../../../engine/date/date-add.ts';
import { isLeapYear } from '../../../engine/instant.ts';
import { parseIsoDate } from '../../../engine/date/calendar.ts';
import { inputErrors, runTool } from '../../helpers.ts';
import { nearbyDate, randomDate, seededRandom } from './random-dates.ts';

const diff = (start: string, end: string) => runTool(dateDifference, { start, end });
const span = (start: string, end: string) => calendarDifference(parseIsoDate(start), parseIsoDate(end));
/**
 * A date_difference answer worked out without the engine: days by Temporal, weeks as days / 7 to 4 decimals,
 * whole weeks and the remainder truncated toward zero, and the span in years, months and days by Temporal's
 * PlainDate.until (largestUnit years), whose month arithmetic the tool documents it shares outside 29 February.
 */
function independently(start: string, end: string) {
  const [a, b] = [Temporal.PlainDate.from(start), Temporal.PlainDate.from(end)];
  const days = a.until(b, { largestUnit: 'days' }).days;
  const span = a.until(b, { largestUnit: 'years' });
  const wholeWeeks = Math.trunc(days / 7);
  return {
    start,
    end,
    days,
    weeks: Math.round((days / 7) * 1e4) / 1e4,
    whole_weeks: wholeWeeks || 0,
    remainder_days: days - wholeWeeks * 7 || 0,
    calendar: { years: span.years || 0, months: span.months || 0, days: span.days || 0 },
  };
}

describe('date_difference', () => {
  it('answers the JSDoc @example and the declared example', async () => {
    expect(dateDifference.examples[0].input).toEqual({ start: '2024-01-31', end: '2024-03-01' });
    const result = await runTool(dateDifference, dateDifference.examples[0].input);
    expect(result).toMatchObject(independently('2024-01-31', '2024-03-01')); // 30 days, 4.2857 weeks, 1 month 1 day

    expect(result.provenance).toEqual({ method: 'date.difference', calendar: 'proleptic Gregorian' });
  });

  it('matches timeanddate.com duration calculator results', async () => {
    for (const { input, expected: e, source } of TIMEANDDATE_DURATIONS.filter((r) => r.input.start !== '1900-01-01')) {
      expect(await diff(input.start, input.end), source).toMatchObject({ days: e.days, calendar: { years: e.years, months: e.months, days: e.day_part } });
    }
  });

  it('rejects bad dates naming the field', () => {
    expect(inputErrors(dateDifference, { start: '2026-02-30', end: '2026-03-01' })).toEqual([
      { field: 'start', message: 'is not a real date (2026-02 has 28 days)' },
    ]);
    expect(inputErrors(dateDifference, { start: '2026-01-01' })).toEqual([{ field: 'end', message: 'is required' }]);
    expect(inputErrors(dateDifference, { start: '2026-01-01', end: '0000-01-01' })).toEqual([{ field: 'end', message: 'year must be 0001..9999' }]);
    expect(inputErrors(dateDifference, { start: '2026-01-01', end: '2026-01-02', unit: 'days' })).toEqual([
      { field: 'unit', message: 'is not a known parameter of this operation' },
    ]);
  });

  it('agrees with Temporal.PlainDate.until (largestUnit years) on random pairs across 0001..9999', () => {
    const random = seededRandom(20260122);
    let compared = 0;
    for (let i = 0; i < 6000; i++) {
      const start = randomDate(random);
      const end = i % 2 ? randomDate(random) : nearbyDate(random, start, 800);
      const ours = span(start, end);
      const { years, months, days } = Temporal.PlainDate.from(start).until(Temporal.PlainDate.from(end), { largestUnit: 'years' });
      const yearStepClamps = start.endsWith('-02-29') && !isLeapYear(Number(start.slice(0, 4)) + ours.years);
      if (yearStepClamps) continue; // documented difference: our year step clamps before the months apply
      compared++;
      expect(ours, `${start} → ${end}`).toEqual({ years: years || 0, months: months || 0, days: days || 0 });
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('adds back to end with date_add, with every component of one sign and months within ±11', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 6000; i++) {
      const start = i % 3 ? randomDate(random) : `${String(4 * (1 + Math.floor(random() * 2499))).padStart(4, '0')}-02-29`;
      const end = i % 2 ? randomDate(random) : nearbyDate(random, start, 1500);
      const { days, calendar } = computeDateDifference(start, end);
      const sign = Math.sign(days);
      for (const part of [calendar.years, calendar.months, calendar.days]) expect(Math.sign(part) * sign).toBeGreaterThanOrEqual(0);
      expect(Math.abs(calendar.months)).toBeLessThanOrEqual(11);
      expect(Math.abs(calendar.days)).toBeLessThanOrEqual(31);
      expect(addToDate(start, calendar).result, `${start} + ${JSON.stringify(calendar)}`).toBe(end);
    }
  });
});

describe('edge cases', () => {
  it('same day is zero everywhere', async () => {
    expect(await diff('2024-02-29', '2024-02-29')).toMatchObject({
      days: 0,
      weeks: 0,
      whole_weeks: 0,
      remainder_days: 0,
      calendar: { years: 0, months: 0, days: 0 },
    });
  });

  it('a reversed range is negative, with no -0', async () => {
    const result = await diff('2024-03-01', '2024-01-31');
    expect(result).toMatchObject({ days: -30, weeks: -4.2857, whole_weeks: -4, remainder_days: -2, calendar: { years: 0, months: -1, days: -1 } });
    expect(Object.is(result.calendar.years, 0)).toBe(true);
    const short = await diff('2024-03-01', '2024-02-28');
    expect(short).toMatchObject({ days: -2, whole_weeks: 0, remainder_days: -2, calendar: { years: 0, months: 0, days: -2 } });
    expect(Object.is(short.whole_weeks, 0)).toBe(true);
    expect(Object.is(short.calendar.months, 0)).toBe(true);
  });

  it('month end: a clamped landing is not a whole month', async () => {
    expect((await diff('2024-01-31', '2024-02-29')).calendar).toEqual({ years: 0, months: 0, days: 29 });
    expect((await diff('2023-01-31', '2023-02-28')).calendar).toEqual({ years: 0, months: 0, days: 28 });
    expect((await diff('2024-01-31', '2024-03-31')).calendar).toEqual({ years: 0, months: 2, days: 0 });
    expect((await diff('2024-03-31', '2024-04-30')).calendar).toEqual({ years: 0, months: 0, days: 30 });
    // Backwards the clamp lands exactly: 2024-03-31 − 1 month = 2024-02-29 (Temporal: -P1M).
    expect((await diff('2024-03-31', '2024-02-29')).calendar).toEqual({ years: 0, months: -1, days: 0 });
  });

  it('29 February starts follow the year-then-month add rule', async () => {
    // 2024-02-29 + 1 year = 2025-02-28, + 1 month = 2025-03-28 (the date_add rule).
    expect((await diff('2024-02-29', '2025-03-28')).calendar).toEqual({ years: 1, months: 1, days: 0 });
    expect((await diff('2024-02-29', '2025-03-29')).calendar).toEqual({ years: 1, months: 1, days: 1 });
    // Documented difference from Temporal (1y 11m 30d): 2025-02-28 + 11 months = 2026-01-28, + 31 days.
    expect((await diff('2024-02-29', '2026-02-28')).calendar).toEqual({ years: 1, months: 11, days: 31 });
    expect((await diff('2024-02-29', '2028-02-29')).calendar).toEqual({ years: 4, months: 0, days: 0 });
    expect((await diff('2024-02-29', '2022-12-29')).calendar).toEqual({ years: -1, months: -1, days: -30 });
  });

  it('leap days: 1900 is not a leap year, 2000 is', async () => {
    expect((await diff('1900-02-28', '1900-03-01')).days).toBe(1);
    expect((await diff('2000-02-28', '2000-03-01')).days).toBe(2);
    expect((await diff('2024-02-28', '2024-03-01')).days).toBe(2);
  });

  it('covers 0001-01-01..9999-12-31 and 1900-01-01..2100-12-31', async () => {
    // Python: (date.max − date.min).days = 3652058; Temporal: P9998Y11M30D.
    const days = PYTHON_MAX_MINUS_MIN.expected;
    expect(Temporal.PlainDate.from('0001-01-01').until('9999-12-31', { largestUnit: 'years' }).toString()).toBe('P9998Y11M30D');
    expect(await diff('0001-01-01', '9999-12-31')).toMatchObject({
      days,
      weeks: 521722.5714,
      whole_weeks: 521722,
      remainder_days: 4,
      calendar: { years: 9998, months: 11, days: 30 },
    });
    expect(await diff('9999-12-31', '0001-01-01')).toMatchObject({
      days: -days,
      weeks: -521722.5714,
      whole_weeks: -521722,
      remainder_days: -4,
      calendar: { years: -9998, months: -11, days: -30 },
    });
    // timeanddate.com: 1900-01-01 → 2100-12-31 is 73413 days = 200 years 11 months 30 days (end date not included).
    const century = TIMEANDDATE_DURATIONS.find((r) => r.input.start === '1900-01-01')!;
    const e = century.expected;
    expect(await diff(century.input.start, century.input.end)).toMatchObject({
      days: e.days,
      calendar: { years: e.years, months: e.months, days: e.day_part },
    });
  });

  it('DST does not matter: dates around the 2024 US and EU clock changes differ by whole days', async () => {
    expect((await diff('2024-03-09', '2024-03-11')).days).toBe(2);
    expect((await diff('2024-10-26', '2024-10-28')).days).toBe(2);
  });
});
