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
  ResolvedFromNameOut,
  resolvedNames,
  SubdivisionCode,
  SubdivisionOut,
  WeekendOut,
} from './holiday-inputs.ts';
import { cldrWeekend } from './weekend.ts';
import { adjustedDaysBetween } from './official/layer.ts';
import { catalogueEntry } from '../provenance-catalogue.ts';
import { MAX_WORK_UNITS } from '../work.ts';
import { calendarYears, MAX_SPAN_YEARS, placeOf, yearsUnits, yearsWithin } from './holiday-work.ts';

const yearsOf = (start: string, end: string): number[] =>
  Array.from({ length: Number(end.slice(0, 4)) - Number(start.slice(0, 4)) + 1 }, (_, i) => Number(start.slice(0, 4)) + i);

export const EXTRA_HOLIDAY_NAME = 'Extra holiday (from extra_holidays)';

export const JurisdictionBusinessDaysResult = BusinessDaysResult.extend({
  country: CountryOut,
  subdivision: SubdivisionOut,
  resolved_from_name: ResolvedFromNameOut,
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
    'date-holidays holidays of the requested types for the years of the range (official calendars over them, with their weekdays off) ' +
    'plus extra_holidays, as distinct dates; O(1) weekday counting on integer epoch days (whole weeks + leftover days) with the CLDR ' +
    "weekend, less the official calendars' weekend days worked",
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
  family: 'holidays',
  title: 'Count business days in a country between two dates',
  description:
    'Counts working days from start through end in a country or subdivision: not on its weekend (CLDR) nor a holiday of the requested ' +
    'types nor in extra_holidays; lists the holidays that removed a working day. Call it instead of recalling holiday calendars. ' +
    `At most ${MAX_SPAN_YEARS} calendar years a call; fewer where holidays cost more to compute (JP 30, CN 15, TW 9).`,
  http: { method: 'POST', path: '/v1/date/business-days/jurisdiction' },
  auth: 'key',
  cache: 'deterministic',
  input: z
    .strictObject({
      start: HolidayDate.describe('First date YYYY-MM-DD, 1900..2200'),
      end: HolidayDate.describe(
        `Last date YYYY-MM-DD, 1900..2200, not before start, in the ${MAX_SPAN_YEARS} calendar years from start's (by 2099-12-31 for a start in 2000)`,
      ),
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
      if (!isoDateProblem(body.start) && !isoDateProblem(body.end)) {
        if (body.end < body.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must not be before start', input: body.end });
        else if (calendarYears(body.start, body.end) > MAX_SPAN_YEARS) {
          const last = `${Number(body.start.slice(0, 4)) + MAX_SPAN_YEARS - 1}-12-31`;
          ctx.addIssue({
            code: 'custom',
            path: ['end'],
            message: `must be at most ${MAX_SPAN_YEARS} calendar years from start (${last} at the latest); count a longer range in parts`,
            input: body.end,
          });
        }
      }
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
  // The holidays of each calendar year of the range and of the year before, cold (holiday-work.ts: measured
  // for every jurisdiction with bench/holidays.ts); each extra_holidays date a microsecond or two.
  work: {
    rule:
      '5 ms, and per calendar year of the range plus one 0.7-3 ms in most countries, 8-25 ms where lunisolar holidays or equinoxes ' +
      `are computed (JP, CN, KR, MY, SG, VN, HK, TW and a few more): ${MAX_SPAN_YEARS} years in one call in most countries, 9 in TW`,
    estimate: (input) => {
      const j = jurisdictionOf(input);
      return {
        units: yearsUnits(j, calendarYears(input.start, input.end)) + 2 * (input.extra_holidays?.length ?? 0),
        field: 'end',
        shrink: `ask for at most ${Math.min(MAX_SPAN_YEARS, yearsWithin(j, MAX_WORK_UNITS))} calendar years at a time in ${placeOf(j)}`,
      };
    },
  },
  run: (input, ctx) => {
    const { start, end, include_end: includeEnd = true, extra_holidays: extra = [] } = input;
    const j = jurisdictionOf(input);
    const weekend = [...cldrWeekend(j.country)];
    const last = includeEnd ? end : fromEpochDay(toEpochDay(end) - 1);
    // The official calendar's adjusted days: weekend days worked, weekdays given off (official/layer.ts).
    const adjusted = last >= start ? adjustedDaysBetween(j.country, j.subdivision, start, last) : [];
    const workingDays = new Set(adjusted.flatMap((a) => (a.kind === 'working_day' ? [a.date] : [])));
    const workday = (date: string) => workingDays.has(date) || !weekend.includes(isoWeekday(toEpochDay(date)));

    const holidays: { date: string; name: string; source: 'calendar' | 'extra_holidays' }[] = [];
    const calendarDates = new Set<string>();
    if (last >= start) {
      for (const h of holidaysBetween(j, start, last, input.types)) {
        calendarDates.add(h.date);
        if (workday(h.date)) holidays.push({ date: h.date, name: h.name, source: 'calendar' });
      }
      for (const a of adjusted) {
        if (a.kind !== 'day_off' || calendarDates.has(a.date)) continue;
        calendarDates.add(a.date);
        holidays.push({ date: a.date, name: `${a.name} (adjusted day off)`, source: 'calendar' });
      }
      for (const date of new Set(extra)) {
        if (date >= start && date <= last && !calendarDates.has(date) && workday(date)) {
          holidays.push({ date, name: EXTRA_HOLIDAY_NAME, source: 'extra_holidays' });
        }
      }
      holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    }

    const counted = countBusinessDays(start, end, { holidays: [...calendarDates, ...extra], includeEnd, weekend });
    // A weekend day worked is no weekend day: a business day, or a holiday excluded where one falls on it.
    const off = new Set([...calendarDates, ...extra]);
    for (const date of workingDays) {
      counted.weekend_days--;
      if (off.has(date)) counted.holidays_excluded++;
      else counted.business_days++;
    }
    return {
      start,
      end,
      ...counted,
      include_end: includeEnd,
      weekend,
      country: j.country,
      subdivision: j.subdivision,
      ...resolvedNames(input),
      holidays,
      provenance: holidayProvenance(METHOD, ctx, j, input.types, weekend, yearsOf(start, end)),
    };
  },
});
