/** Service routes that are not calculations: index, health and the status document. */
import { probeEphemeris } from '../../engine/index.ts';
import { lookupZones } from '../../engine/index.ts';
import { sources } from '../../engine/index.ts';
import { SERVICE, VERSION } from '../../service/identity.ts';
import { formatUtc } from '../../engine/index.ts';
import type { H3Event } from 'h3';
import type { Settings } from '../../service/settings.ts';
import { json } from '../json.ts';
import { STATUS_FAMILIES, type RouteInfo } from '../../service/inventory.ts';

export interface Readiness {
  timezone_data: boolean;
  ephemeris: boolean;
  /** The place-name index is built (search_places answers 503 until then); not needed to be healthy. */
  places?: boolean;
  storage: boolean;
  cache: boolean;
  /** The embedded store can be read but not written (disk or quota full): degraded, not down. */
  storage_full?: boolean;
}

/** `GET /`: where things are; `website` only when SITE_URL names one (never a link to a site not running). */
export function indexRoute(settings: Settings) {
  const body = {
    service: SERVICE,
    version: VERSION,
    docs: '/openapi.json',
    status: '/v1/status',
    mcp: '/mcp',
    ...(settings.siteUrl === undefined ? {} : { website: settings.siteUrl }),
  };
  return () => json(body);
}

/**
 * 200 while calculations can be served; 503 while time-zone data or ephemeris are not ready or the
 * embedded store is unusable. A full disk (the store reads but cannot write: charged routes pause,
 * calculations go on) and a lost shared cache are `degraded`, not down.
 */
export function healthRoute(readiness: () => Readiness) {
  return () => {
    const { storage_full: full = false, ...ready } = readiness();
    const servable = ready.timezone_data && ready.ephemeris && (ready.storage || full);
    const degraded = servable && (!ready.cache || !ready.storage);
    return json({ ok: servable, degraded, tzdb: sources.tzdb, ready }, servable ? 200 : 503, { 'cache-control': 'no-store' });
  };
}

export function statusRoute(settings: Settings, routes: RouteInfo[], startedAt: Date, now: () => Date) {
  const endpointFamilies = STATUS_FAMILIES.map((family) => ({
    family,
    routes: routes.filter((r) => r.family === family).map((r) => `${r.method} ${r.path}`),
  })).filter((f) => f.routes.length > 0);
  return () =>
    json(
      {
        ok: true,
        service: SERVICE,
        version: VERSION,
        started_at: startedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        uptime_seconds: Math.floor((now().getTime() - startedAt.getTime()) / 1000),
        api_key_required: true,
        cache: settings.cache,
        tzdb: sources.tzdb,
        timezone_boundaries: sources.timezoneBoundaries,
        endpoint_families: endpointFamilies,
        measured_status_wording:
          'This document reports what this instance sees about itself at request time (process up, routes served, cache mode). It is not an uptime history and makes no availability claim.',
        sla_claimed: false,
        monitoring: {
          low_level_health: '/health',
          public_status: '/v1/status',
          protected_canary: '/v1/canary',
          external_sla_history: 'not-yet-published',
        },
      },
      200,
      { 'cache-control': 'no-store' },
    );
}

/**
 * The protected canary: reached only with a valid key (so `auth` is proven), then a real time-zone
 * lookup (Greenwich), a real ephemeris call and a storage round trip. 503 when any check fails.
 */
export function canaryRoute(now: () => Date, storageRoundTrip: () => Promise<boolean>) {
  return async (event: H3Event) => {
    const caller = event.context.caller!;
    let timezone = false;
    try {
      timezone = lookupZones(51.4769, -0.0005).zones[0] === 'Europe/London';
    } catch {
      timezone = false;
    }
    const storage = await storageRoundTrip().catch(() => false);
    const checks = { auth: true, timezone_lookup: timezone, ephemeris: probeEphemeris(), storage };
    const ok = Object.values(checks).every(Boolean);
    return json({ ok, checked_at: formatUtc(now().getTime()), customer_id: caller.customerId, checks }, ok ? 200 : 503, { 'cache-control': 'no-store' });
  };
}
