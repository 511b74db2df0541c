/**
 * `seasons` (GET /v1/astronomy/seasons): a year's equinoxes and solstices, and the Earth's perihelion and
 * aphelion, in time order. Equinoxes and solstices: the Sun's apparent geocentric ecliptic longitude at
 * 0°, 90°, 180°, 270° (astronomy-engine `Seasons`). Apsides: the extremes of the distance between the
 * centres of the Earth and the Sun (engine/sky/earth-apsides.ts, from VSOP87's radius series); the Moon
 * pulls the Earth's centre around, so a calendar year can hold two perihelia (1800: Jan 1 and Dec 31) or
 * none (1802).
 */
import { Seasons } from 'astronomy-engine';
import { z } from 'zod';
import { CALCULATION, defineTool, type ToolContext, wholeNumber, TIME_ZONE } from '../tool.ts';
import { int, Provenance } from '../inputs.ts';
import { catalogueEntry, EPHEMERIS, fixedProvenance, TZDB } from '../provenance-catalogue.ts';
import { ZoneArgument } from '../time/time-in-zone.ts';
import { earthApsides } from './earth-apsides.ts';
import { eventTimes, SKY_FIRST_YEAR, SKY_LAST_YEAR, startOfDate, wholeSecond } from './moon-phases.ts';

export const SEASON_EVENTS = ['march_equinox', 'june_solstice', 'september_equinox', 'december_solstice', 'perihelion', 'aphelion'] as const;
type SeasonEvent = (typeof SEASON_EVENTS)[number];

const METHOD = catalogueEntry({
  id: 'sky.seasons',
  kind: 'method',
  summary: "equinoxes and solstices, and the Earth's perihelion and aphelion, of a year",
  text:
    "equinoxes and solstices: the instants the Sun's apparent geocentric ecliptic longitude of date is 0°, 90°, 180°, 270° " +
    '(astronomy-engine Seasons), within 3 minutes of USNO "Earth\'s Seasons and Apsides" (at most 113 s on the USNO rows tested, 1800–2100); ' +
    'perihelion and aphelion: the instants the distance between the centres of the Sun and the Earth itself (not the Earth–Moon ' +
    "barycentre) stops falling or rising, from VSOP87's radius series (Bretagnon & Francou 1988, the 578 terms that move them in 1700–2300), " +
    'within 2 minutes of USNO (at most 69 s in 2020–2030 and 115 s in 1800–2100, measured on every USNO apsis). ' +
    'TT converted to UT with the ΔT model (UTC taken as UT), rounded to the whole second',
});

const YEAR_WINDOW = catalogueEntry({
  id: 'sky.seasons-year',
  kind: 'detail',
  summary: 'which apsides a year lists',
  text:
    'the apsides whose instant falls within the calendar year (UTC, or the local year in timezone): the Moon shifts the ' +
    "Earth's perihelion by up to a day and a half, so a year can hold none, one or two",
});

const provenanceUtc = fixedProvenance({ data: [EPHEMERIS], methods: [METHOD], details: [YEAR_WINDOW] });
const provenanceZoned = fixedProvenance({ data: [EPHEMERIS, TZDB], methods: [METHOD], details: [YEAR_WINDOW] });

export const SeasonsResult = z.object({
  year: z.number().int(),
  events: z.array(
    z.object({
      event: z.enum(SEASON_EVENTS),
      at: z.string().describe('UTC, whole seconds'),
      local_time: z.string().optional().describe('With timezone only'),
      distance_au: z.number().optional().describe('Sun–Earth distance, AU; apsides only'),
    }),
  ),
  provenance: Provenance,
});
export type SeasonsAnswer = z.output<typeof SeasonsResult>;

/** A year's events as instants: the four seasons and the apsides within [fromMs, toMs). */
export function seasonEvents(year: number, fromMs: number, toMs: number): { event: SeasonEvent; ms: number; distance_au?: number }[] {
  const s = Seasons(year);
  const events: { event: SeasonEvent; ms: number; distance_au?: number }[] = [
    { event: 'march_equinox', ms: wholeSecond(s.mar_equinox.date.getTime()) },
    { event: 'june_solstice', ms: wholeSecond(s.jun_solstice.date.getTime()) },
    { event: 'september_equinox', ms: wholeSecond(s.sep_equinox.date.getTime()) },
    { event: 'december_solstice', ms: wholeSecond(s.dec_solstice.date.getTime()) },
  ];
  for (const apsis of earthApsides(fromMs, toMs)) {
    const ms = wholeSecond(apsis.time.date.getTime());
    if (ms >= fromMs && ms < toMs) events.push({ event: apsis.kind, ms, distance_au: Number(apsis.distanceAu.toFixed(6)) });
  }
  return events.sort((a, b) => a.ms - b.ms);
}

