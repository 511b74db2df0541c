/**
 * `convert_time` (GET /v1/time/convert): a wall-clock time in one zone, as the wall-clock time in
 * another. The local time is read as Temporal's 'compatible' disambiguation reads it: a time that does not
 * exist (DST gap) moves forward by the gap's length and `gap_adjusted` says so; a time that occurs
 * twice (DST fold) is the earlier instant and `fold` says "earlier" (null otherwise).
 *
 * @example
 * run({ time: '2026-11-22T09:00', source_timezone: 'Europe/Paris', target_timezone: 'Asia/Kathmandu' })
 * //=> { source: { timezone: 'Europe/Paris', local_time: '2026-11-22T09:00:00+01:00', utc_offset: '+01:00', ... },
 * //     target: { timezone: 'Asia/Kathmandu', local_time: '2026-11-22T13:45:00+05:45', ... },
 * //     utc_time: '2026-11-22T08:00:00Z', time_difference: '+4h45m', fold: null, gap_adjusted: false, ... }
 */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, ToolInputError, type ToolContext, dateInput } from '../tool.ts';
import { IsoDate, Provenance } from '../inputs.ts';
import { DAY_MS, formatLocal, formatOffset, formatUtc, isoDateProblem, MAX_INSTANT_MS, MIN_INSTANT_MS, WEEKDAYS } from '../instant.ts';
import { LocalTimeResult } from './local-time.ts';
import { instantOfLocal, zoneRulesAt } from './zone-rules.ts';
import type { ResolvedZone } from './zone-names.ts';
import { catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import { DEFAULT_ZONE, NAMED_ZONE_PARTS, resolutionFields, resolutionNote, ResolvedFrom, ZONE_BY_NAME, ZoneArgument } from './time-in-zone.ts';

export interface LocalClock {
  date?: string;
  hour: number;
  minute: number;
  second: number;
}

const FORMAT = 'must be a local time HH:MM or a local date-time YYYY-MM-DDTHH:MM[:SS]';
const LOCAL = /^(?:(\d{4}-\d{2}-\d{2})[Tt ])?(\d{1,2}):(\d{2})(?::(\d{2}))?$/; // H:MM read as 0H:MM
const WITH_OFFSET = /^(?:\d{4}-\d{2}-\d{2}[Tt ])?\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;

/** Reads `HH:MM[:SS]` or `YYYY-MM-DDTHH:MM[:SS]`; the reason it is not one, as a string, otherwise. */
export function parseLocalClock(text: string): LocalClock | string {
  const t = text.trim();
  if (WITH_OFFSET.test(t)) return 'must be local to source_timezone, without Z or a UTC offset (name the zone in source_timezone)';
  const m = LOCAL.exec(t);
  if (!m) return FORMAT;
  const [, date, hh, mm, ss = '00'] = m;
  if (date) {
    const problem = isoDateProblem(date);
    if (problem) return `date part ${problem}`;
  }
  if (Number(hh) > 23) return `hour must be 00..23${hh === '24' ? ' (24:00 is 00:00 of the next day)' : ''}`;
  if (Number(mm) > 59) return 'minute must be 00..59';
  if (Number(ss) > 59) return 'second must be 00..59';
  return { ...(date ? { date } : {}), hour: Number(hh), minute: Number(mm), second: Number(ss) };
}

const LocalClockArgument = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : FORMAT) })
  .transform((value, ctx): LocalClock => {
    const parsed = parseLocalClock(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed, input: value });
      return z.NEVER;
    }
    return parsed;
  })
  .describe('Local time in the source zone: HH:MM[:SS] or YYYY-MM-DDTHH:MM[:SS]; no Z or offset');

export const ConvertTimeInput = z
  .strictObject({
    time: LocalClockArgument,
    date: IsoDate.optional().describe('Date of an HH:MM time, YYYY-MM-DD; default today in the source zone; not with a dated time'),
    source_timezone: ZoneArgument.optional(),
    target_timezone: ZoneArgument.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.time.date !== undefined && input.date !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'must be omitted when time already gives a date (YYYY-MM-DDTHH:MM)', input: input.date });
    }
  });

const s = LocalTimeResult.shape;

const ZoneSide = z.object({
  timezone: z.string().describe('Canonical IANA zone, or a fixed offset (+05:30)'),
  local_time: s.local_time,
  utc_offset: s.utc_offset,
  utc_offset_seconds: s.utc_offset_seconds,
  abbreviation: s.abbreviation,
  dst: s.dst,
  day_of_week: s.day_of_week,
  resolved_from: ResolvedFrom.optional(),
  candidates: z.array(z.string()).optional().describe('Abbreviation or Windows ID: other zones it stands for (≤ 10)'),
});

