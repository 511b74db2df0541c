/**
 * Account routes (key required, free of credits). Environment keys (`TIME_API_KEYS`) have no usage
 * history and no ledger: those routes answer `configured: false` and invent nothing.
 */
import type { H3Event } from 'h3';
import type { Caller } from '../middleware/auth.ts';
import { json } from '../middleware/problem.ts';
import type { Settings } from '../settings.ts';

/** Batch sizes the tools accept (the schemas enforce them; stated here for clients). */
export const BATCH_LIMITS = { time_batch_points: 100, date_difference_pairs: 100, geo_distance_pairs: 100 } as const;

export interface AccountDeps {
  settings: Settings;
  /** Which kinds of data this deployment keeps in a persistent store. */
  persistentStorage: { keys: boolean; usage: boolean; credits: boolean; shares: boolean };
  now: () => Date;
}

export const rateLimitOf = (settings: Settings, customerId: string): number =>
  settings.customerRateLimits[customerId] ?? settings.rateLimitPerMinute;

const callerOf = (event: H3Event) => event.context.caller as Caller;
const month = (now: Date) => now.toISOString().slice(0, 7);

export function accountRoutes(deps: AccountDeps) {
  return {
    profile: (event: H3Event) => {
      const caller = callerOf(event);
      return json({
        customer_id: caller.customerId,
        key_fingerprint: caller.keyFingerprint,
        key_source: 'environment',
        plan: { rate_limit_per_minute: rateLimitOf(deps.settings, caller.customerId) },
        persistent_storage: deps.persistentStorage,
      });
    },
    usage: (event: H3Event) => {
      callerOf(event);
      return json({
        usage: {
          configured: false,
          month: month(deps.now()),
          total_requests: null,
          routes: [],
          note: 'Usage is recorded for provisioned keys only; this key comes from TIME_API_KEYS, which keeps no history.',
        },
      });
    },
    limits: (event: H3Event) => json({
      rate_limit_per_minute: rateLimitOf(deps.settings, callerOf(event).customerId),
      batch_limits: BATCH_LIMITS,
    }),
    credits: (event: H3Event) => json({
      credits: {
        configured: false,
        status: 'not-configured',
        rate_limit_per_minute: rateLimitOf(deps.settings, callerOf(event).customerId),
        requests_this_month: null,
        balance: null,
        note: 'No credit ledger for this customer: requests are not charged.',
      },
    }),
  };
}
