/**
 * Calendar dates and instants without a schema library: reading `YYYY-MM-DD` and ISO-8601 instants,
 * writing them back (`…Z`, local with offset, offsets). Zod-free, so browser pages (the observatory)
 * can use it without loading zod.
 */

/** A day of UTC (and of every POSIX or JavaScript clock, leap seconds not counted) in milliseconds. */
export const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const daysInMonth = (y: number, m: number) => (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]);

/** Why a `YYYY-MM-DD` string is not a date of years 0001..9999, or null when it is one. */
export function isoDateProblem(s: string): string | null {
  const m = ISO_DATE.exec(s);
  if (!m) return 'must be a date written YYYY-MM-DD';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return 'year must be 0001..9999';
  if (mo < 1 || mo > 12) return 'month must be 01..12';
  if (d < 1 || d > daysInMonth(y, mo)) return `is not a real date (${m[1]}-${m[2]} has ${daysInMonth(y, mo)} days)`;
  return null;
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;
// Not Date.UTC(1, 0, 1): Date.UTC reads years 0..99 as 1900..1999.
export const MIN_INSTANT_MS = Date.parse('0001-01-01T00:00:00Z');
export const MAX_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Two decimal digits at `at`, or -1. */
function twoDigits(t: string, at: number): number {
  const a = t.charCodeAt(at) - 48,
    b = t.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? 10 * a + b : -1;
}

/**
 * The most common spelling, `YYYY-MM-DDTHH:MM:SSZ`, read without a regex when it is a valid instant;
 * null for anything else (the general path then reads it, and names what is wrong).
 */
function canonicalInstantMs(t: string): number | null {
  if (t.length !== 20 || t.charCodeAt(4) !== 45 /* - */ || t.charCodeAt(7) !== 45 || t.charCodeAt(13) !== 58 /* : */ || t.charCodeAt(16) !== 58) return null;
  const sep = t.charCodeAt(10),
    zulu = t.charCodeAt(19);
  if ((sep !== 84 /* T */ && sep !== 116 /* t */ && sep !== 32) || (zulu !== 90 /* Z */ && zulu !== 122) /* z */) return null;
  const hi = twoDigits(t, 0),
    lo = twoDigits(t, 2);
  const y = hi < 0 || lo < 0 ? 0 : 100 * hi + lo;
  const mo = twoDigits(t, 5),
    d = twoDigits(t, 8),
    h = twoDigits(t, 11),
    mi = twoDigits(t, 14),
    s = twoDigits(t, 17);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) return null;
  return utcMs(y, mo, d, h, mi, s, 0);
}

/** Parses an instant written as ISO-8601 with Z or offset, epoch seconds or epoch milliseconds. */
export function parseInstant(value: unknown): { ms: number } | { error: string } {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return { error: 'must be an ISO-8601 instant or whole epoch seconds/milliseconds' };
    text = String(value);
  } else if (typeof value === 'string') text = value.trim();
  else return { error: 'must be an ISO-8601 instant (with Z or offset) or epoch seconds/milliseconds' };

  let ms: number;
  const canonical = canonicalInstantMs(text);
  if (canonical !== null) ms = canonical;
  else if (/^-?\d+$/.test(text)) {
    const digits = text.replace('-', '').length;
    if (digits <= 11) ms = Number(text) * 1000;
    else if (digits <= 13) ms = Number(text);
    else return { error: 'epoch numbers must be seconds (up to 11 digits) or milliseconds (12 or 13 digits)' };
  } else {
    const m = ISO_INSTANT.exec(text);
    if (!m) return { error: 'must be an ISO-8601 instant such as 2026-11-22T08:00:00Z, or epoch seconds/milliseconds' };
    const [, y, mo, d, h, mi, s = '0', frac = '', z, sign, oh, om] = m;
    if (!z && !sign) return { error: 'needs Z or a UTC offset (a local time without offset is ambiguous)' };
    const dateProblem = isoDateProblem(`${y}-${mo}-${d}`);
    if (dateProblem) return { error: dateProblem };
    if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return { error: 'has an invalid time of day' };
    const offsetMin = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
    if (sign && (Number(oh) > 23 || Number(om) > 59)) return { error: 'has an invalid UTC offset' };
    ms = utcMs(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s), Number((frac + '000').slice(0, 3))) - offsetMin * 60_000;
  }
  if (!(ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS)) return { error: 'must lie between 0001-01-01 and 9999-12-31' };
  return { ms };
}

/** `2026-11-22T08:00:00Z`; milliseconds only when there are some. */
export function formatUtc(ms: number): string {
  return formatWall(ms) + 'Z';
}

// Instants are formatted on every answer, so this is integer arithmetic rather than a Date and
// toISOString (a third of the cost); days → civil date by Howard Hinnant's algorithm.
const TWO = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' : '') + i);

/** Epoch ms of a UTC wall time (month 1–12), years 0001..9999 (Date.UTC would read years 0..99 as 19xx). */
export function utcMs(y: number, mo: number, d: number, h: number, mi: number, s: number, msec: number): number {
  if (y >= 100) return Date.UTC(y, mo - 1, d, h, mi, s, msec);
  const wall = new Date(0);
  wall.setUTCFullYear(y, mo - 1, d);
  wall.setUTCHours(h, mi, s, msec);
  return wall.getTime();
}

/** `YYYY-MM-DDTHH:MM:SS[.mmm]` of epoch ms (no zone suffix). */
export function formatWall(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hh = Math.floor(rest / 3_600_000);
  rest -= hh * 3_600_000;
  const mm = Math.floor(rest / 60_000);
  rest -= mm * 60_000;
  const ss = Math.floor(rest / 1000);
  const milli = rest - ss * 1000;
  const yyyy =
    year >= 1000 && year <= 9999
      ? String(year)
      : year >= 0 && year < 1000
        ? String(year).padStart(4, '0')
        : (year < 0 ? '-' : '+') + String(Math.abs(year)).padStart(6, '0');
  return `${yyyy}-${TWO[month]}-${TWO[day]}T${TWO[hh]}:${TWO[mm]}:${TWO[ss]}${milli ? '.' + String(milli).padStart(3, '0') : ''}`;
}

/** `+05:45`, `-03:00`, `+00:25:21` (local mean time offsets keep their seconds). */
export function formatOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const a = Math.abs(seconds);
  const hh = String(Math.floor(a / 3600)).padStart(2, '0');
  const mm = String(Math.floor((a % 3600) / 60)).padStart(2, '0');
  const ss = a % 60;
  return `${sign}${hh}:${mm}${ss ? ':' + String(ss).padStart(2, '0') : ''}`;
}

/** Local wall time with its offset: `2026-11-22T09:00:00+01:00`. */
export function formatLocal(ms: number, offsetSeconds: number): string {
  return formatWall(ms + offsetSeconds * 1000) + formatOffset(offsetSeconds);
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