export function seasonsAnswer(input: { year: number; timezone?: { zone: string } }, ctx?: ToolContext): SeasonsAnswer {
  const zone = input.timezone?.zone;
  const { year } = input;
  const events = seasonEvents(year, startOfDate(`${year}-01-01`, zone), startOfDate(`${year + 1}-01-01`, zone)).map(({ event, ms, distance_au }) => ({
    event,
    ...eventTimes(ms, zone),
    ...(distance_au === undefined ? {} : { distance_au }),
  }));
  return { year, events, provenance: (zone === undefined ? provenanceUtc : provenanceZoned)(ctx) };
}

export const seasons = defineTool({
  name: 'seasons',
  family: 'sky',
  title: 'Equinoxes, solstices and apsides of a year',
  description:
    "A year's equinoxes and solstices and the Earth's perihelion and aphelion (with distance_au), in time order. Call it instead of " +
    'assuming fixed dates. UTC to the second; equinoxes and solstices within 3 min of ' +
    'USNO, apsides within 2 min (0–2 perihelia a year).',
  http: { method: 'GET', path: '/v1/astronomy/seasons' },
  auth: 'key',
  cache: 'deterministic',
  input: z.strictObject({
    year: int()
      .min(SKY_FIRST_YEAR, `must be ≥ ${SKY_FIRST_YEAR}`)
      .max(SKY_LAST_YEAR, `must be ≤ ${SKY_LAST_YEAR}`)
      .describe(`Year, ${SKY_FIRST_YEAR}..${SKY_LAST_YEAR}`),
    timezone: ZoneArgument.optional().describe('Zone of local_time and of the year'),
  }),
  output: SeasonsResult,
  examples: [
    {
      input: { year: 2026 },
      expect: {
        year: 2026,
        events: [
          { event: 'perihelion', at: '2026-01-03T17:15:32Z' },
          { event: 'march_equinox' },
          { event: 'june_solstice' },
          { event: 'aphelion', at: '2026-07-06T17:30:10Z' },
          { event: 'september_equinox' },
          { event: 'december_solstice' },
        ],
      },
      source:
        'USNO "Earth\'s Seasons and Apsides" 2026 (UT): perihelion Jan 3 17:15, equinox Mar 20 14:46, solstice Jun 21 08:24, aphelion Jul 6 17:30, equinox Sep 23 00:05, solstice Dec 21 20:50; the apsides fall within those minutes',
    },
    {
      input: { year: 2026, timezone: 'Asia/Tokyo' },
      expect: {
        year: 2026,
        events: [
          { event: 'perihelion' },
          { event: 'march_equinox' },
          { event: 'june_solstice' },
          { event: 'aphelion' },
          { event: 'september_equinox' },
          { event: 'december_solstice', local_time: '2026-12-22T05:50:22+09:00' },
        ],
      },
      source:
        'USNO "Earth\'s Seasons and Apsides" 2026 (UT) as above, in Japan Standard Time (UTC+09:00 all year): the December solstice falls on Dec 22 05:50 local',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'equinoxes-and-solstices',
    name: 'Equinoxes and solstices',
    formula:
      "equinox/solstice: the Sun's apparent ecliptic longitude = 0°, 90°, 180°, 270°; perihelion/aphelion: the minimum/maximum of the Sun–Earth distance",
    assumptions: [
      'Times are UT from the ephemeris with its ΔT model, rounded to the whole second; equinoxes and solstices within 3 minutes of USNO.',
      'Perihelion and aphelion are for the Earth’s centre (not the Earth–Moon barycentre): within 2 minutes of USNO.',
      'A year lists the apsides that fall in it (UTC, or local time with a time zone): sometimes none or two perihelia.',
    ],
    keywords: ['equinox', 'solstice', 'first day of spring', 'longest day', 'perihelion', 'aphelion', 'seasons'],
    browser: true,
    labels: {
      year: wholeNumber('Year'),
      timezone: { ...TIME_ZONE, help: 'Zone of the local times and of the year' },
    },
    answer: (r, w) => {
      const find = (name: string) => r.events.find((e) => e.event === name);
      const when = (e: { local_time?: string; at: string } | undefined) => (e ? w.time(e.local_time ?? e.at) : '(not found)');
      return `In ${r.year} the March equinox is at ${when(find('march_equinox'))} and the June solstice at ${when(find('june_solstice'))}.`;
    },
  },
  run: (input, ctx) => seasonsAnswer(input, ctx),
});
