/**
 * Strict reading of an RFC 5545 RRULE value (section 3.3.10) before the `rrule` library expands it:
 * that library's own parser accepts what the RFC refuses (BYMONTH=13, an unknown FREQ, BYDAY=XX read
 * as nothing), so each rule part is checked here against the RFC's grammar, ranges and combination
 * rules, and a problem names its part. The meaning of a valid rule is still the library's: the text
 * it parses is the checked one, less UNTIL (an instant, compared by expand-recurrence on instants).
 *
 * What this service adds to the RFC, each said in the message that refuses it:
 * - FREQ=SECONDLY and FREQ=MINUTELY are refused: occurrences are events a calendar lists, and the
 *   library's sub-hourly stepping can loop for ever (use FREQ=HOURLY or DAILY with BYMINUTE);
 * - DTSTART and TZID inside the rule are refused: `start` and `timezone` give them;
 * - BYSECOND=60 (a leap second) is refused: the service's clocks have none;
 * - a BYDAY ordinal beyond ±5 in a month (FREQ=MONTHLY, or YEARLY with BYMONTH) is refused: no month
 *   has a sixth Friday;
 * - BYMONTHDAY that no listed BYMONTH has (BYMONTH=2;BYMONTHDAY=30) is refused: it never occurs;
 * - UNTIL may also be a date (20261231: through that local day) or a local date-time without Z (read
 *   in `timezone`), forms RFC 5545 keeps for a DTSTART of that type; the answer's note says so.
 *
 * @example
 * readRecurrenceRule('rrule:freq=weekly;byday=mo,we;count=10')
 * //=> { text: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10', freq: 'WEEKLY', interval: 1, count: 10, ... }
 * readRecurrenceRule('FREQ=MONTHLY;BYMONTH=13')
 * //=> { problem: 'BYMONTH: 13 is not a month 1..12' }
 *
 * A problem quotes at most 200 characters of the rule (engine/echo.ts; the rule may have 512).
 */
import { clipEcho, quoteEcho } from '../echo.ts';
import { daysInMonth, isoDateProblem, utcMs } from '../instant.ts';

/** The longest rule text read: real rules are a few dozen characters. */
export const MAX_RRULE_LENGTH = 512;

export const FREQUENCIES = ['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** RFC 5545 weekday codes, Monday first (the index is the `rrule` library's weekday number). */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

export interface ByDay {
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** The ordinal (-1 = last), or undefined for every such weekday. */
  n?: number;
}

export interface Until {
  /** `utc`: an instant (RFC 5545's form with a zoned DTSTART); `local`: a wall time; `date`: through that local day. */
  form: 'utc' | 'local' | 'date';
  /** `utc`: epoch ms of the instant; `local`: the wall time as if UTC; `date`: the next day's 00:00 as if UTC (exclusive). */
  ms: number;
}

export interface RecurrenceRule {
  /** The rule as read: rule parts upper-cased, in the order given, without an `RRULE:` prefix. */
  text: string;
  freq: Frequency;
  interval: number;
  count?: number;
  until?: Until;
  /** 0 = Monday … 6 = Sunday (default Monday). */
  wkst: number;
  bysecond?: number[];
  byminute?: number[];
  byhour?: number[];
  byday?: ByDay[];
  bymonthday?: number[];
  byyearday?: number[];
  byweekno?: number[];
  bymonth?: number[];
  bysetpos?: number[];
  /** The rule for the library's parser: the same parts less UNTIL. */
  libraryText: string;
}

const PARTS = [
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
];
const NOT_HERE: Record<string, string> = {
  DTSTART: 'DTSTART is not a rule part: give the first occurrence in start (local date-time)',
  TZID: 'TZID is not a rule part: give the zone in timezone',
  RSCALE: 'RSCALE (RFC 7529 calendar scales) is not supported: rules run on the Gregorian calendar',
  SKIP: 'SKIP (RFC 7529) is not supported',
  BYEASTER: 'BYEASTER is not an RFC 5545 rule part',
};

/** Whole number with an optional sign, at most `digits` digits (no pattern is built from the input). */
const SIGNED = /^[+-]?\d{1,3}$/;
const UNSIGNED = /^\d{1,9}$/;
const WEEKDAY_NUM = /^([+-]?\d{1,2})?([A-Z]{2})$/;
const UNTIL_TEXT = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;

class RuleProblem extends Error {}

const fail = (message: string): never => {
  throw new RuleProblem(message);
};

function numberList(part: string, value: string, min: number, max: number, what: string, signed: boolean): number[] {
  return value.split(',').map((item) => {
    if (item === '') fail(`${part}: empty item in the list ${quoteEcho(value)} (write values separated by single commas)`);
    if (!SIGNED.test(item) || (!signed && /^[+-]/.test(item))) fail(`${part}: ${quoteEcho(item)} is not ${what}`);
    const n = Number(item);
    if (signed ? n === 0 || Math.abs(n) < min || Math.abs(n) > max : n < min || n > max) fail(`${part}: ${clipEcho(item)} is not ${what}`);
    return n;
  });
}

