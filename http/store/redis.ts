/**
 * The shared store: one ioredis connection (created by unstorage's redis driver and reached through
 * `getInstance()`), tuned so a Redis that goes away never hangs or crashes the process: no offline queue
 * (a command while disconnected fails at once), short connect and command timeouts, no silent re-sending
 * of commands after a reconnect, and reconnection with backoff (capped at 2 s) for ever.
 *
 * Counter chunks are applied by one Lua script: it first claims the chunk's id with `SET NX EX`, then
 * runs the INCRBYs and adds the keys to their index sets, all atomically. A chunk whose reply was lost with the connection is sent again on
 * the next flush and, if it had in fact been applied, the claim fails and nothing is counted twice.
 */
import type { Redis, RedisOptions } from 'ioredis';
import type { Driver } from 'unstorage';
import { counterValue, type Chunk, type CounterBackend, type CounterMount, type WriteMarks } from './counters.ts';
import { CorruptRecordError } from './errors.ts';
import { MOUNTS, TTL_MOUNTS, type Caps, type CappedResult } from './types.ts';

export interface RedisTuning {
  connectTimeoutMs: number;
  commandTimeoutMs: number;
}

export function redisClientOptions({ connectTimeoutMs, commandTimeoutMs }: RedisTuning): RedisOptions {
  return {
    enableOfflineQueue: false,
    connectTimeout: connectTimeoutMs,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    autoResendUnfulfilledCommands: false,
    enableAutoPipelining: true,
    // 100, 200, 400 … ms, then every 2 s, never giving up: the store recovers when Redis returns.
    retryStrategy: (times: number) => Math.min(50 * 2 ** Math.min(times, 6), 2_000),
  };
}

/**
 * unstorage's redis driver over `url` with every key under `prefix:`, plus its ioredis client. The driver
 * (and ioredis) is loaded here, when REDIS_URL is set: ~2 MB of heap the embedded store does without.
 */
export async function createRedisDriver(url: string, prefix: string, tuning: RedisTuning): Promise<{ driver: Driver; client: Redis }> {
  const { default: redisDriver } = await import('unstorage/drivers/redis');
  const driver = redisDriver({ url, base: prefix, ...redisClientOptions(tuning) });
  const client = driver.getInstance!() as Redis;
  return { driver, client };
}

/** Resolves once the client is ready, or after `ms` (whichever comes first); never rejects. */
export function waitReady(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.on('ready', done);
  });
}

/**
 * KEYS: the chunk's claim, then n counters, then index sets; ARGV: claim TTL, n, n deltas, then one index
 * member per index set. A counter that holds something other than a whole number is left as it is
 * (never overwritten) and named in the reply; the others are counted and indexed.
 */
