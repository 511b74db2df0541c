/** `next_holidays`: the next holidays after a date, across year ends. */
import { catalogueEntry } from '../provenance-catalogue.ts';
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, dateInput, wholeNumber } from '../tool.ts';
import { int, Provenance } from '../inputs.ts';
import { toEpochDay } from '../date/calendar.ts';
import { hasTypes, holidaysInYear, MAX_YEAR, MIN_YEAR, type HolidayType, type Jurisdiction } from './calendar-data.ts';
import { CALL_UNITS, WARM_YEAR_UNITS, yearsUnits, yearsWithin, yearUnits } from './holiday-work.ts';
import { MAX_WORK_UNITS, type WorkMeter } from '../work.ts';
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
} from './holiday-inputs.ts';

export const MAX_NEXT = 20;

export const NextHolidaysResult = z.object({
  country: CountryOut,
  subdivision: SubdivisionOut,
  resolved_from_name: ResolvedFromNameOut,
  after: z.string().describe('Date searched after (excluded), YYYY-MM-DD'),
  holidays: z
    .array(
      z.object({
        date: z.string().describe('YYYY-MM-DD'),
        name: z.string().describe('English name where known, else the local name'),
        local_name: z.string().describe('Name in the first local language'),
        type: HolidayTypeOut,
        substitute: z.boolean().describe('True for a substitute (observed) day'),
        source: z.string().optional().describe('Only where an official calendar added or changed the row: its publication'),
        days_until: z.number().int().describe('Days from after (1 = the next day)'),
      }),
    )
    .describe('Holidays after `after`, soonest first; fewer than count only where the search ends (2200, or the years one call may search)'),
  provenance: Provenance,
});
export type NextHolidays = z.output<typeof NextHolidaysResult>['holidays'];

const METHOD = catalogueEntry({
  id: 'holidays.next',
  kind: 'method',
  summary: 'the next holidays after a date, year by year',
  text:
    'date-holidays rules evaluated year by year from the year of `after` until enough holidays are found, up to 2200 or the years ' +
    'one call may compute (250 ms of work: 9 years in TW, over a century in most countries)',
});

/**
 * The first `count` holiday days of the given types strictly after `after`, searching year by year up to
 * MAX_YEAR or as far as one call's work allows (MAX_WORK_UNITS, each year at its cold cost, so that where
 * the search stops depends on the input alone, never on what the cache holds); the work is charged to
 * `meter`.
 */
export function upcomingHolidays(j: Jurisdiction, after: string, count: number, types: readonly HolidayType[], meter?: WorkMeter): NextHolidays {
  const out: NextHolidays = [];
  if (!hasTypes(j, types)) return out;
  const from = toEpochDay(after);
  const first = Math.max(MIN_YEAR, Number(after.slice(0, 4)));
  let spent = CALL_UNITS + yearUnits(j); // the jurisdiction, and the year before the first
  for (let year = first; year <= MAX_YEAR && out.length < count; year++) {
    const cost = yearUnits(j) + WARM_YEAR_UNITS;
    if (year > first && spent + cost > MAX_WORK_UNITS) break;
    spent += cost;
    for (const day of holidaysInYear(j, year, types)) {
      if (day.date <= after) continue;
      out.push({ ...day, days_until: toEpochDay(day.date) - from });
      if (out.length === count) break;
    }
  }
  meter?.spend(spent);
  return out;
}

/**
 * The next holidays after a date.
 *
 * @example
 * nextHolidays.run({ country: 'US', after: '2026-12-26', count: 2, types: ['public'] }, ctx)
 * // → { country: 'US', subdivision: null, after: '2026-12-26', holidays: [
 * //       { date: '2027-01-01', name: "New Year's Day", …, days_until: 6 },
 * //       { date: '2027-01-18', name: 'Martin Luther King Jr. Day', …, days_until: 23 }], provenance: { … } }
 */
