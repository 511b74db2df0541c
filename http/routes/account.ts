/**
 * Account routes (key required, free of credits). Provisioned keys (the keys CLI) have usage history and
 * may have a credit ledger; environment keys (`TIME_API_KEYS`) have neither, so for them these routes
 * answer `configured: false` and invent nothing.
 */
import type { H3Event } from 'h3';
import type { Caller } from '../middleware/auth.ts';
import { json } from '../json.ts';
import { problem } from '../../service/problem.ts';
import type { Settings } from '../../service/settings.ts';
import type { Store } from '../store/index.ts';

/** Batch sizes the tools accept (the schemas enforce them; stated here for clients). */
export const BATCH_LIMITS = { time_batch_points: 100, date_difference_pairs: 100, geo_distance_pairs: 100 } as const;

export interface AccountDeps {
  settings: Settings;
  store: Store | null;
  /** Customers with a credit ledger (refreshed from the store with the keys). */
  ledgers: ReadonlySet<string>;
  now: () => Date;
}

export const rateLimitOf = (settings: Settings, customerId: string): number => settings.customerRateLimits[customerId] ?? settings.rateLimitPerMinute;

export const usageMonth = (now: Date) => now.toISOString().slice(0, 7);
/** The usage counter of one route in one month: `<customer>:<YYYY-MM>:<METHOD /path>`. */
export const usageKey = (customer: string, month: string, route: string) => `${customer}:${month}:${route}`;
export const balanceKey = (customer: string) => `balance:${customer}`;

const callerOf = (event: H3Event) => event.context.caller!;
const storeDown = () => problem(503, { detail: 'The account store is unavailable right now; try again shortly.', headers: { 'retry-after': '5' } });

export function accountRoutes(deps: AccountDeps) {
  const { settings, store } = deps;
  const tracked = (caller: Caller) => store !== null && caller.source === 'provisioned';

  async function monthUsage(caller: Caller, month: string) {
    const counts = await store!.counters('usage', `${caller.customerId}:${month}`);
    const routes = Object.entries(counts)
      .map(([key, requests]) => ({ route: key.split(':').slice(2).join(':'), requests }))
      .filter((r) => r.requests > 0)
      .sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route));
    return { total: routes.reduce((n, r) => n + r.requests, 0), routes };
  }

  return {
    profile: (event: H3Event) => {
      const caller = callerOf(event);
      const persistent = store !== null;
      return json({
        customer_id: caller.customerId,
        key_fingerprint: caller.keyFingerprint,
        key_source: caller.source,
        plan: { rate_limit_per_minute: rateLimitOf(settings, caller.customerId) },
        persistent_storage: { keys: persistent, usage: persistent, credits: persistent, shares: persistent },
      });
    },
    usage: async (event: H3Event) => {
      const caller = callerOf(event);
      const month = usageMonth(deps.now());
      if (!tracked(caller)) {
        return json({
          usage: {
            configured: false,
            month,
            total_requests: null,
            routes: [],
            note: 'Usage is recorded for provisioned keys only; this key comes from TIME_API_KEYS, which keeps no history.',
          },
        });
      }
      try {
        const { total, routes } = await monthUsage(caller, month);
        return json({ usage: { configured: true, month, total_requests: total, routes } });
      } catch {
        return storeDown();
      }
    },
    limits: (event: H3Event) =>
      json({
        rate_limit_per_minute: rateLimitOf(settings, callerOf(event).customerId),
        batch_limits: BATCH_LIMITS,
      }),
    credits: async (event: H3Event) => {
      const caller = callerOf(event);
      const rate = rateLimitOf(settings, caller.customerId);
      if (!tracked(caller)) {
        return json({
          credits: {
            configured: false,
            status: 'not-configured',
            rate_limit_per_minute: rate,
            requests_this_month: null,
            balance: null,
            note: 'Environment keys have no credit ledger: requests are not charged.',
          },
        });
      }
      try {
        const { total } = await monthUsage(caller, usageMonth(deps.now()));
        if (!deps.ledgers.has(caller.customerId)) {
          return json({
            credits: {
              configured: false,
              status: 'not-configured',
              rate_limit_per_minute: rate,
              requests_this_month: total,
              balance: null,
              note: 'No credit ledger yet (it starts with the first credit): requests are not charged.',
            },
          });
        }
        const balance = await store!.counter('credits', balanceKey(caller.customerId));
        return json({
          credits: { configured: true, status: balance > 0 ? 'active' : 'exhausted', rate_limit_per_minute: rate, requests_this_month: total, balance },
        });
      } catch {
        return storeDown();
      }
    },
  };
}
