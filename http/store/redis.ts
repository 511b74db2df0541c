/**
 * The shared store: one ioredis connection (created by unstorage's redis driver and reached through
 * `getInstance()`), tuned so a Redis that goes away never hangs or crashes the process: no offline queue
 * (a command while disconnected fails at once), short connect and command timeouts, no silent re-sending
 * of commands after a reconnect, and reconnection with backoff (capped at 2 s) for ever.
 *
 * Counter chunks are applied by one Lua script: it first claims the chunk's id with `SET NX EX`, then
 * runs the INCRBYs, all atomically. A chunk whose reply was lost with the connection is sent again on
 * the next flush and, if it had in fact been applied, the claim fails and nothing is counted twice.
 */
import type { Redis, RedisOptions } from 'ioredis';
import redisDriver from 'unstorage/drivers/redis';
import type { Driver } from 'unstorage';
import type { Chunk, CounterBackend, CounterMount } from './counters.ts';

export interface RedisTuning { connectTimeoutMs: number; commandTimeoutMs: number }

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

/** unstorage's redis driver over `url` with every key under `prefix:`, plus its ioredis client. */
export function createRedisDriver(url: string, prefix: string, tuning: RedisTuning): { driver: Driver; client: Redis } {
  const driver = redisDriver({ url, base: prefix, ...redisClientOptions(tuning) });
  const client = driver.getInstance!() as Redis;
  return { driver, client };
}

/** Resolves once the client is ready, or after `ms` (whichever comes first); never rejects. */
export function waitReady(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); client.off('ready', done); resolve(); };
    const timer = setTimeout(done, ms);
    client.on('ready', done);
  });
}

const APPLY_CHUNK = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return -1 end
local reset = 0
for i = 2, #KEYS do
  local reply = redis.pcall('INCRBY', KEYS[i], ARGV[i])
  if type(reply) == 'table' and reply.err then
    redis.call('SET', KEYS[i], ARGV[i])
    reset = reset + 1
  end
end
return reset`;

/** How long a chunk's id is remembered: longer than any outage after which its reply could be retried. */
const CLAIM_TTL_SECONDS = 86_400;

export class RedisCounterBackend implements CounterBackend {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly warn: (message: string) => void,
  ) {}

  key(mount: string, encodedKey: string): string { return `${this.prefix}:${mount}:${encodedKey}`; }

  async read(mount: CounterMount, encodedKey: string): Promise<number> {
    const text = await this.client.get(this.key(mount, encodedKey));
    if (text === null) return 0;
    const value = Number(text);
    if (Number.isSafeInteger(value) && text.trim() !== '') return value;
    this.warn(`store: counter ${mount}:${encodedKey} holds ${JSON.stringify(text.slice(0, 40))}, not a whole number; counting it as 0`);
    return 0;
  }

  async apply(chunk: Chunk): Promise<void> {
    const keys = [`${this.prefix}:_counters:applied:${chunk.id}`];
    const args = [String(CLAIM_TTL_SECONDS)];
    for (const [entry, delta] of chunk.entries) {
      const [mount, encodedKey] = entry.split('\0');
      keys.push(this.key(mount, encodedKey));
      args.push(String(delta));
    }
    const reset = (await this.client.eval(APPLY_CHUNK, keys.length, ...keys, ...args)) as number;
    if (reset > 0) this.warn(`store: ${reset} counter(s) held something other than a whole number and were reset`);
  }
}
