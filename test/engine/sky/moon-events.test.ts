import { describe, expect, it } from 'vitest';
import {
  type MoonEvent,
  type MoonEventRow,
  USNO_MOON_N29_2019,
  USNO_MOON_S45_2050,
  USNO_MOON_S61_1944,
  USNO_ONE_DAY_ATLANTA_MOON_2009,
  USNO_ONE_DAY_MOON_2026,
  USNO_ONE_DAY_MOON_HIGH_2026,
  USNO_ONE_DAY_WASHINGTON_MOON_2024,
} from '../../fixtures/reference/moon-events.ts';
import { USNO_PHASES_JANUARY_2026 } from '../../fixtures/reference/sky.ts';
import * as Astronomy from 'astronomy-engine';
import { moonDay, moonDaySearched, moonEventsTool, type MoonEventsDay } from '../../../engine/sky/moon-events.ts';
import { phaseTable } from '../../../engine/sky/moon-phase-table.ts';
import { MoonTrack } from '../../../engine/sky/moon-track.ts';
import { instantOfLocal } from '../../../engine/time/zone-rules.ts';
import { localDays } from '../../../engine/sky/local-day-events.ts';
import { ToolInputError } from '../../../engine/tool.ts';
import { fixedClock, inputErrors, runTool } from '../../helpers.ts';

const HOUR_MS = 3_600_000;
/** Epoch ms of an instant with Z or an offset (`-00:01:15` too, which Date.parse does not read). */
function toMs(iso: string): number {
  const m = /^(.{16}(?::\d\d)?)(Z|([+-])(\d\d):(\d\d)(?::(\d\d))?)$/.exec(iso);
  if (!m) throw new Error(`not an instant: ${iso}`);
  const wall = Date.parse(`${m[1]}Z`);
  if (m[2] === 'Z') return wall;
  const offset = (Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6] ?? 0)) * (m[3] === '-' ? -1 : 1);
  return wall - offset * 1000;
}
const minutesApart = (actual: string | null, expected: string) => Math.abs(toMs(actual!) - toMs(expected)) / 60_000;
const day = async (input: Record<string, unknown>): Promise<MoonEventsDay> => (await runTool(moonEventsTool, input)).days[0];
const EVENTS: readonly MoonEvent[] = ['moonrise', 'moonset', 'moon_transit'];

/** Largest measured differences by event, printed once so the report can quote them. */
const worst: Record<string, number> = {};

async function check(row: MoonEventRow, label = 'lat ≤ 60'): Promise<MoonEventsDay> {
  const { lat, lon, date, timezone } = row.input;
  const d = await day({ lat, lon, date, timezone });
  for (const event of EVENTS) {
    const expected = row.expected[event];
    if (expected === undefined) continue;
    if (expected === null) {
      expect(d[event], `${event}: ${row.source}`).toBeNull();
      continue;
    }
    const apart = minutesApart(d[event], expected);
    worst[`${label} ${event}`] = Math.max(worst[`${label} ${event}`] ?? 0, Math.round(apart * 60));
    expect(apart, `${event}: ${d[event]} against ${expected}`).toBeLessThan(row.tolerance!);
  }
  return d;
}

describe('moon_events against published USNO tables (within 1 minute at |lat| ≤ 60°)', () => {
  const rows = [...USNO_MOON_N29_2019, ...USNO_MOON_S45_2050, ...USNO_ONE_DAY_MOON_2026, USNO_ONE_DAY_ATLANTA_MOON_2009, USNO_ONE_DAY_WASHINGTON_MOON_2024];
  it.each(rows.map((row) => [row.source, row] as const))('%s', async (_source, row) => {
    await check(row);
  });

  it('Washington 2024-03-05: waning crescent, 29 % lit as USNO prints it (its curphase and fracillum at local noon)', async () => {
    const d = await check(USNO_ONE_DAY_WASHINGTON_MOON_2024);
    expect(d.phase_name).toBe('waning_crescent');
    expect(Math.round(d.illumination_fraction * 100)).toBe(USNO_ONE_DAY_WASHINGTON_MOON_2024.illumination_percent);
    expect(d.phase_angle_deg).toBeGreaterThan(270);
  });

  it('past 60°: USNO S61 1944 and the 64–70° N one-day rows, measured with the same minute', async () => {
    for (const row of [...USNO_MOON_S61_1944, ...USNO_ONE_DAY_MOON_HIGH_2026.days]) await check(row, 'lat > 60');
  });

  it('reports the measured differences (seconds)', () => {
    console.log('moon_events, largest difference from USNO (seconds):', JSON.stringify(worst));
    expect(Object.keys(worst).length).toBeGreaterThan(0);
  });
});

