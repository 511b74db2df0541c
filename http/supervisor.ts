/**
 * `npm start`'s primary process: runs the API (server.ts beside this file, with this process's node flags,
 * the heap limit among them) as a cluster worker and brings it back when it dies (a crash, an out-of-memory
 * abort, a kill). It imports nothing but Node's own modules and serves nothing, so it has next to nothing
 * that could make it fail; the worker listens on its own socket (srvx listens exclusively), so no request
 * passes through here.
 *
 * - A worker that exits before any worker has served (an invalid setting, a busy port) is a start-up
 *   failure: it has printed its one line, and the primary exits with its code, restarting nothing.
 * - Any later exit nobody asked for is logged once on stderr (pid, exit code or signal, uptime, restart
 *   count, delay) and the worker is started again after a delay: 0.5 s, doubled after each exit within
 *   60 s of its start (1 s, 2 s, … 30 s at most), back to 0.5 s after a worker that lived longer.
 * - SIGTERM and SIGINT are passed on to the worker, whose graceful stop flushes every count and exits 0;
 *   then the primary exits 0 (1 if a worker did not stop cleanly, or was killed after 15 s).
 * - Workers are slots, each kept filled on its own: more serving processes are a larger SLOTS (their
 *   listen then sharing the port through cluster, `exclusive: false`).
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';

/** How many serving processes. */
const SLOTS = 1;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
/** A worker that lived this long was no crash loop: the next delay starts again from the first. */
const STABLE_MS = 60_000;
/** The worker forces its own exit after 10 s of stopping; this is for one that cannot even do that. */
const STOP_GRACE_MS = 15_000;

/** What a worker tells the primary once it serves (server.ts sends it). */
export interface ReadyMessage {
  type: 'ready';
  logFormat: 'json' | 'pretty';
}

interface Slot {
  worker: Worker | null;
  startedAt: number;
  restarts: number;
  /** The delay before the last restart (0 before the first). */
  delay: number;
  timer: NodeJS.Timeout | null;
}

// The log format is the worker's (LOG_FORMAT and its default are read by the settings, which the
// primary does not load); it says which in its ready message, and the primary logs only after one.
let logFormat: ReadyMessage['logFormat'] = 'json';
function log(level: 'warn' | 'error', message: string, fields: Record<string, unknown>): void {
  const line =
    logFormat === 'pretty' ? `[${level}] ${message} ${JSON.stringify(fields)}` : JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  process.stderr.write(line + '\n');
}

// The server entry beside this file: server.js when compiled (npm start), server.ts under tsx.
const entry = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './server.ts' : './server.js', import.meta.url));
cluster.setupPrimary({ exec: entry });

const slots: Slot[] = Array.from({ length: SLOTS }, () => ({ worker: null, startedAt: 0, restarts: 0, delay: 0, timer: null }));
let servedOnce = false;
let stopping: { signal: NodeJS.Signals; clean: boolean } | null = null;

function start(slot: Slot): void {
  slot.timer = null;
  slot.startedAt = Date.now();
  const worker = cluster.fork();
  slot.worker = worker;
  worker.on('error', () => {}); // a message that could not be sent to a dying worker: its exit follows
  worker.on('message', (message: Partial<ReadyMessage> | null) => {
    if (message?.type !== 'ready') return;
    servedOnce = true;
    logFormat = message.logFormat === 'pretty' ? 'pretty' : 'json';
  });
  worker.on('exit', (code, signal) => exited(slot, worker, code, signal));
}

function exited(slot: Slot, worker: Worker, code: number | null, signal: string | null): void {
  if (slot.worker !== worker) return;
  slot.worker = null;
  if (stopping) {
    // Killed by the very signal passed on: it was still starting, before its own handlers (nothing counted yet).
    if (code !== 0 && signal !== stopping.signal) stopping.clean = false;
    finishStop();
    return;
  }
  if (!servedOnce) {
    // A start-up failure: the worker printed why. Stop any other worker and exit with its code.
    stopping = { signal: 'SIGTERM', clean: false };
    for (const other of slots) other.worker?.process.kill('SIGTERM');
    process.exitCode = code || 1;
    finishStop();
    return;
  }
  const uptime = Date.now() - slot.startedAt;
  slot.delay = uptime >= STABLE_MS || slot.delay === 0 ? FIRST_DELAY_MS : Math.min(MAX_DELAY_MS, slot.delay * 2);
  slot.restarts++;
  log('error', 'server process exited unexpectedly; restarting it', {
    pid: worker.process.pid,
    exit_code: code,
    signal,
    uptime_s: Math.round(uptime / 100) / 10,
    restarts: slot.restarts,
    restart_in_ms: slot.delay,
  });
  slot.timer = setTimeout(() => start(slot), slot.delay);
}

/** Exits once every worker is gone. */
function finishStop(): void {
  if (slots.some((s) => s.worker)) return;
  process.exit(process.exitCode ?? (stopping?.clean ? 0 : 1));
}

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = { signal, clean: true };
  for (const slot of slots) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.worker?.process.kill(signal);
  }
  setTimeout(() => {
    const left = slots.flatMap((s) => (s.worker?.process.pid ? [s.worker.process.pid] : []));
    log('error', `server process did not stop within ${STOP_GRACE_MS / 1000} s of ${signal}; killing it`, { pids: left });
    for (const slot of slots) slot.worker?.process.kill('SIGKILL');
  }, STOP_GRACE_MS).unref();
  finishStop();
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
for (const slot of slots) start(slot);
