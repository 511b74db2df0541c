import { GOV_UK_DAYS, GOV_UK_ENGLAND_WALES_2026, OPM_DAYS, OPM_FEDERAL_2026 } from '../../fixtures/reference/holidays.ts';
import { describe, expect, it } from 'vitest';
import { businessDaysInJurisdiction, EXTRA_HOLIDAY_NAME } from '../../../engine/holidays/business-days-jurisdiction.ts';
import { isBusinessDay } from '../../../engine/holidays/is-business-day.ts';
import { fromEpochDay, toEpochDay } from '../../../engine/date/calendar.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const count = (input: Record<string, unknown>) => runTool(businessDaysInJurisdiction, input);

/** Monday–Friday days of a year, counted by Date (not by the engine's calendar). */
function weekdaysOf(year: number) {
  let n = 0;
  for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += 86_400_000) n += [1, 2, 3, 4, 5].includes(new Date(ms).getUTCDay()) ? 1 : 0;
  return n;
}
/** A published list's days off that fall Monday–Friday. */
const onWeekdays = (dates: readonly string[]) => dates.filter((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));

/** Day-by-day count with is_business_day: the independent check of the O(1) count. */
async function countByDays(input: { start: string; end: string; country: string; subdivision?: string; types?: string[] }) {
  let business = 0;
  for (let day = toEpochDay(input.start); day <= toEpochDay(input.end); day++) {
    const { start: _s, end: _e, ...rest } = input;
    if ((await runTool(isBusinessDay, { ...rest, date: fromEpochDay(day) })).business_day) business++;
  }
  return business;
}

