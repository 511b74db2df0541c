/**
 * Expands a checked RRULE (recurrence-rule.ts) with the `rrule` library in floating wall-clock time
 * (a Date whose UTC fields stand for the local wall time: the library never sees a zone, so it never
 * reaches for `Intl`), then maps each wall time to an instant with the zone's IANA rules from the
 * shipped tzdb release (Temporal's 'compatible' reading: a gap moves forward, a fold takes the earlier
 * offset). A 09:00 event so stays 09:00 local across DST, and its UTC time moves by the change.
 *
 * Work is bounded, whatever the rule: rrule 2.8.1 scans period after period up to year 9999 looking for
 * a match, so a rule that never matches (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31) would take it ~25 s.
 * The scan is charged for each period it opens and each candidate it makes (it reads `interval` twice
 * per period and `tzid` once per candidate: getters on those two options count them), and stops at
 * SEARCH_BUDGET units, about 0.1 s of work on the 2-core machine. The candidates the library makes in
 * the first period before the scan's start never reach those getters (it compares them with `dtstart`
 * first): they are charged before the scan, from a bound of the period's matching days × the times of
 * day the rule lists ({@link prestartUnits}); a rule whose bound alone is over the budget (BYHOUR=0..23;
 * BYMINUTE=0..59;BYSECOND=0..59 in a yearly rule: 31.6 million candidates) is refused before any work.
 * The units spent go to the call's work meter (engine/work.ts), which prices the call. When `after` lies far past `start`
 * and the rule has no COUNT, the scan starts at the last whole period (of FREQ × INTERVAL) at least
 * two days before `after` instead of at `start`, with the defaults `start` gives made explicit, so a
 * rule can be paged through for ever at the same cost.
 */
import * as rrulePackage from 'rrule';
import type { Options, RRule as RRuleClass } from 'rrule';
import { instantOfWall } from '../time/tzdb-data.ts';
import { rulesOf } from '../time/tzdb.ts';
import type { RecurrenceRule } from './recurrence-rule.ts';
import type { WorkMeter } from '../work.ts';
import { CANDIDATE_UNITS, periodUnits, prestartUnits, SEARCH_BUDGET, tooManyCandidates } from './recurrence-work.ts';
import { DAY_MS } from '../instant.ts';

export { periodUnits, prestartUnits, SEARCH_BUDGET, tooManyCandidates } from './recurrence-work.ts';

// rrule ships a UMD main (what Node loads: the named exports sit on the default export) and an ES
// module (what a bundler picks); either way, the same classes.
const { RRule } = ('RRule' in rrulePackage ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default) as typeof rrulePackage;

const HOUR_MS = 3_600_000;

export interface Occurrence {
  /** The rule's wall time, epoch ms read as UTC (before any gap shift). */
  wall: number;
  /** The instant, epoch ms. */
  ms: number;
  gap: boolean;
  fold: boolean;
}

export interface Expansion {
  /** In time order, at most `count`. */
  occurrences: Occurrence[];
  /** The rule has occurrences after the last one listed (or may have: the search stopped at its limit). */
  has_more: boolean;
  /** The search stopped at SEARCH_BUDGET before it found `count` occurrences or the rule's end. */
  search_limit_reached: boolean;
  /** Periods the library opened. */
  periods: number;
  /** Candidates the library made (before `after` and UNTIL were applied). */
  candidates: number;
  /** Occurrences whose instant another one already had (a wall time moved forward out of a DST gap). */
  merged: number;
  /** The first wall time the rule gives from `start` (undefined when the scan began later or found none). */
  first_wall?: number;
  /** The wall time the scan began at: `start`, or a later whole period (see the module comment). */
  scan_start: number;
}

export interface ExpandOptions {
  rule: RecurrenceRule;
  /** `start`, wall time read as UTC. */
  startWall: number;
  zone: string;
  /** Only occurrences strictly after this instant (epoch ms). */
  after?: number;
  count: number;
  /** For tests: never start the scan past `start`. */
  noSkip?: boolean;
  /** The call's meter: the units this expansion spent are added to it. */
  meter?: WorkMeter;
}

class BudgetSpent extends Error {}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/**
 * With FREQ=HOURLY the library steps INTERVAL hours until the hour is in BYHOUR, for ever if none can
 * be: from hour h every INTERVAL hours reaches only the hours ≡ h modulo gcd(INTERVAL, 24). The
 * problem, or undefined when some listed hour is reached.
 */
