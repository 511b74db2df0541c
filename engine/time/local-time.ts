/**
 * `get_local_time` (GET /v1/time): the local time at a coordinate. The zone comes from a boundary
 * lookup (timezone-boundary-builder polygons), the offset from that zone's IANA rules at the instant.
 *
 * @example
 * localTimeAt(27.7172, 85.324, Date.parse('2026-11-22T08:00:00Z'))
 * //=> { timezone: 'Asia/Kathmandu', local_time: '2026-11-22T13:45:00+05:45', utc_offset: '+05:45',
 * //     abbreviation: '+0545', dst: false, day_of_week: 'Sunday', next_transition: null, resolution: 'land', ... }
 */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, type ToolContext, latitude, longitude, DATE_AND_TIME } from '../tool.ts';
import { InstantOrNow, Latitude, Longitude, Provenance } from '../inputs.ts';
import { DAY_MS, formatOffset, formatUtc, formatWall, WEEKDAYS } from '../instant.ts';
import { catalogueEntry, fixedProvenance, TIMEZONE_BOUNDARIES, TZDB } from '../provenance-catalogue.ts';
import { lookupZones } from './zone-lookup.ts';
import { instantOfLocal, zoneRulesAt, type ZoneRules } from './zone-rules.ts';

export const ABBREVIATIONS = catalogueEntry({
  id: 'time.abbreviations',
  kind: 'detail',
  summary: 'where time-zone abbreviations come from',
  text: `tzdb ${TZDB.value}, the same data as the offsets: its letters (CEST) or its numeric style (+0545)`,
});

export const DST_RULE = catalogueEntry({
  id: 'time.dst-rule',
  kind: 'detail',
  summary: 'when `dst` is true',
  text: 'offset above the standard offset, the lowest offset in force within half a year either side of the instant',
});

export const BOUNDARY_LOOKUP = catalogueEntry({
  id: 'time.boundary-lookup',
  kind: 'method',
  summary: 'zone of a coordinate by boundary polygon, offset from its IANA rules',
  text: 'zone by point-in-polygon boundary lookup; offset, abbreviation, DST and next transition from its IANA rules at the instant, never from longitude',
});

export const NAUTICAL_ZONE = catalogueEntry({
  id: 'time.nautical-zone',
  kind: 'method',
  summary: 'zone of a point at sea: the nautical zone of its 15° band',
  text: "no land boundary contains the point: nautical zone Etc/GMT±N of its 15° longitude band; offset from that zone's IANA rules",
});

/** What every local-time answer uses; the method is the resolution's. */
export const LOCAL_TIME_PARTS = { data: [TIMEZONE_BOUNDARIES, TZDB], details: [ABBREVIATIONS, DST_RULE] } as const;

const landProvenance = fixedProvenance({ ...LOCAL_TIME_PARTS, methods: [BOUNDARY_LOOKUP] });
const oceanProvenance = fixedProvenance({ ...LOCAL_TIME_PARTS, methods: [NAUTICAL_ZONE] });

/**
 * Provenance of one answer: one frozen object per resolution and form, shared by every answer (so its
 * JSON is written once: service/json-writer.ts remembers the JSON of frozen values).
 */
export const localTimeProvenance = (resolution: 'land' | 'ocean', ctx?: ToolContext) => (resolution === 'land' ? landProvenance(ctx) : oceanProvenance(ctx));

export const LocalTimeResult = z.object({
  lat: Latitude,
  lon: Longitude,
  timezone: z.string().describe('Primary IANA zone (canonical); at sea Etc/GMT±N, sign inverted (Etc/GMT+9 = UTC-09:00)'),
  timezones: z.array(z.string()).min(1).describe('All candidate zones, primary first (several on borders, disputed areas, poles)'),
  local_time: z.string().describe('Local time, ISO-8601 with offset'),
  utc_time: z.string().describe('UTC, ISO-8601 with Z'),
  unix_seconds: z.number().int().describe('Unix time, seconds (floored)'),
  unix_ms: z.number().int().describe('Unix time, milliseconds'),
  utc_offset: z.string().describe('±HH:MM (±HH:MM:SS for local mean time)'),
  utc_offset_seconds: z.number().int().describe('UTC offset, seconds, east positive'),
  abbreviation: z.string().describe('tzdb abbreviation (CEST) or numeric style (+0545)'),
  dst: z.boolean().describe('True when the offset is above standard (the lowest offset within ±6 months)'),
  day_of_week: z.enum(WEEKDAYS).describe('Local weekday'),
  next_transition: z
    .object({
      at: z.string().describe('UTC, ISO-8601 with Z'),
      utc_offset_seconds: z.number().int().describe('Offset after the change, seconds'),
    })
    .nullable()
    .describe('Next UTC-offset change; null when none is scheduled'),
  resolution: z.enum(['land', 'ocean']).describe('land: boundary polygon; ocean: nautical zone of the 15° longitude band'),
  note: z.string().optional().describe("Before 1970 only: the boundaries are today's"),
  provenance: Provenance,
});
export type LocalTimeResult = z.output<typeof LocalTimeResult>;

