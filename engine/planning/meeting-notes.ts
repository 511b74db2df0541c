/**
 * The `notes` of a `find_meeting_times` answer, one sentence each: why no slot was found, how zone inputs
 * were read and whose holidays cannot be counted, each offset change (DST) inside the range in time order,
 * and each public holiday on a participant's own dates of the range.
 *
 * @example
 * offsetChangeNotes(participants, Date.parse('2026-03-02T00:00Z'), Date.parse('2026-04-01T00:00Z'))
 * //=> ['America/New_York (New York) changes from UTC-05:00 to UTC-04:00 at 2026-03-08T07:00:00Z (local 2026-03-08 02:00 → 03:00).', ...]
 */
import { formatOffset, formatUtc, formatWall } from '../instant.ts';
import type { MeetingParticipant } from './meeting-participants.ts';
import { resolutionNote } from '../time/time-in-zone.ts';
import { offsetAt, periodAt } from '../time/tzdb-data.ts';
import { zoneRulesAt } from '../time/zone-rules.ts';

const MINUTE_MS = 60_000;
const hhmm = (ms: number) => formatWall(ms).slice(11, 16);

/** DST and other offset changes of each participant's zone inside [from, to), in time order. */
export function offsetChangeNotes(participants: readonly MeetingParticipant[], from: number, to: number): string[] {
  const notes: { at: number; text: string }[] = [];
  const seen = new Set<string>();
  for (const p of participants) {
    if (seen.has(p.timezone)) continue;
    seen.add(p.timezone);
    const labels = participants.filter((q) => q.timezone === p.timezone && q.label !== q.timezone).map((q) => q.label);
    const who = labels.length ? ` (${labels.join(', ')})` : '';
    for (let next = periodAt(p.table, from).next; next && next.at_ms < to; next = periodAt(p.table, next.at_ms).next) {
      const before = offsetAt(p.table, next.at_ms - 1);
      const local = `${hhmm(next.at_ms + before * 1000)} → ${hhmm(next.at_ms + next.utc_offset_seconds * 1000)}`;
      notes.push({
        at: next.at_ms,
        text: `${p.timezone}${who} changes from UTC${formatOffset(before)} to UTC${formatOffset(next.utc_offset_seconds)} at ${formatUtc(next.at_ms)} (local ${formatWall(next.at_ms + before * 1000).slice(0, 10)} ${local}).`,
      });
    }
  }
  // Zones changing at the same instant keep the participants' order (the sort is stable).
  return notes.sort((a, b) => a.at - b.at).map((n) => n.text);
}

/** Why no slot was found: nobody works in the range, nobody works long enough, or not on the step grid. */
export function noSlotNote(
  input: { start_date: string; end_date: string; duration_minutes: number; step_minutes: number },
  longestMs: number,
  holidayBlocked: boolean,
): string {
  const range = `between ${input.start_date} and ${input.end_date}`;
  if (longestMs === 0) {
    return holidayBlocked
      ? `Nobody works ${range}: every participant's workdays there are public holidays (respect_holidays false counts them as work).`
      : `Nobody works ${range}: none of those dates is a workday of any participant (workdays default to Monday–Friday).`;
  }
  const longest = Math.round(longestMs / MINUTE_MS);
  if (longestMs < input.duration_minutes * MINUTE_MS) {
    return `No participant's work hours hold a ${input.duration_minutes}-minute meeting ${range}: the longest stretch at work is ${longest} minutes.`;
  }
  return `No ${input.duration_minutes}-minute slot starting on the ${input.step_minutes}-minute grid from 00:00 UTC fits inside anyone's work hours ${range} (the longest stretch at work is ${longest} minutes).`;
}

/** The country (and subdivision) whose public holidays a participant takes, as notes write it. */
export const jurisdictionText = (p: MeetingParticipant): string => (p.subdivision ? `${p.country}-${p.subdivision}` : `${p.country}`);

/**
 * Whose public holidays count (the country given, or the zone's), how abbreviations, Windows IDs,
 * offsets and links were read, and who has no country to take holidays from.
 */
export function participantNotes(participants: readonly MeetingParticipant[], at: number, respectHolidays: boolean): string[] {
  const notes: string[] = [];
  const withCountry = participants.filter((p) => p.country).map((p) => `${p.label} ${jurisdictionText(p)}`);
  if (withCountry.length) {
    notes.push(
      `${respectHolidays ? 'Public holidays counted as days off' : 'Public holidays named, not counted (respect_holidays is false)'}: ${withCountry.join(', ')}.`,
    );
  }
  participants.forEach((p, i) => {
    if ('input' in p.resolved) {
      const note = resolutionNote(`participants[${i}].timezone`, p.resolved, zoneRulesAt(p.timezone, at));
      if (note) notes.push(`participants[${i}]: ${note}`);
    }
    if (!p.country && respectHolidays) notes.push(`${p.label}: no holidays counted (no country follows from ${p.timezone}); give country to count them.`);
  });
  return notes;
}

/** Each public holiday on a participant's own dates first..last, one note per date and name, by date. */
export function holidayNotes(
  participants: readonly MeetingParticipant[],
  holidays: readonly ReadonlyMap<string, string>[],
  first: string,
  last: string,
  respectHolidays: boolean,
): string[] {
  const byHoliday = new Map<string, string[]>();
  participants.forEach((p, i) => {
    for (const [date, name] of holidays[i]) {
      if (date < first || date > last) continue;
      const key = `${date} ${name}`;
      byHoliday.set(key, [...(byHoliday.get(key) ?? []), `${p.label} (${jurisdictionText(p)})`]);
    }
  });
  const counted = respectHolidays ? 'not counted as work time' : 'counted as work time (respect_holidays is false)';
  return [...byHoliday]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, who]) => `${key}: public holiday for ${[...new Set(who)].join(', ')}; ${counted}.`);
}
