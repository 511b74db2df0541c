/**
 * The observatory's calculations: wall time in an IANA zone to an instant, the planets around the Sun
 * (orrery), the sky over a place and the Sun's path through a local day (the pictures of them are drawn
 * by observatory-svg.ts). Pure and browser-safe (astronomy-engine and the engine's browser-safe
 * modules only), so the page computes the same at build time in Node and in the browser after each change.
 */
import * as Astronomy from 'astronomy-engine';
import { bodyPositions, EPHEMERIS_END_MS, EPHEMERIS_MIN_MS } from '../../../engine/astronomy/body-positions.ts';
import { sunPosition } from '../../../engine/solar/sun-position.ts';
import { instantOfWall, offsetAt, zoneLookup, type ZoneData, type ZoneTable } from '../../../engine/time/tzdb-data.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

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

/** The tzdb release the installed zone data comes from. */
export const zoneDataRelease = (): string => zoneRelease;

/** Throws RangeError for a zone the installed data does not know. */
function tableFor(timeZone: string): ZoneTable {
  const t = tableOf(timeZone);
  if (!t) throw new RangeError(`unknown IANA time zone: ${timeZone}`);
  return t;
}

/** Epoch ms for calendar fields read as UTC; setUTCFullYear, because Date.UTC maps years 0..99 to 1900s. */
function fieldsToMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, s, 0);
  return t.getTime();
}

/** The zone's UTC offset at an instant, ms east of Greenwich. */
export const utcOffsetMs = (ms: number, timeZone: string): number => offsetAt(tableFor(timeZone), ms) * 1000;

/** The wall clock of an instant in a zone, read as if it were UTC (whole seconds). */
const wallMs = (ms: number, timeZone: string): number => Math.floor(ms / 1000) * 1000 + utcOffsetMs(ms, timeZone);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `+05:45`, `-10:00`; seconds only when the zone has them (local mean time before 1900). */
export function formatUtcOffset(offsetMs: number): string {
  const a = Math.abs(Math.round(offsetMs / 1000));
  const s = a % 60;
  return `${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(a / 3600))}:${pad(Math.floor(a / 60) % 60)}${s ? ':' + pad(s) : ''}`;
}

/** The local calendar date, clock time and offset of an instant in a zone. */
export function localParts(ms: number, timeZone: string): { date: string; time: string; offset: string } {
  const w = new Date(wallMs(ms, timeZone));
  return {
    date: `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`,
    time: `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`,
    offset: formatUtcOffset(utcOffsetMs(ms, timeZone)),
  };
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

function parseDate(date: string): [number, number, number] {
  const m = DATE_PATTERN.exec(date);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  // Round-tripping through Date rejects 2026-02-30 and 2026-13-01.
  const back = m && y >= 1 && mo >= 1 && mo <= 12 ? new Date(fieldsToMs(y, mo, d)) : null;
  if (!back || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) throw new RangeError(`date must be a calendar date written YYYY-MM-DD: ${date}`);
  return [y, mo, d];
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `time`. A time the clocks skip (a DST
 * gap) is moved forward by the gap, and a time they show twice (a fold) is the earlier instant, as
 * Temporal's 'compatible' disambiguation does (the engine's instantOfWall). The offset comes from the
 * engine's tzdb release, never from the longitude.
 *
 * @example zonedToUtc('2026-03-29', '01:30', 'Europe/London').toISOString() // '2026-03-29T01:30:00.000Z' (02:30 BST)
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = parseDate(date);
  const t = TIME_PATTERN.exec(time);
  if (!t) throw new RangeError(`time must be written HH:MM, 00:00..23:59: ${time}`);
  return new Date(instantOfWall(tableFor(timeZone), fieldsToMs(y, mo, d, Number(t[1]), Number(t[2]))).ms);
}