describe('count_business_days_in_jurisdiction', () => {
  it('answers the JSDoc @example and the declared example (England, December 2026)', async () => {
    const result = await count(businessDaysInJurisdiction.examples[0].input);
    expect(result).toMatchObject({
      start: '2026-12-01',
      end: '2026-12-31',
      business_days: 21,
      weekend_days: 8,
      holidays_excluded: 2,
      include_end: true,
      total_days: 31,
      country: 'GB',
      subdivision: 'ENG',
      weekend: [6, 7],
      // gov.uk: Christmas Day and the Boxing Day substitute day, named as the data names them.
      holidays: [
        { date: '2026-12-25', name: 'Christmas Day', source: 'calendar' },
        { date: GOV_UK_DAYS.boxingDay2026Observed.expected.date, name: 'Boxing Day (substitute day)', source: 'calendar' },
      ],
    });
    expect(result.provenance).toMatchObject({ method: 'holidays.business-days', weekend: expect.stringMatching(/^CLDR \d+$/) });
    const full = await runTool(businessDaysInJurisdiction, businessDaysInJurisdiction.examples[0].input, withFullProvenance());
    expect(explanationsOf(full.provenance).weekend).toMatch(/^Saturday, Sunday \(GB\), from CLDR/);
  });

  it('whole years: England 2026 has 253 working days, US federal 2026 has 250', async () => {
    // 2026 starts on a Thursday: 261 weekdays. gov.uk: 8 bank holidays, all on weekdays; OPM: 11 federal holidays on weekdays.
    expect(weekdaysOf(2026)).toBe(261);
    const england = onWeekdays(GOV_UK_ENGLAND_WALES_2026.expected).length;
    const federal = onWeekdays(OPM_FEDERAL_2026.expected).length;
    expect([england, federal]).toEqual([8, 11]);
    expect(await count({ start: '2026-01-01', end: '2026-12-31', country: 'GB', subdivision: 'ENG' })).toMatchObject({
      business_days: weekdaysOf(2026) - england,
      weekend_days: 365 - weekdaysOf(2026),
      holidays_excluded: england,
      total_days: 365,
    });
    expect(await count({ start: '2026-01-01', end: '2026-12-31', country: 'US' })).toMatchObject({
      business_days: weekdaysOf(2026) - federal,
      holidays_excluded: federal,
    });
  });

  it('across the year end, with substitute days in the old year (US, 20 Dec 2021 – 7 Jan 2022)', async () => {
    // OPM: Christmas 2021 observed Friday 24 December, New Year 2022 observed Friday 31 December 2021.
    const result = await count({ start: '2021-12-20', end: '2022-01-07', country: 'US' });
    expect(result).toMatchObject({ total_days: 19, weekend_days: 4, holidays_excluded: 2, business_days: 13 });
    expect(result.holidays).toEqual(
      [OPM_DAYS.christmas2021Observed, OPM_DAYS.newYear2022Observed].map(({ expected: d }) => ({
        date: d.date,
        name: `${d.holiday} (substitute day)`,
        source: 'calendar',
      })),
    );
  });

  it("uses the country's CLDR weekend: Friday–Saturday in Saudi Arabia", async () => {
    // November 2026 starts on a Sunday: Fridays 6, 13, 20, 27 and Saturdays 7, 14, 21, 28; no public holidays.
    expect(await count({ start: '2026-11-01', end: '2026-11-30', country: 'SA' })).toMatchObject({
      weekend: [5, 6],
      weekend_days: 8,
      business_days: 22,
      holidays: [],
    });
  });

  it("extra_holidays add days off, listed once, after the calendar's own", async () => {
    const result = await count({
      start: '2021-12-20',
      end: '2022-01-07',
      country: 'US',
      extra_holidays: ['2021-12-24', '2021-12-27', '2021-12-27', '2021-12-25', '2023-01-02'],
    });
    // 24 Dec is already a holiday, 25 Dec a Saturday, 2023 outside the range: only 27 Dec adds a day.
    expect(result).toMatchObject({ holidays_excluded: 3, business_days: 12 });
    expect(result.holidays.map((h) => [h.date, h.source])).toEqual([
      ['2021-12-24', 'calendar'],
      ['2021-12-27', 'extra_holidays'],
      ['2021-12-31', 'calendar'],
    ]);
    expect(result.holidays[1].name).toBe(EXTRA_HOLIDAY_NAME);
  });

  it('types widen the holidays: Bavaria with bank days', async () => {
    const december = { start: '2026-12-01', end: '2026-12-31', country: 'DE', subdivision: 'BY' };
    // December 2026: 23 weekdays; Christmas Day (Friday 25th) is public, Boxing Day falls on Saturday 26th;
    // Christmas Eve and New Year's Eve (both Thursdays) are bank days in the data.
    expect(await count(december)).toMatchObject({ holidays_excluded: 1, business_days: 22 });
    const withBank = await count({ ...december, types: ['public', 'bank'] });
    expect(withBank).toMatchObject({ holidays_excluded: 3, business_days: 20 });
    expect(withBank.holidays.map((h) => h.date)).toEqual(['2026-12-24', '2026-12-25', '2026-12-31']);
  });

  it('agrees with is_business_day day by day', async () => {
    for (const input of [
      { start: '2026-03-15', end: '2026-06-15', country: 'DE', subdivision: 'BY', types: ['public', 'bank', 'school'] },
      { start: '2026-03-01', end: '2026-04-30', country: 'SA' },
      { start: '2026-04-20', end: '2026-05-20', country: 'JP' },
      { start: '2026-09-01', end: '2026-10-15', country: 'KR' },
    ]) {
      expect((await count(input)).business_days, JSON.stringify(input)).toBe(await countByDays(input));
    }
  });

  it('takes the country and subdivision by name: Scotland’s St Andrew’s Day (Monday 30 November 2026)', async () => {
    const result = await runTool(businessDaysInJurisdiction, { start: '2026-11-30', end: '2026-11-30', country: 'United Kingdom', subdivision: 'Scotland' });
    expect(result).toMatchObject({
      country: 'GB',
      subdivision: 'SCT',
      resolved_from_name: { country: 'United Kingdom', subdivision: 'Scotland' },
      business_days: 0,
      holidays_excluded: 1,
    });
  });

  it('start after end is a 400 on `end`, as for count_business_days; bad codes name their field', () => {
    expect(inputErrors(businessDaysInJurisdiction, { start: '2026-02-01', end: '2026-01-31', country: 'GB' })).toEqual([
      { field: 'end', message: 'must not be before start' },
    ]);
    expect(inputErrors(businessDaysInJurisdiction, { start: '2026-01-01', end: '2026-01-31', country: 'XX' })).toEqual([
      {
        field: 'country',
        message: 'is not a supported country code (ISO 3166-1 alpha-2 or alpha-3) or country name; see list_holiday_countries for the codes',
      },
    ]);
    expect(inputErrors(businessDaysInJurisdiction, { start: '2026-01-01', end: '2026-01-31', country: 'GB', subdivision: 'US-ENG' })).toEqual([
      { field: 'subdivision', message: expect.stringMatching(/^names country US, not GB/) },
    ]);
    expect(inputErrors(businessDaysInJurisdiction, { start: '2026-01-01', end: '2026-01-31', country: 'GB', extra_holidays: ['2026-01-32'] })).toEqual([
      { field: 'extra_holidays[0]', message: 'is not a real date (2026-01 has 31 days)' },
    ]);
    expect(
      inputErrors(businessDaysInJurisdiction, {
        start: '2026-01-01',
        end: '2026-01-31',
        country: 'GB',
        extra_holidays: Array.from({ length: 3661 }, () => '2026-01-05'),
      }),
    ).toEqual([{ field: 'extra_holidays', message: 'must list at most 3660 dates' }]);
  });
});