export const ConvertTimeResult = z.object({
  source: ZoneSide.describe('The time in the source zone (after any DST-gap shift)'),
  target: ZoneSide.describe('The same instant in the target zone'),
  utc_time: s.utc_time,
  time_difference: z.string().describe('Target minus source offset: +5h45m, -3h30m, +0h'),
  time_difference_seconds: z.number().int().describe('The same, seconds'),
  date_difference_days: z.number().int().describe('Target local date minus source local date, days'),
  fold: z.enum(['earlier']).nullable().describe('"earlier": the local time occurs twice (DST fold), the earlier instant taken; else null'),
  gap_adjusted: z.boolean().describe('True when the local time does not exist (DST gap) and was moved forward by the gap'),
  note: z.string().optional().describe('What was assumed (omitted zone or date, abbreviation, legacy name, gap, fold)'),
  provenance: Provenance,
});
export type ConvertTimeResult = z.output<typeof ConvertTimeResult>;

/** `+8h`, `+5h45m`, `-3h30m`, `+0h` (seconds only for local-mean-time offsets); unsigned: `1h`, `30m`. */
export function formatDifference(seconds: number, signed = true): string {
  const a = Math.abs(seconds);
  const [h, m, sec] = [Math.floor(a / 3600), Math.floor((a % 3600) / 60), a % 60];
  const hours = signed || h || (!m && !sec) ? `${h}h` : ''; // a length alone reads "30m", a difference "+0h30m"
  return `${signed ? (seconds < 0 ? '-' : '+') : ''}${hours}${m ? `${m}m` : ''}${sec ? `${sec}s` : ''}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function side(zone: string, resolved: ResolvedZone | undefined, ms: number) {
  const rules = zoneRulesAt(zone, ms);
  const offset = rules.utc_offset_seconds;
  const localDay = new Date(ms + offset * 1000).getUTCDay();
  return {
    rules,
    out: {
      timezone: zone,
      local_time: formatLocal(ms, offset),
      utc_offset: formatOffset(offset),
      utc_offset_seconds: offset,
      abbreviation: rules.abbreviation,
      dst: rules.dst,
      day_of_week: WEEKDAYS[(localDay + 6) % 7],
      ...resolutionFields(resolved),
    },
  };
}

const epochDay = (ms: number, offset: number) => Math.floor((ms + offset * 1000) / DAY_MS);

export function convertLocalTime(input: z.output<typeof ConvertTimeInput>, now: () => Date, ctx?: ToolContext): ConvertTimeResult {
  const sourceZone = input.source_timezone?.zone ?? DEFAULT_ZONE;
  const targetZone = input.target_timezone?.zone ?? DEFAULT_ZONE;
  const notes: string[] = [];
  if (!input.source_timezone) notes.push('source_timezone omitted: UTC assumed.');
  if (!input.target_timezone) notes.push('target_timezone omitted: UTC assumed.');

  let date = input.time.date ?? input.date;
  if (date === undefined) {
    const nowMs = now().getTime();
    date = formatUtc(nowMs + zoneRulesAt(sourceZone, nowMs).utc_offset_seconds * 1000).slice(0, 10);
    notes.push(`date omitted: today in ${sourceZone} (${date}) assumed.`);
  }
  const [year, month, day] = date.split('-').map(Number);
  const { hour, minute, second } = input.time;
  const { ms, earlier, later, gap: isGap, fold: isFold } = instantOfLocal(sourceZone, year, month, day, hour, minute, second);

  const src = side(sourceZone, input.source_timezone, ms);
  const tgt = side(targetZone, input.target_timezone, ms);
  const targetLocalMs = ms + tgt.rules.utc_offset_seconds * 1000;
  if (ms < MIN_INSTANT_MS || ms > MAX_INSTANT_MS || targetLocalMs < MIN_INSTANT_MS || targetLocalMs > MAX_INSTANT_MS) {
    throw new ToolInputError([{ field: input.date !== undefined ? 'date' : 'time', message: 'converts to a time outside 0001-01-01..9999-12-31' }]);
  }

  for (const [field, resolved, rules] of [
    ['source_timezone', input.source_timezone, src.rules],
    ['target_timezone', input.target_timezone, tgt.rules],
  ] as const) {
    const note = resolved && resolutionNote(field, resolved, rules);
    if (note) notes.push(`${field}: ${note}`);
  }
  const asked = `${date}T${pad(hour)}:${pad(minute)}${second ? `:${pad(second)}` : ''}`;
  if (isGap) {
    const gap = (later - earlier) / 1000;
    notes.push(`${asked} does not exist in ${sourceZone} (clocks move forward ${formatDifference(gap, false)} there): moved forward to ${src.out.local_time}.`);
  } else if (isFold) {
    const laterAbbr = zoneRulesAt(sourceZone, later).abbreviation;
    notes.push(
      `${asked} occurs twice in ${sourceZone} (${src.rules.abbreviation}, then ${laterAbbr}): the earlier instant was taken; the later one is ${formatUtc(later)}.`,
    );
  }

  const difference = tgt.rules.utc_offset_seconds - src.rules.utc_offset_seconds;
  const result: ConvertTimeResult = {
    source: src.out,
    target: tgt.out,
    utc_time: formatUtc(ms),
    time_difference: formatDifference(difference),
    time_difference_seconds: difference,
    date_difference_days: epochDay(ms, tgt.rules.utc_offset_seconds) - epochDay(ms, src.rules.utc_offset_seconds),
    fold: isFold ? 'earlier' : null,
    gap_adjusted: isGap,
    provenance: convertProvenance(ctx),
  };
  if (notes.length) result.note = notes.join(' ');
  return result;
}

export const CONVERT_COMPATIBLE = catalogueEntry({
  id: 'time.convert-compatible',
  kind: 'method',
  summary: "a local time read in its zone as Temporal's 'compatible' disambiguation does, shown in another zone",
  text: "local time read in the source zone's IANA rules the way Temporal's 'compatible' disambiguation reads it (a DST gap moves the time forward by the gap length, a fold takes the earlier instant); that instant shown in the target zone",
});

/** The same for every answer: built once per form and frozen, so the answer writer writes its JSON once too. */
const convertProvenance = fixedProvenance({ ...NAMED_ZONE_PARTS, methods: [CONVERT_COMPATIBLE, ZONE_BY_NAME] });

export const convertTime = defineTool({
  name: 'convert_time',
  family: 'time',
  title: 'Convert a time between time zones',
  description: [
    'Converts a wall-clock time in one zone to another, with offsets, abbreviations, DST flags and the difference (+5h45m).',
    'Call it instead of converting by hand. DST gap: moved forward; fold: earlier instant.',
  ].join(' '),
  http: { method: 'GET', path: '/v1/time/convert' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.time.date === undefined && input.date === undefined,
  input: ConvertTimeInput,
  output: ConvertTimeResult,
  examples: [
    {
      input: { time: '2026-11-22T09:00', source_timezone: 'Europe/Paris', target_timezone: 'Asia/Kathmandu' },
      expect: {
        source: { local_time: '2026-11-22T09:00:00+01:00', abbreviation: 'CET' },
        target: { local_time: '2026-11-22T13:45:00+05:45' },
        utc_time: '2026-11-22T08:00:00Z',
        time_difference: '+4h45m',
        fold: null,
        gap_adjusted: false,
      },
      source: 'IANA tzdb: Europe/Paris CET +01:00 in November (file europe), Asia/Kathmandu +05:45 (file asia)',
    },
    {
      input: { time: '2026-03-29T02:30', source_timezone: 'Europe/Paris', target_timezone: 'UTC' },
      expect: { source: { local_time: '2026-03-29T03:30:00+02:00' }, utc_time: '2026-03-29T01:30:00Z', gap_adjusted: true },
      source:
        'EU summer time (Directive 2000/84/EC): on 2026-03-29 Paris clocks go from 02:00 CET to 03:00 CEST, so 02:30 does not exist and moves forward by the hour',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'time-zone-converter',
    name: 'Time zone converter',
    formula:
      'instant = local wall time in the source zone − source UTC offset; target time = instant + target UTC offset (offsets from the IANA rules at that instant)',
    assumptions: [
      'Zones are IANA names (Europe/Paris, Asia/Kathmandu).',
      'A wall time in a DST gap moves forward by the gap (gap_adjusted); one that occurs twice takes the earlier instant (fold).',
      'Offsets follow the IANA tz database for that date.',
    ],
    keywords: ['time zone converter', 'convert time', 'meeting time', 'UTC offset'],
    browser: true,
    labels: {
      time: { label: 'Local time', control: 'local' },
      date: dateInput('Date of the time'),
      source_timezone: { label: 'From time zone', control: 'zone' },
      target_timezone: { label: 'To time zone', control: 'zone' },
    },
    answer: (r, w) => `${w.time(r.source.local_time)} in ${r.source.timezone} is ${w.time(r.target.local_time)} in ${r.target.timezone}.`,
  },
  run: (input, ctx) => convertLocalTime(input, ctx.now, ctx),
});