function weekday(part: string, code: string): number {
  const i = (WEEKDAY_CODES as readonly string[]).indexOf(code);
  if (i < 0) fail(`${part}: ${quoteEcho(code)} is not a weekday (${WEEKDAY_CODES.join(', ')})`);
  return i;
}

function byDay(value: string): ByDay[] {
  return value.split(',').map((item) => {
    if (item === '') fail(`BYDAY: empty item in the list ${quoteEcho(value)} (write values separated by single commas)`);
    const m = WEEKDAY_NUM.exec(item);
    if (!m) fail(`BYDAY: ${quoteEcho(item)} is not a weekday such as MO, or an ordinal weekday such as 1MO or -1FR`);
    const day = weekday('BYDAY', m![2]);
    if (m![1] === undefined) return { weekday: day };
    const n = Number(m![1]);
    if (n === 0 || Math.abs(n) > 53) fail(`BYDAY: ordinal ${clipEcho(m![1])} in ${quoteEcho(item)} must be 1..53 or -53..-1`);
    return { weekday: day, n };
  });
}

function until(value: string): Until {
  const m = UNTIL_TEXT.exec(value);
  if (!m) fail(`UNTIL: ${quoteEcho(value)} is not a UTC date-time YYYYMMDDTHHMMSSZ (such as 20261231T235959Z) or a date YYYYMMDD`);
  const [, y, mo, d, h, mi, s, z] = m!;
  const dateProblem = isoDateProblem(`${y}-${mo}-${d}`);
  if (dateProblem) fail(`UNTIL: date ${y}${mo}${d} ${dateProblem}`);
  if (h === undefined) return { form: 'date', ms: utcMs(+y, +mo, +d, 0, 0, 0, 0) + 86_400_000 };
  if (+h > 23 || +mi > 59 || +s > 59) fail(`UNTIL: time ${h}${mi}${s} must be HHMMSS with hours 00..23, minutes and seconds 00..59`);
  return { form: z ? 'utc' : 'local', ms: utcMs(+y, +mo, +d, +h, +mi, +s, 0) };
}

/** The checks of RFC 5545 section 3.3.10 that span parts, and the service's own limits. */
function checkCombinations(rule: RecurrenceRule, given: ReadonlySet<string>): void {
  const { freq } = rule;
  if (given.has('COUNT') && given.has('UNTIL')) fail('COUNT and UNTIL must not both be given (RFC 5545 3.3.10): keep one');
  if (rule.byweekno && freq !== 'YEARLY') fail('BYWEEKNO: only with FREQ=YEARLY (RFC 5545 3.3.10)');
  if (rule.byyearday && (freq === 'DAILY' || freq === 'WEEKLY' || freq === 'MONTHLY')) fail(`BYYEARDAY: not with FREQ=${freq} (RFC 5545 3.3.10)`);
  if (rule.bymonthday && freq === 'WEEKLY') fail('BYMONTHDAY: not with FREQ=WEEKLY (RFC 5545 3.3.10)');
  const ordinal = rule.byday?.find((d) => d.n !== undefined);
  if (ordinal) {
    const written = `${ordinal.n}${WEEKDAY_CODES[ordinal.weekday]}`;
    if (freq !== 'MONTHLY' && freq !== 'YEARLY') fail(`BYDAY: an ordinal weekday (${written}) only with FREQ=MONTHLY or YEARLY (RFC 5545 3.3.10)`);
    if (rule.byweekno) fail(`BYDAY: an ordinal weekday (${written}) not with BYWEEKNO (RFC 5545 3.3.10)`);
    const inMonth = freq === 'MONTHLY' || rule.bymonth !== undefined;
    const beyond = rule.byday?.find((d) => d.n !== undefined && inMonth && Math.abs(d.n) > 5);
    if (beyond) fail(`BYDAY: ${beyond.n}${WEEKDAY_CODES[beyond.weekday]} never occurs: a month has at most 5 of each weekday`);
  }
  const byParts = ['BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYDAY', 'BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO', 'BYMONTH'];
  if (rule.bysetpos && !byParts.some((p) => given.has(p))) fail('BYSETPOS: only with another BYxxx rule part (RFC 5545 3.3.10)');
  if (rule.bymonthday && rule.bymonth) {
    // The longest each listed month gets (February 29), against the month days asked for.
    const fits = rule.bymonth.some((m) => rule.bymonthday!.some((d) => Math.abs(d) <= daysInMonth(2000, m)));
    if (!fits) fail(`BYMONTHDAY: ${clipEcho(rule.bymonthday.join(','))} never falls in BYMONTH=${clipEcho(rule.bymonth.join(','))}, so the rule never occurs`);
  }
}

