/**
 * The holiday tools' declared work (engine/holidays/holiday-work.ts, engine/work.ts): how it grows with
 * the years and the rules, where a call is refused and what the refusal says. Whether the declarations
 * cover the CPU really spent is measured, not tested: bench/holidays.ts.
 */
import { describe, expect, it } from 'vitest';
import { businessDaysInJurisdiction } from '../../../engine/holidays/business-days-jurisdiction.ts';
import { jurisdiction, supportedCountries } from '../../../engine/holidays/calendar-data.ts';
import { CALL_UNITS, calendarYears, MAX_SPAN_YEARS, WARM_YEAR_UNITS, yearsUnits, yearsWithin, yearUnits } from '../../../engine/holidays/holiday-work.ts';
import { isBusinessDay } from '../../../engine/holidays/is-business-day.ts';
import { listHolidays } from '../../../engine/holidays/list-holidays.ts';
import { nextHolidays } from '../../../engine/holidays/next-holidays.ts';
import { validateInput } from '../../../engine/validate.ts';
import { MAX_WORK_UNITS, priceOf, WorkLimitError } from '../../../engine/work.ts';
import type { ToolDefinition } from '../../../engine/tool.ts';

const every = supportedCountries().flatMap((c) => [
  [c.code, null] as [string, string | null],
  ...c.subdivisions.map((s): [string, string | null] => [c.code, s.code]),
]);

/** The input as the tool's schema parses it. */
function parsed<T>(tool: ToolDefinition, input: Record<string, unknown>): T {
  const checked = validateInput(tool.input, input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.data as T;
}
const price = (tool: ToolDefinition, input: Record<string, unknown>) => priceOf(tool, parsed(tool, input));
const refusal = (tool: ToolDefinition, input: Record<string, unknown>) => {
  try {
    priceOf(tool, parsed(tool, input));
  } catch (error) {
    if (error instanceof WorkLimitError) return (error as WorkLimitError & { errors: { field: string; message: string }[] }).errors;
    throw error;
  }
  return undefined;
};

describe('a year of holidays', () => {
  it('costs 500 units and 60 a rule, more for lunisolar and solar rules', () => {
    const us = jurisdiction('US', null); // no lunisolar, equinox or solstice rule
    expect(us.rules.some((r) => /chinese|korean|vietnamese|equinox|solstice/.test(r))).toBe(false);
    expect(yearUnits(us)).toBe(500 + 60 * us.rules.length);
    const jp = jurisdiction('JP', null); // the March and September equinoxes, and their substitute days
    const solar = jp.rules.filter((r) => /equinox|solstice/.test(r)).length;
    expect(solar).toBeGreaterThanOrEqual(2);
    expect(yearUnits(jp)).toBe(500 + 60 * jp.rules.length + 1000 * solar);
    const tw = jurisdiction('TW', null);
    const lunisolar = tw.rules.filter((r) => /\bchinese\b/.test(r)).length;
    expect(lunisolar).toBeGreaterThan(10);
    expect(yearUnits(tw)).toBe(500 + 60 * tw.rules.length + 9000 + 500 * lunisolar + 1000); // and its December solstice
  });

  it('years in a row cost the call, each year and the one before the first, and a little for each once computed', () => {
    const de = jurisdiction('DE', null);
    expect(yearsUnits(de, 1)).toBe(CALL_UNITS + 2 * yearUnits(de) + WARM_YEAR_UNITS);
    expect(yearsUnits(de, 100)).toBe(CALL_UNITS + 101 * yearUnits(de) + 100 * WARM_YEAR_UNITS);
    expect(calendarYears('2026-12-31', '2027-01-01')).toBe(2);
    expect(calendarYears('2026-01-01', '2026-12-31')).toBe(1);
  });

  it('yearsWithin is the most years within a budget, in every jurisdiction', () => {
    for (const code of every) {
      const j = jurisdiction(...code);
      const most = yearsWithin(j, MAX_WORK_UNITS);
      expect(yearsUnits(j, most), code.join('-')).toBeLessThanOrEqual(MAX_WORK_UNITS);
      expect(yearsUnits(j, most + 1), code.join('-')).toBeGreaterThan(MAX_WORK_UNITS);
      expect(most, code.join('-')).toBeGreaterThanOrEqual(9); // TW, the costliest, 9
    }
    expect(yearsWithin(jurisdiction('TW', null), MAX_WORK_UNITS)).toBe(9);
  });
});

describe('count_business_days_in_jurisdiction', () => {
  it(`is refused over ${MAX_SPAN_YEARS} calendar years by its schema, naming end`, () => {
    const checked = validateInput(businessDaysInJurisdiction.input, { start: '2000-06-01', end: '2100-01-01', country: 'US' });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors).toEqual([
      { field: 'end', message: 'must be at most 100 calendar years from start (2099-12-31 at the latest); count a longer range in parts' },
    ]);
  });

  it('costs its years: a year of US holidays one credit, a century of US, GB or DE ten; refused where a century is more', () => {
    expect(price(businessDaysInJurisdiction, { start: '2026-01-01', end: '2026-12-31', country: 'US' })).toBe(1);
    for (const country of ['US', 'GB', 'DE', 'FR', 'IN', 'BR']) {
      expect(price(businessDaysInJurisdiction, { start: '1900-01-01', end: '1999-12-31', country }), country).toBeLessThanOrEqual(10);
    }
    const estimate = businessDaysInJurisdiction.work!.estimate(parsed(businessDaysInJurisdiction, { start: '2000-01-01', end: '2009-12-31', country: 'JP' }));
    expect(estimate).toEqual({
      units: yearsUnits(jurisdiction('JP', null), 10),
      field: 'end',
      shrink: 'ask for at most 30 calendar years at a time in JP',
    });
  });

  it("is refused before any work where the years would cost over 250 ms, naming end and the jurisdiction's limit", () => {
    // TW: 22 Chinese-calendar rules, about 24 ms a year declared: 9 years at most (246 ms, ten credits).
    expect(price(businessDaysInJurisdiction, { start: '2020-01-01', end: '2028-12-31', country: 'TW', types: ['public'] })).toBe(10);
    expect(refusal(businessDaysInJurisdiction, { start: '2020-01-01', end: '2029-01-01', country: 'TW' })).toEqual([
      {
        field: 'end',
        message: 'asks for about 270 ms of server work, more than the 250 ms one request may use; ask for at most 9 calendar years at a time in TW',
      },
    ]);
    expect(refusal(businessDaysInJurisdiction, { start: '1900-01-01', end: '1999-12-31', country: 'GB', subdivision: 'ENG' })).toBeUndefined();
    expect(refusal(businessDaysInJurisdiction, { start: '1900-01-01', end: '1999-12-31', country: 'MY', subdivision: '01' })?.[0].message).toMatch(
      /at most 14 calendar years at a time in MY-01$/,
    );
  });

  it('counts each extra_holidays date', () => {
    const base = { start: '2026-01-01', end: '2035-12-31', country: 'US' };
    const extra = Array.from({ length: 3000 }, (_, i) => `2026-01-${String((i % 28) + 1).padStart(2, '0')}`);
    const without = businessDaysInJurisdiction.work!.estimate(parsed(businessDaysInJurisdiction, base)).units;
    expect(businessDaysInJurisdiction.work!.estimate(parsed(businessDaysInJurisdiction, { ...base, extra_holidays: extra })).units).toBe(without + 6000);
  });
});

