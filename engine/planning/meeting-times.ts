/**
 * `find_meeting_times` (POST /v1/time/meeting): the best meeting slots for people in several time zones,
 * from each one's local work hours, workdays and public holidays. The range is each participant's own
 * local dates start_date..end_date (searched from the first of those local midnights to the last); the
 * search and its ranking are meeting-search.ts's, the cost of a minute by the local hour meeting-cost.ts's,
 * participants are read by meeting-participants.ts.
 *
 * @example
 * run({ participants: [{ label: 'London', timezone: 'Europe/London' }, { label: 'New York', timezone: 'America/New_York' }],
 *       start_date: '2026-11-30' })
 * //=> { count: 10, slots: [{ start: '2026-11-30T14:00:00Z', end: '2026-11-30T15:00:00Z', all_within_work_hours: true,
 * //     minutes_outside_work_hours: 0, cost_outside_work_hours: 0,
 * //     participants: [{ label: 'London', local_start: '2026-11-30T14:00:00+00:00', ..., period: 'work' },
 * //     { label: 'New York', local_start: '2026-11-30T09:00:00-05:00', ... }] }, ...], notes: [], ... }
 */
import { z } from 'zod';
import { CALCULATION, defineTool, type ToolContext, dateInput, wholeNumber, measure, MOST_RESULTS } from '../tool.ts';
import { int, Provenance } from '../inputs.ts';
import { DAY_MS, formatLocal, formatUtc, formatWall, isoDateProblem } from '../instant.ts';
import { fromEpochDay, isoWeekday, toEpochDay } from '../date/calendar.ts';
import { holidaysBetween, MAX_YEAR } from '../holidays/calendar-data.ts';
import { adjustedDaysBetween } from '../holidays/official/layer.ts';
import { HolidayDate } from '../holidays/holiday-inputs.ts';
import { MAX_PARTICIPANTS, MIN_PARTICIPANTS, type MeetingParticipant, Participant, resolveParticipant, settlePlaceZone } from './meeting-participants.ts';
import { datesBetween, searchSlots, workIntervals } from './meeting-search.ts';
import { EDGE_HOURS, NIGHT_END, NIGHT_START, nightIntervals, PERIOD_WEIGHTS, PERIODS } from './meeting-cost.ts';
import { meetingProvenance } from './meeting-provenance.ts';
import { estimateMeeting, holidayRange, meetingWork } from './meeting-work.ts';
import { MAX_WORK_UNITS, WorkLimitError } from '../work.ts';
import { holidayNotes, noSlotNote, offsetChangeNotes, participantNotes } from './meeting-notes.ts';
import { instantOfWall, offsetAt } from '../time/tzdb-data.ts';

export const MAX_RANGE_DAYS = 31;
const NOT_ALL_AT_WORK =
  `No slot has everyone within work hours: the slots costing least outside them come first (a minute of night, ${NIGHT_START}–${NIGHT_END} local, ` +
  `costs ${PERIOD_WEIGHTS.night / PERIOD_WEIGHTS.edge} times one within ${EDGE_HOURS} hours of work hours).`;
const MINUTE_MS = 60_000;

const SlotParticipant = z.object({
  label: z.string(),
  timezone: z.string(),
  local_start: z.string(),
  local_end: z.string(),
  within_work_hours: z.boolean().describe('At work for the whole slot'),
  holiday: z.string().nullable().describe('Public holiday on the local date of the start, or null'),
  period: z
    .enum(PERIODS)
    .describe(
      `Costliest part of their day the slot touches: work (throughout), edge (≤ ${EDGE_HOURS} h from work hours), off_hours (other ${NIGHT_END}–${NIGHT_START}), night (${NIGHT_START}–${NIGHT_END})`,
    ),
});

