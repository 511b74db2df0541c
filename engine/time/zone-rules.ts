/**
 * What a zone's IANA rules say at an instant: offset, abbreviation, DST flag, next transition.
 *
 * Offsets and transitions come from the runtime's tzdb (ICU) through `Temporal`, never from
 * longitude. A Temporal offset costs ~10–40 µs but `getTimeZoneTransition('next')` 150–550 µs (and
 * milliseconds far from any transition), so every answer is remembered as a segment: "from `start`
 * until the next transition at `end`, the offset is X". Any later instant inside a known segment is
 * answered from memory; a miss costs one Temporal offset plus one transition search. Both caches are
 * bounded (zones × segments, zones × years).
 */
import { createRequire } from 'node:module';
import { Temporal } from '@js-temporal/polyfill';

export interface Transition {
  /** Instant of the change, epoch milliseconds. */
  at_ms: number;
  /** Offset in force from that instant on. */
  utc_offset_seconds: number;
}

export interface ZoneRules {
  utc_offset_seconds: number;
  abbreviation: string;
  dst: boolean;
  next_transition: Transition | null;
}

interface Segment {
  start: number;
  end: number; // next transition, epoch ms; Infinity when the rules know none
  offset: number;
  nextOffset: number | null;
  used: number;
}

interface AbbrTable {
  abbrs: string[];
  offsets: Int32Array; // seconds east of UTC
  untils: Float64Array; // period i lasts until untils[i] (exclusive), epoch ms
}

interface ZoneInfo {
  segments: Segment[]; // sorted by end
  std: Map<number, number>; // local year → standard offset, seconds
  abbr?: AbbrTable | null; // undefined until first needed; null when the zone is not in the data
  /** The last full answer and the instants it holds for: [from, to). */
  last?: { from: number; to: number; rules: ZoneRules };
}

export const MAX_ZONES = 1000;
export const MAX_SEGMENTS_PER_ZONE = 64;
export const MAX_YEARS_PER_ZONE = 256;

const zones = new Map<string, ZoneInfo>();
let tick = 0;

/**
 * The cache entry of a zone. Zone names are IANA names checked before they get here (~600 exist), so
 * MAX_ZONES is never reached in practice; if it were, the oldest entry would go first.
 */
function zoneInfo(zone: string): ZoneInfo {
  let info = zones.get(zone);
  if (!info) {
    info = { segments: [], std: new Map() };
    if (zones.size >= MAX_ZONES) zones.delete(zones.keys().next().value as string);
    zones.set(zone, info);
  }
  return info;
}

/** The polyfill searches transitions only from 1847 on; earlier ones (Manila's 1844 date-line jump) we bisect. */
const FIRST_SEARCHED_MS = Date.UTC(1847, 0, 1);

const zdtAt = (zone: string, ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
const offsetOf = (zdt: Temporal.ZonedDateTime) => Math.round(zdt.offsetNanoseconds / 1e9);

/** Offset and next transition straight from Temporal, with no cache (the reference the cache is tested against). */
export function temporalRulesAt(zone: string, ms: number): { offset: number; next: Transition | null } {
  const zdt = zdtAt(zone, ms);
  const offset = offsetOf(zdt);
  if (ms < FIRST_SEARCHED_MS) {
    const later = offsetOf(zdtAt(zone, FIRST_SEARCHED_MS));
    if (later !== offset) {
      // One change between ms and 1847 (whole seconds, as all tzdb transitions are): bisect it.
      let lo = Math.floor(ms / 1000), hi = FIRST_SEARCHED_MS / 1000;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetOf(zdtAt(zone, mid * 1000)) === offset) lo = mid;
        else hi = mid;
      }
      return { offset, next: { at_ms: hi * 1000, utc_offset_seconds: offsetOf(zdtAt(zone, hi * 1000)) } };
    }
  }
  const next = zdt.getTimeZoneTransition('next');
  return { offset, next: next ? { at_ms: next.epochMilliseconds, utc_offset_seconds: offsetOf(next) } : null };
}

/** Index of the first segment whose end lies after `ms`. */
function firstEndingAfter(list: Segment[], ms: number): number {
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].end > ms) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function cachedSegment(info: ZoneInfo, ms: number): Segment | undefined {
  const seg = info.segments[firstEndingAfter(info.segments, ms)];
  return seg && seg.start <= ms ? seg : undefined;
}

