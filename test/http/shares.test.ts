/**
 * Observatory shares: the two handlers mounted on a bare h3 app, against the file store (DATA_DIR in a
 * temporary folder) and against a real `redis-server` (two stores on one Redis stand for two instances).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { H3 } from 'h3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlidingWindowLimiter } from '../../http/middleware/rate-limit.ts';
import { newShareToken, shareRoutes, type ShareRouteDeps } from '../../http/routes/shares.ts';
import { TOKEN_PATTERN, type Share } from '../../service/shares.ts';
import { createStore, StoreUnavailableError, type Store, type StoreOptions } from '../../http/store/index.ts';
import { redisAvailable, startRedisServer, type RedisServer } from '../fixtures/redis-server.ts';

const SITE = 'https://www.site.example';
const T0 = Date.parse('2026-11-22T08:00:00Z');
const DAY = 86_400_000;
const VALID = {
  poster: 'sky',
  date: '2026-12-21',
  location: { name: 'Greenwich', lat: 51.4769, lng: -0.0005 },
  time: '21:30',
  ttl_days: 7,
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

/** A clock the test moves by hand. */
function manualClock(start = T0) {
  let at = start;
  return {
    now: () => new Date(at),
    set: (ms: number) => {
      at = ms;
    },
    advance: (ms: number) => {
      at += ms;
    },
  };
}

type Deps = Partial<ShareRouteDeps> & { store: Store | null };
function mount(deps: Deps) {
  const app = new H3();
  const { create, read } = shareRoutes({ siteUrl: SITE, now: () => new Date(T0), ...deps });
  app.post('/v1/observatory/share', create);
  app.get('/v1/observatory/share/:token', read);
  return app;
}

/** A request from `ip` (srvx sets `req.ip` from the socket; h3's getRequestIP reads it). */
function fromIp(request: Request, ip: string | null): Request {
  if (ip !== null) Object.defineProperty(request, 'ip', { value: ip });
  return request;
}

interface PostOptions {
  ip?: string | null;
  raw?: string;
  contentType?: string;
}
async function post(app: H3, body: unknown, { ip = '203.0.113.10', raw, contentType = 'application/json' }: PostOptions = {}): Promise<Response> {
  return await app.fetch(
    fromIp(
      new Request('http://api.test/v1/observatory/share', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: raw ?? JSON.stringify(body),
      }),
      ip,
    ),
  );
}
const get = async (app: H3, token: string): Promise<Response> =>
  app.fetch(fromIp(new Request(`http://api.test/v1/observatory/share/${token}`), '203.0.113.10'));
const getPath = async (app: H3, path: string): Promise<Response> => app.fetch(new Request(`http://api.test${path}`));

async function created(res: Response) {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { token: string; expires_at: string; share_url: string };
}
async function fields(res: Response): Promise<string[]> {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = (await res.json()) as { errors: { field: string }[] };
  return body.errors.map((e) => e.field);
}
const withLocation = (patch: Record<string, unknown>) => ({ ...VALID, location: { ...VALID.location, ...patch } });

// ----- file store ------------------------------------------------------------------------------

