/**
 * `convert_calendar`: one day written in fifteen calendars, from an ISO date or from a date of any of
 * them; with neither, today's date in `timezone` (else UTC), as today.ts reads it.
 */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, systemContext, type ToolContext, ToolInputError, textInput, dateInput, wholeNumber, TIME_ZONE } from '../tool.ts';
import { int, IsoDate, Provenance } from '../inputs.ts';
import { WEEKDAYS } from '../instant.ts';
import { catalogueEntry, fixedProvenance, TZDB } from '../provenance-catalogue.ts';
import { versions } from '../provenance.ts';
import { fromEpochDay, isoWeekday, toEpochDay } from './calendar.ts';
import { CALENDAR_IDS, type CalendarId, dateIn, epochDayOf, FIRST_DAY, LAST_DAY, RANGE_TEXT } from './calendar-systems.ts';
import type { ResolvedZone } from '../time/zone-names.ts';
import { TodayFields, TodayZone, todayUnlessNamed } from './today.ts';
import { CALENDAR_NAMES } from './calendar-names.ts';

const MONTH_TEXT = /^(\d{1,2}|M(0[1-9]|1[0-3])L?)$/;

/** A month number (1..13, a leap month counted) or a Temporal month code; GET queries give both as text. */
const Month = z
  .union([z.number(), z.string()], { error: (iss) => (iss.input === undefined ? 'is required' : 'must be a month number or a month code such as M05L') })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (!MONTH_TEXT.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'must be a month number 1..13 or a month code M01..M13, with L for a leap month (M05L)', input: value });
      return z.NEVER;
    }
    if (text.startsWith('M')) return text;
    const n = Number(text);
    if (n < 1 || n > 13) {
      ctx.addIssue({ code: 'custom', message: 'must be 1..13 (the position of the month in its year, a leap month counted)', input: value });
      return z.NEVER;
    }
    return n;
  })
  .describe('1..13 (a leap month counted) or code M01..M13, L = leap (M05L)');

export const CalendarDateResult = z.object({
  calendar: z.string(),
  year: z.number().int().describe('Year: of the era for japanese (reiwa 8), roc and buddhist; the related ISO year for chinese and dangi'),
  month: z.number().int().describe('Position of the month in its year, 1..13 (a leap month counted)'),
  month_code: z.string().describe('Temporal month code: M01..M13, L for a leap month (M05L)'),
  month_name: z.string().describe('English month name (CLDR)'),
  day: z.number().int(),
  era: z.string().nullable().describe('Temporal era code (ce, am, ah, ap, shaka, be, roc, meiji…reiwa); null for iso8601, chinese, dangi'),
  formatted: z.string().describe('Readable English, e.g. "5 Kislev 5787"'),
});

export const ConvertCalendarResult = z.object({
  date: z.string().describe('The ISO date, YYYY-MM-DD'),
  day_of_week: z.enum(WEEKDAYS),
  calendars: z.array(CalendarDateResult).describe(`The day in each calendar, in this order: ${CALENDAR_IDS.join(', ')}`),
  ...TodayFields,
  provenance: Provenance,
});
export type ConvertedCalendars = z.output<typeof ConvertCalendarResult>;

const CALENDARS_RELEASE = `@internationalized/date ${versions.internationalizedDate}; chinese and dangi tables 1911–2100`;
const CALENDARS_DATA = catalogueEntry({
  id: 'calendars',
  kind: 'data',
  value: CALENDARS_RELEASE,
  summary: 'the calendar implementations and month tables of calendar conversion',
  text:
    `${CALENDARS_RELEASE}: @internationalized/date (Adobe; pure JavaScript, no Intl) for the arithmetic calendars and the Umm al-Qura ` +
    'table (1300–1599 AH); the Chinese and Korean month tables of engine/date/lunisolar-data.ts; English month names from CLDR 48',
});
const CONVERSION = catalogueEntry({
  id: 'date.calendar-conversion',
  kind: 'method',
  summary: 'a day counted in each calendar from its epoch, with Temporal identifiers, era and month codes',
  text:
    'The date becomes an epoch day, then a date of each calendar: Hebrew by the arithmetic rules of Maimonides, Islamic civil and tabular ' +
    '(tbla: astronomical epoch) by the 30-year cycle, Umm al-Qura by the KACST table as ICU ships it, Persian by the 33-year arithmetic rule, ' +
    'Indian national (Saka), Ethiopic (Amete Mihret), Coptic, Buddhist, Japanese (eras from Meiji) and ROC on Gregorian years; ' +
    'month numbers count a leap month, month codes follow Temporal (M05L = Adar I). A date the calendar lacks is refused, never clamped.',
});
const LUNISOLAR = catalogueEntry({
  id: 'date.lunisolar-rules',
  kind: 'detail',
  summary: 'how the Chinese and Korean months are computed',
  text:
    'GB/T 33661-2017 rules (Calendrical Calculations, ch. 19): a month starts on the local day of a new moon, the month holding the winter ' +
    'solstice is month 11, and in a 13-month year the first month with no major solar term is the leap month; new moons and solar terms from ' +
    'astronomy-engine, dated at UTC+8 from 1929 (Beijing mean time before) for chinese and UTC+8 to 1911, UTC+9 from 1912 for dangi; ' +
    'two new moons within a minute of midnight (2057-09-28, 2097-08-07) dated as the Hong Kong Observatory tables date them.',
});
const provenance = fixedProvenance({ data: [CALENDARS_DATA], methods: [CONVERSION], details: [LUNISOLAR] });
/** Today's date in a named zone: its tz rules gave the date. */
const provenanceZoned = fixedProvenance({ data: [CALENDARS_DATA, TZDB], methods: [CONVERSION], details: [LUNISOLAR] });

