/**
 * `moon_phases` (GET /v1/astronomy/moon-phases): the principal phases of the Moon (new, first quarter,
 * full, last quarter) at or after the start of a date, in time order, from astronomy-engine's search for
 * the instants the Moon's geocentric ecliptic longitude is 0°, 90°, 180° and 270° ahead of the Sun's.
 */
import { type MoonQuarter, NextMoonQuarter, SearchMoonQuarter } from 'astronomy-engine';
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, type ToolContext, dateInput, wholeNumber, TIME_ZONE } from '../tool.ts';
import { int, IsoDate, Provenance } from '../inputs.ts';
import { DAY_MS, formatLocal, formatUtc } from '../instant.ts';
import { catalogueEntry, EPHEMERIS, fixedProvenance, TZDB } from '../provenance-catalogue.ts';
import { instantOfLocal, offsetSecondsAt, todayIn } from '../time/zone-rules.ts';
import { ZoneArgument } from '../time/time-in-zone.ts';

/** The dates (and years) the sky tools answer for. */
export const SKY_FIRST_YEAR = 1700;
export const SKY_LAST_YEAR = 2200;
const RANGE_MESSAGE = `must lie between ${SKY_FIRST_YEAR}-01-01 and ${SKY_LAST_YEAR}-12-31`;

export const PHASES = ['new_moon', 'first_quarter', 'full_moon', 'last_quarter'] as const;

/** A date of the sky tools' range, `YYYY-MM-DD`. */
const SkyDate = IsoDate.refine((s) => {
  const year = Number(s.slice(0, 4));
  // A malformed date already has IsoDate's message: no second one.
  return !(year < SKY_FIRST_YEAR || year > SKY_LAST_YEAR);
}, RANGE_MESSAGE);

/** An instant rounded to the whole second, as every sky event is written. */
export const wholeSecond = (ms: number): number => Math.round(ms / 1000) * 1000;

/** `at` (UTC) and, in a zone, `local_time` with the offset in force at that instant. */
export function eventTimes(ms: number, zone: string | undefined): { at: string; local_time?: string } {
  const at = formatUtc(ms);
  return zone === undefined ? { at } : { at, local_time: formatLocal(ms, offsetSecondsAt(zone, ms)) };
}

/** The instant a date begins: 00:00 UTC, or local midnight in a zone (by its rules: not always 00:00 + offset). */
export function startOfDate(date: string, zone: string | undefined): number {
  const [y, m, d] = date.split('-').map(Number);
  return zone === undefined ? Date.UTC(y, m - 1, d) : instantOfLocal(zone, y, m, d, 0, 0).ms;
}

const METHOD = catalogueEntry({
  id: 'moon.phases',
  kind: 'method',
  summary: 'instants of new moon, first quarter, full moon and last quarter',
  text:
    "the instants the Moon's geocentric apparent ecliptic longitude is 0°, 90°, 180° and 270° ahead of the Sun's (astronomy-engine " +
    'SearchMoonQuarter), found in TT and converted to UT with its ΔT model (UTC taken as UT), rounded to the whole second; ' +
    'within 2 minutes of USNO "Phases of the Moon" (at most 72 s on the USNO rows tested, 1800–2100)',
});

const provenanceUtc = fixedProvenance({ data: [EPHEMERIS], methods: [METHOD] });
const provenanceZoned = fixedProvenance({ data: [EPHEMERIS, TZDB], methods: [METHOD] });

export const MoonPhasesResult = z.object({
  start: z.string().describe('Date searched from, YYYY-MM-DD'),
  phases: z.array(
    z.object({
      phase: z.enum(PHASES),
      at: z.string().describe('UTC, whole seconds'),
      local_time: z.string().optional().describe('With timezone only'),
    }),
  ),
  provenance: Provenance,
});
export type MoonPhases = z.output<typeof MoonPhasesResult>;

/** The principal phases at or after an instant, `count` of them. */
export function phasesFrom(startMs: number, count: number): { phase: (typeof PHASES)[number]; ms: number }[] {
  // Start a day early: a phase within a second of the start rounds onto it and is listed.
  let quarter: MoonQuarter = SearchMoonQuarter(new Date(startMs - DAY_MS));
  const out: { phase: (typeof PHASES)[number]; ms: number }[] = [];
  while (out.length < count) {
    const ms = wholeSecond(quarter.time.date.getTime());
    if (ms >= startMs) out.push({ phase: PHASES[quarter.quarter], ms });
    quarter = NextMoonQuarter(quarter);
  }
  return out;
}

