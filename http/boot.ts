/**
 * Starts the API as `npm start` runs it: opens the store (files under DATA_DIR, or Redis), warms the
 * engine up, listens, reloads provisioned keys every 2 s, and returns a `stop()` that stops accepting,
 * lets in-flight requests finish, flushes every count and the request log.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import type { Server as NodeServer } from 'node:http';
import { availableParallelism } from 'node:os';
import type { Duplex } from 'node:stream';
import { serve } from 'h3';
import { indexFile, placesOnFirstNeed, startPlaces, type PlacesStatus } from '../engine/index.ts';
import { preloadHolidayData } from '../engine/index.ts';
import { startNodeEngine } from '../engine/index.ts';
import { sources } from '../engine/index.ts';
import { boundaryZonesWithoutRules } from '../engine/index.ts';
import { createApp } from './app.ts';
import { createWorkPool, poolSize } from '../service/work-pool.ts';
import { capConnectionsPerAddress } from './connection-caps.ts';
import { requestLogger } from './middleware/request-log.ts';
import { providersFrom } from '../service/providers.ts';
import type { Settings } from '../service/settings.ts';
import { createStore } from './store/index.ts';
import { createResponseCache } from './store/response-cache.ts';

export function log(settings: Settings | null, level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown> = {}): void {
  const line =
    settings?.logFormat === 'pretty'
      ? `[${level}] ${message}${Object.keys(fields).length ? ' ' + JSON.stringify(fields) : ''}`
      : JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  (level === 'info' ? process.stdout : process.stderr).write(line + '\n');
}

/** Node's answer to a request its parser refused, as Node itself writes it when no one listens. */
const PARSER_STATUS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
};
/** At most this many parser-rejection log lines a second; the rest are counted in the next line. */
const PARSER_LOG_PER_SECOND = 10;

/**
 * The socket-level guards: a cap on open sockets (more are closed as they arrive, so a flood of slow
 * sockets cannot use up the process's file descriptors and lock everyone out), caps per peer address on
 * open sockets and on sockets still sending headers (connection-caps.ts: so one client cannot take all
 * of them), and a log line for every request the HTTP parser refuses (malformed, headers too large, too
 * slow) or socket refused, rate-limited.
 */
function guardSockets(server: NodeServer | undefined, settings: Settings): void {
  if (!server) return;
  server.maxConnections = settings.maxConnections;
  let second = 0,
    logged = 0,
    dropped = 0;
  const warn = (message: string, fields: Record<string, unknown>) => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      logged = 0;
    }
    if (logged >= PARSER_LOG_PER_SECOND) {
      dropped++;
      return;
    }
    logged++;
    log(settings, 'warn', message, dropped ? { ...fields, not_logged_before: dropped } : fields);
    dropped = 0;
  };
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // A client that hung up mid-request (ECONNRESET, EPIPE) left nothing to answer and nothing to report.
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
      socket.destroy();
      return;
    }
    const status = PARSER_STATUS[error.code ?? ''] ?? '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
    warn('request refused by the HTTP parser', { type: 'request', status: Number(status.slice(0, 3)), reason: error.code ?? 'unknown' });
  });
  server.on('drop', () => warn(`connection refused: ${settings.maxConnections} sockets open (MAX_CONNECTIONS)`, { type: 'connection' }));
  const caps = { perAddress: settings.maxConnectionsPerAddress, pendingPerAddress: settings.maxPendingConnectionsPerAddress };
  capConnectionsPerAddress(server, caps, (address, reason, limit) =>
    warn(
      reason === 'open'
        ? `connection refused: ${address} holds ${limit} open sockets (MAX_CONNECTIONS_PER_ADDRESS)`
        : `connection closed: ${address} holds ${limit} slow sockets, still sending their first request after a second (MAX_PENDING_CONNECTIONS_PER_ADDRESS)`,
      { type: 'connection' },
    ),
  );
}

export interface StartOptions {
  /** One log line per request (default true); the bench turns it off to measure what it costs. */
  requestLogs?: boolean;
}