const dirs: string[] = [];
const stores: Store[] = [];
async function fileStore(dataDir = mkdtempSync(join(tmpdir(), 'shares-test-'))): Promise<{ store: Store; dataDir: string }> {
  if (!dirs.includes(dataDir)) dirs.push(dataDir);
  const store = await createStore({ dataDir, redisUrl: null }, { warn: () => {} });
  stores.push(store);
  return { store, dataDir };
}
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('observatory shares on the file store', () => {
  it('create → read round trip with every field, noindex on both, share_url and Location', async () => {
    const { store } = await fileStore();
    const app = mount({ store });
    const res = await post(app, VALID);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await created(res);
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'share_url', 'token']);
    expect(body.share_url).toBe(`${SITE}/observatory/share/${body.token}/`);
    expect(body.expires_at).toBe('2026-11-29T08:00:00Z');
    expect(res.headers.get('location')).toBe(`/v1/observatory/share/${body.token}`);

    const read = await get(app, body.token);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await read.json()).toEqual({
      token: body.token,
      poster: 'sky',
      date: '2026-12-21',
      location: { name: 'Greenwich', lat: 51.4769, lng: -0.0005 },
      time: '21:30',
      created_at: '2026-11-22T08:00:00Z',
      expires_at: '2026-11-29T08:00:00Z',
      // Greenwich in December: GMT, so 21:30 local is 21:30 UTC.
      timezone: 'Europe/London',
      utc_offset: '+00:00',
      at: '2026-12-21T21:30:00Z',
    });
    // Every poster kind round-trips.
    for (const poster of ['orrery', 'sun-path']) {
      const { token } = await created(await post(app, { ...VALID, poster }));
      expect(await (await get(app, token)).json()).toMatchObject({ poster });
    }
  });

  it('a read resolves the zone by boundary lookup and the local time by IANA rules (gap, fold, +05:45, sea)', async () => {
    const { store } = await fileStore();
    const app = mount({ store });
    const cases: [Record<string, unknown>, string, string, string][] = [
      // tzdb: Europe/London springs forward 2026-03-29 01:00 GMT → 02:00 BST; 01:30 does not exist → moved to 02:30 BST.
      [{ date: '2026-03-29', time: '01:30' }, 'Europe/London', '+01:00', '2026-03-29T01:30:00Z'],
      // tzdb: falls back 2026-10-25 02:00 BST → 01:00 GMT; 01:30 occurs twice → the earlier (BST) instant.
      [{ date: '2026-10-25', time: '01:30' }, 'Europe/London', '+01:00', '2026-10-25T00:30:00Z'],
      // Kathmandu, UTC+05:45 since 1986 (tzdb asia file).
      [{ date: '2026-11-22', time: '12:00', location: { name: 'Kathmandu', lat: 27.7172, lng: 85.324 } }, 'Asia/Kathmandu', '+05:45', '2026-11-22T06:15:00Z'],
      // Mid-Atlantic: the nautical zone of the longitude band (−30° → Etc/GMT+2, UTC−2).
      [{ date: '2026-06-01', time: '10:00', location: { name: 'Mid-Atlantic', lat: 30, lng: -30 } }, 'Etc/GMT+2', '-02:00', '2026-06-01T12:00:00Z'],
    ];
    for (const [patch, timezone, utc_offset, at] of cases) {
      const { token } = await created(await post(app, { ...VALID, ...patch }));
      expect(await (await get(app, token)).json(), JSON.stringify(patch)).toMatchObject({ timezone, utc_offset, at });
    }
  });

  it('tokens: ≥ 128 random bits, base64url, unique over 1,000 creations', async () => {
    const { store } = await fileStore();
    const app = mount({ store, createsPerMinute: 0 });
    const tokens: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => post(app, VALID).then(created)));
      tokens.push(...answers.map((a) => a.token));
    }
    expect(tokens).toHaveLength(1000);
    expect(new Set(tokens).size).toBe(1000);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(t).toMatch(TOKEN_PATTERN);
      expect(Buffer.from(t, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(Buffer.from(t, 'base64url').toString('base64url')).toBe(t); // canonical base64url, no padding
    }
    expect(tokens[0].length).toBeGreaterThanOrEqual(22);
    // Every character position varies (no fixed prefix or counter).
    for (let i = 0; i < tokens[0].length; i++) expect(new Set(tokens.map((t) => t[i])).size).toBeGreaterThan(20);
    expect((await store.mounts.shares.list()).length).toBe(1000);
  });

  it('ttl_days: default 30, bounds 1 and 365 accepted; 0, 366, 1.5 → 400 naming ttl_days', async () => {
    const { store } = await fileStore();
    const app = mount({ store });
    const { ttl_days: _, ...withoutTtl } = VALID;
    const def = await created(await post(app, withoutTtl));
    expect(Date.parse(def.expires_at) - T0).toBe(30 * DAY);
    expect(Date.parse((await created(await post(app, { ...VALID, ttl_days: 1 }))).expires_at) - T0).toBe(DAY);
    expect(Date.parse((await created(await post(app, { ...VALID, ttl_days: 365 }))).expires_at) - T0).toBe(365 * DAY);
    for (const ttl of [0, 366, 1.5, -1, '30', null]) expect(await fields(await post(app, { ...VALID, ttl_days: ttl }))).toEqual(['ttl_days']);
  });

  it('every validation error names its field', async () => {
    const { store } = await fileStore();
    const app = mount({ store, createsPerMinute: 0 });
    const cases: [unknown, string[]][] = [
      [{ ...VALID, poster: 'moon' }, ['poster']],
      [{ ...VALID, poster: undefined }, ['poster']],
      [{ ...VALID, date: '2026-02-30' }, ['date']],
      [{ ...VALID, date: '2026-2-3' }, ['date']],
      [{ ...VALID, time: '24:00' }, ['time']],
      [{ ...VALID, time: '9:5' }, ['time']],
      [{ ...VALID, time: '12:60' }, ['time']],
      [{ ...VALID, time: '12:30:00' }, ['time']],
      [{ ...VALID, time: 1230 }, ['time']],
      [withLocation({ lat: 90.0001 }), ['location.lat']],
      [withLocation({ lat: '51.5' }), ['location.lat']],
      [withLocation({ lng: -180.5 }), ['location.lng']],
      [withLocation({ name: '' }), ['location.name']],
      [withLocation({ name: '   ' }), ['location.name']],
      [withLocation({ name: 'x'.repeat(121) }), ['location.name']],
      [withLocation({ name: 'Green\nwich' }), ['location.name']],
      [withLocation({ name: 'Green\u0000wich' }), ['location.name']],
      [withLocation({ name: 42 }), ['location.name']],
      [withLocation({ lon: -0.0005 }), ['location.lon']],
      [{ ...VALID, location: { name: 'Greenwich', lat: 51.4769, lon: -0.0005 } }, ['location.lng', 'location.lon']],
      [{ ...VALID, extra: true }, ['extra']],
      [{ ...VALID, location: undefined }, ['location']],
      [{ ...VALID, location: 'Greenwich' }, ['location']],
    ];
    for (const [body, expected] of cases) {
      const got = await fields(await post(app, body));
      expect(got.sort(), JSON.stringify(body)).toEqual(expected);
    }
    expect(await store.mounts.shares.list()).toEqual([]);
  });

  it('malformed JSON → 400, non-JSON → 415, empty → 400; all with noindex and nothing stored', async () => {
    const { store } = await fileStore();
    const app = mount({ store });
    const bad = await post(app, null, { raw: '{"poster": "sky",' });
    expect(await fields(bad)).toEqual(['body']);
    expect(bad.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const text = await post(app, null, { raw: 'poster=sky', contentType: 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await fields(await post(app, null, { raw: '' }))).toEqual(['body']);
    expect(await fields(await post(app, [VALID]))).toEqual(['body']);
    expect(await store.mounts.shares.list()).toEqual([]);
  });

  it('unknown and malformed tokens → 404 problem with noindex; malformed ones never reach the store', async () => {
    const { store } = await fileStore();
    const app = mount({ store });
    const unknown = await get(app, newShareToken());
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await unknown.json()).toMatchObject({ status: 404, title: 'Not Found' });

    const spy = vi.fn(async () => {
      throw new Error('the store must not be touched');
    });
    const watched = mount({ store: { mounts: { shares: { get: spy, set: spy, remove: spy, list: spy } } } as unknown as Store });
    const { token } = await created(await post(mount({ store }), VALID));
    for (const t of ['..%2Fx', 'abcde', 'a'.repeat(200), `${token}=`, `${token.slice(0, -1)}%21`, `${token.slice(0, -1)}.`, '%00', `${token}a`]) {
      const res = await get(watched, t);
      expect(res.status, t).toBe(404);
      expect(res.headers.get('x-robots-tag'), t).toBe('noindex, nofollow');
      expect(await res.json(), t).toMatchObject({ status: 404, detail: 'This is not a share token.' }); // our handler answered
    }
    expect(spy).not.toHaveBeenCalled();
    // `../x` written plainly is resolved by the URL parser and matches no share route.
    expect((await getPath(watched, '/v1/observatory/share/../x')).status).toBe(404);
    expect(spy).not.toHaveBeenCalled();
  });

  it('expiry is enforced on read by the clock, and store.sweep() removes expired shares', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const { store, dataDir } = await fileStore();
    const clock = manualClock();
    const app = mount({ store, now: clock.now });
    const a = await created(await post(app, { ...VALID, ttl_days: 1 }));
    const b = await created(await post(app, { ...VALID, ttl_days: 1 }));
    const kept = await created(await post(app, { ...VALID, ttl_days: 2 }));

    clock.set(T0 + DAY - 1000);
    expect((await get(app, a.token)).status).toBe(200);
    // The handler's clock passes expires_at while the store (on system time) still holds the share.
    clock.set(T0 + DAY);
    expect(await store.mounts.shares.get(a.token)).not.toBeNull();
    const expired = await get(app, a.token);
    expect(expired.status).toBe(404);
    expect(expired.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await store.mounts.shares.get(a.token)).toBeNull(); // removed on that read

    // A day later on the system clock too: the sweep deletes b's file, and keeps the 2-day share.
    vi.setSystemTime(T0 + DAY + 1000);
    const files = () => readdirSync(join(dataDir, 'shares')).filter((f) => f.endsWith('.json'));
    expect(files()).toHaveLength(2);
    expect(await store.sweep()).toBe(1);
    expect(files()).toEqual([`${kept.token}.json`]);
    expect((await get(app, b.token)).status).toBe(404);
    expect((await get(app, kept.token)).status).toBe(200);
  });

  it('survives a restart: a new store on the same DATA_DIR reads the share', async () => {
    const first = await fileStore();
    const { token } = await created(await post(mount({ store: first.store }), VALID));
    await first.store.close();
    const second = await fileStore(first.dataDir);
    const res = await get(mount({ store: second.store }), token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token, location: VALID.location, time: '21:30' });
  });

  it('the 31st creation within a minute from one address is 429 with Retry-After; another address is fine', async () => {
    const { store } = await fileStore();
    const clock = manualClock();
    const app = mount({ store, now: clock.now });
    for (let i = 0; i < 30; i++) {
      clock.advance(1000);
      const res = await post(app, VALID, { ip: '198.51.100.1' });
      expect(res.status).toBe(201);
      expect(res.headers.get('ratelimit-limit')).toBe('30');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(29 - i));
    }
    const limited = await post(app, VALID, { ip: '198.51.100.1' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(limited.headers.get('retry-after')).toBe('31'); // the first creation (at +1 s) leaves the window at +61 s
    expect(limited.headers.get('ratelimit-limit')).toBe('30');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await post(app, VALID, { ip: '198.51.100.2' })).status).toBe(201);
    // Reads are not limited.
    const { token } = await created(await post(app, VALID, { ip: '198.51.100.3' }));
    for (let i = 0; i < 50; i++) expect((await get(app, token)).status).toBe(200);
    // The window rolls: once the first creation is a minute old, one more is allowed.
    clock.advance(31_000);
    expect((await post(app, VALID, { ip: '198.51.100.1' })).status).toBe(201);
    expect((await post(app, VALID, { ip: '198.51.100.1' })).status).toBe(429);
    expect((await store.mounts.shares.list()).length).toBe(33);
  });

  it('no store, or a closed one → 503 with Retry-After on both routes, never a 500', async () => {
    const token = newShareToken();
    for (const app of [
      mount({ store: null }),
      await (async () => {
        const { store } = await fileStore();
        await store.close();
        return mount({ store });
      })(),
    ]) {
      for (const res of [await post(app, VALID), await get(app, token)]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      }
    }
  });

  describe('edge cases', () => {
    it('trims the name, keeps Unicode (accents, CJK, emoji with ZWJ) and the coordinate extremes', async () => {
      const { store } = await fileStore();
      const app = mount({ store, createsPerMinute: 0 });
      for (const [name, stored] of [
        ['  Greenwich  ', 'Greenwich'],
        ['Zürich', 'Zürich'],
        ['東京', '東京'],
        ['👩‍🚀 base', '👩‍🚀 base'],
        ['x'.repeat(120), 'x'.repeat(120)],
      ]) {
        const { token } = await created(await post(app, withLocation({ name })));
        expect(((await (await get(app, token)).json()) as Share).location.name).toBe(stored);
      }
      for (const [lat, lng] of [
        [90, 180],
        [-90, -180],
        [0, 0],
      ]) {
        const { token } = await created(await post(app, withLocation({ lat, lng })));
        expect(((await (await get(app, token)).json()) as Share).location).toMatchObject({ lat, lng });
      }
      for (const time of ['00:00', '23:59']) expect((await post(app, { ...VALID, time })).status).toBe(201);
    });

    it('refuses names that could hide or forge text: C1 controls, bidi overrides, line separators, lone surrogates', async () => {
      const { store } = await fileStore();
      const app = mount({ store, createsPerMinute: 0 });
      for (const name of ['a\u0085b', 'a\u007Fb', '\u202Eevil', 'a\u2028b', 'a\u2066b', 'tab\there']) {
        expect(await fields(await post(app, withLocation({ name }))), JSON.stringify(name)).toEqual(['location.name']);
      }
      const lone = await post(app, null, { raw: JSON.stringify(withLocation({ name: 'PLACEHOLDER' })).replace('PLACEHOLDER', '\\ud800') });
      expect(await fields(lone)).toEqual(['location.name']);
    });

    it('a __proto__ key is just an unknown field; a 64 KiB+ body is 413; null location fields name themselves', async () => {
      const { store } = await fileStore();
      const app = mount({ store, createsPerMinute: 0 });
      const proto = await post(app, null, { raw: JSON.stringify(VALID).replace('{', '{"__proto__":{"admin":true},') });
      expect(await fields(proto)).toEqual(['__proto__']);
      const big = await post(app, { ...VALID, padding: 'x'.repeat(70_000) });
      expect(big.status).toBe(413);
      expect(await fields(await post(app, withLocation({ lat: null, lng: null })))).toEqual(['location.lat', 'location.lng']);
      expect(await store.mounts.shares.list()).toEqual([]);
    });

    it('a damaged or foreign entry under a token is no share (404, not 500)', async () => {
      const { store } = await fileStore();
      const app = mount({ store });
      const t1 = newShareToken();
      const t2 = newShareToken();
      await store.mounts.shares.set(t1, { poster: 'sky' }, { ttlSeconds: 3600 });
      await store.mounts.shares.set(t2, { ...VALID, token: newShareToken(), created_at: 'x', expires_at: '2099-01-01T00:00:00Z' });
      expect((await get(app, t1)).status).toBe(404);
      expect((await get(app, t2)).status).toBe(404);
    });

    it('a client without an address is counted under one shared bucket', async () => {
      const { store } = await fileStore();
      const app = mount({ store, createsPerMinute: 2 });
      expect((await post(app, VALID, { ip: null })).status).toBe(201);
      expect((await post(app, VALID, { ip: null })).status).toBe(201);
      expect((await post(app, VALID, { ip: null })).status).toBe(429);
      expect((await post(app, VALID, { ip: '192.0.2.1' })).status).toBe(201);
    });

    it('X-Forwarded-For is not trusted by default, and a shared limiter keeps its own keys apart', async () => {
      const { store } = await fileStore();
      const limiter = new SlidingWindowLimiter();
      limiter.check('198.51.100.9', 1, T0); // a customer bucket of the same name elsewhere in the app
      const app = mount({ store, createsPerMinute: 1, limiter });
      const spoof = (xff: string) =>
        app.fetch(
          fromIp(
            new Request('http://api.test/v1/observatory/share', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
              body: JSON.stringify(VALID),
            }),
            '198.51.100.9',
          ),
        );
      expect((await spoof('192.0.2.1')).status).toBe(201);
      expect((await spoof('192.0.2.2')).status).toBe(429);
    });

    it('accepts an asynchronous limiter (one shared through Redis has that shape)', async () => {
      const { store } = await fileStore();
      const inner = new SlidingWindowLimiter();
      const keys: string[] = [];
      const limiter = {
        check: async (key: string, limit: number, now: number) => {
          keys.push(key);
          await sleep(1);
          return inner.check(key, limit, now);
        },
      };
      const app = mount({ store, createsPerMinute: 1, limiter });
      expect((await post(app, VALID, { ip: '192.0.2.7' })).status).toBe(201);
      const limited = await post(app, VALID, { ip: '192.0.2.7' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('60');
      expect(keys).toEqual(['share:192.0.2.7', 'share:192.0.2.7']);
    });

    it('a store that rejects with StoreUnavailableError → 503; the failed write is cleaned up', async () => {
      const removed: string[] = [];
      const failing = {
        setCapped: async () => {
          throw new StoreUnavailableError('write shares: Command timed out');
        },
        mounts: {
          shares: {
            get: async () => {
              throw new StoreUnavailableError('read shares: Redis is not connected (reconnecting)');
            },
            set: async () => {
              throw new StoreUnavailableError('write shares: Command timed out');
            },
            remove: async (key: string) => {
              removed.push(key);
            },
            list: async () => [],
          },
        },
      } as unknown as Store;
      const app = mount({ store: failing });
      const res = await post(app, VALID);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(removed).toHaveLength(1);
      expect(removed[0]).toMatch(TOKEN_PATTERN);
      expect((await get(app, newShareToken())).status).toBe(503);
    });

    it('share_url does not double a trailing slash of SITE_URL', async () => {
      const { store } = await fileStore();
      const { token, share_url } = await created(await post(mount({ store, siteUrl: 'https://site.example/' }), VALID));
      expect(share_url).toBe(`https://site.example/observatory/share/${token}/`);
    });
  });
});

