import { type DayOffReference, GOV_UK_DAYS, KOREA_CHUSEOK_2026, OPM_DAYS } from '../../fixtures/reference/holidays.ts';
import { describe, expect, it } from 'vitest';
import { nextHolidays } from '../../../engine/holidays/next-holidays.ts';
import { jurisdiction } from '../../../engine/holidays/calendar-data.ts';
import { WARM_YEAR_UNITS, yearsUnits, yearsWithin, yearUnits } from '../../../engine/holidays/holiday-work.ts';
import { MAX_WORK_UNITS, WorkMeter } from '../../../engine/work.ts';
import { explanationsOf, fixedClock, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const next = (input: Record<string, unknown>, clock = '2026-11-22T08:00:00Z') => runTool(nextHolidays, input, fixedClock(clock));
/** Whole days from `after` to a published date, counted by Date (not by the engine's calendar). */
const daysFrom = (after: string, date: string) => (Date.parse(date) - Date.parse(after)) / 86_400_000;
const day = ({ expected }: DayOffReference) => expected.date;
const brief = async (input: Record<string, unknown>) => (await next(input)).holidays.map((h) => [h.date, h.name, h.days_until] as const);

describe('next_holidays', () => {
  it('answers the JSDoc @example and the declared example, across the year end', async () => {
    const result = await next(nextHolidays.examples[0].input);
    expect(result).toMatchObject({ country: 'US', subdivision: null, after: '2026-12-26' });
    // OPM: New Year's Day Friday 1 January 2027; Martin Luther King Jr. Day Monday 18 January 2027 (names as the data writes them).
    const [newYear, mlk] = [day(OPM_DAYS.newYear2027), day(OPM_DAYS.martinLutherKing2027)];
    expect(result.holidays).toEqual([
      { date: newYear, name: "New Year's Day", local_name: "New Year's Day", type: 'public', substitute: false, days_until: daysFrom(result.after, newYear) },
      {
        date: mlk,
        name: 'Martin Luther King Jr. Day',
        local_name: 'Martin Luther King Jr. Day',
        type: 'public',
        substitute: false,
        days_until: daysFrom(result.after, mlk),
      },
    ]);
    expect(result.provenance).toMatchObject({ method: 'holidays.next', holidays: expect.stringMatching(/^date-holidays \d/) });
    const full = await runTool(nextHolidays, nextHolidays.examples[0].input, withFullProvenance());
    expect(explanationsOf(full.provenance).holidays).toMatch(/^date-holidays .* rules for US/);
  });

  it('defaults `after` to today in UTC and count to 1', async () => {
    // 2026-11-22 (clock) → Thanksgiving, Thursday 26 November 2026 (OPM).
    const thanksgiving = day(OPM_DAYS.thanksgiving2026);
    expect(await next({ country: 'US' })).toMatchObject({
      after: '2026-11-22',
      holidays: [{ date: thanksgiving, name: 'Thanksgiving Day', days_until: daysFrom('2026-11-22', thanksgiving) }],
    });
    // Just before UTC midnight it is still the 22nd.
    expect((await next({ country: 'US' }, '2026-11-22T23:59:59Z')).after).toBe('2026-11-22');
    expect(nextHolidays.usesClock?.({ country: 'US', types: ['public'] })).toBe(true);
    expect(nextHolidays.usesClock?.({ country: 'US', after: '2026-01-01', types: ['public'] })).toBe(false);
  });

  it('finds a substitute day that falls in the previous year (OPM: Friday 31 December 2027 for New Year 2028)', async () => {
    const after = '2027-12-24';
    const days = [OPM_DAYS.christmas2027, OPM_DAYS.newYear2028Observed, OPM_DAYS.newYear2028, OPM_DAYS.martinLutherKing2028].map(day);
    expect(await brief({ country: 'US', after, count: 4 })).toEqual([
      [days[0], 'Christmas Day', daysFrom(after, days[0])], // the holiday's own date, a Saturday; observed Friday 24 December
      [days[1], "New Year's Day (substitute day)", daysFrom(after, days[1])],
      [days[2], "New Year's Day", daysFrom(after, days[2])],
      [days[3], 'Martin Luther King Jr. Day', daysFrom(after, days[3])],
    ]);
  });

  it('England: from Christmas 2026 to the next year (gov.uk)', async () => {
    // gov.uk's 2026 list has Boxing Day on its substitute day alone (the official layer removes the rules' Saturday 26 December).
    const after = '2026-12-25';
    const [substitute, newYear] = [day(GOV_UK_DAYS.boxingDay2026Observed), day(GOV_UK_DAYS.newYear2027)];
    expect(await brief({ country: 'GB', subdivision: 'GB-ENG', after, count: 2 })).toEqual([
      [substitute, 'Boxing Day (substitute day)', daysFrom(after, substitute)],
      [newYear, "New Year's Day", daysFrom(after, newYear)],
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

  it('takes the country and subdivision by name: New South Wales’ Labour Day, 5 October 2026', async () => {
    expect(await runTool(nextHolidays, { country: 'Australia', subdivision: 'new south wales', after: '2026-09-30' })).toMatchObject({
      country: 'AU',
      subdivision: 'NSW',
      resolved_from_name: { country: 'Australia', subdivision: 'New South Wales' },
      holidays: [{ date: '2026-10-05', name: 'Labour Day', days_until: 5 }],
    });
  });

  it('names the field of a bad input', () => {
    expect(inputErrors(nextHolidays, { country: 'US', count: 0 })).toEqual([{ field: 'count', message: 'must be ≥ 1' }]);
    expect(inputErrors(nextHolidays, { country: 'US', count: 21 })).toEqual([{ field: 'count', message: 'must be ≤ 20' }]);
    expect(inputErrors(nextHolidays, { country: 'US', after: '2026-13-01' })).toEqual([{ field: 'after', message: 'month must be 01..12' }]);
    expect(inputErrors(nextHolidays, { country: 'QZ' })).toEqual([
      {
        field: 'country',
        message: 'is not a supported country code (ISO 3166-1 alpha-2 or alpha-3) or country name; see list_holiday_countries for the codes',
      },
    ]);
    expect(inputErrors(nextHolidays, { country: 'Atlantis' })).toEqual([
      {
        field: 'country',
        message: 'is not a supported country code (ISO 3166-1 alpha-2 or alpha-3) or country name; see list_holiday_countries for the codes',
      },
    ]);
    expect(inputErrors(nextHolidays, { country: 'GB', subdivision: 'US-ENG' })).toEqual([
      { field: 'subdivision', message: expect.stringMatching(/^names country US, not GB/) },
    ]);
  });
});

describe('edge cases', () => {
  it('is strictly after: a holiday on `after` itself is not returned', async () => {
    const christmas = day(OPM_DAYS.christmas2026);
    expect((await next({ country: 'US', after: day(OPM_DAYS.thanksgiving2026) })).holidays[0]).toMatchObject({
      date: christmas,
      days_until: daysFrom('2026-11-26', christmas),
    });
  });

  it('each day of a multi-day holiday is one entry (Chuseok 2026)', async () => {
    expect(await brief({ country: 'KR', after: '2026-09-23', count: 3 })).toEqual(
      KOREA_CHUSEOK_2026.expected.map((date) => [date, 'Korean Thanksgiving', daysFrom('2026-09-23', date)]),
    );
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

  it('searches as many years as one call may work: school holidays of Victoria (AU-VIC, from 2026) are found from 1960, not from 1900', async () => {
    // The data types Victoria's school terms as school holidays since 2026 only (25 rules "… since 2026").
    // A year of AU-VIC is declared 3.1 ms cold (holiday-work.ts): 78 years fit in 250 ms.
    const metered = async (after: string) => {
      const meter = new WorkMeter();
      const result = await runTool(
        nextHolidays,
        { country: 'AU', subdivision: 'VIC', after, types: ['school'] },
        { ...fixedClock('2026-11-22T08:00:00Z'), meter },
      );
      return { dates: result.holidays.map((h) => h.date), spent: meter.spent };
    };
    const vic = jurisdiction('AU', 'VIC');
    const from1900 = await metered('1900-01-01');
    expect(from1900.dates).toEqual([]);
    expect(from1900.spent).toBeLessThanOrEqual(MAX_WORK_UNITS);
    expect(from1900.spent + yearUnits(vic) + WARM_YEAR_UNITS).toBeGreaterThan(MAX_WORK_UNITS); // stopped for want of work, not of years
    expect(from1900.spent).toBe(yearsUnits(vic, yearsWithin(vic, MAX_WORK_UNITS)));
    expect((await metered('1960-01-01')).dates[0]).toMatch(/^2026-/);
    // Where the search stops depends on the input only: the same answer and charge with every year cached.
    expect(await metered('1900-01-01')).toEqual(from1900);
  });

  it('charges the years it searched to the meter, at their cold cost', async () => {
    const meter = new WorkMeter();
    await runTool(nextHolidays, { country: 'US', after: '2026-12-26', count: 2 }, { ...fixedClock('2026-11-22T08:00:00Z'), meter });
    expect(meter.spent).toBe(yearsUnits(jurisdiction('US', null), 2)); // 2026 and 2027, and 2025 before them
    expect(nextHolidays.work!.estimate({ country: 'US', after: '2026-12-26', count: 2, types: ['public'] }).units).toBe(
      yearsUnits(jurisdiction('US', null), 1),
    );
  });

  it('days_until counts across a leap day', async () => {
    // 2028 is a leap year: 2028-02-01 → Washington's Birthday, Monday 21 February 2028 (OPM) = 20 days.
    expect(await brief({ country: 'US', after: '2028-02-01' })).toEqual([[day(OPM_DAYS.washingtonsBirthday2028), "Washington's Birthday", 20]]);
    // From 28 February 2028 to Memorial Day (29 May 2028, OPM): 1 + 31 + 30 + 29 = 91 days.
    expect(await brief({ country: 'US', after: '2028-02-28' })).toEqual([[day(OPM_DAYS.memorialDay2028), 'Memorial Day', 91]]);
  });
});
