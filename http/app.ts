/**
 * Builds the h3 app: service routes, one route per registry tool, CORS, request logs, and problem+json
 * answers for every error (404, 405 with Allow, 500 without internals). No port is opened here: tests
 * call `app.fetch`.
 */
import { getRequestIP, H3, HTTPError, type H3Event } from 'h3';
import { engineReadiness, warmUp } from '../engine/health.ts';
import { registry } from '../engine/registry.ts';
import { systemContext, type AnyTool, type ToolContext } from '../engine/tool.ts';
import { authenticate, KeyRing, type Caller } from './middleware/auth.ts';
import { rateLimitHeaders, SharedWindowLimiter, SlidingWindowLimiter, type RateDecision } from './middleware/rate-limit.ts';
import { MemoryCache, noCache, type ResponseCache } from './middleware/cache.ts';
import { Cors } from './middleware/cors.ts';
import { json } from './json.ts';
import { problem } from '../service/problem.ts';
import type { RequestLogger } from './middleware/request-log.ts';
import { listKeyRecords } from './accounts.ts';
import { CorruptRecordError } from './store/index.ts';
import { accountRoutes, balanceKey, rateLimitOf, usageKey, usageMonth } from './routes/account.ts';
import type { Store } from './store/index.ts';
import { methodsByPath, routeInventory, type RouteInfo } from '../service/inventory.ts';
import { buildOpenApi } from '../service/openapi.ts';
import { canaryRoute, healthRoute, indexRoute, statusRoute, type Readiness } from './routes/service.ts';
import { shareRoutes } from './routes/shares.ts';
import { toolHandler } from './routes/tools.ts';
import type { Settings } from '../service/settings.ts';

export interface AppOptions {
  settings: Settings;
  ctx?: ToolContext;
  tools?: readonly AnyTool[];
  readiness?: () => Readiness;
  /** A storage round trip for the canary (write, read back, delete); true when it worked. */
  storageRoundTrip?: () => Promise<boolean>;
  cache?: ResponseCache;
  /** The persistent store (keys, usage, credits, shares); without one, only environment keys exist. */
  store?: Store | null;
  /** One line per request; none when absent (tests). */
  logger?: RequestLogger;
  /** Called for errors the app did not expect (a bug): the client sees a plain 500 problem. */
  onUnexpected?: (error: unknown, event: H3Event) => void;
  /** A stored record that cannot be read (named `mount:key`), reported once until it is repaired. */
  onDamagedRecord?: (record: string) => void;
}

export interface BuiltApp {
  app: H3;
  routes: RouteInfo[];
  cache: ResponseCache;
  /** Reloads provisioned keys and credit ledgers from the store (the server calls it every 2 s). */
  refreshKeys: () => Promise<void>;
}

type Handler = (event: H3Event) => unknown;

/**
 * The client's address: the socket's peer, or behind `trustProxy` proxies (TRUST_PROXY) the address the
 * outermost of them saw, which is that many entries from the right of X-Forwarded-For (each proxy
 * appends the address it received from; entries further left are the client's own claims).
 */
export function clientAddressOf(trustProxy: number): (event: H3Event) => string | undefined {
  return (event) => {
    const peer = getRequestIP(event, { xForwardedFor: false });
    if (trustProxy === 0) return peer;
    const hops = (event.req.headers.get('x-forwarded-for') ?? '').slice(0, 4096).split(',').map((h) => h.trim()).filter(Boolean);
    return hops.length >= trustProxy ? hops[hops.length - trustProxy] : (hops[0] ?? peer);
  };
}

