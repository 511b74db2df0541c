/**
 * Builds the h3 app: service routes, one route per registry tool, CORS, request logs, and problem+json
 * answers for every error (404, 405 with Allow, 500 without internals). No port is opened here: tests
 * call `app.fetch`. {@link createApp} reads as its steps: the app's parts (limits, billing, guards),
 * the finishing step every answer goes through (http/finish.ts), the service routes (declared in
 * service/inventory.ts, each served by the handler its `id` names) and the tool routes, `/mcp`, and
 * the OPTIONS, 405 and 404 answers.
 */
import { H3, type H3Event } from 'h3';
import { clipEcho } from '../engine/index.ts';
import { startNodeEngine } from '../engine/index.ts';
import { registry } from '../engine/index.ts';
import { systemContext, type AnyTool, type ToolContext } from '../engine/index.ts';
import { refusalProblem, type ToolRunner } from '../service/call.ts';
import { methodsByPath, routeInventory, serviceRoutes, type RouteInfo, type ServiceHandlers } from '../service/inventory.ts';
import { buildOpenApi } from '../service/openapi.ts';
import { problem } from '../service/problem.ts';
import type { Settings } from '../service/settings.ts';
import type { WorkPool } from '../service/work-pool.ts';
import { listKeyRecords } from './accounts.ts';
import { type Billing, createBilling } from './billing.ts';
import { clientAddressOf, clientGroupOf } from './client-address.ts';
import { answering, type Handler } from './finish.ts';
import { type Guard, guardOf, type Surcharge, surchargeOf } from './guard.ts';
import { IdempotencyRecords } from './idempotency.ts';
import { KeyRing } from './middleware/auth.ts';
import { MemoryCache, noCache, type ResponseCache } from './middleware/cache.ts';
import { Cors } from './middleware/cors.ts';
import { type ClusterWindowLimiter, type SharedWindowLimiter, sharedLimiterOf, SlidingWindowLimiter } from './middleware/rate-limit.ts';
import type { RequestLogger } from './middleware/request-log.ts';
import { offloadingRunner, runHere } from './offload.ts';
import { accountRoutes } from './routes/account.ts';
import { openapiRoute } from './routes/openapi.ts';
import { canaryRoute, healthRoute, indexRoute, statusRoute, type Readiness } from './routes/service.ts';
import { shareRoutes } from './routes/shares.ts';
import { toolHandler } from './routes/tools.ts';
import type { Store } from './store/index.ts';

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

/** What the steps of {@link createApp} share: the app's settings, stores, limits and front doors. */
interface AppParts {
  options: AppOptions;
  settings: Settings;
  ctx: ToolContext;
  routes: RouteInfo[];
  cache: ResponseCache;
  cors: Cors;
  store: Store | null;
  ledgers: Set<string>;
  limiter: SlidingWindowLimiter | SharedWindowLimiter | ClusterWindowLimiter;
  billing: Billing;
  /** The guard of charged routes (a credit too), and of free keyed routes. */
  guard: Guard;
  freeGuard: Guard;
  surcharge: Surcharge;
  runTool: ToolRunner;
  readiness: () => Readiness;
  /** The OpenAPI document, built on first use; servers written relative ("/"), the same whichever host serves it. */
  openapi: () => Promise<unknown>;
}

export function createApp(options: AppOptions): BuiltApp {
  const { parts, keys } = appParts(options);
  const { finish, failure, finished } = answering({ cors: parts.cors, billing: parts.billing, logger: options.logger, onUnexpected: options.onUnexpected });
  const app = new H3({
    onRequest: options.logger
      ? (event) => {
          event.context.startedAt = performance.now();
        }
      : undefined,
    // Only what fails before a route's handler runs (a malformed URL) reaches this: handlers answer
    // their own errors through `finished`.
    onError: (error, event) => finish(event, failure(error, event)),
  });
  mountRoutes(app, parts, finished);
  mountMcp(app, parts, finished);
  mountFallbacks(app, parts, finished);
  return { app, routes: parts.routes, cache: parts.cache, refreshKeys: keyRefresh(parts.store, keys, parts.ledgers, options.onDamagedRecord) };
}

/** The app's parts, from its options and settings. */
function appParts(options: AppOptions): { parts: AppParts; keys: KeyRing } {
  const { settings } = options;
  const ctx = options.ctx ?? systemContext;
  const routes = routeInventory(options.tools ?? registry);
  const store = options.store ?? null;
  const keys = new KeyRing(settings.apiKeys);
  const localLimiter = new SlidingWindowLimiter();
  // With Redis, one limit for all instances; on files, one for the workers of npm start (cluster-limits.ts).
  const sharedLimiter = sharedLimiterOf(store?.redis ?? null, settings.workers, localLimiter);
  const ledgers = new Set<string>();
  const billing = createBilling({ store, ledgers, routes, now: ctx.now });
  const guardOptions = { settings, keys, localLimiter, sharedLimiter, charge: billing.charge };
  const engine = startNodeEngine(!options.readiness); // warmed up here unless the caller (http/boot.ts) did
  let openapi: Promise<unknown> | undefined;
  const parts: AppParts = {
    options,
    settings,
    ctx,
    routes,
    cache: options.cache ?? (settings.cache === 'off' ? noCache : new MemoryCache(settings.cacheMaxBytes)),
    cors: new Cors(settings.corsOrigins),
    store,
    ledgers,
    limiter: sharedLimiter ?? localLimiter,
    billing,
    guard: guardOf(guardOptions, true),
    freeGuard: guardOf(guardOptions, false),
    surcharge: surchargeOf(guardOptions),
    runTool: options.workPool ? offloadingRunner(options.workPool) : runHere,
    // Without a store of its own yet, the app's storage and cache are in-process and always reachable.
    readiness: options.readiness ?? (() => ({ ...engine.readiness(), storage: true, cache: true })),
    openapi: () => (openapi ??= buildOpenApi(routes, '/')),
  };
  return { parts, keys };
}

