/**
 * The Chinese and Korean (dangi) month tables of engine/date/lunisolar-data.ts, computed from the
 * ephemeris the project ships (astronomy-engine) by the rules of GB/T 33661-2017 "Calculation and
 * promulgation of the Chinese calendar", as Reingold & Dershowitz, Calendrical Calculations (4th ed.),
 * ch. 19 state them:
 *   - a month starts on the local day of a new moon;
 *   - the month holding the winter solstice is month 11;
 *   - a suì (solstice to solstice) with 13 new moons has one leap month: the first month after month 11
 *     whose days hold no major solar term (solar longitude a multiple of 30°); it repeats the number
 *     of the month before it;
 *   - "local" is UTC+8 for the Chinese calendar from 1929 and Beijing mean solar time (116°25′E,
 *     UTC+7:45:40) before (Calendrical Calculations, `chinese-location`); for the Korean calendar
 *     UTC+8 to 1911 and UTC+9 from 1912 (ICU's dangi rule after the Korea Astronomy and Space Science
 *     Institute's tables, which it matches month for month, 1912–2050).
 * Two Chinese new moons fall within a minute of midnight, where the ΔT forecast decides the day: the
 * Hong Kong Observatory's Gregorian–Lunar conversion tables (1901–2100) put them on 2057-09-28 and
 * 2097-08-07; astronomy-engine's ΔT puts them 41 s and 15 s after midnight. The published day is used.
 *
 *   node --import tsx scripts/lunisolar-table.ts          rewrites engine/date/lunisolar-data.ts
 * test/engine/date/lunisolar.test.ts recomputes every year and compares it with the shipped table.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as Astronomy from 'astronomy-engine';
import { daysFromCivil, fromEpochDay } from '../engine/index.ts';
import { LUNISOLAR_FIRST_YEAR, LUNISOLAR_LAST_YEAR, type LunisolarCalendar, packYear } from '../engine/index.ts';
import { versionOf } from '../engine/index.ts';

const DAY_MS = 86_400_000;

/** Minutes east of UTC of the local time each calendar dates new moons in, at an instant. */
function offsetMinutes(calendar: LunisolarCalendar, ms: number): number {
  if (calendar === 'chinese') return ms < Date.UTC(1928, 11, 31, 16) ? 1397 / 3 : 480; // 1397/180 h before 1929
  return ms < Date.UTC(1911, 11, 31, 16) ? 480 : 540;
}

/** Published new-moon days that differ from the computed ones (see the header), computed → published. */
const PUBLISHED_NEW_MOON_DAYS: Record<LunisolarCalendar, Record<string, string>> = {
  chinese: { '2057-09-29': '2057-09-28', '2097-08-08': '2097-08-07' },
  dangi: {},
};

const localDay = (calendar: LunisolarCalendar, date: Date): number => Math.floor((date.getTime() + offsetMinutes(calendar, date.getTime()) * 60_000) / DAY_MS);

/** The local day of a new moon, as published where the publication differs. */
function newMoonDay(calendar: LunisolarCalendar, date: Date): number {
  const day = localDay(calendar, date);
  const published = PUBLISHED_NEW_MOON_DAYS[calendar][fromEpochDay(day)];
  return published === undefined ? day : day - 1;
}

const newMoonAfter = (t: Astronomy.AstroTime) => {
  const found = Astronomy.SearchMoonPhase(0, t, 40);
  if (!found) throw new Error(`no new moon within 40 days of ${t.date.toISOString()}`);
  return found;
};

const sunLongitudeAfter = (longitude: number, t: Astronomy.AstroTime, days: number) => {
  const found = Astronomy.SearchSunLongitude(longitude, t, days);
  if (!found) throw new Error(`the Sun does not reach ${longitude}° within ${days} days of ${t.date.toISOString()}`);
  return found;
};

interface Month {
  start: number; // epoch day
  number: number; // 1..12
  leap: boolean;
}