export function createApp(options: AppOptions): BuiltApp {
  const { settings, logger } = options;
  const ctx = options.ctx ?? systemContext;
  const routes = routeInventory(options.tools ?? registry);
  const cache = options.cache ?? (settings.cache === 'off' ? noCache : new MemoryCache(settings.cacheMaxBytes));
  const keys = new KeyRing(settings.apiKeys);
  const cors = new Cors(settings.corsOrigins);
  const store = options.store ?? null;
  const localLimiter = new SlidingWindowLimiter();
  // With Redis, one limit for all instances (degrading to this process's limiter while Redis is away).
  const sharedLimiter = store?.redis ? new SharedWindowLimiter(store.redis, localLimiter) : null;
  const ledgers = new Set<string>();

  /** Damaged key records already reported (each is logged once until it is repaired). */
  const reportedDamage = new Set<string>();
  const refreshKeys = async () => {
    if (!store) return;
    const { records, damaged } = await listKeyRecords(store);
    keys.setProvisioned(records);
    for (const record of damaged) {
      if (!reportedDamage.has(record)) options.onDamagedRecord?.(record);
    }
    reportedDamage.clear();
    for (const record of damaged) reportedDamage.add(record);
    const names = await store.mounts.credits.list('ledger');
    ledgers.clear();
    for (const name of names) ledgers.add(name.slice('ledger:'.length));
  };

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
    void tail.then(() => { if (creditQueues.get(customer) === tail) creditQueues.delete(customer); });
    return next;
  };
  const refundCredit = (customer: string) => {
    if (store!.redis) void store!.redis.incrby(store!.redisKey('credits', balanceKey(customer)), 1).catch(() => {});
    else store!.incr('credits', balanceKey(customer), 1);
  };

  /**
   * The gate of every keyed route (calculations, account, canary, MCP): a valid key, the customer's
   * rate limit over any rolling minute, and for charged routes of a customer with a ledger, a credit.
   * Returns the caller, or the 401/429/402/503 to answer with.
   */
  const guardOf = (charged: boolean) => (event: H3Event): Caller | Response | Promise<Caller | Response> => {
    const caller = authenticate(keys, event.req.headers);
    if (caller instanceof Response) return caller;
    event.context.caller = caller;
    const limit = rateLimitOf(settings, caller.customerId);
    const afterLimit = (decision: RateDecision): Caller | Response | Promise<Caller | Response> => {
      event.context.rateLimit = decision;
      if (!decision.allowed) {
        return problem(429, {
          detail: `Rate limit of ${decision.limit} requests a minute reached for this customer; retry in ${decision.resetSeconds} s.`,
          headers: rateLimitHeaders(decision),
        });
      }
      if (!charged) return caller;
      const denied = charge(event, caller);
      return denied === null ? caller : denied.then((problemResponse) => problemResponse ?? caller);
    };
    return sharedLimiter && limit > 0
      ? sharedLimiter.check(caller.customerId, limit, Date.now()).then(afterLimit)
      : afterLimit(localLimiter.check(caller.customerId, limit, Date.now()));
  };
  /**
   * Takes one credit for a calculation of a customer with a ledger (null: nothing to charge);
   * resolves to the 402/503 to answer with, or null when the credit was taken.
   */
  function charge(event: H3Event, caller: Caller): Promise<Response | null> | null {
    if (!store || caller.source !== 'provisioned' || !ledgers.has(caller.customerId)) return null;
    // A full disk: spending could not be recorded, so nothing is charged (answered at once, no waiting).
    if (store.diskFull) {
      return Promise.resolve(problem(503, { detail: 'Charged routes are paused: the server cannot record usage (its disk is full). Try again shortly.', headers: { 'retry-after': '30' } }));
    }
    return reserveCredit(caller.customerId).then(
      (ok) => {
        if (!ok) return problem(402, { detail: `The credit balance of ${caller.customerId} is 0: add credits to continue (account routes stay free).` });
        event.context.creditReserved = caller.customerId;
        return null;
      },
      (error) => problem(503, error instanceof CorruptRecordError
        ? { detail: `The credit record of ${caller.customerId} cannot be read; it is kept as it is and the operator is told (npm run keys -- check). Charged routes answer 503 until it is repaired.` }
        : { detail: 'The credit ledger is unavailable right now; try again shortly.', headers: { 'retry-after': '5' } }),
    );
  }
  const guard = guardOf(true);
  const freeGuard = guardOf(false);
  /** Calculation routes and MCP calls count in a provisioned customer's usage. */
  const counted = new Set([...routes.filter((r) => r.tool && r.auth === 'key').map((r) => `${r.method} ${r.path}`), 'POST /mcp']);
  if (!options.readiness) warmUp();
  // Without a store of its own yet, the app's storage and cache are in-process and always reachable.
  const readiness = options.readiness ?? (() => ({ ...engineReadiness(), storage: true, cache: true }));
  const startedAt = ctx.now();

  /**
   * What every answer gets once its handler is done: CORS headers, rate-limit headers (answers that
   * did not carry them already), the customer's usage count or credit refund, and the request log line.
   * It runs synchronously in {@link finished}, around each handler, rather than in h3's `onResponse`
   * hook, which would put three promise hops into every request (measured: ~1.7 µs of the ~32 µs of
   * server CPU a GET /v1/time costs, A/B in interleaved rounds). Never throws.
   */
  const finish = (event: H3Event, response: Response): Response => {
    cors.decorate(event, response);
    const decision = event.context.rateLimit as RateDecision | undefined;
    if (decision) for (const [name, value] of Object.entries(rateLimitHeaders(decision))) response.headers.set(name, value);
    const caller = event.context.caller as Caller | undefined;
    if (store && caller?.source === 'provisioned') {
      // HEAD answers as GET does (same guard, same credit), so it counts as GET too.
      const route = `${event.req.method === 'HEAD' ? 'GET' : event.req.method} ${event.context.matchedRoute?.route}`;
      try {
        const failed = response.status >= 400 || event.context.calculationFailed === true;
        if (!failed && counted.has(route)) store.incr('usage', usageKey(caller.customerId, usageMonth(ctx.now()), route));
        if (event.context.creditReserved && failed) refundCredit(caller.customerId);
      } catch { /* the store is closing: the server is stopping */ }
    }
    if (!logger) return response;
    const started = event.context.startedAt as number | undefined;
    try {
      logger.log({
        route: event.context.matchedRoute?.route === '/**' ? '(unmatched)' : (event.context.matchedRoute?.route ?? '(unmatched)'),
        method: event.req.method,
        status: response.status,
        latency_ms: started === undefined ? 0 : Math.round((performance.now() - started) * 1000) / 1000,
        customer_id: caller?.customerId ?? null,
        key_fingerprint: caller?.keyFingerprint ?? null,
        cache: (event.context.cacheStatus as string | undefined) ?? null,
      });
    } catch { /* a log line is never worth a failed answer */ }
    return response;
  };

  /** An error as the answer: 4xx problems say what was wrong; anything else is a bug, logged and answered 500. */
  const failure = (error: unknown, event: H3Event): Response => {
    const status = HTTPError.isError(error) ? error.status : 500;
    if (status >= 500) {
      options.onUnexpected?.(HTTPError.isError(error) ? (error.cause ?? error) : error, event);
      return problem(500, { detail: 'The server failed to answer this request; it has been logged.' });
    }
    return problem(status, { detail: (error as Error).message || 'The request could not be processed.' });
  };

  const asResponse = (value: unknown): Response => (value instanceof Response ? value : json(value ?? null));

  /** A handler whose answer, or failure, goes through {@link finish}: synchronously when the handler is. */
  const finished = (handler: Handler): Handler => (event) => {
    let out: unknown;
    try {
      out = handler(event);
    } catch (error) {
      return finish(event, failure(error, event));
    }
    if (out instanceof Response) return finish(event, out);
    if (typeof (out as PromiseLike<unknown> | null)?.then === 'function') {
      return Promise.resolve(out).then((value) => finish(event, asResponse(value)), (error) => finish(event, failure(error, event)));
    }
    return finish(event, asResponse(out));
  };

  const app = new H3({
    onRequest: logger ? (event) => { event.context.startedAt = performance.now(); } : undefined,
    // Only what fails before a route's handler runs (a malformed URL) reaches this: handlers answer
    // their own errors through `finished`.
    onError: (error, event) => finish(event, failure(error, event)),
  });

  /** Service routes that need a key get the same check as calculation routes. */
  const keyed = (handler: Handler): Handler => (event) => {
    const caller = freeGuard(event);
    if (caller instanceof Response) return caller;
    return caller instanceof Promise ? caller.then((c) => (c instanceof Response ? c : handler(event))) : handler(event);
  };

  let openapi: Promise<unknown> | undefined;
  // Servers are written relative ("/"), so the document is the same whichever host serves it.
  const openapiDoc = () => (openapi ??= buildOpenApi(routes, '/'));
  const account = accountRoutes({ settings, store, ledgers, now: ctx.now });
  const shares = shareRoutes({
    store, siteUrl: settings.siteUrl, now: ctx.now, limiter: sharedLimiter ?? localLimiter, clientAddress: clientAddressOf(settings.trustProxy),
  });
  const handlers: Record<string, Handler> = {
    'GET /': indexRoute(settings),
    'GET /health': healthRoute(readiness),
    'GET /v1/status': statusRoute(settings, routes, startedAt, ctx.now),
    'GET /openapi.json': async () => json(await openapiDoc()),
    'GET /v1/canary': keyed(canaryRoute(ctx.now, options.storageRoundTrip ?? (async () => readiness().storage))),
    'GET /v1/account/profile': keyed(account.profile),
    'GET /v1/account/usage': keyed(account.usage),
    'GET /v1/account/limits': keyed(account.limits),
    'GET /v1/account/credits': keyed(account.credits),
    'POST /v1/observatory/share': shares.create,
    'GET /v1/observatory/share/:token': shares.read,
  };
  for (const route of routes) {
    const handler = route.tool ? toolHandler(route.tool, { guard, cache, ctx }) : handlers[`${route.method} ${route.path}`];
    if (!handler) throw new Error(`no handler for ${route.method} ${route.path}`);
    const answer = finished(handler);
    app.on(route.method, route.path, answer);
    if (route.method === 'GET') app.on('HEAD', route.path, answer);
  }

  // MCP over Streamable HTTP (stateless): POST only. The SDK is loaded on the first /mcp request, so
  // API start-up does not pay for it. The one import of another front end: mcp/ never imports http/.
  let mcp: Promise<(event: H3Event) => Promise<Response>> | undefined;
  app.post('/mcp', finished(async (event) => {
    mcp ??= import('../mcp/http.ts').then((m) => m.mcpHandler({
      // MCP: key and rate limit for every message; a credit only for tools/call (a calculation).
      guard: freeGuard,
      charge: (event) => charge(event, event.context.caller as Caller) ?? Promise.resolve(null),
      ctx, allowedOrigins: settings.corsOrigins, openapi: openapiDoc,
    }));
    return (await mcp)(event);
  }));

  const paths = methodsByPath(routes);
  paths.set('/mcp', ['POST']);
  for (const [path, methods] of paths) {
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
    app.options(path, finished(cors.preflight(methods.includes('GET') ? [...methods, 'HEAD'] : methods)));
    app.all(path, finished((event) => problem(405, {
      detail: path === '/mcp'
        ? 'The MCP endpoint is stateless: send JSON-RPC messages with POST; GET and DELETE are not used.'
        : `${event.req.method} is not allowed on ${path}; use ${methods.join(' or ')}.`,
      headers: { allow },
    })));
  }
  app.all('/**', finished((event) => problem(404, { detail: `No route ${event.url.pathname}. The routes are listed at /openapi.json and /v1/status.` })));

  return { app, routes, cache, refreshKeys };
}
