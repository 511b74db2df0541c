import { afterAll, describe, expect, it } from 'vitest';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { engineReadiness } from '../../engine/health.ts';
import { createApp } from '../../http/app.ts';
import { clientAddressOf } from '../../http/client-address.ts';
import { loadSettings } from '../../service/settings.ts';
import { registry } from '../../engine/registry.ts';
import { fixedClock } from '../helpers.ts';
import { startElevationServer } from '../../scripts/elevation-stand-in.ts';

const KEY = 'test-key-0123456789';
const settings = loadSettings({ TIME_API_KEYS: `acme:${KEY},bare-key-abcdefgh`, SITE_URL: 'https://site.example', RATE_LIMIT_PER_MINUTE: '0' });
const elevation = await startElevationServer();
afterAll(() => elevation.close());
const { app, routes } = createApp({ settings, ctx: { ...fixedClock('2026-11-22T08:00:00Z'), elevation: createOpenMeteoElevation(elevation.url) } });

const call = (path: string, init: RequestInit & { key?: string | null } = {}) => {
  const headers = new Headers(init.headers);
  if (init.key !== null) headers.set('x-api-key', init.key ?? KEY);
  return app.fetch(new Request(`http://api.test${path}`, { ...init, headers }));
};
const post = (path: string, body: unknown, init: RequestInit & { key?: string | null } = {}) =>
  call(path, {
    ...init,
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...init.headers },
  });

// biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read field by field in each test
const bodyOf = async (res: Response): Promise<any> => res.json();

async function problemOf(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = (await bodyOf(res)) as { type: string; title: string; status: number; detail: string; errors?: { field: string; message: string }[] };
  expect(body.status).toBe(res.status);
  expect(typeof body.detail).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/); // no stack traces
  return body;
}

describe('public routes', () => {
  it('GET / names the service and where things are', async () => {
    const res = await call('/', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await bodyOf(res)).toEqual({
      service: 'time-coordinate-api',
      version: '0.1.0',
      docs: '/openapi.json',
      status: '/v1/status',
      mcp: '/mcp',
      website: 'https://site.example',
    });
  });

  it('GET /health reports readiness, and 503 when time-zone data is not ready', async () => {
    const res = await call('/health', { key: null });
    expect(res.status).toBe(200);
    // places: whether this process has loaded the place index yet (npm run test:unit shares a worker's
    // modules between files, and another file may have loaded it).
    expect(await bodyOf(res)).toEqual({
      ok: true,
      degraded: false,
      tzdb: '2026f',
      ready: { timezone_data: true, ephemeris: true, places: engineReadiness().places, storage: true, cache: true },
    });
    const notReady = createApp({ settings, readiness: () => ({ timezone_data: false, ephemeris: true, storage: true, cache: true }) }).app;
    const r2 = await notReady.fetch(new Request('http://api.test/health'));
    expect(r2.status).toBe(503);
    expect((await bodyOf(r2)).ok).toBe(false);
  });

  it('GET /v1/status lists every served route once, by family', async () => {
    const res = await call('/v1/status', { key: null });
    const body = await bodyOf(res);
    expect(body).toMatchObject({
      ok: true,
      service: 'time-coordinate-api',
      version: '0.1.0',
      api_key_required: true,
      cache: 'memory',
      sla_claimed: false,
      tzdb: '2026f',
    });
    expect(body.monitoring).toEqual({
      low_level_health: '/health',
      public_status: '/v1/status',
      protected_canary: '/v1/canary',
      external_sla_history: 'not-yet-published',
    });
    const listed = body.endpoint_families.flatMap((f: { routes: string[] }) => f.routes).sort();
    expect(listed).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    for (const tool of registry) expect(listed).toContain(`${tool.http.method} ${tool.http.path}`);
    const pub = body.endpoint_families.find((f: { family: string }) => f.family === 'public').routes;
    expect(pub).toEqual(
      expect.arrayContaining(['GET /', 'GET /health', 'GET /openapi.json', 'GET /v1/status', 'GET /v1/time/utc', 'GET /api/v1/utility/tagline']),
    );
    expect(body.started_at).toBe('2026-11-22T08:00:00Z');
  });

  it('GET /v1/time/utc needs no key and says where UTC comes from', async () => {
    const res = await call('/v1/time/utc', { key: null });
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body).toMatchObject({ timezone: 'UTC', utc_time: '2026-11-22T08:00:00Z', unix_seconds: 1795334400, unix_ms: 1795334400000, sla_claimed: false });
    expect(body.accuracy_model.statement).toMatch(/system clock/i);
    expect(res.headers.get('x-cache')).toBe('BYPASS');
  });

  it('GET /api/v1/utility/tagline may be cached until the next UTC midnight', async () => {
    const res = await call('/api/v1/utility/tagline', { key: null });
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body.date).toBe('2026-11-22');
    expect(typeof body.tagline).toBe('string');
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${16 * 3600}`);
  });
});

describe('OpenAPI', () => {
  it('describes exactly the routes the server serves, with parameters from the schemas', async () => {
    const doc = await bodyOf(await call('/openapi.json', { key: null }));
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, m]) => Object.keys(m).map((k) => `${k.toUpperCase()} ${p}`));
    expect(ops.sort()).toEqual(routes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`).sort());
    const time = doc.paths['/v1/time'].get;
    expect(time.operationId).toBe('get_local_time');
    // A place name may stand for lat and lon (engine/places/place-input.ts): neither is required on its own.
    expect(time.parameters.map((p: { name: string }) => p.name)).toEqual(['lat', 'lon', 'at', 'place', 'provenance']);
    expect(time.parameters.find((p: { name: string }) => p.name === 'lat')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'number', minimum: -90, maximum: 90 },
    });
    expect(time.parameters.find((p: { name: string }) => p.name === 'place')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', maxLength: 200 },
    });
    expect(time.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(time.responses['200'].content['application/json'].example).toMatchObject({
      lat: expect.any(Number),
      timezone: expect.any(String),
      provenance: expect.any(Object),
    });
    expect(doc.paths['/v1/time/batch'].post.requestBody.content['application/json'].schema.properties.points.maxItems).toBe(100);
    // Every route that needs a key says so, service routes included; public ones say they need none.
    for (const r of routes) {
      const op = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')][r.method.toLowerCase()];
      expect(op.security, `${r.method} ${r.path}`).toEqual(r.auth === 'key' ? [{ bearerAuth: [] }, { apiKeyHeader: [] }] : []);
    }
  });
});