describe('moon_events: phase of the local date', () => {
  // USNO "Phases of the Moon" 2026 (UT): full moon Jan 3 10:03. In Honolulu (UTC−10) that is Jan 3 00:03; in
  // Kiritimati (UTC+14) Jan 4 00:03, so the full moon belongs to different local dates on either side of the line.
  const full = USNO_PHASES_JANUARY_2026.find((p) => p.expected.phase === 'full_moon')!;
  it(`the full moon of ${full.input.at} is named on the local date it falls on`, async () => {
    const honolulu = await runTool(moonEventsTool, { lat: 21.3, lon: -157.86, date: '2026-01-02', days: 3 });
    expect(honolulu.timezone).toBe('Pacific/Honolulu');
    expect(honolulu.days.map((d) => d.phase_name)).toEqual(['waxing_gibbous', 'full_moon', 'waning_gibbous']);
    const kiritimati = await runTool(moonEventsTool, { lat: 1.87, lon: -157.43, date: '2026-01-02', days: 3 });
    expect(kiritimati.timezone).toBe('Pacific/Kiritimati');
    expect(kiritimati.days.map((d) => d.phase_name)).toEqual(['waxing_gibbous', 'waxing_gibbous', 'full_moon']);
    const f = kiritimati.days[2];
    expect(f.illumination_fraction).toBeGreaterThan(0.99);
    expect(Math.abs(f.phase_angle_deg - 180)).toBeLessThan(7);
    expect(f.age_days).toBeGreaterThan(14);
    expect(f.age_days).toBeLessThan(16);
  });

  it('each principal phase of the month appears once over 30 days, in order', async () => {
    const r = await runTool(moonEventsTool, { lat: 48.8566, lon: 2.3522, date: '2026-01-01', days: 30 });
    const principal = r.days.filter((d) => !/_(crescent|gibbous)$/.test(d.phase_name)).map((d) => d.phase_name);
    expect(principal).toEqual(['full_moon', 'last_quarter', 'new_moon', 'first_quarter']);
  });
});

