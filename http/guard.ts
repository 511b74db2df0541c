/**
 * The gate of every keyed route (calculations, account, canary, MCP): a valid key, the customer's rate
 * limit over any rolling minute (counted in credits), and for charged routes of a customer with a
 * ledger, a credit. A call priced above one credit (engine/work.ts) then takes the rest of its price
 * from both once its input is read ({@link surchargeOf}).
 */
import type { H3Event } from 'h3';
import { authenticate, type Caller, type KeyRing } from './middleware/auth.ts';
import { rateLimitHeaders, type RateDecision, type SharedWindowLimiter, type SlidingWindowLimiter } from './middleware/rate-limit.ts';
import type { Billing } from './billing.ts';
import { rateLimitOf } from './routes/account.ts';
import { problem } from '../service/problem.ts';
import type { Settings } from '../service/settings.ts';

export interface GuardOptions {
  settings: Settings;
  keys: KeyRing;
  localLimiter: SlidingWindowLimiter;
  /** With Redis, one limit for all instances (degrading to the local limiter while Redis is away). */
  sharedLimiter: Pick<SharedWindowLimiter, 'check'> | null;
  charge: Billing['charge'];
}

/** A guard returns the caller, or the 401/429/402/503 to answer with. */
export type Guard = (event: H3Event) => Caller | Response | Promise<Caller | Response>;

/** The guard of charged routes (a credit too) when `charged`, of free keyed routes otherwise. */
export function guardOf({ settings, keys, localLimiter, sharedLimiter, charge }: GuardOptions, charged: boolean): Guard {
  /** After the key: the rate limit's decision, then (charged routes) the credit. */
  const afterLimit = (event: H3Event, caller: Caller, decision: RateDecision): Caller | Response | Promise<Caller | Response> => {
    event.context.rateLimit = decision;
    if (!decision.allowed) {
      return problem(429, {
        detail: `Rate limit of ${decision.limit} credits a minute reached for this customer; retry in ${decision.resetSeconds} s.`,
        headers: rateLimitHeaders(decision),
      });
    }
    if (!charged) return caller;
    const denied = charge(event, caller);
    return denied === null ? caller : denied.then((problemResponse) => problemResponse ?? caller);
  };
  return (event) => {
    const caller = authenticate(keys, event.req.headers);
    if (caller instanceof Response) return caller;
    event.context.caller = caller;
    const limit = rateLimitOf(settings, caller.customerId);
    // No limit: one decision for every call (nothing of it is the caller's), no clock read.
    if (limit <= 0) return afterLimit(event, caller, UNLIMITED);
    return sharedLimiter
      ? sharedLimiter.check(caller.customerId, limit, Date.now()).then((decision) => afterLimit(event, caller, decision))
      : afterLimit(event, caller, localLimiter.check(caller.customerId, limit, Date.now()));
  };
}

/** The decision of every limiter when the limit is off (`0`): allowed, no headers. */
const UNLIMITED: RateDecision = Object.freeze({ allowed: true, limit: 0, remaining: 0, resetSeconds: 0 });

/**
 * Takes `extra` more credits of a call's price from the caller's rate limit and ledger (the guard took
 * the first): the 429/402 to answer with, or null. With `force` (work already done that spent more than
 * its price), they are taken whatever is left, and nothing is refused.
 */
export type Surcharge = (event: H3Event, caller: Caller, extra: number, force?: boolean) => Promise<Response | null>;

export function surchargeOf({ settings, localLimiter, sharedLimiter, charge }: GuardOptions): Surcharge {
  return async (event, caller, extra, force = false) => {
    if (extra <= 0) return null;
    const limit = rateLimitOf(settings, caller.customerId);
    if (limit > 0) {
      const price = extra + 1;
      if (!force && price > limit) {
        return problem(429, {
          detail: `This call costs ${price} credits, more than the rate limit of ${limit} credits a minute allows at once: ask for less work in one call.`,
          headers: { 'retry-after': '60' },
        });
      }
      const now = Date.now();
      const decision = sharedLimiter
        ? await sharedLimiter.check(caller.customerId, limit, now, extra, force)
        : localLimiter.check(caller.customerId, limit, now, extra, force);
      event.context.rateLimit = decision;
      if (!decision.allowed) {
        return problem(429, {
          detail: `This call costs ${price} credits and ${decision.remaining + 1} are left of the rate limit of ${limit} credits a minute; retry in ${decision.resetSeconds} s or ask for less work.`,
          headers: { ...rateLimitHeaders(decision), 'retry-after': String(decision.resetSeconds) },
        });
      }
    }
    return (await charge(event, caller, extra, force)) ?? null;
  };
}
