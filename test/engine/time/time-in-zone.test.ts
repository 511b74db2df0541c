import { TRANSITIONS } from '../../fixtures/reference/tzdb.ts';
import { describe, expect, it } from 'vitest';
import { timeInZone } from '../../../engine/time/time-in-zone.ts';
import { explanationsOf, fixedClock, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const get = (timezone: string | undefined, at?: string | number) =>
  runTool(timeInZone, { ...(timezone === undefined ? {} : { timezone }), ...(at === undefined ? {} : { at }) });

describe('get_time_in_zone', () => {
  it('answers the documented example (Kathmandu, asia: "5:45 - +0545")', async () => {
    const r = await runTool(timeInZone, timeInZone.examples[0].input);
    expect(r).toEqual({
      timezone: 'Asia/Kathmandu',
      local_time: '2026-11-22T13:45:00+05:45',
      utc_time: '2026-11-22T08:00:00Z',
      utc_offset: '+05:45',
      utc_offset_seconds: 20700,
      abbreviation: '+0545',
      dst: false,
      day_of_week: 'Sunday',
      next_transition: null,
      resolved_from: 'iana',
      provenance: expect.any(Object),
    });
    expect(r.provenance).toEqual({ method: 'time.zone-by-name', tzdb: '2026f' });
    const full = explanationsOf((await runTool(timeInZone, timeInZone.examples[0].input, withFullProvenance())).provenance);
    expect(full['time.zone-by-name']).toMatch(/IANA rules/);
    expect(full['time.zone-names']).toMatch(/tzdb 2026f/);
    expect(full['time.abbreviation-resolution']).toMatch(/between 2025-01-01 and 2028-01-01/);
  });

  it('uses the clock when at is omitted', async () => {
    const r = await runTool(timeInZone, { timezone: 'Europe/Paris' }, fixedClock('2026-11-22T08:00:00Z'));
    expect(r.local_time).toBe('2026-11-22T09:00:00+01:00'); // europe: "1:00 EU CE%sT"
    expect(timeInZone.usesClock!(timeInZone.input.parse({ timezone: 'UTC' }))).toBe(true);
    expect(timeInZone.usesClock!(timeInZone.input.parse({ timezone: 'UTC', at: 0 }))).toBe(false);
  });

  it('answers UTC when timezone is omitted, and says so', async () => {
    expect(await get(undefined, '2026-11-22T08:00:00Z')).toMatchObject({
      timezone: 'UTC',
      local_time: '2026-11-22T08:00:00+00:00',
      abbreviation: 'UTC',
      resolved_from: 'default',
      note: 'timezone omitted: answered for UTC.',
    });
    expect((await get('', 0)).resolved_from).toBe('default');
  });

  it('answers a legacy name under the canonical one (backward: "Link Asia/Kolkata Asia/Calcutta")', async () => {
    expect(await get('Asia/Calcutta', '2026-11-22T08:00:00Z')).toMatchObject({
      timezone: 'Asia/Kolkata',
      local_time: '2026-11-22T13:30:00+05:30',
      abbreviation: 'IST',
      resolved_from: 'alias',
      note: 'Asia/Calcutta is a legacy name or tzdb link: answered for Asia/Kolkata.',
    });
  });

  it('ignores letter case', async () => {
    const r = await get('europe/paris', '2026-07-01T12:00:00Z');
    expect(r).toMatchObject({ timezone: 'Europe/Paris', local_time: '2026-07-01T14:00:00+02:00', abbreviation: 'CEST', dst: true, resolved_from: 'iana' });
    expect(r.note).toBeUndefined();
  });

  it('CEST → Europe/Paris, other users listed', async () => {
    const r = await get('CEST', '2026-07-01T12:00:00Z');
    expect(r).toMatchObject({ timezone: 'Europe/Paris', utc_offset: '+02:00', abbreviation: 'CEST', resolved_from: 'abbreviation' });
    expect(r.candidates).toEqual(expect.arrayContaining(['Europe/Berlin', 'Europe/Madrid', 'Europe/Rome']));
    expect(r.note).toBe('CEST is an abbreviation, not a zone: answered for Europe/Paris; candidates lists other zones that use it.');
  });

  it('EST in July → America/New_York on EDT, and America/Panama keeps EST (northamerica: Rule US; Zone America/Panama -5:00 EST)', async () => {
    const r = await get('EST', '2026-07-01T12:00:00Z');
    expect(r).toMatchObject({ timezone: 'America/New_York', local_time: '2026-07-01T08:00:00-04:00', abbreviation: 'EDT', resolved_from: 'abbreviation' });
    expect(r.candidates![0]).toBe('America/Panama');
    expect(r.note).toBe(
      'EST is an abbreviation, not a zone: answered for America/New_York, which observes EDT (-04:00) at this instant; America/Panama keeps EST (-05:00) all year; candidates lists other zones that use it.',
    );
  });

  it('IST → Asia/Kolkata, Dublin and Jerusalem as candidates', async () => {
    const r = await get('IST', '2026-11-22T08:00:00Z');
    expect(r).toMatchObject({ timezone: 'Asia/Kolkata', utc_offset: '+05:30', resolved_from: 'abbreviation', candidates: ['Europe/Dublin', 'Asia/Jerusalem'] });
    expect(r.note).toBe('IST is ambiguous (also +01:00 in Europe/Dublin, +02:00 in Asia/Jerusalem): answered for Asia/Kolkata.');
  });

  it('CST → America/Chicago, noting China and Cuba', async () => {
    const r = await get('CST', '2026-01-15T12:00:00Z');
    expect(r).toMatchObject({ timezone: 'America/Chicago', local_time: '2026-01-15T06:00:00-06:00', abbreviation: 'CST' });
    expect(r.note).toBe('CST is ambiguous (also +08:00 in Asia/Shanghai, -05:00 in America/Havana): answered for America/Chicago.');
  });

  it('CST in July: the @example (northamerica: Rule US; Zone America/Mexico_City -6:00 Mexico C%sT, no DST since 2022)', async () => {
    const r = await get('CST', '2026-07-01T12:00:00Z');
    expect(r).toMatchObject({ timezone: 'America/Chicago', local_time: '2026-07-01T07:00:00-05:00', abbreviation: 'CDT', resolved_from: 'abbreviation' });
    expect(r.candidates!.slice(0, 3)).toEqual(['Asia/Shanghai', 'America/Mexico_City', 'America/Havana']);
    expect(r.note).toBe(
      'CST is ambiguous (also +08:00 in Asia/Shanghai, -05:00 in America/Havana): answered for America/Chicago, which observes CDT (-05:00) at this instant; America/Mexico_City keeps CST (-06:00) all year.',
    );
  });

  it('rejects an unknown zone on its field, suggesting close names', () => {
    expect(inputErrors(timeInZone, { timezone: 'Europe/Pari' })).toEqual([
      { field: 'timezone', message: "unknown time zone 'Europe/Pari'; did you mean Europe/Paris?" },
    ]);
    expect(inputErrors(timeInZone, { timezone: 'Etc/GMT-15' })[0].message).toMatch(/^unknown time zone 'Etc\/GMT-15'; did you mean Etc\/GMT-1/);
    // A name that is no zone may be a place: carried as pending, resolved (or refused) by the places
    // layer when the tool runs (test/engine/places/place-input.test.ts); over 200 characters it is no place.
    expect(timeInZone.input.parse({ timezone: 'qqqqqq' }).timezone).toEqual({ zone: '', resolved_from: 'place', input: 'qqqqqq', pending: true });
    expect(inputErrors(timeInZone, { timezone: 'q'.repeat(201) })[0].message).toMatch(/^unknown time zone 'q{40}…' \(201 characters\); give an IANA name/);
  });

  it('rejects other bad input naming the field', () => {
    expect(inputErrors(timeInZone, { timezone: 5 })).toEqual([
      { field: 'timezone', message: 'must be an IANA time-zone name such as Europe/Paris, or an abbreviation such as CET' },
    ]);
    expect(inputErrors(timeInZone, { timezone: 'UTC', at: '2026-11-22T08:00:00' })[0].field).toBe('at');
    expect(inputErrors(timeInZone, { tz: 'UTC' })).toEqual([{ field: 'tz', message: 'is not a known parameter of this operation' }]);
    expect(inputErrors(timeInZone, { timezone: 'x'.repeat(5000) })[0].message).toMatch(/^unknown time zone 'x{40}…'/);
  });
});

describe('edge cases', () => {
  it('US spring-forward 2026-03-08 07:00Z (northamerica: Rule US 2007 max Mar Sun>=8 2:00 1:00 D)', async () => {
    const before = await get('America/New_York', '2026-03-08T06:59:59Z');
    expect(before).toMatchObject({ local_time: '2026-03-08T01:59:59-05:00', abbreviation: 'EST', dst: false });
    expect(before.next_transition).toEqual(TRANSITIONS.newYorkSpring2026.expected);
    expect(await get('America/New_York', '2026-03-08T07:00:00Z')).toMatchObject({ local_time: '2026-03-08T03:00:00-04:00', abbreviation: 'EDT', dst: true });
  });

  it('US fall-back 2026-11-01: 01:30 local twice (northamerica: Rule US 2007 max Nov Sun>=1 2:00 0 S)', async () => {
    expect((await get('America/New_York', '2026-11-01T05:30:00Z')).local_time).toBe('2026-11-01T01:30:00-04:00');
    expect((await get('America/New_York', '2026-11-01T06:30:00Z')).local_time).toBe('2026-11-01T01:30:00-05:00');
  });

  it('EU 2026-03-29 and 2026-10-25 at 01:00 UTC (europe: Rule EU Mar lastSun / Oct lastSun 1:00u)', async () => {
    expect(await get('Europe/Paris', '2026-03-29T01:00:00Z')).toMatchObject({ local_time: '2026-03-29T03:00:00+02:00', abbreviation: 'CEST', dst: true });
    const late = await get('Europe/Paris', '2026-10-25T00:59:59Z');
    expect(late).toMatchObject({ local_time: '2026-10-25T02:59:59+02:00', abbreviation: 'CEST' });
    expect(late.next_transition).toEqual(TRANSITIONS.parisFall2026.expected);
    expect(await get('Europe/Paris', '2026-10-25T01:00:00Z')).toMatchObject({ local_time: '2026-10-25T02:00:00+01:00', abbreviation: 'CET', dst: false });
  });

  it('Lord Howe half-hour DST (australasia: Rule LH 2008 max Apr Sun>=1 2:00 0 / Oct Sun>=1 2:00 0:30)', async () => {
    expect(await get('Australia/Lord_Howe', '2026-04-04T14:59:59Z')).toMatchObject({ local_time: '2026-04-05T01:59:59+11:00', dst: true });
    expect(await get('Australia/Lord_Howe', '2026-04-04T15:00:00Z')).toMatchObject({
      local_time: '2026-04-05T01:30:00+10:30',
      abbreviation: '+1030',
      dst: false,
    });
    expect(await get('Australia/Lord_Howe', '2026-10-03T15:30:00Z')).toMatchObject({ local_time: '2026-10-04T02:30:00+11:00', abbreviation: '+11', dst: true });
  });

  it('Chatham +13:45 in its summer (australasia: "12:45 Chatham +1245/+1345")', async () => {
    expect(await get('Pacific/Chatham', '2026-01-15T00:00:00Z')).toMatchObject({
      local_time: '2026-01-15T13:45:00+13:45',
      utc_offset_seconds: 49500,
      dst: true,
    });
  });

  it('leap day 2024-02-29, and the date line: Kiritimati (+14) is already on 1 March (australasia: "14:00 - +14")', async () => {
    expect(await get('Asia/Tokyo', '2024-02-29T12:00:00Z')).toMatchObject({ local_time: '2024-02-29T21:00:00+09:00', day_of_week: 'Thursday' });
    expect(await get('Pacific/Kiritimati', '2024-02-29T12:00:00Z')).toMatchObject({ local_time: '2024-03-01T02:00:00+14:00', day_of_week: 'Friday' });
    expect(await get('Pacific/Pago_Pago', '2024-02-29T12:00:00Z')).toMatchObject({ local_time: '2024-02-29T01:00:00-11:00', abbreviation: 'SST' });
  });

  it('a fixed-offset Etc zone, sign inverted (etcetera: "Zone Etc/GMT+12 -12 - -12")', async () => {
    expect(await get('Etc/GMT+12', '2026-11-22T08:00:00Z')).toMatchObject({ local_time: '2026-11-21T20:00:00-12:00', next_transition: null });
  });

  it('a deterministic answer does not depend on the clock', async () => {
    const input = { timezone: 'IST', at: '2026-11-22T08:00:00Z' };
    expect(await runTool(timeInZone, input, fixedClock('2030-01-01T00:00:00Z'))).toEqual(await runTool(timeInZone, input));
  });
});
