/**
 * Rate limits shared by the workers of one `npm start` (WORKERS > 1) on the file store: the primary
 * (http/supervisor.ts) keeps the one sliding log of every customer (the same SlidingWindowLimiter a
 * single process keeps), and each worker asks it over the cluster's IPC channel (ClusterWindowLimiter
 * in middleware/rate-limit.ts), so a customer's limit holds across workers exactly as in one process.
 * With Redis the limit is Redis's (SharedWindowLimiter), for every instance on it. A worker that gets
 * no answer within a second (a primary too busy or gone) answers from its own limiter and says so in
 * `degraded`, as the Redis limiter does while Redis is away.
 */
import type { Cluster } from 'node:cluster';
import { SlidingWindowLimiter, type LimitAnswer, type LimitAsk } from './middleware/rate-limit.ts';

/** The primary's side: answers every worker's asks from one limiter. */
export function serveClusterLimits(primary: Cluster): void {
  const limiter = new SlidingWindowLimiter();
  primary.on('message', (worker, message: Partial<LimitAsk> | null) => {
    if (message?.type !== 'rate-limit') return;
    const { id, customer, limit, weight, force } = message;
    if (typeof id !== 'number' || typeof customer !== 'string' || !Number.isSafeInteger(limit) || !Number.isSafeInteger(weight)) return;
    const decision = limiter.check(customer, limit!, Date.now(), weight, force === true);
    if (worker.isConnected()) worker.send({ type: 'rate-limit', id, decision } satisfies LimitAnswer, undefined, () => {});
  });
}
