/**
 * A list answer as a table people read (the holidays of a year, a rule's occurrences, the places near a
 * point, the planets in the sky): the calculator's sentence says how many and the first and last; this
 * shows every row, with its columns chosen and named for people, times as date, clock and offset, numbers
 * rounded for reading (the full-precision JSON stays one click away). Browser-safe: the build writes it
 * for the worked example, the page's script for each answer (website/src/scripts/result-table.ts). Every
 * text from an answer is escaped here.
 */
import { roundForReading } from './answers.ts';
import { clockOf, escapeHtml, whenText } from './tool-parts.ts';

interface Column {
  /** The field of a row, `a.b` for a nested one. */
  key: string;
  head: string;
  /** Times as their clock only (`07:20`): the row's date is in its first column. */
  clock?: boolean;
}

interface TableSpec {
  /** The result's list. */
  field: string;
  /** The table's name: "holidays", "occurrences". */
  noun: string;
  columns: Column[];
}

const col = (key: string, head: string): Column => ({ key, head });
const clock = (key: string, head: string): Column => ({ key, head, clock: true });

/** By tool: which list, and which of its fields, in which order and words. */
const TABLES: Record<string, TableSpec> = {
  list_holidays: {
    field: 'holidays',
    noun: 'holidays',
    columns: [col('date', 'Date'), col('name', 'Holiday'), col('local_name', 'Local name'), col('type', 'Type'), col('substitute', 'Substitute day')],
  },
  next_holidays: {
    field: 'holidays',
    noun: 'holidays',
    columns: [col('date', 'Date'), col('days_until', 'In days'), col('name', 'Holiday'), col('local_name', 'Local name'), col('type', 'Type')],
  },
  expand_recurrence: { field: 'occurrences', noun: 'occurrences', columns: [col('local_time', 'Local time'), col('utc_time', 'UTC')] },
  geo_nearby: {
    field: 'places',
    noun: 'places',
    columns: [
      col('name', 'Place'),
      col('country', 'Country'),
      col('distance_km', 'Distance (km)'),
      col('bearing_deg', 'Bearing (°)'),
      col('population', 'Population'),
    ],
  },
  search_places: {
    field: 'places',
    noun: 'places',
    columns: [
      col('name', 'Place'),
      col('admin1', 'Region'),
      col('country_name', 'Country'),
      col('population', 'Population'),
      col('timezone', 'Time zone'),
      col('lat', 'Latitude (°)'),
      col('lon', 'Longitude (°)'),
    ],
  },
  sky_positions: {
    field: 'bodies',
    noun: 'bodies',
    columns: [
      col('body', 'Body'),
      col('above_horizon', 'Above the horizon'),
      col('altitude_deg', 'Altitude (°)'),
      col('azimuth_deg', 'Azimuth (°)'),
      col('magnitude', 'Magnitude'),
      col('illumination_fraction', 'Lit'),
      col('distance_au', 'Distance (au)'),
    ],
  },
  ephemeris: {
    field: 'bodies',
    noun: 'bodies',
    columns: [
      col('body', 'Body'),
      col('geocentric.right_ascension_hours', 'Right ascension (h)'),
      col('geocentric.declination_deg', 'Declination (°)'),
      col('geocentric.ecliptic_longitude_deg', 'Ecliptic longitude (°)'),
      col('geocentric.distance_au', 'Distance (au)'),
    ],
  },
  moon_events: {
    field: 'days',
    noun: 'days',
    columns: [
      col('date', 'Date'),
      clock('moonrise', 'Moonrise'),
      clock('moon_transit', 'Highest'),
      clock('moonset', 'Moonset'),
      col('phase_name', 'Phase'),
      col('illumination_fraction', 'Lit'),
    ],
  },
  sun_events: {
    field: 'days',
    noun: 'days',
    columns: [
      col('date', 'Date'),
      clock('civil_dawn', 'Dawn (civil)'),
      clock('sunrise', 'Sunrise'),
      clock('solar_noon', 'Solar noon'),
      clock('sunset', 'Sunset'),
      clock('civil_dusk', 'Dusk (civil)'),
      col('day_length_seconds', 'Day length'),
    ],
  },
};

