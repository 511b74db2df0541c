/** `date_add`: a calendar date moved by signed years, months, weeks and days. */
import { z } from 'zod';
import { CALCULATION, defineTool, ToolInputError, type ToolContext, dateInput, wholeNumber } from '../tool.ts';
import { int, IsoDate, Provenance } from '../inputs.ts';
import { CALENDAR, catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import { addMonthsClamped, addYearsClamped, daysFromCivil, fromEpochDay, inSupportedRange, parseIsoDate } from './calendar.ts';

/**
 * Bounds wide enough to cross the whole 0001..9999 range in one field, small enough that no sum of
 * them can lose integer precision: 9999 years = 119988 months; 3652425 days = 521775 weeks (+ slack).
 */
export const ADD_LIMITS = { years: 9999, months: 119_988, weeks: 521_775, days: 3_652_425 } as const;

type Unit = keyof typeof ADD_LIMITS;

const bounded = (unit: Unit) => {
  const limit = ADD_LIMITS[unit];
  return int().min(-limit, `must be ≥ -${limit}`).max(limit, `must be ≤ ${limit}`).optional();
};

export const DateAddResult = z.object({
  start: z.string().describe('Start date YYYY-MM-DD'),
  added: z
    .object({
      years: z.number().int(),
      months: z.number().int(),
      weeks: z.number().int(),
      days: z.number().int(),
    })
    .describe('Amounts applied, in order years → months → weeks → days (0 when not given)'),
  result: z.string().describe('Resulting date YYYY-MM-DD'),
  provenance: Provenance,
});
export type DateAdded = z.output<typeof DateAddResult>;

export type DateAmounts = Partial<Record<Unit, number>>;

const METHOD = catalogueEntry({
  id: 'date.add',
  kind: 'method',
  summary: 'years, then months (clamped to month end), then weeks and days',
  text: "years, then months (each clamping a day past month end to the month's last day), then weeks and days on integer epoch days",
});
const provenance = fixedProvenance({ data: [CALENDAR], methods: [METHOD] });
const OUT_OF_RANGE = 'moves the result outside 0001-01-01..9999-12-31';

/**
 * `start` plus the amounts, applied years → months → weeks → days with month-end clamping after the
 * year step and after the month step. Intermediate steps may leave 0001..9999 (the arithmetic holds
 * for any year); only the result must lie inside. When it does not, throws `ToolInputError` naming
 * the last field whose step took the date from inside the range to outside it.
 */
export function addToDate(start: string, amounts: DateAmounts, ctx?: ToolContext): DateAdded {
  const added = { years: amounts.years ?? 0, months: amounts.months ?? 0, weeks: amounts.weeks ?? 0, days: amounts.days ?? 0 };

  const initial = parseIsoDate(start);
  const afterYears = addYearsClamped(initial, added.years);
  const afterMonths = addMonthsClamped(afterYears, added.months);
  const monthsDay = daysFromCivil(afterMonths.year, afterMonths.month, afterMonths.day);
  const afterWeeks = monthsDay + added.weeks * 7;
  const afterDays = afterWeeks + added.days;
  if (!inSupportedRange(afterDays)) {
    const steps: [Unit, number][] = [
      ['years', daysFromCivil(afterYears.year, afterYears.month, afterYears.day)],
      ['months', monthsDay],
      ['weeks', afterWeeks],
      ['days', afterDays],
    ];
    // A step of 0 leaves the date where it was, so it can never be the one that crossed the boundary.
    let culprit: Unit = 'days';
    let inside = true;
    for (const [unit, epochDay] of steps) {
      if (inside && !inSupportedRange(epochDay)) culprit = unit;
      inside = inSupportedRange(epochDay);
    }
    throw new ToolInputError([{ field: culprit, message: OUT_OF_RANGE }]);
  }

  return {
    start,
    added,
    result: fromEpochDay(afterDays),
    provenance: provenance(ctx),
  };
}

/**
 * A date moved by signed years, months, weeks and days, applied in that order. The year step and the
 * month step each clamp a day past the month's end to its last day; weeks and days are exact day
 * counts. Because the steps apply in order, 2024-02-29 + 1 year + 1 month = 2025-03-28 (2025-02-28,
 * then one month), and 2024-01-31 + 1 month = 2024-02-29. A result outside 0001-01-01..9999-12-31 is
 * a 400 naming the field that pushed it out.
 *
 * @example
 * dateAdd.run({ start: '2024-01-31', months: 1, days: 1 }, ctx)
 * // → { start: '2024-01-31', added: { years: 0, months: 1, weeks: 0, days: 1 }, result: '2024-03-01', provenance: { … } }
 */
export const dateAdd = defineTool({
  name: 'date_add',
  family: 'date',
  title: 'Add years, months, weeks or days to a date',
  description:
    'Moves a calendar date by signed years, months, weeks and days (omitted = 0), applied in that order; after the year and the month ' +
    "step a day past month end becomes the month's last day. Call it instead of doing date arithmetic yourself. Result in " +
    '0001-01-01..9999-12-31, proleptic Gregorian.',
  http: { method: 'GET', path: '/v1/date/add' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    start: IsoDate.describe('Start date YYYY-MM-DD (0001..9999)'),
    years: bounded('years'),
    months: bounded('months'),
    weeks: bounded('weeks'),
    days: bounded('days'),
  }),
  output: DateAddResult,
  examples: [
    {
      input: { start: '2024-01-31', months: 1, days: 1 },
      expect: { result: '2024-03-01' },
      source: 'TC39 Temporal, PlainDate.add with overflow "constrain": 2024-01-31 + 1 month is 2024-02-29 (2024 is a leap year), + 1 day is 2024-03-01',
    },
    {
      input: { start: '2024-02-29', years: 1 },
      expect: { result: '2025-02-28' },
      source: 'TC39 Temporal, PlainDate.add with overflow "constrain": 2025 has no 29 February, so the leap day plus a year is 28 February',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'add-to-date',
    name: 'Add to a date',
    formula: 'result = start + years, then + months (day clamped to the month end), then + weeks × 7 + days',
    assumptions: [
      'Dates are proleptic Gregorian, 0001..9999.',
      'Adding months to the 31st clamps to the last day of a shorter month.',
      'Amounts may be negative to subtract.',
      'Steps apply in order years, months, weeks, days, so 2024-02-29 + 1 year + 1 month = 2025-03-28 (2025-02-28, then a month).',
    ],
    keywords: ['add days to date', 'date calculator', 'subtract months', 'date plus'],
    browser: true,
    labels: {
      start: dateInput('Start date'),
      years: wholeNumber('Years', 'years'),
      months: wholeNumber('Months', 'months'),
      weeks: wholeNumber('Weeks', 'weeks'),
      days: wholeNumber('Days', 'days'),
    },
    answer: (r) => `The resulting date is ${r.result}.`,
  },
  run: ({ start, ...amounts }, ctx) => addToDate(start, amounts, ctx),
});
