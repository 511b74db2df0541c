/**
 * What a meeting search costs (engine/work.ts units, about a microsecond of CPU on the 2-core machine):
 * the slots are cheap (bench/work.ts: 20 participants × 31 days every 15 minutes, 3 ms warm with each
 * minute weighted by its local hour, meeting-cost.ts; the test's worst case, 15-minute slots every 15
 * minutes with someone at work all day, 3 ms warm, within the 8 ms slotUnits gives it), the
 * participants' holidays are not: each distinct jurisdiction's years, priced cold as the holiday tools
 * price them (engine/holidays/holiday-work.ts: 6-11 ms for two years in most countries, up to ~65 ms
 * where lunisolar holidays are computed). The estimate reads each participant's jurisdiction where the
 * input names it (a country, or a zone of one country); a participant given by place or coordinates is
 * estimated at a typical country, and the run, once every participant is resolved, checks and meters the
 * real sum before any holiday is computed.
 */
import { fromEpochDay, toEpochDay } from '../date/calendar.ts';
import { MAX_YEAR, MIN_YEAR } from '../holidays/calendar-data.ts';
import { calendarYears, yearsUnits } from '../holidays/holiday-work.ts';
import { ToolInputError } from '../tool.ts';
import type { WorkEstimate } from '../work.ts';
import type { MeetingParticipant, ParticipantInput } from './meeting-participants.ts';
import { resolveParticipant } from './meeting-participants.ts';

/** A participant's holidays when the input does not say whose: a typical country's two years, cold. */
const TYPICAL_HOLIDAY_UNITS = 10_000;
const SHRINK = 'ask for fewer participants (or ones in fewer countries), or fewer days, in one call';

const clampDay = (day: number) => Math.min(Math.max(day, toEpochDay(`${MIN_YEAR}-01-01`)), toEpochDay(`${MAX_YEAR}-12-31`));

/** The dates whose holidays a search reads: a day either side of the range (local dates differ by up to a day). */
export function holidayRange(first: string, last: string): { from: string; to: string } {
  return { from: fromEpochDay(clampDay(toEpochDay(first) - 1)), to: fromEpochDay(clampDay(toEpochDay(last) + 1)) };
}

/** Units of the distinct jurisdictions' holidays over the range, cold. */
export function holidayUnits(participants: readonly Pick<MeetingParticipant, 'jurisdiction'>[], first: string, last: string): number {
  const { from, to } = holidayRange(first, last);
  const years = calendarYears(from, to);
  const seen = new Set<object>();
  let units = 0;
  for (const { jurisdiction } of participants) {
    if (!jurisdiction || seen.has(jurisdiction)) continue;
    seen.add(jurisdiction);
    units += yearsUnits(jurisdiction, years);
  }
  return units;
}

/** Units of the slot search itself: every participant's work hours at every step of the range. */
export const slotUnits = (participants: number, days: number, stepMinutes: number) => 2000 + participants * days * (1440 / stepMinutes) * 0.1;

interface MeetingWorkInput {
  participants: ParticipantInput[];
  start_date: string;
  end_date?: string;
  step_minutes: number;
  respect_holidays: boolean;
}

/** The estimate before the run: jurisdictions as far as the input names them. */
export function estimateMeeting(input: MeetingWorkInput): WorkEstimate {
  const last = input.end_date ?? fromEpochDay(clampDay(toEpochDay(input.start_date) + 6));
  const days = toEpochDay(last) - toEpochDay(input.start_date) + 1;
  let units = slotUnits(input.participants.length, days, input.step_minutes);
  if (input.respect_holidays) {
    const known: Pick<MeetingParticipant, 'jurisdiction'>[] = [];
    input.participants.forEach((p, i) => {
      const located = p.timezone !== undefined && !p.timezone.pending;
      try {
        if (located) known.push(resolveParticipant(p, i));
        else units += TYPICAL_HOLIDAY_UNITS;
      } catch (error) {
        if (!(error instanceof ToolInputError)) throw error; // the run refuses it, before any work
      }
    });
    units += holidayUnits(known, input.start_date, last);
  }
  return { units, field: 'participants', shrink: SHRINK };
}

/** The work of the resolved search: the same model with every jurisdiction known (checked by the run). */
export function meetingWork(participants: readonly MeetingParticipant[], first: string, last: string, input: MeetingWorkInput): WorkEstimate {
  const days = toEpochDay(last) - toEpochDay(first) + 1;
  const units = slotUnits(participants.length, days, input.step_minutes) + (input.respect_holidays ? holidayUnits(participants, first, last) : 0);
  return { units, field: 'participants', shrink: SHRINK };
}
