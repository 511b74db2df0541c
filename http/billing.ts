/**
 * What a provisioned customer's calls cost: credits taken before a charged calculation runs (for
 * customers with a credit ledger; one, then the rest of the call's price once its input is read:
 * engine/work.ts), refunded if it fails before any work, kept if it fails after real work, and the
 * usage count of each calculation and MCP call that succeeded. The guard charges
 * ({@link Billing.charge}); the app settles once an answer is done ({@link Billing.settle}).
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
   * Takes `credits` (default one) for a calculation of a customer with a ledger (null: nothing to
   * charge); resolves to the 402/503 to answer with, or null when they were taken. With `force` (work
   * already done, spending more than its price) they are taken whatever the balance, which may so go
   * below zero by at most a call's price.
   */
  charge(event: H3Event, caller: Caller, credits?: number, force?: boolean): Promise<Response | null> | null;
  /**
   * Counts a provisioned caller's answered call in its usage, or refunds the credits a call that failed
   * before any work took. The credits the call cost in the end (0 when refunded; undefined for a route
   * that charges nothing).
   */
  settle(event: H3Event, response: Response, caller: Caller | undefined): number | undefined;
}

export function createBilling({ store, ledgers, routes, now }: BillingOptions): Billing {
  // Credits are reserved before a calculation runs and refunded if it fails. With Redis the reservation
  // is one atomic script (take a credit only if the balance is positive), so instances never spend the
  // same credit; on files, a lone process serialises a customer's reservations here, and npm start's
  // workers take each at once under the store's lock (Store.take).
  const TAKE_CREDITS =
    "local v = tonumber(redis.call('GET', KEYS[1]) or '0') local n = tonumber(ARGV[1]) if ARGV[2] ~= '1' and v < n then return -1 end return redis.call('DECRBY', KEYS[1], n)";
  const creditQueues = new Map<string, Promise<unknown>>();
  const reserveCredits = (customer: string, credits: number, force: boolean): Promise<boolean> => {
    if (store!.redis) {
      return (store!.redis.eval(TAKE_CREDITS, 1, store!.redisKey('credits', balanceKey(customer)), credits, force ? '1' : '0') as Promise<number>).then(
        (left) => force || left >= 0,
      );
    }
    if (store!.take) return store!.take('credits', balanceKey(customer), credits, force); // npm start's workers
    const previous = creditQueues.get(customer) ?? Promise.resolve();
    const next = previous.then(async () => {
      const balance = await store!.counter('credits', balanceKey(customer));
      if (!force && balance < credits) return false;
      store!.incr('credits', balanceKey(customer), -credits);
      return true;
    });
    const tail = next.catch(() => {});
    creditQueues.set(customer, tail);
    void tail.then(() => {
      if (creditQueues.get(customer) === tail) creditQueues.delete(customer);
    });
    return next;
  };
  const refundCredits = (customer: string, credits: number) => {
    if (store!.redis) void store!.redis.incrby(store!.redisKey('credits', balanceKey(customer)), credits).catch(() => {});
    else store!.incr('credits', balanceKey(customer), credits);
  };

  function charge(event: H3Event, caller: Caller, credits = 1, force = false): Promise<Response | null> | null {
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
    return reserveCredits(caller.customerId, credits, force).then(
      (ok) => {
        if (!ok) {
          return problem(402, {
            detail:
              credits === 1
                ? `The credit balance of ${caller.customerId} is 0: add credits to continue (account routes stay free).`
                : `This call costs ${credits + (event.context.creditsReserved ?? 0)} credits and the balance of ${caller.customerId} is lower: add credits, or ask for less work (account routes stay free).`,
          });
        }
        event.context.creditReserved = caller.customerId;
        event.context.creditsReserved = (event.context.creditsReserved ?? 0) + credits;
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

  const settle = (event: H3Event, response: Response, caller: Caller | undefined): number | undefined => {
    const failed = response.status >= 400 || event.context.calculationFailed === true;
    const replayed = event.context.replayed === true;
    const refunded = (failed && event.context.workCharged !== true) || replayed;
    if (store && caller?.source === 'provisioned') {
      // HEAD answers as GET does (same guard, same credit), so it counts as GET too.
      const route = `${event.req.method === 'HEAD' ? 'GET' : event.req.method} ${event.context.matchedRoute?.route}`;
      try {
        // MCP: only a tools/call is a calculation (initialize, tools/list and notifications are not).
        const calculation = counted.has(route) && (route !== 'POST /mcp' || event.context.toolCall === true);
        if (!failed && calculation && !replayed) store.incr('usage', usageKey(caller.customerId, usageMonth(now()), route));
        if (event.context.creditReserved && refunded) refundCredits(caller.customerId, event.context.creditsReserved ?? 1);
      } catch {
        /* the store is closing: the server is stopping */
      }
    }
    const credits = event.context.credits;
    return credits === undefined ? undefined : refunded ? 0 : credits;
  };

  return { charge, settle };
}
