/**
 * How a calculator's inputs are shown to people: a label, a unit and a control for each input name,
 * with a tool's own wording where one name means something else there (`start` is a date for
 * date_difference and a local date and time for expand_recurrence). The API, the permalinks and the
 * MCP tools keep the input names; only the form's words come from here. A calculator input with no
 * label here fails test/website/answers.test.ts.
 */
import { z } from 'zod';
import type { AnyTool } from '../../../engine/tool.ts';

/**
 * - `date`: a date picker (YYYY-MM-DD), with a "Today" button
 * - `local`: a local wall time (datetime-local, YYYY-MM-DDTHH:MM), with a "Now" button
 * - `instant`: an ISO-8601 instant with its offset, as text, with a "Now" button
 * - `zone`: an IANA zone name, searched in a list of the engine's tzdb release
 * - `country`: an ISO 3166-1 code, searched in the list of countries the holiday data covers
 * - `number`, `integer`: number fields (decimal or whole)
 * - `boolean`: yes / no / the tool's default
 * - `select`: one of the schema's values
 * - `subdivision`: a region code, searched in the list of the chosen country's subdivisions
 * - `checks`: a list of the schema's values, one tick each
 * - `participants`: a list of people by name and time zone (rows to add and remove), over its JSON text area
 * - `list`: comma-separated values; `json`: a JSON text area; `text`: anything else
 */
export type Control =
  | 'date'
  | 'local'
  | 'instant'
  | 'zone'
  | 'country'
  | 'subdivision'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'checks'
  | 'participants'
  | 'list'
  | 'json'
  | 'text';

export interface InputLabel {
  label: string;
  unit?: string;
  control: Control;
  /** Step of a number field (`any` for coordinates and measures). */
  step?: string;
  min?: number;
  max?: number;
  /** Filled with the visitor's current date or time when the page opens without inputs. */
  now?: boolean;
  /** Shown beside its pair's other half (latitude and longitude). */
  half?: boolean;
}

const lat = (label: string): InputLabel => ({ label, unit: '°', control: 'number', step: 'any', min: -90, max: 90, half: true });
const lon = (label: string): InputLabel => ({ label, unit: '°', control: 'number', step: 'any', min: -180, max: 180, half: true });
const date = (label: string, now = false): InputLabel => ({ label, control: 'date', ...(now ? { now } : {}) });
const int = (label: string, unit?: string, min?: number): InputLabel => ({
  label,
  control: 'integer',
  step: '1',
  ...(unit ? { unit } : {}),
  ...(min !== undefined ? { min } : {}),
});
const measure = (label: string, unit: string): InputLabel => ({ label, unit, control: 'number', step: 'any' });

/** By input name, for every tool. */
const BY_NAME: Record<string, InputLabel> = {
  lat: lat('Latitude'),
  lon: lon('Longitude'),
  from_lat: lat('From latitude'),
  from_lon: lon('From longitude'),
  to_lat: lat('To latitude'),
  to_lon: lon('To longitude'),
  place: { label: 'Place', control: 'text' },
  from_place: { label: 'From place', control: 'text' },
  to_place: { label: 'To place', control: 'text' },
  at: { label: 'Date and time', control: 'instant', now: true },
  date: date('Date'),
  start: date('Start date'),
  end: date('End date'),
  years: int('Years', 'years'),
  months: int('Months', 'months'),
  weeks: int('Weeks', 'weeks'),
  days: int('Days', 'days'),
  holidays: { label: 'Holidays', control: 'list' },
  include_end: { label: 'Count the end date', control: 'boolean' },
  weekend: { label: 'Weekend days', control: 'list' },
  calendar: { label: 'Calendar', control: 'select' },
  era: { label: 'Era', control: 'text' },
  year: int('Year'),
  month: { label: 'Month', control: 'text' },
  day: int('Day', undefined, 1),
  country: { label: 'Country', control: 'country' },
  subdivision: { label: 'Region', control: 'subdivision' },
  types: { label: 'Holiday types', control: 'checks' },
  after: date('After'),
  count: int('How many', undefined, 1),
  limit: int('Most results', undefined, 1),
  timezone: { label: 'Time zone', control: 'zone' },
  source_timezone: { label: 'From time zone', control: 'zone' },
  target_timezone: { label: 'To time zone', control: 'zone' },
  time: { label: 'Local time', control: 'local', now: false },
  rrule: { label: 'Recurrence rule (RRULE)', control: 'text' },
  participants: { label: 'Participants', control: 'participants' },
  start_date: date('First day'),
  end_date: date('Last day'),
  duration_minutes: int('Meeting length', 'min', 1),
  step_minutes: measure('Step between slots', 'min'),
  respect_holidays: { label: 'Avoid public holidays', control: 'boolean' },
  radius_km: measure('Radius', 'km'),
  min_population: int('Smallest population', 'people', 0),
  elevation_m: measure('Elevation', 'm'),
  pressure_hpa: measure('Air pressure', 'hPa'),
  temperature_c: measure('Air temperature', '°C'),
  kind: { label: 'Eclipse', control: 'select' },
};

