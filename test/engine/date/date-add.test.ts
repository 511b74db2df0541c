import { PYTHON_MAX_MINUS_MIN, TIMEANDDATE_ADDED_DAYS } from '../../fixtures/reference/calendar.ts';
import { describe, expect, it } from 'vitest';
import { Temporal } from '@js-temporal/polyfill';
import { addToDate, dateAdd, type DateAmounts } from '../../../engine/date/date-add.ts';
import { ToolInputError } from '../../../engine/tool.ts';
import { inputErrors, runTool } from '../../helpers.ts';
import { randomDate, randomInt, seededRandom } from './random-dates.ts';

const add = async (start: string, amounts: DateAmounts) => (await runTool(dateAdd, { start, ...amounts })).result;

/** The `{field, message}` list a `ToolInputError` carries, or null when the call succeeds. */
function runErrors(start: string, amounts: DateAmounts) {
  try {
    addToDate(start, amounts);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ToolInputError);
    return (error as ToolInputError).errors;
  }
}
const outside = (field: string) => [{ field, message: 'moves the result outside 0001-01-01..9999-12-31' }];

describe('date_add', () => {
  it('answers the JSDoc @example and the declared example', async () => {
    const result = await runTool(dateAdd, dateAdd.examples[0].input);
    expect(result).toMatchObject({ start: '2024-01-31', added: { years: 0, months: 1, weeks: 0, days: 1 }, result: '2024-03-01' });
    expect(result.provenance).toEqual({ method: 'date.add', calendar: 'proleptic Gregorian' });
  });

  it('matches timeanddate.com date calculator results', async () => {
    for (const { input, expected, source } of TIMEANDDATE_ADDED_DAYS) expect(await add(input.start, { days: input.days }), source).toBe(expected);
    expect(await add('2024-12-30', { weeks: 1 })).toBe('2025-01-06');
    expect(await add('2024-01-15', { years: 1, months: 2, weeks: 3, days: 4 })).toBe('2025-04-09');
  });

  it('reports what it added, zeros for the missing amounts', async () => {
    expect((await runTool(dateAdd, { start: '2024-01-01', weeks: -2 })).added).toEqual({ years: 0, months: 0, weeks: -2, days: 0 });
    expect(await add('2024-05-17', {})).toBe('2024-05-17');
  });

  it('applies steps in order like Temporal add(years), add(months), add(days) on random inputs', () => {
    const random = seededRandom(4242);
    for (let i = 0; i < 3000; i++) {
      const start = randomDate(random);
      const amounts = {
        years: randomInt(random, -60, 60),
        months: randomInt(random, -300, 300),
        weeks: randomInt(random, -200, 200),
        days: randomInt(random, -1000, 1000),
      };
      const expected = Temporal.PlainDate.from(start)
        .add({ years: amounts.years })
        .add({ months: amounts.months })
        .add({ days: amounts.weeks * 7 + amounts.days });
      const inRange = expected.year >= 1 && expected.year <= 9999;
      if (inRange) expect(addToDate(start, amounts).result, `${start} + ${JSON.stringify(amounts)}`).toBe(expected.toString());
      else expect(runErrors(start, amounts)).not.toBeNull();
    }
  });

  it('rejects amounts past their bounds, naming the bound', () => {
    expect(inputErrors(dateAdd, { start: '2024-01-01', years: 10000 })).toEqual([{ field: 'years', message: 'must be ≤ 9999' }]);
    expect(inputErrors(dateAdd, { start: '2024-01-01', months: -119989 })).toEqual([{ field: 'months', message: 'must be ≥ -119988' }]);
    expect(inputErrors(dateAdd, { start: '2024-01-01', weeks: 521776 })).toEqual([{ field: 'weeks', message: 'must be ≤ 521775' }]);
    expect(inputErrors(dateAdd, { start: '2024-01-01', days: -3652426 })).toEqual([{ field: 'days', message: 'must be ≥ -3652425' }]);
    expect(inputErrors(dateAdd, { start: '2024-01-01', days: 1.5 })).toEqual([{ field: 'days', message: 'must be a whole number' }]);
    expect(inputErrors(dateAdd, { start: '2024-01-01', weeks: 'two' })).toEqual([{ field: 'weeks', message: 'must be a whole number' }]);
    expect(inputErrors(dateAdd, { start: '2024-02-30' })).toEqual([{ field: 'start', message: 'is not a real date (2024-02 has 29 days)' }]);
    expect(inputErrors(dateAdd, { days: 1 })).toEqual([{ field: 'start', message: 'is required' }]);
  });

  it('a result outside 0001..9999 is a client error naming the field that pushed it out', async () => {
    expect(runErrors('9999-12-31', { days: 1 })).toEqual(outside('days'));
    expect(runErrors('0001-01-01', { years: -1 })).toEqual(outside('years'));
    expect(runErrors('0001-03-01', { months: -3 })).toEqual(outside('months'));
    expect(runErrors('9999-12-01', { weeks: 5, days: -1 })).toEqual(outside('weeks'));
    // Out with years, back in with months, out again with weeks: the weeks did it.
    expect(runErrors('5000-01-01', { years: 9000, months: -60000, weeks: 100000 })).toEqual(outside('weeks'));
    // Out with years and further out with days: the years did it.
    expect(runErrors('5000-01-01', { years: 9999, days: 5 })).toEqual(outside('years'));
    // Intermediate steps may leave the range as long as the result is inside it.
    expect(await add('2000-01-01', { years: 9000, months: -119988 })).toBe('1001-01-01');
    // Every bound at once stays a 400, never an overflow.
    expect(runErrors('0001-01-01', { years: 9999, months: 119988, weeks: 521775, days: 3652425 })).toEqual(outside('years'));
    expect(runErrors('9999-12-31', { years: -9999, months: -119988, weeks: -521775, days: -3652425 })).toEqual(outside('years'));
  });
});

