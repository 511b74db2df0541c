/**
 * Starts the API as `npm start` runs it: opens the store (files under DATA_DIR, or Redis), warms the
 * engine up, listens, reloads provisioned keys every 2 s, and returns a `stop()` that stops accepting,
 * lets in-flight requests finish, flushes every count and the request log.
 */
import { serve } from 'h3';
import { startPlacesIndex } from '../engine/geo/places-index.ts';
import { preloadHolidayData } from '../engine/holidays/calendar-data.ts';
import { engineReadiness, warmUp } from '../engine/health.ts';
import { sources } from '../engine/provenance.ts';
import { boundaryZonesWithoutRules } from '../engine/time/zone-names.ts';
import { createApp } from './app.ts';
import { requestLogger } from './middleware/request-log.ts';
import { providersFrom } from './providers.ts';
import type { Settings } from './settings.ts';
import { createStore } from './store/index.ts';
import { createResponseCache } from './store/response-cache.ts';

export function log(settings: Settings | null, level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown> = {}): void {
  const line = settings?.logFormat === 'pretty'
    ? `[${level}] ${message}${Object.keys(fields).length ? ' ' + JSON.stringify(fields) : ''}`
    : JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  (level === 'info' ? process.stdout : process.stderr).write(line + '\n');
}

export interface StartOptions {
  /** One log line per request (default true); the bench turns it off to measure what it costs. */
  requestLogs?: boolean;
}

export async function startServer(settings: Settings, options: StartOptions = {}): Promise<{ stop: (signal: string) => Promise<void> }> {
  const KEY_REFRESH_MS = 2_000;
  const SWEEP_MS = 60_000;
  const PING_MS = 5_000;
  warmUp();

  const store = await createStore(settings, {
    warn: (message) => log(settings, 'warn', message),
    onAvailabilityChange: (available) => log(settings, available ? 'info' : 'warn', available ? 'store reachable again' : 'store unreachable: shared routes answer 503, limits and cache fall back to this process'),
  });
  let storageOk = await store.ping();
  if (!storageOk) log(settings, 'error', store.driver === 'redis' ? 'Redis at REDIS_URL is not reachable (yet)' : `DATA_DIR ${settings.dataDir} is not writable`);
  const cache = createResponseCache(settings.cache, store);

  const logger = options.requestLogs === false ? undefined : requestLogger(settings.logFormat);
  const { app, refreshKeys } = createApp({
    settings,
    logger,
    store,
    cache,
    storageRoundTrip: () => store.ping(),
    ctx: { now: () => new Date(), ...providersFrom(settings) },
    // Redis away only degrades (a load balancer keeps the instance); an unusable embedded store is 503.
    readiness: () => ({ ...engineReadiness(), storage: store.driver === 'redis' ? true : storageOk, cache: !cache.degraded && (store.driver === 'fs' || store.available) }),
    onUnexpected: (error, event) => log(settings, 'error', 'unexpected error', {
      route: event.url.pathname, method: event.req.method, error: error instanceof Error ? error.stack : String(error),
    }),
  });

  const refresh = () => refreshKeys().catch((error) => log(settings, 'warn', 'could not reload provisioned keys', { error: String(error) }));
  await refresh();
  const timers = [
    setInterval(refresh, KEY_REFRESH_MS),
    setInterval(() => { void store.sweep().catch(() => {}); }, SWEEP_MS),
    setInterval(() => { void store.ping().then((ok) => { storageOk = ok; }); }, PING_MS),
  ];
  for (const t of timers) t.unref();
  const withoutRules = boundaryZonesWithoutRules();
  if (withoutRules.length) {
    log(settings, 'error', `the boundary data names zones tzdb ${sources.tzdb} has no rules for; local times in them cannot be answered until the data agree (npm run tzdb)`, { zones: withoutRules });
  }
  if (settings.apiKeys.length === 0) log(settings, 'warn', 'No TIME_API_KEYS: calculation routes accept only keys provisioned with `npm run keys -- create --customer ID`.');

  const server = serve(app, { port: settings.port, hostname: settings.host, silent: true, gracefulShutdown: false });
  await server.ready();
  // Holiday data and the nearby-places index load in the background once the server is listening.
  setImmediate(preloadHolidayData);
  void startPlacesIndex().then((status) => {
    if (!status.ready) log(settings, 'warn', 'nearby-places index failed to build; it will be retried on first use', { error: status.error });
  });
  log(settings, 'info', `listening on http://${settings.host}:${settings.port}`, {
    store: store.driver, cache: settings.cache, timezone_boundaries: sources.timezoneBoundaries, tzdb: sources.tzdb,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(settings, 'info', `${signal}: closing, finishing in-flight requests`);
    const force = setTimeout(() => { log(settings, 'warn', 'forced exit after 10 s'); logger?.flush(); process.exit(0); }, 10_000);
    force.unref();
    for (const t of timers) clearInterval(t);
    await server.close(false).catch(() => {});
    await store.close().catch((error) => log(settings, 'error', 'could not store every count before exit', { error: String(error) }));
    logger?.flush();
  };
  return { stop };
}
