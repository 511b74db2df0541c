/**
 * `expand_recurrence` (POST /v1/time/recurrence): the occurrences of an RFC 5545 RRULE from a local
 * start in a time zone. The rule is checked strictly (recurrence-rule.ts), expanded by the `rrule`
 * library in wall-clock time and mapped to instants with the shipped tzdb rules (recurrence-expand.ts),
 * so a 09:00 meeting stays 09:00 local across DST while its UTC time moves by the hour. A wall time in
 * a DST gap moves forward by the gap, one in a fold takes the earlier offset, as `convert_time` reads
 * them. UNTIL (RFC 5545: a UTC instant when the start has a zone) is compared on instants.
 *
 * @example run({ rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', start: '2026-03-02T09:00', timezone: 'America/New_York' })
 * //=> { timezone: 'America/New_York', count: 3, occurrences: [{ local_time: '2026-03-02T09:00:00-05:00', utc_time: '2026-03-02T14:00:00Z' },
 * //     { local_time: '2026-03-09T09:00:00-04:00', utc_time: '2026-03-09T13:00:00Z' }, …], has_more: false, … }
 */
import { z } from 'zod';
import { CALCULATION, defineTool, ToolInputError, type ToolContext, textInput, wholeNumber, TIME_ZONE } from '../tool.ts';
import { Instant, int, Provenance } from '../inputs.ts';
import { formatLocal, formatUtc, formatWall, isoDateProblem, utcMs, WEEKDAYS } from '../instant.ts';
import { CALENDAR, catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import { versions } from '../provenance.ts';
import { offsetSecondsAt, zoneRulesAt } from '../time/zone-rules.ts';
import { NAMED_ZONE_PARTS, resolutionFields, resolutionNote, ResolvedFrom, ZONE_BY_NAME, ZoneArgument } from '../time/time-in-zone.ts';
import { MAX_RRULE_LENGTH, readRecurrenceRule, type RecurrenceRule } from './recurrence-rule.ts';
import { type Expansion, expandRecurrence, periodWords, prestartUnits, SEARCH_BUDGET, tooManyCandidates, unreachableHours } from './recurrence-expand.ts';

export const MAX_OCCURRENCES = 500;
const DEFAULT_COUNT = 10;

const RRuleArgument = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be an RFC 5545 RRULE string such as FREQ=WEEKLY;BYDAY=MO;COUNT=10') })
  .transform((value, ctx): RecurrenceRule => {
    const read = readRecurrenceRule(value);
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem, input: value.length > 80 ? `${value.slice(0, 80)}…` : value });
      return z.NEVER;
    }
    return read;
  })
  .describe(`RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10; HOURLY or coarser; no DTSTART; ≤ ${MAX_RRULE_LENGTH} chars`);

interface LocalStart {
  /** The wall time read as UTC, epoch ms. */
  wall: number;
  hour: number;
}

const START_FORMAT = 'must be a local date-time YYYY-MM-DDTHH:MM[:SS], without Z or an offset (the zone is timezone)';
const START = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `2026-03-02T09:00[:SS]` as a wall time; the reason it is not one, as a string, otherwise. */
export function parseLocalStart(text: string): LocalStart | string {
  const m = START.exec(text.trim());
  if (!m) return START_FORMAT;
  const [, y, mo, d, hh, mm, ss = '00'] = m;
  const problem = isoDateProblem(`${y}-${mo}-${d}`);
  if (problem) return `date part ${problem}`;
  // rrule builds dates with Date.UTC, which reads years 0..99 as 1900..1999.
  if (Number(y) < 100) return 'year must be 0100 or later';
  if (Number(hh) > 23) return 'hour must be 00..23';
  if (Number(mm) > 59) return 'minute must be 00..59';
  if (Number(ss) > 59) return 'second must be 00..59';
  return { wall: utcMs(+y, +mo, +d, +hh, +mm, +ss, 0), hour: +hh };
}

const StartArgument = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : START_FORMAT) })
  .transform((value, ctx): LocalStart => {
    const parsed = parseLocalStart(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed, input: value });
      return z.NEVER;
    }
    return parsed;
  })
  .describe('First occurrence, local to timezone: YYYY-MM-DDTHH:MM[:SS], no Z or offset');

const ZONE_REQUIRED = 'is required: the zone whose wall clock start and the rule are in (such as America/New_York)';

