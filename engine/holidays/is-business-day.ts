/** `is_business_day`: whether a date is a working day in a country, and why not. */
import { z } from 'zod';
import { CALCULATION, defineTool, dateInput } from '../tool.ts';
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
  ResolvedFromNameOut,
  resolvedNames,
  SubdivisionCode,
  SubdivisionOut,
  WeekendOut,
} from './holiday-inputs.ts';
import { cldrWeekend } from './weekend.ts';
import { catalogueEntry } from '../provenance-catalogue.ts';
import { YEAR_WORK_RULE, yearsUnits } from './holiday-work.ts';
import { adjustedDay } from './official/layer.ts';

export const IsBusinessDayResult = z.object({
  country: CountryOut,
  subdivision: SubdivisionOut,
  resolved_from_name: ResolvedFromNameOut,
  date: z.string().describe('Date checked, YYYY-MM-DD'),
  business_day: z
    .boolean()
    .describe('Neither a weekend day nor a holiday of the requested types nor an official day off; an official working day on a weekend is one'),
  reason: z
    .enum(['holiday', 'weekend', 'adjusted_day_off', 'adjusted_working_day'])
    .nullable()
    .describe(
      'holiday (also on a weekend), weekend, adjusted_day_off (a weekday the official calendar gives off), adjusted_working_day (a weekend ' +
        'day it makes a working day: business_day true), or null for an ordinary business day',
    ),
  holiday: z
    .object({
      name: z.string().describe('English name where known, else the local name'),
      local_name: z.string().describe('Name in the first local language'),
      type: HolidayTypeOut,
      substitute: z.boolean().describe('True for a substitute (observed) day'),
      source: z.string().optional().describe('Only where an official calendar added or changed the holiday: its publication'),
    })
    .nullable()
    .describe('Holiday of the requested types on the date (public first), or null'),
  adjusted_day: z
    .object({
      name: z.string().describe('The holiday the day is moved for (English)'),
      local_name: z.string().describe('The same in the local language'),
      source: z.string().describe('The official calendar: issuer, title, date published, URL'),
    })
    .optional()
    .describe('Only for reason adjusted_day_off or adjusted_working_day: the official calendar row'),
  weekend: WeekendOut,
  provenance: Provenance,
});

type BusinessDayReason = NonNullable<z.output<typeof IsBusinessDayResult>['reason']>;

const METHOD = catalogueEntry({
  id: 'holidays.is-business-day',
  kind: 'method',
  summary: 'a holiday, else a weekend day, else a business day',
  text:
    'holiday of the requested types on the date (date-holidays, corrected by the official calendar), else an adjusted day of the official ' +
    'calendar (a weekday off, a weekend day worked), else weekend weekday (CLDR), else a business day',
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
  family: 'holidays',
  title: 'Is a date a business day in a country?',
  description:
    'Whether a date is a business day in a country or subdivision: not on its weekend and not a holiday of the requested types, ' +
    'with the reason and the holiday. Call it instead of guessing weekends or holidays. Weekend: the current CLDR one (SA Fri–Sat, ' +
    'IR Fri), also for past dates.',
  http: { method: 'GET', path: '/v1/holidays/is-business-day' },
  auth: 'key',
  cache: 'deterministic',
  input: z
    .strictObject({
      country: CountryCode,
      date: HolidayDate.describe('Date to check, YYYY-MM-DD, 1900..2200'),
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
    formula:
      'business day = not a weekend day of the country (CLDR) and not a holiday of the selected types (date-holidays rules, official calendars ' +
      'over them), unless the official calendar makes the day a working day or gives it off',
    assumptions: [
      "Weekend days are the country's (CLDR): Saturday–Sunday in most places, Friday–Saturday in Saudi Arabia.",
      'Only public holidays count unless other types are asked for.',
      "Where a government publishes its calendar (China, India, England and Wales) it overrides the rules, with China's adjusted working days.",
      'A holiday of part of a day counts as the whole date.',
      'Historic weekend changes are not modelled: the UAE moved to Saturday–Sunday in 2022, and earlier dates still get Saturday–Sunday.',
    ],
    keywords: ['is it a business day', 'working day check', 'bank holiday today', 'weekend by country'],
    browser: true,
    labels: {
      country: { label: 'Country', control: 'country' },
      date: dateInput('Date', true),
      subdivision: { label: 'Region', control: 'subdivision' },
      types: { label: 'Holiday types', control: 'checks' },
    },
    answer: (r) =>
      `${r.date} is ${r.business_day ? `a business day${r.adjusted_day ? ` (a working day for ${r.adjusted_day.name})` : ''}` : `not a business day (${r.reason === 'holiday' ? `holiday: ${r.holiday?.name}` : r.adjusted_day ? `day off for ${r.adjusted_day.name}` : 'weekend'})`} in ${r.country}${r.subdivision ? `-${r.subdivision}` : ''}.`,
  },
  // The date's year and the one before, cold (holiday-work.ts, measured with bench/holidays.ts): never over the limit.
  work: { rule: YEAR_WORK_RULE, estimate: (input) => ({ units: yearsUnits(jurisdictionOf(input), 1), field: 'date', shrink: 'ask for one date' }) },
  run: (input, ctx) => {
    const j = jurisdictionOf(input);
    const weekend = [...cldrWeekend(j.country)];
    const holiday = holidayOn(j, input.date, input.types);
    const adjusted = holiday ? undefined : adjustedDay(j.country, j.subdivision, input.date);
    const onWeekend = weekend.includes(isoWeekday(toEpochDay(input.date)));
    const reason: BusinessDayReason | null = holiday ? 'holiday' : adjusted ? `adjusted_${adjusted.kind}` : onWeekend ? 'weekend' : null;
    return {
      country: j.country,
      subdivision: j.subdivision,
      ...resolvedNames(input),
      date: input.date,
      business_day: reason === null || reason === 'adjusted_working_day',
      reason,
      holiday: holiday && {
        name: holiday.name,
        local_name: holiday.local_name,
        type: holiday.type,
        substitute: holiday.substitute,
        ...(holiday.source ? { source: holiday.source } : {}),
      },
      ...(adjusted ? { adjusted_day: { name: adjusted.name, local_name: adjusted.local_name, source: adjusted.source } } : {}),
      weekend,
      provenance: holidayProvenance(METHOD, ctx, j, input.types, weekend, [Number(input.date.slice(0, 4))]),
    };
  },
});
