/**
 * Per-customer rate limits over any rolling 60 seconds, counted in credits (an ordinary request is one,
 * a heavy one its price: engine/work.ts): an exact sliding log (the instant of each of the last `limit`
 * credits, in a ring), so no clock-aligned bucket ever allows a double burst. In-process; the
 * Redis-shared variant and the one npm start's workers share through their primary
 * (http/cluster-limits.ts) keep the same contract. `0` disables the limit.
 */
import cluster from 'node:cluster';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (a slot frees up). */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;

class Ring {
  times: Float64Array;
  head = 0; // index of the oldest entry
  size = 0;
  constructor(readonly capacity: number) {
    this.times = new Float64Array(capacity);
  }
}

export class SlidingWindowLimiter {
  private readonly rings = new Map<string, Ring>();

  constructor(private readonly maxCustomers = 100_000) {}

  /**
   * Takes `weight` credits of the customer's window when that many are left (none otherwise). With
   * `force`, takes what is left of them even when that is fewer (work already done: a call that spent
   * more than its price), and says allowed.
   */
  check(customer: string, limit: number, now: number, weight = 1, force = false): RateDecision {
    if (limit <= 0) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0 };
    let ring = this.rings.get(customer);
    if (!ring || ring.capacity !== limit) {
      ring = new Ring(limit);
      this.rings.delete(customer);
      if (this.rings.size >= this.maxCustomers) this.rings.delete(this.rings.keys().next().value as string);
    } else {
      this.rings.delete(customer); // re-insert below: most recently used last
    }
    this.rings.set(customer, ring);
    // Forget requests older than the window.
    while (ring.size > 0 && ring.times[ring.head] <= now - WINDOW_MS) {
      ring.head = (ring.head + 1) % ring.capacity;
      ring.size--;
    }
    const resetOf = () => (ring!.size === 0 ? 0 : Math.max(1, Math.ceil((ring!.times[ring!.head] + WINDOW_MS - now) / 1000)));
    if (!force && ring.size + weight > limit) return { allowed: false, limit, remaining: limit - ring.size, resetSeconds: resetOf() };
    for (let i = 0; i < weight && ring.size < limit; i++) {
      ring.times[(ring.head + ring.size) % ring.capacity] = now;
      ring.size++;
    }
    return { allowed: true, limit, remaining: limit - ring.size, resetSeconds: resetOf() };
  }
}

/** The RateLimit-* headers of a decision (none when limits are off). */
export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  if (d.limit === 0) return {};
  const headers: Record<string, string> = {
    'ratelimit-limit': String(d.limit),
    'ratelimit-remaining': String(d.remaining),
    'ratelimit-reset': String(d.resetSeconds),
  };
  if (!d.allowed) headers['retry-after'] = String(d.resetSeconds);
  return headers;
}

/** The minimal Redis surface the shared limiter needs (an ioredis client has it). */
export interface RedisEval {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  readonly status?: string;
}

// A sliding log in a sorted set, one member per credit: drop entries older than the window, refuse
// when the weight does not fit (unless forced: then take what is left), else add. One script, so two
// instances can never both take the last slot.
const SLIDING_LOG = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local weight = tonumber(ARGV[5])
local force = ARGV[6] == '1'
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if force or count + weight <= limit then
  local take = math.min(weight, limit - count)
  for i = 1, take do
    redis.call('ZADD', KEYS[1], now, ARGV[4] .. ':' .. i)
  end
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + take
  allowed = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { allowed, count, oldest[2] or now }
