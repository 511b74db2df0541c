/** Service routes that are not calculations: index, health and the status document. */
import { FAMILIES } from '../../engine/tool.ts';
import type { Settings } from '../settings.ts';
import { json } from '../middleware/problem.ts';
import type { RouteInfo } from './inventory.ts';

export const SERVICE = 'time-coordinate-api';
export const VERSION = '0.1.0';

export interface Readiness {
  timezone_data: boolean;
  ephemeris: boolean;
  storage: boolean;
  cache: boolean;
}

export function indexRoute(settings: Settings) {
  return () => json({
    service: SERVICE, version: VERSION, docs: '/openapi.json', status: '/v1/status', mcp: '/mcp', website: settings.siteUrl,
  });
}

/** 200 while calculations can be served; 503 while time-zone data or ephemeris are not ready. */
export function healthRoute(readiness: () => Readiness) {
  return () => {
    const ready = readiness();
    const servable = ready.timezone_data && ready.ephemeris && ready.storage;
    const degraded = servable && !ready.cache;
    return json({ ok: servable, degraded, ready }, servable ? 200 : 503, { 'cache-control': 'no-store' });
  };
}

export function statusRoute(settings: Settings, routes: RouteInfo[], startedAt: Date, now: () => Date) {
  const endpointFamilies = FAMILIES
    .map((family) => ({ family, routes: routes.filter((r) => r.family === family).map((r) => `${r.method} ${r.path}`) }))
    .filter((f) => f.routes.length > 0);
  return () => json({
    ok: true,
    service: SERVICE,
    version: VERSION,
    started_at: startedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    uptime_seconds: Math.floor((now().getTime() - startedAt.getTime()) / 1000),
    api_key_required: true,
    cache: settings.cache,
    endpoint_families: endpointFamilies,
    measured_status_wording: 'This document reports what this instance sees about itself at request time (process up, routes served, cache mode). It is not an uptime history and makes no availability claim.',
    sla_claimed: false,
    monitoring: {
      low_level_health: '/health',
      public_status: '/v1/status',
      protected_canary: '/v1/canary',
      external_sla_history: 'not-yet-published',
    },
  }, 200, { 'cache-control': 'no-store' });
}
