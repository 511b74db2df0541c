/** `date_difference`: the span between two calendar dates in days, weeks and calendar units. */
import { z } from 'zod';
import { CALCULATION, defineTool, type ToolContext, dateInput } from '../tool.ts';
import { IsoDate, Provenance } from '../inputs.ts';
import { CALENDAR, catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import { addMonthsClamped, addYearsClamped, compareYmd, daysFromCivil, parseIsoDate, type Ymd } from './calendar.ts';

export const CalendarSpan = z
  .object({
    years: z.number().int(),
    months: z.number().int().describe('-11..11, after the years'),
    days: z.number().int().describe('Days after the years and months'),
  })
  .describe('Signed (≤ 0 when end < start): start + years, then months, then days = end');

export const DateDifferenceResult = z.object({
  start: z.string().describe('Start date YYYY-MM-DD'),
  end: z.string().describe('End date YYYY-MM-DD'),
  days: z.number().int().describe('end − start, days, signed (same day = 0)'),
  weeks: z.number().describe('days / 7, 4 decimals'),
  whole_weeks: z.number().int().describe('Whole weeks, truncated toward zero'),
  remainder_days: z.number().int().describe('days − 7 × whole_weeks, -6..6'),
  calendar: CalendarSpan,
  provenance: Provenance,
});
export type DateDifference = z.output<typeof DateDifferenceResult>;

const METHOD = catalogueEntry({
  id: 'date.difference',
  kind: 'method',
  summary: 'days on integer epoch days; calendar span largest units first',
  text: 'integer epoch-day arithmetic (days since 1970-01-01); calendar span greedy years → months → days with month-end clamping',
});
/** The parts of date_difference's provenance (date_difference_batch states them once for the batch). */
export const DATE_DIFFERENCE_PARTS = { data: [CALENDAR], methods: [METHOD] } as const;
const provenance = fixedProvenance(DATE_DIFFERENCE_PARTS);

/** Normalises -0 to 0 so results compare and serialise cleanly. */
const noNegativeZero = (n: number) => (n === 0 ? 0 : n);

/** Whether the unclamped date `candidate` lies past `end` in the direction `sign`. */
const surpasses = (sign: 1 | -1, candidate: Ymd, end: Ymd) => compareYmd(candidate, end) === sign;

/**
 * Years, months and days from `a` to `b` such that adding them to `a` in that order (each step
 * clamping to month end) gives `b`; all components share the sign of `b − a`.
 */
export function calendarDifference(a: Ymd, b: Ymd): { years: number; months: number; days: number } {
  const order = compareYmd(b, a);
  if (order === 0) return { years: 0, months: 0, days: 0 };
  const sign = order;

  let years = b.year - a.year;
  if (years !== 0 && surpasses(sign, { year: a.year + years, month: a.month, day: a.day }, b)) years -= sign;
  const afterYears = addYearsClamped(a, years);

  let months = (b.year - afterYears.year) * 12 + (b.month - afterYears.month);
  if (months !== 0) {
    const index = afterYears.year * 12 + afterYears.month - 1 + months;
    const unclamped = { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1, day: afterYears.day };
    if (surpasses(sign, unclamped, b)) months -= sign;
  }
  // Only after a 29 February start clamped by the year step can twelve months still fit
  // (2024-02-29 → 2026-02-28); keep months a remainder of the year and let days carry the rest.
  if (months * sign > 11) months = 11 * sign;
  const afterMonths = addMonthsClamped(afterYears, months);

  const days = daysFromCivil(b.year, b.month, b.day) - daysFromCivil(afterMonths.year, afterMonths.month, afterMonths.day);
  return { years: noNegativeZero(years), months: noNegativeZero(months), days: noNegativeZero(days) };
}

/** The whole `date_difference` answer for two valid `YYYY-MM-DD` dates (reused by the batch tool). */
export function computeDateDifference(start: string, end: string, ctx?: ToolContext): DateDifference {
  const a = parseIsoDate(start);
  const b = parseIsoDate(end);
  const days = daysFromCivil(b.year, b.month, b.day) - daysFromCivil(a.year, a.month, a.day);
  // |days| × 10⁴ / 7 is never exactly half-way (7 is odd and does not divide 10⁴), so rounding is unambiguous.
  const weeks = noNegativeZero((Math.sign(days) * Math.round((Math.abs(days) * 10_000) / 7)) / 10_000);
  const wholeWeeks = noNegativeZero(Math.trunc(days / 7));
  return {
    start,
    end,
    days,
    weeks,
    whole_weeks: wholeWeeks,
    remainder_days: noNegativeZero(days - wholeWeeks * 7),
    calendar: calendarDifference(a, b),
    provenance: provenance(ctx),
  };
}

/**
 * The span between two calendar dates, in days, weeks and calendar units.
 *
 * `calendar` is the largest-units-first difference: the most whole years, then the most whole months,
 * then the days left, such that `date_add(start, calendar)` gives back `end` exactly (years, then
 * months, then days, each step clamping a day past month end). Month end: a year or month counts
 * only if start's day number, in the month it reaches and before any clamping, is not past `end`; so a
 * clamped landing on `end` is not a whole month: 2024-01-31 → 2024-02-29 is 0y 0m 29d, and
 * 2024-01-31 → 2024-03-01 is 0y 1m 1d (2024-01-31 + 1 month = 2024-02-29, + 1 day). This is
 * `Temporal.PlainDate.until` with `largestUnit: 'years'`, except that a 29 February start whose whole
 * years land in a common year is clamped to 28 February before the months are added (the add rule
 * applies years, then months), so 2024-02-29 → 2026-02-28 is 1y 11m 31d where Temporal says
 * 1y 11m 30d (which would not add back to `end` under our rules).
 * Reversed ranges give every component ≤ 0.
 *
 * @example
 * dateDifference.run({ start: '2024-01-31', end: '2024-03-01' }, ctx)
 * // → { start: '2024-01-31', end: '2024-03-01', days: 30, weeks: 4.2857, whole_weeks: 4, remainder_days: 2,
 * //     calendar: { years: 0, months: 1, days: 1 }, provenance: { … } }
 */

export const dateDifference = defineTool({
  name: 'date_difference',
  family: 'date',
  title: 'Difference between two dates',
  description:
    'Signed span between two calendar dates (end − start) in days, weeks, and calendar years, months and days (largest first, ' +
    'so date_add(start, calendar) = end). Call it instead of counting days or ' +
    'months yourself. Proleptic Gregorian; no times or zones. Many pairs: date_difference_batch.',
  http: { method: 'GET', path: '/v1/date/difference' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    start: IsoDate.describe('Start date YYYY-MM-DD (0001..9999)'),
    end: IsoDate.describe('End date YYYY-MM-DD (0001..9999); may be before start'),
  }),
  output: DateDifferenceResult,
  examples: [
    {
      input: { start: '2024-01-31', end: '2024-03-01' },
      expect: { days: 30, whole_weeks: 4, remainder_days: 2, calendar: { years: 0, months: 1, days: 1 } },
      source:
        'the Gregorian calendar (February 2024 has 29 days); calendar part as TC39 Temporal PlainDate.until with largestUnit "year": 2024-01-31 + 1 month constrains to 2024-02-29, then 1 day',
    },
    {
      input: { start: '2100-12-31', end: '1900-01-01' },
      expect: { days: -73413 },
      source:
        'the Gregorian calendar: 1900-01-01 to 2101-01-01 is 201 years of 365 days plus the 49 leap days 1904..2096 (1900 and 2100 are not leap years) = 73,414 days; one day less, reversed',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'date-difference',
    name: 'Date difference',
    formula:
      'days = epoch_day(end) − epoch_day(start); weeks = days / 7; calendar span = whole years, then months, then days from start to end (month ends clamped)',
    assumptions: [
      'Dates are proleptic Gregorian, 0001..9999.',
      'The end date itself is not counted (same day = 0 days).',
      'A negative result means end is before start.',
      "A month counts only once start's day number is reached in it: 2024-01-31 → 2024-02-29 is 0 months 29 days.",
    ],
    keywords: ['days between dates', 'date difference', 'day counter', 'how many days until'],
    browser: true,
    labels: {
      start: dateInput('Start date'),
      end: dateInput('End date'),
    },
    answer: (r, { plural }) => {
      // Zero parts are left out ("1 month, 1 day", not "0 years, 1 month, 1 day"); days alone repeat the total.
      const { years, months, days } = r.calendar;
      const parts = [plural(years, 'year'), plural(months, 'month'), plural(days, 'day')].filter((_, i) => [years, months, days][i] !== 0);
      const inParts = years === 0 && months === 0 ? '' : ` (${parts.join(', ')})`;
      return `From ${r.start} to ${r.end} is ${plural(r.days, 'day')}${inParts}.`;
    },
  },
  run: ({ start, end }, ctx) => computeDateDifference(start, end, ctx),
});
