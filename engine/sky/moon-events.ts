/**
 * `moon_events` (GET /v1/astronomy/moon): moonrise, moonset and the Moon's transit for each local day of a
 * daily table at a place, with the Moon's phase at local noon. The local days are sun_events'
 * (engine/sky/local-day-events.ts); rise, set and transit come from the Moon's track
 * (engine/sky/moon-track.ts: one ephemeris evaluation a day, events solved between culminations as
 * sun_events does, astronomy-engine's searches kept where a culmination grazes the horizon or within 1° of a
 * pole), the phase from a table of the run (engine/sky/moon-phase-table.ts: sky_positions' `moonState`
 * asked about local days, with one search a principal phase instead of one a day). A 366-day table costs
 * tens of milliseconds instead of half a second; `moonDaySearched` is the searches-only reference.
 */
import * as Astronomy from 'astronomy-engine';
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, latitude, longitude, dateInput, wholeNumber, measure, TIME_ZONE } from '../tool.ts';
import { Latitude, Longitude, Provenance } from '../inputs.ts';
import { catalogueEntry } from '../provenance-catalogue.ts';
import { instantOfLocal } from '../time/zone-rules.ts';
import { nearPole, placeDaysUnits, SunEventsInput } from './sun-events.ts';
import { placeDays, placeDaysProvenance, type PlaceDaysRequest, type ZoneFrom } from './place-days.ts';
import { formatEvent, type LocalDay, riseSetIn, transitIn } from './local-day-events.ts';
import { MOON_PHASE_NAMES, moonState } from './sky.ts';
import { MoonTrack } from './moon-track.ts';
import { phaseFromTable, type PhaseTable, phaseTable } from './moon-phase-table.ts';
import { riseSetAltitude, TRACK_MAX_LATITUDE, TrackDay } from './sun-track.ts';

const at = () => z.string().nullable();

export const MoonEventsDay = z.object({
  date: z.string().describe('Local date'),
  moonrise: at(),
  moonset: at(),
  moon_transit: at(),
  phase_name: z.enum(MOON_PHASE_NAMES).describe('Principal phase if its instant is on this local date'),
  illumination_fraction: z.number().describe('0..1'),
  phase_angle_deg: z.number().describe('Moon − Sun ecliptic longitude, 0..360'),
  age_days: z.number().describe('Since the last new moon'),
});
export type MoonEventsDay = z.output<typeof MoonEventsDay>;

export const MoonEventsResult = z.object({
  lat: z.number(),
  lon: z.number(),
  timezone: z.string().describe('Zone of the local days and times'),
  days: z.array(MoonEventsDay).describe('Local times with offset; null: not that day; phase at 12:00 local'),
  provenance: Provenance,
});
export type MoonEventsResult = z.output<typeof MoonEventsResult>;

const MOON_EVENTS = catalogueEntry({
  id: 'moon.events',
  kind: 'method',
  summary: 'moonrise, moonset and transit within local days, and the phase at local noon',
  text:
    "first events within [local midnight, next local midnight) by the zone's tzdb rules: rise and set of the Moon's " +
    'upper limb (topocentric, its semidiameter and parallax) with 34′ refraction, the horizon lowered by the dip for elevation_m; ' +
    'upper transit at hour angle 0. The Moon from astronomy-engine once a day, interpolated (within 1″), events solved between ' +
    'culminations; astronomy-engine’s searches where a culmination grazes the horizon or within 1° of a pole. Phase at 12:00 local: elongation, illuminated fraction, age since the last new moon; a principal ' +
    'phase names the local date its instant falls on. UTC taken as UT1 (ΔT from astronomy-engine). Within 1 minute of USNO at |lat| ≤ 60°',
});

const provenanceFor = placeDaysProvenance(MOON_EVENTS, []);

const MOON = Astronomy.Body.Moon;

