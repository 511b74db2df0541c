import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../http/middleware/rate-limit.ts';

describe('SlidingWindowLimiter', () => {
  it('allows `limit` requests in any rolling 60 s and says when the next slot frees', () => {
    const l = new SlidingWindowLimiter();
    const t0 = 1_000_000;
    for (let i = 0; i < 5; i++) expect(l.check('a', 5, t0 + i * 1000)).toMatchObject({ allowed: true, remaining: 4 - i });
    expect(l.check('a', 5, t0 + 10_000)).toEqual({ allowed: false, limit: 5, remaining: 0, resetSeconds: 50 });
    // The first request leaves the window at t0 + 60 s: exactly one slot frees.
    expect(l.check('a', 5, t0 + 60_000).allowed).toBe(true);
    expect(l.check('a', 5, t0 + 60_001).allowed).toBe(false);
    expect(l.check('b', 5, t0 + 10_000).allowed).toBe(true); // customers are separate
  });

  describe('edge cases', () => {
    it('no double burst across a minute boundary (unlike clock-aligned buckets)', () => {
      const l = new SlidingWindowLimiter();
      const boundary = 60_000 * 1000;
      let allowed = 0;
      for (let i = 0; i < 10; i++) if (l.check('a', 10, boundary - 100 + i).allowed) allowed++;
      for (let i = 0; i < 10; i++) if (l.check('a', 10, boundary + 100 + i).allowed) allowed++;
      expect(allowed).toBe(10);
    });
    it('0 disables the limit; a changed limit starts a fresh window; customers are bounded', () => {
      const l = new SlidingWindowLimiter(3);
      expect(l.check('a', 0, 0)).toEqual({ allowed: true, limit: 0, remaining: 0, resetSeconds: 0 });
      expect(l.check('a', 1, 0).allowed).toBe(true);
      expect(l.check('a', 1, 1).allowed).toBe(false);
      expect(l.check('a', 2, 2).allowed).toBe(true);
      for (const c of ['b', 'c', 'd', 'e']) l.check(c, 1, 3);
      expect((l as unknown as { rings: Map<string, unknown> }).rings.size).toBe(3);
    });
  });
});
