/**
 * Dates of the Chinese and Korean (dangi) calendars from the shipped month tables
 * (engine/date/lunisolar-data.ts), with Temporal's conventions: `year` is the related ISO year, `month`
 * the position of the month in its year (1..13, a leap month included), `monthCode` M01..M12 with an
 * `L` for a leap month (M04L follows M04).
 */
import { civilFromDays, daysFromCivil } from './calendar.ts';
import {
  CHINESE_YEARS,
  DANGI_YEARS,
  LUNISOLAR_FIRST_YEAR,
  LUNISOLAR_LAST_YEAR,
  type LunisolarCalendar,
  type LunisolarYear,
  unpackYear,
} from './lunisolar-data.ts';

const TABLES: Record<LunisolarCalendar, readonly number[]> = { chinese: CHINESE_YEARS, dangi: DANGI_YEARS };

export interface LunisolarDate {
  year: number;
  month: number;
  monthCode: string;
  day: number;
}

/** A year of the table, with its first day as an epoch day; undefined outside the table. */
export function lunisolarYear(calendar: LunisolarCalendar, year: number): (LunisolarYear & { start: number }) | undefined {
  if (!Number.isInteger(year) || year < LUNISOLAR_FIRST_YEAR || year > LUNISOLAR_LAST_YEAR) return undefined;
  const packed = unpackYear(TABLES[calendar][year - LUNISOLAR_FIRST_YEAR]);
  return { ...packed, start: daysFromCivil(year, 1, 1) + packed.newYearOffset };
}

/** The month code of the month at `position` (1-based) of a year whose leap month is at `leapIndex`. */
export function monthCodeAt(position: number, leapIndex: number): string {
  const leap = leapIndex !== 0 && position === leapIndex;
  const number = leapIndex !== 0 && position >= leapIndex ? position - 1 : position;
  return `M${String(number).padStart(2, '0')}${leap ? 'L' : ''}`;
}

/** The position (1-based) of a month code in a year, or undefined when the year has no such month. */
export function positionOfCode(code: string, leapIndex: number): number | undefined {
  const m = /^M(\d\d)(L?)$/.exec(code);
  if (!m) return undefined;
  const number = Number(m[1]);
  if (number < 1 || number > 12) return undefined;
  if (m[2]) return leapIndex !== 0 && monthCodeAt(leapIndex, leapIndex) === code ? leapIndex : undefined;
  return leapIndex !== 0 && number >= leapIndex ? number + 1 : number;
}

/** The date of an epoch day, or undefined outside the table. */
export function lunisolarFromEpochDay(calendar: LunisolarCalendar, epochDay: number): LunisolarDate | undefined {
  // The new year falls between 21 January and 20 February, so the date's year is its ISO year or the one before.
  const isoYear = civilFromDays(epochDay).year;
  for (let year = isoYear; year >= isoYear - 1; year--) {
    const info = lunisolarYear(calendar, year);
    if (!info || info.start > epochDay) continue;
    let day = epochDay - info.start;
    for (let i = 0; i < info.lengths.length; i++) {
      if (day < info.lengths[i]) return { year, month: i + 1, monthCode: monthCodeAt(i + 1, info.leapIndex), day: day + 1 };
      day -= info.lengths[i];
    }
    return undefined; // after the year's last month: past the table's end
  }
  return undefined;
}