/** Reloads provisioned keys and credit ledgers from the store; a damaged key record is reported once until it is repaired. */
function keyRefresh(store: Store | null, keys: KeyRing, ledgers: Set<string>, onDamagedRecord?: (record: string) => void): () => Promise<void> {
  const reportedDamage = new Set<string>();
  return async () => {
    if (!store) return;
    const { records, damaged } = await listKeyRecords(store);
    keys.setProvisioned(records);
    for (const record of damaged) {
      if (!reportedDamage.has(record)) onDamagedRecord?.(record);
    }
    reportedDamage.clear();
    for (const record of damaged) reportedDamage.add(record);
    const names = await store.mounts.credits.list('ledger');
    ledgers.clear();
    for (const name of names) ledgers.add(name.slice('ledger:'.length));
  };
}

/** The handler of each service route (service/inventory.ts declares them; this table has one for each). */
function serviceHandlers(parts: AppParts): ServiceHandlers<Handler> {
  const { settings, store, ledgers, ctx, readiness, routes, freeGuard } = parts;
  /** Service routes that need a key get the same check as calculation routes. */
  const keyed =
    (handler: Handler): Handler =>
    (event) => {
      const caller = freeGuard(event);
      if (caller instanceof Response) return caller;
      return caller instanceof Promise ? caller.then((c) => (c instanceof Response ? c : handler(event))) : handler(event);
    };
  const account = accountRoutes({ settings, store, ledgers, now: ctx.now });
  const shares = shareRoutes({
    store,
    siteUrl: settings.siteUrl,
    now: ctx.now,
    limiter: parts.limiter,
    clientAddress: clientAddressOf(settings.trustProxy),
    perAddress: settings.sharesPerAddress,
    maxShares: settings.sharesMax,
  });
  const storageRoundTrip = parts.options.storageRoundTrip ?? (async () => readiness().storage);
  return {
    index: indexRoute(settings),
    health: healthRoute(readiness),
    status: statusRoute(settings, routes, ctx.now(), ctx.now),
    openapi: openapiRoute({ document: parts.openapi, limiter: parts.limiter, clientGroup: clientGroupOf(settings.trustProxy), now: ctx.now }),
    canary: keyed(canaryRoute(ctx.now, storageRoundTrip)),
    accountProfile: keyed(account.profile),
    accountUsage: keyed(account.usage),
    accountLimits: keyed(account.limits),
    accountCredits: keyed(account.credits),
    shareCreate: shares.create,
    shareRead: shares.read,
  };
}

/** Every service route with its handler, and one route per tool; a GET answers HEAD too. */
function mountRoutes(app: H3, parts: AppParts, finished: (handler: Handler) => Handler): void {
  const { guard, cache, ctx, surcharge, runTool } = parts;
  const idempotency = new IdempotencyRecords(parts.store?.redis ?? null, parts.store?.redis ? `${parts.store.redisPrefix}:idempotency:` : undefined);
  const mount = (route: { method: 'GET' | 'POST'; path: string }, handler: Handler) => {
    const answer = finished(handler);
    app.on(route.method, route.path, answer);
    if (route.method === 'GET') app.on('HEAD', route.path, answer);
  };
  const handlers = serviceHandlers(parts);
  for (const route of serviceRoutes) mount(route, handlers[route.id]);
  for (const route of parts.routes) if (route.tool) mount(route, toolHandler(route.tool, { guard, cache, ctx, surcharge, idempotency, runTool }));
}

/**
 * MCP over Streamable HTTP (stateless): POST only. The SDK is loaded on the first /mcp request, so API
 * start-up does not pay for it. The one import of another front end: mcp/ never imports http/.
 */
function mountMcp(app: H3, { ctx, settings, billing, freeGuard, surcharge, openapi, runTool }: AppParts, finished: (handler: Handler) => Handler): void {
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
                if (refused) return refusalProblem(refused);
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
            openapi,
            toolsets: settings.mcpToolsets,
            siteUrl: settings.siteUrl,
            runTool,
          })),
      );
      return typeof mcp === 'function' ? mcp(event) : mcp.then((handler) => handler(event));
    }),
  );
}

/** Every path's OPTIONS (CORS preflight) and 405 with Allow for its other methods; 404 for any other path. */
function mountFallbacks(app: H3, { routes, cors }: AppParts, finished: (handler: Handler) => Handler): void {
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
}
