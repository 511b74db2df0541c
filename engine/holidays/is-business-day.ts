/** `is_business_day`: whether a date is a working day in a country, and why not. */
import { z } from 'zod';
import { CALCULATION, defineTool } from '../tool.ts';
import { Provenance } from '../inputs.ts';
import { isoWeekday, toEpochDay } from '../date/calendar.ts';
import { holidaysInYear, type HolidayDay, type HolidayType, type Jurisdiction } from './calendar-data.ts';
import {
  checkSubdivision,
  CountryCode,
  CountryOut,
  HolidayDate,
  holidayProvenance,
  HolidayTypeOut,
  HolidayTypes,
  jurisdictionOf,
  SubdivisionCode,
  SubdivisionOut,
  WeekendOut,
} from './holiday-inputs.ts';
import { cldrWeekend } from './weekend.ts';
import { catalogueEntry } from '../provenance-catalogue.ts';

export const IsBusinessDayResult = z.object({
  country: CountryOut,
  subdivision: SubdivisionOut,
  date: z.string().describe('The date checked, YYYY-MM-DD'),
  business_day: z.boolean().describe('True when the date is neither a weekend day nor a holiday of the requested types'),
  reason: z
    .enum(['holiday', 'weekend'])
    .nullable()
    .describe('Why it is not a business day: "holiday" (also when the holiday falls on a weekend day), "weekend", or null for a business day'),
  holiday: z
    .object({
      name: z.string().describe('Name in English where the data has it, otherwise the local name'),
      local_name: z.string().describe("Name in the jurisdiction's first local language"),
      type: HolidayTypeOut,
      substitute: z.boolean().describe('True for a substitute (observed) day'),
    })
    .nullable()
    .describe('The holiday of the requested types on this date (the public one first when there are several), or null'),
  weekend: WeekendOut,
  provenance: Provenance,
});

const METHOD = catalogueEntry({
  id: 'holidays.is-business-day',
  kind: 'method',
  summary: 'a holiday, else a weekend day, else a business day',
  text: 'holiday of the requested types on the date (date-holidays), else weekend weekday (CLDR), else a business day',
});

/** The first holiday of the given types on `date`, or null. */
export function holidayOn(j: Jurisdiction, date: string, types: readonly HolidayType[]): HolidayDay | null {
  return holidaysInYear(j, Number(date.slice(0, 4)), types).find((h) => h.date === date) ?? null;
}

/**
 * Whether a date is a business day in a jurisdiction.
 *
 * @example
 * isBusinessDay.run({ country: 'SA', date: '2026-11-20', types: ['public'] }, ctx)
 * // → { country: 'SA', subdivision: null, date: '2026-11-20', business_day: false, reason: 'weekend', holiday: null,
 * //     weekend: [5, 6], provenance: { … } }   (a Friday; Saudi Arabia's weekend is Friday–Saturday)
 */
export const isBusinessDay = defineTool({
  name: 'is_business_day',
  family: 'holiday',
  title: 'Is a date a business day in a country?',
  description:
    'Says whether a date (YYYY-MM-DD, 1900..2200) is a business day in a country or subdivision: not a weekend day and ' +
    'not a holiday of the requested types (default public only; types widens it to bank, optional, school or observance, ' +
    'each counting only when asked for). reason is "holiday" (also when the holiday falls on a weekend), "weekend" or ' +
    "null; holiday gives name (English), local_name, type and substitute (observed day). The weekend is the country's " +
    'current one from CLDR as ISO weekdays (1 = Monday … 7 = Sunday): Saturday–Sunday in most places, Friday–Saturday ' +
    'in Saudi Arabia, Friday only in Iran; historic weekend changes are not modelled (the UAE moved to Saturday–Sunday in ' +
    '2022, and earlier dates still get Saturday–Sunday). A holiday of part of a day (DE Christmas Eve from 14:00, bank) ' +
    'counts as the whole date. country: ISO 3166-1 alpha-2; subdivision: ISO 3166-2 suffix or full code; codes from ' +
    'list_holiday_countries. Example: country=SA&date=2026-11-20 → business_day false, reason "weekend" (a Friday).',
  http: { method: 'GET', path: '/v1/holidays/is-business-day' },
  auth: 'key',
  cache: 'deterministic',
  input: z
    .strictObject({
      country: CountryCode,
      date: HolidayDate.describe('The date to check, YYYY-MM-DD (1900..2200)'),
      subdivision: SubdivisionCode.optional(),
      types: HolidayTypes,
    })
    .superRefine(checkSubdivision),
  output: IsBusinessDayResult,
  examples: [
    {
      input: { country: 'SA', date: '2026-11-20' },
      expect: { business_day: false, reason: 'weekend', weekend: [5, 6] },
      source: "Saudi Arabia's weekend is Friday and Saturday (Royal Decree of June 2013; CLDR weekData); 20 November 2026 is a Friday",
    },
    {
      input: { country: 'US', date: '2026-07-03' },
      expect: { business_day: false, reason: 'holiday' },
      source: 'U.S. OPM federal holidays 2026: Independence Day (Saturday 4 July) is observed on Friday 3 July',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'is-it-a-business-day',
    name: 'Is it a business day?',
    category: 'Holidays',
    formula: 'business day = not a weekend day of the country (CLDR) and not a holiday of the selected types (date-holidays rules)',
    assumptions: [
      "Weekend days are the country's (CLDR): Saturday–Sunday in most places, Friday–Saturday in Saudi Arabia.",
      'Only public holidays count unless other types are asked for.',
      'A holiday of part of a day counts as the whole date.',
    ],
    keywords: ['is it a business day', 'working day check', 'bank holiday today', 'weekend by country'],
    browser: false,
    answer: (r) =>
      `${r.date} is ${r.business_day ? 'a business day' : `not a business day (${r.reason === 'holiday' ? `holiday: ${r.holiday?.name}` : 'weekend'})`} in ${r.country}${r.subdivision ? `-${r.subdivision}` : ''}.`,
  },
  run: (input, ctx) => {
    const j = jurisdictionOf(input);
    const weekend = [...cldrWeekend(j.country)];
    const holiday = holidayOn(j, input.date, input.types);
    const onWeekend = weekend.includes(isoWeekday(toEpochDay(input.date)));
    return {
      country: j.country,
      subdivision: j.subdivision,
      date: input.date,
      business_day: !holiday && !onWeekend,
      reason: holiday ? ('holiday' as const) : onWeekend ? ('weekend' as const) : null,
      holiday: holiday && { name: holiday.name, local_name: holiday.local_name, type: holiday.type, substitute: holiday.substitute },
      weekend,
      provenance: holidayProvenance(METHOD, ctx, j, input.types, weekend),
    };
  },
});
