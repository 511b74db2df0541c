/**
 * Builds the h3 app: service routes, one route per registry tool, and problem+json answers for every
 * error (404, 405 with Allow, 500 without internals). No port is opened here: tests call `app.fetch`.
 */
import { H3, type H3Event } from 'h3';
import { engineReadiness, warmUp } from '../engine/health.ts';
import { registry } from '../engine/registry.ts';
import { systemContext, type AnyTool, type ToolContext } from '../engine/tool.ts';
import { KeyRing } from './middleware/auth.ts';
import { MemoryCache, noCache, type ResponseCache } from './middleware/cache.ts';
import { json, problem } from './middleware/problem.ts';
import { methodsByPath, routeInventory, type RouteInfo } from './routes/inventory.ts';
import { buildOpenApi } from './routes/openapi.ts';
import { healthRoute, indexRoute, statusRoute, type Readiness } from './routes/service.ts';
import { toolHandler } from './routes/tools.ts';
import type { Settings } from './settings.ts';

export interface AppOptions {
  settings: Settings;
  ctx?: ToolContext;
  tools?: readonly AnyTool[];
  readiness?: () => Readiness;
  cache?: ResponseCache;
  /** Called for errors the app did not expect (a bug): the client sees a plain 500 problem. */
  onUnexpected?: (error: unknown, event: H3Event) => void;
}

export interface BuiltApp {
  app: H3;
  routes: RouteInfo[];
  cache: ResponseCache;
}

export function createApp(options: AppOptions): BuiltApp {
  const { settings } = options;
  const ctx = options.ctx ?? systemContext;
  const routes = routeInventory(options.tools ?? registry);
  const cache = options.cache ?? (settings.cache === 'off' ? noCache : new MemoryCache());
  const keys = new KeyRing(settings.apiKeys);
  if (!options.readiness) warmUp();
  // Without a store of its own yet, the app's storage and cache are in-process and always reachable.
  const readiness = options.readiness ?? (() => ({ ...engineReadiness(), storage: true, cache: true }));
  const startedAt = ctx.now();

  const app = new H3({
    onError: (error, event) => {
      const status = error.status ?? 500;
      if (status >= 500) {
        options.onUnexpected?.(error.cause ?? error, event);
        return problem(500, { detail: 'The server failed to answer this request; it has been logged.' });
      }
      return problem(status, { detail: error.message || 'The request could not be processed.' });
    },
  });

  let openapi: Promise<unknown> | undefined;
  // Servers are written relative ("/"), so the document is the same whichever host serves it.
  const openapiDoc = () => (openapi ??= buildOpenApi(routes, '/'));
  const handlers: Record<string, (event: H3Event) => unknown> = {
    'GET /': indexRoute(settings),
    'GET /health': healthRoute(readiness),
    'GET /v1/status': statusRoute(settings, routes, startedAt, ctx.now),
    'GET /openapi.json': async () => json(await openapiDoc()),
  };
  for (const route of routes) {
    const handler = route.tool ? toolHandler(route.tool, { keys, cache, ctx }) : handlers[`${route.method} ${route.path}`];
    if (!handler) throw new Error(`no handler for ${route.method} ${route.path}`);
    app.on(route.method, route.path, handler);
    if (route.method === 'GET') app.on('HEAD', route.path, handler);
  }
  for (const [path, methods] of methodsByPath(routes)) {
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].join(', ');
    app.all(path, (event) => problem(405, {
      detail: `${event.req.method} is not allowed on ${path}; use ${methods.join(' or ')}.`,
      headers: { allow },
    }));
  }
  // MCP over Streamable HTTP (stateless): POST only.
  // The MCP SDK is loaded on the first /mcp request, so API start-up does not pay for it.
  let mcp: Promise<(event: H3Event) => Promise<Response>> | undefined;
  app.post('/mcp', async (event) => {
    mcp ??= import('../mcp/http.ts').then((m) => m.mcpHandler({ keys, ctx, allowedOrigins: settings.corsOrigins, openapi: openapiDoc }));
    return (await mcp)(event);
  });
  app.all('/mcp', () => problem(405, { detail: 'The MCP endpoint is stateless: send JSON-RPC messages with POST; GET and DELETE are not used.', headers: { allow: 'POST' } }));
  app.all('/**', (event) => problem(404, { detail: `No route ${event.url.pathname}. The routes are listed at /openapi.json and /v1/status.` }));

  return { app, routes, cache };
}
