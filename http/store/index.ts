/**
 * The persistent store, over `unstorage`: five namespaced mounts (`keys`, `usage`, `credits`, `shares`,
 * `cache`) and exact counters, on files under `DATA_DIR` by default (nothing else to run) or, with
 * `REDIS_URL`, in Redis so that every instance sees what any other wrote.
 *
 * ```ts
 * const store = await createStore(settings);            // never throws because Redis is down
 * await store.mounts.shares.set(token, share, { ttlSeconds: 30 * 86_400 });
 * await store.mounts.shares.get<Share>(token);           // → the share, or null (unknown, expired, malformed)
 * store.incr('usage', `${customer}:${month}:${route}`);  // synchronous, buffered; never loses a count
 * await store.counter('usage', `${customer}:${month}:${route}`);   // stored + not yet flushed here
 * await store.counters('usage', `${customer}:${month}`); // { 'acme:2026-11:/v1/time': 12, ... }
 * store.available; await store.ping();                   // readiness
 * setInterval(() => store.sweep(), 60_000);              // file store: deletes expired shares/cache entries
 * await store.close();                                   // flushes every count, then disconnects
 * ```
 *
 * Keys: any string, `:` separating levels (see keys.ts for how they are encoded). Values: anything JSON
 * can hold; `get` returns null for a missing, expired or unparseable entry (the last with a warning).
 * Files: `DATA_DIR/<mount>/<level>/…/<last level>.json`, written atomically (temp file, fsync, rename).
 * Redis: `<prefix>:<mount>:<key>` (prefix `time-api` unless told), values as JSON text, counters as
 * Redis integers, TTL native.
 *
 * Counters (`usage`, `credits`) are batched in memory and flushed every second (`flushIntervalMs`),
 * on `flush()` and on `close()`: a graceful stop loses nothing, a crash at most the last second of
 * counts. Batching, not a round trip per request, because it keeps counting off the request path and
 * keeps counts through a Redis outage (they wait in memory and go out when Redis returns). Redis
 * applies each flushed chunk once, atomically (see redis.ts); the file store applies it under a lock
 * file so a second process on the same folder (the keys CLI) never loses an update. A count read is
 * exact within a process; across instances it may lag the others' last unflushed second.
 *
 * Failure: every operation either succeeds or rejects with `StoreUnavailableError`, fast (no offline
 * queue, 1 s command timeout); `available` turns false while Redis is away, and everything recovers by
 * itself when it returns, without a new store.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createStorage, prefixStorage, type Storage } from 'unstorage';
import type { Redis } from 'ioredis';
import type { Settings } from '../../service/settings.ts';
import { CorruptRecordError, Counters, type CounterMount } from './counters.ts';
import { atomicFsDriver, FsCounterBackend, fsLayout, isFullDisk, listUnder, prepareLayout, readText, SUFFIX, writeAtomic } from './fs.ts';
import { decodeKey, encodeKey } from './keys.ts';
import { createRedisDriver, indexEntries, listIndexed, RedisCounterBackend, waitReady } from './redis.ts';

export { CorruptRecordError } from './counters.ts';

export type { CounterMount } from './counters.ts';
export const MOUNTS = ['keys', 'usage', 'credits', 'shares', 'cache'] as const;
export type MountName = (typeof MOUNTS)[number];
const COUNTER_MOUNTS: readonly string[] = ['usage', 'credits'] satisfies CounterMount[];
/** Mounts whose entries may carry a TTL, and so are swept on the file store. */
const TTL_MOUNTS: readonly MountName[] = ['shares', 'cache'];

export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export interface Mount {
  /** The value, or null when absent or expired; an unreadable record of an accounting mount (keys, usage,
   * credits) rejects with CorruptRecordError (it is never treated as absent, so never overwritten). */
  get<T = unknown>(key: string): Promise<T | null>;
  /** `ttlSeconds`: the entry disappears after that long (Redis TTL; on files, `get` hides it and `sweep` deletes it). */
  set(key: string, value: unknown, options?: { ttlSeconds?: number }): Promise<void>;
  remove(key: string): Promise<void>;
  /** Keys under `prefix` (levels below it), or every key of the mount. */
  list(prefix?: string): Promise<string[]>;
}

