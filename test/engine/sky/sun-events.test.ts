import { describe, expect, it } from 'vitest';
import {
  SPA_SUN_EVENTS_2003,
  type SunEventRow,
  USNO_ONE_DAY_ATLANTA_SUN_2009,
  USNO_SUN_N15_1750,
  USNO_SUN_N60_2019,
} from '../../fixtures/reference/sun-events.ts';
import { type RiseSetReference, USNO_SUN_N80_2019, USNO_SUN_RISE_SET_2019 } from '../../fixtures/reference/solar.ts';
import * as Astronomy from 'astronomy-engine';
import { sunDay, sunDaySearched, sunEventsTool, type SunEventsDay } from '../../../engine/sky/sun-events.ts';
import { localDays } from '../../../engine/sky/local-day-events.ts';
import { SunTrack } from '../../../engine/sky/sun-track.ts';
import { ToolInputError } from '../../../engine/tool.ts';
import { fixedClock, inputErrors, runTool } from '../../helpers.ts';

const HOUR_S = 3600;
/** Epoch ms of a local time with its offset (`+05:53:28` too, which Date.parse does not read). */
function toMs(iso: string): number {
  const m = /^(.{16}(?::\d\d)?)(Z|([+-])(\d\d):(\d\d)(?::(\d\d))?)$/.exec(iso);
  if (!m) throw new Error(`not an instant: ${iso}`);
  const wall = Date.parse(`${m[1]}Z`);
  if (m[2] === 'Z') return wall;
  const offset = (Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6] ?? 0)) * (m[3] === '-' ? -1 : 1);
  return wall - offset * 1000;
}
const minutesApart = (actual: string | null, expected: string) => Math.abs(toMs(actual!) - toMs(expected)) / 60_000;
const day = async (input: Record<string, unknown>) => (await runTool(sunEventsTool, input)).days[0];
const EVENTS = ['sunrise', 'sunset', 'solar_noon', 'civil_dawn', 'civil_dusk'] as const;

/** Measured differences, printed once so the report can quote them. */
const worst: Record<string, number> = {};

describe('sun_events against published tables (within 1 minute at |lat| ≤ 60°)', () => {
  const rows: SunEventRow[] = [
    ...USNO_SUN_N60_2019,
    ...USNO_SUN_N15_1750,
    USNO_ONE_DAY_ATLANTA_SUN_2009,
    SPA_SUN_EVENTS_2003,
    // solar.ts's rows of the same USNO 2019 tables, each in the zone it names (Honolulu's local day at W150).
    ...USNO_SUN_RISE_SET_2019.map(
      (r: RiseSetReference): SunEventRow => ({
        input: { lat: r.input.lat, lon: r.input.lon, date: r.input.date, timezone: r.input.zone },
        expected: { sunrise: r.expected.rise, sunset: r.expected.set },
        tolerance: r.tolerance,
        source: r.source,
      }),
    ),
  ];
  it.each(rows.map((row) => [row.source, row] as const))('%s', async (_source, row) => {
    const { lat, lon, date, timezone } = row.input;
    const d = await day({ lat, lon, date, timezone });
    for (const event of EVENTS) {
      const expected = row.expected[event];
      if (expected === undefined) continue;
      const apart = minutesApart(d[event], expected!);
      worst[event] = Math.max(worst[event] ?? 0, apart);
      expect(apart, `${event}: ${d[event]} against ${expected}`).toBeLessThan(row.tolerance!);
    }
  });

  it('the 60° site answers in its nautical zone (an ocean point), whose local day is the UT day of the table', async () => {
    const r = await runTool(sunEventsTool, { lat: 60, lon: 0, date: '2019-06-21' });
    expect(r.timezone).toBe('Etc/GMT');
    expect(minutesApart(r.days[0].sunrise, '2019-06-21T02:36Z')).toBeLessThan(1);
    expect(r.provenance.method).toBe('sun.events, time.nautical-zone');
  });

  it('reports the measured differences', () => {
    console.log('sun_events, largest difference from the published values (minutes):', JSON.stringify(worst));
    expect(Object.keys(worst).length).toBeGreaterThan(0);
  });
});