export const MeetingTimesResult = z.object({
  count: z.number().int().describe('Slots listed'),
  slots: z
    .array(
      z.object({
        start: z.string().describe('UTC'),
        end: z.string().describe('UTC'),
        all_within_work_hours: z.boolean(),
        minutes_outside_work_hours: z.number().int().describe('Summed over participants'),
        cost_outside_work_hours: z
          .number()
          .int()
          .describe(
            `Minutes outside weighted by local time (edge ${PERIOD_WEIGHTS.edge}, off_hours ${PERIOD_WEIGHTS.off_hours}, night ${PERIOD_WEIGHTS.night}), summed; the ranking's key`,
          ),
        participants: z.array(SlotParticipant),
      }),
    )
    .describe('Best first: lowest cost (0: all within work hours), then earliest'),
  notes: z.array(z.string()).describe('Why no slot, DST changes, holidays, zone assumptions'),
  candidates: z.number().int().describe('Slots with someone at work, before the limit'),
  range: z.object({ start: z.string(), end: z.string() }).describe('UTC span searched: the participants’ local dates start_date..end_date'),
  provenance: Provenance,
});
export type MeetingTimesResult = z.output<typeof MeetingTimesResult>;

const StepMinutes = z.literal([15, 30, 60], { error: 'must be 15, 30 or 60' });

export const MeetingTimesInput = z
  .strictObject({
    participants: z
      .array(Participant, { error: 'must be a list of participants' })
      .min(MIN_PARTICIPANTS, `must have at least ${MIN_PARTICIPANTS} participants`)
      .max(MAX_PARTICIPANTS, `must have at most ${MAX_PARTICIPANTS} participants`)
      .describe('Each: timezone, or lat + lon'),
    start_date: HolidayDate.describe('Local date'),
    end_date: HolidayDate.optional().describe(`Default start + 6; ≤ ${MAX_RANGE_DAYS} days`),
    duration_minutes: int().min(15, 'must be ≥ 15').max(480, 'must be ≤ 480').default(60),
    step_minutes: StepMinutes.default(30).describe('From 00:00 UTC'),
    respect_holidays: z.boolean({ error: 'must be true or false' }).default(true),
    limit: int().min(1, 'must be ≥ 1').max(50, 'must be ≤ 50').default(10),
  })
  .superRefine((input, ctx) => {
    // Runs even when a field failed its own check (zod reports both): only over dates that read as dates.
    if (input.end_date === undefined || isoDateProblem(input.start_date) || isoDateProblem(input.end_date)) return;
    const days = toEpochDay(input.end_date) - toEpochDay(input.start_date) + 1;
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['end_date'], message, input: input.end_date });
    if (days < 1) issue('must not be before start_date');
    else if (days > MAX_RANGE_DAYS) issue(`must be at most ${MAX_RANGE_DAYS - 1} days after start_date (a range of at most ${MAX_RANGE_DAYS} days)`);
  });
type MeetingInput = z.output<typeof MeetingTimesInput>;

/**
 * Public holidays by local date (the first of a date), from the day before the range to the day after,
 * with the official calendar's weekdays off; and its weekend days worked.
 */
function holidayNames(p: MeetingParticipant, first: string, last: string): { names: Map<string, string>; working: Set<string> } {
  const names = new Map<string, string>();
  const working = new Set<string>();
  if (!p.jurisdiction) return { names, working };
  const { from, to } = holidayRange(first, last);
  for (const h of holidaysBetween(p.jurisdiction, from, to, ['public'])) if (!names.has(h.date)) names.set(h.date, h.name);
  for (const a of adjustedDaysBetween(p.jurisdiction.country, p.jurisdiction.subdivision, from, to)) {
    if (a.kind === 'working_day') working.add(a.date);
    else if (!names.has(a.date)) names.set(a.date, `${a.name} (adjusted day off)`);
  }
  return { names, working };
}

