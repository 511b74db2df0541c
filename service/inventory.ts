/**
 * Every route the server serves, in one list: the registry's calculation routes plus the service routes.
 * The status document, the OpenAPI document and the 405 answers all read this list, so none can drift
 * from what is actually routed.
 */
import type { z } from 'zod';
import { registry } from '../engine/index.ts';
import type { AnyTool } from '../engine/index.ts';
import { OPENAPI_PER_MINUTE } from './limits.ts';
import { DEFAULT_CREATES_PER_MINUTE, DEFAULT_SHARES_MAX, DEFAULT_SHARES_PER_ADDRESS, ShareCreated, ShareRequest, ShareView } from './shares.ts';

/** The status document's families, in the order it lists them (the contract fixes this list). */
export const STATUS_FAMILIES = ['public', 'time', 'date', 'holiday', 'geospatial', 'solar', 'astronomy', 'monitoring', 'account', 'observatory'] as const;
export type StatusFamily = (typeof STATUS_FAMILIES)[number];

/** A calculation's status family by the first segment of its route (`/v1/geo/…` → geospatial). */
const STATUS_FAMILY_OF_SEGMENT: Readonly<Record<string, StatusFamily>> = {
  time: 'time',
  date: 'date',
  holidays: 'holiday',
  geo: 'geospatial',
  solar: 'solar',
  astronomy: 'astronomy',
};

/**
 * A tool's status family, read off its route (so the published paths and the status document stay as
 * they are whatever family the tool's folder is): `public` when it needs no key, else its URL segment's.
 */
export function statusFamilyOf(tool: Pick<AnyTool, 'name' | 'auth' | 'http'>): StatusFamily {
  if (tool.auth === 'public') return 'public';
  const segment = /^\/v1\/([^/]+)/.exec(tool.http.path)?.[1] ?? '';
  const family = Object.hasOwn(STATUS_FAMILY_OF_SEGMENT, segment) ? STATUS_FAMILY_OF_SEGMENT[segment] : undefined;
  if (!family) throw new Error(`${tool.name}: ${tool.http.path} is under no status family (service/inventory.ts lists the route segments)`);
  return family;
}

export interface RouteInfo {
  /** A service route's name: the key of its handler in the API's table (http/app.ts). */
  id?: string;
  method: 'GET' | 'POST';
  /** h3 pattern, e.g. `/v1/observatory/share/:token`. */
  path: string;
  family: StatusFamily;
  auth: 'public' | 'key';
  summary: string;
  description?: string;
  tool?: AnyTool;
  /** For service routes that take or give a documented JSON shape (OpenAPI reads these). */
  body?: { schema: z.ZodType; example: unknown };
  response?: z.ZodType;
  /** Problem answers the route gives besides the usual ones, with what they mean. */
  problems?: Record<number, string>;
  /** Answers carry a strong ETag, and `If-None-Match` with it is answered 304 with no body. */
  conditional?: boolean;
}

const SHARE_EXAMPLE = { poster: 'sky', date: '2026-12-21', location: { name: 'Greenwich', lat: 51.4769, lng: -0.0005 }, time: '21:30', ttl_days: 30 };

/**
 * The routes that are no tool's, declared here once: each is served by the handler its `id` names in
 * the API's table (http/app.ts), whose type is {@link ServiceHandlers}, so a route without a handler, or
 * a handler without a route, does not compile.
 */