export interface Store {
  readonly driver: 'fs' | 'redis';
  /** Last known reachability: Redis connected (live), or the last `ping()` of the file store. */
  readonly available: boolean;
  /** File store: the last write (a flush or a ping) failed because the disk or quota is full. */
  readonly diskFull: boolean;
  /** Deltas held for damaged counter records until they are repaired, by `mount:encodedKey`. */
  heldCounts(): Record<string, number>;
  readonly mounts: Readonly<Record<MountName, Mount>>;
  /** Adds `by` (a whole number, may be negative) to a counter. Buffered; throws only after `close()`. */
  incr(mount: CounterMount, key: string, by?: number): void;
  counter(mount: CounterMount, key: string): Promise<number>;
  counters(mount: CounterMount, prefix?: string): Promise<Record<string, number>>;
  /** Counts accepted by `incr` and not yet stored. */
  readonly unflushed: number;
  flush(): Promise<void>;
  /** File store: deletes expired entries of the TTL mounts and returns how many; Redis: 0 (native TTL). */
  sweep(): Promise<number>;
  /** Readiness probe: files, write and read back a probe; Redis, PING. Never rejects. */
  ping(): Promise<boolean>;
  /** Flushes every count, then releases files and connections. Rejects if counts could not be stored. */
  close(): Promise<void>;
  /**
   * Moves a record aside, as it is, so it can be replaced: files to `DATA_DIR/.quarantine/<mount>/`,
   * Redis to `<prefix>:_quarantine:<mount>:<key>:<time>`. Returns where it went (null: no such record).
   */
  quarantine(mount: MountName, key: string): Promise<string | null>;
  /** The ioredis client (null on files), for the response cache and the rate limiter. */
  readonly redis: Redis | null;
  /** The Redis key of a mount's entry: `<prefix>:<mount>:<encoded key>`. */
  redisKey(mount: MountName, key: string): string;
  /** The unstorage instance underneath (keys as stored, see keys.ts). */
  readonly storage: Storage;
}

export interface StoreOptions {
  /** How often counters are flushed; default 1000 ms (the most a crash may lose). */
  flushIntervalMs?: number;
  /** Redis key prefix; default `time-api`. */
  prefix?: string;
  /** How long `createStore` waits for a first Redis connection before returning an unavailable store; default 2000 ms. */
  connectWaitMs?: number;
  connectTimeoutMs?: number;
  /** Per-command timeout; default 1000 ms. */
  commandTimeoutMs?: number;
  warn?: (message: string) => void;
  onAvailabilityChange?: (available: boolean) => void;
}

interface Envelope { $expires_at: string; $value: unknown }
const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 2 && '$expires_at' in v && '$value' in v;

const text = (raw: unknown): string | null =>
  raw === null || raw === undefined ? null : Buffer.isBuffer(raw) ? raw.toString('utf8') : raw instanceof Uint8Array ? Buffer.from(raw).toString('utf8') : String(raw);