export interface ConvertCalendarInput {
  date?: string;
  calendar?: CalendarId;
  era?: string;
  year?: number;
  month?: number | string;
  day?: number;
  /** The zone whose today is meant when neither a date nor a calendar date is given. */
  timezone?: ResolvedZone;
}

const CALENDAR_FIELDS = ['calendar', 'era', 'year', 'month', 'day'] as const;

/**
 * The shape rules of the input: `date`, or `calendar` + `year` + `month` + `day` (+ `era`), never both;
 * neither is today. The input schema reports them, and `convertCalendar` checks them again for callers
 * that skip the schema.
 */
export function inputShapeProblems(input: ConvertCalendarInput): { field: string; message: string }[] {
  const given = CALENDAR_FIELDS.filter((f) => input[f] !== undefined);
  if (input.date !== undefined) return given.map((field) => ({ field, message: 'cannot be given with date: give date, or calendar, year, month and day' }));
  if (!given.length) return [];
  return (['calendar', 'year', 'month', 'day'] as const)
    .filter((f) => input[f] === undefined)
    .map((field) => ({ field, message: 'is required with calendar, year, month and day' }));
}

/** The epoch day an input names (or `today`, when it names none), or a ToolInputError naming the field at fault. */
function epochDayOfInput(input: ConvertCalendarInput, today: string | undefined): number {
  const problems = inputShapeProblems(input);
  if (problems.length) throw new ToolInputError(problems);
  const date = input.date ?? today;
  if (date !== undefined) {
    const epochDay = toEpochDay(date);
    if (epochDay < FIRST_DAY || epochDay > LAST_DAY) {
      throw new ToolInputError([
        input.date === undefined
          ? { field: 'timezone', message: `gives today as ${date}, outside ${RANGE_TEXT}` }
          : { field: 'date', message: `must be within ${RANGE_TEXT}` },
      ]);
    }
    return epochDay;
  }
  const { calendar, era, year, month, day } = input as Required<Omit<ConvertCalendarInput, 'date' | 'era'>> & { era?: string };
  const epochDay = epochDayOf({ calendar, era, year, month, day });
  if (epochDay < FIRST_DAY || epochDay > LAST_DAY) {
    throw new ToolInputError([{ field: 'year', message: `gives ${fromEpochDay(epochDay)}, outside ${RANGE_TEXT}` }]);
  }
  return epochDay;
}

/**
 * One day in every calendar. The input is either `date` (ISO), or a date of one calendar, or neither
 * (today's date in `timezone`, else UTC, read from `ctx.now`); a date that calendar does not have (Adar I
 * in a common year, day 30 of a 29-day month, a leap month the year lacks) is a ToolInputError naming
 * `month` or `day`.
 */
export function convertCalendar(input: ConvertCalendarInput, ctx: ToolContext = systemContext): ConvertedCalendars {
  const named = input.date !== undefined || CALENDAR_FIELDS.some((f) => input[f] !== undefined);
  const today = todayUnlessNamed(named, input.timezone, ctx);
  const epochDay = epochDayOfInput(input, today.date);
  return {
    date: fromEpochDay(epochDay),
    day_of_week: WEEKDAYS[isoWeekday(epochDay) - 1],
    calendars: CALENDAR_IDS.map((id) => dateIn(id, epochDay)),
    ...today.fields,
    provenance: (today.zoned ? provenanceZoned : provenance)(ctx),
  };
}

/**
 * @example
 * convertCalendarTool.run({ calendar: 'hebrew', year: 5787, month: 'M01', day: 1 }, ctx)
 * // → { date: '2026-09-12', day_of_week: 'Saturday', calendars: [{ calendar: 'gregory', … formatted: '12 September 2026' },
 * //     …, { calendar: 'hebrew', year: 5787, month: 1, month_code: 'M01', month_name: 'Tishri', day: 1, era: 'am', formatted: '1 Tishri 5787' }, …] }
 */