describe('keys', () => {
  it('401 with WWW-Authenticate when the key is missing or wrong, saying how to send one and where keys come from', async () => {
    for (const key of [null, 'wrong-key-0000000']) {
      const res = await call('/v1/time?lat=51.5&lon=-0.12', { key });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="time-coordinate-api"/);
      const { detail } = await problemOf(res);
      expect(detail).toContain('Authorization: Bearer <key> or X-API-Key: <key>');
      expect(detail).toContain('npm run keys -- create --customer ID');
    }
  });

  it('accepts Bearer and X-API-Key, bare and customer-scoped keys', async () => {
    expect((await call('/v1/time?lat=51.5&lon=-0.12', { key: null, headers: { authorization: `Bearer ${KEY}` } })).status).toBe(200);
    expect((await call('/v1/time?lat=51.5&lon=-0.12', { key: 'bare-key-abcdefgh' })).status).toBe(200);
    expect((await call('/v1/time?lat=51.5&lon=-0.12', { key: null, headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });

  it('explains what to do when the server has no keys at all', async () => {
    const open = createApp({ settings: loadSettings({}) }).app;
    const res = await open.fetch(new Request('http://api.test/v1/time?lat=1&lon=1'));
    expect(res.status).toBe(401);
    expect((await problemOf(res)).detail).toMatch(/TIME_API_KEYS/);
  });
});

describe('validation problems name the field', () => {
  it.each([
    ['/v1/time?lat=91&lon=0', 'lat', 'must be ≤ 90'],
    ['/v1/time?lat=abc&lon=0', 'lat', 'must be a number'],
    ['/v1/time?lat=NaN&lon=0', 'lat', 'must be a number'],
    ['/v1/time?lat=&lon=0', 'lat', 'must be a number'],
    ['/v1/time?lon=0', 'lat', 'is required (or give place)'],
    ['/v1/time?place=Lisbon&lat=1&lon=1', 'place', 'give either place or lat and lon, not both'],
    ['/v1/time?lat=1&lon=-180.5', 'lon', 'must be ≥ -180'],
    ['/v1/time?lat=1&lon=1&at=2026-01-01T10:00', 'at', 'needs Z or a UTC offset (a local time without offset is ambiguous)'],
    ['/v1/time?lat=1&lon=1&at=12345678901234', 'at', 'epoch numbers must be seconds (up to 11 digits) or milliseconds (12 or 13 digits)'],
    ['/v1/time?lat=1&lon=1&latitude=5', 'latitude', 'is not a known parameter of this operation'],
    ['/v1/time?lat=1&lat=2&lon=1', 'lat', 'is given more than once'],
    ['/v1/date/difference?start=2026-02-30&end=2026-03-01', 'start', 'is not a real date (2026-02 has 28 days)'],
  ])('%s → 400 on %s', async (path, field, message) => {
    const res = await call(path);
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect(body.errors).toContainEqual({ field, message });
    expect(body.detail).toContain(field);
  });

  it('names the JSON path of a bad batch item', async () => {
    const points = Array.from({ length: 5 }, (_, i) => ({ lat: i, lon: i }));
    points[3] = { lat: 95, lon: 3 };
    const res = await post('/v1/time/batch', { points });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).errors).toEqual([{ field: 'points[3].lat', message: 'must be ≤ 90' }]);
  });

  it('an error answer stays small whatever was sent: 10 errors listed, the rest counted, names clipped', async () => {
    // Before: 200 one-letter unknown parameters gave an answer 22 times the size of the request.
    const path = `/v1/time?lat=1&lon=1&${Array.from({ length: 200 }, (_, i) => `${'q'.repeat(i % 3 ? 1 : 300)}${i}=1`).join('&')}`;
    const res = await call(path);
    expect(res.status).toBe(400);
    const text = await res.text();
    const body = JSON.parse(text) as { detail: string; errors: { field: string }[] };
    expect(body.errors).toHaveLength(10);
    expect(body.detail).toMatch(/; and 190 more\.$/);
    expect(body.errors.every((e) => e.field.length <= 81)).toBe(true);
    expect(text.length).toBeLessThan(path.length);
  });

  it('a long misspelt zone costs no more than a short one: no suggestion past 40 characters', async () => {
    const res = await call(`/v1/time/zone?timezone=${'Europe/Parisx'.repeat(80)}`);
    expect(res.status).toBe(400);
    const near = await problemOf(await call('/v1/time/zone?timezone=Europe/Pariss'));
    expect(near.detail).toContain('Europe/Paris');
  });
});

describe('TRUST_PROXY', () => {
  const event = (xff?: string) => ({ req: new Request('http://x/', { headers: xff ? { 'x-forwarded-for': xff } : {} }) }) as never;
  it('ignores X-Forwarded-For unless proxies are trusted, then takes the entry the outermost trusted proxy wrote', () => {
    expect(clientAddressOf(0)(event('6.6.6.6'))).toBeUndefined(); // the socket's address (none without a socket)
    expect(clientAddressOf(1)(event('6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9'); // a client's own claim is ignored
    expect(clientAddressOf(2)(event('6.6.6.6, 203.0.113.9, 10.0.0.2'))).toBe('203.0.113.9');
    expect(clientAddressOf(1)(event())).toBeUndefined();
    expect(loadSettings({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadSettings({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

describe('edge cases', () => {
  const pts = (n: number) => Array.from({ length: n }, (_, i) => ({ lat: -60 + (i % 120), lon: -179 + ((i * 7) % 358) }));

  it('batch of 0 and 101 points are 400, 1 and 100 answer in input order', async () => {
    expect((await problemOf(await post('/v1/time/batch', { points: [] }))).errors?.[0].field).toBe('points');
    expect((await problemOf(await post('/v1/time/batch', { points: pts(101) }))).errors?.[0]).toEqual({
      field: 'points',
      message: 'must have at most 100 points',
    });
    for (const n of [1, 100]) {
      const res = await post('/v1/time/batch', { at: '2026-07-01T12:00:00Z', points: pts(n) });
      expect(res.status).toBe(200);
      const body = await bodyOf(res);
      expect(body.count).toBe(n);
      expect(body.results.map((r: { lat: number; lon: number }) => [r.lat, r.lon])).toEqual(pts(n).map((p) => [p.lat, p.lon]));
    }
  });

  it('malformed JSON is a 400 naming the body', async () => {
    const res = await post('/v1/time/batch', '{"points": [');
    expect(res.status).toBe(400);
    expect((await problemOf(res)).errors?.[0].field).toBe('body');
    expect((await post('/v1/time/batch', '')).status).toBe(400);
    expect((await post('/v1/time/batch', '[1,2]')).status).toBe(400);
    expect((await post('/v1/time/batch', 'null')).status).toBe(400);
  });

  it('a body that is not JSON is 415, one over 64 KiB is 413', async () => {
    const res = await call('/v1/time/batch', { method: 'POST', body: 'points=1', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    await problemOf(res);
    const big = JSON.stringify({ points: [{ lat: 1, lon: 1 }], pad: 'x'.repeat(70_000) });
    const r2 = await post('/v1/time/batch', big);
    expect(r2.status).toBe(413);
    await problemOf(r2);
  });

  it('unknown routes are 404 problems; wrong methods are 405 with Allow', async () => {
    const r404 = await call('/v1/nope');
    expect(r404.status).toBe(404);
    await problemOf(r404);
    const r405 = await call('/v1/time', { method: 'POST' });
    expect(r405.status).toBe(405);
    expect(r405.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    await problemOf(r405);
    expect((await call('/v1/date/business-days', { method: 'GET' })).headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('HEAD answers like GET', async () => {
    expect((await call('/v1/time/utc', { method: 'HEAD', key: null })).status).toBe(200);
  });

  it('deterministic answers are cached; answers for "now" never are', async () => {
    const path = '/v1/time?lat=27.7&lon=85.3&at=2026-07-01T12:00:00Z';
    expect((await call(path)).headers.get('x-cache')).toBe('MISS');
    const hit = await call(path);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect((await bodyOf(hit)).utc_offset).toBe('+05:45');
    expect((await call('/v1/time?lat=27.7&lon=85.3')).headers.get('x-cache')).toBe('BYPASS');
    expect((await call('/v1/time?lat=27.7&lon=85.3')).headers.get('x-cache')).toBe('BYPASS');
    const off = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, TIME_API_CACHE: 'off' }) }).app;
    const r = await off.fetch(new Request(`http://api.test${path}`, { headers: { 'x-api-key': KEY } }));
    expect(r.headers.get('x-cache')).toBe('BYPASS');
  });

  it('reversed ranges: business days with start after end is a 400 on end', async () => {
    const res = await post('/v1/date/business-days', { start: '2026-11-06', end: '2026-11-02' });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).errors?.[0].field).toBe('end');
  });
});

describe('every tool answers its own example over HTTP', () => {
  it.each(registry.map((t) => [t.name, t] as const))('%s', async (_name, tool) => {
    const example = tool.examples[0].input as Record<string, unknown>;
    const res =
      tool.http.method === 'GET'
        ? await call(`${tool.http.path}?${new URLSearchParams(Object.entries(example).map(([k, v]): [string, string] => [k, String(v)]))}`)
        : await post(tool.http.path, example);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await bodyOf(res);
    expect(tool.output.safeParse(body).success).toBe(true);
    if (tool.auth === 'key') expect(body.provenance).toBeTypeOf('object');
  });
});

describe('required dates', () => {
  it('a missing required date says "is required"', async () => {
    expect((await problemOf(await call('/v1/date/difference?start=2024-01-01'))).errors).toEqual([{ field: 'end', message: 'is required' }]);
  });
});

describe('providers that fail', () => {
  it('elevation answers 503 problem (never an invented value) when the provider is unreachable', async () => {
    // A port nobody listens on: connection refused, retried once, then 503.
    const down = createApp({
      settings,
      ctx: { ...fixedClock('2026-11-22T08:00:00Z'), elevation: createOpenMeteoElevation('http://127.0.0.1:9/v1/elevation', { timeoutMs: 500 }) },
    }).app;
    const res = await down.fetch(new Request('http://api.test/v1/geo/elevation?lat=46.5&lon=7.9', { headers: { 'x-api-key': KEY } }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    const body = await problemOf(res);
    expect(body.detail).toMatch(/elevation/i);
    expect(JSON.stringify(body)).not.toMatch(/elevation_m/);
  });

  it('elevation without any configured provider is a 503 too', async () => {
    const none = createApp({ settings, ctx: fixedClock('2026-11-22T08:00:00Z') }).app;
    const res = await none.fetch(new Request('http://api.test/v1/geo/elevation?lat=46.5&lon=7.9', { headers: { 'x-api-key': KEY } }));
    expect(res.status).toBe(503);
  });
});
