/**
 * Proleptic Gregorian calendar arithmetic on epoch days (days since 1970-01-01), with integers only,
 * so every date tool is exact and O(1) whatever the span. The conversions are Howard Hinnant's
 * `days_from_civil` / `civil_from_days` (http://howardhinnant.github.io/date_algorithms.html); they
 * hold for any integer year, which lets intermediate steps of a date sum leave 0001..9999 before the
 * tool checks the final answer.
 */
import { daysInMonth } from '../instant.ts';

/** A calendar date as numbers; `day` is 1-based. */
export interface Ymd {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Splits a `YYYY-MM-DD` string that the input schema (`IsoDate`) has already accepted. */
export function parseIsoDate(s: string): Ymd {
  const m = ISO_DATE.exec(s);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${s}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** `YYYY-MM-DD`, the year zero-padded to four digits (callers keep years inside 0001..9999). */
export function formatIsoDate({ year, month, day }: Ymd): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date.
 *
 * @example daysFromCivil(2000, 1, 1) // 10957
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  // Count years from March so the leap day is the last day of the (shifted) year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400; // 0..399
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1; // 0..365
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear; // 0..146096
  return era * 146097 + dayOfEra - 719468;
}

/** The proleptic Gregorian date of an epoch day (inverse of `daysFromCivil`). */
export function civilFromDays(epochDay: number): Ymd {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097; // 0..146096
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365); // 0..399
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100)); // 0..365
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 = March .. 11 = February
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** Epoch day of a `YYYY-MM-DD` string. */
export const toEpochDay = (s: string): number => {
  const { year, month, day } = parseIsoDate(s);
  return daysFromCivil(year, month, day);
};

/** `YYYY-MM-DD` of an epoch day. */
export const fromEpochDay = (epochDay: number): string => formatIsoDate(civilFromDays(epochDay));

/** 0001-01-01 and 9999-12-31 as epoch days: the range every date answer must stay inside. */
export const MIN_EPOCH_DAY = daysFromCivil(1, 1, 1); // -719162
export const MAX_EPOCH_DAY = daysFromCivil(9999, 12, 31); // 2932896

export const inSupportedRange = (epochDay: number): boolean => epochDay >= MIN_EPOCH_DAY && epochDay <= MAX_EPOCH_DAY;

/**
 * ISO 8601 weekday of an epoch day: 1 = Monday … 7 = Sunday.
 *
 * @example isoWeekday(toEpochDay('2000-01-01')) // 6 (Saturday)
 */
export function isoWeekday(epochDay: number): number {
  // 1970-01-01 was a Thursday (4); the double modulo keeps negative days in 0..6.
  return ((((epochDay + 3) % 7) + 7) % 7) + 1;
}

/** The ISO 8601 week-numbering year and week of an epoch day (the week of its Thursday). */
export function isoWeekOf(epochDay: number): { year: number; week: number } {
  const thursday = epochDay - isoWeekday(epochDay) + 4;
  const year = civilFromDays(thursday).year;
  return { year, week: Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1 };
}

/** 52 or 53: the ISO weeks of a week-numbering year (the week of 28 December is its last). */
export const isoWeeksInYear = (year: number): number => isoWeekOf(daysFromCivil(year, 12, 28)).week;

/** `date` moved by whole years; 29 February becomes 28 February in a common year. */
export function addYearsClamped(date: Ymd, years: number): Ymd {
  const year = date.year + years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

/** `date` moved by whole months; a day past the new month's end becomes its last day (01-31 + 1 month = 02-28/29). */
export function addMonthsClamped(date: Ymd, months: number): Ymd {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** Orders two dates; the day may exceed its month's length (an unclamped intermediate). */
export function compareYmd(a: Ymd, b: Ymd): -1 | 0 | 1 {
  if (a.year !== b.year) return a.year < b.year ? -1 : 1;
  if (a.month !== b.month) return a.month < b.month ? -1 : 1;
  if (a.day !== b.day) return a.day < b.day ? -1 : 1;
  return 0;
}

/**
 * How many days of each ISO weekday lie in the inclusive epoch-day range `first..last`, in O(1):
 * every weekday occurs once per full week, and the leftover days start at `first`'s weekday.
 * Index 0 is unused so `counts[isoWeekday]` reads naturally; an empty range (`last < first`) is all zeros.
 */
export function weekdayCounts(first: number, last: number): number[] {
  const total = Math.max(0, last - first + 1);
  const fullWeeks = Math.floor(total / 7);
  const leftover = total - fullWeeks * 7;
  const firstWeekday = isoWeekday(first);
  const counts = [0];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const offset = (weekday - firstWeekday + 7) % 7; // days from `first` to the first such weekday
    counts.push(fullWeeks + (offset < leftover ? 1 : 0));
  }
  return counts;
}
