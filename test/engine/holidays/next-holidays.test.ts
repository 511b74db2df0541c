import { describe, expect, it } from 'vitest';
import { nextHolidays } from '../../../engine/holidays/next-holidays.ts';
import { explanationsOf, fixedClock, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const next = (input: Record<string, unknown>, clock = '2026-11-22T08:00:00Z') => runTool(nextHolidays, input, fixedClock(clock));
const brief = async (input: Record<string, unknown>) => (await next(input)).holidays.map((h) => [h.date, h.name, h.days_until] as const);

describe('next_holidays', () => {
  it('answers the JSDoc @example and the declared example, across the year end', async () => {
    const result = await next(nextHolidays.examples[0].input);
    expect(result).toMatchObject({ country: 'US', subdivision: null, after: '2026-12-26' });
    // OPM: New Year's Day Friday 1 January 2027; Martin Luther King Jr. Day Monday 18 January 2027.
    expect(result.holidays).toEqual([
      { date: '2027-01-01', name: "New Year's Day", local_name: "New Year's Day", type: 'public', substitute: false, days_until: 6 },
      { date: '2027-01-18', name: 'Martin Luther King Jr. Day', local_name: 'Martin Luther King Jr. Day', type: 'public', substitute: false, days_until: 23 },
    ]);
    expect(result.provenance).toMatchObject({ method: 'holidays.next', holidays: expect.stringMatching(/^date-holidays \d/) });
    const full = await runTool(nextHolidays, nextHolidays.examples[0].input, withFullProvenance());
    expect(explanationsOf(full.provenance).holidays).toMatch(/^date-holidays .* rules for US/);
  });

  it('defaults `after` to today in UTC and count to 1', async () => {
    // 2026-11-22 (clock) → Thanksgiving, Thursday 26 November 2026 (OPM).
    expect(await next({ country: 'US' })).toMatchObject({
      after: '2026-11-22',
      holidays: [{ date: '2026-11-26', name: 'Thanksgiving Day', days_until: 4 }],
    });
    // Just before UTC midnight it is still the 22nd.
    expect((await next({ country: 'US' }, '2026-11-22T23:59:59Z')).after).toBe('2026-11-22');
    expect(nextHolidays.usesClock?.({ country: 'US', types: ['public'] })).toBe(true);
    expect(nextHolidays.usesClock?.({ country: 'US', after: '2026-01-01', types: ['public'] })).toBe(false);
  });

  it('finds a substitute day that falls in the previous year (OPM: Friday 31 December 2027 for New Year 2028)', async () => {
    expect(await brief({ country: 'US', after: '2027-12-24', count: 4 })).toEqual([
      ['2027-12-25', 'Christmas Day', 1], // the holiday's own date, a Saturday; observed Friday 24 December
      ['2027-12-31', "New Year's Day (substitute day)", 7],
      ['2028-01-01', "New Year's Day", 8],
      ['2028-01-17', 'Martin Luther King Jr. Day', 24],
    ]);
  });

  it('England: from Christmas 2026 to the next year (gov.uk)', async () => {
    expect(await brief({ country: 'GB', subdivision: 'GB-ENG', after: '2026-12-25', count: 3 })).toEqual([
      ['2026-12-26', 'Boxing Day', 1],
      ['2026-12-28', 'Boxing Day (substitute day)', 3],
      ['2027-01-01', "New Year's Day", 7],
    ]);
  });

  it('widens to other types when asked', async () => {
    const bavaria = await next({ country: 'DE', subdivision: 'BY', after: '2026-12-20', count: 3, types: ['public', 'bank'] });
    expect(bavaria.holidays.map((h) => [h.date, h.type])).toEqual([
      ['2026-12-24', 'bank'],
      ['2026-12-25', 'public'],
      ['2026-12-26', 'public'],
    ]);
  });

  it('names the field of a bad input', () => {
    expect(inputErrors(nextHolidays, { country: 'US', count: 0 })).toEqual([{ field: 'count', message: 'must be ≥ 1' }]);
    expect(inputErrors(nextHolidays, { country: 'US', count: 21 })).toEqual([{ field: 'count', message: 'must be ≤ 20' }]);
    expect(inputErrors(nextHolidays, { country: 'US', after: '2026-13-01' })).toEqual([{ field: 'after', message: 'month must be 01..12' }]);
    expect(inputErrors(nextHolidays, { country: 'UK' })).toEqual([
      { field: 'country', message: 'is not a supported country code (ISO 3166-1 alpha-2); see list_holiday_countries' },
    ]);
    expect(inputErrors(nextHolidays, { country: 'GB', subdivision: 'US-ENG' })).toEqual([
      { field: 'subdivision', message: expect.stringMatching(/^names country US, not GB/) },
    ]);
  });
});

describe('edge cases', () => {
  it('is strictly after: a holiday on `after` itself is not returned', async () => {
    expect((await next({ country: 'US', after: '2026-11-26' })).holidays[0]).toMatchObject({ date: '2026-12-25', days_until: 29 });
  });

  it('each day of a multi-day holiday is one entry (Chuseok 2026)', async () => {
    expect(await brief({ country: 'KR', after: '2026-09-23', count: 3 })).toEqual([
      ['2026-09-24', 'Korean Thanksgiving', 1],
      ['2026-09-25', 'Korean Thanksgiving', 2],
      ['2026-09-26', 'Korean Thanksgiving', 3],
    ]);
  });

  it('returns fewer than count where the data ends (2200-12-31), and nothing after it', async () => {
    const end = await next({ country: 'US', after: '2200-12-20', count: 20 });
    expect(end.holidays.map((h) => h.date)).toEqual(['2200-12-25']);
    expect((await next({ country: 'US', after: '2200-12-31', count: 5 })).holidays).toEqual([]);
  });

  it('a type the jurisdiction never has gives an empty list at once', async () => {
    expect((await next({ country: 'GB', subdivision: 'ENG', after: '1900-01-01', count: 20, types: ['bank'] })).holidays).toEqual([]);
  });

  it('accepts `after` from 1900-01-01 to 2200-12-31 only', async () => {
    expect((await next({ country: 'US', after: '1900-01-01' })).holidays[0].date.startsWith('1900-')).toBe(true);
    const outside = [{ field: 'after', message: 'must lie in 1900-01-01..2200-12-31 (the years the holiday data covers)' }];
    expect(inputErrors(nextHolidays, { country: 'US', after: '1899-12-31' })).toEqual(outside);
    expect(inputErrors(nextHolidays, { country: 'US', after: '2201-01-01' })).toEqual(outside);
  });

  it('days_until counts across a leap day', async () => {
    // 2028 is a leap year: 2028-02-01 → Washington's Birthday, Monday 21 February 2028 = 20 days.
    expect(await brief({ country: 'US', after: '2028-02-01' })).toEqual([['2028-02-21', "Washington's Birthday", 20]]);
    // From 28 February 2028 to Memorial Day (29 May 2028): 1 + 31 + 30 + 29 = 91 days.
    expect(await brief({ country: 'US', after: '2028-02-28' })).toEqual([['2028-05-29', 'Memorial Day', 91]]);
  });
});
