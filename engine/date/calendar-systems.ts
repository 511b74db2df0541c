/**
 * The fifteen calendars `convert_calendar` answers in, each way between an epoch day and a date of the
 * calendar, with Temporal's identifiers, era codes and month codes. Arithmetic calendars and the Umm
 * al-Qura table come from @internationalized/date (pure JavaScript, no Intl); the Chinese and Korean
 * calendars from the shipped month tables (lunisolar.ts). English names are the tables below, never
 * the runtime's Intl, so every Node line and browser writes the same words.
 */
import {
  BuddhistCalendar,
  type Calendar,
  CalendarDate,
  CopticCalendar,
  EthiopicCalendar,
  GregorianCalendar,
  HebrewCalendar,
  IndianCalendar,
  IslamicCivilCalendar,
  IslamicTabularCalendar,
  IslamicUmalquraCalendar,
  JapaneseCalendar,
  PersianCalendar,
  TaiwanCalendar,
  toCalendar,
} from '@internationalized/date';
import { ToolInputError } from '../tool.ts';
import { civilFromDays, daysFromCivil, formatIsoDate } from './calendar.ts';
import { cycleYear, MONTH_NAMES } from './calendar-names.ts';
import { lunisolarFromEpochDay, lunisolarYear, monthCodeAt, positionOfCode } from './lunisolar.ts';

export const CALENDAR_IDS = [
  'gregory',
  'iso8601',
  'hebrew',
  'islamic-umalqura',
  'islamic-civil',
  'islamic-tbla',
  'persian',
  'chinese',
  'dangi',
  'indian',
  'ethiopic',
  'coptic',
  'buddhist',
  'japanese',
  'roc',
] as const;
export type CalendarId = (typeof CALENDAR_IDS)[number];

/**
 * The dates every calendar is answered for: the Umm al-Qura table (1300–1599 AH, 1882–2174) and the
 * Japanese eras from Meiji cover it, the Chinese and Korean tables hold 1911–2100, and the Republic of
 * China's year 1 (the calendar of modern China and Taiwan) is 1912.
 */
export const FIRST_DAY = daysFromCivil(1912, 1, 1);
export const LAST_DAY = daysFromCivil(2100, 12, 31);
export const RANGE_TEXT = '1912-01-01..2100-12-31';

const JAPANESE_ERAS = { meiji: 'Meiji', taisho: 'Taishō', showa: 'Shōwa', heisei: 'Heisei', reiwa: 'Reiwa' } as const;

interface ArithmeticCalendar {
  make: () => Calendar;
  /** Temporal's era code for @internationalized/date's. */
  era: (libraryEra: string) => string | null;
  /** @internationalized/date's era for an input era code (undefined: none given or not the calendar's). */
  libraryEra: (era: string | undefined) => string | undefined;
  names: string;
  format: (d: { year: number; monthName: string; day: number; era: string | null }) => string;
}

const single = (code: string, library: string) => ({
  era: () => code,
  libraryEra: (era: string | undefined) => (era === undefined || era === code ? library : undefined),
});

const ARITHMETIC: Record<Exclude<CalendarId, 'chinese' | 'dangi'>, ArithmeticCalendar> = {
  gregory: { make: () => new GregorianCalendar(), ...single('ce', 'AD'), names: 'gregorian', format: (d) => `${d.day} ${d.monthName} ${d.year}` },
  iso8601: {
    make: () => new GregorianCalendar(),
    era: () => null,
    libraryEra: (e) => (e === undefined ? 'AD' : undefined),
    names: 'gregorian',
    format: () => '',
  },
  hebrew: { make: () => new HebrewCalendar(), ...single('am', 'AM'), names: 'hebrew', format: (d) => `${d.day} ${d.monthName} ${d.year}` },
  'islamic-umalqura': {
    make: () => new IslamicUmalquraCalendar(),
    ...single('ah', 'AH'),
    names: 'islamic',
    format: (d) => `${d.day} ${d.monthName} ${d.year} AH`,
  },
  'islamic-civil': { make: () => new IslamicCivilCalendar(), ...single('ah', 'AH'), names: 'islamic', format: (d) => `${d.day} ${d.monthName} ${d.year} AH` },
  'islamic-tbla': { make: () => new IslamicTabularCalendar(), ...single('ah', 'AH'), names: 'islamic', format: (d) => `${d.day} ${d.monthName} ${d.year} AH` },
  persian: { make: () => new PersianCalendar(), ...single('ap', 'AP'), names: 'persian', format: (d) => `${d.day} ${d.monthName} ${d.year} AP` },
  indian: { make: () => new IndianCalendar(), ...single('shaka', 'saka'), names: 'indian', format: (d) => `${d.day} ${d.monthName} ${d.year} Saka` },
  ethiopic: { make: () => new EthiopicCalendar(), ...single('am', 'AM'), names: 'ethiopic', format: (d) => `${d.day} ${d.monthName} ${d.year} EC` },
  coptic: { make: () => new CopticCalendar(), ...single('am', 'CE'), names: 'coptic', format: (d) => `${d.day} ${d.monthName} ${d.year} AM` },
  buddhist: { make: () => new BuddhistCalendar(), ...single('be', 'BE'), names: 'gregorian', format: (d) => `${d.day} ${d.monthName} ${d.year} BE` },
  roc: { make: () => new TaiwanCalendar(), ...single('roc', 'minguo'), names: 'gregorian', format: (d) => `${d.day} ${d.monthName} Minguo ${d.year}` },
  japanese: {
    make: () => new JapaneseCalendar(),
    era: (e) => e,
    libraryEra: (e) => (e !== undefined && Object.hasOwn(JAPANESE_ERAS, e) ? e : undefined),
    names: 'gregorian',
    format: (d) => `${d.day} ${d.monthName} ${JAPANESE_ERAS[d.era as keyof typeof JAPANESE_ERAS]} ${d.year}`,
  },
};

