import { OPM_FEDERAL_2024 } from '../../fixtures/reference/holidays.ts';
import { describe, expect, it } from 'vitest';
import { businessDays, countBusinessDays } from '../../../engine/date/business-days.ts';
import { inputErrors, runTool } from '../../helpers.ts';
import { nearbyDate, randomDate, randomInt, seededRandom } from './random-dates.ts';

const count = (input: Record<string, unknown>) => runTool(businessDays, input);

/** OPM's 2024 US federal holidays, all on weekdays (test/fixtures/reference/holidays.ts). */
const US_FEDERAL_2024 = [...OPM_FEDERAL_2024.expected];

/** The obvious day-by-day count, on `Date` (independent of calendar.ts). */
function naiveCount(start: string, end: string, holidays: string[], includeEnd: boolean, weekend: number[]) {
  const off = new Set(holidays);
  const result = { total_days: 0, business_days: 0, weekend_days: 0, holidays_excluded: 0 };
  const last = Date.parse(`${end}T00:00:00Z`) - (includeEnd ? 0 : 86_400_000);
  for (let ms = Date.parse(`${start}T00:00:00Z`); ms <= last; ms += 86_400_000) {
    const date = new Date(ms);
    result.total_days++;
    if (weekend.includes(date.getUTCDay() || 7)) result.weekend_days++;
    else if (off.has(date.toISOString().slice(0, 10))) result.holidays_excluded++;
    else result.business_days++;
  }
  return result;
}