/** By `tool_name.input`, where a tool means something else by a name. */
const BY_TOOL: Record<string, InputLabel> = {
  'expand_recurrence.start': { label: 'First occurrence (local time)', control: 'local' },
  'expand_recurrence.after': { label: 'Only after', control: 'instant' },
  'expand_recurrence.count': int('Most occurrences', undefined, 1),
  'search_places.q': { label: 'Place name', control: 'text' },
  'search_places.country': { label: 'In country (ISO code)', control: 'text' },
  'moon_phases.start': date('From', true),
  'moon_phases.count': int('Phases to list', undefined, 1),
  'next_holidays.after': date('After', true),
  'next_holidays.count': int('Holidays to list', undefined, 1),
  'eclipses.after': date('After', true),
  'eclipses.count': int('Eclipses to list', undefined, 1),
  'sun_events.date': date('Date', true),
  'sun_events.days': int('Number of days', 'days', 1),
  'sun_events.elevation_m': measure('Height above the terrain', 'm'),
  'moon_events.date': date('Date', true),
  'moon_events.days': int('Number of days', 'days', 1),
  'moon_events.elevation_m': measure('Height above the terrain', 'm'),
  'is_business_day.date': date('Date', true),
  'ephemeris.date': { label: 'Date (00:00 UTC)', control: 'date' },
  'convert_time.date': date('Date of the time'),
  'geo_bounding_box.lat': lat('Centre latitude'),
  'geo_bounding_box.lon': lon('Centre longitude'),
  'seasons.year': int('Year'),
  'list_holidays.year': int('Year'),
};

/** The label, unit and control of a tool's input (undefined when the table has none: a test fails then). */
export const labelOf = (tool: Pick<AnyTool, 'name'>, name: string): InputLabel | undefined => BY_TOOL[`${tool.name}.${name}`] ?? BY_NAME[name];

/** The values an input's schema allows, when it names them (an enum, or a list of one): a select's options, a group of ticks. */
export function optionsOf(tool: AnyTool, name: string): string[] {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { enum?: unknown[]; anyOf?: { enum?: unknown[] }[]; items?: { enum?: unknown[] } }>;
  };
  const p = schema.properties?.[name];
  const values = p?.enum ?? p?.items?.enum ?? p?.anyOf?.flatMap((a) => a.enum ?? []) ?? [];
  return values.filter((v): v is string => typeof v === 'string');
}

/** The words of a tool's inputs as the answer's lead uses them (label and unit by input name); an input with no label keeps its name. */
export const inputWords = (tool: Pick<AnyTool, 'name'>, names: string[]): Record<string, { label: string; unit?: string }> =>
  Object.fromEntries(
    names.map((name) => {
      const l = labelOf(tool, name);
      return [name, { label: l?.label ?? name, ...(l?.unit ? { unit: l.unit } : {}) }];
    }),
  );
