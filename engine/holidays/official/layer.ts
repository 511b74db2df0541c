/**
 * The official-calendar layer over date-holidays: for a jurisdiction and year, the rules' holiday days
 * corrected by the published calendar (engine/holidays/official/<country>.ts), and the adjusted days the
 * business-day tools and the meeting search read: a weekend day made a working day, a weekday given off.
 * Rows the layer adds or changes carry their source. A jurisdiction with official calendars for some
 * years has the rules' estimate in the others; `officialCoverage` says which, for provenance.
 */
import { fromEpochDay, toEpochDay } from '../../date/calendar.ts';
import type { HolidayDay, HolidayType } from '../calendar-data.ts';
import { CN } from './cn.ts';
import { GB } from './gb.ts';
import { IN } from './in.ts';
import { US } from './us.ts';
import { sourceText, type OfficialCountry, type OfficialRules, type OfficialYear, type RuleFix } from './types.ts';

/** This release of the official calendars, named by the day its files were last checked against their sources. */
export const OFFICIAL_RELEASE = 'official-2026-11-28';

export const OFFICIAL_COUNTRIES: readonly OfficialCountry[] = [CN, GB, IN, US];
const byCountry = new Map(OFFICIAL_COUNTRIES.map((c) => [c.country, c]));

const covers = (subdivisions: readonly string[] | undefined, subdivision: string | null): boolean =>
  !subdivisions || (subdivision !== null && subdivisions.includes(subdivision));

/** The official calendar of a jurisdiction's year in this release, or undefined. */
export function officialYear(country: string, subdivision: string | null, year: number): OfficialYear | undefined {
  return byCountry.get(country)?.years.find((y) => y.year === year && covers(y.subdivisions, subdivision));
}

/** The rule corrections that apply to a jurisdiction's year. */
const rulesFor = (country: string, subdivision: string | null, year: number): OfficialRules[] =>
  (byCountry.get(country)?.rules ?? []).filter(
    (r) => (r.from === undefined || year >= r.from) && (r.to === undefined || year <= r.to) && covers(r.subdivisions, subdivision),
  );

/** Whether this release has an official calendar of any year for the jurisdiction (then its other years are the rules' estimate). */
export const hasOfficialYears = (country: string, subdivision: string | null): boolean =>
  (byCountry.get(country)?.years ?? []).some((y) => covers(y.subdivisions, subdivision));

/** The holiday types the layer's rows and corrections give a jurisdiction (the rules may have none of some). */
export function officialTypes(country: string, subdivision: string | null): HolidayType[] {
  const c = byCountry.get(country);
  if (!c) return [];
  const fixes = c.rules.filter((r) => covers(r.subdivisions, subdivision)).flatMap((r) => r.fixes);
  const rows = c.years.filter((y) => covers(y.subdivisions, subdivision)).flatMap((y) => y.rows);
  return [...fixes, ...rows].flatMap((f) => (f.op === 'retype' ? [f.type] : f.op === 'add' ? [f.type ?? 'public'] : []));
}

/** A weekend day made a working day, or a weekday given off that is not a holiday itself. */
export interface AdjustedDay {
  date: string;
  kind: 'working_day' | 'day_off';
  /** The holiday it is moved for (English), and in the local language. */
  name: string;
  local_name: string;
  source: string;
}

/** The adjusted days of a jurisdiction from `first` through `last` (YYYY-MM-DD), by date. */
export function adjustedDaysBetween(country: string, subdivision: string | null, first: string, last: string): AdjustedDay[] {
  const out: AdjustedDay[] = [];
  for (const y of byCountry.get(country)?.years ?? []) {
    if (y.year < Number(first.slice(0, 4)) || y.year > Number(last.slice(0, 4)) || !covers(y.subdivisions, subdivision)) continue;
    for (const row of y.rows) {
      if ((row.op === 'working_day' || row.op === 'day_off') && row.date >= first && row.date <= last) {
        out.push({ date: row.date, kind: row.op, name: row.name, local_name: row.local_name, source: sourceText(y.source) });
      }
    }
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The adjusted day of a jurisdiction on `date`, or undefined. */
export const adjustedDay = (country: string, subdivision: string | null, date: string): AdjustedDay | undefined =>
  adjustedDaysBetween(country, subdivision, date, date)[0];

/** Applies one rule correction to a year's days (in place), the rows it adds or changes naming `source`. */
function applyFix(days: HolidayDay[], fix: RuleFix, year: number, source: string): void {
  if (fix.op === 'rename') {
    for (const d of days) {
      if (d.name === fix.name) Object.assign(d, { name: fix.to, source });
      else if (d.name === `${fix.name} (substitute day)`) Object.assign(d, { name: `${fix.to} (substitute day)`, source });
    }
  } else if (fix.op === 'retype') {
    for (const d of days) if (d.name === fix.name) Object.assign(d, { type: fix.type, source });
  } else if (fix.op === 'extend') {
    const own = days.filter((d) => d.name === fix.name && !d.substitute);
    if (!own.length) return;
    const last = own.reduce((a, b) => (b.date > a.date ? b : a));
    for (let i = 1; i <= fix.days; i++) days.push({ ...last, date: fromEpochDay(toEpochDay(last.date) + i), source });
  } else {
    const date = `${String(year).padStart(4, '0')}-${fix.month_day}`;
    if (!days.some((d) => d.date === date && d.name === fix.name)) {
      days.push({ date, name: fix.name, local_name: fix.local_name, type: fix.type ?? 'public', substitute: false, source });
    }
  }
}

/**
 * The holiday days the rules give a jurisdiction for `year` (those starting in it), corrected: the rule
 * corrections for the year, then the year's official calendar: the list itself where nothing applies, else a
 * new list (the rules' days are copied, not changed).
 */
export function applyOfficial(country: string, subdivision: string | null, year: number, rulesDays: HolidayDay[]): HolidayDay[] {
  if (!byCountry.has(country)) return rulesDays;
  const rules = rulesFor(country, subdivision, year);
  const calendar = officialYear(country, subdivision, year);
  if (!rules.length && !calendar) return rulesDays;
  let days = rulesDays.map((d) => ({ ...d }));
  for (const r of rules) for (const fix of r.fixes) applyFix(days, fix, year, sourceText(r.source));
  if (calendar) {
    const source = sourceText(calendar.source);
    for (const row of calendar.rows) {
      if (row.op === 'remove') days = days.filter((d) => !(d.date === row.date && d.name === row.name));
      else if (row.op === 'retype') {
        for (const d of days) if (d.date === row.date && d.name === row.name) Object.assign(d, { type: row.type, source });
      } else if (row.op === 'add') {
        days = days.filter((d) => !(d.date === row.date && d.name === row.name));
        days.push({ date: row.date, name: row.name, local_name: row.local_name, type: row.type ?? 'public', substitute: row.substitute ?? false, source });
      }
    }
  }
  return days;
}

/**
 * For provenance: the official calendars behind an answer over `years`, and those of the years that are
 * the rules' estimate (empty where the jurisdiction has no official calendar of any year in this release).
 */
export function officialCoverage(country: string, subdivision: string | null, years: Iterable<number>): { calendars: OfficialYear[]; estimated: number[] } {
  const calendars: OfficialYear[] = [];
  const estimated: number[] = [];
  if (!hasOfficialYears(country, subdivision)) return { calendars, estimated };
  for (const year of [...new Set(years)].sort((a, b) => a - b)) {
    const y = officialYear(country, subdivision, year);
    if (y) calendars.push(y);
    else estimated.push(year);
  }
  return { calendars, estimated };
}
