/**
 * The caps on observatory shares (live shares per client address, live shares in the store) and the
 * sweep that finds what has expired through the expiry index, on the file store (DATA_DIR in a temporary
 * folder) and on a real `redis-server`. The share routes are mounted on a bare h3 app, as in shares.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { H3 } from 'h3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shareRoutes, type ShareRouteDeps } from '../../http/routes/shares.ts';
import { createStore, type Store } from '../../http/store/index.ts';
import { redisAvailable, startRedisServer, type RedisServer } from '../fixtures/redis-server.ts';

const DAY_S = 86_400;
const VALID = { poster: 'sky', date: '2026-12-21', location: { name: 'Greenwich', lat: 51.4769, lng: -0.0005 }, time: '21:30', ttl_days: 1 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function mount(deps: Partial<ShareRouteDeps> & { store: Store }) {
  const app = new H3();
  const { create, read } = shareRoutes({ siteUrl: 'https://site.example', now: () => new Date(), createsPerMinute: 0, ...deps });
  app.post('/v1/observatory/share', create);
  app.get('/v1/observatory/share/:token', read);
  return app;
}

/** A creation from `ip` (srvx sets `req.ip` from the socket; h3's getRequestIP reads it). */
function post(app: H3, ip: string, body: unknown = VALID): Promise<Response> {
  const request = new Request('http://api.test/v1/observatory/share', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  Object.defineProperty(request, 'ip', { value: ip });
  return Promise.resolve(app.fetch(request));
}

const problemOf = async (res: Response) => {
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await res.json()) as { status: number; detail: string };
};

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function fileStore(dataDir: string = mkdtempSync(join(tmpdir(), 'share-caps-'))): Promise<Store> {
  dirs.push(dataDir);
  const store = await createStore({ dataDir, redisUrl: null }, { warn: () => {} });
  stores.push(store);
  return store;
}

const hasRedis = redisAvailable();
let redis: RedisServer | undefined;
let prefixes = 0;
/** A store on the test Redis: a namespace of its own, or the namespace of `sibling` (a second instance). */
async function redisStore(sibling?: Store): Promise<Store> {
  const prefix = sibling ? sibling.redisKey('shares', 'x').slice(0, -':shares:x'.length) : `caps${++prefixes}`;
  const store = await createStore({ dataDir: join(tmpdir(), 'share-caps-redis-unused'), redisUrl: redis!.url }, { prefix, warn: () => {} });
  stores.push(store);
  return store;
}
beforeAll(async () => {
  if (hasRedis) redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

const drivers: [string, (sibling?: Store) => Promise<Store>, boolean][] = [
  ['the file store', (sibling) => (sibling ? Promise.resolve(sibling) : fileStore()), true],
  ['Redis', redisStore, hasRedis],
];

describe.each(drivers)('share caps on %s', (_name, open, available) => {
  it.runIf(available)(
    'an address keeps at most SHARES_PER_ADDRESS live shares: the next is 429 naming the rule, with Retry-After until its first expires',
    async () => {
      const app = mount({ store: await open(), perAddress: 3 });
      for (let i = 0; i < 3; i++) expect((await post(app, '198.51.100.7')).status).toBe(201);
      const refused = await post(app, '198.51.100.7');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      // The first share expires in a day (ttl_days 1): that is when a slot frees.
      const retry = Number(refused.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(DAY_S - 60);
      expect(retry).toBeLessThanOrEqual(DAY_S);
      const { detail } = await problemOf(refused);
      expect(detail).toContain('SHARES_PER_ADDRESS = 3');
      expect(detail).toContain('3 live shares');
      // The same address written as IPv4-mapped IPv6 is the same client; another address is not.
      expect((await post(app, '::ffff:198.51.100.7')).status).toBe(429);
      expect((await post(app, '198.51.100.8')).status).toBe(201);
    },
  );

  it.runIf(available)('an IPv6 client counts by its /64', async () => {
    const app = mount({ store: await open(), perAddress: 2 });
    expect((await post(app, '2001:db8:1:2::a')).status).toBe(201);
    expect((await post(app, '2001:DB8:1:2:ffff:ffff:ffff:b')).status).toBe(201);
    expect((await post(app, '2001:0db8:0001:0002::c')).status).toBe(429); // same /64, written otherwise
    expect((await post(app, '2001:db8:1:3::a')).status).toBe(201); // the next /64
  });

  it.runIf(available)('the store keeps at most SHARES_MAX live shares: the next is 503 naming the rule, with Retry-After', async () => {
    const app = mount({ store: await open(), maxShares: 4 });
    for (let i = 0; i < 4; i++) expect((await post(app, `203.0.113.${i + 1}`)).status).toBe(201);
    const full = await post(app, '203.0.113.99');
    expect(full.status).toBe(503);
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(DAY_S - 60);
    expect((await problemOf(full)).detail).toContain('SHARES_MAX = 4');
  });

  it.runIf(available)('a slot frees when a share expires; concurrent writes of one owner never pass the cap', async () => {
    const store = await open();
    const caps = { owner: 'owner-a', perOwner: 2, total: 0 };
    expect(await store.setCapped('shares', 'a1', { n: 1 }, { ttlSeconds: 1, ...caps })).toEqual({ stored: true });
    expect(await store.setCapped('shares', 'a2', { n: 2 }, { ttlSeconds: 600, ...caps })).toEqual({ stored: true });
    expect(await store.setCapped('shares', 'a3', { n: 3 }, { ttlSeconds: 600, ...caps })).toMatchObject({
      stored: false,
      rule: 'per-owner',
      limit: 2,
      live: 2,
    });
    await sleep(1100);
    expect(await store.setCapped('shares', 'a3', { n: 3 }, { ttlSeconds: 600, ...caps })).toEqual({ stored: true });
    // 40 at once, one owner, cap 10 (two instances on Redis): exactly 10 stored.
    const other = await open(store);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? store : other).setCapped('shares', `b${i}`, { i }, { ttlSeconds: 600, owner: 'owner-b', perOwner: 10, total: 0 }),
      ),
    );
    expect(results.filter((r) => r.stored)).toHaveLength(10);
    expect((await store.mounts.shares.list()).filter((k) => k.startsWith('b'))).toHaveLength(10);
    // A share removed (a write the client was told failed) frees its slot at once.
    const kept = (await store.mounts.shares.list()).find((k) => k.startsWith('b'))!;
    await store.mounts.shares.remove(kept, { owner: 'owner-b' });
    expect((await store.setCapped('shares', 'c1', {}, { ttlSeconds: 600, owner: 'owner-b', perOwner: 10, total: 0 })).stored).toBe(true);
  });
});

