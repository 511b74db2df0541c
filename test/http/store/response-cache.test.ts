import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../../../http/store/index.ts';
import { createResponseCache } from '../../../http/store/response-cache.ts';
import { entryBytes, MAX_CACHED_BODY_BYTES, MemoryCache } from '../../../http/middleware/cache.ts';
import { redisAvailable, startRedisServer, type RedisServer } from '../../fixtures/redis-server.ts';

const hasRedis = redisAvailable();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dataDir = mkdtempSync(join(tmpdir(), 'cache-'));
const open: Store[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close().catch(() => {})));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function store(redisUrl: string | null, prefix = 'cache-test'): Promise<Store> {
  const s = await createStore({ dataDir, redisUrl }, { prefix, warn: () => {} });
  open.push(s);
  return s;
}

async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe('in-process modes', () => {
  it('memory answers synchronously and stays bounded, least recently used first out', () => {
    const two = entryBytes('a', '{"a":1}') * 2;
    const cache = createResponseCache('memory', null, { maxBytes: two });
    expect(cache.mode).toBe('memory');
    expect(cache.degraded).toBe(false);
    cache.set('a', '{"a":1}');
    cache.set('b', '{"b":1}');
    expect(cache.get('a')).toBe('{"a":1}'); // a is now the most recent
    cache.set('c', '{"c":1}');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('{"a":1}');
  });

  it('memory is bounded in bytes, not entries: unique large answers never hold more than the budget', () => {
    // Before: 10,000 entries whatever their size; unique 100-point batches reached 1.9 GB.
    const cache = new MemoryCache(8 * 1024 * 1024);
    const body = 'x'.repeat(30_000); // about a 100-point batch answer
    for (let i = 0; i < 5_000; i++) cache.set(`POST /v1/time/batch ${i} ${'p'.repeat(4_000)}`, body);
    expect(cache.bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(cache.size).toBeGreaterThan(50);
    expect(cache.get(`POST /v1/time/batch 4999 ${'p'.repeat(4_000)}`)).toBe(body);
    // A body over MAX_CACHED_BODY_BYTES is answered but never stored; replacing an entry keeps the count right.
    cache.set('huge', 'y'.repeat(MAX_CACHED_BODY_BYTES));
    expect(cache.get('huge')).toBeUndefined();
    const before = cache.bytes;
    cache.set(`POST /v1/time/batch 4999 ${'p'.repeat(4_000)}`, body);
    expect(cache.bytes).toBe(before);
  });

  it('off never stores', () => {
    const cache = createResponseCache('off', null);
    cache.set('a', 'x');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.mode).toBe('off');
  });
});

describe.skipIf(!hasRedis)('redis mode', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer({ aof: true });
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('is shared by instances, with a TTL on every entry', async () => {
    const a = createResponseCache('redis', await store(redis.url));
    const b = createResponseCache('redis', await store(redis.url));
    await a.set('GET /v1/geo/distance?a=1', '{"distance_km":1}');
    expect(await b.get('GET /v1/geo/distance?a=1')).toBe('{"distance_km":1}');
    expect(await b.get('GET /v1/geo/distance?a=2')).toBeUndefined();
    await b.set('short', 'x', 60);
    const s = await store(redis.url);
    expect(await s.redis!.ttl(s.redisKey('cache', 'ignored'))).toBe(-2);
    const keys = await s.redis!.keys('cache-test:cache:*');
    const ttls = await Promise.all(keys.map((k) => s.redis!.ttl(k)));
    expect(ttls.sort((x, y) => x - y)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(ttls[0]).toBeGreaterThan(50);
    expect(ttls[0]).toBeLessThanOrEqual(60);
    expect(ttls[1]).toBeGreaterThan(86_000);
  });

  it('degrades to memory while Redis is down and returns to Redis by itself', async () => {
    const s = await store(redis.url);
    const cache = createResponseCache('redis', s);
    await cache.set('shared', 'from-redis');
    await redis.kill();
    const started = Date.now();
    await cache.get('shared'); // whatever it answers, it answers
    await eventually(() => cache.degraded, 2000);
    expect(cache.get('shared')).toBeUndefined(); // memory has never seen it
    cache.set('local', 'from-memory');
    expect(cache.get('local')).toBe('from-memory');
    expect(Date.now() - started).toBeLessThan(2000);

    await redis.restart();
    await eventually(() => !cache.degraded, 10_000);
    expect(await cache.get('shared')).toBe('from-redis'); // kept by the append-only file
    expect(await cache.get('local')).toBeUndefined();
  });
});

describe.skipIf(!hasRedis)('edge cases', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    redis?.resume();
    await redis?.stop();
  });

  it('refuses redis mode without a Redis store', async () => {
    expect(() => createResponseCache('redis', null)).toThrow(/REDIS_URL/);
    expect(() => createResponseCache('redis', null as unknown as Store)).toThrow();
    const fileStore = await createStore({ dataDir, redisUrl: null }, { warn: () => {} });
    open.push(fileStore);
    expect(() => createResponseCache('redis', fileStore)).toThrow(/REDIS_URL/);
  });

  it('answers from memory within its timeout when Redis hangs without closing the connection', async () => {
    const s = await store(redis.url, 'frozen');
    const cache = createResponseCache('redis', s, { timeoutMs: 200, backoffMs: 60_000 });
    redis.pause();
    try {
      const started = Date.now();
      expect(cache.degraded).toBe(false);
      await cache.set('k', 'v'); // falls back to memory after the timeout
      expect(Date.now() - started).toBeLessThan(1000);
      // From now on memory answers at once, without waiting on Redis again.
      expect(cache.degraded).toBe(true);
      expect(cache.get('k')).toBe('v');
      // The store itself gives up after its command timeout.
      const t = Date.now();
      await expect(s.mounts.keys.get('x')).rejects.toMatchObject({ name: 'StoreUnavailableError' });
      expect(Date.now() - t).toBeLessThan(2000);
    } finally {
      redis.resume();
    }
    await eventually(() => s.ping(), 10_000);
    expect(await s.mounts.keys.get('x')).toBeNull();
  });
});