export async function createStore(settings: Pick<Settings, 'dataDir' | 'redisUrl'>, options: StoreOptions = {}): Promise<Store> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const prefix = options.prefix ?? 'time-api';
  const flushIntervalMs = options.flushIntervalMs ?? 1_000;
  const layout = fsLayout(resolve(settings.dataDir));
  let storage: Storage;
  let client: Redis | null = null;
  let backend: RedisCounterBackend | FsCounterBackend;

  if (settings.redisUrl) {
    const redis = createRedisDriver(settings.redisUrl, prefix, {
      connectTimeoutMs: options.connectTimeoutMs ?? 1_000,
      commandTimeoutMs: options.commandTimeoutMs ?? 1_000,
    });
    client = redis.client;
    storage = createStorage({ driver: redis.driver });
    backend = new RedisCounterBackend(client, prefix);
    let last = false;
    const report = (now: boolean) => { if (now !== last) { last = now; options.onAvailabilityChange?.(now); } };
    // Errors surface through operations and `available`; an 'error' event must not go unheard.
    client.on('error', () => {});
    client.on('ready', () => { report(true); void buildIndexOnce(client!, prefix, warn); });
    client.on('close', () => report(false));
    await waitReady(client, options.connectWaitMs ?? 2_000);
  } else {
    await prepareLayout(layout);
    storage = createStorage();
    for (const mount of MOUNTS) storage.mount(mount, atomicFsDriver(join(layout.dataDir, mount), layout.tmpDir));
    backend = new FsCounterBackend(layout);
  }

  const driver = client ? ('redis' as const) : ('fs' as const);
  const suffix = client ? '' : SUFFIX;
  const counters = new Counters(backend, randomUUID(), (error, held) => {
    warn(`store: DAMAGED RECORD ${error.records.join(', ')} (${error.detail}): not overwritten; its counts are held in memory until it is repaired (npm run keys -- check): ${JSON.stringify(held)}`);
  });
  let fsAvailable = true;
  let diskFull = false;
  let closed = false;
  const isAvailable = () => !closed && (client ? client.status === 'ready' : fsAvailable);

  async function guard<T>(what: string, op: () => Promise<T>): Promise<T> {
    if (closed) throw new StoreUnavailableError(`${what}: the store is closed`);
    if (client && client.status !== 'ready') throw new StoreUnavailableError(`${what}: Redis is not connected (${client.status})`);
    try {
      return await op();
    } catch (error) {
      if (error instanceof StoreUnavailableError || error instanceof CorruptRecordError) throw error;
      throw new StoreUnavailableError(`${what}: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    }
  }

  function makeMount(name: MountName): Mount {
    const ns = prefixStorage(storage, name);
    const stored = (key: string) => encodeKey(key) + suffix;
    const accounting = !TTL_MOUNTS.includes(name);
    const indexed = client !== null && accounting;
    const read = async (key: string, shown: string): Promise<{ value: unknown } | null> => {
      const raw = text(await ns.getItemRaw(key));
      if (raw === null) return null;
      try { return { value: JSON.parse(raw) }; } catch {
        if (accounting) throw new CorruptRecordError([`${name}:${shown}`], `is not valid JSON (${JSON.stringify(raw.slice(0, 40))})`);
        warn(`store: ${name}:${key} is not valid JSON; treating it as absent`);
        return null;
      }
    };
    return {
      get: <T>(key: string) => {
        const at = stored(key);
        return guard(`read ${name}`, async () => {
          const found = await read(at, key);
          if (found === null) return null;
          if (!isEnvelope(found.value)) return found.value as T;
          if (!(Date.parse(found.value.$expires_at) > Date.now())) {
            await ns.removeItem(at).catch(() => {});
            return null;
          }
          return found.value.$value as T;
        });
      },
      set: (key, value, { ttlSeconds } = {}) => {
        const at = stored(key);
        if (ttlSeconds !== undefined && !(ttlSeconds > 0 && Number.isFinite(ttlSeconds))) throw new RangeError(`ttlSeconds must be a positive number (got ${ttlSeconds})`);
        const json = JSON.stringify(value);
        if (json === undefined) throw new TypeError(`store: ${name} values must be JSON-serialisable`);
        return guard(`write ${name}`, async () => {
          if (indexed) await Promise.all(indexEntries(prefix, name, at).map(([set, member]) => client!.sadd(set, member)));
          if (ttlSeconds === undefined) await ns.setItem(at, json);
          else if (client) await ns.setItem(at, json, { ttl: Math.ceil(ttlSeconds) });
          else await ns.setItem(at, JSON.stringify({ $expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString(), $value: value }));
        });
      },
      remove: (key) => {
        const at = stored(key);
        return guard(`remove ${name}`, async () => {
          await ns.removeItem(at);
          if (indexed) { const [set, member] = indexEntries(prefix, name, at).at(-1)!; await client!.srem(set, member); }
        });
      },
      list: (under = '') => {
        const base = under === '' ? '' : encodeKey(under);
        return guard(`list ${name}`, async () => {
          // Files: only that part of the tree; Redis: the index sets (the expiring mounts, listed by
          // tests and tools only, are scanned).
          if (!client) return (await listUnder(join(layout.dataDir, name), base)).map(decodeKey);
          if (indexed) return (await listIndexed(client, prefix, name, base)).map(decodeKey);
          const keys = await ns.getKeys(base);
          return keys.filter((k) => k.endsWith(suffix)).map((k) => decodeKey(k.slice(0, k.length - suffix.length)));
        });
      },
    };
  }

  const mounts = Object.fromEntries(MOUNTS.map((m) => [m, makeMount(m)])) as Record<MountName, Mount>;
  const checkCounterMount = (mount: string) => {
    if (!COUNTER_MOUNTS.includes(mount)) throw new TypeError(`store: ${mount} is not a counter mount (usage, credits)`);
  };

  let failing = false;
  const timer = setInterval(() => {
    if (counters.unflushed === 0 || (client && client.status !== 'ready')) return;
    counters.flush().then(
      () => { diskFull = false; if (failing) { failing = false; warn('store: counters are being stored again'); } },
      (error) => {
        diskFull = !client && isFullDisk(error);
        if (!failing) { failing = true; warn(`store: counters could not be stored, retrying every ${flushIntervalMs} ms: ${error?.message ?? error}`); }
      },
    );
  }, flushIntervalMs);
  timer.unref();

  const store: Store = {
    driver,
    get available() { return isAvailable(); },
    get diskFull() { return diskFull; },
    heldCounts: () => counters.heldDeltas(),
    mounts,
    incr(mount, key, by = 1) {
      checkCounterMount(mount);
      if (!Number.isSafeInteger(by)) throw new RangeError(`store: incr needs a whole number (got ${by})`);
      if (closed) throw new StoreUnavailableError('incr: the store is closed');
      counters.incr(mount, encodeKey(key), by);
    },
    counter(mount, key) {
      checkCounterMount(mount);
      const at = encodeKey(key);
      return guard(`read ${mount} counter`, () => counters.read(mount, at));
    },
    counters(mount, prefix = '') {
      checkCounterMount(mount);
      const base = prefix === '' ? '' : `${encodeKey(prefix)}:`;
      return guard(`read ${mount} counters`, async () => {
        const keys = new Set(await mounts[mount].list(prefix));
        for (const at of counters.unstoredKeys(mount)) if (at.startsWith(base)) keys.add(decodeKey(at));
        const entries = await Promise.all([...keys].map(async (k) => [k, await counters.read(mount, encodeKey(k))] as const));
        return Object.fromEntries(entries);
      });
    },
    get unflushed() { return counters.unflushed; },
    flush: () => guard('flush counters', () => counters.flush()),
    async sweep() {
      if (client) return 0;
      return guard('sweep', async () => {
        let removed = 0;
        const now = Date.now();
        for (const name of TTL_MOUNTS) {
          const ns = prefixStorage(storage, name);
          for (const key of await ns.getKeys('')) {
            const raw = text(await ns.getItemRaw(key).catch(() => null));
            let value: unknown;
            try { value = raw === null ? null : JSON.parse(raw); } catch { continue; }
            if (isEnvelope(value) && !(Date.parse(value.$expires_at) > now)) { await ns.removeItem(key); removed++; }
          }
        }
        return removed;
      });
    },
    async ping() {
      if (closed) return false;
      if (client) {
        if (client.status !== 'ready') return false;
        return client.ping().then((reply) => reply === 'PONG', () => false);
      }
      const probe = join(layout.dataDir, '.health');
      const nonce = randomUUID();
      fsAvailable = await writeAtomic(layout.tmpDir, probe, nonce).then(() => readText(probe)).then((got) => {
        diskFull = false;
        return got === nonce;
      }, (error) => {
        diskFull = isFullDisk(error);
        return false;
      });
      return fsAvailable;
    },
    async close() {
      if (closed) return;
      clearInterval(timer);
      let failure: unknown = null;
      if (counters.unflushed > 0) await store.flush().catch((error) => { failure = error; });
      const lost = counters.unflushed;
      const held = counters.heldDeltas();
      if (!failure && Object.keys(held).length) {
        failure = new CorruptRecordError(Object.keys(held), `their counts could not be stored: ${JSON.stringify(held)}`);
      }
      closed = true;
      if (client) {
        await client.quit().catch(() => {});
        client.disconnect();
      }
      await storage.dispose().catch(() => {});
      if (failure) throw new StoreUnavailableError(`close: ${lost} counted unit(s) could not be stored: ${(failure as Error).message}`, { cause: failure });
    },
    quarantine: (mount, key) => guard(`quarantine ${mount}`, async () => {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      if (client) {
        const from = `${prefix}:${mount}:${encodeKey(key)}`;
        const to = `${prefix}:_quarantine:${mount}:${encodeKey(key)}:${stamp}`;
        if (!(await client.exists(from))) return null;
        await client.rename(from, to);
        return to;
      }
      const from = join(layout.dataDir, mount, ...encodeKey(key).split(':')) + SUFFIX;
      const to = join(layout.dataDir, '.quarantine', mount, `${encodeKey(key).replace(/:/g, '~')}.${stamp}${SUFFIX}`);
      if ((await readText(from)) === null) return null;
      await mkdir(dirname(to), { recursive: true });
      await rename(from, to);
      return to;
    }),
    redis: client,
    redisKey: (mount, key) => `${prefix}:${mount}:${encodeKey(key)}`,
    storage,
  };
  return store;
}

/**
 * Stores written before the index existed: one SCAN builds it (once per Redis, marked by
 * `<prefix>:_idx:version`); every later write keeps it current.
 */
async function buildIndexOnce(client: Redis, prefix: string, warn: (message: string) => void): Promise<void> {
  if (client.status !== 'ready') return;
  try {
    if (await client.get(`${prefix}:_idx:version`)) return;
    for (const mount of MOUNTS.filter((m) => !TTL_MOUNTS.includes(m))) {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:${mount}:*`, 'COUNT', 1000);
        cursor = next;
        const adds = keys.flatMap((k) => indexEntries(prefix, mount, k.slice(prefix.length + mount.length + 2)));
        await Promise.all(adds.map(([set, member]) => client.sadd(set, member)));
      } while (cursor !== '0');
    }
    await client.set(`${prefix}:_idx:version`, '1');
  } catch (error) {
    warn(`store: the key index could not be built yet: ${(error as Error).message}`);
  }
}
