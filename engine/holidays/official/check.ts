/**
 * The schema check of the official calendars: what a new file must satisfy before its rows reach an
 * answer (test/engine/holidays/official.test.ts runs it over every file). Each problem is one sentence
 * naming the country, year and row.
 */
import { isoDateProblem } from '../../instant.ts';
import { isoWeekday, toEpochDay } from '../../date/calendar.ts';
import { HOLIDAY_TYPES } from '../calendar-data.ts';
import type { OfficialCountry, OfficialSource } from './types.ts';

const sourceProblems = (where: string, s: OfficialSource): string[] => [
  ...(s.title.trim() && s.issuer.trim() ? [] : [`${where}: the source needs a title and an issuer`]),
  ...(isoDateProblem(s.published) ? [`${where}: published ${s.published} is not a YYYY-MM-DD date`] : []),
  ...(/^https:\/\/\S+$/.test(s.url) ? [] : [`${where}: the source URL ${s.url} is not an https address`]),
];

/** Problems of a country's official calendars, given its weekend (ISO weekdays); [] when there are none. */
export function checkOfficial(c: OfficialCountry, weekend: readonly number[]): string[] {
  const problems: string[] = [];
  if (!/^[A-Z]{2}$/.test(c.country)) problems.push(`${c.country}: not an upper-case ISO 3166-1 alpha-2 code`);
  for (const [i, r] of c.rules.entries()) {
    const where = `${c.country} rules[${i}]`;
    problems.push(...sourceProblems(where, r.source));
    if (r.from !== undefined && r.to !== undefined && r.from > r.to) problems.push(`${where}: from ${r.from} is after to ${r.to}`);
    for (const f of r.fixes) {
      if (f.op === 'add' && !/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(f.month_day)) problems.push(`${where}: month_day ${f.month_day} is not MM-DD`);
      if (f.op === 'extend' && !(Number.isInteger(f.days) && f.days > 0)) problems.push(`${where}: extend ${f.name} by a whole number of days`);
      if ((f.op === 'retype' || f.op === 'add') && f.type !== undefined && !HOLIDAY_TYPES.includes(f.type)) problems.push(`${where}: type ${f.type}`);
    }
  }
  const seen = new Set<string>();
  for (const y of c.years) {
    const where = `${c.country} ${y.year}${y.subdivisions ? ` (${y.subdivisions.join(', ')})` : ''}`;
    problems.push(...sourceProblems(where, y.source));
    for (const sub of y.subdivisions ?? ['*']) {
      const key = `${y.year}|${sub}`;
      if (seen.has(key) || (sub === '*' ? [...seen].some((k) => k.startsWith(`${y.year}|`)) : seen.has(`${y.year}|*`))) {
        problems.push(`${where}: a second calendar for the same year and place`);
      }
      seen.add(key);
    }
    const dates = new Set<string>();
    for (const row of y.rows) {
      const at = `${where} ${row.op} ${row.date}`;
      if (isoDateProblem(row.date) || !row.date.startsWith(`${y.year}-`)) {
        problems.push(`${at}: not a date of ${y.year}`);
        continue;
      }
      const onWeekend = weekend.includes(isoWeekday(toEpochDay(row.date)));
      if (row.op === 'working_day' && !onWeekend) problems.push(`${at}: a working day must fall on the weekend`);
      if (row.op === 'day_off' && onWeekend) problems.push(`${at}: a day off must fall on a weekday`);
      if (row.op === 'working_day' || row.op === 'day_off') {
        if (dates.has(row.date)) problems.push(`${at}: the date is adjusted twice`);
        dates.add(row.date);
      }
    }
  }
  return problems;
}