/** Read system calls this process has made (Linux: /proc/self/io), a count the sweep's reads add to. */
const readCalls = () => Number(/syscr:\s*(\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))![1]);

describe('the sweep on the file store', () => {
  it.skipIf(!existsSync('/proc/self/io'))('opens only what is due: 1,000 live shares cost it no reads', async () => {
    const store = await fileStore();
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => store.mounts.shares.set(`live${i + j}`, { i: i + j }, { ttlSeconds: 3600 })));
    }
    for (let i = 0; i < 5; i++) await store.mounts.shares.set(`due${i}`, { i }, { ttlSeconds: 0.05 });
    await sleep(100);
    const before = readCalls();
    expect(await store.sweep()).toBe(5);
    // Reading every file (as the sweep did) takes at least two read calls a file: over 2,000 here.
    expect(readCalls() - before).toBeLessThan(200);
    expect((await store.mounts.shares.list()).length).toBe(1000);
    expect(await store.mounts.shares.get('live999')).toEqual({ i: 999 });
  });

  it('indexes shares written before the index once, then sweeps them when due; an owner folder goes with its last share', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.parse('2026-11-22T08:00:00Z');
    vi.setSystemTime(t0);
    const dataDir = mkdtempSync(join(tmpdir(), 'share-caps-legacy-'));
    mkdirSync(join(dataDir, 'shares'), { recursive: true });
    const envelope = (ms: number) => JSON.stringify({ $expires_at: new Date(ms).toISOString(), $value: { poster: 'sky' } });
    writeFileSync(join(dataDir, 'shares', 'old.json'), envelope(t0 + 1000));
    writeFileSync(join(dataDir, 'shares', 'later.json'), envelope(t0 + 2 * DAY_S * 1000));
    const store = await fileStore(dataDir);
    const caps = { owner: 'someone', perOwner: 5, total: 0 };
    await store.setCapped('shares', 'owned', { poster: 'orrery' }, { ttlSeconds: 10, ...caps });
    expect(readdirSync(join(dataDir, '.index', 'owners', 'shares'))).toEqual(['someone']);
    vi.setSystemTime(t0 + 60_000);
    expect(await store.sweep()).toBe(2); // old (written before the index) and owned
    expect(readdirSync(join(dataDir, 'shares')).sort()).toEqual(['later.json']);
    expect(readdirSync(join(dataDir, '.index', 'owners', 'shares'))).toEqual([]);
    vi.setSystemTime(t0 + 3 * DAY_S * 1000);
    expect(await store.sweep()).toBe(1);
    expect(readdirSync(join(dataDir, 'shares'))).toEqual([]);
  });
});

describe.skipIf(!hasRedis)('the sweep on Redis', () => {
  it('values expire natively; the sweep trims the expiry index, and counts shares written before it', async () => {
    const store = await redisStore();
    const client = store.redis!;
    await client.set(store.redisKey('shares', 'before'), '{"poster":"sky"}', 'EX', 3600); // written before the index
    await store.setCapped('shares', 'soon', {}, { ttlSeconds: 1, owner: 'o', perOwner: 0, total: 0 });
    await store.setCapped('shares', 'later', {}, { ttlSeconds: 600, owner: 'o', perOwner: 0, total: 0 });
    await sleep(1100);
    expect(await store.sweep()).toBe(0);
    const index = `${store.redisKey('shares', 'x').slice(0, -':shares:x'.length)}:_expiry:shares`;
    expect((await client.zrange(index, 0, -1)).sort()).toEqual(['before', 'later']);
    expect(await store.setCapped('shares', 'full', {}, { ttlSeconds: 600, owner: 'p', perOwner: 0, total: 2 })).toMatchObject({
      stored: false,
      rule: 'total',
      live: 2,
    });
  });
});