describe('moon_events: edge cases', () => {
  it('a local day without moonrise and one without moonset (USNO N29 2019: Jan 22 and Jan 7)', async () => {
    const r = await runTool(moonEventsTool, { lat: 29, lon: -81, date: '2019-01-06', days: 18, timezone: 'UTC' });
    const byDate = Object.fromEntries(r.days.map((d) => [d.date, d]));
    expect(byDate['2019-01-07']).toMatchObject({ moonset: null });
    expect(byDate['2019-01-07'].moonrise).toMatch(/^2019-01-07T13:2[67]/);
    expect(byDate['2019-01-22']).toMatchObject({ moonrise: null });
    expect(byDate['2019-01-22'].moonset).toMatch(/^2019-01-22T13:3[12]/);
    // The rise a local day misses is the previous evening's late rise and the next day's just-after-midnight one.
    expect(byDate['2019-01-21'].moonrise).toMatch(/^2019-01-21T23:/);
    expect(byDate['2019-01-23'].moonrise).toMatch(/^2019-01-23T00:/);
  });

  it('65° N and beyond: the Moon stays up all day, or down all day: rise and set null (USNO one-day data)', async () => {
    for (const row of [...USNO_ONE_DAY_MOON_HIGH_2026.above, ...USNO_ONE_DAY_MOON_HIGH_2026.below]) {
      const d = await day({ ...row.input });
      expect(d.moonrise, row.source).toBeNull();
      expect(d.moonset, row.source).toBeNull();
    }
    const tromso = await day({ ...USNO_ONE_DAY_MOON_HIGH_2026.above[0].input });
    expect(minutesApart(tromso.moon_transit, USNO_ONE_DAY_MOON_HIGH_2026.above[0].expected.moon_transit!)).toBeLessThan(1);
    // Hammerfest at 70.66° N, in its own zone, over a month: days with neither event come in runs.
    const r = await runTool(moonEventsTool, { lat: 70.66, lon: 23.68, date: '2026-01-01', days: 30 });
    expect(r.timezone).toBe('Europe/Oslo');
    expect(r.days.filter((d) => d.moonrise === null && d.moonset === null).length).toBeGreaterThan(3);
  });

  it('DST-change days: Europe/Berlin 2026-03-29 lasts 23 hours and 2026-10-25 25; events carry the offset of their instant', async () => {
    const [spring] = localDays('Europe/Berlin', '2026-03-29', 1);
    const [autumn] = localDays('Europe/Berlin', '2026-10-25', 1);
    expect((spring.endMs - spring.startMs) / HOUR_MS).toBe(23);
    expect((autumn.endMs - autumn.startMs) / HOUR_MS).toBe(25);
    const berlin = { lat: 52.52, lon: 13.405 };
    for (const date of ['2026-03-29', '2026-10-25']) {
      const [d] = localDays('Europe/Berlin', date, 1);
      const r = await runTool(moonEventsTool, { ...berlin, date, days: 1 });
      for (const event of EVENTS) {
        const t = r.days[0][event];
        if (t === null) continue;
        expect(t.slice(0, 10)).toBe(date);
        expect(toMs(t)).toBeGreaterThanOrEqual(d.startMs);
        expect(toMs(t)).toBeLessThan(d.endMs);
        // The offset written is the one in force at the instant: +01:00 before the change, +02:00 after (and back).
        const offset = t.slice(-6);
        const hour = Number(t.slice(11, 13));
        if (date === '2026-03-29') expect(offset).toBe(hour < 2 ? '+01:00' : '+02:00');
        else expect(['+01:00', '+02:00']).toContain(offset);
      }
    }
  });

  it('the date line: Samoa skipped 2011-12-30 (no events, no phase instant); Kiritimati answers at UTC+14', async () => {
    const apia = await runTool(moonEventsTool, { lat: -13.83, lon: -171.76, date: '2011-12-29', days: 3 });
    expect(apia.timezone).toBe('Pacific/Apia');
    const [d29, d30, d31] = apia.days;
    expect(d30).toMatchObject({ date: '2011-12-30', moonrise: null, moonset: null, moon_transit: null });
    expect([d29.moonrise, d29.moonset].filter(Boolean).every((t) => t!.endsWith('-10:00'))).toBe(true);
    expect([d31.moonrise, d31.moonset].filter(Boolean).every((t) => t!.endsWith('+14:00'))).toBe(true);
    const k = await day({ lat: 1.87, lon: -157.43, date: '2026-01-01' });
    expect([k.moonrise, k.moonset, k.moon_transit].filter(Boolean).every((t) => /^2026-01-01T.*\+14:00$/.test(t!))).toBe(true);
  });

  it('the first and last supported dates answer; outside them a 400 names the field', async () => {
    const first = await day({ lat: 51.4779, lon: -0.0015, date: '1700-01-01' });
    expect(first.date).toBe('1700-01-01');
    expect([first.moonrise, first.moonset].some((t) => t?.startsWith('1700-01-01T') && t.endsWith('-00:01:15'))).toBe(true);
    const last = await day({ lat: 51.4779, lon: -0.0015, date: '2200-12-31' });
    expect([last.moonrise, last.moonset].some((t) => t !== null && /^2200-12-31T.*\+00:00$/.test(t))).toBe(true);
    expect(inputErrors(moonEventsTool, { lat: 0, lon: 0, date: '1699-12-31' }).map((e) => e.field)).toEqual(['date']);
    expect(inputErrors(moonEventsTool, { lat: 0, lon: 0, date: '2201-01-01' }).map((e) => e.field)).toEqual(['date']);
    expect(inputErrors(moonEventsTool, { lat: 0, lon: 0, days: 367 }).map((e) => e.field)).toEqual(['days']);
    expect(inputErrors(moonEventsTool, { lat: 0, lon: 0, timezone: 'Mars/Olympus' }).map((e) => e.field)).toEqual(['timezone']);
    await expect(runTool(moonEventsTool, { lat: 0, lon: 0, date: '2200-12-31', days: 2 })).rejects.toSatisfy(
      (e) => e instanceof ToolInputError && e.errors[0].field === 'days',
    );
  });

  it('days=366: every local date once, a leap day included, in well under a second of CPU', async () => {
    const t0 = performance.now();
    const r = await runTool(moonEventsTool, { lat: 38.8895, lon: -77.0353, date: '2028-01-01', days: 366 });
    const ms = performance.now() - t0;
    console.log(`moon_events, 366 days: ${Math.round(ms)} ms`);
    expect(r.days).toHaveLength(366);
    expect(r.days.at(-1)!.date).toBe('2028-12-31');
    expect(new Set(r.days.map((d) => d.date)).size).toBe(366);
    // About one day a month lacks a moonrise and one a moonset: 12 or 13 of each in a year.
    expect(r.days.filter((d) => d.moonrise === null).length).toBeGreaterThanOrEqual(11);
    expect(r.days.filter((d) => d.moonrise === null).length).toBeLessThanOrEqual(14);
    expect(ms).toBeLessThan(5000); // a loose bound for a shared machine; the report quotes the measured time
  });

  it('elevation_m lowers the horizon: the Moon rises earlier and sets later', async () => {
    const place = { lat: 44.82, lon: 20.46, date: '2026-03-20', timezone: 'UTC' };
    const ground = await day(place);
    const high = await day({ ...place, elevation_m: 2000 });
    expect(toMs(high.moonrise!)).toBeLessThan(toMs(ground.moonrise!));
    expect(toMs(high.moonset!)).toBeGreaterThan(toMs(ground.moonset!));
    expect(high.phase_name).toBe(ground.phase_name);
  });

  it('date defaults to today at the place; provenance names the method and how the zone was found', async () => {
    const r = await runTool(moonEventsTool, { lat: 35.68, lon: 139.69 }, fixedClock('2026-06-30T20:00:00Z'));
    expect(r.timezone).toBe('Asia/Tokyo');
    expect(r.days[0].date).toBe('2026-07-01');
    expect(r.provenance.method).toBe('moon.events, time.boundary-lookup');
    const ocean = await runTool(moonEventsTool, { lat: 0, lon: -140, date: '2026-03-20' });
    expect(ocean.timezone).toBe('Etc/GMT+9');
    expect(ocean.provenance.method).toBe('moon.events, time.nautical-zone');
  });
});