describe('edge cases', () => {
  it('same day: adding nothing, or +1 and −1, returns the start', async () => {
    expect(await add('2024-02-29', { years: 0, months: 0, weeks: 0, days: 0 })).toBe('2024-02-29');
    expect(await add('2024-02-29', { weeks: 1, days: -7 })).toBe('2024-02-29');
  });

  it('reversed direction: negative amounts subtract, clamping too', async () => {
    expect(await add('2024-03-31', { months: -1 })).toBe('2024-02-29');
    expect(await add('2025-03-31', { months: -1 })).toBe('2025-02-28');
    expect(await add('2024-03-01', { days: -1 })).toBe('2024-02-29');
  });

  it('month-end clamping, step by step', async () => {
    expect(await add('2024-01-31', { months: 1 })).toBe('2024-02-29');
    expect(await add('2023-01-31', { months: 1 })).toBe('2023-02-28');
    expect(await add('2024-01-31', { months: 2 })).toBe('2024-03-31');
    expect(await add('2024-02-29', { years: 1 })).toBe('2025-02-28');
    // The year step clamps first, then the month applies to 2025-02-28.
    expect(await add('2024-02-29', { years: 1, months: 1 })).toBe('2025-03-28');
    expect(await add('2024-02-29', { years: 4 })).toBe('2028-02-29');
  });

  it('leap days: 1900 is not a leap year, 2000 is, 2100 is not', async () => {
    expect(await add('1900-02-28', { days: 1 })).toBe('1900-03-01');
    expect(await add('2000-02-28', { days: 1 })).toBe('2000-02-29');
    expect(await add('2000-02-29', { years: 100 })).toBe('2100-02-28');
    expect(await add('1896-02-29', { years: 4 })).toBe('1900-02-28');
  });

  it('reaches exactly 0001-01-01 and 9999-12-31', async () => {
    // Python: (date.max − date.min).days = 3652058.
    const { input: span, expected: days } = PYTHON_MAX_MINUS_MIN;
    expect(await add(span.start, { days })).toBe(span.end);
    expect(await add(span.end, { days: -days })).toBe(span.start);
    expect(await add('0001-01-01', { years: 9998, months: 11, days: 30 })).toBe('9999-12-31');
    expect(await add('9999-12-31', { years: -9998, months: -11, days: -30 })).toBe('0001-01-01');
    expect(await add('1900-01-01', { years: 200, months: 11, days: 30 })).toBe('2100-12-31');
  });

  it('DST does not matter: days across the 2024 US and EU clock changes are whole days', async () => {
    expect(await add('2024-03-09', { days: 2 })).toBe('2024-03-11');
    expect(await add('2024-10-26', { days: 2 })).toBe('2024-10-28');
  });
});
