/**
 * `date_info`: the facts of one Gregorian date: weekday, ISO 8601 week date, day of year, Julian day;
 * without a date, of today's in `timezone` (else UTC), as today.ts reads it.
 */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, type ToolContext, dateInput, TIME_ZONE } from '../tool.ts';
import { IsoDate, Provenance } from '../inputs.ts';
import { daysInMonth, isLeapYear, WEEKDAYS } from '../instant.ts';
import { CALENDAR, catalogueEntry, fixedProvenance, TZDB } from '../provenance-catalogue.ts';
import { daysFromCivil, isoWeekday, isoWeekOf, isoWeeksInYear, parseIsoDate } from './calendar.ts';
import { TodayFields, TodayZone, todayUnlessNamed } from './today.ts';

export const DateInfoResult = z.object({
  date: z.string().describe('The date, YYYY-MM-DD'),
  day_of_week: z.enum(WEEKDAYS),
  iso_weekday: z.number().int().describe('1 = Monday … 7 = Sunday'),
  iso_week: z.number().int().describe('ISO 8601 week number, 1..53'),
  iso_week_year: z.number().int().describe('ISO 8601 week-numbering year (differs from the year in late December / early January)'),
  iso_week_date: z.string().describe('YYYY-Www-D'),
  day_of_year: z.number().int().describe('1..366'),
  quarter: z.number().int().describe('1..4'),
  days_in_month: z.number().int(),
  days_in_year: z.number().int(),
  leap_year: z.boolean(),
  weeks_in_iso_year: z.number().int().describe('52 or 53: weeks of iso_week_year'),
  julian_day_number: z.number().int().describe('Julian day number (the Julian date at noon UT of this date)'),
  modified_julian_day: z.number().int().describe('MJD at 0h UT (JD − 2400000.5); 1858-11-17 = 0'),
  ...TodayFields,
  provenance: Provenance,
});
export type DateInfo = z.output<typeof DateInfoResult>;

const METHOD = catalogueEntry({
  id: 'date.info',
  kind: 'method',
  summary: 'ISO 8601 week date, day of year and Julian day of a date, on integer epoch days',
  text:
    'ISO 8601 week date: weeks start on Monday and week 1 holds the year’s first Thursday, so the week-numbering year is the year of ' +
    'the Thursday of the date’s week, and a year has 53 weeks when it starts on a Thursday (or on a Wednesday in a leap year); ' +
    'Julian day number = epoch day + 2440588 (the JD at noon UT), MJD = epoch day + 40587, on integer epoch days (days since 1970-01-01)',
});
const provenance = fixedProvenance({ data: [CALENDAR], methods: [METHOD] });
/** Today's date in a named zone: its tz rules gave the date. */
const provenanceZoned = fixedProvenance({ data: [CALENDAR, TZDB], methods: [METHOD] });

/**
 * Everything about one date that models tend to get wrong by counting: its weekday, ISO week, day of
 * the year and Julian day.
 *
 * @example
 * dateInfo.run({ date: '2027-01-01' }, ctx)
 * // → { date: '2027-01-01', day_of_week: 'Friday', iso_weekday: 5, iso_week: 53, iso_week_year: 2026,
 * //     iso_week_date: '2026-W53-5', day_of_year: 1, quarter: 1, days_in_month: 31, days_in_year: 365,
 * //     leap_year: false, weeks_in_iso_year: 53, julian_day_number: 2461407, modified_julian_day: 61406, provenance: { … } }
 */
export function computeDateInfo(date: string, ctx?: ToolContext): DateInfo {
  const { year, month, day } = parseIsoDate(date);
  const epochDay = daysFromCivil(year, month, day);
  const weekday = isoWeekday(epochDay);
  const week = isoWeekOf(epochDay);
  const leap = isLeapYear(year);
  return {
    date,
    day_of_week: WEEKDAYS[weekday - 1],
    iso_weekday: weekday,
    iso_week: week.week,
    iso_week_year: week.year,
    iso_week_date: `${String(week.year).padStart(4, '0')}-W${String(week.week).padStart(2, '0')}-${weekday}`,
    day_of_year: epochDay - daysFromCivil(year, 1, 1) + 1,
    quarter: Math.ceil(month / 3),
    days_in_month: daysInMonth(year, month),
    days_in_year: leap ? 366 : 365,
    leap_year: leap,
    weeks_in_iso_year: isoWeeksInYear(week.year),
    julian_day_number: epochDay + 2440588,
    modified_julian_day: epochDay + 40587,
    provenance: provenance(ctx),
  };
}

export const dateInfo = defineTool({
  name: 'date_info',
  family: 'date',
  title: 'Week number, weekday and day of year of a date',
  description:
    'ISO 8601 week number and week date (2026-W53-5), weekday, day of year, quarter, month and year lengths, leap year, Julian day number ' +
    'and MJD of a date (default today). Use it instead of counting days or weeks yourself. YYYY-MM-DD, 0001..9999.',
  http: { method: 'GET', path: '/v1/date/info' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.date === undefined,
  input: z.strictObject({ date: IsoDate.optional().describe('YYYY-MM-DD, 0001..9999; default today'), timezone: TodayZone }),
  output: DateInfoResult,
  examples: [
    {
      input: { date: '2027-01-01' },
      expect: { day_of_week: 'Friday', iso_week: 53, iso_week_year: 2026, iso_week_date: '2026-W53-5', weeks_in_iso_year: 53 },
      source:
        'ISO 8601-1:2019 week dates: 2026 begins on a Thursday, so it has 53 weeks and Friday 1 January 2027 is in week 53 of 2026 (timeanddate.com, "Week Numbers for 2026")',
    },
    {
      input: { date: '2000-01-01' },
      expect: { day_of_week: 'Saturday', julian_day_number: 2451545, modified_julian_day: 51544 },
      source: 'IAU / USNO: the epoch J2000.0 is JD 2451545.0, noon of 2000 January 1; MJD = JD − 2400000.5, so 0h of that day is MJD 51544',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'week-number',
    name: 'Week number and date facts',
    formula:
      'ISO week-numbering year = year of the Thursday of the date’s Monday-to-Sunday week; week = 1 + ⌊(that Thursday − 1 January) / 7⌋; JDN = days since 1970-01-01 + 2440588; MJD = JDN − 2400001',
    assumptions: [
      'Dates are proleptic Gregorian, 0001..9999; without a date, today’s date in the time zone given (else UTC) is used.',
      'Weeks run Monday to Sunday and week 1 is the week holding the year’s first Thursday (ISO 8601), so 29–31 December can be in week 1 of the next year and 1–3 January in week 52 or 53 of the year before.',
      'The Julian day number is that of noon UT on the date; the MJD is that of midnight starting it.',
    ],
    keywords: ['week number', 'what week is it', 'ISO week', 'day of the year', 'julian day'],
    browser: true,
    labels: {
      date: dateInput('Date'),
      timezone: TIME_ZONE,
    },
    answer: (r) =>
      `${r.date}${r.timezone ? ` (today in ${r.timezone})` : ''} is a ${r.day_of_week} in ISO week ${r.iso_week} of ${r.iso_week_year} (${r.iso_week_date}), day ${r.day_of_year} of the year.`,
  },
  run: (input, ctx) => {
    const today = todayUnlessNamed(input.date !== undefined, input.timezone, ctx);
    const info = computeDateInfo(input.date ?? today.date!, ctx);
    return { ...info, ...today.fields, provenance: today.zoned ? provenanceZoned(ctx) : info.provenance };
  },
});
