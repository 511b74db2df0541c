/**
 * The store on a real `redis-server` (Debian package, started by the fixture on a free loopback port):
 * two stores on one Redis stand for two instances of the service behind a load balancer.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CorruptRecordError, createStore, StoreUnavailableError, type Store, type StoreOptions } from '../../../http/store/index.ts';
import { RedisCounterBackend } from '../../../http/store/redis.ts';
import { redisAvailable, startRedisServer, type RedisServer } from '../../fixtures/redis-server.ts';

const hasRedis = redisAvailable();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// With REDIS_URL the store keeps nothing in DATA_DIR; a path that does not exist shows it.
const dataDir = join(tmpdir(), 'store-redis-never-created');
const open: Store[] = [];
let prefixes = 0;

async function redisStore(url: string, options: StoreOptions = {}): Promise<Store> {
  const store = await createStore({ dataDir, redisUrl: url }, { flushIntervalMs: 60_000, warn: () => {}, ...options });
  open.push(store);
  return store;
}

/** Polls `check` until it holds, for at most `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close().catch(() => {})));
});
afterAll(() => expect(existsSync(dataDir)).toBe(false));

describe.skipIf(!hasRedis)('Redis store, two instances on one Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('shares values and counters between instances', async () => {
    const prefix = `t${++prefixes}`;
    const a = await redisStore(redis.url, { prefix });
    const b = await redisStore(redis.url, { prefix });
    expect(a.driver).toBe('redis');
    expect(a.available).toBe(true);
    await a.mounts.keys.set('hash:abc', { customer: 'acme' });
    expect(await b.mounts.keys.get('hash:abc')).toEqual({ customer: 'acme' });
    a.incr('usage', 'acme:2026-11:/v1/time', 3);
    b.incr('usage', 'acme:2026-11:/v1/time', 4);
    b.incr('usage', 'acme:2026-11:/v1/geo/distance');
    await Promise.all([a.flush(), b.flush()]);
    expect(await a.counter('usage', 'acme:2026-11:/v1/time')).toBe(7);
    expect(await b.counters('usage', 'acme:2026-11')).toEqual({ 'acme:2026-11:/v1/time': 7, 'acme:2026-11:/v1/geo/distance': 1 });
    // A counter is an ordinary entry of its mount too.
    expect(await b.mounts.usage.get('acme:2026-11:/v1/time')).toBe(7);
    await b.mounts.keys.remove('hash:abc');
    expect(await a.mounts.keys.get('hash:abc')).toBeNull();
    expect(await a.ping()).toBe(true);
    expect(await a.sweep()).toBe(0);
  });

  it('counts 1,000 parallel increments split across both instances exactly', async () => {
    const prefix = `t${++prefixes}`;
    const a = await redisStore(redis.url, { prefix, flushIntervalMs: 5 });
    const b = await redisStore(redis.url, { prefix, flushIntervalMs: 7 });
    await Promise.all(
      Array.from({ length: 1000 }, async (_, i) => {
        await sleep(i % 13);
        (i % 2 ? a : b).incr('usage', 'acme:2026-11:total');
      }),
    );
    await Promise.all([a.close(), b.close()]);
    const c = await redisStore(redis.url, { prefix });
    expect(await c.counter('usage', 'acme:2026-11:total')).toBe(1000);
  });

  it('expires entries with Redis TTL', async () => {
    const store = await redisStore(redis.url, { prefix: `t${++prefixes}` });
    await store.mounts.shares.set('tok', { poster: 'sky' }, { ttlSeconds: 1 });
    await store.mounts.shares.set('kept', { poster: 'sky' }, { ttlSeconds: 3600 });
    expect(await store.mounts.shares.get('tok')).toEqual({ poster: 'sky' });
    const ttl = await store.redis!.ttl(store.redisKey('shares', 'kept'));
    expect(ttl).toBeGreaterThan(3500);
    await sleep(1300);
    expect(await store.mounts.shares.get('tok')).toBeNull();
    expect(await store.mounts.shares.list()).toEqual(['kept']);
  });
});

describe.skipIf(!hasRedis)('Redis going away and coming back', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer({ aof: true });
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('fails fast while Redis is down, keeps counts, and recovers on the same store', async () => {
    const changes: boolean[] = [];
    const store = await redisStore(redis.url, { prefix: 'outage', onAvailabilityChange: (up) => changes.push(up) });
    await store.mounts.shares.set('tok', { poster: 'sky' });
    store.incr('usage', 'acme:total', 5);
    await store.flush();

    await redis.kill();
    // Whatever state the connection is in at this instant, every operation settles quickly.
    const started = Date.now();
    const results = await Promise.allSettled([
      store.mounts.shares.get('tok'),
      store.mounts.keys.set('k', 1),
      store.counter('usage', 'acme:total'),
      store.mounts.keys.list(),
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
    }
    await eventually(() => !store.available, 2000);
    expect(await store.ping()).toBe(false);
    const fast = Date.now();
    await expect(store.mounts.shares.list()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.flush()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - fast).toBeLessThan(500);
    // Counting goes on in memory while Redis is away.
    store.incr('usage', 'acme:total', 2);
    expect(store.unflushed).toBe(2);

    await redis.restart();
    await eventually(() => store.ping(), 10_000);
    expect(store.available).toBe(true);
    expect(await store.mounts.shares.get('tok')).toEqual({ poster: 'sky' });
    await store.flush();
    expect(await store.counter('usage', 'acme:total')).toBe(7);
    expect(changes).toEqual([true, false, true]);
  });

  it('starts unavailable when Redis is down at start-up, then connects by itself', async () => {
    await redis.stop({ keepDir: true });
    const started = Date.now();
    const store = await redisStore(redis.url, { prefix: 'late', connectWaitMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(store.available).toBe(false);
    await expect(store.mounts.keys.get('k')).rejects.toBeInstanceOf(StoreUnavailableError);
    store.incr('credits', 'acme', 10);
    await redis.restart();
    await eventually(() => store.available, 10_000);
    await store.close();
    const again = await redisStore(redis.url, { prefix: 'late' });
    expect(await again.counter('credits', 'acme')).toBe(10);
  });

  it('says how many counts a close could not store when Redis is down, without hanging', async () => {
    const store = await redisStore(redis.url, { prefix: 'lost' });
    store.incr('usage', 'acme:total', 3);
    await redis.kill();
    const started = Date.now();
    const closing = store.close();
    await expect(closing).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(closing).rejects.toThrow(/3 counted unit\(s\) could not be stored/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(store.available).toBe(false);
    await redis.restart();
  });
});

describe.skipIf(!hasRedis)('edge cases', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('applies a counter chunk at most once, even when it is sent again', async () => {
    const store = await redisStore(redis.url, { prefix: 'once' });
    const backend = new RedisCounterBackend(store.redis!, 'once');
    const marks = { begin: () => {}, end: () => {} };
    const entries = new Map([['usage\0acme', 5]]);
    // The same chunk twice (its reply lost with the connection): counted once.
    await backend.apply({ id: 'instance-1:1', entries: new Map(entries) }, marks);
    await backend.apply({ id: 'instance-1:1', entries: new Map(entries) }, marks);
    expect(await store.counter('usage', 'acme')).toBe(5);
  });

  it('never overwrites a counter that holds something other than a whole number: holds its counts, reports once, lands after repair', async () => {
    const warnings: string[] = [];
    const store = await redisStore(redis.url, { prefix: 'bad', warn: (m) => warnings.push(m) });
    await store.redis!.set('bad:credits:balance:acme', '98185\0garbage');
    await expect(store.counter('credits', 'balance:acme')).rejects.toBeInstanceOf(CorruptRecordError);
    store.incr('credits', 'balance:acme', 10);
    store.incr('usage', 'acme', 3);
    await store.flush();
    expect(await store.redis!.get('bad:credits:balance:acme')).toBe('98185\0garbage');
    expect(await store.counter('usage', 'acme')).toBe(3);
    expect(store.heldCounts()).toEqual({ 'credits:balance:acme': 10 });
    expect(warnings.filter((w) => w.includes('DAMAGED RECORD'))).toHaveLength(1);
    await store.redis!.set('bad:credits:balance:acme', '981854');
    await store.flush();
    expect(await store.counter('credits', 'balance:acme')).toBe(981_864);
  });

  it('lists keys from index sets, not by scanning: 200,000 unrelated keys cost nothing', async () => {
    const store = await redisStore(redis.url, { prefix: 'idx' });
    for (const c of ['acme', 'beta']) await store.mounts.keys.set(`customer:${c}`, { c });
    store.incr('usage', 'acme:2026-11:GET /v1/time', 2);
    store.incr('usage', 'acme:2026-11:POST /mcp', 1);
    store.incr('usage', 'beta:2026-11:GET /v1/time', 5);
    await store.flush();
    // 200,000 cache-like keys in the same Redis: listing reads only the sets it needs. Written 10,000 a
    // command (MSET): 200,000 pipelined SETs each ran against the store's 1 s command timeout, which a
    // busy machine's Redis missed while working through the queue.
    for (let from = 0; from < 200_000; from += 10_000) {
      await store.redis!.mset(Array.from({ length: 10_000 }, (_, i) => [`idx:cache:${from + i}`, 'x']).flat());
    }
    expect(await store.redis!.dbsize()).toBeGreaterThanOrEqual(200_000);
    const scans = async () => Number((await store.redis!.info('commandstats')).match(/cmdstat_scan:calls=(\d+)/)?.[1] ?? 0);
    const before = await scans();
    expect((await store.mounts.keys.list('customer')).sort()).toEqual(['customer:acme', 'customer:beta']);
    expect(await store.counters('usage', 'acme:2026-11')).toEqual({ 'acme:2026-11:GET /v1/time': 2, 'acme:2026-11:POST /mcp': 1 });
    expect(await scans()).toBe(before);
    await store.mounts.keys.remove('customer:beta');
    expect(await store.mounts.keys.list('customer')).toEqual(['customer:acme']);
  });

  it('keeps instances with different prefixes apart, and awkward keys intact', async () => {
    const a = await redisStore(redis.url, { prefix: 'app-a' });
    const b = await redisStore(redis.url, { prefix: 'app-b' });
    const keys = ['q?x=1', 'sl/ash', '', '..', 'a:b', 'a', '*glob[1]', 'ü 🌍'];
    for (const k of keys) await a.mounts.keys.set(k, k);
    for (const k of keys) expect(await a.mounts.keys.get(k)).toBe(k);
    expect((await a.mounts.keys.list()).sort()).toEqual([...keys].sort());
    expect(await b.mounts.keys.list()).toEqual([]);
    expect(await a.mounts.keys.list('a')).toEqual(['a:b']);
  });

  it('stops cleanly: close flushes, later calls reject', async () => {
    const store = await redisStore(redis.url, { prefix: 'close' });
    store.incr('usage', 'x', 9);
    await store.close();
    await expect(store.counter('usage', 'x')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await store.ping()).toBe(false);
    const again = await redisStore(redis.url, { prefix: 'close' });
    expect(await again.counter('usage', 'x')).toBe(9);
  });
});