export const nextHolidays = defineTool({
  name: 'next_holidays',
  family: 'holidays',
  title: 'Next holidays after a date',
  description:
    'Next holidays of a country or subdivision strictly after a date, across year ends, soonest first, with days_until. Call it ' +
    'instead of recalling holiday dates. Searches up to 2200, or as many years as one call may compute: over 100 in most countries, ' +
    '9 in TW.',
  http: { method: 'GET', path: '/v1/holidays/next' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.after === undefined,
  input: z
    .strictObject({
      country: CountryCode,
      subdivision: SubdivisionCode.optional(),
      after: HolidayDate.optional().describe('Search after this date (excluded), YYYY-MM-DD, 1900..2200; default today (UTC)'),
      count: int().min(1, 'must be ≥ 1').max(MAX_NEXT, `must be ≤ ${MAX_NEXT}`).optional().describe('Holidays to return (default 1)'),
      types: HolidayTypes,
    })
    .superRefine(checkSubdivision),
  output: NextHolidaysResult,
  examples: [
    {
      input: { country: 'US', after: '2026-12-26', count: 2 },
      expect: {
        holidays: [
          { date: '2027-01-01', days_until: 6 },
          { date: '2027-01-18', days_until: 23 },
        ],
      },
      source: "5 U.S.C. 6103(a): New Year's Day, 1 January; Birthday of Martin Luther King, Jr., the third Monday in January (18 January 2027)",
    },
    {
      input: { country: 'JP', after: '2026-12-31', count: 2 },
      expect: {
        holidays: [
          { date: '2027-01-01', days_until: 1 },
          { date: '2027-01-11', days_until: 11 },
        ],
      },
      source:
        "Act on National Holidays (国民の祝日に関する法律), Art. 2: New Year's Day, 1 January; Coming of Age Day, the second Monday of January (11 January 2027)",
    },
  ],
  annotations: CLOCK_DEPENDENT,
  // Declared: the year of `after` and the year before, cold (holiday-work.ts, measured with
  // bench/holidays.ts). Each further year the search needs is metered at its cold cost as it goes.
  work: {
    rule:
      '5 ms, and per year searched (the year of after and the one before at least) 0.7-3 ms in most countries, 8-25 ms where ' +
      'lunisolar holidays or equinoxes are computed (JP, CN, KR, MY, SG, VN, HK, TW and a few more)',
    estimate: (input) => {
      const j = jurisdictionOf(input);
      return { units: yearsUnits(j, 1), field: 'count', shrink: `ask for fewer holidays (one call searches ${yearsWithin(j, MAX_WORK_UNITS)} years at most)` };
    },
    // The search goes on year after year until it has `count` holidays, up to the years one call may use.
    most: () => MAX_WORK_UNITS,
  },
  calculator: {
    slug: 'next-public-holidays',
    name: 'Next public holidays',
    formula: 'next = the holidays of the country (and subdivision) strictly after the date, soonest first, across year ends; days_until = date − after',
    assumptions: [
      'Country is an ISO 3166-1 code or an English or local name; subdivision an ISO 3166-2 code or a name.',
      'Holiday rules come from the date-holidays data set (1900..2200).',
      "Official calendars override the rules where published (China 2025-2026, India 2025-2026, England and Wales 2025-2027); other years are the rules' estimate.",
      'Without a date, today in UTC is assumed.',
    ],
    keywords: ['next public holiday', 'upcoming holidays', 'days until holiday', 'next bank holiday'],
    browser: true,
    labels: {
      country: { label: 'Country', control: 'country' },
      subdivision: { label: 'Region', control: 'subdivision' },
      after: dateInput('After', true),
      count: wholeNumber('Holidays to list', undefined, 1),
      types: { label: 'Holiday types', control: 'checks' },
    },
    answer: (r, { plural }) =>
      r.holidays.length
        ? `After ${r.after}: ${r.holidays.map((h) => `${h.date} ${h.name} (in ${plural(h.days_until, 'day')})`).join('; ')}.`
        : `No holiday follows ${r.after} in the supported years.`,
  },
  run: (input, ctx) => {
    const j = jurisdictionOf(input);
    const after = input.after ?? ctx.now().toISOString().slice(0, 10);
    const holidays = upcomingHolidays(j, after, input.count ?? 1, input.types, ctx.meter);
    const first = Number(after.slice(0, 4));
    const lastYear = holidays.length ? Number(holidays[holidays.length - 1].date.slice(0, 4)) : first;
    return {
      country: j.country,
      subdivision: j.subdivision,
      ...resolvedNames(input),
      after,
      holidays,
      provenance: holidayProvenance(
        METHOD,
        ctx,
        j,
        input.types,
        undefined,
        Array.from({ length: lastYear - first + 1 }, (_, i) => first + i),
      ),
    };
  },
});