/** The instants of local midnight starting `date` and the next date: a local day is 23, 24 or 25 hours. */
export function localDayBounds(date: string, timeZone: string): { startMs: number; endMs: number } {
  const [y, mo, d] = parseDate(date);
  const next = new Date(fieldsToMs(y, mo, d) + DAY_MS);
  const nextDate = `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
  return { startMs: zonedToUtc(date, '00:00', timeZone).getTime(), endMs: zonedToUtc(nextDate, '00:00', timeZone).getTime() };
}

// ----- what the form describes -------------------------------------------------------------------

export interface ObservatoryView { name: string; lat: number; lng: number; date: string; time: string; tz: string; atMs: number }
export interface FieldError { field: string; message: string }

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
export function parseView(input: Partial<Record<'name' | 'lat' | 'lng' | 'date' | 'time' | 'tz', string>>):
  { ok: true; view: ObservatoryView } | { ok: false; errors: FieldError[] } {
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
    const year = parseDate(date)[0];
    if (year < FIRST_YEAR || year > LAST_YEAR) {
      errors.push({ field: 'date', message: `must be between ${FIRST_YEAR}-01-01 and ${LAST_YEAR}-12-31: the positions are checked against JPL Horizons only for those years` });
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

// ----- the calculations --------------------------------------------------------------------------

export interface Place { lat: number; lng: number }

export const ORRERY_BODIES = ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
export type OrreryBodyName = (typeof ORRERY_BODIES)[number];
export interface OrreryBody { body: OrreryBodyName; lon_deg: number; lat_deg: number; distance_au: number }

/**
 * Heliocentric positions, mean ecliptic and equinox of J2000, from the engine's `bodyPositions`. The
 * Earth is the Sun's geocentric vector reversed: that vector is astrometric (the Sun 8 minutes ago), which
 * moves it about 6 km, nothing at this scale.
 */
export function orrery(atMs: number): OrreryBody[] {
  const byName = new Map(bodyPositions(atMs).bodies.map((b) => [b.body as string, b]));
  return ORRERY_BODIES.map((body) => {
    if (body === 'Earth') {
      const sun = byName.get('Sun')!.geocentric;
      const lon = Number(((sun.ecliptic_longitude_deg + 180) % 360).toFixed(7));
      return { body, lon_deg: lon === 360 ? 0 : lon, lat_deg: -sun.ecliptic_latitude_deg, distance_au: sun.distance_au };
    }
    const h = byName.get(body)!.heliocentric!;
    return { body, lon_deg: h.ecliptic_longitude_deg, lat_deg: h.ecliptic_latitude_deg, distance_au: h.distance_au };
  });
}

export const SKY_BODIES = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
export type SkyBodyName = (typeof SKY_BODIES)[number];
export interface SkyBody { body: SkyBodyName; alt_deg: number; az_deg: number; above_horizon: boolean }

/**
 * Where each body stands in the sky of an observer at sea level: topocentric apparent place of date
 * (astronomy-engine `Equator` with aberration), turned to altitude/azimuth with its 'normal' refraction.
 */
export function sky(atMs: number, place: Place): SkyBody[] {
  const time = Astronomy.MakeTime(new Date(atMs));
  const observer = new Astronomy.Observer(place.lat, place.lng, 0);
  return SKY_BODIES.map((body) => {
    const eq = Astronomy.Equator(Astronomy.Body[body], time, observer, true, true);
    const h = Astronomy.Horizon(time, observer, eq.ra, eq.dec, 'normal');
    return { body, alt_deg: h.altitude, az_deg: h.azimuth, above_horizon: h.altitude > 0 };
  });
}

export interface SunSample { at_ms: number; alt_deg: number; az_deg: number }
export interface SunPath {
  start_ms: number;
  end_ms: number;
  samples: SunSample[];
  sunrise_ms: number | null;
  sunset_ms: number | null;
  /** `polar_day`/`polar_night`: the Sun neither rises nor sets during this local day. */
  daylight: 'rises_or_sets' | 'polar_day' | 'polar_night';
  /** The Sun at the chosen instant, when one was given. */
  at: SunSample | null;
}

const SAMPLE_MS = 10 * MINUTE_MS;

/** The engine's Sun (refracted elevation, the same quantity the sky's 'normal' refraction gives). */
function sunSample(atMs: number, place: Place): SunSample {
  const p = sunPosition({ lat: place.lat, lon: place.lng, atMs });
  return { at_ms: atMs, alt_deg: p.apparent_elevation_deg, az_deg: p.azimuth_deg };
}

/**
 * The Sun through one local day [startMs, endMs]: a sample every 10 minutes, and sunrise and sunset
 * (astronomy-engine `SearchRiseSet`: the upper limb on the refracted horizon) when they happen that day.
 */
export function sunPath(startMs: number, endMs: number, place: Place, atMs?: number): SunPath {
  const samples: SunSample[] = [];
  for (let t = startMs; t < endMs; t += SAMPLE_MS) samples.push(sunSample(t, place));
  samples.push(sunSample(endMs, place));
  const observer = new Astronomy.Observer(place.lat, place.lng, 0);
  const days = (endMs - startMs) / DAY_MS;
  const search = (direction: 1 | -1) => {
    const found = Astronomy.SearchRiseSet(Astronomy.Body.Sun, observer, direction, new Date(startMs), days);
    const ms = found?.date.getTime();
    return ms !== undefined && ms < endMs ? ms : null;
  };
  const sunrise_ms = search(1);
  const sunset_ms = search(-1);
  const noon = samples[Math.floor(samples.length / 2)];
  const daylight = sunrise_ms !== null || sunset_ms !== null ? 'rises_or_sets' : noon.alt_deg > 0 ? 'polar_day' : 'polar_night';
  return { start_ms: startMs, end_ms: endMs, samples, sunrise_ms, sunset_ms, daylight, at: atMs === undefined ? null : sunSample(atMs, place) };
}
