import { describe, expect, it } from 'vitest';
import { dateDifference } from '../../../engine/date/date-difference.ts';
import { dateDifferenceBatch } from '../../../engine/date/date-difference-batch.ts';
import { Temporal } from '@js-temporal/polyfill';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';
import { randomDate, seededRandom } from './random-dates.ts';

const pair = (start: string, end: string) => ({ start, end });
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

/** What date_difference answers for one pair, without its provenance. */
async function single(start: string, end: string) {
  const { provenance: _own, ...fields } = await runTool(dateDifference, { start, end });
  return fields;
}

describe('date_difference_batch', () => {
  it('answers the JSDoc @example and the declared example', async () => {
    const pairs = [pair('2024-01-31', '2024-03-01'), pair('2024-02-29', '2025-02-28')];
    expect(dateDifferenceBatch.examples[0].input).toEqual({ pairs });
    const r = await runTool(dateDifferenceBatch, dateDifferenceBatch.examples[0].input);
    expect(r.count).toBe(2);
    // 30 days = 1 month 1 day; 365 days = 11 months 30 days (2025 has no 29 February).
    expect(r.results).toEqual(pairs.map((p) => independently(p.start, p.end)));
    const jsdoc = await runTool(dateDifferenceBatch, { pairs: [pair('2024-01-31', '2024-03-01'), pair('2026-12-25', '2026-01-01')] });
    expect(jsdoc.results[1]).toEqual(independently('2026-12-25', '2026-01-01')); // −358 days, −11 months −24 days
  });

  it('each result equals date_difference for that pair, in input order, provenance stated once', async () => {
    const random = seededRandom(7);
    const pairs = Array.from({ length: 40 }, () => pair(randomDate(random), randomDate(random)));
    const r = await runTool(dateDifferenceBatch, { pairs });
    expect(r.count).toBe(40);
    expect(r.results).toEqual(await Promise.all(pairs.map((p) => single(p.start, p.end))));
    expect(r.results.every((x) => !('provenance' in x))).toBe(true);
    const { provenance } = await runTool(dateDifference, pairs[0]);
    expect(r.provenance).toEqual(provenance);
    const full = (await runTool(dateDifferenceBatch, { pairs }, withFullProvenance())).provenance;
    expect(explanationsOf(full).batch).toMatch(/as date_difference does.*applies to every result/);
  });

  it('accepts 1 and exactly 100 pairs', async () => {
    expect((await runTool(dateDifferenceBatch, { pairs: [pair('2026-01-01', '2026-12-31')] })).results).toEqual([await single('2026-01-01', '2026-12-31')]);
    const pairs = Array.from({ length: 100 }, (_, i) => pair('2026-01-01', `2026-01-${String(1 + (i % 31)).padStart(2, '0')}`));
    const r = await runTool(dateDifferenceBatch, { pairs });
    expect(r.count).toBe(100);
    expect(r.results.map((x) => x.days)).toEqual(pairs.map((_, i) => i % 31));
  });
});

describe('edge cases', () => {
  it('refuses 0 and 101 pairs, and a missing or non-array list', () => {
    expect(inputErrors(dateDifferenceBatch, { pairs: [] })).toEqual([{ field: 'pairs', message: 'must have at least 1 pair' }]);
    const many = Array.from({ length: 101 }, () => pair('2026-01-01', '2026-01-02'));
    expect(inputErrors(dateDifferenceBatch, { pairs: many })).toEqual([{ field: 'pairs', message: 'must have at most 100 pairs' }]);
    expect(inputErrors(dateDifferenceBatch, {})).toEqual([{ field: 'pairs', message: 'is required' }]);
    expect(inputErrors(dateDifferenceBatch, { pairs: 'x' })).toEqual([{ field: 'pairs', message: 'must be an array of {start, end} pairs' }]);
  });

  it('names a bad item by its JSON path', () => {
    const pairs = Array.from({ length: 9 }, () => pair('2026-01-01', '2026-01-02'));
    pairs[7] = pair('2026-01-01', '2026-02-30');
    expect(inputErrors(dateDifferenceBatch, { pairs })).toEqual([{ field: 'pairs[7].end', message: 'is not a real date (2026-02 has 28 days)' }]);
    expect(inputErrors(dateDifferenceBatch, { pairs: [{ start: '2026-01-01' }] })).toEqual([{ field: 'pairs[0].end', message: 'is required' }]);
    expect(inputErrors(dateDifferenceBatch, { pairs: [{ start: '2026-01-01', end: '2026-01-02', unit: 'days' }] })).toEqual([
      { field: 'pairs[0].unit', message: 'is not a known parameter of this operation' },
    ]);
  });

  it('same day, reversed range and leap day inside one batch', async () => {
    const r = await runTool(dateDifferenceBatch, {
      pairs: [pair('2024-02-29', '2024-02-29'), pair('2024-03-01', '2024-01-31'), pair('2024-02-28', '2024-03-01'), pair('0001-01-01', '9999-12-31')],
    });
    expect(r.results.map((x) => x.days)).toEqual([0, -30, 2, 3652058]); // 9999 years of 365.2425 days − 1 day
    expect(Object.is(r.results[1].calendar.years, 0)).toBe(true);
  });
});