export const serviceRoutes = [
  {
    id: 'index',
    method: 'GET',
    path: '/',
    family: 'public',
    auth: 'public',
    summary: 'Service index: name, version and where the docs, status and MCP endpoint are; `website` (SITE_URL) only when the server names its site',
  },
  {
    id: 'health',
    method: 'GET',
    path: '/health',
    family: 'public',
    auth: 'public',
    summary: 'Readiness for load balancers: 200 while calculations can be served, 503 otherwise',
  },
  {
    id: 'openapi',
    method: 'GET',
    path: '/openapi.json',
    family: 'public',
    auth: 'public',
    summary: `This OpenAPI 3.1 document, generated from the tool registry; ${OPENAPI_PER_MINUTE} requests a minute per client address`,
    conditional: true,
    problems: { 429: `More than ${OPENAPI_PER_MINUTE} requests in a minute from this address (revalidations included); see Retry-After` },
  },
  {
    id: 'status',
    method: 'GET',
    path: '/v1/status',
    family: 'public',
    auth: 'public',
    summary: 'Status document: version, uptime, cache mode and every route the server serves, by family',
  },
  {
    id: 'canary',
    method: 'GET',
    path: '/v1/canary',
    family: 'monitoring',
    auth: 'key',
    summary: 'Protected canary: exercises the key path, a time-zone lookup, an ephemeris call and a storage round trip',
  },
  {
    id: 'accountProfile',
    method: 'GET',
    path: '/v1/account/profile',
    family: 'account',
    auth: 'key',
    summary: 'The calling customer, its key fingerprint, plan and which data this deployment stores persistently',
  },
  {
    id: 'accountUsage',
    method: 'GET',
    path: '/v1/account/usage',
    family: 'account',
    auth: 'key',
    summary: 'Requests this month, by route (configured: false for environment keys, which keep no history)',
  },
  { id: 'accountLimits', method: 'GET', path: '/v1/account/limits', family: 'account', auth: 'key', summary: 'Rate limit per minute and batch sizes' },
  {
    id: 'accountCredits',
    method: 'GET',
    path: '/v1/account/credits',
    family: 'account',
    auth: 'key',
    summary: 'Credit ledger: balance and requests this month (configured: false without a ledger)',
  },
  {
    id: 'shareCreate',
    method: 'POST',
    path: '/v1/observatory/share',
    family: 'observatory',
    auth: 'public',
    summary: 'Share an observatory poster (sky, orrery or sun path for a date, time and place) by an unguessable token; rate limited per client address',
    body: { schema: ShareRequest, example: SHARE_EXAMPLE },
    response: ShareCreated,
    problems: {
      400: 'A field is invalid (named in errors)',
      413: 'Body over 64 KiB',
      415: 'Body is not JSON',
      429: `Too many shares from this address: ${DEFAULT_CREATES_PER_MINUTE} created in the last minute, or as many live shares as one address may keep (SHARES_PER_ADDRESS, default ${DEFAULT_SHARES_PER_ADDRESS}); see Retry-After`,
      503: `The share store is unavailable, or full (SHARES_MAX live shares, default ${DEFAULT_SHARES_MAX}); see Retry-After`,
    },
  },
  {
    id: 'shareRead',
    method: 'GET',
    path: '/v1/observatory/share/:token',
    family: 'observatory',
    auth: 'public',
    summary:
      'Read a shared observatory poster by its token (404 when unknown, malformed or expired), with the zone of its place and the UTC instant of its local date and time',
    response: ShareView,
    problems: { 404: 'No share has this token: unknown, malformed or expired', 503: 'The share store is unavailable; see Retry-After' },
  },
] as const satisfies readonly RouteInfo[];

/** `health`, `accountUsage`, …: the name of each service route. */
export type ServiceRouteId = (typeof serviceRoutes)[number]['id'];

/** A table with one handler for each service route, and nothing else (an object literal's extra key is an error). */
export type ServiceHandlers<H> = { readonly [Id in ServiceRouteId]: H };

export function routeInventory(tools: readonly AnyTool[] = registry): RouteInfo[] {
  const toolRoutes: RouteInfo[] = tools.map((tool) => ({
    method: tool.http.method,
    path: tool.http.path,
    family: statusFamilyOf(tool),
    auth: tool.auth,
    summary: tool.title,
    description: tool.description,
    tool,
  }));
  return [...serviceRoutes, ...toolRoutes];
}

/** Allowed methods per path, for 405 answers with `Allow`. */
export function methodsByPath(routes: RouteInfo[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const r of routes) map.set(r.path, [...(map.get(r.path) ?? []), r.method]);
  return map;
}