describe('edge cases', () => {
  it('same day: a holiday gives 0 business days, a working day 1, and include_end false gives an empty range', async () => {
    expect(await count({ start: '2026-12-25', end: '2026-12-25', country: 'GB', subdivision: 'ENG' })).toMatchObject({
      business_days: 0,
      holidays_excluded: 1,
      total_days: 1,
    });
    expect(await count({ start: '2026-12-29', end: '2026-12-29', country: 'GB', subdivision: 'ENG' })).toMatchObject({
      business_days: 1,
      total_days: 1,
      holidays: [],
    });
    expect(await count({ start: '2026-12-25', end: '2026-12-25', country: 'GB', include_end: false })).toMatchObject({
      business_days: 0,
      total_days: 0,
      holidays_excluded: 0,
      holidays: [],
    });
  });

  it('include_end false leaves out the end date and its holiday', async () => {
    const result = await count({ start: '2026-12-01', end: '2026-12-28', country: 'GB', subdivision: 'ENG', include_end: false });
    expect(result).toMatchObject({ total_days: 27, holidays_excluded: 1, include_end: false });
    expect(result.holidays.map((h) => h.date)).toEqual(['2026-12-25']);
  });

  it('the distinct dates listed number holidays_excluded, weekend holidays left out', async () => {
    const result = await count({ start: '2021-01-01', end: '2022-12-31', country: 'US', types: ['public', 'observance'] });
    expect(new Set(result.holidays.map((h) => h.date)).size).toBe(result.holidays_excluded);
    expect(result.business_days + result.weekend_days + result.holidays_excluded).toBe(result.total_days);
    expect(result.holidays.some((h) => h.date === '2022-01-01')).toBe(false); // a Saturday
  });

  it('the first and the last century of the data work; 1899, 2201 and a range over 100 calendar years are rejected', async () => {
    for (const [start, end] of [
      ['1900-01-01', '1999-12-31'],
      ['2101-01-01', '2200-12-31'],
    ]) {
      const result = await count({ start, end, country: 'GB', subdivision: 'ENG' });
      expect(result.total_days).toBe(toEpochDay(end) - toEpochDay(start) + 1);
      expect(result.business_days + result.weekend_days + result.holidays_excluded).toBe(result.total_days);
      expect(result.holidays[0].date.startsWith(start.slice(0, 5))).toBe(true);
      expect(result.holidays.at(-1)!.date.startsWith(end.slice(0, 5))).toBe(true);
    }
    const outside = 'must lie in 1900-01-01..2200-12-31 (the years the holiday data covers)';
    expect(inputErrors(businessDaysInJurisdiction, { start: '1899-12-31', end: '1900-01-31', country: 'GB' })).toEqual([{ field: 'start', message: outside }]);
    expect(inputErrors(businessDaysInJurisdiction, { start: '2200-12-01', end: '2201-01-01', country: 'GB' })).toEqual([{ field: 'end', message: outside }]);
    // 101 calendar years, though two days short of 100 years: the work grows with the calendar years.
    expect(inputErrors(businessDaysInJurisdiction, { start: '1900-12-31', end: '2000-01-01', country: 'GB' })).toEqual([
      { field: 'end', message: 'must be at most 100 calendar years from start (1999-12-31 at the latest); count a longer range in parts' },
    ]);
    expect(inputErrors(businessDaysInJurisdiction, { start: '1900-01-01', end: '2200-12-31', country: 'GB' })).toHaveLength(1);
  });

  it("a leap day in February 2028 is counted (20 weekdays + Washington's Birthday off)", async () => {
    // February 2028: 29 days from a Tuesday = 21 weekdays; Washington's Birthday Monday 21 February.
    expect(await count({ start: '2028-02-01', end: '2028-02-29', country: 'US' })).toMatchObject({ total_days: 29, business_days: 20, holidays_excluded: 1 });
  });
});
