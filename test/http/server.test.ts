/** The real entry point over a real socket: start-up, settings errors, graceful stop. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, spawnServer, type Served } from '../serve.ts';

const KEY = 'socket-test-key-0123';

describe('http/server.ts over a real socket', () => {
  let server: Served;
  let base: string;

  beforeAll(async () => {
    // As in production: the place indexes load in the background after the server listens.
    server = await serve({ env: { TIME_API_KEYS: `acme:${KEY}`, PLACE_INDEXES: 'background' } });
    base = server.base;
  });
  afterAll(() => server?.stop('SIGKILL'));

  it('serves health, a keyed calculation and a problem over HTTP', async () => {
    const health = await fetch(`${base}/health`);
    expect(await health.json()).toMatchObject({ ok: true, ready: { timezone_data: true, ephemeris: true, storage: true } });
    const time = await fetch(`${base}/v1/time?lat=27.7172&lon=85.324&at=2026-01-15T00:00:00Z`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(time.status).toBe(200);
    expect(await time.json()).toMatchObject({ timezone: 'Asia/Kathmandu', utc_offset: '+05:45', local_time: '2026-01-15T05:45:00+05:45' });
    const bad = await fetch(`${base}/v1/time?lat=100&lon=0`, { headers: { 'x-api-key': KEY } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const malformed = await fetch(`${base}/v1/time/batch`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: '{"points":',
    });
    expect(malformed.status).toBe(400);
  });

  it('answers a place search during start-up from the cached index (waiting up to 3 s for it, else a 503 to retry), then says so in /health', async () => {
    // npm test builds the cache file first (scripts/data/places-index.ts), so the server reads it in about a second
    // and a search meanwhile waits for it. On a busy CI runner the read once took longer than the 3 s a
    // search waits: then the answer is the documented 503 with Retry-After, and the search answers once
    // /health says the index is ready.
    const search = () => fetch(`${base}/v1/geo/places?q=Lisbon&limit=1`, { headers: { 'x-api-key': KEY } });
    let found = await search();
    if (found.status === 503) {
      expect(found.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await found.json()) as { detail: string }).detail).toMatch(/place-name index is still loading/);
      for (let i = 0; i < 300 && !((await (await fetch(`${base}/health`)).json()) as { ready: { places: boolean } }).ready.places; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      found = await search();
    }
    expect(found.status).toBe(200);
    expect(((await found.json()) as { places: { geonames_id: number }[] }).places[0].geonames_id).toBe(2267057); // GeoNames: Lisbon, PT
    const health = (await (await fetch(`${base}/health`)).json()) as { ready: { places: boolean } };
    expect(health.ready.places).toBe(true);
    const time = await fetch(`${base}/v1/time?place=Kathmandu&at=2026-01-15T00:00:00Z`, { headers: { 'x-api-key': KEY } });
    expect(await time.json()).toMatchObject({ timezone: 'Asia/Kathmandu', place: { country: 'NP' } });
  });

  it('serves nearby places once the background index is built, and holidays', async () => {
    const nearby = await fetch(`${base}/v1/geo/nearby?lat=48.8566&lon=2.3522&limit=3`, { headers: { 'x-api-key': KEY } });
    expect(nearby.status).toBe(200);
    const body = (await nearby.json()) as { places: { name: string; distance_km: number }[] };
    expect(body.places).toHaveLength(3);
    expect(body.places[0].name).toBe('Paris');
    const holidays = await fetch(`${base}/v1/holidays?country=FR&year=2026`, { headers: { 'x-api-key': KEY } });
    expect(holidays.status).toBe(200);
  });

  it('a percent-encoding error in the path is a 400 problem, not a crash', async () => {
    const res = await fetch(`${base}/v1/%E0%A4%A`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('stops on SIGTERM with exit code 0, finishing the request in flight', async () => {
    const inFlight = fetch(`${base}/v1/astronomy/ephemeris?date=2026-06-21`, { headers: { 'x-api-key': KEY } });
    await new Promise((r) => setTimeout(r, 5));
    const stopped = server.stop('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await stopped).toBe(0);
  });
});

describe('the places index by default (PLACE_INDEXES=first-need)', () => {
  it('is not loaded until a request names a place; that request waits for it (or gets a 503 to retry), and the log says it is ready', async () => {
    const server = await serve({ env: { TIME_API_KEYS: `acme:${KEY}`, PLACE_INDEXES: undefined } });
    try {
      const ready = async () => ((await (await fetch(`${server.base}/health`)).json()) as { ready: { places: boolean } }).ready.places;
      // Answers that name no place leave it unloaded.
      const time = await fetch(`${server.base}/v1/time?lat=38.72&lon=-9.14&at=2026-01-15T00:00:00Z`, { headers: { 'x-api-key': KEY } });
      expect(time.status).toBe(200);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await ready()).toBe(false);
      const search = () => fetch(`${server.base}/v1/geo/places?q=Lisbon&limit=1`, { headers: { 'x-api-key': KEY } });
      let found = await search();
      if (found.status === 503) {
        // A busy machine read the index file for longer than the 3 s a request waits.
        expect(found.headers.get('retry-after')).toMatch(/^\d+$/);
        for (let i = 0; i < 300 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 100));
        found = await search();
      }
      expect(found.status).toBe(200);
      expect(((await found.json()) as { places: { geonames_id: number }[] }).places[0].geonames_id).toBe(2267057); // GeoNames: Lisbon, PT
      expect(await ready()).toBe(true);
      expect(server.output()).toContain('places index ready');
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('start-up settings', () => {
  it('an invalid setting stops start-up with one line naming it', async () => {
    const proc = spawnServer({ port: 0, env: { PORT: 'eighty' } });
    expect(await proc.exited).toBe(1);
    await proc.stop();
    expect(proc.output().trim()).toBe('Invalid setting PORT: must be a whole number 1..65535 (got "eighty")');
  });
});
