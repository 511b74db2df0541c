/**
 * find_meeting_times. Expected slots are worked out by hand from the UTC offsets tzdb publishes for each
 * zone (file northamerica: America/Los_Angeles PST -08:00 / PDT -07:00, America/New_York EST -05:00 / EDT
 * -04:00, US rule: second Sunday of March 02:00 local; file europe: Europe/London GMT / BST, EU rule:
 * last Sunday of March 01:00 UTC; file asia: Asia/Kolkata IST +05:30, Asia/Tokyo JST +09:00, no DST),
 * and holidays from the governments' published lists named beside each test.
 */
import { priceOf } from '../../../engine/work.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPlaces } from '../../../engine/places/place-names.ts';
import { settlePlaceZone } from '../../../engine/planning/meeting-participants.ts';
import { meetingTimes } from '../../../engine/planning/meeting-times.ts';
import { ANSWER_WORDS } from '../../../engine/tool.ts';
import { datesBetween, searchSlots, workIntervals } from '../../../engine/planning/meeting-search.ts';
import { meetingTimetable } from '../../../engine/planning/meeting-timetable.ts';
import { rulesOf, zoneTable } from '../../../engine/time/tzdb.ts';
import { zoneCountry } from '../../../engine/time/zone-input.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const SF = { label: 'San Francisco', timezone: 'America/Los_Angeles' };
const LONDON = { label: 'London', timezone: 'Europe/London' };
const BANGALORE = { label: 'Bangalore', timezone: 'Asia/Kolkata' };
const NEW_YORK = { label: 'New York', timezone: 'America/New_York' };

const find = (input: Record<string, unknown>) => runTool(meetingTimes, input);
const starts = (r: { slots: { start: string }[] }) => r.slots.map((s) => s.start);
/** The local wall-clock hour (fractional) of a local ISO time: `2026-11-30T07:30:00-08:00` → 7.5. */
const localHour = (iso: string) => Number(iso.slice(11, 13)) + Number(iso.slice(14, 16)) / 60;
/** The UTC hours of the slots that suit everyone. */
const allWithinHours = (r: { slots: { start: string; all_within_work_hours: boolean }[] }) =>
  r.slots.filter((s) => s.all_within_work_hours).map((s) => Number(s.start.slice(11, 13)));

