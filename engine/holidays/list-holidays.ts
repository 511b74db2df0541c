/** `list_holidays`: a country's (or subdivision's) holidays in one year. */
import { z } from 'zod';
import { CALCULATION, defineTool, wholeNumber } from '../tool.ts';
import { Provenance } from '../inputs.ts';
import { holidaysInYear } from './calendar-data.ts';
import {
  checkSubdivision,
  CountryCode,
  CountryOut,
  holidayProvenance,
  HolidayTypeOut,
  HolidayTypes,
  HolidayYear,
  jurisdictionOf,
  ResolvedFromNameOut,
  resolvedNames,
  SubdivisionCode,
  SubdivisionOut,
  WeekendOut,
} from './holiday-inputs.ts';
import { cldrWeekend } from './weekend.ts';
import { catalogueEntry } from '../provenance-catalogue.ts';
import { YEAR_WORK_RULE, yearsUnits } from './holiday-work.ts';

export const HolidayEntry = z.object({
  date: z.string().describe('YYYY-MM-DD; one entry per day of a multi-day holiday'),
  name: z.string().describe('English name where known, else the local name'),
  local_name: z.string().describe('Name in the first local language'),
  type: HolidayTypeOut,
  substitute: z.boolean().describe('True for a substitute (observed) day'),
  source: z.string().optional().describe('Only where an official calendar added or changed the row: its publication (issuer, title, date, URL)'),
});

export const ListHolidaysResult = z.object({
  country: CountryOut,
  subdivision: SubdivisionOut,
  resolved_from_name: ResolvedFromNameOut,
  year: z.number().int().describe('Year listed'),
  holidays: z.array(HolidayEntry).describe('Holidays of the requested types in the year, by date (public first on a shared day)'),
  weekend: WeekendOut,
  provenance: Provenance,
});

const METHOD = catalogueEntry({
  id: 'holidays.year',
  kind: 'method',
  summary: 'the holidays of one year, one entry per day',
  text:
    'date-holidays rules evaluated for the year (and the year before, for multi-day holidays running into it), corrected by the official ' +
    'calendar of the year where one is published; one entry per holiday day',
});

/**
 * The holidays of one year, one entry per day.
 *
 * @example
 * listHolidays.run({ country: 'GB', subdivision: 'ENG', year: 2026, types: ['public'] }, ctx)
 * // → { country: 'GB', subdivision: 'ENG', year: 2026, holidays: [
 * //       { date: '2026-01-01', name: "New Year's Day", local_name: "New Year's Day", type: 'public', substitute: false }, …,
 * //       { date: '2026-12-28', name: 'Boxing Day (substitute day)', …, substitute: true }],
 * //     weekend: [6, 7], provenance: { … } }
 */
export const listHolidays = defineTool({
  name: 'list_holidays',
  family: 'holidays',
  title: 'Holidays of a country in a year',
  description:
    'Holidays of a country or subdivision in one year, by date, with English and local names; plus the weekend (CLDR). Call it ' +
    'instead of recalling holiday dates. Islamic holidays only 1970..2080.',
  http: { method: 'GET', path: '/v1/holidays' },
  auth: 'key',
  cache: 'deterministic',
  input: z
    .strictObject({
      country: CountryCode,
      year: HolidayYear,
      subdivision: SubdivisionCode.optional(),
      types: HolidayTypes,
    })
    .superRefine(checkSubdivision),
  output: ListHolidaysResult,
  examples: [
    {
      input: { country: 'GB', subdivision: 'ENG', year: 2026 },
      expect: {
        holidays: [
          { date: '2026-01-01' },
          { date: '2026-04-03' },
          { date: '2026-04-06' },
          { date: '2026-05-04' },
          { date: '2026-05-25' },
          { date: '2026-08-31' },
          { date: '2026-12-25' },
        ],
      },
      source: 'UK Government, "UK bank holidays", England and Wales 2026 (https://www.gov.uk/bank-holidays): the bank holidays up to Christmas Day',
    },
    {
      input: { country: 'DE', year: 2026 },
      expect: {
        holidays: [
          { date: '2026-01-01' },
          { date: '2026-04-03' },
          { date: '2026-04-06' },
          { date: '2026-05-01' },
          { date: '2026-05-14' },
          { date: '2026-05-25' },
          { date: '2026-10-03' },
          { date: '2026-12-25' },
          { date: '2026-12-26' },
        ],
      },
      source:
        'Bundesministerium des Innern, "Gesetzliche Feiertage" (the nine holidays of every German state; 3 October by the Einigungsvertrag, Art. 2(2)); Easter 2026 is 5 April',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'public-holidays',
    name: 'Public holidays',
    formula: 'holidays = the date-holidays rules of the country (and subdivision) evaluated for the year, filtered by type, sorted by date',
    assumptions: [
      'Country is an ISO 3166-1 code or an English or local name; subdivision an ISO 3166-2 code or a name.',
      'Holiday rules come from the date-holidays data set; historic changes are recorded only in part.',
      "Official calendars override the rules where published (China 2025-2026, India 2025-2026, England and Wales 2025-2027); other years are the rules' estimate.",
      'Islamic-calendar holidays follow a computed calendar, not moon sighting (1970..2080).',
      'Without a subdivision only country-wide holidays are listed (US: federal); the data types the UK bank holidays as public.',
      'A multi-day holiday is listed once per day; a part-day holiday (DE Christmas Eve from 14:00, type bank) on its date.',
    ],
    keywords: ['public holidays', 'bank holidays', 'holiday calendar', 'national holidays'],
    browser: true,
    labels: {
      country: { label: 'Country', control: 'country' },
      year: wholeNumber('Year'),
      subdivision: { label: 'Region', control: 'subdivision' },
      types: { label: 'Holiday types', control: 'checks' },
    },
    answer: (r, { plural }) =>
      `There are ${plural(r.holidays.length, 'holiday')}${r.holidays.length ? `, from ${r.holidays[0].date} to ${r.holidays[r.holidays.length - 1].date}` : ''}.`,
  },
  // The year and the one before, cold (holiday-work.ts, measured with bench/holidays.ts): never over the limit.
  work: { rule: YEAR_WORK_RULE, estimate: (input) => ({ units: yearsUnits(jurisdictionOf(input), 1), field: 'year', shrink: 'ask for one year' }) },
  run: (input, ctx) => {
    const j = jurisdictionOf(input);
    const weekend = [...cldrWeekend(j.country)];
    return {
      country: j.country,
      subdivision: j.subdivision,
      ...resolvedNames(input),
      year: input.year,
      holidays: holidaysInYear(j, input.year, input.types).map((h) => ({ ...h })),
      weekend,
      provenance: holidayProvenance(METHOD, ctx, j, input.types, weekend, [input.year]),
    };
  },
});
