/**
 * The cost of a meeting minute by the participant's local hour (engine/planning/meeting-cost.ts). Instants are
 * worked out by hand from tzdb's offsets (file northamerica: America/New_York EST -05:00, EDT -04:00 from
 * 2026-03-08 02:00 local; file asia: Asia/Kolkata IST +05:30, no DST).
 */
import { describe, expect, it } from 'vitest';
import { costBetween, costProfile, nightIntervals, PERIOD_WEIGHTS, worstPeriod } from '../../../engine/planning/meeting-cost.ts';
import { workIntervals } from '../../../engine/planning/meeting-search.ts';
import { rulesOf } from '../../../engine/time/tzdb.ts';
import { toEpochDay } from '../../../engine/date/calendar.ts';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;
/** Weighted minutes of [from, to). */
const minutes = (p: ReturnType<typeof costProfile>, from: string, to: string) => costBetween(p, at(from), at(to)) / MINUTE;

describe('meeting cost by local hour', () => {
  const ny = rulesOf('America/New_York');
  const plan = { table: ny, work_start: '09:00', work_end: '17:00', workdays: [1, 2, 3, 4, 5] };
  // Monday 2026-11-30 and Tuesday 2026-12-01 at work; Saturday 2026-12-05 asked for, but not a workday.
  const work = workIntervals(plan, ['2026-11-30', '2026-12-01', '2026-12-05'], () => false);
  const nights = nightIntervals(ny, toEpochDay('2026-11-28'), toEpochDay('2026-12-06'));
  const p = costProfile(work, nights);

  it('work 0, the two hours either side 1, other daytime 3, night (22:00–07:00 local) 10', () => {
    expect(PERIOD_WEIGHTS).toEqual({ work: 0, edge: 1, off_hours: 3, night: 10 });
    expect(minutes(p, '2026-11-30T14:00:00Z', '2026-11-30T15:00:00Z')).toBe(0); // 09:00–10:00 EST
    expect(minutes(p, '2026-11-30T12:00:00Z', '2026-11-30T14:00:00Z')).toBe(120); // 07:00–09:00
    expect(minutes(p, '2026-11-30T22:00:00Z', '2026-12-01T00:00:00Z')).toBe(120); // 17:00–19:00
    expect(minutes(p, '2026-12-01T00:00:00Z', '2026-12-01T03:00:00Z')).toBe(540); // 19:00–22:00
    expect(minutes(p, '2026-12-01T03:00:00Z', '2026-12-01T12:00:00Z')).toBe(5400); // 22:00–07:00
    expect(worstPeriod(p, at('2026-11-30T14:00:00Z'), at('2026-11-30T15:00:00Z'))).toBe('work');
    expect(worstPeriod(p, at('2026-11-30T13:30:00Z'), at('2026-11-30T14:30:00Z'))).toBe('edge');
    expect(worstPeriod(p, at('2026-12-01T02:30:00Z'), at('2026-12-01T03:30:00Z'))).toBe('night');
    expect(worstPeriod(p, at('2026-12-01T01:00:00Z'), at('2026-12-01T02:00:00Z'))).toBe('off_hours');
  });

  it('night wins over the edge (06:00 before a 09:00 start), a day off has no edge, and far outside the nights is off hours', () => {
    expect(minutes(p, '2026-11-30T11:00:00Z', '2026-11-30T12:00:00Z')).toBe(600); // 06:00–07:00 Monday
    expect(minutes(p, '2026-12-04T12:00:00Z', '2026-12-04T13:00:00Z')).toBe(180); // 07:00 Friday: nobody works that day here
    expect(minutes(p, '2026-12-05T15:00:00Z', '2026-12-05T16:00:00Z')).toBe(180); // 10:00 Saturday, not a workday
    expect(minutes(p, '2027-01-10T15:00:00Z', '2027-01-10T16:00:00Z')).toBe(180);
    expect(minutes(p, '2026-11-01T15:00:00Z', '2026-11-01T16:00:00Z')).toBe(180);
    expect(worstPeriod(p, at('2027-01-10T15:00:00Z'), at('2027-01-10T16:00:00Z'))).toBe('off_hours');
  });

  it('a night shift costs nothing at work; the morning after it is night until 07:00, then edge', () => {
    const kolkata = rulesOf('Asia/Kolkata');
    const shift = workIntervals({ table: kolkata, work_start: '22:00', work_end: '06:00', workdays: [1] }, ['2026-11-30'], () => false);
    const q = costProfile(shift, nightIntervals(kolkata, toEpochDay('2026-11-29'), toEpochDay('2026-12-02')));
    // 22:00–06:00 IST is 16:30–00:30 UTC.
    expect(minutes(q, '2026-11-30T16:30:00Z', '2026-12-01T00:30:00Z')).toBe(0);
    expect(minutes(q, '2026-12-01T00:30:00Z', '2026-12-01T01:30:00Z')).toBe(600); // 06:00–07:00
    expect(minutes(q, '2026-12-01T01:30:00Z', '2026-12-01T02:30:00Z')).toBe(60); // 07:00–08:00: edge
    expect(minutes(q, '2026-12-01T02:30:00Z', '2026-12-01T03:30:00Z')).toBe(180); // 08:00–09:00
  });

  it('nights follow the zone: 22:00–07:00 is 8 hours across the spring-forward night, 10 across the fall-back one', () => {
    const spring = nightIntervals(ny, toEpochDay('2026-03-07'), toEpochDay('2026-03-07'));
    expect(spring).toEqual([at('2026-03-08T03:00:00Z'), at('2026-03-08T11:00:00Z')]);
    const fall = nightIntervals(ny, toEpochDay('2026-10-31'), toEpochDay('2026-10-31'));
    expect(fall).toEqual([at('2026-11-01T02:00:00Z'), at('2026-11-01T12:00:00Z')]);
  });
});
