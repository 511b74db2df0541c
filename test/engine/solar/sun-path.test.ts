import { describe, expect, it } from 'vitest';
import { sunPath } from '../../../engine/solar/sun-path.ts';
import { DAYLIGHT_LIMITS_DEG, sunPosition } from '../../../engine/solar/sun-position.ts';
import { localDayBounds } from '../../../engine/time/wall-clock.ts';
import { rulesOf } from '../../../engine/time/tzdb.ts';

const MINUTE_MS = 60_000;
const dayOf = (date: string, zone: string) => localDayBounds(rulesOf(zone), date);
const minutesFrom = (ms: number | null, expectedIso: string) => Math.abs(ms! - Date.parse(expectedIso)) / MINUTE_MS;

describe('sunPath: sunrise and sunset', () => {
  // U.S. Naval Observatory, Astronomical Applications Dept., "Rise and Set for the Sun for 2019", Universal
  // Time, to the minute (https://aa.usno.navy.mil/data/RS_OneYear), as saved in cosinekitty/astronomy,
  // generate/riseset/sun_2019_W081_N29.html, sun_2019_W150_S60.html and sun_2019_E000_N60.html. Each
  // local day runs midnight to midnight in the zone named; at W150 a local day's sunset is the next UT
  // date's. 2019-03-10 is the 23-hour day of the US change to DST. Tolerance 1 minute.
  it.each([
    ['W081 N29', 29, -81, 'America/New_York', '2019-03-10', '2019-03-10T11:40Z', '2019-03-10T23:29Z'],
    ['W081 N29', 29, -81, 'America/New_York', '2019-04-15', '2019-04-15T10:58Z', '2019-04-15T23:50Z'],
    ['W081 N29', 29, -81, 'America/New_York', '2019-12-21', '2019-12-21T12:13Z', '2019-12-21T22:31Z'],
    ['W150 S60', -60, -150, 'Pacific/Honolulu', '2019-06-21', '2019-06-21T19:06Z', '2019-06-22T00:58Z'],
    ['W150 S60', -60, -150, 'Pacific/Honolulu', '2019-12-21', '2019-12-21T12:32Z', '2019-12-22T07:24Z'],
    ['E000 N60', 60, 0, 'UTC', '2019-06-21', '2019-06-21T02:36Z', '2019-06-21T21:28Z'],
  ] as const)('USNO %s, %s day %s: rise and set within a minute', (_site, lat, lon, zone, date, rise, set) => {
    const path = sunPath({ lat, lon, ...dayOf(date, zone) });
    expect(path.daylight).toBe('rises_or_sets');
    expect(minutesFrom(path.sunrise_ms, rise)).toBeLessThan(1);
    expect(minutesFrom(path.sunset_ms, set)).toBeLessThan(1);
  });

  it('USNO one-day data, Atlanta 2009-09-06 (EDT): sunrise 7:15 a.m., sunset 7:56 p.m., within a minute', () => {
    // USNO one-day table for Atlanta (N33.8, W84.4), as quoted in the PyEphem manual
    // (https://rhodesmill.org/pyephem/rise-set.html, "Naval Observatory Risings and Settings").
    const path = sunPath({ lat: 33.8, lon: -84.4, ...dayOf('2009-09-06', 'America/New_York') });
    expect(minutesFrom(path.sunrise_ms, '2009-09-06T07:15:00-04:00')).toBeLessThan(1);
    expect(minutesFrom(path.sunset_ms, '2009-09-06T19:56:00-04:00')).toBeLessThan(1);
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
    // USNO "Rise and Set for the Sun for 2019", location E000 00, N80 00 (cosinekitty/astronomy,
    // generate/riseset/sun_2019_E000_N80.html): continuously above the horizon all June, below all December.
    expect(sunPath({ lat: 80, lon: 0, ...dayOf('2019-06-21', 'UTC') })).toMatchObject({ daylight: 'polar_day', sunrise_ms: null, sunset_ms: null });
    expect(sunPath({ lat: 80, lon: 0, ...dayOf('2019-12-21', 'UTC') })).toMatchObject({ daylight: 'polar_night', sunrise_ms: null, sunset_ms: null });
  });

  it.each([
    // Same table, the days around the polar night and day, where the Sun barely crosses the line:
    // Oct. 20 rise 1029 set 1258; Oct. 21 rise 1103 set 1223; Oct. 22 "----"; Apr. 13 rise 0057, no set;
    // Apr. 14 "****"; Aug. 30 no rise, set 2301.
    ['2019-10-20', '2019-10-20T10:29Z', '2019-10-20T12:58Z', 'rises_or_sets'],
    ['2019-10-21', '2019-10-21T11:03Z', '2019-10-21T12:23Z', 'rises_or_sets'],
    ['2019-10-22', null, null, 'polar_night'],
    ['2019-04-13', '2019-04-13T00:57Z', null, 'rises_or_sets'],
    ['2019-04-14', null, null, 'polar_day'],
    ['2019-08-30', null, '2019-08-30T23:01Z', 'rises_or_sets'],
  ] as const)('USNO N80 00 on %s, at the edge of the polar night or day', (date, rise, set, daylight) => {
    const path = sunPath({ lat: 80, lon: 0, ...dayOf(date, 'UTC') });
    expect(path.daylight).toBe(daylight);
    for (const [ms, expected] of [
      [path.sunrise_ms, rise],
      [path.sunset_ms, set],
    ] as const) {
      if (expected === null) expect(ms).toBeNull();
      else expect(minutesFrom(ms, expected)).toBeLessThan(1);
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