describe('count_business_days', () => {
  it('answers the JSDoc @example and the declared example (US federal business days in July 2024 = 22)', async () => {
    const result = await count(businessDays.examples[0].input);
    expect(result).toMatchObject({
      start: '2024-07-01',
      end: '2024-07-31',
      business_days: 22,
      weekend_days: 8,
      holidays_excluded: 1,
      include_end: true,
      weekend: [6, 7],
      total_days: 31,
    });
    expect(result.provenance).toEqual({ method: 'date.business-days', calendar: 'proleptic Gregorian' });
  });

  it('matches known counts', async () => {
    // 2024 has 262 weekdays Mon–Fri (366 days starting on a Monday); with OPM's 11 federal holidays, 251 working days.
    expect(await count({ start: '2024-01-01', end: '2024-12-31' })).toMatchObject({ business_days: 262, weekend_days: 104, total_days: 366 });
    expect(await count({ start: '2024-01-01', end: '2024-12-31', holidays: US_FEDERAL_2024 })).toMatchObject({ business_days: 251, holidays_excluded: 11 });
    // November 2024: 21 weekdays less Veterans Day (Mon 11th) and Thanksgiving (Thu 28th) = 19 federal business days.
    expect(await count({ start: '2024-11-01', end: '2024-11-30', holidays: US_FEDERAL_2024 })).toMatchObject({
      business_days: 19,
      weekend_days: 9,
      holidays_excluded: 2,
    });
    // 2023 (starts on a Sunday, 365 days) has 260 weekdays.
    expect((await count({ start: '2023-01-01', end: '2023-12-31' })).business_days).toBe(260);
  });

  it('uses the weekend it is given', async () => {
    // 2024: 53 Mondays and Tuesdays, 52 of every other weekday.
    expect(await count({ start: '2024-01-01', end: '2024-12-31', weekend: [5, 6] })).toMatchObject({ business_days: 262, weekend: [5, 6] });
    expect(await count({ start: '2024-01-01', end: '2024-12-31', weekend: [1] })).toMatchObject({ business_days: 313, weekend_days: 53 });
    expect(await count({ start: '2024-01-01', end: '2024-12-31', weekend: [] })).toMatchObject({ business_days: 366, weekend_days: 0, weekend: [] });
    expect(await count({ start: '2024-01-01', end: '2024-12-31', weekend: [7, 1, 2, 3, 4, 5, 6] })).toMatchObject({
      business_days: 0,
      weekend_days: 366,
      weekend: [1, 2, 3, 4, 5, 6, 7],
    });
  });

  it('counts each distinct holiday on a working day once, and ignores the rest', async () => {
    const result = await count({
      start: '2024-07-01',
      end: '2024-07-31',
      holidays: ['2024-07-04', '2024-07-04', '2024-07-06', '2024-06-30', '2024-08-01', '2024-07-31'],
    });
    // 4th (Thu) and 31st (Wed) excluded; the 6th is a Saturday; June 30 and August 1 are outside.
    expect(result).toMatchObject({ business_days: 21, weekend_days: 8, holidays_excluded: 2 });
    const exclusive = await count({ start: '2024-07-01', end: '2024-07-31', holidays: ['2024-07-31'], include_end: false });
    expect(exclusive).toMatchObject({ business_days: 22, holidays_excluded: 0, total_days: 30, include_end: false });
  });

  it('agrees with a day-by-day loop on random ranges, weekends and holidays', { tags: ['sweep'] }, () => {
    const random = seededRandom(1337);
    for (let i = 0; i < 1500; i++) {
      const a = randomDate(random);
      const b = nearbyDate(random, a, i % 10 ? 1200 : 20000);
      const [start, end] = a <= b ? [a, b] : [b, a];
      const weekend = [1, 2, 3, 4, 5, 6, 7].filter(() => random() < 0.3);
      const holidays = Array.from({ length: randomInt(random, 0, 40) }, () => nearbyDate(random, random() < 0.5 ? start : end, 40));
      if (holidays.length) holidays.push(holidays[0]); // a repeat
      const includeEnd = random() < 0.5;
      const expected = naiveCount(start, end, holidays, includeEnd, weekend);
      expect(countBusinessDays(start, end, { holidays, includeEnd, weekend }), `${start}..${end} ${JSON.stringify(weekend)}`).toEqual(expected);
    }
  });

  it('names the field of each bad input', () => {
    expect(inputErrors(businessDays, { start: '2024-07-31', end: '2024-07-01' })).toEqual([{ field: 'end', message: 'must not be before start' }]);
    expect(inputErrors(businessDays, { start: '2024-07-01', end: '2024-07-31', holidays: ['2024-07-04', '2024-07-05', '2024-13-01'] })).toEqual([
      { field: 'holidays[2]', message: 'month must be 01..12' },
    ]);
    expect(inputErrors(businessDays, { start: '2024-07-01', end: '2024-07-31', weekend: [0, 6] })).toEqual([
      { field: 'weekend[0]', message: 'must be an ISO weekday 1..7 (1 = Monday)' },
    ]);
    expect(inputErrors(businessDays, { start: '2024-07-01', end: '2024-07-31', weekend: [6, 8] })).toEqual([
      { field: 'weekend[1]', message: 'must be an ISO weekday 1..7 (7 = Sunday)' },
    ]);
    expect(inputErrors(businessDays, { start: '2024-07-01', end: '2024-07-31', weekend: [6, 7, 6] })).toEqual([
      { field: 'weekend[2]', message: 'repeats weekend[0] (weekdays must be distinct)' },
    ]);
    expect(inputErrors(businessDays, { start: '2024-07-01', end: '2024-07-31', weekend: [6.5] })).toEqual([
      { field: 'weekend[0]', message: 'must be a whole number' },
    ]);
    expect(inputErrors(businessDays, { start: '2024-07-01', end: '2024-07-31', weekend: 6 })).toEqual([
      { field: 'weekend', message: 'must be an array of ISO weekdays 1..7' },
    ]);
    expect(inputErrors(businessDays, { start: '2024-07-01', end: '2024-07-31', include_end: 'yes' })).toEqual([
      { field: 'include_end', message: 'must be true or false' },
    ]);
    expect(inputErrors(businessDays, { start: '2024-07-01', end: '2024-07-31', holidays: Array(3661).fill('2024-07-04') })).toEqual([
      { field: 'holidays', message: 'must list at most 3660 dates' },
    ]);
    expect(inputErrors(businessDays, { start: '2024-07-01', end: '2024-07-31', holidays: Array(3660).fill('2024-07-04') })).toEqual([]);
    expect(inputErrors(businessDays, { start: '2024-07-01' })).toEqual([{ field: 'end', message: 'is required' }]);
  });
});

