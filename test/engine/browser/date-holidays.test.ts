import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pageHolidays } from '../../../engine/browser/date-holidays.ts';
import { countryHolidays, DATA_PACKS, holidayCountries } from '../../../engine/browser/calculator-data.ts';

const require = createRequire(import.meta.url);
const Holidays = require('date-holidays') as new (
  ...args: unknown[]
) => {
  getHolidays(year: number, lang?: string): unknown[];
  getCountries(lang?: string): Record<string, string>;
  getStates(country: string, lang?: string): Record<string, string> | undefined;
};

describe("date-holidays in a page (the catalogue, then a country's rules)", () => {
  const page = () => pageHolidays(JSON.parse(JSON.stringify(DATA_PACKS.holidays())));

  it('the catalogue names every country and subdivision as the package does, and builds no rules', () => {
    const { Holidays: PageHolidays } = page();
    const hd = new PageHolidays() as InstanceType<typeof Holidays>;
    expect(hd.getCountries('en')).toEqual(new Holidays().getCountries('en'));
    expect(hd.getStates('DE', 'en')).toEqual(new Holidays().getStates('DE', 'en'));
    expect(() => new PageHolidays('DE', { timezone: 'UTC' })).toThrow('holiday rules of DE are not loaded in this page');
  });

  it("with a country's rules added, its holidays are the package's (rules referring to another country's too)", () => {
    const { Holidays: PageHolidays, addRules } = page();
    for (const [country, state] of [
      ['DE', 'BY'],
      ['GF', undefined],
      ['JP', undefined],
      ['US', 'CA'],
    ] as const) {
      addRules(JSON.parse(JSON.stringify(countryHolidays(country))), country);
      const args = state ? [country, state, { timezone: 'UTC' }] : [country, { timezone: 'UTC' }];
      const ours = new PageHolidays(...args) as InstanceType<typeof Holidays>;
      expect(ours.getHolidays(2026, 'en'), country).toEqual(new Holidays(...args).getHolidays(2026, 'en'));
    }
    expect(holidayCountries()).toContain('GF');
  });
});