// ----- Redis -----------------------------------------------------------------------------------

const hasRedis = redisAvailable();
// With REDIS_URL the store keeps nothing in DATA_DIR.
const unusedDataDir = join(tmpdir(), 'shares-redis-never-created');
let prefixes = 0;
async function redisStore(url: string, options: StoreOptions = {}): Promise<Store> {
  const store = await createStore({ dataDir: unusedDataDir, redisUrl: url }, { warn: () => {}, ...options });
  stores.push(store);
  return store;
}

describe.skipIf(!hasRedis)('observatory shares on Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer({ aof: true });
  });
  afterAll(async () => {
    await redis?.stop();
    expect(existsSync(unusedDataDir)).toBe(false);
  });
  beforeEach(() => {
    prefixes++;
  });

  it('a share created through one instance is read through another, with a native TTL', async () => {
    const a = await redisStore(redis.url, { prefix: `shares${prefixes}` });
    const b = await redisStore(redis.url, { prefix: `shares${prefixes}` });
    // Real time here: the Redis TTL runs on the server's clock.
    const appA = mount({ store: a, now: () => new Date() });
    const appB = mount({ store: b, now: () => new Date() });
    const { token, expires_at } = await created(await post(appA, { ...VALID, ttl_days: 3 }));
    const res = await get(appB, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await res.json()).toMatchObject({ token, expires_at, poster: 'sky', location: VALID.location });
    const ttl = await a.redis!.ttl(a.redisKey('shares', token));
    expect(ttl).toBeGreaterThan(3 * 86_400 - 10);
    expect(ttl).toBeLessThanOrEqual(3 * 86_400);
    const { ttl_days: _, ...withoutTtl } = VALID;
    const { token: t2 } = await created(await post(appB, withoutTtl)); // default 30 days
    expect(await b.redis!.ttl(b.redisKey('shares', t2))).toBeGreaterThan(30 * 86_400 - 10);
  });

  it('Redis killed → create and read answer 503 (not 500); after a restart both work again, nothing lost', async () => {
    const store = await redisStore(redis.url, { prefix: `shares${prefixes}` });
    const app = mount({ store, now: () => new Date(), createsPerMinute: 0 });
    const before = await created(await post(app, VALID));

    await redis.kill();
    for (let i = 0; i < 3; i++) {
      const [c, r] = await Promise.all([post(app, VALID), get(app, before.token)]);
      for (const res of [c, r]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      }
      await sleep(100);
    }

    await redis.restart();
    await eventually(() => store.ping(), 10_000);
    expect((await get(app, before.token)).status).toBe(200);
    const after = await created(await post(app, VALID));
    expect((await get(app, after.token)).status).toBe(200);
    // Only the two successful creations were stored: the refused ones left nothing behind.
    expect((await store.mounts.shares.list()).sort()).toEqual([before.token, after.token].sort());
  });
});
