/**
 * What a provisioned customer's calls cost: a credit taken before a charged calculation runs (for
 * customers with a credit ledger) and refunded if it fails, and the usage count of each calculation
 * and MCP call that succeeded. The guard charges ({@link Billing.charge}); the app settles once an
 * answer is done ({@link Billing.settle}).
 */
import type { H3Event } from 'h3';
import type { Caller } from './middleware/auth.ts';
import { balanceKey, usageKey, usageMonth } from './routes/account.ts';
import { CorruptRecordError, type Store } from './store/index.ts';
import type { RouteInfo } from '../service/inventory.ts';
import { problem } from '../service/problem.ts';

export interface BillingOptions {
  store: Store | null;
  /** Customers with a credit ledger (only they are charged), kept current by the app's key refresh. */
  ledgers: ReadonlySet<string>;
  routes: readonly RouteInfo[];
  now: () => Date;
}

export interface Billing {
  /**
   * Takes one credit for a calculation of a customer with a ledger (null: nothing to charge);
   * resolves to the 402/503 to answer with, or null when the credit was taken.
   */
  charge(event: H3Event, caller: Caller): Promise<Response | null> | null;
  /** Counts a provisioned caller's answered call in its usage, or refunds the credit a failed one took. */
  settle(event: H3Event, response: Response, caller: Caller | undefined): void;
}

export function createBilling({ store, ledgers, routes, now }: BillingOptions): Billing {
  // Credits are reserved before a calculation runs and refunded if it fails. With Redis the reservation
  // is one atomic script (take a credit only if the balance is positive), so instances never spend the
  // same credit; on files (one instance by design) reservations of a customer are serialised here.
  const TAKE_CREDIT = "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if v <= 0 then return -1 end return redis.call('DECRBY', KEYS[1], 1)";
  const creditQueues = new Map<string, Promise<unknown>>();
  const reserveCredit = (customer: string): Promise<boolean> => {
    if (store!.redis) {
      return (store!.redis.eval(TAKE_CREDIT, 1, store!.redisKey('credits', balanceKey(customer))) as Promise<number>).then((left) => left >= 0);
    }
    const previous = creditQueues.get(customer) ?? Promise.resolve();
    const next = previous.then(async () => {
      const balance = await store!.counter('credits', balanceKey(customer));
      if (balance <= 0) return false;
      store!.incr('credits', balanceKey(customer), -1);
      return true;
    });
    const tail = next.catch(() => {});
    creditQueues.set(customer, tail);
    void tail.then(() => {
      if (creditQueues.get(customer) === tail) creditQueues.delete(customer);
    });
    return next;
  };
  const refundCredit = (customer: string) => {
    if (store!.redis) void store!.redis.incrby(store!.redisKey('credits', balanceKey(customer)), 1).catch(() => {});
    else store!.incr('credits', balanceKey(customer), 1);
  };

  function charge(event: H3Event, caller: Caller): Promise<Response | null> | null {
    if (!store || caller.source !== 'provisioned' || !ledgers.has(caller.customerId)) return null;
    // A full disk: spending could not be recorded, so nothing is charged (answered at once, no waiting).
    if (store.diskFull) {
      return Promise.resolve(
        problem(503, {
          detail: 'Charged routes are paused: the server cannot record usage (its disk is full). Try again shortly.',
          headers: { 'retry-after': '30' },
        }),
      );
    }
    return reserveCredit(caller.customerId).then(
      (ok) => {
        if (!ok) return problem(402, { detail: `The credit balance of ${caller.customerId} is 0: add credits to continue (account routes stay free).` });
        event.context.creditReserved = caller.customerId;
        return null;
      },
      (error) =>
        problem(
          503,
          error instanceof CorruptRecordError
            ? {
                detail: `The credit record of ${caller.customerId} cannot be read; it is kept as it is and the operator is told (npm run keys -- check). Charged routes answer 503 until it is repaired.`,
              }
            : { detail: 'The credit ledger is unavailable right now; try again shortly.', headers: { 'retry-after': '5' } },
        ),
    );
  }

  /** Calculation routes and MCP calls count in a provisioned customer's usage. */
  const counted = new Set([...routes.filter((r) => r.tool && r.auth === 'key').map((r) => `${r.method} ${r.path}`), 'POST /mcp']);

  const settle = (event: H3Event, response: Response, caller: Caller | undefined): void => {
    if (store && caller?.source === 'provisioned') {
      // HEAD answers as GET does (same guard, same credit), so it counts as GET too.
      const route = `${event.req.method === 'HEAD' ? 'GET' : event.req.method} ${event.context.matchedRoute?.route}`;
      try {
        const failed = response.status >= 400 || event.context.calculationFailed === true;
        if (!failed && counted.has(route)) store.incr('usage', usageKey(caller.customerId, usageMonth(now()), route));
        if (event.context.creditReserved && failed) refundCredit(caller.customerId);
      } catch {
        /* the store is closing: the server is stopping */
      }
    }
  };

  return { charge, settle };
}
