/**
 * `sun_events` (GET /v1/solar/events): sunrise, sunset, solar noon, the three twilights, golden and blue
 * hour and day length for each local day of a daily table at a place, in the place's zone (or a given one).
 * The local-day machinery is engine/sky/local-day-events.ts, the Sun's position along the days
 * engine/sky/sun-track.ts (one ephemeris evaluation every 3 days instead of 13 searches a day: a
 * 366-day table in tens of milliseconds instead of about a second); the definitions are the contract's:
 * rise and set of the upper limb with 34′ refraction (USNO's), twilights and golden/blue hour by the
 * geometric altitude of the Sun's centre.
 */
import * as Astronomy from 'astronomy-engine';
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, latitude, longitude, dateInput, wholeNumber, measure, TIME_ZONE } from '../tool.ts';
import { int, IsoDate, Latitude, Longitude, num, Provenance } from '../inputs.ts';
import { catalogueEntry } from '../provenance-catalogue.ts';
import { ZoneArgument } from '../time/time-in-zone.ts';
import { DATE_RANGE, FIRST_DATE, LAST_DATE, placeDays, placeDaysProvenance, type PlaceDaysRequest, type ZoneFrom } from './place-days.ts';
import { SunTrack, TRACK_MAX_LATITUDE } from './sun-track.ts';
import { sunDay } from './sun-day.ts';

export { SUN_ALTITUDES, sunDay, sunDaySearched } from './sun-day.ts';

export { FIRST_DATE, LAST_DATE } from './place-days.ts';

/** Work units of a table of local days (engine/work.ts): a fixed part and so many a day. */
export const placeDaysUnits = (days: number | undefined, perDay: number) => 3000 + (days ?? 1) * perDay;

/** Whether days at this latitude are searched (beyond TRACK_MAX_LATITUDE, 0.3 ms a day) or unknown yet (a place name). */
export const nearPole = (lat: number | undefined): boolean => lat === undefined || Math.abs(lat) > TRACK_MAX_LATITUDE;

const at = () => z.string().nullable();
const Span = z.object({ begin: at(), end: at() });
const Period = z.object({ morning: Span, evening: Span });

export const SunEventsDay = z.object({
  date: z.string().describe('Local date'),
  sunrise: at(),
  sunset: at(),
  solar_noon: at(),
  solar_noon_elevation_deg: z.number().nullable().describe('Geometric, degrees'),
  day_length_seconds: z.number().int().describe('Sun up within the local day'),
  sun_status: z.enum(['normal', 'midnight_sun', 'polar_night']),
  civil_dawn: at(),
  civil_dusk: at(),
  nautical_dawn: at(),
  nautical_dusk: at(),
  astronomical_dawn: at(),
  astronomical_dusk: at(),
  golden_hour: Period.describe('Sun −4°..+6°'),
  blue_hour: Period.describe('Sun −6°..−4°'),
});
export type SunEventsDay = z.output<typeof SunEventsDay>;

export const SunEventsResult = z.object({
  lat: z.number(),
  lon: z.number(),
  timezone: z.string().describe('Zone of the local days and times'),
  elevation_m: z.number(),
  days: z.array(SunEventsDay).describe('Local times with offset; null: not that day'),
  provenance: Provenance,
});
export type SunEventsResult = z.output<typeof SunEventsResult>;

const SkyDate = IsoDate.refine((d) => d >= FIRST_DATE && d <= LAST_DATE, DATE_RANGE).describe('Local date, 1700..2200');

export const SunEventsInput = z.strictObject({
  lat: Latitude,
  lon: Longitude,
  date: SkyDate.optional(),
  days: int().min(1, 'must be ≥ 1').max(366, 'must be ≤ 366').optional().describe('Default 1'),
  elevation_m: num().min(0, 'must be ≥ 0').max(10000, 'must be ≤ 10000').optional().describe('Above terrain, m'),
  timezone: ZoneArgument.optional().describe('Default: the place’s'),
});

const SUN_EVENTS = catalogueEntry({
  id: 'sun.events',
  kind: 'method',
  summary: 'sunrise, sunset, transit, twilights, golden and blue hour within local days',
  text:
    "first crossings within [local midnight, next local midnight) by the zone's tzdb rules: rise and set of the upper limb " +
    'with 34′ refraction, the horizon lowered by the dip for elevation_m; transit at hour angle 0; twilights at the centre −6°/−12°/−18° ' +
    'geometric, golden hour −4°..+6°, blue hour −6°..−4°. The Sun from astronomy-engine every 3 days, interpolated (within 0.05″), ' +
    'events solved between culminations to 0.05 s; astronomy-engine’s own searches where a culmination grazes the altitude or within 1° of a pole. ' +
    'Rise, set and transit within 1 minute of USNO at |lat| ≤ 60°',
});

const DELTA_T = catalogueEntry({
  id: 'sun.events-time-scale',
  kind: 'detail',
  summary: 'UT and ΔT of the event searches',
  text: 'UTC taken as UT1; ΔT = TT − UT from the Espenak & Meeus (2006) polynomials in astronomy-engine, uncertain by minutes far from the present',
});

const provenanceFor = placeDaysProvenance(SUN_EVENTS, [DELTA_T]);

export interface SunEventsRequest extends PlaceDaysRequest {
  elevation_m?: number;
}