const calendars = new Map<CalendarId, Calendar>();
const calendarOf = (id: keyof typeof ARITHMETIC): Calendar => {
  let c = calendars.get(id);
  if (!c) calendars.set(id, (c = ARITHMETIC[id].make()));
  return c;
};
const gregorian = new GregorianCalendar();

/** The era codes an input may name, per calendar (empty: the calendar has no era). */
export const ERA_CODES: Record<CalendarId, readonly string[]> = {
  gregory: ['ce'],
  iso8601: [],
  hebrew: ['am'],
  'islamic-umalqura': ['ah'],
  'islamic-civil': ['ah'],
  'islamic-tbla': ['ah'],
  persian: ['ap'],
  chinese: [],
  dangi: [],
  indian: ['shaka'],
  ethiopic: ['am'],
  coptic: ['am'],
  buddhist: ['be'],
  japanese: Object.keys(JAPANESE_ERAS),
  roc: ['roc'],
};

export interface CalendarDateOut {
  calendar: CalendarId;
  year: number;
  month: number;
  month_code: string;
  month_name: string;
  day: number;
  era: string | null;
  formatted: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Temporal's month code of an @internationalized/date month (its months are ordinal, as Temporal's). */
function arithmeticMonthCode(id: CalendarId, calendar: Calendar, date: CalendarDate): string {
  if (id === 'hebrew' && calendar.getMonthsInYear(date) === 13) {
    // A leap year: Adar I (6) is M05L, and every later month takes the code of the month before it.
    if (date.month === 6) return 'M05L';
    if (date.month > 6) return `M${pad2(date.month - 1)}`;
  }
  return `M${pad2(date.month)}`;
}

/** The English name of a month; `hebrewLeapYear` makes M06 "Adar II" (CLDR's leap-year name; "Adar" otherwise). */
function nameOf(id: CalendarId, monthCode: string, hebrewLeapYear = false): string {
  const n = Number(monthCode.slice(1, 3));
  if (id === 'chinese' || id === 'dangi') return monthCode.endsWith('L') ? `Leap ${MONTH_NAMES.lunisolar[n - 1]}` : MONTH_NAMES.lunisolar[n - 1];
  if (id === 'hebrew') return monthCode === 'M05L' ? 'Adar I' : hebrewLeapYear && n === 6 ? 'Adar II' : MONTH_NAMES.hebrew[n - 1];
  return MONTH_NAMES[ARITHMETIC[id].names][n - 1];
}

/** The date of an epoch day (inside FIRST_DAY..LAST_DAY) in one calendar. */
export function dateIn(id: CalendarId, epochDay: number): CalendarDateOut {
  if (id === 'chinese' || id === 'dangi') {
    const d = lunisolarFromEpochDay(id, epochDay);
    if (!d) throw new Error(`epoch day ${epochDay} is outside the ${id} table`);
    const month_name = nameOf(id, d.monthCode);
    const { name, animal } = cycleYear(d.year);
    return {
      calendar: id,
      year: d.year,
      month: d.month,
      month_code: d.monthCode,
      month_name,
      day: d.day,
      era: null,
      formatted: `${d.day} ${month_name} ${d.year} (${name}, year of the ${animal})`,
    };
  }
  const iso = civilFromDays(epochDay);
  const calendar = calendarOf(id);
  const date = toCalendar(new CalendarDate(iso.year, iso.month, iso.day), calendar);
  const month_code = arithmeticMonthCode(id, calendar, date);
  const month_name = nameOf(id, month_code, id === 'hebrew' && calendar.getMonthsInYear(date) === 13);
  const era = ARITHMETIC[id].era(date.era);
  return {
    calendar: id,
    year: date.year,
    month: date.month,
    month_code,
    month_name,
    day: date.day,
    era,
    formatted: id === 'iso8601' ? formatIsoDate(iso) : ARITHMETIC[id].format({ year: date.year, monthName: month_name, day: date.day, era }),
  };
}