/** The months of the suì that ends at the winter solstice of `year`, from month 11 of the year before. */
function sui(calendar: LunisolarCalendar, year: number): { months: Month[]; end: number } {
  const solstice = (y: number) => sunLongitudeAfter(270, Astronomy.MakeTime(new Date(Date.UTC(y, 11, 10))), 20);
  const s0 = solstice(year - 1);
  const s1 = solstice(year);
  // The first day of month 11: the last new moon whose local day is not after the solstice's.
  const month11 = (s: Astronomy.AstroTime) => {
    const solsticeDay = localDay(calendar, s.date);
    let t = newMoonAfter(s.AddDays(-35));
    let last = t;
    while (newMoonDay(calendar, t.date) <= solsticeDay) {
      last = t;
      t = newMoonAfter(t.AddDays(1));
    }
    return last;
  };
  const first = month11(s0);
  const endDay = newMoonDay(calendar, month11(s1).date);
  const starts: number[] = [];
  for (let t = first; newMoonDay(calendar, t.date) < endDay; t = newMoonAfter(t.AddDays(1))) starts.push(newMoonDay(calendar, t.date));
  starts.push(endDay);
  // Local days of the major solar terms from this solstice to the next.
  const majorTerms = [localDay(calendar, s0.date)];
  let term = s0;
  for (let k = 1; k <= 12; k++) {
    term = sunLongitudeAfter((270 + 30 * k) % 360, term.AddDays(25), 10);
    majorTerms.push(localDay(calendar, term.date));
  }
  const count = starts.length - 1;
  const months: Month[] = [];
  let number = 11;
  let leapFound = count === 12;
  for (let i = 0; i < count; i++) {
    const holdsTerm = majorTerms.some((d) => d >= starts[i] && d < starts[i + 1]);
    if (i > 0 && !leapFound && !holdsTerm) {
      months.push({ start: starts[i], number, leap: true });
      leapFound = true;
      continue;
    }
    if (i > 0) number = (number % 12) + 1;
    months.push({ start: starts[i], number, leap: false });
  }
  return { months, end: endDay };
}

/** The year that starts on month 1 of `year` (the related ISO year): its new year day and months. */
export function computeYear(calendar: LunisolarCalendar, year: number): { newYear: number; lengths: number[]; leapIndex: number } {
  const a = sui(calendar, year).months;
  const b = sui(calendar, year + 1).months;
  const i = a.findIndex((m) => m.number === 1 && !m.leap);
  const j = b.findIndex((m) => m.number === 1 && !m.leap);
  const months = [...a.slice(i), ...b.slice(0, j)];
  const end = b[j].start;
  const lengths = months.map((m, k) => (k + 1 < months.length ? months[k + 1].start : end) - m.start);
  return { newYear: months[0].start, lengths, leapIndex: months.findIndex((m) => m.leap) + 1 };
}

/** Every year of the shipped range, packed as engine/date/lunisolar-data.ts stores it. */
export function computeTable(calendar: LunisolarCalendar): number[] {
  const out: number[] = [];
  for (let year = LUNISOLAR_FIRST_YEAR; year <= LUNISOLAR_LAST_YEAR; year++) {
    const { newYear, lengths, leapIndex } = computeYear(calendar, year);
    out.push(packYear(newYear - daysFromCivil(year, 1, 1), lengths, leapIndex));
  }
  return out;
}

function rows(values: number[]): string {
  const lines: string[] = [];
  for (let i = 0; i < values.length; i += 10) {
    const year = LUNISOLAR_FIRST_YEAR + i;
    lines.push(
      `  ${values
        .slice(i, i + 10)
        .map((v) => `0x${v.toString(16).padStart(6, '0')}`)
        .join(', ')}, // ${year}–${Math.min(year + 9, LUNISOLAR_LAST_YEAR)}`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = fileURLToPath(new URL('../engine/date/lunisolar-data.ts', import.meta.url));
  const source = (await import('node:fs')).readFileSync(file, 'utf8');
  const replaced = source
    .replace(/(export const CHINESE_YEARS = \[)[\s\S]*?(\n\];)/, `$1\n${rows(computeTable('chinese'))}$2`)
    .replace(/(export const DANGI_YEARS = \[)[\s\S]*?(\n\];)/, `$1\n${rows(computeTable('dangi'))}$2`)
    .replace(/astronomy-engine \d+\.\d+\.\d+/g, `astronomy-engine ${versionOf('astronomy-engine')}`);
  writeFileSync(file, replaced);
  console.log(`wrote ${file}`);
}
