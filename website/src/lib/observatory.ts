/**
 * The observatory page's own concerns: the zone data it has installed, what the form and permalinks say,
 * share tokens and the years it offers. The calculations are the engine's: wall-clock.ts for local time,
 * sky-positions.ts (the sky_positions tool's run) for the sky and the Moon's phase, sky.ts for the orrery,
 * sun-path.ts for the Sun's altitude through the day, sun-rise-set.ts (sun_events' searches) for sunrise
 * and sunset, eclipse-search.ts (the eclipses tool's search) for the next eclipses. The page's places are
 * `{ lat, lng }`, as the share API spells them; the engine takes `{ lat, lon }`.
 */
import { EPHEMERIS_END_MS, EPHEMERIS_MIN_MS } from '../../../engine/browser/index.ts';
import { type EclipseEntry, searchEclipses } from '../../../engine/browser/index.ts';
import { runSkyPositions, type SkyPositions } from '../../../engine/browser/index.ts';
import type { SkyBody } from '../../../engine/browser/index.ts';
import { sunPath as engineSunPath, type SunPath } from '../../../engine/browser/index.ts';
import { sunRiseSet, type SunRiseSet } from '../../../engine/browser/index.ts';
import {
  instantOfDateTime,
  localDayBounds as engineDayBounds,
  localParts as engineLocalParts,
  type LocalParts,
  TIME_PATTERN,
  wallMsOf,
} from '../../../engine/browser/index.ts';
import { zoneLookup, type ZoneData, type ZoneTable } from '../../../engine/browser/index.ts';

// ----- local time in an IANA zone ----------------------------------------------------------------
// The zone rules are the engine's: its shipped tzdb release, as the page's zone data carries it
// (the build passes the same data the browser fetches), never the runtime's or the browser's Intl.

let tableOf: (name: string) => ZoneTable | undefined = () => undefined;
let zoneRelease = '';

/** Installs the zone rules every function below reads (the engine's tzdb release, see tzdb.ts). */
export function useZoneData(data: ZoneData): void {
  tableOf = zoneLookup(data);
  zoneRelease = data.version;
}

/** Throws RangeError for a zone the installed data does not know. */
function tableFor(timeZone: string): ZoneTable {
  const t = tableOf(timeZone);
  if (!t) throw new RangeError(`unknown IANA time zone: ${timeZone}`);
  return t;
}

/** The local calendar date, clock time and offset of an instant in a zone. */
export const localParts = (ms: number, timeZone: string): LocalParts => engineLocalParts(tableFor(timeZone), ms);

/**
 * The instant at which the wall clock in `timeZone` shows `date` `time` (the engine's instantOfWall: a
 * time in a DST gap moves forward by the gap, one shown twice is the earlier instant). The offset comes
 * from the engine's tzdb release, never from the longitude.
 *
 * @example zonedToUtc('2026-03-29', '01:30', 'Europe/London').toISOString() // '2026-03-29T01:30:00.000Z' (02:30 BST)
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  return new Date(instantOfDateTime(tableFor(timeZone), date, time).ms);
}

/** The instants of local midnight starting `date` and the next date. */
export const localDayBounds = (date: string, timeZone: string): { startMs: number; endMs: number } => engineDayBounds(tableFor(timeZone), date);

// ----- what the form describes -------------------------------------------------------------------

export interface ObservatoryView {
  name: string;
  lat: number;
  lng: number;
  date: string;
  time: string;
  tz: string;
  atMs: number;
}
export interface FieldError {
  field: string;
  message: string;
}

/** Same rule as the share API: no control or bidirectional-override characters in a shown name. */
const FORBIDDEN_IN_NAME = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]/u;
/** The years the engine's ephemeris is checked for (against JPL Horizons): 1900..2100. */
export const FIRST_YEAR = new Date(EPHEMERIS_MIN_MS).getUTCFullYear();
export const LAST_YEAR = new Date(EPHEMERIS_END_MS - 1).getUTCFullYear();

function coordinate(raw: string | undefined, field: string, limit: number, errors: FieldError[]): number {
  const text = (raw ?? '').trim();
  // Plain decimals only: Number() alone would also take '0x1f' and '1e1'.
  const value = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
  if (text === '') errors.push({ field, message: 'is required' });
  else if (!Number.isFinite(value)) errors.push({ field, message: 'must be a number in decimal degrees' });
  else if (Math.abs(value) > limit) errors.push({ field, message: `must be between -${limit} and ${limit}` });
  return value;
}

/**
 * Checks what the form or a permalink says (every field, every problem at once) and resolves the local
 * date and time to an instant. An empty name becomes the coordinates.
 */
export function parseView(
  input: Partial<Record<'name' | 'lat' | 'lng' | 'date' | 'time' | 'tz', string>>,
): { ok: true; view: ObservatoryView } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const lat = coordinate(input.lat, 'lat', 90, errors);
  const lng = coordinate(input.lng, 'lng', 180, errors);
  const name = (input.name ?? '').trim() || (errors.length ? '' : `${lat}, ${lng}`);
  if (name.length > 120) errors.push({ field: 'name', message: 'must be at most 120 characters long' });
  if (FORBIDDEN_IN_NAME.test(name)) errors.push({ field: 'name', message: 'must not contain control characters' });
  const date = (input.date ?? '').trim();
  const time = (input.time ?? '').trim();
  const tz = (input.tz ?? '').trim();
  try {
    wallMsOf(date, '00:00');
    const year = Number(date.slice(0, 4));
    if (year < FIRST_YEAR || year > LAST_YEAR) {
      errors.push({
        field: 'date',
        message: `must be between ${FIRST_YEAR}-01-01 and ${LAST_YEAR}-12-31: the positions are checked against JPL Horizons only for those years`,
      });
    }
  } catch {
    errors.push({ field: 'date', message: date ? 'must be a calendar date written YYYY-MM-DD' : 'is required' });
  }
  if (!TIME_PATTERN.test(time)) errors.push({ field: 'time', message: time ? 'must be a time written HH:MM, 00:00..23:59' : 'is required' });
  try {
    tableFor(tz);
  } catch {
    errors.push({ field: 'tz', message: tz ? `is not an IANA time zone of tzdb ${zoneRelease} (e.g. Europe/London): ${tz}` : 'is required' });
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, view: { name, lat, lng, date, time, tz, atMs: zonedToUtc(date, time, tz).getTime() } };
}