/** The most rows a page shows; the JSON has them all. */
export const MAX_ROWS = 100;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The weekday of a proleptic Gregorian date, as written (an instant's own local date). */
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

/** `1234567` as `1 234 567` (a thin space, the same in every browser and at build time). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009');

const pick = (row: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);

/** A cell's text: dates with their weekday, instants as date, clock and offset, yes/no, lit fractions in per cent. */
export function cellText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    const last = key.slice(key.lastIndexOf('.') + 1);
    if (last.endsWith('_fraction')) return `${Math.round(value * 100)} %`;
    if (last === 'day_length_seconds') return `${Math.floor(value / 3600)} h ${String(Math.round((value % 3600) / 60)).padStart(2, '0')} min`;
    if (last === 'population') return grouped(value);
    return String(roundForReading(value, last));
  }
  const text = String(value);
  if (DATE.test(text)) return `${weekday(text)} ${text}`;
  if (INSTANT.test(text)) return `${weekday(text.slice(0, 10))} ${whenText(text)}`;
  // An enum value in words: `waning_gibbous` → `waning gibbous`.
  return /^[a-z]+(_[a-z]+)+$/.test(text) ? text.replaceAll('_', ' ') : text;
}

/** Whether the page has a table for this tool's answers. */
export const hasResultTable = (tool: string): boolean => tool in TABLES;

/** The table of a tool's answer as HTML ('' when the tool has none or the list is empty: the sentence says so). */
export function renderResultTable(tool: string, result: Record<string, unknown>): string {
  const spec = TABLES[tool];
  const rows = spec && Array.isArray(result[spec.field]) ? (result[spec.field] as unknown[]) : [];
  if (!spec || rows.length === 0) return '';
  // A column no row fills (a local name the data lacks everywhere), or that repeats the one before it in
  // every row (local names in an English-speaking country), is left out.
  const filled = spec.columns.filter((c) => rows.some((r) => pick(r, c.key) !== undefined && pick(r, c.key) !== null));
  const columns = filled.filter((c, i) => i === 0 || rows.some((r) => pick(r, c.key) !== pick(r, filled[i - 1].key)));
  const shown = rows.slice(0, MAX_ROWS);
  const head = columns.map((c) => `<th scope="col">${escapeHtml(c.head)}</th>`).join('');
  // Names wrap between words on a phone; dates, times and numbers stay whole (they would break at their hyphens).
  const cell = (tag: 'th' | 'td', c: Column, value: unknown) => {
    const whole = typeof value !== 'string' || DATE.test(value) || INSTANT.test(value);
    const text = c.clock && typeof value === 'string' && INSTANT.test(value) ? clockOf(value) : cellText(c.key, value);
    return `<${tag}${tag === 'th' ? ' scope="row"' : ''}${whole ? ' class="nowrap"' : ''}>${escapeHtml(text)}</${tag}>`;
  };
  const body = shown.map((r) => `<tr>${columns.map((c, i) => cell(i === 0 ? 'th' : 'td', c, pick(r, c.key))).join('')}</tr>`).join('');
  const count = rows.length === 1 ? `1 ${spec.noun.replace(/(ie)?s$/, (_, ie) => (ie ? 'y' : ''))}` : `${rows.length} ${spec.noun}`;
  const more = rows.length > shown.length ? `; the first ${shown.length} are shown here, the full result (JSON) has them all` : '';
  return (
    `<section class="table-scroll" tabindex="0" aria-label="The ${spec.noun} (scrolls sideways when narrow)"><table class="result-table">` +
    `<caption>${escapeHtml(count)}${escapeHtml(more)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></section>`
  );
}
