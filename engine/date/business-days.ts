/** `count_business_days`: working days between two dates, with caller-given holidays and weekend. */
import { z } from 'zod';
import { CALCULATION, defineTool, dateInput } from '../tool.ts';
import { int, IsoDate, Provenance } from '../inputs.ts';
import { CALENDAR, catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import { isoWeekday, toEpochDay, weekdayCounts } from './calendar.ts';

/** Saturday and Sunday, as ISO weekdays (1 = Monday … 7 = Sunday). */
export const DEFAULT_WEEKEND: readonly number[] = [6, 7];
export const MAX_HOLIDAYS = 3660;

/** ISO weekdays that are not working days; distinct, any subset of 1..7 (the empty set means no weekend). */
export const WeekendDays = z
  .array(int().min(1, 'must be an ISO weekday 1..7 (1 = Monday)').max(7, 'must be an ISO weekday 1..7 (7 = Sunday)'), {
    error: 'must be an array of ISO weekdays 1..7',
  })
  .max(7, 'must list at most 7 weekdays')
  .superRefine((days, ctx) => {
    days.forEach((day, i) => {
      const first = days.indexOf(day);
      if (first < i) ctx.addIssue({ code: 'custom', path: [i], message: `repeats weekend[${first}] (weekdays must be distinct)`, input: day });
    });
  })
  .describe('Weekend as ISO weekdays, 1 = Monday … 7 = Sunday; default [6, 7]; [] for none');

export const BusinessDaysResult = z.object({
  start: z.string().describe('First date, YYYY-MM-DD'),
  end: z.string().describe('Last date, YYYY-MM-DD (counted when include_end)'),
  business_days: z.number().int().describe('Days neither weekend nor holiday'),
  weekend_days: z.number().int().describe('Days on a weekend weekday'),
  holidays_excluded: z.number().int().describe('Distinct holiday dates on non-weekend days'),
  include_end: z.boolean().describe('Whether the end date was counted'),
  weekend: z.array(z.number().int()).describe('Weekend ISO weekdays used (1 = Monday), ascending'),
  total_days: z.number().int().describe('Days counted = business_days + weekend_days + holidays_excluded'),
  provenance: Provenance,
});

export interface BusinessDayCount {
  total_days: number;
  business_days: number;
  weekend_days: number;
  holidays_excluded: number;
}

export interface BusinessDayOptions {
  /** Non-working dates `YYYY-MM-DD`; repeats and dates outside the range are ignored. */
  holidays?: Iterable<string>;
  /** Count the end date itself (default true). */
  includeEnd?: boolean;
  /** ISO weekdays off (default Saturday and Sunday). */
  weekend?: readonly number[];
}

/**
 * Business days from `start` through `end` (both valid `YYYY-MM-DD`, `start ≤ end`), in time that
 * does not depend on the span: weekend days come from whole weeks plus the leftover days, and each
 * distinct holiday is looked at once. Reused by the jurisdiction tool, which supplies the holidays.
 */
export function countBusinessDays(start: string, end: string, options: BusinessDayOptions = {}): BusinessDayCount {
  const first = toEpochDay(start);
  const last = toEpochDay(end) - ((options.includeEnd ?? true) ? 0 : 1);
  const weekend = new Set(options.weekend ?? DEFAULT_WEEKEND);
  const total = Math.max(0, last - first + 1);

  const perWeekday = weekdayCounts(first, last);
  let weekendDays = 0;
  for (const weekday of weekend) weekendDays += perWeekday[weekday];

  let holidaysExcluded = 0;
  const seen = new Set<number>();
  for (const holiday of options.holidays ?? []) {
    const day = toEpochDay(holiday);
    if (day < first || day > last || seen.has(day)) continue;
    seen.add(day);
    if (!weekend.has(isoWeekday(day))) holidaysExcluded++;
  }

  return {
    total_days: total,
    business_days: total - weekendDays - holidaysExcluded,
    weekend_days: weekendDays,
    holidays_excluded: holidaysExcluded,
  };
}

const METHOD = catalogueEntry({
  id: 'date.business-days',
  kind: 'method',
  summary: 'weekdays counted in O(1) on epoch days, listed holidays taken out',
  text: "O(1) weekday counting on integer epoch days (whole weeks + leftover days) with the request's weekend (default Saturday, Sunday); holidays as a set of distinct dates",
});
const provenance = fixedProvenance({ data: [CALENDAR], methods: [METHOD] });

/**
 * Working days between two dates: every day from `start` through `end` (both counted unless
 * `include_end` is false) that is not on a weekend weekday and not a listed holiday. A holiday on a
 * weekend day is counted once, as a weekend day; listing a date twice changes nothing.
 *
 * @example
 * businessDays.run({ start: '2024-07-01', end: '2024-07-31', holidays: ['2024-07-04'] }, ctx)
 * // → { start: '2024-07-01', end: '2024-07-31', business_days: 22, weekend_days: 8, holidays_excluded: 1,
 * //     include_end: true, weekend: [6, 7], total_days: 31, provenance: { … } }
 */
export const businessDays = defineTool({
  name: 'count_business_days',
  family: 'date',
  title: 'Count business days between two dates',
  description:
    'Counts working days from start through end: days not on the weekend and not in your holiday list. Call it instead of counting ' +
    "weekdays yourself; for a country's holidays use count_business_days_in_jurisdiction. A holiday on a weekend counts as weekend. " +
    'Dates 0001..9999.',
  http: { method: 'POST', path: '/v1/date/business-days' },
  auth: 'key',
  cache: 'deterministic',
  input: z
    .strictObject({
      start: IsoDate.describe('First date YYYY-MM-DD (always counted)'),
      end: IsoDate.describe('Last date YYYY-MM-DD, not before start'),
      holidays: z
        .array(IsoDate, { error: 'must be an array of YYYY-MM-DD dates' })
        .max(MAX_HOLIDAYS, `must list at most ${MAX_HOLIDAYS} dates`)
        .optional()
        .describe('Non-working dates besides the weekend'),
      include_end: z.boolean({ error: 'must be true or false' }).optional().describe('Count the end date (default true)'),
      weekend: WeekendDays.optional(),
    })
    .superRefine((body, ctx) => {
      if (body.end < body.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must not be before start', input: body.end });
    }),
  output: BusinessDaysResult,
  examples: [
    {
      input: { start: '2024-07-01', end: '2024-07-31', holidays: ['2024-07-04'] },
      expect: { total_days: 31, business_days: 22, weekend_days: 8, holidays_excluded: 1 },
      source:
        'the Gregorian calendar: July 2024 begins on a Monday, so it holds four Saturdays and four Sundays; 4 July 2024 (a Thursday) is the given holiday',
    },
    {
      input: { start: '2024-12-23', end: '2025-01-03', holidays: ['2024-12-25', '2025-01-01'], include_end: false },
      expect: { total_days: 11, business_days: 7, weekend_days: 2, holidays_excluded: 2 },
      source: 'the Gregorian calendar: 23 December 2024 is a Monday; 23 Dec – 2 Jan holds 9 weekdays, one weekend, and the two given holidays on weekdays',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'business-days',
    name: 'Business days',
    formula: 'business days = days from start through end − weekend days − listed holidays that fall on working days',
    assumptions: [
      'Both ends count unless include_end is false.',
      'The weekend is Saturday and Sunday unless given (ISO weekdays 1 = Monday … 7 = Sunday).',
      'Only the holidays you list are excluded; a holiday on a weekend counts once, as a weekend day.',
    ],
    keywords: ['business days', 'working days', 'weekdays between dates', 'workday calculator'],
    browser: true,
    labels: {
      start: dateInput('Start date'),
      end: dateInput('End date'),
      holidays: { label: 'Holidays', control: 'list' },
      include_end: { label: 'Count the end date', control: 'boolean' },
      weekend: { label: 'Weekend days', control: 'list' },
    },
    answer: (r, { plural }) =>
      `There are ${plural(r.business_days, 'business day')} (${plural(r.weekend_days, 'weekend day')}, ${plural(r.holidays_excluded, 'holiday')} excluded).`,
  },
  run: ({ start, end, holidays, include_end: includeEnd = true, weekend: given = [...DEFAULT_WEEKEND] }, ctx) => {
    const weekend = [...given].sort((a, b) => a - b);
    return {
      start,
      end,
      ...countBusinessDays(start, end, { holidays, includeEnd, weekend }),
      include_end: includeEnd,
      weekend,
      provenance: provenance(ctx),
    };
  },
});