export async function findMeetingTimes(input: MeetingInput, ctx: ToolContext): Promise<MeetingTimesResult> {
  const end = input.end_date ?? fromEpochDay(Math.min(toEpochDay(input.start_date) + 6, toEpochDay(`${MAX_YEAR}-12-31`)));
  const given = await Promise.all(input.participants.map((p, i) => settlePlaceZone(p, i)));
  const participants = given.map((p, i) => resolveParticipant(p, i));
  // Every participant's jurisdiction known now: over the limit is refused before any holiday is computed.
  const work = meetingWork(participants, input.start_date, end, input);
  if (work.units > MAX_WORK_UNITS) throw new WorkLimitError(work);
  ctx.meter?.spend(work.units);
  const dates = datesBetween(input.start_date, end);
  const durationMs = input.duration_minutes * MINUTE_MS;

  const calendars = participants.map((p) => holidayNames(p, input.start_date, end));
  const holidays = calendars.map((c) => c.names);
  let holidayBlocked = false;
  const hours = participants.map((p, i) =>
    workIntervals(
      p,
      dates,
      (date) => {
        const off = input.respect_holidays && holidays[i].has(date);
        if (off && p.workdays.includes(isoWeekday(toEpochDay(date)))) holidayBlocked = true;
        return off;
      },
      // A weekend day the official calendar makes a working day is worked, as holidays count.
      (date) => input.respect_holidays && calendars[i].working.has(date),
    ),
  );
  // Nights from well before the first date to well after the last: every candidate lies inside them.
  const nights = participants.map((p) => nightIntervals(p.table, toEpochDay(input.start_date) - 3, toEpochDay(end) + 3));
  const found = searchSlots(hours, { stepMs: input.step_minutes * MINUTE_MS, durationMs, limit: input.limit, nights });

  // The span searched: the earliest local midnight of start_date to the latest of end_date's end (or a shift's end).
  const midnight = (p: MeetingParticipant, day: number) => instantOfWall(p.table, day * DAY_MS).ms;
  const rangeStart = Math.min(...participants.map((p) => midnight(p, toEpochDay(input.start_date))));
  const rangeEnd = Math.max(...participants.map((p) => midnight(p, toEpochDay(end) + 1)), ...hours.map((w) => (w.length ? w[w.length - 1] : -Infinity)));

  const slots = found.slots.map((slot) => {
    const e = slot.start_ms + durationMs;
    return {
      start: formatUtc(slot.start_ms),
      end: formatUtc(e),
      all_within_work_hours: slot.outside_total_ms === 0,
      minutes_outside_work_hours: Math.round(slot.outside_total_ms / MINUTE_MS),
      cost_outside_work_hours: Math.round(slot.cost_ms / MINUTE_MS),
      participants: participants.map((p, i) => {
        const offset = offsetAt(p.table, slot.start_ms);
        return {
          label: p.label,
          timezone: p.timezone,
          local_start: formatLocal(slot.start_ms, offset),
          local_end: formatLocal(e, offsetAt(p.table, e)),
          within_work_hours: slot.outside_ms[i] === 0,
          holiday: holidays[i].get(formatWall(slot.start_ms + offset * 1000).slice(0, 10)) ?? null,
          period: slot.periods[i],
        };
      }),
    };
  });

  const notes: string[] = [];
  if (!slots.length) notes.push(noSlotNote({ ...input, end_date: end }, found.longest_ms, holidayBlocked));
  else if (!slots[0].all_within_work_hours) notes.push(NOT_ALL_AT_WORK);
  notes.push(...participantNotes(participants, rangeStart, input.respect_holidays));
  notes.push(...offsetChangeNotes(participants, rangeStart, rangeEnd));
  notes.push(...holidayNotes(participants, holidays, input.start_date, end, input.respect_holidays));

  return {
    count: slots.length,
    slots,
    notes,
    candidates: found.candidates,
    range: { start: formatUtc(rangeStart), end: formatUtc(rangeEnd) },
    provenance: meetingProvenance(participants, ctx),
  };
}

