import { TRANSITIONS } from '../../fixtures/reference/tzdb.ts';
import { describe, expect, it } from 'vitest';
import { clockFields, localTime, localTimeAt, localTimeFields, LocalTimeResult, wallTimeAt } from '../../../engine/time/local-time.ts';
import { zoneRulesAt } from '../../../engine/time/zone-rules.ts';
import { explanationsOf, fixedClock, inputErrors, edgeAndRandomPoints, prng, runTool, withFullProvenance } from '../../helpers.ts';

const get = (lat: number, lon: number, at?: string | number) => runTool(localTime, at === undefined ? { lat, lon } : { lat, lon, at });
// Before 1901 the core is called directly: engine/tool.ts's MIN_INSTANT_MS is Date.UTC(1, 0, 1), which
// Date.UTC maps to 1901-01-01, so the shared Instant schema currently refuses earlier instants.
const direct = (lat: number, lon: number, at: string) => LocalTimeResult.parse(localTimeAt(lat, lon, Date.parse(at)));

describe('get_local_time', () => {
  it('answers the documented example (Kathmandu, asia: "5:45 - +0545")', async () => {
    const r = await runTool(localTime, localTime.examples[0].input);
    expect(r).toMatchObject({
      lat: 27.7172,
      lon: 85.324,
      timezone: 'Asia/Kathmandu',
      timezones: ['Asia/Kathmandu'],
      local_time: '2026-11-22T13:45:00+05:45',
      utc_time: '2026-11-22T08:00:00Z',
      unix_seconds: 1795334400,
      unix_ms: 1795334400000,
      utc_offset: '+05:45',
      utc_offset_seconds: 20700,
      abbreviation: '+0545',
      dst: false,
      day_of_week: 'Sunday',
      next_transition: null,
      resolution: 'land',
    });
    expect(r.provenance).toEqual({
      method: 'time.boundary-lookup',
      timezone_boundaries: expect.stringMatching(/^timezone-boundary-builder 20\d\d[a-z]$/),
      tzdb: '2026f',
    });
    const full = explanationsOf((await runTool(localTime, localTime.examples[0].input, withFullProvenance())).provenance);
    expect(full['time.boundary-lookup']).toMatch(/boundary lookup.*IANA rules/);
    expect(full.tzdb).toMatch(/^IANA tzdb 2026f as built by moment-timezone/);
    expect(full['time.dst-rule']).toMatch(/lowest offset in force within half a year/);
  });

  it('uses the clock when at is omitted, and says so', async () => {
    const r = await runTool(localTime, { lat: 48.8566, lon: 2.3522 }, fixedClock('2026-11-22T08:00:00Z'));
    expect(r.local_time).toBe('2026-11-22T09:00:00+01:00'); // Paris, CET (europe: "1:00 EU CE%sT")
    expect(localTime.usesClock!(localTime.input.parse({ lat: 0, lon: 0 }))).toBe(true);
    expect(localTime.usesClock!(localTime.input.parse({ lat: 0, lon: 0, at: 0 }))).toBe(false);
  });

  it('accepts epoch seconds and milliseconds', async () => {
    expect((await get(48.8566, 2.3522, 1795334400)).utc_time).toBe('2026-11-22T08:00:00Z');
    expect((await get(48.8566, 2.3522, 1795334400000)).utc_time).toBe('2026-11-22T08:00:00Z');
  });

  it('Dublin: IST (+01:00) in summer is DST, GMT in winter is not (europe: "1:00 Eire IST/GMT")', async () => {
    expect(await get(53.3498, -6.2603, '2026-07-01T12:00:00Z')).toMatchObject({
      timezone: 'Europe/Dublin',
      utc_offset: '+01:00',
      abbreviation: 'IST',
      dst: true,
    });
    expect(await get(53.3498, -6.2603, '2026-01-15T12:00:00Z')).toMatchObject({ utc_offset: '+00:00', abbreviation: 'GMT', dst: false });
  });

  it('Lord Howe: +11:00 summer is DST, +10:30 is not (australasia: "10:30 LH +1030/+11")', async () => {
    expect(await get(-31.5553, 159.0821, '2026-01-15T12:00:00Z')).toMatchObject({ utc_offset: '+11:00', abbreviation: '+11', dst: true });
    expect(await get(-31.5553, 159.0821, '2026-07-01T12:00:00Z')).toMatchObject({ utc_offset: '+10:30', abbreviation: '+1030', dst: false });
  });

  it('rejects bad input naming the field', () => {
    expect(inputErrors(localTime, { lat: 91, lon: 0 })).toEqual([{ field: 'lat', message: 'must be ≤ 90' }]);
    expect(inputErrors(localTime, { lat: 0, lon: 'x' })).toEqual([{ field: 'lon', message: 'must be a number' }]);
    expect(inputErrors(localTime, { lat: 0, lon: 0, at: '2026-11-22T08:00:00' })[0].field).toBe('at');
    expect(inputErrors(localTime, { lat: 0, lon: 0, tz: 'UTC' })).toHaveLength(1);
  });
});

