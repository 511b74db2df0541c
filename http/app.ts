/**
 * Builds the h3 app: service routes, one route per registry tool, CORS, request logs, and problem+json
 * answers for every error (404, 405 with Allow, 500 without internals). No port is opened here: tests
 * call `app.fetch`.
 */
import { H3, HTTPError, type H3Event } from 'h3';
import { clipEcho } from '../engine/echo.ts';
import { engineReadiness, warmUp } from '../engine/health.ts';
import { registry } from '../engine/registry.ts';
import { systemContext, type AnyTool, type ToolContext } from '../engine/tool.ts';
import { KeyRing } from './middleware/auth.ts';
import { rateLimitHeaders, SharedWindowLimiter, SlidingWindowLimiter } from './middleware/rate-limit.ts';
import { MemoryCache, noCache, type ResponseCache } from './middleware/cache.ts';
import { Cors } from './middleware/cors.ts';
import { json } from './json.ts';
import { finalAnswer } from './compress.ts';
import { problem } from '../service/problem.ts';
import type { RequestLogger } from './middleware/request-log.ts';
import { listKeyRecords } from './accounts.ts';
import { createBilling } from './billing.ts';
import { clientAddressOf, clientGroupOf } from './client-address.ts';
import { guardOf, surchargeOf } from './guard.ts';
import { IdempotencyRecords } from './idempotency.ts';
import { offloadingRunner, runHere } from './offload.ts';
import type { WorkPool } from '../service/work-pool.ts';
import { accountRoutes } from './routes/account.ts';
import type { Store } from './store/index.ts';
import { methodsByPath, routeInventory, type RouteInfo, type ServiceRouteKey } from '../service/inventory.ts';
import { buildOpenApi } from '../service/openapi.ts';
import { canaryRoute, healthRoute, indexRoute, statusRoute, type Readiness } from './routes/service.ts';
import { openapiRoute } from './routes/openapi.ts';
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
  /** Runs heavy calls off the main thread (the server's; tests without one run every call here). */
  workPool?: WorkPool;
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

  const billing = createBilling({ store, ledgers, routes, now: ctx.now });
  const guardOptions = { settings, keys, localLimiter, sharedLimiter, charge: billing.charge };
  const guard = guardOf(guardOptions, true);
  const freeGuard = guardOf(guardOptions, false);
  const surcharge = surchargeOf(guardOptions);
  const runTool = options.workPool ? offloadingRunner(options.workPool) : runHere;
  const idempotency = new IdempotencyRecords(store?.redis ?? null, store?.redis ? `${store.redisPrefix}:idempotency:` : undefined);
  if (!options.readiness) warmUp();
  // Without a store of its own yet, the app's storage and cache are in-process and always reachable.
  const readiness = options.readiness ?? (() => ({ ...engineReadiness(), storage: true, cache: true }));
  const startedAt = ctx.now();

  /**
   * What every answer gets once its handler is done: CORS headers, rate-limit headers (answers that
   * did not carry them already), `X-Content-Type-Options: nosniff` (answers not built with it), the
   * customer's usage count or credit refund, the request log line; then compression (http/compress.ts).
   * It runs synchronously in {@link finished}, around each handler, rather than in h3's `onResponse`
   * hook, which would put three promise hops into every request (a few percent of a GET /v1/time's
   * server CPU). Never throws.
   */
  const finish = (event: H3Event, response: Response): Response | Promise<Response> => {
    cors.decorate(event, response);
    // Headers written in with the answer's own (http/compress.ts finalAnswer: no Headers object).
    // Calculation answers (the only ones with a cache status) carry nosniff already.
    const set: [string, string][] = event.context.cacheStatus === undefined ? [['x-content-type-options', 'nosniff']] : [];
    const decision = event.context.rateLimit;
    if (decision) for (const pair of Object.entries(rateLimitHeaders(decision))) set.push(pair);
    const caller = event.context.caller;
    const credits = billing.settle(event, response, caller);
    // Every keyed answer says what it cost (answers built by the tool routes carry it already).
    if (caller && event.context.creditsSaid !== true) set.push(['x-credits-charged', String(credits ?? 0)]);
    if (!logger) return finalAnswer(event, response, set);
    const started = event.context.startedAt;
    try {
      logger.log({
        route: event.context.matchedRoute?.route === '/**' ? '(unmatched)' : (event.context.matchedRoute?.route ?? '(unmatched)'),
        method: event.req.method,
        status: response.status,
        latency_ms: started === undefined ? 0 : Math.round((performance.now() - started) * 1000) / 1000,
        customer_id: caller?.customerId ?? null,
        key_fingerprint: caller?.keyFingerprint ?? null,
        cache: event.context.cacheStatus ?? null,
      });
    } catch {
      /* a log line is never worth a failed answer */
    }
    return finalAnswer(event, response, set);
  };

  /** An error as the answer: 4xx problems say what was wrong; anything else is a bug, logged and answered 500. */
  const failure = (error: unknown, event: H3Event): Response => {
    const status = HTTPError.isError(error) ? error.status : 500;
    if (status >= 500) {
      options.onUnexpected?.(HTTPError.isError(error) ? (error.cause ?? error) : error, event);
      return problem(500, { detail: 'The server failed to answer this request; it has been logged.' });
    }
    return problem(status, { detail: clipEcho((error as Error).message || 'The request could not be processed.') });
  };

  const asResponse = (value: unknown): Response => (value instanceof Response ? value : json(value ?? null));

  /** A handler whose answer, or failure, goes through {@link finish}: synchronously when the handler is. */
  const finished =
    (handler: Handler): Handler =>
    (event) => {
      let out: unknown;
      try {
        out = handler(event);
      } catch (error) {
        return finish(event, failure(error, event));
      }
      if (out instanceof Response) return finish(event, out);
      if (typeof (out as PromiseLike<unknown> | null)?.then === 'function') {
        return Promise.resolve(out).then(
          (value) => finish(event, asResponse(value)),
          (error) => finish(event, failure(error, event)),
        );
      }
      return finish(event, asResponse(out));
    };

  const app = new H3({
    onRequest: logger
      ? (event) => {
          event.context.startedAt = performance.now();
        }
      : undefined,
    // Only what fails before a route's handler runs (a malformed URL) reaches this: handlers answer
    // their own errors through `finished`.
    onError: (error, event) => finish(event, failure(error, event)),
  });

  /** Service routes that need a key get the same check as calculation routes. */
  const keyed =
    (handler: Handler): Handler =>
    (event) => {
      const caller = freeGuard(event);
      if (caller instanceof Response) return caller;
      return caller instanceof Promise ? caller.then((c) => (c instanceof Response ? c : handler(event))) : handler(event);
    };

  let openapi: Promise<unknown> | undefined;
  // Servers are written relative ("/"), so the document is the same whichever host serves it.
  const openapiDoc = () => (openapi ??= buildOpenApi(routes, '/'));
  const account = accountRoutes({ settings, store, ledgers, now: ctx.now });
  const shares = shareRoutes({
    store,
    siteUrl: settings.siteUrl,
    now: ctx.now,
    limiter: sharedLimiter ?? localLimiter,
    clientAddress: clientAddressOf(settings.trustProxy),
    perAddress: settings.sharesPerAddress,
    maxShares: settings.sharesMax,
  });
  const openapiJson = openapiRoute({
    document: openapiDoc,
    limiter: sharedLimiter ?? localLimiter,
    clientGroup: clientGroupOf(settings.trustProxy),
    now: ctx.now,
  });
  const handlers: Record<ServiceRouteKey, Handler> = {
    'GET /': indexRoute(settings),
    'GET /health': healthRoute(readiness),
    'GET /v1/status': statusRoute(settings, routes, startedAt, ctx.now),
    'GET /openapi.json': openapiJson,
    'GET /v1/canary': keyed(canaryRoute(ctx.now, options.storageRoundTrip ?? (async () => readiness().storage))),
    'GET /v1/account/profile': keyed(account.profile),
    'GET /v1/account/usage': keyed(account.usage),
    'GET /v1/account/limits': keyed(account.limits),
    'GET /v1/account/credits': keyed(account.credits),
    'POST /v1/observatory/share': shares.create,
    'GET /v1/observatory/share/:token': shares.read,
  };
  for (const route of routes) {
    // A service route's key is one of the inventory's, and the table has them all (or it does not compile).
    const key = `${route.method} ${route.path}` as ServiceRouteKey;
    const answer = finished(route.tool ? toolHandler(route.tool, { guard, cache, ctx, surcharge, idempotency, runTool }) : handlers[key]);
    app.on(route.method, route.path, answer);
    if (route.method === 'GET') app.on('HEAD', route.path, answer);
  }

  // MCP over Streamable HTTP (stateless): POST only. The SDK is loaded on the first /mcp request, so
  // API start-up does not pay for it. The one import of another front end: mcp/ never imports http/.
  let mcp: ((event: H3Event) => Promise<Response>) | Promise<(event: H3Event) => Promise<Response>> | undefined;
  app.post(
    '/mcp',
    finished((event) => {
      mcp ??= import('../mcp/http.ts').then(
        (m) =>
          (mcp = m.mcpHandler({
            // MCP: key and rate limit for every message; a credit only for tools/call (a calculation).
            guard: freeGuard,
            charge: (event) => {
              event.context.credits = 1;
              return billing.charge(event, event.context.caller!);
            },
            charges: (event) => ({
              surcharge: async (extra, force) => {
                const refused = await surcharge(event, event.context.caller!, extra, force);
                if (refused) return ((await refused.json()) as { detail: string }).detail;
                event.context.credits = (event.context.credits ?? 1) + extra;
                return null;
              },
              settle: (credits, workCharged) => {
                event.context.credits = credits;
                if (workCharged) event.context.workCharged = true;
              },
            }),
            ctx,
            allowedOrigins: settings.corsOrigins,
            openapi: openapiDoc,
            toolsets: settings.mcpToolsets,
            siteUrl: settings.siteUrl,
            runTool,
          })),
      );
      return typeof mcp === 'function' ? mcp(event) : mcp.then((handler) => handler(event));
    }),
  );

  const paths = methodsByPath(routes);
  paths.set('/mcp', ['POST']);
  for (const [path, methods] of paths) {
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
    app.options(path, finished(cors.preflight(methods.includes('GET') ? [...methods, 'HEAD'] : methods)));
    app.all(
      path,
      finished((event) =>
        problem(405, {
          detail:
            path === '/mcp'
              ? 'The MCP endpoint is stateless: send JSON-RPC messages with POST; GET and DELETE are not used.'
              : `${event.req.method} is not allowed on ${path}; use ${methods.join(' or ')}.`,
          headers: { allow },
        }),
      ),
    );
  }
  app.all(
    '/**',
    finished((event) => problem(404, { detail: `No route ${clipEcho(event.url.pathname)}. The routes are listed at /openapi.json and /v1/status.` })),
  );

  return { app, routes, cache, refreshKeys };
}
