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
        name: z.string().describe(`English name where known; "${EXTRA_HOLIDAY_NAME}" for your dates`),
        source: z.enum(['calendar', 'extra_holidays']).describe('calendar: holiday data; extra_holidays: a date you gave'),
      }),
    )
    .describe('Holidays that removed a working day, by date; their distinct dates number holidays_excluded'),
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
    'Counts working days from start through end in a country or subdivision: not on its weekend (CLDR) nor a holiday of the requested ' +
    'types nor in extra_holidays; lists the holidays that removed a working day. Call it instead of recalling holiday calendars.',
  http: { method: 'POST', path: '/v1/date/business-days/jurisdiction' },
  auth: 'key',
  cache: 'deterministic',
  input: z
    .strictObject({
      start: HolidayDate.describe('First date YYYY-MM-DD, 1900..2200'),
      end: HolidayDate.describe('Last date YYYY-MM-DD, 1900..2200, not before start'),
      country: CountryCode,
      subdivision: SubdivisionCode.optional(),
      extra_holidays: z
        .array(IsoDate, { error: 'must be an array of YYYY-MM-DD dates' })
        .max(MAX_HOLIDAYS, `must list at most ${MAX_HOLIDAYS} dates`)
        .optional()
        .describe('More non-working dates (company days off); repeats and out-of-range dates ignored'),
      include_end: z.boolean({ error: 'must be true or false' }).optional().describe('Count the end date (default true)'),
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