const APPLY_CHUNK = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return {} end
local n = tonumber(ARGV[2])
local damaged = {}
for i = 2, n + 1 do
  local reply = redis.pcall('INCRBY', KEYS[i], ARGV[i + 1])
  if type(reply) == 'table' and reply.err then damaged[#damaged + 1] = KEYS[i] end
end
for j = n + 2, #KEYS do redis.call('SADD', KEYS[j], ARGV[j + 1]) end
return damaged`;

/** How long a chunk's id is remembered: longer than any outage after which its reply could be retried. */
const CLAIM_TTL_SECONDS = 86_400;

/**
 * The index of a non-expiring mount: for each parent level a set of its children, `k:<level>` for a key
 * and `n:<level>` for a level with keys below it, so listing a customer's usage reads that customer's
 * sets, never the keyspace (SCAN over 500k cache keys took 12–15 s).
 */
export function indexEntries(prefix: string, mount: string, encodedKey: string): [string, string][] {
  const levels = encodedKey.split(':');
  const out: [string, string][] = [];
  for (let i = 0; i < levels.length; i++) {
    out.push([`${prefix}:_idx:${mount}:${levels.slice(0, i).join(':')}`, `${i === levels.length - 1 ? 'k' : 'n'}:${levels[i]}`]);
  }
  return out;
}

/** The encoded keys under `encodedPrefix` (any depth), from the index sets. */
export async function listIndexed(client: Redis, prefix: string, mount: string, encodedPrefix: string): Promise<string[]> {
  const members = await client.smembers(`${prefix}:_idx:${mount}:${encodedPrefix}`);
  const nested = await Promise.all(
    members.map(async (m) => {
      const key = encodedPrefix === '' ? m.slice(2) : `${encodedPrefix}:${m.slice(2)}`;
      return m.startsWith('k:') ? [key] : listIndexed(client, prefix, mount, key);
    }),
  );
  return nested.flat();
}

/**
 * Stores written before the index existed: one SCAN builds it (once per Redis, marked by
 * `<prefix>:_idx:version`); every later write keeps it current.
 */
export async function buildIndexOnce(client: Redis, prefix: string, warn: (message: string) => void): Promise<void> {
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

export class RedisCounterBackend implements CounterBackend {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  key(mount: string, encodedKey: string): string {
    return `${this.prefix}:${mount}:${encodedKey}`;
  }

  async read(mount: CounterMount, encodedKey: string): Promise<number> {
    const text = await this.client.get(this.key(mount, encodedKey));
    return text === null ? 0 : counterValue(`${mount}:${encodedKey}`, text);
  }

  async apply(chunk: Chunk, marks: WriteMarks): Promise<void> {
    const entries = [...chunk.entries];
    const keys = [`${this.prefix}:_counters:applied:${chunk.id}`];
    const args = [String(CLAIM_TTL_SECONDS), String(entries.length)];
    const index = new Map<string, string>();
    for (const [entry, delta] of entries) {
      const [mount, encodedKey] = entry.split('\0');
      keys.push(this.key(mount, encodedKey));
      args.push(String(delta));
      for (const [set, member] of indexEntries(this.prefix, mount, encodedKey)) index.set(`${set}\0${member}`, set);
    }
    for (const [both, set] of index) {
      keys.push(set);
      args.push(both.slice(set.length + 1));
    }
    for (const [entry] of entries) marks.begin(entry);
    try {
      const damaged = new Set((await this.client.eval(APPLY_CHUNK, keys.length, ...keys, ...args)) as string[]);
      const left: string[] = [];
      for (const [entry] of entries) {
        const [mount, encodedKey] = entry.split('\0');
        if (damaged.has(this.key(mount, encodedKey))) left.push(`${mount}:${encodedKey}`);
        else chunk.entries.delete(entry);
      }
      if (left.length) throw new CorruptRecordError(left, 'not whole numbers');
    } finally {
      for (const [entry] of entries) marks.end(entry);
    }
  }
}

// ----- expiring entries (see expiry.ts) -----------------------------------------------------------

/**
 * KEYS: value, the mount's expiry set, the owner's set ('' owner: a key never written); ARGV: now,
 * expiry (ms), JSON, member, per-owner cap, total cap. Returns {0} stored, or {rule, live, first expiry}
 * with rule 1 per owner, 2 total.
 */
const SET_CAPPED = `
local now = tonumber(ARGV[1])
local expires = tonumber(ARGV[2])
local perOwner = tonumber(ARGV[5])
local total = tonumber(ARGV[6])
local owned = KEYS[3] ~= KEYS[2]
if owned then
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
  if perOwner > 0 then
    local n = redis.call('ZCARD', KEYS[3])
    if n >= perOwner then return {1, n, redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')[2]} end
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if total > 0 then
  local n = redis.call('ZCARD', KEYS[2])
  if n >= total then return {2, n, redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')[2]} end
end
redis.call('SET', KEYS[1], ARGV[3], 'PX', expires - now)
redis.call('ZADD', KEYS[2], expires, ARGV[4])
if owned then
  redis.call('ZADD', KEYS[3], expires, ARGV[4])
  redis.call('PEXPIREAT', KEYS[3], redis.call('ZRANGE', KEYS[3], -1, -1, 'WITHSCORES')[2])
end
return {0}`;

export const redisExpiryKey = (prefix: string, mount: string) => `${prefix}:_expiry:${mount}`;
export const redisOwnerKey = (prefix: string, mount: string, owner: string) => (owner ? `${prefix}:_owners:${mount}:${owner}` : redisExpiryKey(prefix, mount));

export async function redisSetCapped(
  client: Redis,
  prefix: string,
  mount: string,
  encodedKey: string,
  json: string,
  expiresMs: number,
  caps: Caps,
  now: number,
): Promise<CappedResult> {
  const keys = [`${prefix}:${mount}:${encodedKey}`, redisExpiryKey(prefix, mount), redisOwnerKey(prefix, mount, caps.owner)];
  const reply = (await client.eval(SET_CAPPED, 3, ...keys, now, expiresMs, json, encodedKey, caps.perOwner, caps.total)) as [number, number?, string?];
  if (reply[0] === 0) return { stored: true };
  return {
    stored: false,
    rule: reply[0] === 1 ? 'per-owner' : 'total',
    limit: reply[0] === 1 ? caps.perOwner : caps.total,
    live: Number(reply[1]),
    freesAt: reply[2] === undefined ? null : Number(reply[2]),
  };
}

/**
 * Shares written before the expiry set existed: one SCAN adds them with their remaining TTL (once per
 * Redis, marked by `<prefix>:_expiry:<mount>:built`), so the total counts them too.
 */
export async function redisIndexOnce(client: Redis, prefix: string, mount: string): Promise<void> {
  const done = `${redisExpiryKey(prefix, mount)}:built`;
  if (await client.get(done)) return;
  const base = `${prefix}:${mount}:`;
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${base}*`, 'COUNT', 1000);
    cursor = next;
    const ttls = await Promise.all(keys.map((k) => client.pttl(k)));
    const now = Date.now();
    const adds: (string | number)[] = [];
    keys.forEach((k, i) => {
      if (ttls[i] > 0) adds.push(now + ttls[i], k.slice(base.length));
    });
    if (adds.length) await client.zadd(redisExpiryKey(prefix, mount), 'NX', ...adds);
  } while (cursor !== '0');
  await client.set(done, new Date().toISOString());
}
