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
 * await store.setCapped('shares', token, share, { ttlSeconds, owner, perOwner: 1000, total: 100_000 });
 * setInterval(() => store.sweep(), 60_000);              // deletes what has expired (files), trims the expiry index
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
 * counts (with `reserveBytes`, also while the disk is full: reserve.ts, flusher.ts). Batching, not a
 * round trip per request, because it keeps counting off the request path and keeps counts through a
 * Redis outage (they wait in memory and go out when Redis returns). Redis
 * applies each flushed chunk once, atomically (see redis.ts); the file store applies it under a lock
 * file so a second process on the same folder (the keys CLI, a worker) never loses an update, and npm
 * start's workers take credits at once under it (`take`). A count read is exact within a process;
 * across processes it may lag the others' last unflushed second.
 *
 * Failure: every operation either succeeds or rejects with `StoreUnavailableError`, fast (no offline
 * queue, 1 s command timeout); `available` turns false while Redis is away, and everything recovers by
 * itself when it returns, without a new store.
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createStorage, type Storage } from 'unstorage';
import type { Redis } from 'ioredis';
import type { Settings } from '../../service/settings.ts';
import { Counters, type CounterMount } from './counters.ts';
import { CorruptRecordError, StoreUnavailableError } from './errors.ts';
import { checkOwner, FsExpiryIndex } from './expiry.ts';
import { atomicFsDriver, FsCounterBackend, fsLayout, isFullDisk, keyPath, prepareLayout, readText, SUFFIX, writeAtomic } from './fs.ts';
import { decodeKey, encodeKey } from './keys.ts';
import { Flusher } from './flusher.ts';
import { dueFile, makeMount } from './mount.ts';
import { buildIndexOnce, createRedisDriver, RedisCounterBackend, redisExpiryKey, redisIndexOnce, redisSetCapped, waitReady } from './redis.ts';
import { CountsReserve } from './reserve.ts';
import { quarantine } from './quarantine.ts';
import { MOUNTS, TTL_MOUNTS, type Mount, type MountName, type Store, type StoreOptions } from './types.ts';

export { CorruptRecordError, StoreUnavailableError } from './errors.ts';
export type { CounterMount } from './counters.ts';
export { MOUNTS, type Mount, type MountName, type Store, type StoreOptions } from './types.ts';

const COUNTER_MOUNTS: readonly string[] = ['usage', 'credits'] satisfies CounterMount[];