describe('what the tools say of their limits', () => {
  it('names the years the work allows where they are fewer than a century', () => {
    const most = (country: string) => yearsWithin(jurisdiction(country, null), MAX_WORK_UNITS);
    const [jp, cn, tw] = [most('JP'), most('CN'), most('TW')];
    expect(businessDaysInJurisdiction.description).toContain(`(JP ${jp}, CN ${cn}, TW ${tw})`);
    expect(businessDaysInJurisdiction.work!.rule).toContain(`${MAX_SPAN_YEARS} years in one call in most countries, ${tw} in TW`);
    expect(nextHolidays.description).toContain(`over 100 in most countries, ${tw} in TW.`);
    expect(every.filter((code) => yearsWithin(jurisdiction(...code), MAX_WORK_UNITS) >= 100).length).toBeGreaterThan(every.length * 0.8); // "most"
    for (const tool of [businessDaysInJurisdiction, nextHolidays, listHolidays, isBusinessDay]) expect(tool.description.length).toBeLessThanOrEqual(400);
  });
});

describe('one year: list_holidays and is_business_day', () => {
  it('are never refused: two years of the costliest jurisdiction fit in one call', () => {
    for (const code of every) {
      const input = { country: code[0], ...(code[1] ? { subdivision: code[1] } : {}) };
      expect(refusal(listHolidays, { ...input, year: 2026 }), code.join('-')).toBeUndefined();
      expect(refusal(isBusinessDay, { ...input, date: '2026-02-17' }), code.join('-')).toBeUndefined();
      expect(refusal(nextHolidays, { ...input, after: '2026-12-31', count: 20 }), code.join('-')).toBeUndefined();
    }
  });

  it('cost one credit in most countries, three in TW', () => {
    expect(price(listHolidays, { country: 'GB', year: 2026 })).toBe(1);
    expect(price(isBusinessDay, { country: 'US', date: '2026-07-03' })).toBe(1);
    expect(price(listHolidays, { country: 'TW', year: 2026 })).toBe(3); // 5 + 2 × 24.1 ms = 53 ms
    expect(listHolidays.work!.estimate(parsed(listHolidays, { country: 'TW', year: 2026 }))).toMatchObject({ field: 'year' });
    expect(isBusinessDay.work!.estimate(parsed(isBusinessDay, { country: 'TW', date: '2026-01-01' }))).toMatchObject({ field: 'date' });
  });
});
