/**
 * The response cache behind `TIME_API_CACHE`, with room for a shared one: `get` and `set` may answer
 * synchronously (memory, off) or with a promise (redis), so the app awaits `get` and need not await `set`.
 *
 * `redis` keeps bodies in the store's `cache` mount (`<prefix>:cache:<sha256 of the key>`, raw body text,
 * default TTL one day so a deploy with new time-zone data never serves old answers for long). While Redis
 * is away it answers from an in-process MemoryCache instead and says so with `degraded: true`. A Redis
 * call that fails or takes longer than `timeoutMs` (a Redis that hangs without closing the connection)
 * falls back for that call and keeps the cache on memory for `backoffMs`, so a frozen Redis costs one
 * slow request every few seconds, not every request. It returns to Redis by itself once the store is
 * connected again. Neither `get` nor `set` ever rejects: a lost cache write is only a later miss.
 */
import { createHash } from 'node:crypto';
import { MAX_CACHED_BODY_BYTES, MemoryCache } from '../middleware/cache.ts';
import type { CacheMode } from '../../service/settings.ts';
import type { Store } from './index.ts';

export interface AsyncResponseCache {
  readonly mode: CacheMode;
  /** True while a shared cache is unreachable and this process answers from memory instead. */
  readonly degraded: boolean;
  get(key: string): Promise<string | undefined> | string | undefined;
  set(key: string, body: string, ttlSeconds?: number): Promise<void> | void;
}

export interface ResponseCacheOptions {
  /** Bytes of the in-process cache (the `memory` mode, and the fallback of `redis`); default 64 MiB. */
  maxBytes?: number;
  /** Default TTL of a Redis entry; default 86,400 s. */
  ttlSeconds?: number;
  /** Longest wait for Redis before answering from memory; default 300 ms. */
  timeoutMs?: number;
  /** How long to stay on memory after a failed or slow Redis call; default 2000 ms. */
  backoffMs?: number;
}

export function createResponseCache(mode: CacheMode, store: Store | null, options: ResponseCacheOptions = {}): AsyncResponseCache {
  if (mode === 'off') return { mode: 'off', degraded: false, get: () => undefined, set: () => {} };
  const memory = new MemoryCache(options.maxBytes);
  if (mode === 'memory') {
    return { mode: 'memory', degraded: false, get: (key) => memory.get(key), set: (key, body) => memory.set(key, body) };
  }
  if (!store?.redis) throw new Error('TIME_API_CACHE=redis needs a store connected to REDIS_URL');
  return new RedisResponseCache(store, memory, options);
}

class RedisResponseCache implements AsyncResponseCache {
  readonly mode = 'redis' as const;
  private readonly ttlSeconds: number;
  private readonly timeoutMs: number;
  private readonly backoffMs: number;
  private retryAt = 0;

  constructor(
    private readonly store: Store,
    private readonly memory: MemoryCache,
    options: ResponseCacheOptions,
  ) {
    this.ttlSeconds = options.ttlSeconds ?? 86_400;
    this.timeoutMs = options.timeoutMs ?? 300;
    this.backoffMs = options.backoffMs ?? 2_000;
  }

  get degraded(): boolean {
    return !this.store.available || Date.now() < this.retryAt;
  }

  private key(key: string): string {
    return this.store.redisKey('cache', createHash('sha256').update(key).digest('base64url'));
  }

  /** The Redis reply, or `fallback` when Redis is away, fails, or is slower than `timeoutMs`. */
  private within<T>(op: () => Promise<T>, fallback: () => T): Promise<T> {
    return new Promise<T>((resolve) => {
      const fail = () => {
        this.retryAt = Date.now() + this.backoffMs;
        resolve(fallback());
      };
      const timer = setTimeout(fail, this.timeoutMs);
      op().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        () => {
          clearTimeout(timer);
          fail();
        },
      );
    });
  }

  get(key: string): Promise<string | undefined> | string | undefined {
    if (this.degraded) return this.memory.get(key);
    return this.within(
      async () => (await this.store.redis!.get(this.key(key))) ?? undefined,
      () => this.memory.get(key),
    );
  }

  set(key: string, body: string, ttlSeconds = this.ttlSeconds): Promise<void> | void {
    if (body.length * 2 > MAX_CACHED_BODY_BYTES) return; // as in memory: large bodies are not kept
    if (this.degraded) return this.memory.set(key, body);
    const ttl = Math.max(1, Math.ceil(ttlSeconds));
    return this.within(
      async () => {
        await this.store.redis!.set(this.key(key), body, 'EX', ttl);
      },
      () => this.memory.set(key, body),
    );
  }
}