function segmentAt(zone: string, info: ZoneInfo, ms: number): Segment {
  const hit = cachedSegment(info, ms);
  if (hit) {
    hit.used = ++tick;
    return hit;
  }
  const { offset, next } = temporalRulesAt(zone, ms);
  const end = next ? next.at_ms : Infinity;
  const list = info.segments;
  const i = firstEndingAfter(list, ms);
  if (list[i] && list[i].end === end) {
    // Same segment seen from a later instant before: extend it back to this one.
    list[i].start = ms;
    list[i].used = ++tick;
    return list[i];
  }
  const seg: Segment = { start: ms, end, offset, nextOffset: next ? next.utc_offset_seconds : null, used: ++tick };
  list.splice(i, 0, seg);
  if (list.length > MAX_SEGMENTS_PER_ZONE) {
    let lru = 0;
    for (let k = 1; k < list.length; k++) if (list[k].used < list[lru].used) lru = k;
    list.splice(lru, 1);
  }
  return seg;
}

function offsetIn(zone: string, info: ZoneInfo, ms: number): number {
  const seg = cachedSegment(info, ms);
  return seg ? seg.offset : offsetOf(zdtAt(zone, ms));
}

/** UTC offset in force at an instant, seconds east of UTC (a cached segment, else one Temporal lookup). */
export const offsetSecondsAt = (zone: string, ms: number): number => offsetIn(zone, zoneInfo(zone), ms);

function utcMs(year: number, month: number, day: number, hour: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, day); // Date.UTC would map years 0–99 to 1900–1999
  d.setUTCHours(hour);
  return d.getTime();
}

/** Offset in force at local noon of a date (noon UTC shifted by the offset found there). */
function offsetAtLocalNoon(zone: string, info: ZoneInfo, year: number, month: number): number {
  const noonUtc = utcMs(year, month, 1, 12);
  return offsetIn(zone, info, noonUtc - offsetIn(zone, info, noonUtc) * 1000);
}

function standardIn(zone: string, info: ZoneInfo, year: number): number {
  let std = info.std.get(year);
  if (std === undefined) {
    std = Math.min(offsetAtLocalNoon(zone, info, year, 0), offsetAtLocalNoon(zone, info, year, 6));
    if (info.std.size >= MAX_YEARS_PER_ZONE) info.std.clear();
    info.std.set(year, std);
  }
  return std;
}

/**
 * Standard offset of a local year: the lower of the offsets in force (at local noon) on 1 January
 * and 1 July of that year.
 */
export const standardOffsetSeconds = (zone: string, year: number): number => standardIn(zone, zoneInfo(zone), year);

// ---------------------------------------------------------------------------------------------
// Abbreviations: tzdb's own, from moment-timezone's packed data (ICU's Intl gives "GMT+1").
// ---------------------------------------------------------------------------------------------

interface Packed { version: string; zones: string[]; links: string[] }
let packedByName: Map<string, string> | null = null;
let packedVersion = '';

function packedZones(): Map<string, string> {
  if (!packedByName) {
    const data = createRequire(import.meta.url)('moment-timezone/data/packed/latest.json') as Packed;
    packedVersion = data.version;
    packedByName = new Map(data.zones.map((z) => [z.slice(0, z.indexOf('|')), z]));
    for (const link of data.links) {
      const [target, alias] = link.split('|');
      const zone = packedByName.get(target);
      if (zone) packedByName.set(alias, zone);
    }
  }
  return packedByName;
}

/** tzdb release of the abbreviation data (moment-timezone's packed `latest.json`). */
export const abbreviationDataVersion = (): string => (packedZones(), packedVersion);

/** A number in moment-timezone's packed base-60 notation (shared with zone-names.ts). */
export function base60(s: string): number {
  const digit = (c: number) => (c > 96 ? c - 87 : c > 64 ? c - 29 : c - 48);
  const negative = s.charCodeAt(0) === 45;
  const [whole, fraction = ''] = (negative ? s.slice(1) : s).split('.');
  let out = 0;
  for (let i = 0; i < whole.length; i++) out = out * 60 + digit(whole.charCodeAt(i));
  for (let i = 0, m = 1; i < fraction.length; i++) out += digit(fraction.charCodeAt(i)) * (m /= 60);
  return negative ? -out : out;
}

/** `name|abbrs|offsets (base-60 minutes west)|period indices|until deltas (base-60 minutes)|population`. */
function unpack(packed: string): AbbrTable {
  const [, abbrList, offsetList, indexList, untilList] = packed.split('|');
  const abbrs = abbrList.split(' ');
  const offsets = offsetList.split(' ').map((o) => -Math.round(base60(o) * 60));
  const indices = Array.from(indexList, (c) => base60(c));
  const deltas = untilList ? untilList.split(' ') : [];
  const untils = new Float64Array(indices.length);
  let at = 0;
  for (let i = 0; i < indices.length - 1; i++) untils[i] = at = Math.round(at + base60(deltas[i]) * 60_000);
  untils[indices.length - 1] = Infinity;
  return { abbrs: indices.map((i) => abbrs[i]), offsets: Int32Array.from(indices, (i) => offsets[i]), untils };
}