export async function startServer(settings: Settings, options: StartOptions = {}): Promise<{ stop: (signal: string) => Promise<void> }> {
  const KEY_REFRESH_MS = 2_000;
  const SWEEP_MS = 60_000;
  const PING_MS = 5_000;
  const DEFERRED_WORK_MS = 1_000;
  const engine = startNodeEngine();

  const store = await createStore(settings, {
    // Room for the counts of ~6,000 usage and credit records while the disk is full (store/reserve.ts).
    reserveBytes: 1024 * 1024,
    warn: (message) => log(settings, 'warn', message),
    onAvailabilityChange: (available) =>
      log(
        settings,
        available ? 'info' : 'warn',
        available ? 'store reachable again' : 'store unreachable: shared routes answer 503, limits and cache fall back to this process',
      ),
  });
  let storageOk = await store.ping();
  if (!storageOk)
    log(settings, 'error', store.driver === 'redis' ? 'Redis at REDIS_URL is not reachable (yet)' : `DATA_DIR ${settings.dataDir} is not writable`);
  const cache = createResponseCache(settings.cache, store, { maxBytes: settings.cacheMaxBytes });

  const logger = options.requestLogs === false ? undefined : await requestLogger(settings.logFormat);
  // Heavy calls (more than one credit of declared work: http/offload.ts) run in worker threads, started
  // on first use: the cores the API processes of npm start (WORKERS) leave, shared out between them, at
  // least one each (2 cores: one; 16 cores and 1 process: 15; 16 and 16: one each, not 15 each).
  const workPool = createWorkPool({ deadlineMs: settings.workDeadlineMs, size: poolSize(availableParallelism(), cluster.isWorker ? settings.workers : 1) });
  const { app, refreshKeys } = createApp({
    workPool,
    onDamagedRecord: (record) =>
      log(settings, 'error', `DAMAGED RECORD ${record}: it cannot be read, so that key answers 401; it is kept as it is (npm run keys -- check, then repair)`),
    settings,
    logger,
    store,
    cache,
    storageRoundTrip: () => store.ping(),
    ctx: { now: () => new Date(), ...providersFrom(settings) },
    // Redis away only degrades (a load balancer keeps the instance); an unusable embedded store is 503.
    readiness: () => ({
      ...engine.readiness(),
      storage: store.driver === 'redis' ? true : storageOk && !store.diskFull,
      cache: !cache.degraded && (store.driver === 'fs' || store.available),
      storage_full: store.diskFull,
    }),
    onUnexpected: (error, event) =>
      log(settings, 'error', 'unexpected error', {
        route: event.url.pathname,
        method: event.req.method,
        error: error instanceof Error ? error.stack : String(error),
      }),
  });

  const refresh = () => refreshKeys().catch((error) => log(settings, 'warn', 'could not reload provisioned keys', { error: String(error) }));
  await refresh();
  const timers = [
    setInterval(refresh, KEY_REFRESH_MS),
    setInterval(() => {
      void store.sweep().catch(() => {});
    }, SWEEP_MS),
    setInterval(() => {
      void store.ping().then((ok) => {
        storageOk = ok;
      });
    }, PING_MS),
  ];
  for (const t of timers) t.unref();
  if (settings.apiKeys.length === 0)
    log(settings, 'warn', 'No TIME_API_KEYS: calculation routes accept only keys provisioned with `npm run keys -- create --customer ID`.');

  const server = serve(app, {
    port: settings.port,
    hostname: settings.host,
    silent: true,
    gracefulShutdown: false,
    // Node enforces both timeouts only every connectionsCheckingInterval (30 s by default): checked each
    // second, a slow client is cut within a second of its limit instead of up to 30 s after.
    node: {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: Math.max(settings.requestTimeoutMs, settings.headersTimeoutMs),
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      connectionsCheckingInterval: 1_000,
      // Workers of npm start (WORKERS > 1) share the port through the cluster primary; a lone process is unaffected.
      exclusive: false,
      // A burst of new connections waits in the kernel's accept queue instead of being reset once Node's
      // default 511 is full (capped by net.core.somaxconn, 4096 on current Linux).
      backlog: 4096,
    },
  });
  await server.ready();
  guardSockets(server.node?.server as NodeServer | undefined, settings);
  // Work no early request needs (the holiday data, ~250 ms of one block, and the check of the boundary data's
  // zones against the tzdb release) waits a moment, so the first probes of /health are answered at once; a
  // holiday request before then loads the data itself.
  const deferred = setTimeout(() => {
    preloadHolidayData();
    const withoutRules = boundaryZonesWithoutRules();
    if (withoutRules.length) {
      log(
        settings,
        'error',
        `the boundary data names zones tzdb ${sources.tzdb} has no rules for; local times in them cannot be answered until the data agree (npm run tzdb)`,
        { zones: withoutRules },
      );
    }
  }, DEFERRED_WORK_MS);
  deferred.unref();
  // The one places index (name search, place inputs and zones, nearby places): by default loaded by the
  // first request that names a place (PLACE_INDEXES=first-need), or now (background).
  const placesLoaded = (status: PlacesStatus) => {
    if (status.ready) log(settings, 'info', 'places index ready', { ...status });
    else log(settings, 'warn', 'places index failed to load; the next query retries', { error: status.error });
  };
  // Without an index file for this data and code (a first start on a machine, or after an upgrade), a
  // first-need start builds it now all the same, so the first request naming a place does not wait ~17 s.
  const firstNeed = settings.placeIndexes === 'first-need' && existsSync(indexFile());
  if (firstNeed) placesOnFirstNeed(placesLoaded);
  else if (settings.placeIndexes !== 'on-demand') void startPlaces().then(placesLoaded);
  log(settings, 'info', `listening on http://${settings.host}:${settings.port}`, {
    store: store.driver,
    cache: settings.cache,
    timezone_boundaries: sources.timezoneBoundaries,
    tzdb: sources.tzdb,
    pid: process.pid,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(settings, 'info', `${signal}: closing, finishing in-flight requests`);
    const force = setTimeout(() => {
      log(settings, 'warn', 'forced exit after 10 s');
      logger?.flush();
      process.exit(0);
    }, 10_000);
    force.unref();
    for (const t of timers) clearInterval(t);
    clearTimeout(deferred);
    await server.close(false).catch(() => {});
    await workPool.close().catch(() => {});
    await store.close().catch((error) => log(settings, 'error', 'could not store every count before exit', { error: String(error) }));
    logger?.flush();
  };
  return { stop };
}