/** A result without its provenance: the batch states provenance once for all its points. */
export const LocalTimeFields = LocalTimeResult.omit({ provenance: true });
export type LocalTimeFields = z.output<typeof LocalTimeFields>;

/** The local time at a coordinate and an instant (epoch ms): the core of `get_local_time` and `get_local_times`. */
export function localTimeAt(lat: number, lon: number, ms: number, ctx?: ToolContext): LocalTimeResult {
  const fields = localTimeFields(lat, lon, ms) as LocalTimeResult;
  fields.provenance = localTimeProvenance(fields.resolution, ctx);
  return fields;
}

export interface ClockFields {
  local_time: string;
  utc_time: string;
  utc_offset: string;
  utc_offset_seconds: number;
  abbreviation: string;
  dst: boolean;
  day_of_week: (typeof WEEKDAYS)[number];
  next_transition: { at: string; utc_offset_seconds: number } | null;
}

/**
 * The texts of one instant that every point of a batch states: its UTC form, and its local time at each
 * offset met so far. A batch formats them once, not once per point, and its answers share them.
 */
export interface InstantTexts {
  ms: number;
  utc: string;
  localByOffset: Map<number, string>;
}

export const instantTexts = (ms: number): InstantTexts => ({ ms, utc: formatUtc(ms), localByOffset: new Map() });

/**
 * Adds the wall-clock fields of an instant in a zone to `into`, in this order, and returns it: shared
 * by get_local_time and get_time_in_zone. Written onto the caller's object, not spread into it, since
 * it runs on every GET /v1/time and every batch point; a batch passes the texts of its instant.
 */
export function addClockFields<T extends object>(into: T, ms: number, rules: Readonly<ZoneRules>, texts?: InstantTexts): T & ClockFields {
  const out = into as T & ClockFields;
  const offset = rules.utc_offset_seconds;
  const written = writtenRules(rules);
  const wall = ms + offset * 1000;
  if (texts?.ms === ms) {
    let local = texts.localByOffset.get(offset);
    if (local === undefined) texts.localByOffset.set(offset, (local = formatWall(wall) + written.utc_offset));
    out.local_time = local;
    out.utc_time = texts.utc;
  } else {
    out.local_time = formatWall(wall) + written.utc_offset; // formatLocal(ms, offset), its offset written once
    out.utc_time = formatUtc(ms);
  }
  out.utc_offset = written.utc_offset;
  out.utc_offset_seconds = offset;
  out.abbreviation = rules.abbreviation;
  out.dst = rules.dst;
  // Day 0 of the epoch, 1970-01-01, was a Thursday (WEEKDAYS[3]).
  out.day_of_week = WEEKDAYS[(((Math.floor(wall / DAY_MS) + 3) % 7) + 7) % 7];
  out.next_transition = written.next_transition;
  return out;
}

type NextTransition = ClockFields['next_transition'];

/**
 * The fields a zone's rules give every answer while they hold, written once per rules object (zone
 * rules are remembered, frozen, for as long as they hold): the offset as text, and the next transition
 * as one frozen object that the answers share (so its JSON is written once too: the JSON writer
 * remembers the JSON of frozen values).
 */
const rulesWritten = new WeakMap<Readonly<ZoneRules>, { utc_offset: string; next_transition: NextTransition }>();

function writtenRules(rules: Readonly<ZoneRules>): { utc_offset: string; next_transition: NextTransition } {
  let written = rulesWritten.get(rules);
  if (written === undefined) {
    const next = rules.next_transition;
    const nextTransition: NextTransition = next && Object.freeze({ at: formatUtc(next.at_ms), utc_offset_seconds: next.utc_offset_seconds });
    written = { utc_offset: formatOffset(rules.utc_offset_seconds), next_transition: nextTransition };
    rulesWritten.set(rules, written);
  }
  return written;
}