describe('edge cases', () => {
  it('US spring-forward gap 2026-03-08 02:00 America/New_York (northamerica: Rule US Mar Sun>=8)', async () => {
    const before = await get(40.7128, -74.006, '2026-03-08T06:59:59Z');
    expect(before).toMatchObject({ local_time: '2026-03-08T01:59:59-05:00', abbreviation: 'EST', dst: false });
    expect(before.next_transition).toEqual(TRANSITIONS.newYorkSpring2026.expected);
    const after = await get(40.7128, -74.006, '2026-03-08T07:00:00Z');
    expect(after).toMatchObject({ local_time: '2026-03-08T03:00:00-04:00', abbreviation: 'EDT', dst: true });
    expect(after.next_transition).toEqual(TRANSITIONS.newYorkFall2026.expected);
  });

  it('US fall-back fold 2026-11-01: 01:30 happens twice (northamerica: Rule US Nov Sun>=1)', async () => {
    expect(await get(40.7128, -74.006, '2026-11-01T05:30:00Z')).toMatchObject({ local_time: '2026-11-01T01:30:00-04:00', dst: true });
    expect(await get(40.7128, -74.006, '2026-11-01T06:30:00Z')).toMatchObject({ local_time: '2026-11-01T01:30:00-05:00', dst: false });
  });

  it('EU spring forward 2026-03-29 01:00 UTC (europe: Rule EU Mar lastSun 1:00u)', async () => {
    expect((await get(48.8566, 2.3522, '2026-03-29T00:59:59Z')).local_time).toBe('2026-03-29T01:59:59+01:00');
    expect(await get(48.8566, 2.3522, '2026-03-29T01:00:00Z')).toMatchObject({ local_time: '2026-03-29T03:00:00+02:00', abbreviation: 'CEST' });
  });

  it('Chatham +12:45/+13:45 (australasia: "12:45 Chatham +1245/+1345")', async () => {
    expect(await get(-43.95, -176.55, '2026-07-01T00:00:00Z')).toMatchObject({ timezone: 'Pacific/Chatham', utc_offset: '+12:45', dst: false });
    expect(await get(-43.95, -176.55, '2026-01-15T00:00:00Z')).toMatchObject({ utc_offset: '+13:45', dst: true });
  });

  it('Arizona keeps MST all year; the Navajo Nation observes DST (northamerica: Arizona, Navajo)', async () => {
    expect(await get(33.4484, -112.074, '2026-07-01T18:00:00Z')).toMatchObject({
      timezone: 'America/Phoenix',
      utc_offset: '-07:00',
      abbreviation: 'MST',
      dst: false,
    });
    expect(await get(35.6797, -109.0525, '2026-07-01T18:00:00Z')).toMatchObject({
      timezone: 'America/Denver',
      utc_offset: '-06:00',
      abbreviation: 'MDT',
      dst: true,
    });
  });

  it('Indiana counties: Indianapolis Eastern, Gary Central, Vincennes its own history', async () => {
    expect(await get(39.7684, -86.1581, '2026-01-15T12:00:00Z')).toMatchObject({ timezone: 'America/Indiana/Indianapolis', abbreviation: 'EST' });
    expect(await get(41.5934, -87.3464, '2026-01-15T12:00:00Z')).toMatchObject({ timezone: 'America/Chicago', abbreviation: 'CST' });
    // northamerica: Vincennes "-6:00 US C%sT 2007 Nov 4 2:00" — Central in January 2007, Eastern now
    expect(await get(38.6773, -87.5286, '2007-01-15T12:00:00Z')).toMatchObject({ timezone: 'America/Indiana/Vincennes', abbreviation: 'CST' });
    expect(await get(38.6773, -87.5286, '2026-01-15T12:00:00Z')).toMatchObject({ abbreviation: 'EST' });
    // northamerica: Indianapolis "-5:00 - EST 2006": no DST in summer 2005
    expect(await get(39.7684, -86.1581, '2005-07-01T12:00:00Z')).toMatchObject({ utc_offset: '-05:00', dst: false });
  });

  it('Büsingen enclave keeps its own zone name', async () => {
    expect((await get(47.6967, 8.6903, '2026-07-01T12:00:00Z')).timezone).toBe('Europe/Busingen');
  });

  it('open ocean: nautical zone by longitude band', async () => {
    const r = await get(0, -140, '2026-11-22T08:00:00Z');
    expect(r).toMatchObject({ timezone: 'Etc/GMT+9', resolution: 'ocean', utc_offset: '-09:00', abbreviation: '-09', local_time: '2026-11-21T23:00:00-09:00' });
    expect(r.provenance.method).toBe('time.nautical-zone');
    const full = await runTool(localTime, { lat: 0, lon: -140, at: '2026-11-22T08:00:00Z' }, withFullProvenance());
    expect(explanationsOf(full.provenance)['time.nautical-zone']).toMatch(/nautical.*15° longitude band/);
  });

  it('antimeridian: Kiritimati (+14) and Honolulu share a clock time but not a date', async () => {
    expect(await get(1.8709, -157.4278, '2026-11-22T08:00:00Z')).toMatchObject({
      timezone: 'Pacific/Kiritimati',
      local_time: '2026-11-22T22:00:00+14:00',
      day_of_week: 'Sunday',
    });
    expect(await get(21.3069, -157.8583, '2026-11-22T08:00:00Z')).toMatchObject({
      timezone: 'Pacific/Honolulu',
      local_time: '2026-11-21T22:00:00-10:00',
      day_of_week: 'Saturday',
    });
    expect((await get(-16.5, 180, '2026-11-22T08:00:00Z')).timezone).toBe('Pacific/Fiji');
    expect((await get(67.5, -180, '2026-11-22T08:00:00Z')).timezone).toBe('Asia/Anadyr'); // Chukotka, UTC+12
    expect(await get(30, 180, '2026-11-22T08:00:00Z')).toMatchObject({ timezone: 'Etc/GMT-12', timezones: ['Etc/GMT-12', 'Etc/GMT+12'], utc_offset: '+12:00' });
    expect(await get(30, -180, '2026-11-22T08:00:00Z')).toMatchObject({ timezone: 'Etc/GMT+12', utc_offset: '-12:00' });
  });

  it('poles: North Pole is UTC among 25 candidates; South Pole keeps New Zealand time', async () => {
    const np = await get(90, 0, '2026-01-15T00:00:00Z');
    expect(np).toMatchObject({ timezone: 'Etc/GMT', utc_offset: '+00:00', resolution: 'ocean' });
    expect(np.timezones).toHaveLength(25);
    expect(await get(-90, 0, '2026-01-15T00:00:00Z')).toMatchObject({ timezone: 'Antarctica/McMurdo', abbreviation: 'NZDT', dst: true, resolution: 'land' });
  });

  it('disputed area: Sukhumi (Abkhazia) lists both zones', async () => {
    const r = await get(43.0015, 41.0234, '2026-11-22T08:00:00Z');
    expect(r.timezones.length).toBeGreaterThan(1);
    expect([...r.timezones].sort()).toEqual(['Asia/Tbilisi', 'Europe/Moscow']);
    expect(r.timezones[0]).toBe(r.timezone);
  });

  it('the past: 1900-01-01 Dublin mean time and 1942 Kolkata war time', async () => {
    // europe: Dublin "-0:25:21 - DMT 1916 May 21 2:00s"
    expect(direct(53.3498, -6.2603, '1900-01-01T00:00:00Z')).toMatchObject({
      local_time: '1899-12-31T23:34:39-00:25:21',
      utc_offset: '-00:25:21',
      abbreviation: 'DMT',
      day_of_week: 'Sunday',
      next_transition: TRANSITIONS.dublin1916.expected,
    });
    // asia: Kolkata "5:30 1:00 +0630 1945 Oct 15" from 1942 Sep
    expect(await get(22.5726, 88.3639, '1942-12-01T00:00:00Z')).toMatchObject({ local_time: '1942-12-01T06:30:00+06:30', abbreviation: '+0630' });
  });

  it('negative epoch times floor unix_seconds', async () => {
    expect(await get(48.8566, 2.3522, '1969-12-31T23:59:59.500Z')).toMatchObject({
      unix_seconds: -1,
      unix_ms: -500,
      local_time: '1970-01-01T00:59:59.500+01:00',
    });
  });

  it('the range ends: year 1 local mean time, year 9999 running into local year 10000', async () => {
    expect(direct(48.8566, 2.3522, '0001-01-01T00:00:00Z')).toMatchObject({
      local_time: '0001-01-01T00:09:21+00:09:21',
      abbreviation: 'LMT',
      day_of_week: 'Monday',
    });
    expect((await get(1.8709, -157.4278, '9999-12-31T23:59:59Z')).local_time).toBe('+010000-01-01T13:59:59+14:00');
  });

  it('localTimeAt is what the tool answers', async () => {
    expect(localTimeAt(27.7172, 85.324, Date.parse('2026-11-22T08:00:00Z'))).toEqual(await runTool(localTime, localTime.examples[0].input));
  });
});