type StoreSettings = Pick<Settings, 'dataDir' | 'redisUrl'> & Partial<Pick<Settings, 'workers'>>;
export async function createStore(settings: StoreSettings, options: StoreOptions = {}): Promise<Store> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const prefix = options.prefix ?? 'time-api';
  const flushIntervalMs = options.flushIntervalMs ?? 1_000;
  const layout = fsLayout(resolve(settings.dataDir));
  let storage: Storage;
  let client: Redis | null = null;
  let backend: RedisCounterBackend | FsCounterBackend;

  if (settings.redisUrl) {
    const redis = await createRedisDriver(settings.redisUrl, prefix, {
      connectTimeoutMs: options.connectTimeoutMs ?? 1_000,
      commandTimeoutMs: options.commandTimeoutMs ?? 1_000,
    });
    client = redis.client;
    storage = createStorage({ driver: redis.driver });
    backend = new RedisCounterBackend(client, prefix);
    let last = false;
    const report = (now: boolean) => {
      if (now !== last) {
        last = now;
        options.onAvailabilityChange?.(now);
      }
    };
    // Errors surface through operations and `available`; an 'error' event must not go unheard.
    client.on('error', () => {});
    client.on('ready', () => {
      report(true);
      void buildIndexOnce(client!, prefix, warn);
    });
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
    warn(
      `store: DAMAGED RECORD ${error.records.join(', ')} (${error.detail}): not overwritten; its counts are held in memory until it is repaired (npm run keys -- check): ${JSON.stringify(held)}`,
    );
  });
  let fsAvailable = true;
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

  const expiry: Partial<Record<MountName, FsExpiryIndex>> = {};
  if (!client) for (const name of TTL_MOUNTS) expiry[name] = new FsExpiryIndex(layout, name, join(layout.dataDir, name));
  // Before any write: entries of a store older than the index are indexed once (reading each file once).
  for (const index of Object.values(expiry))
    await index.buildOnce().catch((error) => warn(`store: expiring entries could not be indexed yet: ${error?.message}`));
  let sharesIndexed: Promise<void> | null = null;
  const mountContext = { storage, client, prefix, layout, suffix, warn, guard, expiry };
  const mounts = Object.fromEntries(MOUNTS.map((m) => [m, makeMount(m, mountContext)])) as Record<MountName, Mount>;
  const checkCounterMount = (mount: string) => {
    if (!COUNTER_MOUNTS.includes(mount)) throw new TypeError(`store: ${mount} is not a counter mount (usage, credits)`);
  };

  let reserve: CountsReserve | null = null;
  if (!client && options.reserveBytes) {
    try {
      const opened = await CountsReserve.open(layout, options.reserveBytes, warn);
      reserve = opened.reserve;
      for (const [entry, delta] of opened.recovered)
        counters.incr(entry.slice(0, entry.indexOf('\0')) as CounterMount, entry.slice(entry.indexOf('\0') + 1), delta);
      if (opened.recovered.length) warn(`store: ${opened.recovered.length} counts a stopped process kept in the reserve are counted again`);
    } catch (error) {
      warn(`store: no counts reserve (${(error as Error).message}): counts a full disk keeps from being stored are held in memory only`);
    }
  }
  const flusher = new Flusher(counters, { client, reserve, dataDir: layout.dataDir, intervalMs: flushIntervalMs, warn });
  if (counters.unflushed > 0) flusher.flush().catch(() => {});

  const store: Store = {
    driver,
    get available() {
      return isAvailable();
    },
    get diskFull() {
      return flusher.diskFull;
    },
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
    get unflushed() {
      return counters.unflushed;
    },
    flush: () => guard('flush counters', () => flusher.flush()),
    // A worker of several (npm start's WORKERS > 1) on files takes credits at once, under the lock.
    take: !(backend instanceof FsCounterBackend && (options.sharedCounters ?? (cluster.isWorker && (settings.workers ?? 1) > 1)))
      ? undefined
      : (mount, key, by, force) => {
          checkCounterMount(mount);
          const [fs, at] = [backend as FsCounterBackend, encodeKey(key)];
          return guard(`take ${mount}`, () => fs.take(mount, at, by, force, () => counters.unstoredOf(mount, at), counters.marks));
        },
    async sweep() {
      return guard('sweep', async () => {
        const now = Date.now();
        if (client) {
          sharesIndexed ??= redisIndexOnce(client, prefix, 'shares').catch((error) => {
            sharesIndexed = null;
            throw error;
          });
          await sharesIndexed;
          for (const name of TTL_MOUNTS) await client.zremrangebyscore(redisExpiryKey(prefix, name), '-inf', now);
          return 0;
        }
        let removed = 0;
        for (const name of TTL_MOUNTS) {
          const mountDir = join(layout.dataDir, name);
          removed += await expiry[name]!.sweep(
            now,
            (encoded) => dueFile(keyPath(mountDir, encoded), now),
            (encoded) => storage.removeItem(`${name}:${encoded}${SUFFIX}`),
          );
        }
        return removed;
      });
    },
    setCapped(mount, key, value, { ttlSeconds, ...caps }) {
      if (!TTL_MOUNTS.includes(mount)) throw new TypeError(`store: ${mount} entries do not expire`);
      if (!(ttlSeconds > 0 && Number.isFinite(ttlSeconds))) throw new RangeError(`ttlSeconds must be a positive number (got ${ttlSeconds})`);
      checkOwner(caps.owner);
      const encoded = encodeKey(key);
      const json = JSON.stringify(value);
      return guard(`write ${mount}`, async () => {
        const now = Date.now();
        const expiresMs = now + Math.round(ttlSeconds * 1000);
        if (client) return redisSetCapped(client, prefix, mount, encoded, json, expiresMs, caps, now);
        const index = expiry[mount]!;
        const envelope = JSON.stringify({ $expires_at: new Date(expiresMs).toISOString(), $value: value });
        return index.capped(caps, now, () => index.write(keyPath(join(layout.dataDir, mount), encoded), envelope, encoded, expiresMs, caps.owner));
      });
    },
    async ping() {
      if (closed) return false;
      if (client) {
        if (client.status !== 'ready') return false;
        return client.ping().then(
          (reply) => reply === 'PONG',
          () => false,
        );
      }
      // One per process (npm start's workers probe at once), removed after it is read.
      const probe = join(layout.dataDir, `.health-${process.pid}`);
      const nonce = randomUUID();
      fsAvailable = await writeAtomic(layout.tmpDir, probe, nonce)
        .then(() => readText(probe).finally(() => unlink(probe).catch(() => {})))
        .then(
          (got) => {
            flusher.diskFull = false;
            return got === nonce;
          },
          (error) => {
            flusher.diskFull = isFullDisk(error);
            return false;
          },
        );
      return fsAvailable;
    },
    async close() {
      if (closed) return;
      flusher.stop();
      let failure: unknown = null;
      if (counters.unflushed > 0)
        await store.flush().catch((error) => {
          failure = error;
        });
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
      const kept = reserve?.holding ? ' (they are kept in DATA_DIR/.reserve: the next start counts them)' : '';
      await reserve?.release();
      if (failure)
        throw new StoreUnavailableError(`close: ${lost} counted unit(s) could not be stored${kept}: ${(failure as Error).message}`, { cause: failure });
    },
    quarantine: (mount, key) => guard(`quarantine ${mount}`, () => quarantine(client, prefix, layout.dataDir, mount, key)),
    redis: client,
    redisKey: (mount, key) => `${prefix}:${mount}:${encodeKey(key)}`,
    redisPrefix: prefix,
    storage,
  };
  return store;
}