/** The shared zone argument, but required: a recurrence's wall times mean nothing without their zone. */
const RequiredZoneArgument = z
  .string({ error: (iss) => (iss.input === undefined ? ZONE_REQUIRED : 'must be an IANA time-zone name such as Europe/Paris, or an abbreviation such as CET') })
  .pipe(ZoneArgument)
  .describe('Zone of start and the rule: IANA name, abbreviation (CET), Windows ID, offset (+05:30), country (JP) or place (Tokyo)');

export const ExpandRecurrenceInput = z
  .strictObject({
    rrule: RRuleArgument,
    start: StartArgument,
    timezone: RequiredZoneArgument,
    after: Instant.optional().describe('Only occurrences strictly after this instant (ISO-8601 with Z/offset, or epoch s/ms)'),
    count: int()
      .min(1, 'must be ≥ 1')
      .max(MAX_OCCURRENCES, `must be ≤ ${MAX_OCCURRENCES}`)
      .optional()
      .describe(`Most occurrences to list, 1..${MAX_OCCURRENCES}, default ${DEFAULT_COUNT}`),
  })
  .superRefine((input, ctx) => {
    if (input.timezone === undefined) ctx.addIssue({ code: 'custom', path: ['timezone'], message: ZONE_REQUIRED }); // an empty string
  });

const OccurrenceResult = z.object({
  local_time: z.string().describe('Local time with its offset: 2026-03-09T09:00:00-04:00'),
  utc_time: z.string().describe('The same instant in UTC'),
  gap_adjusted: z.literal(true).optional().describe('Present when the wall time falls in a DST gap: moved forward by the gap'),
  fold: z.literal('earlier').optional().describe('Present when the wall time occurs twice (DST fold): the earlier instant'),
});

export const ExpandRecurrenceResult = z.object({
  timezone: z.string().describe('Canonical IANA zone, or a fixed offset (+05:30)'),
  rrule: z.string().describe('The rule as read: parts upper-cased, no RRULE: prefix'),
  count: z.number().int().describe('Occurrences listed'),
  occurrences: z.array(OccurrenceResult).describe('In time order'),
  has_more: z.boolean().describe('More occurrences follow the last one listed (ask again with after = its utc_time)'),
  search_limit_reached: z.boolean().describe('The search stopped at its work limit before count occurrences or the rule’s end'),
  resolved_from: ResolvedFrom.optional(),
  candidates: z.array(z.string()).optional().describe('Abbreviation or Windows ID: other zones it stands for (≤ 10)'),
  note: z.string().optional().describe('What was assumed: zone reading, UNTIL form, start off the rule, DST gaps and folds'),
  provenance: Provenance,
});
export type ExpandRecurrenceResult = z.output<typeof ExpandRecurrenceResult>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const weekdayOf = (wall: number) => WEEKDAYS[(new Date(wall).getUTCDay() + 6) % 7];
const minutesOf = (wall: number) => formatWall(wall).slice(0, new Date(wall).getUTCSeconds() ? 19 : 16);

function notes(
  rule: RecurrenceRule,
  startWall: number,
  zone: string,
  after: number | undefined,
  x: Expansion,
  listed: ExpandRecurrenceResult['occurrences'],
): string[] {
  const out: string[] = [];
  if (rule.until?.form === 'date') {
    out.push(
      `UNTIL is a date: read as through ${formatWall(rule.until.ms - 86_400_000).slice(0, 10)} in ${zone} (RFC 5545 wants a UTC date-time such as 20261231T235959Z when the start has a zone).`,
    );
  } else if (rule.until?.form === 'local') {
    out.push(`UNTIL has no Z: read as the wall time ${formatWall(rule.until.ms)} in ${zone} (RFC 5545 wants it in UTC when the start has a zone).`);
  }
  if (after === undefined && x.first_wall !== undefined && x.first_wall !== startWall) {
    out.push(
      `start ${minutesOf(startWall)} (a ${weekdayOf(startWall)}) is not itself an occurrence of the rule, so it is not listed (RFC 5545 leaves such a set undefined; the first occurrence is ${minutesOf(x.first_wall)}).`,
    );
  }
  const gaps = listed.filter((o) => o.gap_adjusted).length;
  const folds = listed.filter((o) => o.fold).length;
  if (gaps) out.push(`${plural(gaps, 'occurrence')} fell in a DST gap in ${zone} and moved forward by the gap (gap_adjusted).`);
  if (folds) out.push(`${plural(folds, 'occurrence')} fell in a DST fold in ${zone} and took the earlier offset (fold).`);
  if (x.merged) out.push(`${plural(x.merged, 'wall time')} moved out of a DST gap onto the instant of another occurrence: listed once.`);
  if (x.search_limit_reached) {
    out.push(
      `The search stopped at its work limit after ${periodWords(rule, x.periods)}, before ${listed.length ? 'more' : 'any'} occurrences: ask again with after set to the last utc_time for more.`,
    );
  }
  return out;
}