/** The whole answer but provenance, and how the zone was found. */
export function sunEvents(input: SunEventsRequest, nowMs: number): { result: Omit<SunEventsResult, 'provenance'>; zoneFrom: ZoneFrom } {
  const { lat, lon } = input;
  const { zone, zoneFrom, days: local } = placeDays(input, nowMs);
  const elevationM = input.elevation_m ?? 0;
  const observer = new Astronomy.Observer(lat, lon, elevationM);
  const track = new SunTrack(observer, local[0].startMs, local[local.length - 1].endMs);
  const days = local.map((day) => sunDay(observer, elevationM, zone, day, track));
  return { result: { lat, lon, timezone: zone, elevation_m: elevationM, days }, zoneFrom };
}

export const sunEventsTool = defineTool({
  name: 'sun_events',
  family: 'sky',
  title: 'Sunrise, sunset, twilight and day length',
  description:
    'Sunrise, sunset, solar noon, twilights, golden/blue hour, day length per local day at a place, from date (default today ' +
    'there); local times with offset, null if not that day; sun_status for polar day/night. ±1 min of USNO, |lat| ≤ 60°.',
  http: { method: 'GET', path: '/v1/solar/events' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.date === undefined,
  input: SunEventsInput,
  output: SunEventsResult,
  examples: [
    {
      input: { lat: 33.8, lon: -84.4, date: '2009-09-06', timezone: 'America/New_York' },
      expect: { timezone: 'America/New_York', days: [{ date: '2009-09-06', sun_status: 'normal' }] },
      source:
        'USNO one-day data for Atlanta, Georgia (N33.8, W84.4), 2009-09-06, EDT: sunrise 7:15 a.m., transit 1:36 p.m., sunset 7:56 p.m. (quoted in the PyEphem manual, "Naval Observatory Risings and Settings")',
    },
    {
      input: { lat: 60, lon: 0, date: '2019-06-21' },
      expect: { timezone: 'Etc/GMT', days: [{ date: '2019-06-21', sun_status: 'normal', solar_noon_elevation_deg: 53.4 }] },
      source:
        'USNO, Rise and Set for the Sun for 2019, 000 00 N60 00: June 21 rise 02:36, set 21:28 UT; noon elevation 90° − 60° + δ, δ = +23°26′ at the June solstice (Astronomical Almanac)',
    },
    {
      input: { lat: 80, lon: 0, date: '2019-12-21' },
      expect: { days: [{ sunrise: null, sunset: null, day_length_seconds: 0, sun_status: 'polar_night' }] },
      source: 'USNO, Rise and Set for the Sun for 2019, 000 00 N80 00: Dec. 21 "----" (continuously below the horizon)',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'sunrise-sunset',
    name: 'Sunrise and sunset',
    formula:
      "first crossing within [local midnight, next local midnight) of the Sun's upper limb through the horizon with 34′ refraction (rise, set), of the centre through −6°, −12°, −18° (twilights), −4° and +6° (golden and blue hour); solar noon at hour angle 0",
    assumptions: [
      'Local days run from local midnight to the next by the IANA rules of the zone, so DST-change days are 23 or 25 hours.',
      'Standard refraction of 34′ at the horizon; real refraction varies with the weather by a minute or more.',
      'elevation_m is the height above the surrounding terrain: it lowers the horizon by its dip.',
      'An event that does not happen within a local day is left empty.',
    ],
    keywords: ['sunrise', 'sunset', 'twilight', 'golden hour', 'blue hour', 'day length', 'solar noon'],
    browser: 'with-timezone',
    labels: {
      lat: latitude(),
      lon: longitude(),
      date: dateInput('Date', true),
      days: wholeNumber('Number of days', 'days', 1),
      elevation_m: measure('Height above the terrain', 'm'),
      timezone: TIME_ZONE,
    },
    answer: (r, w) => {
      const d = r.days[0];
      if (d.sun_status === 'midnight_sun') return `On ${d.date} the Sun does not set (midnight sun).`;
      if (d.sun_status === 'polar_night') return `On ${d.date} the Sun does not rise (polar night).`;
      return `On ${d.date} the Sun rises at ${d.sunrise ? w.clock(d.sunrise) : '(no sunrise)'} and sets at ${d.sunset ? w.clock(d.sunset) : '(no sunset)'} (${r.timezone}).`;
    },
  },
  // bench/work.ts, 2-core machine: 366 days cost 6-10 ms of CPU below 89° and 80-85 ms beyond it, where
  // each day's events are searched rather than read off the Sun's track. Priced at the track's rate;
  // the run charges the searched days' rate where the place turns out to need it (a place name).
  work: {
    rule: 'about 3 ms and 0.04 ms a day (0.3 ms a day beyond 89° latitude): one credit up to 366 days, up to five near the poles',
    estimate: (input) => ({ units: placeDaysUnits(input.days, 40), field: 'days', shrink: 'ask for fewer days in one call' }),
    most: (input) => placeDaysUnits(input.days, nearPole(input.lat) ? 300 : 40),
  },
  run: (input, ctx) => {
    const { result, zoneFrom } = sunEvents(input, ctx.now().getTime());
    ctx.meter?.spend(placeDaysUnits(result.days.length, Math.abs(result.lat) > TRACK_MAX_LATITUDE ? 300 : 40));
    return { ...result, provenance: provenanceFor(zoneFrom, ctx) };
  },
});
