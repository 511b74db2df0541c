/**
 * Time-zone rules from one IANA tzdb release, read from moment-timezone's packed build of it: the
 * offset, abbreviation and transitions of every zone, as typed arrays searched by bisection. Pure (no
 * Node APIs, no `Intl`), so the server (tzdb.ts loads the shipped file) and the browser (a page loads
 * the same data) answer from the same code and the same release.
 *
 * A packed zone is `name|abbrs|offsets|period indices|until deltas|population`: offsets in base-60
 * minutes west of UTC, one index digit per period, and each period's end as a base-60 minute delta
 * from the previous end. The build lists transitions up to 2499; later instants are answered by the
 * 400-year Gregorian cycle (146,097 days, a whole number of weeks), so a zone whose rules still change
 * its clocks then keeps doing so on the same weekdays, as tzdb's rules say.
 */
import type { ZoneTable } from '../data.ts';
import { DAY_MS } from '../instant.ts';

export interface PackedTzdb {
  version: string;
  zones: string[];
  links: string[];
}

export type { ZoneTable } from '../data.ts';

/** The largest fixed offset a zone input may name: ±14:00, the widest offsets in use (Pacific/Kiritimati). */
export const MAX_FIXED_OFFSET_SECONDS = 14 * 3600;

/**
 * The name of the fixed-offset zone of an offset (seconds east, whole minutes): `+05:30`, `-03:00`,
 * the style answers write offsets in. Zero offset is `UTC`, the one name of zero offset.
 */