export function moonPhasesAnswer(input: { start?: string; count?: number; timezone?: { zone: string } }, ctx: ToolContext): MoonPhases {
  const zone = input.timezone?.zone;
  const start = input.start ?? todayIn(zone, ctx.now().getTime());
  const phases = phasesFrom(startOfDate(start, zone), input.count ?? 4).map(({ phase, ms }) => ({ phase, ...eventTimes(ms, zone) }));
  return { start, phases, provenance: (zone === undefined ? provenanceUtc : provenanceZoned)(ctx) };
}

export const moonPhases = defineTool({
  name: 'moon_phases',
  family: 'sky',
  title: 'Moon phases: new, quarters and full',
  description:
    'Instants of the principal Moon phases (new, first quarter, full, last quarter) at or after a date, in order. Call it instead of ' +
    'estimating. UTC to the second, within 2 min of USNO.',
  http: { method: 'GET', path: '/v1/astronomy/moon-phases' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.start === undefined,
  input: z.strictObject({
    start: SkyDate.optional().describe(`YYYY-MM-DD, ${SKY_FIRST_YEAR}..${SKY_LAST_YEAR}; default today`),
    count: int().min(1, 'must be ≥ 1').max(100, 'must be ≤ 100').optional().describe('Default 4'),
    timezone: ZoneArgument.optional().describe('Zone of local_time and of the start midnight'),
  }),
  output: MoonPhasesResult,
  examples: [
    {
      input: { start: '2026-01-01' },
      expect: { start: '2026-01-01', phases: [{ phase: 'full_moon' }, { phase: 'last_quarter' }, { phase: 'new_moon' }, { phase: 'first_quarter' }] },
      source: 'USNO "Phases of the Moon" 2026 (UT): full moon Jan 3 10:03, last quarter Jan 10 15:48, new moon Jan 18 19:52, first quarter Jan 26 04:47',
    },
    {
      input: { start: '2000-01-21', count: 2, timezone: 'Asia/Tokyo' },
      expect: { phases: [{ phase: 'full_moon' }, { phase: 'last_quarter' }] },
      source: 'USNO "Phases of the Moon" 2000 (UT): full moon Jan 21 04:40 (13:40 in Tokyo, UTC+9), last quarter Jan 28 07:57',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'moon-phases',
    name: 'Moon phases',
    formula: "phase instants: the Moon's geocentric ecliptic longitude minus the Sun's = 0° (new), 90° (first quarter), 180° (full), 270° (last quarter)",
    assumptions: [
      'Times are UT from the ephemeris with its ΔT model, rounded to the whole second; within 2 minutes of USNO.',
      'The search starts at 00:00 UTC of the start date, or at local midnight when a time zone is given.',
      'Start dates 1700-01-01 to 2200-12-31; the phases listed may run past 2200.',
    ],
    keywords: ['moon phases', 'next full moon', 'new moon date', 'lunar calendar', 'first quarter moon'],
    browser: true,
    labels: {
      start: dateInput('From', true),
      count: wholeNumber('Phases to list', undefined, 1),
      timezone: { ...TIME_ZONE, help: 'Zone of the phases’ local times and of the start date’s midnight' },
    },
    answer: (r, w) =>
      r.phases.length
        ? `From ${r.start}, the next principal phase is the ${r.phases[0].phase.replace('_', ' ')} at ${w.time(r.phases[0].local_time ?? r.phases[0].at)}.`
        : `No phases listed from ${r.start}.`,
  },
  // bench/work.ts, 2-core machine: 100 phases cost 8-9 ms of CPU.
  work: {
    rule: 'about 1 ms and 0.1 ms a phase: one credit',
    estimate: (input) => ({ units: 1000 + (input.count ?? 4) * 100, field: 'count', shrink: 'ask for fewer phases in one call' }),
  },
  run: (input, ctx) => moonPhasesAnswer(input, ctx),
});