describe('sun_events: edge cases', () => {
  const TROMSO = { lat: 69.6492, lon: 18.9553 };
  const LONGYEARBYEN = { lat: 78.2232, lon: 15.6267 };
  const nullEvents = (d: SunEventsDay) => [d.sunrise, d.sunset, d.golden_hour.morning.end, d.golden_hour.evening.begin];

  // North of the Arctic Circle the June solstice Sun (δ = +23.44°) stays above the horizon and the December
  // one below it; USNO's N80 table shows "****" all June and "----" all December (solar.ts).
  it.each([
    ['Tromsø', TROMSO, 'Europe/Oslo'],
    ['Longyearbyen', LONGYEARBYEN, 'Arctic/Longyearbyen'],
  ] as const)('%s: midnight sun at the June solstice, polar night at the December one', async (_name, place, zone) => {
    const june = await runTool(sunEventsTool, { ...place, date: '2026-06-21' });
    expect(june.timezone).toBe(zone);
    const j = june.days[0];
    expect(j).toMatchObject({ sun_status: 'midnight_sun', day_length_seconds: 86400, sunrise: null, sunset: null, civil_dawn: null, civil_dusk: null });
    expect(j.solar_noon).toMatch(/^2026-06-21T1[23]:\d\d:\d\d\+02:00$/);
    expect(nullEvents(j).slice(0, 2)).toEqual([null, null]);
    const d = await day({ ...place, date: '2026-12-21' });
    expect(d).toMatchObject({ sun_status: 'polar_night', day_length_seconds: 0, sunrise: null, sunset: null });
    // The Sun still transits, below the horizon: 90° − φ − 23.44°.
    expect(d.solar_noon_elevation_deg!).toBeCloseTo(90 - place.lat - 23.44, 0);
  });

  it('a day with a sunrise and no sunset, and one with a sunset and no sunrise (USNO N80 00, 2019)', async () => {
    for (const row of USNO_SUN_N80_2019.edges) {
      const d = await day({ lat: row.input.lat, lon: row.input.lon, date: row.input.date, timezone: 'UTC' });
      const { rise, set, all_day } = row.expected;
      if (all_day) expect(d.sun_status, row.source).toBe(all_day === 'above' ? 'midnight_sun' : 'polar_night');
      else expect(d.sun_status).toBe('normal');
      for (const [actual, expected] of [
        [d.sunrise, rise],
        [d.sunset, set],
      ] as const) {
        if (expected === null) expect(actual, row.source).toBeNull();
        else expect(minutesApart(actual, expected), row.source).toBeLessThan(1);
      }
      // Up from the rise to the end of the day, or from the start of the day to the set.
      if (rise && !set) expect(d.day_length_seconds).toBe(Math.round((toMs(`${row.input.date}T00:00:00Z`) + 86_400_000 - toMs(d.sunrise!)) / 1000));
      if (set && !rise) expect(d.day_length_seconds).toBe(Math.round((toMs(d.sunset!) - toMs(`${row.input.date}T00:00:00Z`)) / 1000));
    }
  });

  it('the date line: Kiritimati (UTC+14) and Samoa, which skipped 2011-12-30', async () => {
    const k = await runTool(sunEventsTool, { lat: 1.87, lon: -157.43, date: '2026-01-01' });
    expect(k.timezone).toBe('Pacific/Kiritimati');
    expect(k.days[0].sunrise).toMatch(/^2026-01-01T0[5-7]:\d\d:\d\d\+14:00$/);
    expect(k.days[0].sunset).toMatch(/^2026-01-01T1[7-9]:\d\d:\d\d\+14:00$/);
    // Apia moved from UTC−10 to UTC+14 at the end of 2011-12-29: the local 30th never happened.
    const apia = await runTool(sunEventsTool, { lat: -13.83, lon: -171.76, date: '2011-12-29', days: 3 });
    expect(apia.timezone).toBe('Pacific/Apia');
    const [d29, d30, d31] = apia.days;
    expect(d29.sunrise).toMatch(/^2011-12-29T0[5-7]:\d\d:\d\d-10:00$/);
    expect(d30).toMatchObject({ date: '2011-12-30', sunrise: null, sunset: null, solar_noon: null, day_length_seconds: 0 });
    expect(d31.sunrise).toMatch(/^2011-12-31T0[5-7]:\d\d:\d\d\+14:00$/);
  });

  it('DST-change days: Europe/Berlin 2026-03-29 lasts 23 hours and 2026-10-25 25, events in the offset of their instant', async () => {
    const [spring] = localDays('Europe/Berlin', '2026-03-29', 1);
    const [autumn] = localDays('Europe/Berlin', '2026-10-25', 1);
    expect((spring.endMs - spring.startMs) / 1000).toBe(23 * HOUR_S);
    expect((autumn.endMs - autumn.startMs) / 1000).toBe(25 * HOUR_S);
    const berlin = { lat: 52.52, lon: 13.405 };
    const march = await runTool(sunEventsTool, { ...berlin, date: '2026-03-28', days: 2 });
    expect(march.days[0].sunrise).toMatch(/\+01:00$/);
    expect(march.days[1].sunrise).toMatch(/^2026-03-29T0[67]:\d\d:\d\d\+02:00$/);
    // The clock jumps an hour; the Sun rises about 2 minutes earlier each day.
    expect(toMs(march.days[1].sunrise!) - toMs(march.days[0].sunrise!)).toBeLessThan(86_400_000);
    const october = await runTool(sunEventsTool, { ...berlin, date: '2026-10-25', timezone: 'Europe/Berlin' });
    expect(october.days[0].astronomical_dawn).toMatch(/^2026-10-25T0[4-6]:\d\d:\d\d\+01:00$/);
    // Midnight sun through a 25-hour day would be 90000 s: the day length is the local day's.
    expect(october.days[0].day_length_seconds).toBe(Math.round((toMs(october.days[0].sunset!) - toMs(october.days[0].sunrise!)) / 1000));
  });

  it('the first and last supported dates answer; a day outside is a 400 naming the field', async () => {
    const first = await day({ lat: 51.4779, lon: -0.0015, date: '1700-01-01' });
    expect(first.sunrise).toMatch(/^1700-01-01T08:\d\d:\d\d-00:01:15$/);
    const last = await day({ lat: 51.4779, lon: -0.0015, date: '2200-12-31' });
    expect(last.sunset).toMatch(/^2200-12-31T1[56]:\d\d:\d\d\+00:00$/);
    expect(inputErrors(sunEventsTool, { lat: 0, lon: 0, date: '1699-12-31' }).map((e) => e.field)).toEqual(['date']);
    expect(inputErrors(sunEventsTool, { lat: 0, lon: 0, date: '2201-01-01' }).map((e) => e.field)).toEqual(['date']);
    await expect(runTool(sunEventsTool, { lat: 0, lon: 0, date: '2200-12-31', days: 2 })).rejects.toSatisfy(
      (e) => e instanceof ToolInputError && e.errors[0].field === 'days',
    );
  });

  it('a 366-day table of a leap year holds every date once, 29 February included', async () => {
    const r = await runTool(sunEventsTool, { lat: 38.8895, lon: -77.0353, date: '2028-01-01', days: 366 });
    expect(r.days).toHaveLength(366);
    expect(r.days.at(-1)!.date).toBe('2028-12-31');
    const leap = r.days.find((d) => d.date === '2028-02-29')!;
    expect(leap.sunrise).toMatch(/^2028-02-29T06:\d\d:\d\d-05:00$/);
    expect(new Set(r.days.map((d) => d.date)).size).toBe(366);
  });

  it('an ocean point answers in its nautical zone', async () => {
    const r = await runTool(sunEventsTool, { lat: 0, lon: -140, date: '2026-03-20' });
    expect(r.timezone).toBe('Etc/GMT+9');
    expect(r.days[0].sunrise).toMatch(/^2026-03-20T0[67]:\d\d:\d\d-09:00$/);
  });

  it('twilights, golden and blue hour come in order and share their bounds', async () => {
    const d = await day({ ...USNO_ONE_DAY_ATLANTA_SUN_2009.input });
    const order = [
      d.astronomical_dawn,
      d.nautical_dawn,
      d.civil_dawn,
      d.golden_hour.morning.begin,
      d.sunrise,
      d.golden_hour.morning.end,
      d.solar_noon,
      d.golden_hour.evening.begin,
      d.sunset,
      d.golden_hour.evening.end,
      d.civil_dusk,
      d.nautical_dusk,
      d.astronomical_dusk,
    ].map((t) => toMs(t!));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(d.blue_hour).toEqual({
      morning: { begin: d.civil_dawn, end: d.golden_hour.morning.begin },
      evening: { begin: d.golden_hour.evening.end, end: d.civil_dusk },
    });
    expect(d.day_length_seconds).toBe((toMs(d.sunset!) - toMs(d.sunrise!)) / 1000);
  });

  it('elevation_m lowers the horizon: earlier sunrise, later sunset, twilights unchanged', async () => {
    const place = { lat: 46.5, lon: 7.9, date: '2026-06-21' };
    const ground = await day(place);
    const high = await day({ ...place, elevation_m: 1000 });
    // Dip ≈ 1.76′ √1000 ≈ 0.93°: several minutes at 46°.
    expect(toMs(ground.sunrise!) - toMs(high.sunrise!)).toBeGreaterThan(4 * 60_000);
    expect(toMs(high.sunset!) - toMs(ground.sunset!)).toBeGreaterThan(4 * 60_000);
    expect(Math.abs(toMs(high.civil_dawn!) - toMs(ground.civil_dawn!))).toBeLessThan(2000);
  });

  it('timezone expresses the days in another zone; an unknown one is a 400 naming timezone', async () => {
    const r = await runTool(sunEventsTool, { lat: 33.8, lon: -84.4, date: '2009-09-06', timezone: 'UTC' });
    expect(r.timezone).toBe('UTC');
    expect(r.days[0].sunrise).toMatch(/^2009-09-06T11:1[45]:\d\d\+00:00$/);
    expect(r.provenance.method).toBe('sun.events, time.zone-by-name');
    expect(inputErrors(sunEventsTool, { lat: 0, lon: 0, timezone: 'Mars/Olympus' }).map((e) => e.field)).toEqual(['timezone']);
    expect(inputErrors(sunEventsTool, { lat: 0, lon: 0, days: 367 }).map((e) => e.field)).toEqual(['days']);
    expect(inputErrors(sunEventsTool, { lat: 0, lon: 0, elevation_m: -1 }).map((e) => e.field)).toEqual(['elevation_m']);
  });

  it('date defaults to today at the place', async () => {
    // 2026-11-22T08:00Z is already the 22nd in Tokyo and still the 21st in Honolulu.
    const tokyo = await runTool(sunEventsTool, { lat: 35.68, lon: 139.69 }, fixedClock('2026-11-21T20:00:00Z'));
    expect(tokyo.days[0].date).toBe('2026-11-22');
    const honolulu = await runTool(sunEventsTool, { lat: 21.31, lon: -157.86 }, fixedClock('2026-11-22T08:00:00Z'));
    expect(honolulu.days[0].date).toBe('2026-11-21');
  });
});