export const convertCalendarTool = defineTool({
  name: 'convert_calendar',
  family: 'date',
  title: 'Convert a date between calendars',
  description:
    'A day in 15 calendars (the calendar enum: Hebrew, Islamic, Persian, Chinese, Japanese, ...), from date or calendar + year + ' +
    `month + day (+ era); default today. Use it instead of converting yourself. ${RANGE_TEXT}.`,
  http: { method: 'GET', path: '/v1/date/calendars' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.date === undefined && CALENDAR_FIELDS.every((f) => input[f] === undefined),
  input: z
    .strictObject({
      date: IsoDate.optional().describe(`YYYY-MM-DD, ${RANGE_TEXT}; or calendar + year + month + day`),
      calendar: z
        .enum(CALENDAR_IDS, { error: (iss) => (iss.input === undefined ? 'is required' : `must be one of ${CALENDAR_IDS.join(', ')}`) })
        .optional()
        .describe('Calendar of year, month, day'),
      era: z.string({ error: 'must be an era code' }).optional().describe('Required for japanese: meiji, taisho, showa, heisei, reiwa'),
      year: int().optional().describe('Era year for japanese, roc; related ISO year for chinese, dangi'),
      month: Month.optional(),
      day: int().min(1, 'must be ≥ 1').max(31, 'must be ≤ 31').optional(),
      timezone: TodayZone,
    })
    .superRefine((input, ctx) => {
      for (const { field, message } of inputShapeProblems(input))
        ctx.addIssue({ code: 'custom', path: [field], message, input: input[field as keyof typeof input] });
    }),
  output: ConvertCalendarResult,
  examples: [
    {
      input: { calendar: 'hebrew', year: 5787, month: 'M01', day: 1 },
      expect: { date: '2026-09-12', day_of_week: 'Saturday' },
      source: 'Rosh Hashanah 5787: 1 Tishri 5787 is Saturday 12 September 2026 (hebcal.com Jewish calendar; the holiday begins at sundown on 11 September)',
    },
    {
      input: { date: '2026-03-20' },
      expect: {
        day_of_week: 'Friday',
        calendars: [
          { calendar: 'gregory' },
          { calendar: 'iso8601' },
          { calendar: 'hebrew' },
          { calendar: 'islamic-umalqura', year: 1447, month: 10, month_code: 'M10', month_name: 'Shawwal', day: 1, era: 'ah' },
        ],
      },
      source: 'Umm al-Qura calendar of Saudi Arabia (KACST): 1 Shawwal 1447, Eid al-Fitr, is Friday 20 March 2026',
    },
    {
      input: { calendar: 'chinese', year: 2026, month: 'M01', day: 1 },
      expect: { date: '2026-02-17', day_of_week: 'Tuesday' },
      source: 'Hong Kong Observatory, Gregorian–Lunar Calendar Conversion Table 2026: Lunar New Year (year of the Horse) is 17 February 2026',
    },
    {
      input: { calendar: 'japanese', era: 'reiwa', year: 1, month: 5, day: 1 },
      expect: { date: '2019-05-01', day_of_week: 'Wednesday' },
      source: 'Cabinet Office of Japan: the era Reiwa began on 1 May 2019 (Reiwa 1), on the accession of Emperor Naruhito',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'calendar-converter',
    name: 'Calendar converter',
    formula:
      'day number of the date, then each calendar’s date of that day: arithmetic rules (Hebrew, Islamic civil/tabular, Persian, Indian, Ethiopic, Coptic), the Umm al-Qura table, and the Chinese and Korean month tables (new moons and solar terms, GB/T 33661-2017)',
    assumptions: [
      `Dates ${RANGE_TEXT}: the range every calendar here is defined for (the Umm al-Qura table, the Chinese and Korean tables, the ROC and Japanese eras); without a date, today’s date in the time zone given (else UTC).`,
      'A day is the civil day; Hebrew and Islamic days begin at the previous sunset, so an evening belongs to the next day there.',
      'Islamic dates are calculated (Umm al-Qura table, or the civil and tabular arithmetic); a country that waits for the crescent may begin a month a day later.',
      'Chinese and Korean years are numbered by the Gregorian year they begin in (Temporal’s related ISO year); month codes M01..M12 take L for a leap month.',
      'Japanese, ROC and Buddhist years are years of the era (Reiwa 8, Minguo 115, 2569 BE).',
    ],
    keywords: ['hebrew date', 'hijri date', 'chinese lunar calendar', 'persian calendar', 'calendar converter', 'islamic calendar'],
    browser: true,
    labels: {
      date: dateInput('Date'),
      calendar: { label: 'Calendar', control: 'select', options: CALENDAR_NAMES },
      era: textInput('Era'),
      year: wholeNumber('Year'),
      month: { ...textInput('Month'), help: 'The month’s number in its year, 1 to 13 (a leap month counted)' },
      day: wholeNumber('Day', undefined, 1),
      timezone: TIME_ZONE,
    },
    // A headline (three calendars by name, and how many in all); the page's table below lists every one.
    answer: (r) => {
      const others = r.calendars.filter((c) => c.calendar !== 'gregory' && c.calendar !== 'iso8601');
      const named = ['hebrew', 'islamic-umalqura', 'chinese'].map((id) => others.find((c) => c.calendar === id)).filter((c) => c !== undefined);
      const list = named.map((c) => `${c.formatted} in the ${CALENDAR_NAMES[c.calendar as CalendarId]} calendar`);
      const head = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list.join('');
      return `${r.date} (${r.day_of_week}${r.timezone ? `, today in ${r.timezone}` : ''}) is ${head}, among ${others.length} calendars.`;
    },
  },
  run: (input, ctx) => convertCalendar(input, ctx),
});