/** The rule as read, or the first problem found (naming its rule part). */
export function readRecurrenceRule(input: string): RecurrenceRule | { problem: string } {
  try {
    return read(input);
  } catch (error) {
    if (error instanceof RuleProblem) return { problem: error.message };
    throw error;
  }
}

function read(input: string): RecurrenceRule {
  let body = input.trim();
  if (body.length > MAX_RRULE_LENGTH) fail(`is ${body.length} characters long; at most ${MAX_RRULE_LENGTH}`);
  if (/[\r\n]/.test(body)) fail('must be one RRULE value: no DTSTART, RDATE or EXDATE lines (start gives the first occurrence)');
  if (/^rrule:/i.test(body)) body = body.slice(6);
  if (/^(dtstart|exdate|rdate|exrule)[;:]/i.test(body)) fail('must be one RRULE value such as FREQ=WEEKLY;BYDAY=MO (start gives the first occurrence)');
  if (body === '') fail('is empty; write rule parts such as FREQ=WEEKLY;BYDAY=MO;COUNT=10');

  const rule: Partial<RecurrenceRule> & { interval: number; wkst: number } = { interval: 1, wkst: 0 };
  const given = new Set<string>();
  const written: string[] = [];
  for (const raw of body.split(';')) {
    if (raw === '') fail('has an empty rule part (two semicolons, or one at either end)');
    const eq = raw.indexOf('=');
    if (eq < 0) fail(`${quoteEcho(raw, 40)} is not a rule part NAME=VALUE`);
    const name = raw.slice(0, eq).toUpperCase();
    const value = raw.slice(eq + 1).toUpperCase();
    if (NOT_HERE[name]) fail(NOT_HERE[name]);
    if (!PARTS.includes(name)) fail(`unknown rule part ${quoteEcho(name, 40)} (RFC 5545 knows ${PARTS.join(', ')})`);
    if (given.has(name)) fail(`${name}: given twice (each rule part at most once, RFC 5545 3.3.10)`);
    if (value === '') fail(`${name}: has no value`);
    given.add(name);
    written.push(`${name}=${value}`);
    switch (name) {
      case 'FREQ':
        if (value === 'SECONDLY' || value === 'MINUTELY') {
          fail(`FREQ=${value} is not supported: occurrences are calendar events; use FREQ=HOURLY, or DAILY with BYHOUR and BYMINUTE`);
        }
        if (!(FREQUENCIES as readonly string[]).includes(value)) fail(`FREQ: ${quoteEcho(value, 20)} is not YEARLY, MONTHLY, WEEKLY, DAILY or HOURLY`);
        rule.freq = value as Frequency;
        break;
      case 'UNTIL':
        rule.until = until(value);
        break;
      case 'COUNT':
      case 'INTERVAL': {
        const n = UNSIGNED.test(value) ? Number(value) : Number.NaN;
        if (!(n >= 1 && n <= 1_000_000)) fail(`${name}: ${quoteEcho(value, 20)} is not a whole number 1..1000000`);
        if (name === 'COUNT') rule.count = n;
        else rule.interval = n;
        break;
      }
      case 'BYSECOND':
        if (value.split(',').includes('60')) fail('BYSECOND: 60 (a leap second) is not supported; seconds are 0..59');
        rule.bysecond = numberList(name, value, 0, 59, 'a second 0..59', false);
        break;
      case 'BYMINUTE':
        rule.byminute = numberList(name, value, 0, 59, 'a minute 0..59', false);
        break;
      case 'BYHOUR':
        rule.byhour = numberList(name, value, 0, 23, 'an hour 0..23', false);
        break;
      case 'BYDAY':
        rule.byday = byDay(value);
        break;
      case 'BYMONTHDAY':
        rule.bymonthday = numberList(name, value, 1, 31, 'a day of the month 1..31 or -31..-1', true);
        break;
      case 'BYYEARDAY':
        rule.byyearday = numberList(name, value, 1, 366, 'a day of the year 1..366 or -366..-1', true);
        break;
      case 'BYWEEKNO':
        rule.byweekno = numberList(name, value, 1, 53, 'a week number 1..53 or -53..-1', true);
        break;
      case 'BYMONTH':
        rule.bymonth = numberList(name, value, 1, 12, 'a month 1..12', false);
        break;
      case 'BYSETPOS':
        rule.bysetpos = numberList(name, value, 1, 366, 'a position 1..366 or -366..-1', true);
        break;
      case 'WKST':
        rule.wkst = weekday(name, value);
        break;
    }
  }
  if (!rule.freq) fail('FREQ is required (such as FREQ=WEEKLY)');
  const text = written.join(';');
  const full = { ...rule, text, libraryText: written.filter((p) => !p.startsWith('UNTIL=')).join(';') } as RecurrenceRule;
  checkCombinations(full, given);
  return full;
}