describe('sun_events: the Sun’s track answers what astronomy-engine’s searches answer', () => {
  // Every field of every day equal, times within the second their rounding allows: polar circles, a pole's
  // neighbourhood (searched), DST days, the skipped Apia date, a raised observer, both ends of the range.
  it.each([
    [52.52, 13.405, 0, 'Europe/Berlin', '2026-03-20', 40],
    [69.6492, 18.9553, 300, 'Europe/Oslo', '2026-05-10', 40],
    [-66.6, 140, 0, 'Etc/GMT-9', '2100-11-20', 40],
    [78.2232, 15.6267, 0, 'Arctic/Longyearbyen', '2026-02-10', 20],
    [89.5, 0, 0, 'UTC', '2026-03-15', 5],
    [-13.83, -171.76, 0, 'Pacific/Apia', '2011-12-27', 6],
    [15, 75, 2000, 'Asia/Kolkata', '1700-01-01', 10],
    [-33.9, 151.2, 0, 'Australia/Sydney', '2200-12-20', 12],
  ] as const)('%f, %f (%f m) in %s from %s, %i days', (lat, lon, elevation, zone, date, count) => {
    const observer = new Astronomy.Observer(lat, lon, elevation);
    const days = localDays(zone, date, count);
    const track = new SunTrack(observer, days[0].startMs, days.at(-1)!.endMs);
    const times = (x: SunEventsDay) => [
      x.sunrise,
      x.sunset,
      x.solar_noon,
      ...[x.civil_dawn, x.civil_dusk, x.nautical_dawn, x.nautical_dusk, x.astronomical_dawn, x.astronomical_dusk],
      ...[x.golden_hour.morning, x.golden_hour.evening, x.blue_hour.morning, x.blue_hour.evening].flatMap((p) => [p.begin, p.end]),
    ];
    for (const d of days) {
      const fast = sunDay(observer, elevation, zone, d, track);
      const searched = sunDaySearched(observer, elevation, zone, d);
      expect([fast.date, fast.sun_status]).toEqual([searched.date, searched.sun_status]);
      expect(Math.abs(fast.day_length_seconds - searched.day_length_seconds), d.date).toBeLessThanOrEqual(1);
      expect(Math.abs((fast.solar_noon_elevation_deg ?? 0) - (searched.solar_noon_elevation_deg ?? 0)), d.date).toBeLessThanOrEqual(0.001);
      const [a, b] = [times(fast), times(searched)];
      for (const [i, t] of a.entries()) {
        if (t === null || b[i] === null) expect(t, `${d.date} #${i}`).toBe(b[i]);
        else expect(Math.abs(toMs(t) - toMs(b[i]!)), `${d.date} #${i}: ${t} vs ${b[i]}`).toBeLessThanOrEqual(1000);
      }
    }
  });
});
