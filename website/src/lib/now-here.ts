/**
 * "Now and here" (issue 32): the place a page opens on and the input of a time calculator for that
 * moment and place. In the browser: the visitor's zone (Intl's resolvedOptions().timeZone), its city and
 * country from tzdb's zone.tab (datasets/tzdb/zone-tab.json: the position tzdb gives the zone's principal
 * city, America/New_York → New York, 40.7142° N 74.0064° W, US); at build time: a stated place, London,
 * on the build's day. Browser-safe; wall times come from the engine's tzdb release (never Intl's data).
 */
import zoneTab from '../../../datasets/tzdb/zone-tab.json' with { type: 'json' };
import { formatWall, offsetSecondsAt } from '../../../engine/browser/index.ts';
import type { AnyTool } from '../../../engine/browser/index.ts';

/** A place a page opens on: a city with its position, the zone its clock reads and its country. */
export interface Here {
  city: string;
  lat: number;
  lon: number;
  /** The zone the answers are read in (the visitor's own, canonical where it is a link). */
  zone: string;
  /** ISO 3166 alpha-2 code; none for UTC and fixed-offset zones. */
  country?: string;
  /** Why the place is a stated one rather than the zone's own city (UTC, Etc/*, a zone without a city). */
  stated?: string;
}

/** The place pages are built for, and the one a zone without a city falls back to: London (Trafalgar Square). */
export const LONDON: Here = { city: 'London', lat: 51.5074, lon: -0.1278, zone: 'Europe/London', country: 'GB' };

const ZONES = zoneTab.zones as unknown as Record<string, [number, number, string]>;

/** A zone's city in words: the last part of its name, `_` as spaces (America/Argentina/Buenos_Aires → Buenos Aires). */
export const cityOfZone = (zone: string): string => zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ');

/**
 * The place of a zone: zone.tab's city of the zone, or of the zone a link names (`canonical`: the
 * engine's tzdb links, Asia/Calcutta → Asia/Kolkata); for a zone zone.tab has no line for (UTC, Etc/*,
 * CET), London, stated so, with the visitor's zone kept for the clock.
 */
export function placeOfZone(zone: string, canonical: (zone: string) => string | undefined = () => undefined): Here {
  const name = ZONES[zone] ? zone : (canonical(zone) ?? '');
  const line = ZONES[name];
  if (!line) return { ...LONDON, zone, country: undefined, stated: `your time zone, ${zone}, names no city` };
  const [lat, lon, country] = line;
  return { city: cityOfZone(name), lat, lon, zone: name, country };
}

/** Whether a tool's answer depends on the moment it is asked: it reads the clock, or opens on a "now" field or this year. */
export function timeDependent(tool: AnyTool): boolean {
  const labels = tool.calculator?.labels ?? {};
  return Boolean(tool.usesClock) || Object.values(labels).some((l) => l.now) || thisYearField(tool) !== undefined;
}

const shapeOf = (tool: AnyTool) => (tool.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};

/** `year` of a tool that counts years of the Gregorian calendar (holidays, seasons; not the calendar converter's own year). */
const thisYearField = (tool: AnyTool) => ('year' in shapeOf(tool) && !('calendar' in shapeOf(tool)) ? 'year' : undefined);

/** Inputs that belong to the example's place, not to the one put in its stead. */
const PLACE_BOUND = ['place', 'elevation_m', 'pressure_hpa', 'temperature_c'];

/** The wall time at an instant in a zone, `YYYY-MM-DDTHH:MM` (the engine's tzdb). */
export const wallTime = (ms: number, zone: string): string => formatWall(ms + offsetSecondsAt(zone, ms) * 1000).slice(0, 16);

/**
 * A time calculator's input for a moment and a place, from the page's input (the worked example at
 * build time, the form's values in the browser): "now" fields the moment (instants in UTC, dates and
 * local times on the place's clock), the place pair the place, zone fields its zone, the country its
 * country, this year's year; the time-zone converter the current wall time in the from-zone (the
 * place's). A tool answering for today given only a zone (week number, calendar converter) gets only
 * the zone. Undefined for a tool whose answer does not depend on the moment.
 */
export function nowInput(
  tool: AnyTool,
  base: Record<string, unknown>,
  here: Here,
  nowMs: number,
  /** The wall time at the place, when known without the engine's rules (the visitor's own clock). */
  ownWall?: string,
): Record<string, unknown> | undefined {
  if (!timeDependent(tool)) return undefined;
  const shape = shapeOf(tool);
  const labels = tool.calculator?.labels ?? {};
  const wall = ownWall ?? wallTime(nowMs, here.zone);
  // date_info, convert_calendar: no date means today in `timezone`.
  if (tool.usesClock && 'timezone' in shape && !Object.values(labels).some((l) => l.now)) {
    const parsed = tool.input.safeParse({ timezone: here.zone });
    if (parsed.success && tool.usesClock(parsed.data)) return { timezone: here.zone };
  }
  const input: Record<string, unknown> = { ...base };
  for (const [name, label] of Object.entries(labels)) {
    if (!label.now) continue;
    if (label.control === 'instant') input[name] = new Date(Math.floor(nowMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    else if (label.control === 'date') input[name] = wall.slice(0, 10);
    else if (label.control === 'local') input[name] = wall;
  }
  const hasPair = 'lat' in shape && 'lon' in shape;
  if (hasPair) {
    for (const name of PLACE_BOUND) delete input[name];
    Object.assign(input, { lat: here.lat, lon: here.lon });
  }
  if ('timezone' in shape) input.timezone = here.zone;
  if ('source_timezone' in shape) {
    // The converter: now, on the place's clock, to the page's other zone (UTC when that is the same).
    input.source_timezone = here.zone;
    input.time = wall;
    delete input.date;
    if (input.target_timezone === here.zone) input.target_timezone = 'UTC';
  }
  if ('country' in shape && here.country && labels.country?.control === 'country') {
    if (String(input.country ?? '').toUpperCase() !== here.country) delete input.subdivision;
    input.country = here.country;
  }
  const year = thisYearField(tool);
  if (year) input[year] = Number(wall.slice(0, 4));
  // In the input's own order where it had the name, the rest after (the answer's lead names them so).
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ''));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `28 November 2026` from `2026-11-28`. */
export const dayWords = (date: string): string => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** Whether a tool's input names a place (a coordinate pair), and so its answer is for a city. */
export const takesPlace = (tool: AnyTool): boolean => 'lat' in shapeOf(tool) && 'lon' in shapeOf(tool);

/** Whether the answer is for this instant (a "now" instant or local time) rather than for today. */
export const isInstant = (tool: AnyTool): boolean =>
  Object.values(tool.calculator?.labels ?? {}).some((l) => l.now && l.control !== 'date') || 'source_timezone' in shapeOf(tool);