export function fixedOffsetName(seconds: number): string {
  if (seconds === 0) return 'UTC';
  const m = Math.abs(seconds) / 60;
  return `${seconds < 0 ? '-' : '+'}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * The rules of a fixed-offset zone named `+05:30` / `-03:00` (one period, for ever; the abbreviation
 * in tzdb's numeric style: `+0530`, `-03`), or undefined when `name` is not one (or lies beyond ±14:00).
 * Such zones are not in the tzdb release: they are what an offset given as a zone (`UTC+2`) answers with.
 */
export function fixedOffsetTable(name: string): ZoneTable | undefined {
  if (name.length !== 6 || (name[0] !== '+' && name[0] !== '-') || name[3] !== ':') return undefined;
  const digits = [1, 2, 4, 5].map((i) => name.charCodeAt(i) - 48);
  if (digits.some((d) => d < 0 || d > 9)) return undefined;
  const hours = digits[0] * 10 + digits[1];
  const minutes = digits[2] * 10 + digits[3];
  const seconds = (name[0] === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
  if (minutes > 59 || Math.abs(seconds) > MAX_FIXED_OFFSET_SECONDS) return undefined;
  const abbr = `${name[0]}${name.slice(1, 3)}${minutes ? name.slice(4) : ''}`;
  return {
    name,
    untils: Float64Array.of(Infinity),
    offsets: Int32Array.of(seconds),
    abbrs: [abbr],
    nextChange: Int32Array.of(-1),
    population: 0,
    cyclic: false,
  };
}

/** 400 Gregorian years: 146,097 days, exactly 20,871 weeks. */
export const CYCLE_MS = 146_097 * DAY_MS;
/** A zone whose last listed transition falls after this still follows yearly rules at the data's end. */
const CYCLIC_AFTER_MS = Date.UTC(2400, 0, 1);

/** A number in moment-timezone's packed base-60 notation. */
export function base60(s: string): number {
  const digit = (c: number) => (c > 96 ? c - 87 : c > 64 ? c - 29 : c - 48);
  const negative = s.charCodeAt(0) === 45;
  const [whole, fraction = ''] = (negative ? s.slice(1) : s).split('.');
  let out = 0;
  for (let i = 0; i < whole.length; i++) out = out * 60 + digit(whole.charCodeAt(i));
  for (let i = 0, m = 1; i < fraction.length; i++) out += digit(fraction.charCodeAt(i)) * (m /= 60);
  return negative ? -out : out;
}

/** One packed zone line as typed arrays. */
export function unpackZone(packed: string): ZoneTable {
  const [name, abbrList, offsetList, indexList, untilList = '', population = ''] = packed.split('|');
  const abbrNames = abbrList.split(' ');
  const offsetValues = offsetList.split(' ').map((o) => -Math.round(base60(o) * 60));
  const n = indexList.length;
  const indices = Array.from(indexList, (c) => base60(c));
  const deltas = untilList ? untilList.split(' ') : [];
  const untils = new Float64Array(n);
  let at = 0;
  for (let i = 0; i < n - 1; i++) untils[i] = at = Math.round(at + base60(deltas[i]) * 60_000);
  untils[n - 1] = Infinity;
  const offsets = Int32Array.from(indices, (i) => offsetValues[i]);
  const nextChange = new Int32Array(n).fill(-1);
  for (let i = n - 2; i >= 0; i--) nextChange[i] = offsets[i + 1] !== offsets[i] ? i + 1 : nextChange[i + 1];
  return {
    name,
    untils,
    offsets,
    abbrs: indices.map((i) => abbrNames[i]),
    nextChange,
    population: Number(population) || 0,
    cyclic: n > 1 && untils[n - 2] > CYCLIC_AFTER_MS,
  };
}

/** Index of the period containing `ms` (bisection over the period ends). */
export function periodIndex(t: ZoneTable, ms: number): number {
  const u = t.untils;
  let lo = 0,
    hi = u.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ms < u[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * How far `ms` must be moved back (a whole number of 400-year cycles) to fall inside the listed data,
 * for a zone whose yearly rules run to the end of the data; 0 otherwise.
 */
export function cycleShift(t: ZoneTable, ms: number): number {
  if (!t.cyclic) return 0;
  const last = t.untils[t.untils.length - 2];
  return ms < last ? 0 : Math.ceil((ms - last + 1) / CYCLE_MS) * CYCLE_MS;
}

/** UTC offset in force at `ms`, seconds east. */
export function offsetAt(t: ZoneTable, ms: number): number {
  return t.offsets[periodIndex(t, ms - cycleShift(t, ms))];
}

export interface PeriodAt {
  offset: number;
  abbreviation: string;
  /** The instants over which offset and abbreviation stay the same: [from, to). */
  from: number;
  to: number;
  /** The next change of offset: its instant and the offset from then on; null when none follows. */
  next: { at_ms: number; utc_offset_seconds: number } | null;
}

/** Offset, abbreviation, the period's bounds and the next offset change at `ms`. */
export function periodAt(t: ZoneTable, ms: number): PeriodAt {
  const shift = cycleShift(t, ms);
  const i = periodIndex(t, ms - shift);
  const k = t.nextChange[i];
  let next: PeriodAt['next'] = null;
  if (k >= 0) next = { at_ms: t.untils[k - 1] + shift, utc_offset_seconds: t.offsets[k] };
  else if (t.cyclic) {
    // The last listed change: the next one is the cycle's first change after the same instant.
    const j = periodIndex(t, t.untils[i - 1] - CYCLE_MS);
    const kk = t.nextChange[j];
    next = { at_ms: t.untils[kk - 1] + CYCLE_MS + shift, utc_offset_seconds: t.offsets[kk] };
  }
  return {
    offset: t.offsets[i],
    abbreviation: t.abbrs[i],
    from: (i > 0 ? t.untils[i - 1] : -Infinity) + shift,
    // The data's last period lasts for ever unless the yearly rules go on (then until the next change).
    to: i === t.untils.length - 1 && next ? next.at_ms : t.untils[i] + shift,
    next,
  };
}

export interface WallInstant {
  /** The instant chosen the way Temporal's 'compatible' disambiguation chooses it. */
  ms: number;
  /** Both readings: equal unless the wall time falls in a gap or a fold. */
  earlier: number;
  later: number;
  gap: boolean;
  fold: boolean;
}

/**
 * The instant a local wall time (given as milliseconds of that wall time read as if it were UTC)
 * denotes in a zone. In a fold the earlier instant is taken, in a gap the wall time moves forward by
 * the gap (the offset before the change is applied): Temporal's 'compatible'. The offsets a day
 * either side bracket any change near the wall time, as in Temporal's own method.
 */
export function instantOfWall(t: ZoneTable, wallMs: number): WallInstant {
  const before = offsetAt(t, wallMs - DAY_MS);
  const after = offsetAt(t, wallMs + DAY_MS);
  const a = wallMs - before * 1000;
  const b = wallMs - after * 1000;
  const aOk = offsetAt(t, a) === before;
  const bOk = offsetAt(t, b) === after;
  if (aOk && bOk && a !== b) return { ms: Math.min(a, b), earlier: Math.min(a, b), later: Math.max(a, b), gap: false, fold: true };
  if (aOk) return { ms: a, earlier: a, later: a, gap: false, fold: false };
  if (bOk) return { ms: b, earlier: b, later: b, gap: false, fold: false };
  // Neither reading shows this wall time: a gap. 'later' applies the offset before the change.
  return { ms: a, earlier: b, later: a, gap: true, fold: false };
}

/** A number in the packed base-60 notation: whole minutes, then one fractional digit (seconds). */
function toBase60(value: number): string {
  const digit = (d: number) => String.fromCharCode(d < 10 ? d + 48 : d < 36 ? d + 87 : d + 29);
  const negative = value < 0;
  const seconds = Math.round(Math.abs(value) * 60);
  const fraction = seconds % 60;
  let whole = (seconds - fraction) / 60;
  let out = '';
  do {
    out = digit(whole % 60) + out;
    whole = Math.floor(whole / 60);
  } while (whole > 0);
  return (negative ? '-' : '') + out + (fraction ? `.${digit(fraction)}` : '');
}

/**
 * A zone's periods that overlap [fromMs, toMs), packed in the same notation `unpackZone` reads: what a
 * page that only shows those years needs. Outside the window the answer is the nearest kept period's.
 */
export function packZoneWindow(t: ZoneTable, name: string, fromMs: number, toMs: number): string {
  const first = periodIndex(t, fromMs);
  const last = periodIndex(t, toMs);
  const abbrs: string[] = [];
  const offsets: number[] = [];
  const kinds = new Map<string, number>();
  let indices = '';
  const untils: string[] = [];
  let previous = 0;
  for (let i = first; i <= last; i++) {
    const key = `${t.abbrs[i]} ${t.offsets[i]}`;
    let k = kinds.get(key);
    if (k === undefined) {
      kinds.set(key, (k = abbrs.length));
      abbrs.push(t.abbrs[i]);
      offsets.push(t.offsets[i]);
    }
    indices += toBase60(k);
    if (i < last) {
      untils.push(toBase60((t.untils[i] - previous) / 60_000));
      previous = t.untils[i];
    }
  }
  if (abbrs.length > 60) throw new RangeError(`${name}: more than 60 kinds of period in the window`);
  return [name, abbrs.join(' '), offsets.map((o) => toBase60(-o / 60)).join(' '), indices, untils.join(' '), ''].join('|');
}

/** Zone data as a page carries it: packed periods by data name, and each zone name's data name. */
export interface ZoneData {
  version: string;
  zones: Record<string, string>;
  names: Record<string, string>;
}

/** Tables by zone name from page data, each unpacked on first use. */
export function zoneLookup(data: ZoneData): (name: string) => ZoneTable | undefined {
  const tables = new Map<string, ZoneTable>();
  return (name) => {
    const key = Object.hasOwn(data.names, name) ? data.names[name] : undefined;
    if (key === undefined || !Object.hasOwn(data.zones, key)) return undefined;
    let t = tables.get(key);
    if (!t) tables.set(key, (t = unpackZone(data.zones[key])));
    return t;
  };
}
