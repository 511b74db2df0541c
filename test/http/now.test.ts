/**
 * "Now" over HTTP: every tool whose instant or date may be omitted answers for the clock's instant, says
 * which, and is never served from the cache (two calls while the clock moves get two answers); the same
 * call with the instant given is cached as usual.
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';

const KEY = 'now-test-key-0123456789';
const START = Date.parse('2026-11-22T08:00:00Z');
let nowMs = START;
/** Each call to the clock is a day and an hour later than the one before: every "now" answer moves. */
const advancingClock = { now: () => new Date((nowMs += 25 * 3_600_000)) };
const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0', TIME_API_CACHE: 'memory' }), ctx: advancingClock });

const call = (path: string, body?: unknown) =>
  app.fetch(
    new Request(`http://api.test${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

/** A call of each clock-dependent tool that leaves its instant or date out, and the field naming what was used. */
const NOW_CALLS: Record<string, { path: string; body?: unknown; instant: (answer: Record<string, unknown>) => unknown }> = {
  get_utc_time: { path: '/v1/time/utc', instant: (a) => a.utc_time },
  daily_tagline: { path: '/api/v1/utility/tagline', instant: (a) => a.date },
  get_local_time: { path: '/v1/time?lat=48.8566&lon=2.3522', instant: (a) => a.utc_time },
  get_local_times: { path: '/v1/time/batch', body: { points: [{ lat: 48.8566, lon: 2.3522 }] }, instant: (a) => a.at },
  get_time_in_zone: { path: '/v1/time/zone?timezone=Europe/Paris', instant: (a) => a.utc_time },
  convert_time: {
    path: '/v1/time/convert?time=09:00&source_timezone=Europe/Paris&target_timezone=Asia/Tokyo',
    instant: (a) => (a.source as { local_time: string }).local_time,
  },
  date_info: { path: '/v1/date/info?timezone=Asia/Tokyo', instant: (a) => a.date },
  convert_calendar: { path: '/v1/date/calendars', instant: (a) => a.date },
  next_holidays: { path: '/v1/holidays/next?country=FR', instant: (a) => a.after },
  solar_position: { path: '/v1/solar/position?lat=48.8566&lon=2.3522', instant: (a) => a.at },
  ephemeris: { path: '/v1/astronomy/ephemeris', instant: (a) => a.at },
  sun_events: { path: '/v1/solar/events?lat=48.8566&lon=2.3522', instant: (a) => (a.days as { date: string }[])[0].date },
  moon_phases: { path: '/v1/astronomy/moon-phases?count=1', instant: (a) => a.start },
  moon_events: { path: '/v1/astronomy/moon?lat=48.8566&lon=2.3522', instant: (a) => (a.days as { date: string }[])[0].date },
  eclipses: { path: '/v1/astronomy/eclipses?kind=lunar&count=1', instant: (a) => a.after },
  sky_positions: { path: '/v1/astronomy/sky?lat=48.8566&lon=2.3522', instant: (a) => a.at },
};

describe('"now" is never cached', () => {
  it('lists every tool whose answer can come from the clock', () => {
    expect(Object.keys(NOW_CALLS).sort()).toEqual(
      registry
        .filter((t) => t.cache !== 'deterministic')
        .map((t) => t.name)
        .sort(),
    );
  });

  it.each(Object.entries(NOW_CALLS))('%s: two calls without an instant get two answers, neither from the cache', async (_name, { path, body, instant }) => {
    const first = await call(path, body);
    const second = await call(path, body);
    for (const res of [first, second]) {
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('x-cache')).toBe('BYPASS');
    }
    const [a, b] = [await first.json(), await second.json()];
    expect(instant(a)).toBeTypeOf('string');
    expect(instant(b)).not.toEqual(instant(a));
  });

  it.each([
    ['solar_position', '/v1/solar/position?lat=48.8566&lon=2.3522&at=2026-11-22T08:00:00Z'],
    ['ephemeris (at)', '/v1/astronomy/ephemeris?at=2026-11-22T08:00:00Z'],
    ['ephemeris (date)', '/v1/astronomy/ephemeris?date=2026-11-22'],
    ['sun_events (date)', '/v1/solar/events?lat=48.8566&lon=2.3522&date=2026-11-22'],
    ['moon_phases (start)', '/v1/astronomy/moon-phases?start=2026-11-22'],
    ['moon_events (date)', '/v1/astronomy/moon?lat=48.8566&lon=2.3522&date=2026-11-22'],
    ['date_info (date)', '/v1/date/info?date=2026-11-22&timezone=Asia/Tokyo'],
    ['convert_calendar (calendar date)', '/v1/date/calendars?calendar=hebrew&year=5787&month=M01&day=1'],
  ])('%s with its instant given is cached as usual', async (_name, path) => {
    const miss = await call(path);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    const hit = await call(path);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(await hit.json()).toEqual(await miss.json());
  });

  it('ephemeris refuses at and date together, naming both', async () => {
    const res = await call('/v1/astronomy/ephemeris?at=2026-11-22T08:00:00Z&date=2026-11-22');
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.errors).toEqual([{ field: 'at', message: expect.stringMatching(/date/) }]);
    expect(problem.detail).toMatch(/^Invalid parameter: at .*date/);
  });
});