export interface CalendarInput {
  calendar: CalendarId;
  era?: string;
  year: number;
  /** Ordinal month (1..13) or a month code (M01..M13, M05L). */
  month: number | string;
  day: number;
}

function fail(field: string, message: string): never {
  throw new ToolInputError([{ field, message }]);
}

/** Where a month code sits in a year of an arithmetic calendar, or undefined when the year has no such month. */
function arithmeticPosition(id: CalendarId, code: string, monthsInYear: number): number | undefined {
  const m = /^M(\d\d)(L?)$/.exec(code);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (id === 'hebrew' && monthsInYear === 13) {
    if (m[2]) return n === 5 ? 6 : undefined;
    return n >= 6 && n <= 12 ? n + 1 : n >= 1 && n <= 5 ? n : undefined;
  }
  return !m[2] && n >= 1 && n <= monthsInYear ? n : undefined;
}

const MONTH_CODE = /^M(0[1-9]|1[0-3])L?$/;

/**
 * The epoch day of a date given in a calendar. A date the calendar does not have is a ToolInputError
 * naming the field (never clamped): a month past the year's months or a leap month the year lacks
 * (`month`), a day past the month's end (`day`), an era the calendar lacks or a year outside the era (`era`, `year`).
 */
export function epochDayOf(input: CalendarInput): number {
  const { calendar: id, era, year, month, day } = input;
  if (typeof month === 'string' && !MONTH_CODE.test(month)) fail('month', 'must be a month number or a month code such as M05 or M05L');
  if (era !== undefined && !ERA_CODES[id].includes(era)) {
    fail('era', ERA_CODES[id].length ? `must be one of ${ERA_CODES[id].join(', ')} for the ${id} calendar` : `is not used by the ${id} calendar`);
  }
  if (id === 'chinese' || id === 'dangi') {
    const info = lunisolarYear(id, year) ?? fail('year', `must be a ${id} year between 1911 and 2100 (related ISO year)`);
    const months = info.lengths.length;
    const position = typeof month === 'number' ? month : positionOfCode(month, info.leapIndex);
    if (position === undefined || position < 1 || position > months) {
      const leap = info.leapIndex ? `its leap month is ${monthCodeAt(info.leapIndex, info.leapIndex)}` : 'it has no leap month';
      fail('month', typeof month === 'number' ? `${id} year ${year} has ${months} months` : `${id} year ${year} has no month ${month} (${leap})`);
    }
    const length = info.lengths[position - 1];
    if (day > length) fail('day', `month ${monthCodeAt(position, info.leapIndex)} of ${id} year ${year} has ${length} days`);
    let epochDay = info.start + day - 1;
    for (let i = 0; i < position - 1; i++) epochDay += info.lengths[i];
    return epochDay;
  }

  const spec = ARITHMETIC[id];
  if (id === 'japanese' && era === undefined) fail('era', `is required with the japanese calendar: ${ERA_CODES.japanese.join(', ')}`);
  const libraryEra = spec.libraryEra(era)!;
  const calendar = calendarOf(id);
  // @internationalized/date clamps out-of-range fields when it builds a date, so each is checked first.
  const yearStart = new CalendarDate(calendar, libraryEra, year, 1, 1);
  if (yearStart.year !== year || yearStart.era !== libraryEra) fail('year', `${era ?? id} has no year ${year}`);
  const monthsInYear = calendar.getMonthsInYear(yearStart);
  const position = typeof month === 'number' ? month : arithmeticPosition(id, month, monthsInYear);
  if (position === undefined || position < 1 || position > monthsInYear) {
    fail('month', typeof month === 'number' ? `${id} year ${year} has ${monthsInYear} months` : `${id} year ${year} has no month ${month}`);
  }
  const monthStart = new CalendarDate(calendar, libraryEra, year, position, 1);
  const length = calendar.getDaysInMonth(monthStart);
  if (day > length) fail('day', `month ${arithmeticMonthCode(id, calendar, monthStart)} of ${id} year ${year} has ${length} days`);
  const date = new CalendarDate(calendar, libraryEra, year, position, day);
  if (date.era !== libraryEra || date.year !== year || date.month !== position || date.day !== day) {
    fail('day', `${era} ${year}-${pad2(position)}-${pad2(day)} is outside the ${era} era`);
  }
  const g = toCalendar(date, gregorian);
  const epochDay = daysFromCivil(g.era === 'BC' ? 1 - g.year : g.year, g.month, g.day);
  // Japanese eras end mid-year: a date past an era's last day belongs to the next era.
  if (id === 'japanese' && dateIn(id, epochDay).era !== era) fail('day', `${era} ${year}-${pad2(position)}-${pad2(day)} is outside the ${era} era`);
  return epochDay;
}
