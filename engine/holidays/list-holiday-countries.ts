/** `list_holiday_countries`: the countries and subdivisions the holiday tools know, so callers can find codes. */
import { z } from 'zod';
import { CALCULATION, defineTool } from '../tool.ts';
import { Provenance } from '../inputs.ts';
import { supportedCountries } from './calendar-data.ts';
import { catalogueEntry } from '../provenance-catalogue.ts';
import { CountryCode, countryOf, holidayProvenance } from './holiday-inputs.ts';

export const HolidayCountriesResult = z.object({
  countries: z
    .array(
      z.object({
        code: z.string().describe('ISO 3166-1 alpha-2, pass as country'),
        name: z.string().describe('English name; also accepted as country'),
        subdivisions: z
          .array(
            z.object({
              code: z.string().describe('ISO 3166-2 suffix, pass as subdivision (or COUNTRY-CODE)'),
              name: z.string().describe('Name, English where known; also accepted as subdivision'),
            }),
          )
          .describe('Subdivisions with their own holidays, by code; may be empty'),
      }),
    )
    .describe('Supported countries, by code'),
  provenance: Provenance,
});

const METHOD = catalogueEntry({
  id: 'holidays.catalogue',
  kind: 'method',
  summary: 'the countries and subdivisions date-holidays has rules for',
  text: 'the country and state catalogue of date-holidays, English names',
});

/**
 * Every country and subdivision the holiday tools accept, or one country's (`country`, a code or a name).
 *
 * @example
 * listHolidayCountries.run({}, ctx)
 * // → { countries: [{ code: 'AD', name: 'Andorra', subdivisions: [{ code: '03', name: 'Encamp' }, …] }, …,
 * //     { code: 'GB', name: 'United Kingdom', subdivisions: [{ code: 'ALD', name: 'Alderney' }, { code: 'ENG', name: 'England' }, …] }, …],
 * //     provenance: { … } }
 */
export const listHolidayCountries = defineTool({
  name: 'list_holiday_countries',
  family: 'holidays',
  title: 'Countries and subdivisions with holiday data',
  description:
    'Every country the holiday tools support (about 200; ISO codes, English names), with the subdivisions that have their own ' +
    'holidays (GB ENG/SCT/WLS/NIR, US states). The holiday tools also take names (Germany, Bavaria); call it when a name is ' +
    'refused, instead of guessing codes. Sorted by code; country narrows it to one.',
  http: { method: 'GET', path: '/v1/holidays/countries' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({ country: CountryCode.optional() }),
  output: HolidayCountriesResult,
  examples: [
    {
      input: {},
      expect: { countries: [{ code: 'AD', name: 'Andorra' }] },
      source: 'ISO 3166-1 alpha-2: AD (Andorra) is the first code in alphabetical order',
    },
    {
      input: { country: 'Canada' },
      expect: { countries: [{ code: 'CA', name: 'Canada', subdivisions: [{ code: 'AB', name: 'Alberta' }] }] },
      source: 'ISO 3166-2:CA: CA-AB Alberta, the first of the provinces and territories by code',
    },
  ],
  annotations: CALCULATION,
  run: ({ country }, ctx) => {
    const code = country === undefined ? undefined : countryOf(country).code;
    const countries = supportedCountries().filter((c) => code === undefined || c.code === code);
    return { countries, provenance: holidayProvenance(METHOD, ctx, null, null) };
  },
});