`;

/**
 * The same limit shared by every instance through Redis. While Redis is unreachable it answers from
 * the in-process limiter (each instance then limits on its own; `degraded` says so), and goes back to
 * Redis by itself.
 */
export class SharedWindowLimiter {
  private seq = 0;
  degraded = false;
  constructor(
    private readonly redis: RedisEval,
    private readonly fallback: SlidingWindowLimiter,
    private readonly prefix = 'time-api:ratelimit:',
  ) {}

  async check(customer: string, limit: number, now: number, weight = 1, force = false): Promise<RateDecision> {
    if (limit <= 0) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0 };
    if (this.redis.status !== undefined && this.redis.status !== 'ready') {
      this.degraded = true;
      return this.fallback.check(customer, limit, now, weight, force);
    }
    try {
      const member = `${now}:${process.pid}:${this.seq++}`;
      const [allowed, count, oldest] = (await this.redis.eval(
        SLIDING_LOG,
        1,
        this.prefix + customer,
        now,
        WINDOW_MS,
        limit,
        member,
        weight,
        force ? '1' : '0',
      )) as [number, number, string | number];
      this.degraded = false;
      const resetSeconds = Math.max(1, Math.ceil((Number(oldest) + WINDOW_MS - now) / 1000));
      return { allowed: allowed === 1, limit, remaining: Math.max(0, limit - count), resetSeconds };
    } catch {
      this.degraded = true;
      return this.fallback.check(customer, limit, now, weight, force);
    }
  }
}

/**
 * A worker's asks to the primary (http/cluster-limits.ts answers them) and the answers, batched: the asks
 * of one turn of the event loop go in one message, `[id, customer, limit, weight, force]` each, and come
 * back as `[id, allowed, limit, remaining, resetSeconds]`.
 */
export interface LimitAsks {
  type: 'rate-limits';
  asks: [id: number, customer: string, limit: number, weight: number, force: boolean][];
}
export interface LimitAnswers {
  type: 'rate-limits';
  answers: [id: number, allowed: boolean, limit: number, remaining: number, resetSeconds: number][];
}

/** How long a worker waits for the primary's decision before taking its own. */
const ANSWER_MS = 1_000;

/** A worker's limiter: the primary's decision; this process's own while the primary does not answer. */
export class ClusterWindowLimiter {
  degraded = false;
  private seq = 0;
  private queued: LimitAsks['asks'] = [];
  private readonly waiting = new Map<number, { resolve: (d: RateDecision) => void; timer: NodeJS.Timeout }>();

  constructor(private readonly fallback: SlidingWindowLimiter) {
    process.on('message', (message: Partial<LimitAnswers> | null) => {
      if (message?.type !== 'rate-limits' || !Array.isArray(message.answers)) return;
      for (const [id, allowed, limit, remaining, resetSeconds] of message.answers) {
        const ask = this.waiting.get(id);
        if (!ask) continue;
        this.waiting.delete(id);
        clearTimeout(ask.timer);
        this.degraded = false;
        ask.resolve({ allowed, limit, remaining, resetSeconds });
      }
    });
  }

  check(customer: string, limit: number, now: number, weight = 1, force = false): Promise<RateDecision> {
    if (limit <= 0) return Promise.resolve({ allowed: true, limit: 0, remaining: 0, resetSeconds: 0 });
    const local = () => {
      this.degraded = true;
      return this.fallback.check(customer, limit, now, weight, force);
    };
    if (!process.send || !process.connected) return Promise.resolve(local());
    const id = ++this.seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (this.waiting.delete(id)) resolve(local());
      }, ANSWER_MS);
      this.waiting.set(id, { resolve, timer });
      if (this.queued.push([id, customer, limit, weight, force]) === 1) setImmediate(() => this.send());
    });
  }

  /** Sends the asks of this turn in one message; asks it could not send are answered here. */
  private send(): void {
    const asks = this.queued;
    this.queued = [];
    process.send!({ type: 'rate-limits', asks } satisfies LimitAsks, undefined, {}, (error: Error | null) => {
      if (!error) return;
      for (const [id, customer, limit, weight, force] of asks) {
        const ask = this.waiting.get(id);
        if (!ask) continue;
        this.waiting.delete(id);
        clearTimeout(ask.timer);
        this.degraded = true;
        ask.resolve(this.fallback.check(customer, limit, Date.now(), weight, force));
      }
    });
  }
}

/**
 * The limiter every request of this process takes beside its own: Redis's (one limit for all instances),
 * else, in a worker of several (npm start's WORKERS > 1 on the file store), the primary's; null for a
 * lone process on files, whose own limiter is exact.
 */
export function sharedLimiterOf(redis: RedisEval | null, workers: number, local: SlidingWindowLimiter): SharedWindowLimiter | ClusterWindowLimiter | null {
  if (redis) return new SharedWindowLimiter(redis, local);
  return cluster.isWorker && workers > 1 ? new ClusterWindowLimiter(local) : null;
}