export const RECURRENCE_RULES = catalogueEntry({
  id: 'time.recurrence',
  kind: 'method',
  summary: 'RFC 5545 RRULE expanded in wall-clock time, each wall time read in the zone’s IANA rules',
  text: `RRULE checked against RFC 5545 section 3.3.10 (grammar, ranges, part combinations), expanded by rrule ${versions.rrule} in floating wall-clock time from start, each wall time then read in the zone's IANA rules as Temporal's 'compatible' disambiguation does (a DST gap moves it forward by the gap, a fold takes the earlier instant); UNTIL compared as a UTC instant; instants listed once`,
});

const provenance = fixedProvenance({ ...NAMED_ZONE_PARTS, data: [...NAMED_ZONE_PARTS.data, CALENDAR], methods: [RECURRENCE_RULES, ZONE_BY_NAME] });

export function runExpandRecurrence(input: z.output<typeof ExpandRecurrenceInput>, ctx?: ToolContext): ExpandRecurrenceResult {
  const resolved = input.timezone!;
  const zone = resolved.zone;
  const { rrule: rule, start, after } = input;
  const count = input.count ?? DEFAULT_COUNT;
  const hours = unreachableHours(rule, start.hour);
  if (hours) throw new ToolInputError([{ field: 'rrule', message: hours }]);
  const tooMany = tooManyCandidates(rule);
  if (tooMany) throw new ToolInputError([{ field: 'rrule', message: tooMany }]);

  const x = expandRecurrence({ rule, startWall: start.wall, zone, after, count, meter: ctx?.meter });
  if (x.search_limit_reached && x.occurrences.length === 0) {
    const searched = periodWords(rule, x.periods);
    if (x.candidates === 0) {
      throw new ToolInputError([
        { field: 'rrule', message: `gives no occurrence in the ${searched} searched from start: it may never occur (BYxxx parts that exclude each other?)` },
      ]);
    }
    throw new ToolInputError([
      {
        field: after !== undefined ? 'after' : 'rrule',
        message: `the search stopped at its work limit after ${searched} from start without an occurrence after it; give a later start${rule.count ? ' or a rule without COUNT' : ''}`,
      },
    ]);
  }

  const occurrences = x.occurrences.map((o) => ({
    local_time: formatLocal(o.ms, offsetSecondsAt(zone, o.ms)),
    utc_time: formatUtc(o.ms),
    ...(o.gap ? { gap_adjusted: true as const } : {}),
    ...(o.fold ? { fold: 'earlier' as const } : {}),
  }));
  const at = x.occurrences[0]?.ms ?? start.wall - offsetSecondsAt(zone, start.wall) * 1000;
  const zoneNote = resolutionNote('timezone', resolved, zoneRulesAt(zone, at));
  const said = [...(zoneNote ? [`timezone: ${zoneNote}`] : []), ...notes(rule, start.wall, zone, after, x, occurrences)];
  return {
    timezone: zone,
    rrule: rule.text,
    count: occurrences.length,
    occurrences,
    has_more: x.has_more,
    search_limit_reached: x.search_limit_reached,
    ...resolutionFields(resolved),
    ...(said.length ? { note: said.join(' ') } : {}),
    provenance: provenance(ctx),
  };
}