describe('edge cases', () => {
  it('same day counts one day, or none without the end', async () => {
    expect(await count({ start: '2024-07-04', end: '2024-07-04' })).toMatchObject({ business_days: 1, total_days: 1 });
    expect(await count({ start: '2024-07-04', end: '2024-07-04', holidays: ['2024-07-04'] })).toMatchObject({
      business_days: 0,
      holidays_excluded: 1,
      total_days: 1,
    });
    expect(await count({ start: '2024-07-06', end: '2024-07-06' })).toMatchObject({ business_days: 0, weekend_days: 1 });
    expect(await count({ start: '2024-07-04', end: '2024-07-04', include_end: false })).toMatchObject({
      business_days: 0,
      weekend_days: 0,
      holidays_excluded: 0,
      total_days: 0,
    });
  });

  it('a reversed range is refused on end', () => {
    expect(inputErrors(businessDays, { start: '2024-03-01', end: '2024-02-29' })).toEqual([{ field: 'end', message: 'must not be before start' }]);
  });

  it('leap days: 2024-02-29 (Thursday) and 2000-02-29 (Tuesday) are working days; 1900-02-29 does not exist', async () => {
    expect(await count({ start: '2024-02-26', end: '2024-03-03' })).toMatchObject({ business_days: 5, total_days: 7 });
    expect(await count({ start: '2000-02-28', end: '2000-03-01' })).toMatchObject({ business_days: 3, total_days: 3 });
    expect(await count({ start: '1900-02-28', end: '1900-03-01' })).toMatchObject({ business_days: 2, total_days: 2 });
    expect(inputErrors(businessDays, { start: '1900-02-28', end: '1900-02-29' })).toEqual([
      { field: 'end', message: 'is not a real date (1900-02 has 28 days)' },
    ]);
  });

  it('month ends: February 2024 has 21 weekdays, February 2023 has 20', async () => {
    expect((await count({ start: '2024-02-01', end: '2024-02-29' })).business_days).toBe(21);
    expect((await count({ start: '2023-02-01', end: '2023-02-28' })).business_days).toBe(20);
  });

  it('spans the whole range at once: 0001-01-01..9999-12-31', async () => {
    // Years 0001..10000 are 25 Gregorian cycles of 146097 days = 20871 weeks, so each weekday occurs 521775 times.
    // 10001-01-01 is a Monday like 0001-01-01, so year 10000 (366 days) starts on a Saturday and holds 53 Saturdays,
    // 53 Sundays and 52 of each other weekday; taking it away leaves 521723 of each of Mon–Fri and 521722 Sat/Sun.
    expect(await count({ start: '0001-01-01', end: '9999-12-31' })).toMatchObject({ business_days: 5 * 521723, weekend_days: 2 * 521722, total_days: 3652059 });
    expect(await count({ start: '0001-01-01', end: '9999-12-31', holidays: ['0001-01-01', '9999-12-31'], include_end: false })).toMatchObject({
      business_days: 5 * 521723 - 2,
      holidays_excluded: 1,
      total_days: 3652058,
    });
    // One 400-year cycle, 2000-01-01..2399-12-31: 20871 of each weekday.
    expect(await count({ start: '2000-01-01', end: '2399-12-31' })).toMatchObject({ business_days: 5 * 20871, weekend_days: 2 * 20871 });
  });

  it('century ends: 1900-01-01 (Monday) and 2100-12-31 (Friday)', async () => {
    expect(await count({ start: '1900-01-01', end: '1900-01-07' })).toMatchObject({ business_days: 5, weekend_days: 2 });
    expect(await count({ start: '2100-12-27', end: '2100-12-31' })).toMatchObject({ business_days: 5, weekend_days: 0 });
  });

  it('DST does not matter: the week of the 2024 US spring-forward Sunday has 5 working days', async () => {
    expect(await count({ start: '2024-03-10', end: '2024-03-16' })).toMatchObject({ business_days: 5, weekend_days: 2, total_days: 7 });
  });
});