export const meetingTimes = defineTool({
  name: 'find_meeting_times',
  family: 'planning',
  title: 'Meeting times across time zones',
  description: [
    'Best meeting slots for people across time zones, by local work hours, public holidays and DST: all at work first,',
    'then least cost outside (night costs most), then earliest. Use it, not mental offset math.',
  ].join(' '),
  http: { method: 'POST', path: '/v1/time/meeting' },
  auth: 'key',
  cache: 'deterministic',
  input: MeetingTimesInput,
  output: MeetingTimesResult,
  examples: [
    {
      input: {
        participants: [
          { label: 'London', timezone: 'Europe/London' },
          { label: 'New York', timezone: 'America/New_York' },
        ],
        start_date: '2026-11-30',
      },
      expect: {
        slots: [
          {
            start: '2026-11-30T14:00:00Z',
            end: '2026-11-30T15:00:00Z',
            all_within_work_hours: true,
            minutes_outside_work_hours: 0,
            participants: [{ local_start: '2026-11-30T14:00:00+00:00' }, { local_start: '2026-11-30T09:00:00-05:00' }],
          },
        ],
      },
      source:
        'IANA tzdb: Europe/London on GMT (+00:00) and America/New_York on EST (-05:00) from November to March; 09:00–17:00 in both overlaps 14:00–17:00 UTC, Monday 2026-11-30 first',
    },
    {
      input: {
        participants: [
          { label: 'San Francisco', timezone: 'America/Los_Angeles' },
          { label: 'London', timezone: 'Europe/London' },
          { label: 'Bangalore', timezone: 'Asia/Kolkata' },
        ],
        start_date: '2026-11-30',
      },
      expect: {
        slots: [
          {
            start: '2026-11-30T15:00:00Z',
            all_within_work_hours: false,
            minutes_outside_work_hours: 120,
            cost_outside_work_hours: 240,
            participants: [
              { local_start: '2026-11-30T07:00:00-08:00', period: 'edge' },
              { local_start: '2026-11-30T15:00:00+00:00', period: 'work' },
              { local_start: '2026-11-30T20:30:00+05:30', period: 'off_hours' },
            ],
          },
        ],
      },
      source:
        'IANA tzdb: America/Los_Angeles PST (-08:00), Europe/London GMT, Asia/Kolkata IST (+05:30): 09:00–17:00 is 17:00–01:00, 09:00–17:00 and 03:30–11:30 UTC, so no hour suits all three; ' +
        '09:00 UTC suits London and Bangalore but is 01:00 in San Francisco (60 night minutes, 600); 15:00 UTC is 07:00 there (edge, 60) and 20:30 in Bangalore (off hours, 180): 240',
    },
  ],
  annotations: CALCULATION,
  calculator: {
    slug: 'meeting-planner',
    name: 'Meeting planner across time zones',
    formula:
      'for each step-aligned UTC slot: cost = Σ over participants of the slot minutes outside their local work hours (IANA tz rules, workdays, public holidays), ' +
      `each weighted by local time: within ${EDGE_HOURS} h of work hours ${PERIOD_WEIGHTS.edge}, other ${NIGHT_END}–${NIGHT_START} ${PERIOD_WEIGHTS.off_hours}, night ${NIGHT_START}–${NIGHT_END} ${PERIOD_WEIGHTS.night}; best = 0 first, then lowest, then earliest`,
    assumptions: [
      "start_date and end_date are each participant's own local dates; the search runs from the first of those local midnights to the last.",
      'Slots start every step_minutes from 00:00 UTC; a slot is a candidate while at least one participant is at work throughout it.',
      'Work hours are local wall-clock times; a work_end before work_start ends the next day (the shift belongs to the date it starts on).',
      "Public holidays come from date-holidays for the participant's country: the one given, else the country zone.tab names for the zone (none for offsets, abbreviations, Windows IDs, UTC).",
      'Workdays default to Monday–Friday whatever the country; give workdays for another week.',
    ],
    keywords: ['meeting planner', 'best time to meet across time zones', 'world clock meeting', 'time zone overlap'],
    browser: 'with-timezone',
    labels: {
      participants: { label: 'Participants', control: 'participants' },
      start_date: dateInput('First day', true),
      end_date: dateInput('Last day'),
      duration_minutes: wholeNumber('Meeting length', 'min', 1),
      step_minutes: measure('Step between slots', 'min'),
      respect_holidays: { label: 'Avoid public holidays', control: 'boolean' },
      limit: MOST_RESULTS,
    },
    answer: (r, { plural, time, clock }) =>
      r.count === 0
        ? `No slot fits. ${r.notes[0]}`
        : `The best slot starts at ${time(r.slots[0].start)} and ends at ${clock(r.slots[0].end)}, ${r.slots[0].all_within_work_hours ? 'within everyone’s work hours' : `${plural(r.slots[0].minutes_outside_work_hours, 'minute')} outside work hours in all`} (${plural(r.count, 'slot')} listed).`,
  },
  // engine/planning/meeting-work.ts: the slots priced by count, holidays by jurisdiction, cold.
  work: {
    rule: 'about 2 ms, the holidays of each distinct country for the years of the range (6-11 ms in most, up to ~65 ms where lunisolar holidays are computed), and 0.1 µs a participant-slot',
    estimate: estimateMeeting,
  },
  run: (input, ctx) => findMeetingTimes(input, ctx),
});
