/**
 * Entry point: read settings (an invalid one stops start-up with one line), warm the engine up, listen,
 * and on SIGTERM/SIGINT stop accepting, let in-flight requests finish, and exit 0.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from 'h3';
import { startPlacesIndex } from '../engine/geo/places-index.ts';
import { preloadHolidayData } from '../engine/holidays/calendar-data.ts';
import { engineReadiness, warmUp } from '../engine/health.ts';
import { sources } from '../engine/provenance.ts';
import { createApp } from './app.ts';
import { providersFrom } from './providers.ts';
import { loadSettingsOrExit, type Settings } from './settings.ts';
import { requestLogger } from './middleware/request-log.ts';

function log(settings: Settings | null, level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown> = {}): void {
  const line = settings?.logFormat === 'pretty'
    ? `[${level}] ${message}${Object.keys(fields).length ? ' ' + JSON.stringify(fields) : ''}`
    : JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  (level === 'info' ? process.stdout : process.stderr).write(line + '\n');
}

/** A storage round trip: DATA_DIR can be created, written, read back and cleaned (the embedded store lives there). */
function probeDataDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.probe-${process.pid}`);
    const token = String(Math.random());
    writeFileSync(probe, token);
    const ok = readFileSync(probe, 'utf8') === token;
    rmSync(probe);
    return ok;
  } catch {
    return false;
  }
}

const settings: Settings = loadSettingsOrExit();

warmUp();
const storageOk = probeDataDir(settings.dataDir);
if (!storageOk) log(settings, 'error', `DATA_DIR ${settings.dataDir} is not writable`);
if (settings.apiKeys.length === 0) log(settings, 'warn', 'No API keys configured (TIME_API_KEYS is empty): calculation routes will answer 401 until keys are set.');

const logger = requestLogger(settings.logFormat);
const { app } = createApp({
  settings,
  logger,
  storageRoundTrip: async () => probeDataDir(settings.dataDir),
  ctx: { now: () => new Date(), ...providersFrom(settings) },
  readiness: () => ({ ...engineReadiness(), storage: storageOk, cache: true }),
  onUnexpected: (error, event) => log(settings, 'error', 'unexpected error', {
    route: event.url.pathname, method: event.req.method, error: error instanceof Error ? error.stack : String(error),
  }),
});

const server = serve(app, { port: settings.port, hostname: settings.host, silent: true, gracefulShutdown: false });
await server.ready();
// Holiday data and the nearby-places index load in the background once the server is listening.
setImmediate(preloadHolidayData);
void startPlacesIndex().then((status) => {
  if (!status.ready) log(settings, 'warn', 'nearby-places index failed to build; it will be retried on first use', { error: status.error });
});
log(settings, 'info', `listening on http://${settings.host}:${settings.port}`, {
  cache: settings.cache, timezone_boundaries: sources.timezoneBoundaries, tzdb: sources.tzdb,
});

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log(settings, 'info', `${signal}: closing, finishing in-flight requests`);
  const force = setTimeout(() => { log(settings, 'warn', 'forced exit after 10 s'); process.exit(0); }, 10_000);
  force.unref();
  await server.close(false).catch(() => {});
  logger.flush();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
