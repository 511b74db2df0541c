/** `count_business_days_in_jurisdiction`: business days between two dates with a country's holidays and weekend. */
import { z } from 'zod';
import { CALCULATION, defineTool } from '../tool.ts';
import { IsoDate } from '../inputs.ts';
import { isoDateProblem } from '../instant.ts';
import { BusinessDaysResult, countBusinessDays, MAX_HOLIDAYS } from '../date/business-days.ts';
import { fromEpochDay, isoWeekday, toEpochDay } from '../date/calendar.ts';
import { holidaysBetween } from './calendar-data.ts';
import {
  checkSubdivision,
  CountryCode,
  CountryOut,
  HolidayDate,
  holidayProvenance,
  HolidayTypes,
  jurisdictionOf,
  SubdivisionCode,
  SubdivisionOut,
  WeekendOut,
} from './holiday-inputs.ts';
import { cldrWeekend } from './weekend.ts';
import { catalogueEntry } from '../provenance-catalogue.ts';

export const EXTRA_HOLIDAY_NAME = 'Extra holiday (from extra_holidays)';

export const JurisdictionBusinessDaysResult = BusinessDaysResult.extend({
  country: CountryOut,
  subdivision: SubdivisionOut,
  weekend: WeekendOut,
  holidays: z
    .array(
      z.object({
        date: z.string().describe('YYYY-MM-DD'),
        name: z.string().describe('Holiday name in English where the data has it; "Extra holiday (from extra_holidays)" for your own dates'),
        source: z.enum(['calendar', 'extra_holidays']).describe('"calendar" for the jurisdiction\'s holiday data, "extra_holidays" for a date you supplied'),
      }),
    )
    .describe(
      'The holidays that took a working day out of the count: every holiday of the requested types dated inside the ' +
        'counted range on a non-weekend day (two holidays on one date are two entries), then each extra_holidays date inside the ' +
        'range on a non-weekend day that no listed holiday already covers; sorted by date. Its distinct dates number holidays_excluded.',
    ),
});

const METHOD = catalogueEntry({
  id: 'holidays.business-days',
  kind: 'method',
  summary: "weekdays counted in O(1), the jurisdiction's holidays and the CLDR weekend taken out",
  text:
    'date-holidays holidays of the requested types for the years of the range plus extra_holidays, as distinct dates; ' +
    'O(1) weekday counting on integer epoch days (whole weeks + leftover days) with the CLDR weekend',
});

/**
 * Business days in a jurisdiction between two dates.
 *
 * @example
 * businessDaysInJurisdiction.run({ start: '2026-12-01', end: '2026-12-31', country: 'GB', subdivision: 'ENG', types: ['public'] }, ctx)
 * // → { start: '2026-12-01', end: '2026-12-31', business_days: 21, weekend_days: 8, holidays_excluded: 2, include_end: true,
 * //     total_days: 31, country: 'GB', subdivision: 'ENG', weekend: [6, 7],
 * //     holidays: [{ date: '2026-12-25', name: 'Christmas Day', source: 'calendar' },
 * //                { date: '2026-12-28', name: 'Boxing Day (substitute day)', source: 'calendar' }], provenance: { … } }
 */
