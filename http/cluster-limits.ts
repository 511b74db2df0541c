/**
 * Rate limits shared by the workers of one `npm start` (WORKERS > 1) on the file store: the primary
 * (http/supervisor.ts) keeps the one sliding log of every customer (the same SlidingWindowLimiter a
 * single process keeps), and each worker asks it over the cluster's IPC channel, the asks of one turn
 * of its event loop in one message (ClusterWindowLimiter in middleware/rate-limit.ts), so a customer's
 * limit holds across workers exactly as in one process.
 * With Redis the limit is Redis's (SharedWindowLimiter), for every instance on it. A worker that gets
 * no answer within a second (a primary too busy or gone) answers from its own limiter and says so in
 * `degraded`, as the Redis limiter does while Redis is away.
 */
import type { Cluster } from 'node:cluster';
import { SlidingWindowLimiter, type LimitAnswers, type LimitAsks } from './middleware/rate-limit.ts';

/** The primary's side: answers every worker's asks from one limiter, in the order they were sent. */
export function serveClusterLimits(primary: Cluster): void {
  const limiter = new SlidingWindowLimiter();
  primary.on('message', (worker, message: Partial<LimitAsks> | null) => {
    if (message?.type !== 'rate-limits' || !Array.isArray(message.asks)) return;
    const answers: LimitAnswers['answers'] = [];
    const now = Date.now();
    for (const ask of message.asks) {
      const [id, customer, limit, weight, force] = Array.isArray(ask) ? ask : [];
      if (typeof id !== 'number' || typeof customer !== 'string' || !Number.isSafeInteger(limit) || !Number.isSafeInteger(weight)) continue;
      const d = limiter.check(customer, limit as number, now, weight, force === true);
      answers.push([id, d.allowed, d.limit, d.remaining, d.resetSeconds]);
    }
    if (worker.isConnected()) worker.send({ type: 'rate-limits', answers } satisfies LimitAnswers, undefined, () => {});
  });
}