/** The wall-clock fields of an instant in a zone, on their own. */
export const clockFields = (ms: number, rules: Readonly<ZoneRules>): ClockFields => addClockFields({}, ms, rules);

/**
 * What an answer before 1970 says: the zone comes from today's boundaries, drawn where clocks agree now;
 * its history is tzdb's (with backzone) for the zone found, which places near today's line may not share.
 */
export const BEFORE_1970 =
  "Before 1970: the zone is the one today's boundaries (timezone-boundary-builder) give this point, with tzdb's history of that zone (backzone included); places near today's boundary may have kept another clock then.";

export function localTimeFields(lat: number, lon: number, ms: number, texts?: InstantTexts): LocalTimeFields {
  const { zones, resolution } = lookupZones(lat, lon);
  const timezone = zones[0];
  const out = addClockFields({ lat, lon, timezone, timezones: zones } as LocalTimeFields, ms, zoneRulesAt(timezone, ms), texts);
  out.unix_seconds = Math.floor(ms / 1000);
  out.unix_ms = ms;
  out.resolution = resolution;
  if (ms < 0 && resolution === 'land') out.note = BEFORE_1970;
  return out;
}

export const localTime = defineTool({
  name: 'get_local_time',
  family: 'time',
  title: 'Local time at a coordinate',
  description: [
    'Local time at a latitude/longitude, now or at an instant, with its IANA zone, UTC offset, DST flag and next offset change.',
    'Call it instead of guessing a zone or offset from longitude or memory. Zone from boundary polygons (Etc/GMT±N at sea); offset from IANA tz rules,',
    'history included.',
  ].join(' '),
  http: { method: 'GET', path: '/v1/time' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.at === undefined,
  input: z.strictObject({ lat: Latitude, lon: Longitude, at: InstantOrNow }),
  output: LocalTimeResult,
  examples: [
    {
      input: { lat: 27.7172, lon: 85.324, at: '2026-11-22T08:00:00Z' },
      expect: {
        timezone: 'Asia/Kathmandu',
        local_time: '2026-11-22T13:45:00+05:45',
        utc_offset: '+05:45',
        dst: false,
        day_of_week: 'Sunday',
        next_transition: null,
        resolution: 'land',
      },
      source: 'IANA tzdb, file asia, Zone Asia/Kathmandu: +05:45 since 1986, no DST; Kathmandu lies in Nepal (27.7172 N, 85.324 E)',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'local-time-at-coordinates',
    name: 'Local time at coordinates',
    formula:
      'zone = boundary lookup of (lat, lon) in the timezone-boundary-builder polygons; local time = UTC instant + the IANA offset of that zone at that instant',
    assumptions: [
      'Coordinates are WGS84 decimal degrees.',
      'Time-zone boundaries come from timezone-boundary-builder; offsets and DST rules from the IANA tz database.',
      'Points at sea fall in the nautical Etc/GMT zones.',
      'Without an instant the current time is used.',
    ],
    keywords: ['local time', 'time zone lookup', 'coordinates to time zone', 'what time is it at'],
    browser: false,
    labels: {
      lat: latitude(),
      lon: longitude(),
      at: DATE_AND_TIME,
    },
    answer: (r, w) => `The local time is ${w.time(r.local_time)} in ${r.timezone}.`,
  },
  run: (input, ctx) => localTimeAt(input.lat, input.lon, input.at ?? ctx.now().getTime(), ctx),
});

/**
 * A wall-clock date and time at a coordinate as an instant: the zone from the boundary lookup, the
 * instant by its rules (a time in a gap moved forward, one in a fold the earlier). For callers outside
 * the tools (the observatory's shares) that need the same reading as get_local_time.
 */
export function wallTimeAt(lat: number, lon: number, date: string, time: string): { timezone: string; utc_offset: string; at: string } {
  const zone = lookupZones(lat, lon).zones[0];
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const { ms } = instantOfLocal(zone, year, month, day, hour, minute);
  return { timezone: zone, utc_offset: formatOffset(zoneRulesAt(zone, ms).utc_offset_seconds), at: formatUtc(ms) };
}