// ----- shares ------------------------------------------------------------------------------------

/** The posters a share can hold (the API's `poster`). */
export const POSTER_KINDS = ['sky', 'orrery', 'sun-path'] as const;
export type PosterKind = (typeof POSTER_KINDS)[number];

/** A share token as the API issues it: 24 random bytes, base64url, 32 characters. */
export const isShareToken = (token: string): boolean => /^[A-Za-z0-9_-]{32}$/.test(token);

/**
 * The page a created share opens at: the API's `share_url` when it is a site's page (the API names its
 * site with SITE_URL); an API without SITE_URL answers its own read route, relative, so the link is then
 * this site's share page for the token (`base`: the page's address). Undefined for anything else.
 */
export function sharePageUrl(answer: { share_url?: unknown; token?: unknown }, base: string): string | undefined {
  const { share_url: url, token } = answer;
  if (typeof url !== 'string') return undefined;
  if (/^https?:\/\//.test(url)) return url;
  return typeof token === 'string' && isShareToken(token) ? new URL(`/observatory/share/${token}/`, base).href : undefined;
}

// ----- the calculations, the engine's ------------------------------------------------------------

export interface Place {
  lat: number;
  lng: number;
}

export { orreryPositions as orrery } from '../../../engine/browser/index.ts';

/**
 * The sky over a place at an instant, and the Moon's phase then: the sky_positions tool's own run (sea
 * level, ISA atmosphere, the defaults an API call without elevation_m, pressure_hpa, temperature_c gets),
 * so the page and an agent see the same numbers.
 */
export const skyAt = (atMs: number, place: Place): Pick<SkyPositions, 'bodies' | 'moon'> =>
  runSkyPositions({ lat: place.lat, lon: place.lng, at: atMs }, { now: () => new Date(atMs) });

/** The bodies of {@link skyAt}. */
export const sky = (atMs: number, place: Place): SkyBody[] => skyAt(atMs, place).bodies;

/** Sunrise and sunset of the local `date` in `timeZone`: sun_events' answer for `{ lat, lon, date, timezone }` (elevation 0). */
export function sunEvents(date: string, timeZone: string, place: Place): SunRiseSet {
  tableFor(timeZone); // a RangeError for a zone the page's data lacks, as everywhere here
  return sunRiseSet(place.lat, place.lng, timeZone, date);
}

/** The Sun through the local `date` in `timeZone`: the engine's sunPath for the altitudes, sun_events' sunrise and sunset. */
export interface ObservatorySunPath extends SunPath {
  events: SunRiseSet;
}
export function sunPath(date: string, timeZone: string, place: Place, atMs?: number): ObservatorySunPath {
  const events = sunEvents(date, timeZone, place);
  const path = engineSunPath({ lat: place.lat, lon: place.lng, startMs: events.start_ms, endMs: events.end_ms, atMs });
  const daylight = events.sun_status === 'midnight_sun' ? 'polar_day' : events.sun_status === 'polar_night' ? 'polar_night' : 'rises_or_sets';
  return { ...path, sunrise_ms: events.sunrise_ms, sunset_ms: events.sunset_ms, daylight, events };
}

/** The Sun through a day given by its bounds alone (a share whose zone this page lacks): the engine's sunPath, its own marks. */
export const sunPathOfDay = (startMs: number, endMs: number, place: Place, atMs?: number): SunPath =>
  engineSunPath({ lat: place.lat, lon: place.lng, startMs, endMs, atMs });

/** The next solar and lunar eclipse peaking from `date` (UTC midnight), and the next of each seen from the place. */
export interface NextEclipses {
  after: string;
  solar: EclipseEntry | null;
  lunar: EclipseEntry | null;
  solarHere: EclipseEntry | null;
  lunarHere: EclipseEntry | null;
}

let lastEclipses: { key: string; value: NextEclipses } | null = null;

/**
 * The eclipses tool's search (its run's core): `{ kind, after: date, count: 1 }` worldwide, and with the
 * place and zone for the next one visible there (within the tool's 40-year bound). The last answer is
 * kept: a redraw for another time of the same day and place does not search again.
 */
export function nextEclipses(date: string, place: Place, timeZone: string): NextEclipses {
  const key = [date, place.lat, place.lng, timeZone].join('|');
  if (lastEclipses?.key === key) return lastEclipses.value;
  const afterMs = Date.parse(`${date}T00:00:00Z`);
  const first = (kind: 'solar' | 'lunar', here: boolean) =>
    searchEclipses({ kind, afterMs, count: 1, ...(here ? { place: { lat: place.lat, lon: place.lng, zone: timeZone } } : {}) }).eclipses[0] ?? null;
  const value = { after: date, solar: first('solar', false), lunar: first('lunar', false), solarHere: first('solar', true), lunarHere: first('lunar', true) };
  lastEclipses = { key, value };
  return value;
}
