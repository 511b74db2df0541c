/**
 * Per-customer rate limits over any rolling 60 seconds: an exact sliding log (the instants of the last
 * `limit` requests, in a ring), so no clock-aligned bucket ever allows a double burst. In-process; the
 * Redis-shared variant keeps the same contract. `0` disables the limit.
 */
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
  constructor(readonly capacity: number) { this.times = new Float64Array(capacity); }
}

export class SlidingWindowLimiter {
  private readonly rings = new Map<string, Ring>();

  constructor(private readonly maxCustomers = 100_000) {}

  check(customer: string, limit: number, now: number): RateDecision {
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
    if (ring.size >= limit) return { allowed: false, limit, remaining: 0, resetSeconds: resetOf() };
    ring.times[(ring.head + ring.size) % ring.capacity] = now;
    ring.size++;
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