export function unreachableHours(rule: RecurrenceRule, startHour: number): string | undefined {
  if (rule.freq !== 'HOURLY' || !rule.byhour) return undefined;
  const g = gcd(rule.interval, 24);
  if (rule.byhour.some((h) => (h - startHour) % g === 0)) return undefined;
  const reached = Array.from({ length: 24 / g }, (_, i) => (startHour % g) + i * g);
  return `BYHOUR: from start hour ${startHour} every ${rule.interval} hours reaches only hours ${reached.join(',')}; none of BYHOUR=${rule.byhour.join(',')} ever occurs`;
}

/** The wall time's parts (UTC fields of epoch ms). */
const fields = (ms: number) => {
  const d = new Date(ms);
  return { y: d.getUTCFullYear(), mo: d.getUTCMonth() + 1, d: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds() };
};
const floorDiv = (a: number, b: number) => Math.floor(a / b);
const wallDate = (ms: number) => new Date(ms);

/**
 * The start of the last whole period at or before `limit` (wall ms), counted in steps of INTERVAL
 * periods from the one holding `start`, or undefined when that is the first period itself. Periods as
 * the library makes them: years from Jan 1, months from the 1st, weeks from WKST, days from 00:00,
 * hours from :00.
 */
function laterPeriodStart(rule: RecurrenceRule, startWall: number, limit: number): number | undefined {
  const n = rule.interval;
  const s = fields(startWall);
  const l = fields(limit);
  let start: number;
  switch (rule.freq) {
    case 'YEARLY': {
      const k = floorDiv(l.y - s.y, n);
      if (k < 1) return undefined;
      start = Date.UTC(s.y + k * n, 0, 1);
      break;
    }
    case 'MONTHLY': {
      const m0 = s.y * 12 + s.mo - 1;
      const k = floorDiv(l.y * 12 + l.mo - 1 - m0, n);
      if (k < 1) return undefined;
      const m = m0 + k * n;
      start = Date.UTC(Math.floor(m / 12), m % 12, 1);
      break;
    }
    case 'WEEKLY': {
      const day0 = floorDiv(startWall, DAY_MS);
      const weekday = (((day0 + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday (3, Monday = 0)
      const week0 = day0 - ((weekday - rule.wkst + 7) % 7);
      const k = floorDiv(floorDiv(limit, DAY_MS) - week0, 7 * n);
      if (k < 1) return undefined;
      start = (week0 + k * 7 * n) * DAY_MS;
      break;
    }
    case 'DAILY': {
      const day0 = floorDiv(startWall, DAY_MS);
      const k = floorDiv(floorDiv(limit, DAY_MS) - day0, n);
      if (k < 1) return undefined;
      start = (day0 + k * n) * DAY_MS;
      break;
    }
    case 'HOURLY': {
      const hour0 = floorDiv(startWall, HOUR_MS);
      const k = floorDiv(floorDiv(limit, HOUR_MS) - hour0, n);
      if (k < 1) return undefined;
      start = (hour0 + k * n) * HOUR_MS;
      break;
    }
  }
  return start;
}

/**
 * What `start` stands for in the rule when it is left out (RFC 5545: the time of day; the month day
 * of a monthly rule, the month and day of a yearly one, the weekday of a weekly one), written out so
 * the scan can begin at another instant with the same meaning. Mirrors rrule's parseOptions.
 */
function explicitDefaults(options: Partial<Options>, rule: RecurrenceRule, startWall: number): void {
  const s = fields(startWall);
  if (rule.freq !== 'HOURLY' && !rule.byhour) options.byhour = [s.h];
  if (!rule.byminute) options.byminute = [s.mi];
  if (!rule.bysecond) options.bysecond = [s.s];
  if (rule.byweekno || rule.byyearday || rule.bymonthday || rule.byday) return;
  if (rule.freq === 'YEARLY') {
    options.bymonth = rule.bymonth ?? [s.mo];
    options.bymonthday = [s.d];
  } else if (rule.freq === 'MONTHLY') options.bymonthday = [s.d];
  else if (rule.freq === 'WEEKLY') options.byweekday = [(new Date(startWall).getUTCDay() + 6) % 7];
}

/** A library rule whose scan is charged to `meter`; it throws BudgetSpent once the budget is gone. */
function meteredRule(options: Partial<Options>, perPeriod: number, meter: { units: number; periods: number; candidates: number }): RRuleClass {
  const rule = new RRule(options, true);
  const parsed = rule.options;
  const interval = parsed.interval;
  const spend = (units: number) => {
    meter.units += units;
    if (meter.units > SEARCH_BUDGET) throw new BudgetSpent();
  };
  // rrule 2.8.1 iter(): reads options.interval twice per period (the interval-0 check, then add()) and
  // options.tzid once per candidate (rezoneIfNeeded). Pinned by test/engine/planning/expand-recurrence.test.ts.
  Object.defineProperty(parsed, 'interval', {
    get: () => {
      meter.periods += 0.5;
      spend(perPeriod / 2);
      return interval;
    },
  });
  Object.defineProperty(parsed, 'tzid', {
    get: () => {
      meter.candidates++;
      spend(CANDIDATE_UNITS);
      return null; // floating: no zone, so the library never converts with Intl
    },
  });
  return rule;
}

/** Upper bound of how far a gap moves a wall time, and of |UTC offset| (LMT included): then some. */
const GAP_MARGIN_MS = 26 * HOUR_MS;
const OFFSET_MARGIN_MS = 2 * DAY_MS;

export function expandRecurrence({ rule, startWall, zone, after, count, noSkip, meter: callMeter }: ExpandOptions): Expansion {
  const tooMany = tooManyCandidates(rule);
  if (tooMany) throw new RangeError(tooMany); // the tool refuses such a rule before it expands it
  const table = rulesOf(zone);
  const options: Partial<Options> = RRule.parseString(rule.libraryText);
  let scanStart = startWall;
  if (!noSkip && after !== undefined && rule.count === undefined) {
    const later = laterPeriodStart(rule, startWall, after - OFFSET_MARGIN_MS);
    if (later !== undefined && later > startWall) {
      explicitDefaults(options, rule, startWall);
      scanStart = later;
    }
  }
  options.dtstart = wallDate(scanStart);
  const meter = { units: prestartUnits(rule), periods: 0, candidates: 0 };
  const found: Occurrence[] = [];
  const seen = new Map<number, Occurrence>();
  let merged = 0;
  let firstWall: number | undefined;
  let stopWall = Number.POSITIVE_INFINITY;
  const until = rule.until;

  const take = (date: Date): boolean => {
    const wall = date.getTime();
    if (wall > stopWall) return false;
    firstWall ??= wall;
    if (until?.form === 'local' && wall > until.ms) return false;
    if (until?.form === 'date' && wall >= until.ms) return false;
    const at = instantOfWall(table, wall);
    if (until?.form === 'utc' && at.ms > until.ms) return wall <= until.ms + OFFSET_MARGIN_MS; // later ones are later still
    if (after !== undefined && at.ms <= after) return true;
    const twin = seen.get(at.ms);
    if (twin) {
      // The wall time that really is that instant is the one listed, not the one a gap moved there.
      if (twin.gap && !at.gap) Object.assign(twin, { wall, gap: false, fold: at.fold });
      merged++;
      return true;
    }
    const occurrence = { wall, ms: at.ms, gap: at.gap, fold: at.fold };
    seen.set(at.ms, occurrence);
    found.push(occurrence);
    // One more than asked says whether there are more; a wall time a gap moved forward may still sort
    // before ones already found, so look a gap's length further.
    if (found.length > count && stopWall === Number.POSITIVE_INFINITY) stopWall = wall + GAP_MARGIN_MS;
    return true;
  };

  let spent = false;
  try {
    meteredRule(options, periodUnits(rule), meter).all(take);
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    spent = true;
  } finally {
    callMeter?.spend(Math.min(meter.units, SEARCH_BUDGET)); // the budget, not the step past it
  }
  found.sort((a, b) => a.ms - b.ms);
  const limited = spent && found.length <= count;
  return {
    occurrences: found.slice(0, count),
    has_more: found.length > count || limited,
    search_limit_reached: limited,
    periods: Math.floor(meter.periods),
    candidates: meter.candidates,
    merged,
    first_wall: scanStart === startWall ? firstWall : undefined,
    scan_start: scanStart,
  };
}

/** `FREQ=WEEKLY` periods in words, for messages: `weeks`, `2-week periods`. */
export function periodWords(rule: RecurrenceRule, periods: number): string {
  const unit = { YEARLY: 'year', MONTHLY: 'month', WEEKLY: 'week', DAILY: 'day', HOURLY: 'hour' }[rule.freq];
  const what = rule.interval === 1 ? `${unit}s` : `${rule.interval}-${unit} periods`;
  return `${periods} ${what}`;
}
