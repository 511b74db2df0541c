/** CORS, request logs, the canary and the account routes. */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { fingerprint } from '../../http/middleware/auth.ts';
import { jsonRequestLogger } from '../../http/middleware/request-log.ts';
import { loadSettings } from '../../service/settings.ts';
import { registry } from '../../engine/registry.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'service-test-key-0123';
const settings = loadSettings({
  TIME_API_KEYS: `acme:${KEY}`,
  SITE_URL: 'https://www.site.example',
  PARTNER_ORIGIN: 'https://partner.example',
  TIME_API_CUSTOMER_RATE_LIMITS: '{"acme": 600}',
});
const lines: string[] = [];
const logger = jsonRequestLogger((chunk) => lines.push(...chunk.trim().split('\n')));
const { app } = createApp({ settings, ctx: fixedClock('2026-11-22T08:00:00Z'), logger });
const call = (path: string, init: RequestInit = {}) => app.fetch(new Request(`http://api.test${path}`, init));

describe('CORS', () => {
  it('echoes an allowed Origin (never *) and varies on Origin', async () => {
    for (const origin of ['https://site.example', 'https://www.site.example', 'https://partner.example', 'http://localhost:3000', 'http://127.0.0.1:3000']) {
      const res = await call('/v1/time/utc', { headers: { origin } });
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toMatch(/Origin/);
      expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Cache/);
    }
  });

  it('gives a foreign Origin no CORS headers, and errors carry them too for allowed ones', async () => {
    const foreign = await call('/v1/time/utc', { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const unauthorized = await call('/v1/time?lat=1&lon=1', { headers: { origin: 'https://site.example' } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('https://site.example');
  });

  it('answers preflights for allowed origins, 403 for others', async () => {
    const ok = await call('/v1/time/batch', {
      method: 'OPTIONS',
      headers: { origin: 'https://site.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(ok.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const denied = await call('/v1/time/batch', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  describe('edge cases', () => {
    it('a wildcard allowlist is refused at start-up', () => {
      expect(() => loadSettings({ CORS_ORIGINS: 'https://a.example,*' })).toThrow(/wildcards are not allowed/);
    });
    it('an origin that differs only by scheme or port is not allowed', async () => {
      for (const origin of ['http://site.example', 'https://site.example:8443', 'https://site.example.evil.example']) {
        expect((await call('/v1/time/utc', { headers: { origin } })).headers.get('access-control-allow-origin')).toBeNull();
      }
    });
  });
});

describe('answers outside a handler', () => {
  it('answers that no handler wrote get the same treatment: a malformed URL is a logged 400 problem with CORS', async () => {
    logger.flush();
    lines.length = 0;
    const res = await call('/v1/time/%E0%A4%A', { headers: { origin: 'https://site.example' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://site.example');
    logger.flush();
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([{ route: '(unmatched)', status: 400 }]);
  });

  it('a handler that fails unexpectedly answers a plain 500 problem, logged, with CORS, and reports the error', async () => {
    const seen: unknown[] = [];
    const broken = {
      ...registry.find((t) => t.name === 'get_utc_time')!,
      run: () => {
        throw new TypeError('boom');
      },
    };
    const own: string[] = [];
    const { app: failing } = createApp({
      settings,
      ctx: fixedClock('2026-11-22T08:00:00Z'),
      tools: [broken],
      onUnexpected: (error) => seen.push(error),
      logger: jsonRequestLogger((chunk) => own.push(...chunk.trim().split('\n'))),
    });
    const res = await failing.fetch(new Request('http://api.test/v1/time/utc', { headers: { origin: 'https://site.example' } }));
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.detail).not.toMatch(/boom/);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(seen).toHaveLength(1);
    expect((seen[0] as Error).message).toBe('boom');
    await new Promise((r) => setTimeout(r, 10));
    expect(own.map((l) => JSON.parse(l))).toMatchObject([{ route: '/v1/time/utc', status: 500 }]);
  });
});

describe('request logs', () => {
  it('writes each field as JSON, whatever its characters, and null as null', () => {
    const out: string[] = [];
    const log = jsonRequestLogger((chunk) => out.push(...chunk.trim().split('\n')));
    const fields = [
      { route: '/v1/time', method: 'GET', status: 200, latency_ms: 0.123, customer_id: 'acme', key_fingerprint: 'ba7816bf8f01', cache: 'MISS' },
      { route: '(unmatched)', method: 'PATCH', status: 404, latency_ms: 12, customer_id: null, key_fingerprint: null, cache: null },
      { route: '/v1/x"y\\z\u2028', method: 'GET', status: 401, latency_ms: 0, customer_id: 'c\n"é', key_fingerprint: 'ba7816bf8f01', cache: 'HIT' },
      { route: '/v1/time', method: 'GET', status: 200, latency_ms: 1.5, customer_id: 'acme', key_fingerprint: 'ba7816bf8f01', cache: 'MISS' },
    ];
    for (const f of fields) log.log(f);
    log.flush();
    expect(out.map((l) => JSON.parse(l))).toEqual(
      fields.map((f) => ({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), level: 'info', type: 'request', ...f })),
    );
  });

  it('one JSON line per request with the route pattern, never the key, query or body', async () => {
    logger.flush();
    lines.length = 0;
    await call('/v1/time?lat=48.8566&lon=2.3522&at=1999-07-01T12:00:00Z', { headers: { authorization: `Bearer ${KEY}` } });
    await call('/v1/time/batch', {
      method: 'POST',
      body: JSON.stringify({ points: [{ lat: 12.3456, lon: 65.4321 }] }),
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    });
    await call('/v1/time?lat=1&lon=1', { headers: { 'x-api-key': 'wrong-key-but-secret' } });
    await call('/no/such/route?token=abc');
    logger.flush();
    expect(lines).toHaveLength(4);
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed[0]).toMatchObject({
      type: 'request',
      route: '/v1/time',
      method: 'GET',
      status: 200,
      customer_id: 'acme',
      key_fingerprint: fingerprint(KEY),
      cache: 'MISS',
    });
    expect(parsed[0].latency_ms).toBeGreaterThanOrEqual(0);
    expect(parsed[1]).toMatchObject({ route: '/v1/time/batch', method: 'POST', status: 200, cache: 'BYPASS' });
    expect(parsed[2]).toMatchObject({ route: '/v1/time', status: 401, customer_id: null, key_fingerprint: null });
    expect(parsed[3]).toMatchObject({ route: '(unmatched)', status: 404 });
    const all = lines.join('\n');
    for (const secret of [KEY, 'wrong-key-but-secret', '48.8566', '12.3456', 'token', 'abc', '1999-07-01T12'] /* an instant no log timestamp can show */)
      expect(all).not.toContain(secret);
  });
});

describe('canary', () => {
  it('needs a key and exercises auth, a time-zone lookup, the ephemeris and storage', async () => {
    expect((await call('/v1/canary')).status).toBe(401);
    const res = await call('/v1/canary', { headers: { 'x-api-key': KEY } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      checked_at: '2026-11-22T08:00:00Z',
      customer_id: 'acme',
      checks: { auth: true, timezone_lookup: true, ephemeris: true, storage: true },
    });
  });

  it('is 503 with ok false when storage fails', async () => {
    const broken = createApp({
      settings,
      ctx: fixedClock('2026-11-22T08:00:00Z'),
      storageRoundTrip: async () => {
        throw new Error('disk gone');
      },
    }).app;
    const res = await broken.fetch(new Request('http://api.test/v1/canary', { headers: { 'x-api-key': KEY } }));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, checks: { storage: false, auth: true } });
  });
});

describe('account routes for environment keys', () => {
  const get = async (path: string) => (await call(path, { headers: { 'x-api-key': KEY } })).json() as Promise<Record<string, unknown>>;
  it('profile, limits, usage and credits invent nothing', async () => {
    expect(await get('/v1/account/profile')).toMatchObject({ customer_id: 'acme', key_fingerprint: fingerprint(KEY), plan: { rate_limit_per_minute: 600 } });
    expect(await get('/v1/account/limits')).toEqual({
      rate_limit_per_minute: 600,
      batch_limits: { time_batch_points: 100, date_difference_pairs: 100, geo_distance_pairs: 100 },
    });
    expect(await get('/v1/account/usage')).toMatchObject({ usage: { configured: false, month: '2026-11', total_requests: null, routes: [] } });
    expect(await get('/v1/account/credits')).toMatchObject({
      credits: { configured: false, balance: null, requests_this_month: null, rate_limit_per_minute: 600 },
    });
    expect((await call('/v1/account/profile')).status).toBe(401);
  });
  it('the status document lists the account and monitoring routes', async () => {
    const status = (await get('/v1/status')) as { endpoint_families: { family: string; routes: string[] }[] };
    expect(status.endpoint_families.find((f) => f.family === 'account')?.routes).toEqual([
      'GET /v1/account/profile',
      'GET /v1/account/usage',
      'GET /v1/account/limits',
      'GET /v1/account/credits',
    ]);
    expect(status.endpoint_families.find((f) => f.family === 'monitoring')?.routes).toEqual(['GET /v1/canary']);
  });
});

describe('rate limits over HTTP', () => {
  it('every keyed answer carries RateLimit-*; past the limit 429 with Retry-After; customers apart', async () => {
    const limited = createApp({
      settings: loadSettings({ TIME_API_KEYS: `acme:${KEY},other:other-key-01234567`, RATE_LIMIT_PER_MINUTE: '3' }),
      ctx: fixedClock('2026-11-22T08:00:00Z'),
    }).app;
    const hit = (key: string, path = '/v1/date/difference?start=2024-01-01&end=2024-02-01') =>
      limited.fetch(new Request(`http://api.test${path}`, { headers: { 'x-api-key': key } }));
    const first = await hit(KEY);
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    await hit(KEY, '/v1/account/limits'); // account and canary routes count and carry the headers too
    expect((await hit(KEY, '/v1/canary')).headers.get('ratelimit-remaining')).toBe('0');
    const refused = await hit(KEY);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect((await hit('other-key-01234567')).status).toBe(200);
    // Public routes are not limited per customer and carry no RateLimit headers.
    const pub = await limited.fetch(new Request('http://api.test/v1/time/utc'));
    expect(pub.status).toBe(200);
    expect(pub.headers.get('ratelimit-limit')).toBeNull();
  });

  it('per-customer limits from TIME_API_CUSTOMER_RATE_LIMITS, and 0 disables', async () => {
    const app2 = createApp({
      settings: loadSettings({ TIME_API_KEYS: `acme:${KEY}`, RATE_LIMIT_PER_MINUTE: '1', TIME_API_CUSTOMER_RATE_LIMITS: '{"acme": 0}' }),
    }).app;
    for (let i = 0; i < 5; i++) {
      const res = await app2.fetch(new Request('http://api.test/v1/account/limits', { headers: { 'x-api-key': KEY } }));
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBeNull();
    }
  });
});
