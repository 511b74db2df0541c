import { type RiseSetReference, USNO_ONE_DAY_ATLANTA_2009, USNO_SUN_N80_2019, USNO_SUN_RISE_SET_2019 } from '../../fixtures/reference/solar.ts';
import { describe, expect, it } from 'vitest';
import { sunPath } from '../../../engine/sky/sun-path.ts';
import { DAYLIGHT_LIMITS_DEG, sunPosition } from '../../../engine/sky/sun-position.ts';
import { localDayBounds } from '../../../engine/time/wall-clock.ts';
import { rulesOf } from '../../../engine/time/tzdb.ts';

const MINUTE_MS = 60_000;
const dayOf = (date: string, zone: string) => localDayBounds(rulesOf(zone), date);
const minutesFrom = (ms: number | null, expectedIso: string) => Math.abs(ms! - Date.parse(expectedIso)) / MINUTE_MS;

/** The USNO table's day, asked as the local day of the zone the row names. */
const pathOf = ({ input }: RiseSetReference) => sunPath({ lat: input.lat, lon: input.lon, ...dayOf(input.date, input.zone) });
const DAYLIGHT_OF = { above: 'polar_day', below: 'polar_night' } as const;

describe('sunPath: sunrise and sunset', () => {
  // USNO "Rise and Set for the Sun for 2019" (test/fixtures/reference/solar.ts). Each local day runs midnight
  // to midnight in the zone named; at W150 a local day's sunset is the next UT date's. Tolerance 1 minute.
  it.each(USNO_SUN_RISE_SET_2019.map((row) => [row.source, row] as const))('%s: rise and set within a minute', (_source, row) => {
    const path = pathOf(row);
    expect(path.daylight).toBe('rises_or_sets');
    expect(minutesFrom(path.sunrise_ms, row.expected.rise!)).toBeLessThan(row.tolerance!);
    expect(minutesFrom(path.sunset_ms, row.expected.set!)).toBeLessThan(row.tolerance!);
  });

  it('USNO one-day data, Atlanta 2009-09-06 (EDT): sunrise 7:15 a.m., sunset 7:56 p.m., within a minute', () => {
    const { input, expected, tolerance } = USNO_ONE_DAY_ATLANTA_2009;
    const path = sunPath({ lat: input.lat, lon: input.lon, ...dayOf(input.date, input.zone) });
    expect(minutesFrom(path.sunrise_ms, expected.sunrise)).toBeLessThan(tolerance!);
    expect(minutesFrom(path.sunset_ms, expected.sunset)).toBeLessThan(tolerance!);
  });

  it("sunrise and sunset are where sunPosition's daylight turns from civil twilight to day and back", () => {
    const place = { lat: 51.4769, lon: -0.0005 };
    const path = sunPath({ ...place, ...dayOf('2026-03-20', 'Europe/London') });
    const events = [
      ['rise', path.sunrise_ms!, 'civil_twilight', 'day'],
      ['set', path.sunset_ms!, 'day', 'civil_twilight'],
    ] as const;
    for (const [event, ms, before, after] of events) {
      expect(Math.abs(sunPosition({ ...place, atMs: ms }).elevation_deg - DAYLIGHT_LIMITS_DEG.day), event).toBeLessThan(0.001);
      expect(sunPosition({ ...place, atMs: ms - 10_000 }).daylight, event).toBe(before);
      expect(sunPosition({ ...place, atMs: ms + 10_000 }).daylight, event).toBe(after);
    }
  });

  it('polar day and polar night: none of either, and the day says which (USNO, N80 00, 2019)', () => {
    // Continuously above the horizon all June, below all December.
    const { midsummer, midwinter } = USNO_SUN_N80_2019;
    expect(pathOf(midsummer)).toMatchObject({ daylight: DAYLIGHT_OF[midsummer.expected.all_day!], sunrise_ms: null, sunset_ms: null });
    expect(pathOf(midwinter)).toMatchObject({ daylight: DAYLIGHT_OF[midwinter.expected.all_day!], sunrise_ms: null, sunset_ms: null });
  });

  // Same table, the days around the polar night and day, where the Sun barely crosses the line.
  it.each(USNO_SUN_N80_2019.edges.map((row) => [row.input.date, row] as const))('USNO N80 00 on %s, at the edge of the polar night or day', (_date, row) => {
    const path = pathOf(row);
    const { rise, set, all_day } = row.expected;
    expect(path.daylight).toBe(all_day ? DAYLIGHT_OF[all_day] : 'rises_or_sets');
    for (const [ms, expected] of [
      [path.sunrise_ms, rise],
      [path.sunset_ms, set],
    ] as const) {
      if (expected === null) expect(ms).toBeNull();
      else expect(minutesFrom(ms, expected)).toBeLessThan(row.tolerance!);
    }
  });
});

describe('sunPath: samples', () => {
  it('every 10 minutes from local midnight to midnight, 23 hours on the spring DST day, plus the chosen instant', () => {
    const day = dayOf('2026-03-29', 'Europe/London');
    const at = Date.parse('2026-03-29T11:00:00Z');
    const path = sunPath({ lat: 51.4769, lon: -0.0005, ...day, atMs: at });
    expect(path).toMatchObject({ start_ms: day.startMs, end_ms: day.endMs });
    expect(path.samples).toHaveLength(23 * 6 + 1);
    expect(path.samples[1].at_ms - path.samples[0].at_ms).toBe(10 * MINUTE_MS);
    expect(path.samples.at(-1)!.at_ms).toBe(day.endMs);
    expect(path.at!.at_ms).toBe(at);
    expect(sunPath({ lat: 51.4769, lon: -0.0005, ...day }).at).toBeNull();
  });

  it("each sample is sunPosition's apparent elevation and azimuth (the engine's SPA refraction)", () => {
    const place = { lat: -33.8688, lon: 151.2093 };
    const path = sunPath({ ...place, ...dayOf('2026-11-22', 'Australia/Sydney'), atMs: Date.parse('2026-11-22T04:00:00Z') });
    for (const s of [...path.samples, path.at!]) {
      const p = sunPosition({ ...place, atMs: s.at_ms });
      expect([s.alt_deg, s.az_deg]).toEqual([p.apparent_elevation_deg, p.azimuth_deg]);
    }
  });
});