/** Noon by the zone's rules on the day's date (on a date the zone skipped, the instant its clocks jumped to). */
function noonOf(zone: string, day: LocalDay): number {
  const [y, m, d] = day.date.split('-').map(Number);
  return instantOfLocal(zone, y, m, d, 12, 0, 0).ms;
}

/** One local day by astronomy-engine's searches alone (sky.ts's moonState for the phase): the reference the fast path is held to. */
export function moonDaySearched(observer: Astronomy.Observer, elevationM: number, zone: string, day: LocalDay): MoonEventsDay {
  return {
    date: day.date,
    moonrise: formatEvent(zone, day, riseSetIn(MOON, observer, +1, day, elevationM)),
    moonset: formatEvent(zone, day, riseSetIn(MOON, observer, -1, day, elevationM)),
    moon_transit: formatEvent(zone, day, transitIn(MOON, observer, day)?.ms ?? null),
    ...phaseOf(moonState(noonOf(zone, day), day)),
  };
}

// The contract's field order: illumination before the angle.
const phaseOf = (s: ReturnType<typeof moonState>) => ({
  phase_name: s.phase_name,
  illumination_fraction: s.illumination_fraction,
  phase_angle_deg: s.phase_angle_deg,
  age_days: s.age_days,
});

/**
 * One local day: rise, set and transit as local times in `zone`, the phase at local noon. Rise, set and
 * transit come from the Moon's track (engine/sky/moon-track.ts: one ephemeris evaluation a day, the
 * searches' answers to a second or two); a rise or set the track cannot bound safely (a culmination within
 * its margin of the horizon, a place within 1° of a pole) is left to astronomy-engine's search.
 */
export function moonDay(
  observer: Astronomy.Observer,
  elevationM: number,
  zone: string,
  day: LocalDay,
  track?: MoonTrack,
  phases?: { table: PhaseTable; index: number },
): MoonEventsDay {
  if (day.endMs <= day.startMs || Math.abs(observer.latitude) > TRACK_MAX_LATITUDE) return moonDaySearched(observer, elevationM, zone, day);
  const tr = track ?? new MoonTrack(observer, day.startMs, day.endMs);
  const today = new TrackDay(tr, day.startMs, day.endMs);
  const horizon = riseSetAltitude(observer, elevationM);
  const riseSet = (direction: 1 | -1) => {
    const ms = today.crossing(horizon, direction, true);
    return ms === undefined ? riseSetIn(MOON, observer, direction, day, elevationM) : ms;
  };
  return {
    date: day.date,
    moonrise: formatEvent(zone, day, riseSet(+1)),
    moonset: formatEvent(zone, day, riseSet(-1)),
    moon_transit: formatEvent(zone, day, today.transit()?.ms ?? null),
    ...phaseFromTable(phases?.table ?? phaseTable([day], [noonOf(zone, day)]), phases?.index ?? 0, noonOf(zone, day), day),
  };
}

export interface MoonEventsRequest extends PlaceDaysRequest {
  elevation_m?: number;
}

/** The whole answer but provenance, and how the zone was found. */
export function moonEvents(input: MoonEventsRequest, nowMs: number): { result: Omit<MoonEventsResult, 'provenance'>; zoneFrom: ZoneFrom } {
  const { lat, lon } = input;
  const { zone, zoneFrom, days: local } = placeDays(input, nowMs);
  const elevationM = input.elevation_m ?? 0;
  const observer = new Astronomy.Observer(lat, lon, elevationM);
  const fromMs = local[0].startMs;
  const toMs = local[local.length - 1].endMs;
  const track = new MoonTrack(observer, fromMs, toMs);
  const table = phaseTable(
    local,
    local.map((day) => noonOf(zone, day)),
  );
  const days = local.map((day, index) => moonDay(observer, elevationM, zone, day, track, { table, index }));
  return { result: { lat, lon, timezone: zone, days }, zoneFrom };
}