export const expandRecurrenceTool = defineTool({
  name: 'expand_recurrence',
  family: 'planning',
  title: 'Occurrences of a recurrence rule (RRULE)',
  description: [
    'Lists the occurrences of an RFC 5545 RRULE (FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10) from a local start in a time zone, local and UTC.',
    'Call it instead of expanding recurrences yourself: wall times stay put across DST (gap: moved forward; fold: earlier offset).',
  ].join(' '),
  http: { method: 'POST', path: '/v1/time/recurrence' },
  auth: 'key',
  cache: 'deterministic',
  input: ExpandRecurrenceInput,
  output: ExpandRecurrenceResult,
  examples: [
    {
      input: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', start: '2026-03-02T09:00', timezone: 'America/New_York' },
      expect: {
        timezone: 'America/New_York',
        count: 3,
        occurrences: [
          { local_time: '2026-03-02T09:00:00-05:00', utc_time: '2026-03-02T14:00:00Z' },
          { local_time: '2026-03-09T09:00:00-04:00', utc_time: '2026-03-09T13:00:00Z' },
          { local_time: '2026-03-16T09:00:00-04:00', utc_time: '2026-03-16T13:00:00Z' },
        ],
        has_more: false,
      },
      source:
        'US Energy Policy Act of 2005 §110: DST from the second Sunday of March (2026-03-08), EST -05:00 to EDT -04:00; RFC 5545 3.3.10: a weekly rule keeps the local time of day',
    },
    {
      input: { rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH', start: '1997-09-02T09:00', timezone: 'America/New_York' },
      expect: {
        count: 8,
        occurrences: [
          { local_time: '1997-09-02T09:00:00-04:00' },
          { local_time: '1997-09-04T09:00:00-04:00' },
          { local_time: '1997-09-16T09:00:00-04:00' },
          { local_time: '1997-09-18T09:00:00-04:00' },
          { local_time: '1997-09-30T09:00:00-04:00' },
          { local_time: '1997-10-02T09:00:00-04:00' },
          { local_time: '1997-10-14T09:00:00-04:00' },
          { local_time: '1997-10-16T09:00:00-04:00' },
        ],
      },
      source:
        'RFC 5545 section 3.8.5.3, "Every other week on Tuesday and Thursday, for 8 occurrences": 1997 9:00 AM EDT September 2,4,16,18,30; October 2,14,16',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'recurring-event-dates',
    name: 'Recurring event dates (RRULE)',
    formula: 'occurrences = RFC 5545 RRULE expanded from start in local wall-clock time; instant = wall time − the zone’s UTC offset then (IANA tz rules)',
    assumptions: [
      'The rule is an RFC 5545 RRULE value (FREQ=…;BYDAY=…); start gives the first occurrence and the time of day.',
      'Wall times stay put across DST; one in a DST gap moves forward by the gap, one that occurs twice takes the earlier offset.',
      'UNTIL is a UTC instant (20261231T235959Z); COUNT counts from start. FREQ=MINUTELY and SECONDLY are not supported.',
      'Offsets follow the IANA tz database release the service ships (named in provenance.tzdb).',
    ],
    keywords: ['RRULE', 'recurring event', 'recurrence rule', 'iCalendar', 'repeat every week'],
    browser: true,
    labels: {
      rrule: textInput('Recurrence rule (RRULE)'),
      start: { label: 'First occurrence (local time)', control: 'local' },
      timezone: TIME_ZONE,
      after: { label: 'Only after', control: 'instant' },
      count: wholeNumber('Most occurrences', undefined, 1),
    },
    answer: (r, { plural, time }) =>
      r.count === 0
        ? `The rule has no occurrences in ${r.timezone} in the range asked.`
        : `${plural(r.count, 'occurrence')} in ${r.timezone}: the first at ${time(r.occurrences[0].local_time)}${r.count > 1 ? `, the last at ${time(r.occurrences[r.count - 1].local_time)}` : ''}.`,
  },
  // Priced from what the first period can make before start, plus two units an occurrence listed; the search is metered as it runs (recurrence-expand.ts): the call costs what it spent, at most its budget more.
  work: {
    rule: 'what the search spends: one credit up to 25 ms, at most four (the search stops at 100 ms and says so); a rule whose first period alone would exceed that is refused before any work',
    estimate: (input) => ({
      units: prestartUnits(input.rrule) + 2 * (input.count ?? DEFAULT_COUNT),
      field: 'rrule',
      shrink: 'list fewer BYHOUR, BYMINUTE or BYSECOND values, or use a shorter FREQ',
    }),
    most: (input) => prestartUnits(input.rrule) + 2 * (input.count ?? DEFAULT_COUNT) + SEARCH_BUDGET, // the search, to its budget
  },
  run: (input, ctx) => runExpandRecurrence(input, ctx),
});