export const businessDaysInJurisdiction = defineTool({
  name: 'count_business_days_in_jurisdiction',
  family: 'date',
  title: 'Count business days in a country between two dates',
  description:
    'Counts working days from start through end (both YYYY-MM-DD in 1900..2200; both counted unless include_end is false) ' +
    "in a country or subdivision: days that are not on the country's weekend and not holidays of the requested types " +
    '(default public only; types adds bank, optional, school or observance) nor one of your extra_holidays (up to 3660 ' +
    "dates). The weekend is the country's current one from CLDR (ISO weekdays, 1 = Monday: [5, 6] for Saudi Arabia, [5] " +
    'for Iran); historic weekend changes are not modelled. A holiday on a weekend day counts as a weekend day only. ' +
    'Returns business_days, weekend_days, holidays_excluded (distinct dates), total_days (the three added) and holidays: ' +
    'each holiday that took a working day out, i.e. those of the requested types inside the counted range on non-weekend ' +
    'days, plus your extra dates there not already covered. Any span up to 1900..2200 is answered. country: ISO 3166-1 ' +
    'alpha-2; subdivision: ISO 3166-2 suffix or full code (list_holiday_countries). ' +
    'Example: {"start":"2026-12-01","end":"2026-12-31","country":"GB","subdivision":"ENG"} → 21 business days.',
  http: { method: 'POST', path: '/v1/date/business-days/jurisdiction' },
  auth: 'key',
  cache: 'deterministic',
  input: z
    .strictObject({
      start: HolidayDate.describe('First date YYYY-MM-DD (always counted), 1900..2200'),
      end: HolidayDate.describe('Last date YYYY-MM-DD, not before start, 1900..2200'),
      country: CountryCode,
      subdivision: SubdivisionCode.optional(),
      extra_holidays: z
        .array(IsoDate, { error: 'must be an array of YYYY-MM-DD dates' })
        .max(MAX_HOLIDAYS, `must list at most ${MAX_HOLIDAYS} dates`)
        .optional()
        .describe('Further non-working dates YYYY-MM-DD (company days off); repeats and dates outside the range are ignored'),
      include_end: z.boolean({ error: 'must be true or false' }).optional().describe('Count the end date itself (default true)'),
      types: HolidayTypes,
    })
    .superRefine((body, ctx) => {
      if (!isoDateProblem(body.start) && !isoDateProblem(body.end) && body.end < body.start)
        ctx.addIssue({ code: 'custom', path: ['end'], message: 'must not be before start', input: body.end });
      checkSubdivision(body, ctx);
    }),
  output: JurisdictionBusinessDaysResult,
  examples: [
    {
      input: { start: '2026-12-01', end: '2026-12-31', country: 'GB', subdivision: 'ENG' },
      expect: { business_days: 21, weekend_days: 8, holidays_excluded: 2, holidays: [{ date: '2026-12-25' }, { date: '2026-12-28' }] },
      source:
        'UK Government, "UK bank holidays", England and Wales 2026 (https://www.gov.uk/bank-holidays): Christmas Day Friday 25 December, Boxing Day substitute Monday 28 December; December 2026 has four Saturdays and four Sundays',
    },
  ],
  annotations: CALCULATION,
  run: (input, ctx) => {
    const { start, end, include_end: includeEnd = true, extra_holidays: extra = [] } = input;
    const j = jurisdictionOf(input);
    const weekend = [...cldrWeekend(j.country)];
    const last = includeEnd ? end : fromEpochDay(toEpochDay(end) - 1);
    const workday = (date: string) => !weekend.includes(isoWeekday(toEpochDay(date)));

    const holidays: { date: string; name: string; source: 'calendar' | 'extra_holidays' }[] = [];
    const calendarDates = new Set<string>();
    if (last >= start) {
      for (const h of holidaysBetween(j, start, last, input.types)) {
        calendarDates.add(h.date);
        if (workday(h.date)) holidays.push({ date: h.date, name: h.name, source: 'calendar' });
      }
      for (const date of new Set(extra)) {
        if (date >= start && date <= last && !calendarDates.has(date) && workday(date)) {
          holidays.push({ date, name: EXTRA_HOLIDAY_NAME, source: 'extra_holidays' });
        }
      }
      holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    }

    return {
      start,
      end,
      ...countBusinessDays(start, end, { holidays: [...calendarDates, ...extra], includeEnd, weekend }),
      include_end: includeEnd,
      weekend,
      country: j.country,
      subdivision: j.subdivision,
      holidays,
      provenance: holidayProvenance(METHOD, ctx, j, input.types, weekend),
    };
  },
});
