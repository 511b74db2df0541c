/**
 * What expanding a recurrence rule costs, in work units (engine/work.ts: about a microsecond of CPU on
 * the 2-core machine): the budget of one search, the units of each period the library opens and each
 * candidate it makes, and the bound of the candidates it makes before the scan's start, which no getter
 * sees (recurrence-expand.ts meters the rest as it runs).
 */
import type { Frequency, RecurrenceRule } from './recurrence-rule.ts';

/** Work units one expansion may spend; a unit is about a microsecond of the library's work. */
export const SEARCH_BUDGET = 100_000;

/**
 * Units charged per period opened, by FREQ, and per candidate, measured on the 2-core machine with
 * some room: a yearly period (its day set is the year) costs ~30 µs, the others 7-15 µs (each builds
 * a year-long day array); BYSETPOS is resolved per position over the period's days, each BY list is
 * searched for every day of the period, and an hourly period builds its minute × second set anew
 * (~0.3 µs an entry).
 */
const PERIOD_UNITS: Record<Frequency, number> = { YEARLY: 40, MONTHLY: 12, WEEKLY: 12, DAILY: 15, HOURLY: 15 };
export const PERIOD_DAYS: Record<Frequency, number> = { YEARLY: 366, MONTHLY: 31, WEEKLY: 7, DAILY: 1, HOURLY: 1 };
export const CANDIDATE_UNITS = 2;

export function periodUnits(rule: RecurrenceRule): number {
  const days = PERIOD_DAYS[rule.freq];
  const listed = [rule.byday, rule.bymonthday, rule.byyearday, rule.byweekno, rule.bymonth].reduce((n, l) => n + (l?.length ?? 0), 0);
  let units = PERIOD_UNITS[rule.freq] + ((rule.bysetpos?.length ?? 0) * days) / 64 + (listed * days) / 250;
  if (rule.freq === 'HOURLY') units += ((rule.byminute?.length ?? 1) * (rule.bysecond?.length ?? 1)) / 3;
  return units;
}
/**
 * Units per candidate made before the scan's start (a Date built and compared, nothing else): 31.5
 * million of them took 7-11 s on the 2-core machine (0.22-0.35 µs each), so 0.4 with some room.
 */
const PRESTART_UNITS = 0.4;

/** How many times of day a period of the rule lists (the library's time set). */
function timesPerDay(rule: RecurrenceRule): number {
  const minutes = (rule.byminute?.length ?? 1) * (rule.bysecond?.length ?? 1);
  return rule.freq === 'HOURLY' ? minutes : (rule.byhour?.length ?? 1) * minutes;
}

/** An upper bound of the days of one period that can match the rule's day parts. */
function matchingDays(rule: RecurrenceRule): number {
  const days = PERIOD_DAYS[rule.freq];
  const months = rule.freq === 'YEARLY' ? 12 : 1;
  const bounds = [days];
  if (rule.bymonth && rule.freq === 'YEARLY') bounds.push(31 * rule.bymonth.length);
  if (rule.bymonthday) bounds.push(rule.bymonthday.length * months);
  if (rule.byyearday) bounds.push(rule.byyearday.length);
  if (rule.byweekno) bounds.push(7 * rule.byweekno.length);
  if (rule.byday) bounds.push(new Set(rule.byday.map((d) => d.weekday)).size * Math.ceil(days / 7));
  return Math.min(...bounds);
}

/**
 * Work units the candidates before the scan's start can cost at most: the first period's matching days
 * × its times of day (none with BYSETPOS, whose candidates are one per position, charged per period).
 */
export function prestartUnits(rule: RecurrenceRule): number {
  return rule.bysetpos ? 0 : matchingDays(rule) * timesPerDay(rule) * PRESTART_UNITS;
}

/** The rule asks for more candidates in one period than a whole search may make: refused before work. */
export const tooManyCandidates = (rule: RecurrenceRule): string | undefined => {
  const units = prestartUnits(rule);
  if (units <= SEARCH_BUDGET) return undefined;
  const candidates = Math.round(units / PRESTART_UNITS);
  return `makes up to ${candidates.toLocaleString('en-US')} candidate times in one ${PERIOD_NAME[rule.freq]} (${matchingDays(rule)} days × ${timesPerDay(rule)} times of day), more than one request may scan (${Math.floor(SEARCH_BUDGET / PRESTART_UNITS).toLocaleString('en-US')}); list fewer BYHOUR, BYMINUTE or BYSECOND values, or use a shorter FREQ`;
};
const PERIOD_NAME: Record<Frequency, string> = { YEARLY: 'year', MONTHLY: 'month', WEEKLY: 'week', DAILY: 'day', HOURLY: 'hour' };