/** tzdb's numeric style for zones without a letter abbreviation: `+05`, `+0545`, `-03`, `+052110`. */
export function numericAbbreviation(offsetSeconds: number): string {
  const a = Math.abs(offsetSeconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(a / 3600), Math.floor((a % 3600) / 60), a % 60];
  return (offsetSeconds < 0 ? '-' : '+') + pad(h) + (m || s ? pad(m) : '') + (s ? pad(s) : '');
}

/**
 * The tzdb abbreviation of the period containing `ms`, used only when that period's offset equals
 * the offset our rules (ICU) give, since the two data sets may be different tzdb releases. Past the
 * last transition the data lists (2499 for zones with DST), the latest period with the same offset
 * is used. Otherwise the numeric style.
 */
export const abbreviationAt = (zone: string, ms: number, offsetSeconds: number): string =>
  abbreviationIn(zone, zoneInfo(zone), ms, offsetSeconds);

/** The instants around `ms` over which {@link abbreviationIn}'s answer stays the same: [from, to). */
const abbrPeriod = { from: -Infinity, to: Infinity };

function abbreviationIn(zone: string, info: ZoneInfo, ms: number, offsetSeconds: number): string {
  abbrPeriod.from = -Infinity;
  abbrPeriod.to = Infinity;
  if (info.abbr === undefined) {
    const packed = packedZones().get(zone);
    info.abbr = packed ? unpack(packed) : null;
  }
  const t = info.abbr;
  if (t) {
    let lo = 0, hi = t.untils.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ms < t.untils[mid]) hi = mid;
      else lo = mid + 1;
    }
    abbrPeriod.from = lo > 0 ? t.untils[lo - 1] : -Infinity;
    abbrPeriod.to = t.untils[lo];
    if (t.offsets[lo] === offsetSeconds) return t.abbrs[lo];
    if (lo === t.untils.length - 1) {
      for (let i = lo - 1; i >= 0; i--) if (t.offsets[i] === offsetSeconds) return t.abbrs[i];
    }
  }
  return numericAbbreviation(offsetSeconds);
}

/**
 * Offset, abbreviation, DST flag and next transition of `zone` at `ms`.
 *
 * DST rule: `dst` is true when the offset in force differs from the zone's standard offset, where
 * the standard offset of a local year is the lower of the offsets in force on 1 January and 1 July
 * of that year (the convention ICU, Java and Windows follow). So Europe/Dublin's summer IST (+01:00)
 * is DST and winter GMT is not, although tzdb's main data models Dublin with negative DST;
 * Australia/Lord_Howe's +11:00 summer (half-hour DST) is DST and +10:30 is not; zones without DST
 * are never DST. A consequence of judging each local year on its own: a permanent change of offset
 * during a year (for example a zone moving to permanent summer time) marks the part of that year on
 * the other side of the change as DST.
 */
export function zoneRulesAt(zone: string, ms: number): Readonly<ZoneRules> {
  const info = zoneInfo(zone);
  const last = info.last;
  if (last !== undefined && ms >= last.from && ms < last.to) return last.rules;
  const seg = segmentAt(zone, info, ms);
  const offset = seg.offset;
  const local = new Date(ms + offset * 1000);
  const localYear = local.getUTCFullYear();
  const abbreviation = abbreviationIn(zone, info, ms, offset);
  const rules: ZoneRules = Object.freeze({
    utc_offset_seconds: offset,
    abbreviation,
    dst: offset !== standardIn(zone, info, localYear),
    next_transition: seg.nextOffset === null ? null : Object.freeze({ at_ms: seg.end, utc_offset_seconds: seg.nextOffset }),
  });
  // The same answer holds while the segment, the abbreviation's period and the local year all last
  // (every instant inside the segment has the same offset, so local years start at fixed instants).
  local.setUTCMonth(0, 1);
  local.setUTCHours(0, 0, 0, 0);
  const yearStart = local.getTime() - offset * 1000;
  local.setUTCFullYear(localYear + 1);
  const yearEnd = local.getTime() - offset * 1000;
  info.last = {
    from: Math.max(seg.start, abbrPeriod.from, yearStart),
    to: Math.min(seg.end, abbrPeriod.to, yearEnd),
    rules,
  };
  return rules;
}

/** Cache sizes, for tests and health reports. */
export function zoneRulesCacheStats(): { zones: number; segments: number; years: number } {
  let segments = 0, years = 0;
  for (const info of zones.values()) {
    segments += info.segments.length;
    years += info.std.size;
  }
  return { zones: zones.size, segments, years };
}

export function clearZoneRulesCache(): void {
  zones.clear();
}
