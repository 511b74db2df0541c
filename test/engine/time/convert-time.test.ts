import { describe, expect, it } from 'vitest';
import { convertTime, formatDifference, parseLocalClock } from '../../../engine/time/convert-time.ts';
import { ToolInputError } from '../../../engine/tool.ts';
import { explanationsOf, fixedClock, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const convert = (time: string, source_timezone?: string, target_timezone?: string, extra: Record<string, unknown> = {}) =>
  runTool(convertTime, {
    time,
    ...(source_timezone === undefined ? {} : { source_timezone }),
    ...(target_timezone === undefined ? {} : { target_timezone }),
    ...extra,
  });

describe('convert_time', () => {
  it('answers the documented example (europe: Paris CET; asia: Kathmandu +0545)', async () => {
    const r = await runTool(convertTime, convertTime.examples[0].input);
    expect(r).toMatchObject({
      source: {
        timezone: 'Europe/Paris',
        local_time: '2026-11-22T09:00:00+01:00',
        utc_offset: '+01:00',
        abbreviation: 'CET',
        dst: false,
        day_of_week: 'Sunday',
      },
      target: { timezone: 'Asia/Kathmandu', local_time: '2026-11-22T13:45:00+05:45', utc_offset: '+05:45', abbreviation: '+0545', dst: false },
      utc_time: '2026-11-22T08:00:00Z',
      time_difference: '+4h45m',
      time_difference_seconds: 17100,
      date_difference_days: 0,
      fold: null,
      gap_adjusted: false,
    });
    expect(r.note).toBeUndefined();
    expect(r.provenance).toEqual({ method: 'time.convert-compatible, time.zone-by-name', tzdb: '2026f' });
    const full = await runTool(convertTime, convertTime.examples[0].input, withFullProvenance());
    expect(explanationsOf(full.provenance)['time.convert-compatible']).toMatch(/compatible/);
  });

  it('reports +5h45m, +12h45m and +13h45m differences (asia: Kathmandu; australasia: Chatham)', async () => {
    expect((await convert('2026-07-01T00:00', 'UTC', 'Asia/Kathmandu')).time_difference).toBe('+5h45m');
    expect((await convert('2026-07-01T00:00', 'UTC', 'Pacific/Chatham')).time_difference).toBe('+12h45m');
    expect((await convert('2026-01-15T00:00', 'UTC', 'Pacific/Chatham')).time_difference).toBe('+13h45m');
    expect((await convert('2026-01-15T00:00', 'Pacific/Chatham', 'America/St_Johns')).time_difference).toBe('-17h15m'); // -3:30 - 13:45
  });

  it('takes HH:MM as today in the source zone, from the clock, and says so', async () => {
    // 2026-11-22T20:00Z is already 2026-11-23 10:00 in Kiritimati (+14).
    const r = await runTool(convertTime, { time: '09:00', source_timezone: 'Pacific/Kiritimati', target_timezone: 'UTC' }, fixedClock('2026-11-22T20:00:00Z'));
    expect(r.source.local_time).toBe('2026-11-23T09:00:00+14:00');
    expect(r.utc_time).toBe('2026-11-22T19:00:00Z');
    expect(r.note).toBe('date omitted: today in Pacific/Kiritimati (2026-11-23) assumed.');
    expect(convertTime.usesClock!(convertTime.input.parse({ time: '09:00' }))).toBe(true);
    expect(convertTime.usesClock!(convertTime.input.parse({ time: '09:00', date: '2026-11-22' }))).toBe(false);
    expect(convertTime.usesClock!(convertTime.input.parse({ time: '2026-11-22T09:00' }))).toBe(false);
  });

  it('takes HH:MM with a date, and HH:MM:SS', async () => {
    expect((await convert('09:15:30', 'Asia/Tokyo', 'Europe/London', { date: '2026-06-01' })).target.local_time).toBe('2026-06-01T01:15:30+01:00');
  });

  it('defaults omitted zones to UTC and says so', async () => {
    const r = await convert('2026-11-22T09:00');
    expect(r.source).toMatchObject({ timezone: 'UTC', resolved_from: 'default' });
    expect(r.target).toMatchObject({ timezone: 'UTC', resolved_from: 'default' });
    expect(r.time_difference).toBe('+0h');
    expect(r.note).toBe('source_timezone omitted: UTC assumed. target_timezone omitted: UTC assumed.');
    expect((await convert('2026-11-22T09:00', 'Asia/Tokyo')).note).toBe('target_timezone omitted: UTC assumed.');
  });

  it('answers legacy names and any letter case under canonical names', async () => {
    const r = await convert('2026-11-22T09:00', 'Asia/Calcutta', 'europe/paris');
    expect(r.source).toMatchObject({ timezone: 'Asia/Kolkata', utc_offset: '+05:30', resolved_from: 'alias' });
    expect(r.target).toMatchObject({ timezone: 'Europe/Paris', local_time: '2026-11-22T04:30:00+01:00', resolved_from: 'iana' });
    expect(r.time_difference).toBe('-4h30m');
    expect(r.note).toBe('source_timezone: Asia/Calcutta is a legacy name or tzdb link: answered for Asia/Kolkata.');
  });

  it('resolves abbreviations (CEST, EST, IST) to documented zones with candidates', async () => {
    const r = await convert('2026-07-01T09:00', 'CEST', 'EST');
    expect(r.source).toMatchObject({ timezone: 'Europe/Paris', abbreviation: 'CEST', resolved_from: 'abbreviation' });
    expect(r.source.candidates).toContain('Europe/Berlin');
    expect(r.target).toMatchObject({
      timezone: 'America/New_York',
      local_time: '2026-07-01T03:00:00-04:00',
      abbreviation: 'EDT',
      resolved_from: 'abbreviation',
    });
    expect(r.target.candidates![0]).toBe('America/Panama');
    expect(r.time_difference).toBe('-6h');
    const ist = await convert('2026-07-01T09:00', 'IST', 'UTC');
    expect(ist.source).toMatchObject({ timezone: 'Asia/Kolkata', candidates: ['Europe/Dublin', 'Asia/Jerusalem'] });
    expect(ist.note).toBe('source_timezone: IST is ambiguous (also +01:00 in Europe/Dublin, +02:00 in Asia/Jerusalem): answered for Asia/Kolkata.');
  });

  it('rejects unknown zones on their field, with a suggestion', () => {
    expect(inputErrors(convertTime, { time: '09:00', source_timezone: 'Europe/Pari', target_timezone: 'Asia/Tokio' })).toEqual([
      { field: 'source_timezone', message: "unknown time zone 'Europe/Pari'; did you mean Europe/Paris?" },
      { field: 'target_timezone', message: "unknown time zone 'Asia/Tokio'; did you mean Asia/Tokyo?" },
    ]);
  });

  it('rejects a time with an offset or Z, naming time', () => {
    for (const time of ['09:00Z', '2026-11-22T09:00+01:00', '2026-11-22T09:00:00Z', '09:00-0500']) {
      expect(inputErrors(convertTime, { time })).toEqual([
        { field: 'time', message: 'must be local to source_timezone, without Z or a UTC offset (name the zone in source_timezone)' },
      ]);
    }
  });

  it('rejects date together with a full date-time, naming date', () => {
    expect(inputErrors(convertTime, { time: '2026-11-22T09:00', date: '2026-11-22' })).toEqual([
      { field: 'date', message: 'must be omitted when time already gives a date (YYYY-MM-DDTHH:MM)' },
    ]);
  });

  it('rejects impossible clock times and malformed input', () => {
    expect(inputErrors(convertTime, { time: '24:00' })).toEqual([{ field: 'time', message: 'hour must be 00..23 (24:00 is 00:00 of the next day)' }]);
    expect(inputErrors(convertTime, { time: '25:61' })).toEqual([{ field: 'time', message: 'hour must be 00..23' }]);
    expect(inputErrors(convertTime, { time: '23:60' })).toEqual([{ field: 'time', message: 'minute must be 00..59' }]);
    expect(inputErrors(convertTime, { time: '0900' })[0]).toEqual({
      field: 'time',
      message: 'must be a local time HH:MM or a local date-time YYYY-MM-DDTHH:MM[:SS]',
    });
    expect(inputErrors(convertTime, {})).toEqual([{ field: 'time', message: 'is required' }]);
    expect(inputErrors(convertTime, { time: '09:00', date: '2026-02-30' })[0].field).toBe('date');
    expect(inputErrors(convertTime, { time: '2026-02-30T09:00' })[0]).toEqual({ field: 'time', message: 'date part is not a real date (2026-02 has 28 days)' });
    expect(inputErrors(convertTime, { time: '09:00', zone: 'UTC' })[0].field).toBe('zone');
  });
});

describe('edge cases', () => {
  it('DST gap: New York 2026-03-08 02:30 does not exist, moved to 03:30 EDT (northamerica: Rule US Mar Sun>=8 2:00)', async () => {
    const r = await convert('2026-03-08T02:30', 'America/New_York', 'UTC');
    expect(r).toMatchObject({
      source: { local_time: '2026-03-08T03:30:00-04:00', abbreviation: 'EDT', dst: true },
      utc_time: '2026-03-08T07:30:00Z',
      gap_adjusted: true,
      fold: null,
    });
    expect(r.note).toBe('2026-03-08T02:30 does not exist in America/New_York (clocks move forward 1h there): moved forward to 2026-03-08T03:30:00-04:00.');
  });

  it('DST fold: New York 2026-11-01 01:30 occurs twice, the earlier (EDT) instant is taken (northamerica: Rule US Nov Sun>=1 2:00)', async () => {
    const r = await convert('2026-11-01T01:30', 'America/New_York', 'UTC');
    expect(r).toMatchObject({
      source: { local_time: '2026-11-01T01:30:00-04:00', abbreviation: 'EDT', dst: true },
      utc_time: '2026-11-01T05:30:00Z',
      fold: 'earlier',
      gap_adjusted: false,
    });
    expect(r.note).toContain('the later one is 2026-11-01T06:30:00Z');
  });

  it('EU gap 2026-03-29 02:30 and fold 2026-10-25 02:30 in Paris (europe: Rule EU lastSun 1:00u)', async () => {
    expect(await convert('2026-03-29T02:30', 'Europe/Paris', 'UTC')).toMatchObject({
      source: { local_time: '2026-03-29T03:30:00+02:00' },
      utc_time: '2026-03-29T01:30:00Z',
      gap_adjusted: true,
      fold: null,
    });
    expect(await convert('2026-10-25T02:30', 'Europe/Paris', 'UTC')).toMatchObject({
      source: { local_time: '2026-10-25T02:30:00+02:00', abbreviation: 'CEST' },
      utc_time: '2026-10-25T00:30:00Z',
      fold: 'earlier',
      gap_adjusted: false,
    });
    // The target side of a transition is no gap: 01:30 UTC is 02:30 CET, once.
    expect(await convert('2026-10-25T01:30', 'UTC', 'Europe/Paris')).toMatchObject({ target: { local_time: '2026-10-25T02:30:00+01:00' }, fold: null });
  });

  it('Lord Howe half-hour DST: a 30-minute gap and fold (australasia: Rule LH Oct Sun>=1 2:00 0:30 / Apr Sun>=1 2:00 0)', async () => {
    const gap = await convert('2026-10-04T02:15', 'Australia/Lord_Howe', 'UTC');
    expect(gap).toMatchObject({ source: { local_time: '2026-10-04T02:45:00+11:00' }, utc_time: '2026-10-03T15:45:00Z', gap_adjusted: true });
    expect(gap.note).toContain('clocks move forward 30m');
    const fold = await convert('2026-04-05T01:45', 'Australia/Lord_Howe', 'UTC');
    expect(fold).toMatchObject({ source: { local_time: '2026-04-05T01:45:00+11:00' }, utc_time: '2026-04-04T14:45:00Z', fold: 'earlier' });
    expect(fold.note).toContain('the later one is 2026-04-04T15:15:00Z');
  });

  it('leap day 2024-02-29 exists; 2023-02-29 does not', async () => {
    expect(await convert('2024-02-29T23:30', 'Asia/Tokyo', 'America/Los_Angeles')).toMatchObject({
      utc_time: '2024-02-29T14:30:00Z',
      target: { local_time: '2024-02-29T06:30:00-08:00', day_of_week: 'Thursday' },
      time_difference: '-17h',
    });
    expect(inputErrors(convertTime, { time: '2023-02-29T10:00' })[0].field).toBe('time');
  });

  it('across the date line: Kiritimati (+14) to Pago Pago (-11) is the previous day, -25h (australasia: "14:00 - +14"; "-11:00 - SST")', async () => {
    const r = await convert('10:00', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', { date: '2026-06-15' });
    expect(r).toMatchObject({
      source: { local_time: '2026-06-15T10:00:00+14:00', day_of_week: 'Monday' },
      target: { local_time: '2026-06-14T09:00:00-11:00', abbreviation: 'SST', day_of_week: 'Sunday' },
      utc_time: '2026-06-14T20:00:00Z',
      time_difference: '-25h',
      time_difference_seconds: -90000,
      date_difference_days: -1,
    });
  });

  it('refuses a conversion that leaves years 0001..9999, naming the field', () => {
    const input = convertTime.input.parse({ time: '9999-12-31T23:00', source_timezone: 'Etc/GMT+12', target_timezone: 'Pacific/Kiritimati' });
    expect(() => convertTime.run(input, fixedClock('2026-11-22T08:00:00Z'))).toThrow(ToolInputError);
    try {
      convertTime.run(input, fixedClock('2026-11-22T08:00:00Z'));
    } catch (e) {
      expect((e as ToolInputError).errors).toEqual([{ field: 'time', message: 'converts to a time outside 0001-01-01..9999-12-31' }]);
    }
  });

  it('formats differences and reads clock strings', () => {
    expect([28800, 20700, -12600, 0, -90000, 1050].map((s) => formatDifference(s))).toEqual(['+8h', '+5h45m', '-3h30m', '+0h', '-25h', '+0h17m30s']);
    expect(formatDifference(1800, false)).toBe('30m');
    expect(parseLocalClock('2026-11-22 09:05:07')).toEqual({ date: '2026-11-22', hour: 9, minute: 5, second: 7 });
    expect(parseLocalClock('00:00')).toEqual({ hour: 0, minute: 0, second: 0 });
    expect(parseLocalClock('9:30')).toEqual({ hour: 9, minute: 30, second: 0 });
    expect(parseLocalClock('9:30+01:00')).toMatch(/without Z or a UTC offset/);
  });
});