export const moonEventsTool = defineTool({
  name: 'moon_events',
  family: 'sky',
  title: 'Moonrise, moonset and phase',
  description:
    'Moonrise, moonset, transit per local day, 1..366 days from date (default today there), 1700..2200, null if none that day; ' +
    'phase at local noon. ±1 min of USNO.',
  http: { method: 'GET', path: '/v1/astronomy/moon' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.date === undefined,
  // sun_events' inputs and checks; shorter place descriptions keep the MCP listing within its budget.
  input: SunEventsInput.extend({
    lat: Latitude,
    lon: Longitude,
    days: SunEventsInput.shape.days.unwrap().optional(), // its range says it: no description
    timezone: SunEventsInput.shape.timezone.describe('Default: place’s'),
  }),
  output: MoonEventsResult,
  examples: [
    {
      input: { lat: 33.8, lon: -84.4, date: '2009-09-06' },
      expect: { timezone: 'America/New_York', days: [{ date: '2009-09-06', phase_name: 'waning_gibbous' }] },
      source:
        'USNO one-day data, Atlanta GA 2009-09-06 (EDT), quoted in the PyEphem manual: Moon transit 2:37 a.m., moonset 9:05 a.m., moonrise 8:44 p.m.; ' +
        'USNO Phases of the Moon 2009: full moon Sep 4 16:03 UT, last quarter Sep 12 02:16 UT (so waning gibbous)',
    },
    {
      input: { lat: 33.8, lon: -84.4, date: '2009-09-06', timezone: 'America/New_York' },
      expect: { timezone: 'America/New_York', days: [{ date: '2009-09-06', phase_name: 'waning_gibbous' }] },
      source: 'As the first example, with the zone named rather than found by the boundary lookup (Atlanta keeps Eastern time: EDT on 6 September 2009)',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'moonrise-moonset',
    name: 'Moonrise and moonset',
    formula:
      "first crossing within [local midnight, next local midnight) of the Moon's upper limb (topocentric) through the horizon with 34′ refraction; transit at hour angle 0; phase at 12:00 local from the Moon − Sun ecliptic longitude",
    assumptions: [
      'Local days run from local midnight to the next by the IANA rules of the zone, so DST-change days are 23 or 25 hours.',
      'The Moon rises about 50 minutes later each day, so about once a month a local day has no moonrise (or no moonset): it is left empty.',
      'Standard refraction of 34′ at the horizon; elevation_m (height above the surrounding terrain) lowers the horizon by its dip.',
      'A principal phase is named on the local date its instant falls on; other days are crescent or gibbous, waxing or waning.',
    ],
    keywords: ['moonrise', 'moonset', 'moon transit', 'moon phase today', 'moon illumination', 'moon age'],
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
      const phase = `${d.phase_name.replace('_', ' ')}, ${Math.round(d.illumination_fraction * 100)}% lit`;
      return `On ${d.date} the Moon rises at ${d.moonrise ? w.clock(d.moonrise) : '(no moonrise)'} and sets at ${d.moonset ? w.clock(d.moonset) : '(no moonset)'} (${r.timezone}); ${phase}.`;
    },
  },
  // bench/work.ts, 2-core machine: 366 days cost 17-21 ms of CPU below 89° and 83-88 ms beyond it (each
  // day searched). Priced at the track's rate; the run charges the searched rate where the place needs it.
  work: {
    rule: 'about 3 ms and 0.06 ms a day (0.3 ms a day beyond 89° latitude): one credit up to 366 days, up to five near the poles',
    estimate: (input) => ({ units: placeDaysUnits(input.days, 60), field: 'days', shrink: 'ask for fewer days in one call' }),
    most: (input) => placeDaysUnits(input.days, nearPole(input.lat) ? 300 : 60),
  },
  run: (input, ctx) => {
    const { result, zoneFrom } = moonEvents(input, ctx.now().getTime());
    ctx.meter?.spend(placeDaysUnits(result.days.length, Math.abs(result.lat) > TRACK_MAX_LATITUDE ? 300 : 60));
    return { ...result, provenance: provenanceFor(zoneFrom, ctx) };
  },
});
