import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listHolidayCountries } from '../../../engine/holidays/list-holiday-countries.ts';
import { listHolidays } from '../../../engine/holidays/list-holidays.ts';
import { nextHolidays } from '../../../engine/holidays/next-holidays.ts';
import { isBusinessDay } from '../../../engine/holidays/is-business-day.ts';
import { businessDaysInJurisdiction } from '../../../engine/holidays/business-days-jurisdiction.ts';
import { holidayCountryCodes } from '../../../engine/holidays/calendar-data.ts';
import type { AnyTool } from '../../../engine/tool.ts';
import { fixedClock, inputErrors, runTool } from '../../helpers.ts';
import { statusFamilyOf } from '../../../service/inventory.ts';

describe('list_holiday_countries', () => {
  it('answers the declared example: every country sorted by code, English names, with subdivisions', async () => {
    const { countries, provenance } = await runTool(listHolidayCountries, listHolidayCountries.examples[0].input);
    const codes = countries.map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(190);
    // Every country date-holidays itself lists, read through its own API; argument completion offers the same codes.
    expect(codes).toEqual(
      Object.keys(new Holidays().getCountries('en'))
        .map((c) => c.toUpperCase())
        .sort(),
    );
    expect(holidayCountryCodes()).toEqual(codes);
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);

    const gb = countries.find((c) => c.code === 'GB')!;
    expect(gb.name).toBe('United Kingdom');
    expect(gb.subdivisions.map((s) => s.code)).toEqual(expect.arrayContaining(['ENG', 'NIR', 'SCT', 'WLS']));
    expect(gb.subdivisions.find((s) => s.code === 'ENG')!.name).toBe('England');
    expect(countries.find((c) => c.code === 'DE')).toMatchObject({ name: 'Germany', subdivisions: expect.arrayContaining([{ code: 'BY', name: 'Bavaria' }]) });
    expect(countries.find((c) => c.code === 'AE')).toEqual({ code: 'AE', name: 'United Arab Emirates', subdivisions: [] });
    // 50 states and the District of Columbia.
    expect(countries.find((c) => c.code === 'US')!.subdivisions).toHaveLength(51);
    expect(provenance).toMatchObject({
      method: 'holidays.catalogue',
      holidays: expect.stringMatching(/^date-holidays \d/),
      weekend: expect.stringContaining('CLDR'),
    });
  });

  it('every code it lists is accepted by the other holiday tools, the subdivision in both forms', async () => {
    const { countries } = await runTool(listHolidayCountries, {});
    for (const country of countries) {
      expect(inputErrors(listHolidays, { country: country.code.toLowerCase(), year: 2026 })).toEqual([]);
      for (const sub of country.subdivisions) {
        expect(inputErrors(listHolidays, { country: country.code, subdivision: sub.code, year: 2026 }), `${country.code} ${sub.code}`).toEqual([]);
        expect(inputErrors(isBusinessDay, { country: country.code, subdivision: `${country.code}-${sub.code}`, date: '2026-01-01' })).toEqual([]);
      }
    }
  });

  it('narrows to one country given by code or name; an unknown one is refused naming country', async () => {
    const byName = await runTool(listHolidayCountries, { country: 'united kingdom' });
    expect(byName.countries.map((c) => c.code)).toEqual(['GB']);
    expect(byName.countries[0].subdivisions.map((s) => s.code)).toEqual(expect.arrayContaining(['ENG', 'SCT', 'WLS', 'NIR']));
    expect(await runTool(listHolidayCountries, { country: 'gb' })).toEqual(byName);
    expect(inputErrors(listHolidayCountries, { country: 'Atlantis' })[0].field).toBe('country');
    expect(inputErrors(listHolidayCountries, { region: 'GB' })).toEqual([{ field: 'region', message: 'is not a known parameter of this operation' }]);
  });
});

describe('edge cases', () => {
  // What the registry test checks of every tool, run here until the lead registers these.
  const tools = [listHolidayCountries, listHolidays, nextHolidays, isBusinessDay, businessDaysInJurisdiction] as unknown as AnyTool[];

  it.each(tools.map((t) => [t.name, t] as const))('%s is complete, convertible to JSON Schema and deterministic', async (_name, tool) => {
    expect(tool.family).toBe('holidays');
    // The status document lists it with the date routes, as its path /v1/date/… says (contract).
    expect(statusFamilyOf(tool)).toBe(tool.name === 'count_business_days_in_jurisdiction' ? 'date' : 'holiday');
    expect(tool.auth).toBe('key');
    expect(tool.description.length).toBeGreaterThan(150);
    expect(tool.description.length).toBeLessThanOrEqual(400);
    expect(() => z.toJSONSchema(tool.input, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(tool.output, { io: 'output' })).not.toThrow();
    const input = tool.input.parse(tool.examples[0].input);
    const first = await tool.run(input, fixedClock('2026-11-22T08:00:00Z'));
    expect(tool.output.safeParse(first).success).toBe(true);
    if (!tool.usesClock?.(input)) expect(await tool.run(input, fixedClock('2030-01-01T00:00:00Z'))).toEqual(first);
  });

  it('the input JSON Schema shows types as a list defaulting to ["public"]', () => {
    const schema = z.toJSONSchema(listHolidays.input, { io: 'input' }) as {
      properties: Record<string, { type?: string; default?: unknown }>;
      required: string[];
    };
    expect(schema.properties.types).toMatchObject({ type: 'array', default: ['public'] });
    expect(schema.required).toEqual(['country', 'year']);
  });
});