describe('localTimeFields', () => {
  it('has exactly the clock fields get_time_in_zone shows, in the same order, for DST, no-DST and ocean points', () => {
    for (const [lat, lon, iso] of [
      [51.5, -0.12, '2026-07-01T12:00:00Z'],
      [27.7172, 85.324, '2026-11-22T08:00:00Z'],
      [-31.55, 159.08, '2026-01-15T00:00:00Z'],
      [0, -140, '1969-07-20T20:17:00Z'],
    ] as const) {
      const ms = Date.parse(iso);
      const fields = localTimeFields(lat, lon, ms);
      const clock = clockFields(ms, zoneRulesAt(fields.timezone, ms));
      expect(Object.keys(fields)).toEqual(['lat', 'lon', 'timezone', 'timezones', ...Object.keys(clock), 'unix_seconds', 'unix_ms', 'resolution']);
      expect(fields).toMatchObject(clock);
    }
  });
});

describe('the clock fields on random points (land, sea, poles, antimeridian) and instants (1850–2100)', () => {
  it('agree with Date: the local wall time, its weekday, and the offset suffix', () => {
    const rand = prng(99);
    const points = edgeAndRandomPoints(rand);
    for (const [i, p] of points.entries()) {
      const random = Math.floor(Date.UTC(1850, 0, 1) + rand() * (Date.UTC(2100, 0, 1) - Date.UTC(1850, 0, 1)));
      const ms = i % 3 ? random : Date.parse('2026-07-01T12:00:00Z');
      const result = localTimeAt(p.lat, p.lon, ms);
      const wall = new Date(ms + result.utc_offset_seconds * 1000);
      expect(result.local_time).toBe(wall.toISOString().replace(/(\.000)?Z$/, '') + result.utc_offset);
      expect(result.day_of_week).toBe(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][wall.getUTCDay()]);
    }
  });
});

describe('wallTimeAt: a wall time at a coordinate as an instant', () => {
  // Berlin's clocks went from 02:00 to 03:00 CET→CEST on 2026-03-29 and back from 03:00 to 02:00 on
  // 2026-10-25 (EU summer-time directive 2000/84/EC; tzdb Europe/Berlin).
  it('reads the zone by boundaries and the instant by its rules, a gap moved forward, a fold the earlier', () => {
    expect(wallTimeAt(52.52, 13.405, '2026-07-01', '12:00')).toEqual({ timezone: 'Europe/Berlin', utc_offset: '+02:00', at: '2026-07-01T10:00:00Z' });
    expect(wallTimeAt(52.52, 13.405, '2026-03-29', '02:30')).toEqual({ timezone: 'Europe/Berlin', utc_offset: '+02:00', at: '2026-03-29T01:30:00Z' });
    expect(wallTimeAt(52.52, 13.405, '2026-10-25', '02:30')).toEqual({ timezone: 'Europe/Berlin', utc_offset: '+02:00', at: '2026-10-25T00:30:00Z' });
  });
});