describe("moon_events: the Moon's track against astronomy-engine's searches", () => {
  // Full years at the latitudes the contract cares about, up to Tromsø's 69.6° N (where the Moon stays up or down
  // for days and culminations graze the horizon), in zones with DST and across the supported range.
  const cases: [number, number, string, string][] = [
    [0, 10, 'UTC', '2026-01-01'],
    [40, -74, 'America/New_York', '2024-01-01'],
    [60, 25, 'Europe/Helsinki', '1850-01-01'],
    [65, -18, 'Atlantic/Reykjavik', '2150-01-01'],
    [69.6, 18.9, 'Europe/Oslo', '2026-01-01'],
    [-65, 140, 'UTC', '1700-01-01'],
  ];
  it.each(cases)('lat %s, lon %s (%s), 366 days from %s: the same nulls, times within 2 s, the same phase', (lat, lon, zone, date) => {
    const observer = new Astronomy.Observer(lat, lon, 0);
    const days = localDays(zone, date, 366);
    const track = new MoonTrack(observer, days[0].startMs, days[days.length - 1].endMs);
    const noons = days.map((d) => {
      const [y, m, dd] = d.date.split('-').map(Number);
      return instantOfLocal(zone, y, m, dd, 12, 0, 0).ms;
    });
    const table = phaseTable(days, noons);
    let worstSeconds = 0;
    days.forEach((d, index) => {
      const fast = moonDay(observer, 0, zone, d, track, { table, index });
      const searched = moonDaySearched(observer, 0, zone, d);
      for (const event of EVENTS) {
        expect(fast[event] === null, `${d.date} ${event}: ${fast[event]} / ${searched[event]}`).toBe(searched[event] === null);
        if (fast[event] === null) continue;
        const seconds = Math.abs(toMs(fast[event]!) - toMs(searched[event]!)) / 1000;
        worstSeconds = Math.max(worstSeconds, seconds);
        expect(seconds, `${d.date} ${event}: ${fast[event]} / ${searched[event]}`).toBeLessThanOrEqual(2);
      }
      expect(fast.phase_name, d.date).toBe(searched.phase_name);
      expect(fast.phase_angle_deg, d.date).toBe(searched.phase_angle_deg);
      expect(fast.illumination_fraction, d.date).toBe(searched.illumination_fraction);
      expect(Math.abs(fast.age_days - searched.age_days), d.date).toBeLessThanOrEqual(1e-4);
    });
    console.log(`moon_events track against searches, lat ${lat}: worst ${worstSeconds} s`);
  });
});