describe('find_meeting_times', () => {
  it('San Francisco, London and Bangalore in the week of 2026-11-30: no hour suits all three, and nobody is asked at night', async () => {
    // 09:00–17:00 local is 17:00–01:00 UTC in San Francisco (PST), 09:00–17:00 UTC in London (GMT) and
    // 03:30–11:30 UTC in Bangalore (IST). San Francisco's day ends where London's begins, so nothing
    // suits all three. London and Bangalore share 09:00–11:30 UTC, but that is 01:00–03:30 in San
    // Francisco: 60 night minutes cost 600. 15:00 UTC is 07:00 in San Francisco (within 2 hours of work:
    // 60 × 1) and 20:30 in Bangalore (evening: 60 × 3), 240 in all; 15:30 UTC likewise (07:30, 21:00).
    // Those two a weekday, Monday to Friday, are the ten slots with everyone awake (07:00–22:00 local).
    const r = await find({ participants: [SF, LONDON, BANGALORE], start_date: '2026-11-30', limit: 50 });
    expect(r.count).toBe(50);
    const days = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
    expect(starts(r).slice(0, 10)).toEqual(days.flatMap((d) => [`${d}T15:00:00Z`, `${d}T15:30:00Z`]));
    expect(r.slots.slice(0, 10).every((s) => s.cost_outside_work_hours === 240 && s.minutes_outside_work_hours === 120)).toBe(true);
    expect(r.slots[0].participants).toEqual([
      { ...SF, local_start: '2026-11-30T07:00:00-08:00', local_end: '2026-11-30T08:00:00-08:00', within_work_hours: false, holiday: null, period: 'edge' },
      { ...LONDON, local_start: '2026-11-30T15:00:00+00:00', local_end: '2026-11-30T16:00:00+00:00', within_work_hours: true, holiday: null, period: 'work' },
      {
        ...BANGALORE,
        local_start: '2026-11-30T20:30:00+05:30',
        local_end: '2026-11-30T21:30:00+05:30',
        within_work_hours: false,
        holiday: null,
        period: 'off_hours',
      },
    ]);
    // No slot with anyone between 01:00 and 05:00 local comes before one with everyone between 07:00 and 22:00.
    const span = (p: { local_start: string; local_end: string }) => {
      const from = localHour(p.local_start);
      return [from, from + (Date.parse(p.local_end) - Date.parse(p.local_start)) / 3_600_000];
    };
    const awake = r.slots.map((s) => s.participants.every((p) => span(p)[0] >= 7 && span(p)[1] <= 22));
    const small = r.slots.map((s) => s.participants.some((p) => span(p)[0] < 5 && span(p)[1] > 1));
    expect(awake.lastIndexOf(true)).toBe(9);
    expect(small.indexOf(true)).toBeGreaterThan(awake.lastIndexOf(true));
    // The default answer (10 slots) has nobody in the small hours; London and Bangalore's shared hours come later, at night for San Francisco.
    const top = await find({ participants: [SF, LONDON, BANGALORE], start_date: '2026-11-30' });
    expect(top.slots.flatMap((s) => s.participants.map((p) => p.period))).not.toContain('night');
    const smallHours = r.slots.find((s) => s.start === '2026-11-30T09:00:00Z');
    expect(smallHours).toMatchObject({ minutes_outside_work_hours: 60, cost_outside_work_hours: 600 });
    expect(smallHours?.participants.map((p) => p.period)).toEqual(['night', 'work', 'work']);
    // 16:00 UTC runs into Bangalore's night at 22:00 (30 × 3 + 30 × 10 + 60 × 1 in San Francisco).
    expect(r.slots[10]).toMatchObject({ start: '2026-11-30T16:00:00Z', cost_outside_work_hours: 450 });
    expect(r.slots[10].participants[2].period).toBe('night');

    const monday = (duration_minutes: number) =>
      find({ participants: [SF, LONDON, BANGALORE], start_date: '2026-11-30', end_date: '2026-11-30', duration_minutes, limit: 50 });
    const hour = await monday(60);
    expect(hour.candidates).toBeLessThan(50);
    // The often quoted "16:30 London" (08:30 San Francisco, 22:00 Bangalore) is no candidate for an hour
    // (nobody is at work throughout 16:30–17:30 UTC); for half an hour it is Bangalore's night: 30 + 300.
    expect(starts(hour)).not.toContain('2026-11-30T16:30:00Z');
    const half = await monday(30);
    const londonEvening = half.slots.find((s) => s.start === '2026-11-30T16:30:00Z');
    expect(londonEvening).toMatchObject({ minutes_outside_work_hours: 60, cost_outside_work_hours: 330 });
    expect(londonEvening?.participants.map((p) => p.local_start.slice(11, 16))).toEqual(['08:30', '16:30', '22:00']);
    expect(half.slots[0]).toMatchObject({ start: '2026-11-30T15:00:00Z', minutes_outside_work_hours: 60, cost_outside_work_hours: 120 });
    expect(r.notes[0]).toBe(
      'No slot has everyone within work hours: the slots costing least outside them come first (a minute of night, 22:00–07:00 local, costs 10 times one within 2 hours of work hours).',
    );
    // The range: from Bangalore's first midnight to San Francisco's last (each participant's own dates).
    expect(r.range).toEqual({ start: '2026-11-29T18:30:00Z', end: '2026-12-07T08:00:00Z' });
    expect(r.notes[1]).toBe('Public holidays counted as days off: San Francisco US, London GB, Bangalore IN.');
  });

  it('London and New York: 14:00–17:00 UTC in winter, every slot all within work hours first', async () => {
    const r = await find({ ...meetingTimes.examples[0].input, step_minutes: 60, end_date: '2026-11-30' });
    // After the three hours that suit both: the hours within 2 hours of someone's work hours (New York
    // 07:00 and 08:00, London 17:00 and 18:00: 60 × 1), then London's evening (60 × 3); New York's
    // night (04:00–05:00 at 09:00 UTC, 60 × 10) last of all, though it is as many minutes outside.
    expect(starts(r).map((s) => s.slice(11, 13))).toEqual(['14', '15', '16', '12', '13', '17', '18', '19', '20', '21']);
    expect(allWithinHours(r)).toEqual([14, 15, 16]);
    expect(r.slots[3]).toMatchObject({ all_within_work_hours: false, minutes_outside_work_hours: 60, cost_outside_work_hours: 60 });
    expect(r.slots[3].participants.map((p) => [p.local_start.slice(11, 16), p.period])).toEqual([
      ['12:00', 'work'],
      ['07:00', 'edge'],
    ]);
    expect(r.slots[7]).toMatchObject({ minutes_outside_work_hours: 60, cost_outside_work_hours: 180 });
    expect(r.slots[7].participants[0].period).toBe('off_hours');
    const all = await find({ ...meetingTimes.examples[0].input, step_minutes: 60, end_date: '2026-11-30', limit: 50 });
    expect(all.slots.find((s) => s.start === '2026-11-30T09:00:00Z')).toMatchObject({ minutes_outside_work_hours: 60, cost_outside_work_hours: 600 });
    expect(r.notes).toEqual(['Public holidays counted as days off: London GB, New York US.']);
    expect(r.provenance).toEqual({
      method: 'time.meeting-slots, time.zone-by-name',
      tzdb: '2026f',
      holidays: 'date-holidays 3.37.0',
      official: expect.stringMatching(/^official-\d{4}-\d{2}-\d{2}$/),
      calendar: 'proleptic Gregorian',
    });
    const full = await runTool(meetingTimes, meetingTimes.examples[0].input, withFullProvenance());
    expect(explanationsOf(full.provenance)['time.meeting-slots']).toMatch(
      /ranked by cost summed over participants, then earliest, where a minute at work costs 0, at the edge of the working day \(up to 2 h before or after work hours\) 1, other hours 07:00–22:00 local \(evening, early morning, days off\) 3, night \(22:00–07:00 local\) 10/,
    );
  });

  it('DST inside the range: the US change (2026-03-08) widens the overlap, the EU one (2026-03-29) narrows it; both noted', async () => {
    const day = (date: string) => find({ participants: [LONDON, NEW_YORK], start_date: date, end_date: date, step_minutes: 60, limit: 50 });
    // EST and GMT: New York's 09:00–17:00 is 14:00–22:00 UTC, London's 09:00–17:00 UTC.
    expect(allWithinHours(await day('2026-03-02'))).toEqual([14, 15, 16]);
    // EDT and GMT: New York 13:00–21:00 UTC.
    expect(allWithinHours(await day('2026-03-09'))).toEqual([13, 14, 15, 16]);
    // EDT and BST: London 08:00–16:00 UTC.
    expect(allWithinHours(await day('2026-03-30'))).toEqual([13, 14, 15]);

    const month = await find({ participants: [LONDON, NEW_YORK], start_date: '2026-03-02', end_date: '2026-03-31' });
    expect(month.notes).toEqual([
      'Public holidays counted as days off: London GB, New York US.',
      'America/New_York (New York) changes from UTC-05:00 to UTC-04:00 at 2026-03-08T07:00:00Z (local 2026-03-08 02:00 → 03:00).',
      'Europe/London (London) changes from UTC+00:00 to UTC+01:00 at 2026-03-29T01:00:00Z (local 2026-03-29 01:00 → 02:00).',
    ]);
    // A week without a change has no such note.
    expect((await find({ participants: [LONDON, NEW_YORK], start_date: '2026-03-16' })).notes).toEqual([
      'Public holidays counted as days off: London GB, New York US.',
    ]);
  });

  it('public holidays: Christmas Day 2026 keeps both out; respect_holidays false counts it and names it', async () => {
    // GOV.UK bank holidays 2026 (England and Wales): Christmas Day Friday 25 December, Boxing Day
    // substitute Monday 28 December. U.S. OPM federal holidays 2026: Christmas Day Friday 25 December.
    const week = await find({ participants: [LONDON, NEW_YORK], start_date: '2026-12-21', end_date: '2026-12-27', limit: 50 });
    expect(week.slots.some((s) => s.start.startsWith('2026-12-25'))).toBe(false);
    expect(week.notes).toContain('2026-12-25 Christmas Day: public holiday for London (GB), New York (US); not counted as work time.');

    const counted = await find({ participants: [LONDON, NEW_YORK], start_date: '2026-12-25', end_date: '2026-12-25', respect_holidays: false });
    expect(counted.slots[0]).toMatchObject({ start: '2026-12-25T14:00:00Z', all_within_work_hours: true });
    expect(counted.slots[0].participants.map((p) => p.holiday)).toEqual(['Christmas Day', 'Christmas Day']);
    expect(counted.notes).toEqual([
      'Public holidays named, not counted (respect_holidays is false): London GB, New York US.',
      '2026-12-25 Christmas Day: public holiday for London (GB), New York (US); counted as work time (respect_holidays is false).',
    ]);

    // Only London is off on the Boxing Day substitute: New York's hours are the candidates.
    const boxing = await find({ participants: [LONDON, NEW_YORK], start_date: '2026-12-28', end_date: '2026-12-28' });
    expect(boxing.slots[0]).toMatchObject({ start: '2026-12-28T14:00:00Z', all_within_work_hours: false, minutes_outside_work_hours: 60 });
    expect(boxing.slots[0].participants[0]).toMatchObject({ within_work_hours: false, holiday: 'Boxing Day (substitute day)' });
    expect(boxing.slots[0].participants[1]).toMatchObject({ within_work_hours: true, holiday: null });
  });

  it('a subdivision: St Andrew’s Day (30 November 2026) is a bank holiday in Scotland, not in England', async () => {
    // mygov.scot bank holidays 2026: St Andrew's Day Monday 30 November.
    const edinburgh = { label: 'Edinburgh', timezone: 'Europe/London', country: 'GB', subdivision: 'GB-SCT' };
    const r = await find({ participants: [edinburgh, LONDON], start_date: '2026-11-30', end_date: '2026-11-30' });
    expect(r.slots[0].participants[0]).toMatchObject({ within_work_hours: false, holiday: 'St Andrew’s Day' });
    expect(r.slots[0].participants[1]).toMatchObject({ within_work_hours: true, holiday: null });
    expect(r.notes).toContain('Public holidays counted as days off: Edinburgh GB-SCT, London GB.');
    expect(r.notes).toContain('2026-11-30 St Andrew’s Day: public holiday for Edinburgh (GB-SCT); not counted as work time.');
  });

  it('a meeting that cannot fit: count 0 and a note saying why', async () => {
    const short = { work_start: '09:00', work_end: '12:00' };
    const long = await find({
      participants: [
        { ...LONDON, ...short },
        { ...NEW_YORK, ...short },
      ],
      start_date: '2026-11-30',
      duration_minutes: 480,
    });
    expect(long).toMatchObject({ count: 0, slots: [], candidates: 0 });
    expect(long.notes[0]).toBe(
      "No participant's work hours hold a 480-minute meeting between 2026-11-30 and 2026-12-06: the longest stretch at work is 180 minutes.",
    );
    expect(meetingTimes.calculator!.answer(long, ANSWER_WORDS)).toMatch(/^No slot fits\. No participant's work hours/);

    const weekend = await find({ participants: [LONDON, NEW_YORK], start_date: '2026-12-05', end_date: '2026-12-06' });
    expect(weekend.count).toBe(0);
    expect(weekend.notes[0]).toBe(
      'Nobody works between 2026-12-05 and 2026-12-06: none of those dates is a workday of any participant (workdays default to Monday–Friday).',
    );

    const christmas = await find({ participants: [LONDON, NEW_YORK], start_date: '2026-12-25', end_date: '2026-12-25' });
    expect(christmas.count).toBe(0);
    expect(christmas.notes[0]).toMatch(/^Nobody works between 2026-12-25 and 2026-12-25: every participant's workdays there are public holidays/);

    // Kathmandu (+05:45) 09:00–10:00 is 03:15–04:15 UTC: an hour long, but no hour-long slot on the hour fits.
    const kathmandu = { timezone: 'Asia/Kathmandu', work_start: '09:00', work_end: '10:00' };
    const grid = await find({ participants: [kathmandu, kathmandu], start_date: '2026-11-30', end_date: '2026-11-30', step_minutes: 60 });
    expect(grid.count).toBe(0);
    expect(grid.notes[0]).toMatch(/^No 60-minute slot starting on the 60-minute grid from 00:00 UTC fits/);
    expect((await find({ participants: [kathmandu, kathmandu], start_date: '2026-11-30', end_date: '2026-11-30', step_minutes: 15 })).slots[0].start).toBe(
      '2026-11-30T03:15:00Z',
    );
  });

  it('work hours across midnight: the shift belongs to the date it starts on', async () => {
    // London's Monday night shift runs 22:00 Monday to 06:00 Tuesday UTC; Tokyo's Tuesday 09:00–17:00 JST
    // is 00:00–08:00 UTC Tuesday: both at work from 00:00 to 06:00 UTC on Tuesday 1 December.
    const night = { label: 'London nights', timezone: 'Europe/London', work_start: '22:00', work_end: '06:00' };
    const tokyo = { label: 'Tokyo', timezone: 'Asia/Tokyo' };
    const monday = await find({ participants: [night, tokyo], start_date: '2026-11-30', end_date: '2026-11-30' });
    expect(monday.slots.some((s) => s.all_within_work_hours)).toBe(false);
    const r = await find({ participants: [night, tokyo], start_date: '2026-11-30', end_date: '2026-12-01', step_minutes: 60, limit: 50 });
    expect(allWithinHours(r)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(r.slots[0].participants.map((p) => p.local_start)).toEqual(['2026-12-01T00:00:00+00:00', '2026-12-01T09:00:00+09:00']);
    // Tuesday night's shift ends on Wednesday 06:00, past end_date: the range reaches it.
    expect(r.range.end).toBe('2026-12-02T06:00:00Z');
  });

  it('finds zones for coordinates, and a country for holidays where the zone names one', async () => {
    const r = await find({
      participants: [
        { label: 'Tokyo', lat: 35.6762, lon: 139.6503 },
        { label: 'Berlin', timezone: 'Europe/Berlin' },
        { label: 'CET', timezone: 'CET' },
        { label: 'Windows', timezone: 'Pacific Standard Time' },
        { label: 'Offset', timezone: '+05:30' },
        { label: 'Japan', timezone: 'JP' },
        { label: 'At sea', lat: 0, lon: -140 },
        { label: 'Given', timezone: 'Europe/Berlin', country: 'AT' },
      ],
      start_date: '2026-11-30',
    });
    expect(r.slots[0].participants.map((p) => p.timezone)).toEqual([
      'Asia/Tokyo',
      'Europe/Berlin',
      'Europe/Paris',
      'America/Los_Angeles',
      '+05:30',
      'Asia/Tokyo',
      'Etc/GMT+9',
      'Europe/Berlin',
    ]);
    // Countries from a zone named for one country (coordinates on land, IANA names, country codes) or given.
    expect(r.notes).toContain('Public holidays counted as days off: Tokyo JP, Berlin DE, Japan JP, Given AT.');
    for (const label of ['CET', 'Windows', 'Offset', 'At sea']) expect(r.notes.some((n) => n.startsWith(`${label}: no holidays counted`))).toBe(true);
    expect(r.notes).toContain('CET: no holidays counted (no country follows from Europe/Paris); give country to count them.');
    expect(r.notes.some((n) => n.startsWith('participants[3]: Pacific Standard Time is a Windows zone ID'))).toBe(true);
    expect(r.provenance.method).toBe('time.meeting-slots, time.zone-by-name, time.boundary-lookup, time.nautical-zone');
    expect(r.provenance.timezone_boundaries).toMatch(/^timezone-boundary-builder /);
  });

  it('defaults: a week from start_date, 60 minutes on a 30-minute grid, 10 slots, labels from the zone', async () => {
    const r = await find({ participants: [{ timezone: 'Europe/Paris' }, { timezone: 'Europe/Paris' }], start_date: '2026-11-30' });
    expect(r.count).toBe(10);
    expect(r.range).toEqual({ start: '2026-11-29T23:00:00Z', end: '2026-12-06T23:00:00Z' });
    // 09:00–17:00 CET is 08:00–16:00 UTC: 60-minute slots start 08:00..15:00, 15 per weekday.
    expect(r.candidates).toBe(15 * 5);
    expect(r.slots[0]).toMatchObject({ start: '2026-11-30T08:00:00Z', end: '2026-11-30T09:00:00Z' });
    expect(r.slots[0].participants[0]).toMatchObject({ label: 'Europe/Paris', timezone: 'Europe/Paris' });
    expect(r.notes).toEqual(['Public holidays counted as days off: Europe/Paris FR, Europe/Paris FR.']);
  });

  it('400 naming the field and the rule', () => {
    const two = [LONDON, NEW_YORK];
    const errors = (input: Record<string, unknown>) => inputErrors(meetingTimes, { participants: two, start_date: '2026-11-30', ...input });
    expect(errors({ participants: Array.from({ length: 21 }, () => LONDON) })).toEqual([
      { field: 'participants', message: 'must have at most 20 participants' },
    ]);
    expect(errors({ participants: [LONDON] })).toEqual([{ field: 'participants', message: 'must have at least 2 participants' }]);
    expect(errors({ start_date: '2026-03-01', end_date: '2026-04-01' })).toEqual([
      { field: 'end_date', message: 'must be at most 30 days after start_date (a range of at most 31 days)' },
    ]);
    expect(errors({ start_date: '2026-03-01', end_date: '2026-03-31' })).toEqual([]);
    expect(errors({ end_date: '2026-11-29' })).toEqual([{ field: 'end_date', message: 'must not be before start_date' }]);
    expect(errors({ participants: [{ ...LONDON, work_start: '9am' }, NEW_YORK] })).toEqual([
      { field: 'participants[0].work_start', message: 'must be a time written HH:MM, 00:00..23:59' },
    ]);
    expect(errors({ participants: [LONDON, { ...NEW_YORK, work_end: '24:00' }] })[0].field).toBe('participants[1].work_end');
    expect(errors({ participants: [LONDON, { ...NEW_YORK, work_end: '09:00' }] })).toEqual([
      { field: 'participants[1].work_end', message: 'must differ from work_start (work hours may cross midnight: 22:00 to 06:00)' },
    ]);
    expect(errors({ participants: [{ label: 'x' }, NEW_YORK] })).toEqual([
      { field: 'participants[0].timezone', message: 'is required: give timezone, place, or lat and lon' },
    ]);
    expect(errors({ participants: [{ ...LONDON, lat: 51.5 }, NEW_YORK] })[0]).toEqual({
      field: 'participants[0].lat',
      message: 'cannot be given with timezone: give timezone, or lat and lon',
    });
    expect(errors({ participants: [{ lat: 51.5 }, NEW_YORK] })).toEqual([{ field: 'participants[0].lon', message: 'is required with lat' }]);
    expect(errors({ participants: [{ lat: 95, lon: 0 }, NEW_YORK] })).toEqual([{ field: 'participants[0].lat', message: 'must be ≤ 90' }]);
    expect(errors({ participants: [{ ...LONDON, workdays: [1, 1] }, NEW_YORK] })[0].field).toBe('participants[0].workdays[1]');
    expect(errors({ participants: [{ ...LONDON, workdays: [0] }, NEW_YORK] })[0].field).toBe('participants[0].workdays[0]');
    expect(errors({ participants: [{ ...LONDON, country: 'XX' }, NEW_YORK] })[0].field).toBe('participants[0].country');
    expect(errors({ participants: [{ ...LONDON, country: 'GB', subdivision: 'CA' }, NEW_YORK] })[0].field).toBe('participants[0].subdivision');
    expect(errors({ participants: [{ ...LONDON, place: 'London' }, NEW_YORK] })).toEqual([
      { field: 'participants[0].place', message: 'give one of timezone, place, or lat and lon' },
    ]);
    expect(errors({ participants: [{ timezone: 'Mars/Olympus' }, NEW_YORK] })[0].field).toBe('participants[0].timezone');
    expect(errors({ step_minutes: 20 })).toEqual([{ field: 'step_minutes', message: 'must be 15, 30 or 60' }]);
    expect(errors({ duration_minutes: 10 })).toEqual([{ field: 'duration_minutes', message: 'must be ≥ 15' }]);
    expect(errors({ duration_minutes: 481 })).toEqual([{ field: 'duration_minutes', message: 'must be ≤ 480' }]);
    expect(errors({ limit: 51 })).toEqual([{ field: 'limit', message: 'must be ≤ 50' }]);
    expect(errors({ start_date: '2026-02-30' })[0].field).toBe('start_date');
  });

  it('a subdivision needs a country: given, or the zone’s', async () => {
    await expect(find({ participants: [{ timezone: '+01:00', subdivision: 'SCT' }, LONDON], start_date: '2026-11-30' })).rejects.toThrow(
      /participants\[0\]\.country: is required with subdivision/,
    );
    const scot = await find({ participants: [{ timezone: 'Europe/London', subdivision: 'SCT' }, LONDON], start_date: '2026-11-30' });
    expect(scot.notes[0]).toBe('Public holidays counted as days off: Europe/London GB-SCT, London GB.');
  });

  it('the worst case allowed (20 participants, 31 days, 15-minute steps) reads at most 33 days of 96 slots and fills the limit (its time: npm run bench, group meeting)', async () => {
    const zones = [
      'America/Los_Angeles',
      'Europe/London',
      'Asia/Kolkata',
      'America/New_York',
      'Europe/Berlin',
      'America/Denver',
      'Australia/Sydney',
      'America/Sao_Paulo',
      'Africa/Johannesburg',
      'Australia/Perth',
      'Europe/Paris',
      'America/Chicago',
      'Asia/Dubai',
      'Europe/Madrid',
      'America/Mexico_City',
      'America/Phoenix',
      'Pacific/Auckland',
      'Europe/Warsaw',
      'America/Toronto',
      'Europe/Belfast',
    ];
    const raw = {
      participants: zones.map((timezone, i) => ({
        timezone,
        work_start: i % 3 ? '08:00' : '22:00',
        work_end: i % 3 ? '18:30' : '06:00',
        workdays: [1, 2, 3, 4, 5, 6, 7],
      })),
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      step_minutes: 15,
      duration_minutes: 15,
      limit: 50,
    };
    const input = meetingTimes.input.parse(raw);
    const ctx = { now: () => new Date() };
    // Twelve countries' holidays for a month, cold, fit in one request; with seven countries whose holidays
    // follow the Chinese calendar among them, more than one request may ask (engine/planning/meeting-work.ts:
    // ~240 ms of CPU measured cold for 18 such countries), refused before any work, naming participants.
    const lunisolar = ['Asia/Tokyo', 'Asia/Shanghai', 'Asia/Seoul', 'Asia/Singapore', 'Asia/Taipei', 'Asia/Hong_Kong', 'Asia/Ho_Chi_Minh'];
    const heavier = meetingTimes.input.parse({ ...raw, participants: [...raw.participants.slice(0, 13), ...lunisolar.map((timezone) => ({ timezone }))] });
    expect(() => priceOf(meetingTimes, heavier)).toThrow(/participants: asks for about \d+ ms of server work/);
    await expect(meetingTimes.run(heavier, ctx)).rejects.toThrow(/participants: asks for about/);
    expect(priceOf(meetingTimes, input)).toBeLessThanOrEqual(10);
    const first = await meetingTimes.run(input, ctx);
    // At most 33 days (31 dates and the zones' spread) of 96 slots.
    expect(first.candidates).toBeLessThanOrEqual(33 * 96);
    expect(first.count).toBe(50);
    // The same answer again, from the cached holiday years (the case the bench times: < 50 ms of server CPU).
    expect(await meetingTimes.run(input, ctx)).toEqual(first);
  });
});

describe('place names as participants’ zones', () => {
  // The places index, built or read from its index file once (about 10 s of a core when built).
  beforeAll(() => loadPlaces(), 120_000);

  it('a place name as timezone: its zone, and its country for holidays (GeoNames: Geneva CH, Tokyo JP)', async () => {
    const r = await find({ participants: [{ label: 'Geneva', timezone: 'Geneva' }, { timezone: 'Tokyo' }], start_date: '2026-11-30' });
    expect(r.slots[0].participants.map((p) => p.timezone)).toEqual(['Europe/Zurich', 'Asia/Tokyo']);
    expect(r.notes).toContain('Public holidays counted as days off: Geneva CH, Tokyo JP.');
    expect(r.notes.some((n) => n.startsWith('participants[0]: Geneva is a place name: answered for Europe/Zurich'))).toBe(true);
    expect(r.provenance).toMatchObject({ method: 'time.meeting-slots, time.zone-by-name, geo.place-search' });
    expect(r.provenance.place_names).toMatch(/^GeoNames cities500/);
    // A place name is read as pending (its zone empty); the places layer resolves it when the tool runs.
    const pending = {
      timezone: { zone: '', resolved_from: 'place' as const, input: 'Tokyo', pending: true as const },
      work_start: '09:00',
      work_end: '17:00',
      workdays: [1],
    };
    expect((await settlePlaceZone(pending, 0)).timezone).toMatchObject({ zone: 'Asia/Tokyo', resolved_from: 'place' });
    await expect(settlePlaceZone({ ...pending, timezone: { ...pending.timezone, input: 'Qqqxyzzy' } }, 3)).rejects.toThrow(
      /participants\[3\]\.timezone: unknown time zone/,
    );
  });
});

describe('edge cases', () => {
  it('work intervals on DST days: 23- and 25-hour local days, and a shift inside the gap', () => {
    const ny = rulesOf('America/New_York');
    const plan = (work_start: string, work_end: string) => ({ table: ny, work_start, work_end, workdays: [1, 2, 3, 4, 5, 6, 7] });
    const hours = (iv: number[]) => (iv[1] - iv[0]) / 3_600_000;
    // 2026-03-08: 02:00 EST → 03:00 EDT. 01:00–05:00 is 3 hours of work; 2026-11-01 the same clock span is 5.
    expect(hours(workIntervals(plan('01:00', '05:00'), ['2026-03-08'], () => false))).toBe(3);
    expect(hours(workIntervals(plan('01:00', '05:00'), ['2026-11-01'], () => false))).toBe(5);
    // 02:00–03:00 does not exist that night.
    expect(workIntervals(plan('02:00', '03:00'), ['2026-03-08'], () => false)).toEqual([]);
    // A night shift 22:00–06:00 over the spring-forward night is 7 hours.
    expect(hours(workIntervals(plan('22:00', '06:00'), ['2026-03-07'], () => false))).toBe(7);
    // Consecutive 23h59m shifts stay disjoint.
    const long = workIntervals(plan('09:00', '08:59'), datesBetween('2026-10-30', '2026-11-02'), () => false);
    for (let i = 2; i < long.length; i += 2) expect(long[i]).toBeGreaterThanOrEqual(long[i - 1]);
  });

  it('slots: a slot exactly filling a work interval counts; one minute past does not', () => {
    const h = 3_600_000;
    const one = [[9 * h, 17 * h]];
    expect(searchSlots(one, { stepMs: h, durationMs: 8 * h, limit: 10 }).slots.map((s) => s.start_ms)).toEqual([9 * h]);
    expect(searchSlots(one, { stepMs: h, durationMs: 8 * h + 60_000, limit: 10 })).toEqual({ slots: [], candidates: 0, longest_ms: 8 * h });
    expect(searchSlots([[], []], { stepMs: h, durationMs: h, limit: 10 })).toEqual({ slots: [], candidates: 0, longest_ms: 0 });
  });

  it('zone.tab countries: a zone’s own country, none for zones without a line', () => {
    expect(zoneCountry('Europe/London')).toBe('GB');
    expect(zoneCountry('Europe/Berlin')).toBe('DE'); // zone1970.tab shares it with DK, NO, SE
    expect(zoneCountry('Europe/Copenhagen')).toBe('DK');
    expect(zoneCountry('Asia/Kolkata')).toBe('IN');
    expect(zoneCountry('UTC')).toBeUndefined();
    expect(zoneCountry('Etc/GMT+5')).toBeUndefined();
    expect(zoneCountry('+05:30')).toBeUndefined();
  });

  it('a range over New Year reads both years’ holidays; the last day of the data works', async () => {
    const r = await find({ participants: [LONDON, NEW_YORK], start_date: '2026-12-31', end_date: '2027-01-01' });
    expect(r.notes).toContain("2027-01-01 New Year's Day: public holiday for London (GB), New York (US); not counted as work time.");
    expect(r.slots.every((s) => s.start.startsWith('2026-12-31'))).toBe(true);
    const last = await find({ participants: [LONDON, NEW_YORK], start_date: '2200-12-31' });
    expect(last.range.end.startsWith('2201-01-01')).toBe(true);
  });
});

describe('the timetable of a slot (the meeting planner page)', () => {
  it('hour by hour through the first participant’s day, cells at work, part, off or on holiday', async () => {
    const request = { participants: [LONDON, BANGALORE], start_date: '2026-11-30', end_date: '2026-11-30' };
    const answer = await find(request);
    const t = meetingTimetable(request, answer, 0, zoneTable);
    expect(t.date).toBe('2026-11-30');
    expect(t.columns).toHaveLength(24);
    expect(t.columns.filter((c) => c.in_slot).map((c) => c.utc)).toEqual(['09:00']);
    const bangalore = t.rows[1];
    // 03:00 UTC is 08:30 in Bangalore: half an hour at work from 09:00 IST; 04:00 UTC (09:30) all of it.
    expect(bangalore.cells[3]).toMatchObject({ local: '08:30', state: 'part', day: 0 });
    expect(bangalore.cells[4]).toMatchObject({ local: '09:30', state: 'work' });
    expect(bangalore.cells[23]).toMatchObject({ local: '04:30', state: 'off', day: 1 });
  });

  it('a DST day has 23 columns; a holiday the answer names is a holiday in the row', async () => {
    const ny = { ...NEW_YORK, workdays: [1, 2, 3, 4, 5, 6, 7] };
    const request = { participants: [ny, { ...LONDON, workdays: [1, 2, 3, 4, 5, 6, 7] }], start_date: '2026-03-08', end_date: '2026-03-08' };
    expect(meetingTimetable(request, await find(request), 0, zoneTable).columns).toHaveLength(23);
    const christmas = { participants: [LONDON, NEW_YORK], start_date: '2026-12-25', end_date: '2026-12-25', respect_holidays: false };
    const answer = await find(christmas);
    const t = meetingTimetable({ ...christmas, respect_holidays: true }, answer, 0, zoneTable);
    expect(t.rows[0].holiday).toBe('Christmas Day');
    expect(t.rows[0].cells.filter((c) => c.state === 'holiday')).toHaveLength(24);
    expect(meetingTimetable(christmas, answer, 0, zoneTable).rows[0].cells[10].state).toBe('work');
  });
});

describe('participants by place name', () => {
  it('place: the coordinates of the best GeoNames match, its zone by the boundary lookup and its country for holidays', async () => {
    // GeoNames: 5391959 San Francisco US; 2643743 London GB; 1277333 Bengaluru IN (alternate name Bangalore).
    const r = await runTool(meetingTimes, {
      participants: [{ place: 'San Francisco' }, { place: 'London, GB' }, { place: 'Bangalore' }],
      start_date: '2026-11-30',
      duration_minutes: 30,
      limit: 1,
    });
    expect(r.slots[0].participants.map((p) => [p.label, p.timezone])).toEqual([
      ['San Francisco', 'America/Los_Angeles'],
      ['London', 'Europe/London'],
      ['Bengaluru', 'Asia/Kolkata'],
    ]);
    expect(r.notes.join(' ')).toContain('San Francisco US, London GB, Bengaluru IN');
    expect(inputErrors(meetingTimes, { participants: [{ place: 'Paris', timezone: 'UTC' }, { timezone: 'UTC' }], start_date: '2026-11-30' })).toEqual([
      { field: 'participants[0].place', message: 'give one of timezone, place, or lat and lon' },
    ]);
  });
});
