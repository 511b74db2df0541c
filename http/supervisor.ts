/**
 * `npm start`'s primary process: runs WORKERS API processes (server.ts beside this file, with this
 * process's node flags, the heap limit among them) as cluster workers on one port, and brings back one
 * that dies (a crash, an out-of-memory abort, a kill). It serves nothing itself: the workers' listen
 * goes through node:cluster, whose primary holds the one socket and hands each new connection to the
 * next worker in turn (round robin). It imports nothing but Node's own modules, the rate-limit log it
 * keeps for the workers (cluster-limits.ts) and the environment it gives them (process-env.ts), so it
 * has next to nothing that could make it fail.
 *
 * - WORKERS: how many (1..64; default one per core, `os.availableParallelism()`; 1 = one API process).
 * - A worker that fails before any worker has served (an invalid setting, a busy port) is a start-up
 *   failure: its one line is printed once (not once per worker), and the primary exits 1.
 * - Any later exit nobody asked for is logged once on stderr (pid, exit code or signal, uptime, restart
 *   count, delay) and that worker is started again after a delay: 0.5 s, doubled after each exit within
 *   60 s of its start (1 s, 2 s, … 30 s at most), back to 0.5 s after a worker that lived longer.
 * - SIGTERM and SIGINT are passed on to every worker, whose graceful stop flushes every count and exits
 *   0; then the primary exits 0 (1 if a worker did not stop cleanly, or was killed after 15 s).
 * - SIGHUP restarts the workers one at a time (a new build or new settings, without a gap): each new
 *   worker serves before the old one it replaces is stopped gracefully; a new one that fails to start
 *   ends the restart, with the old ones still serving.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serveClusterLimits } from './cluster-limits.ts';
import { processEnvDefaults } from './process-env.ts';

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
/** What a worker that cannot start tells the primary instead of printing it (server.ts). */
export interface FatalMessage {
  type: 'fatal';
  line: string;
}

/** WORKERS, checked as service/settings.ts checks it (this process loads no settings module). */
function workersSetting(): number {
  const given = process.env.WORKERS?.trim();
  if (!given) return Math.min(64, availableParallelism());
  if (!/^\d+$/.test(given) || Number(given) < 1 || Number(given) > 64) {
    process.stderr.write(`Invalid setting WORKERS: must be a whole number 1..64 (got ${JSON.stringify(given)})\n`);
    process.exit(1);
  }
  return Number(given);
}

interface Slot {
  worker: Worker | null;
  startedAt: number;
  restarts: number;
  /** The delay before the last restart (0 before the first). */
  delay: number;
  timer: NodeJS.Timeout | null;
}

// The log format is the workers' (LOG_FORMAT and its default are read by the settings, which the
// primary does not load); they say which in their ready message, and the primary logs only after one.
let logFormat: ReadyMessage['logFormat'] = 'json';
function log(level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown>): void {
  const line =
    logFormat === 'pretty' ? `[${level}] ${message} ${JSON.stringify(fields)}` : JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  (level === 'info' ? process.stdout : process.stderr).write(line + '\n');
}

const slots: Slot[] = Array.from({ length: workersSetting() }, () => ({ worker: null, startedAt: 0, restarts: 0, delay: 0, timer: null }));
// The server entry beside this file: server.js when compiled (npm start), server.ts under tsx.
const entry = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './server.ts' : './server.js', import.meta.url));
cluster.setupPrimary({ exec: entry });
serveClusterLimits(cluster);

let servedOnce = false;
let stopping: { signal: NodeJS.Signals; clean: boolean } | null = null;
let fatalPrinted = false;
/** Old workers a graceful restart is stopping (their exit is no crash). */
const retiring = new Set<Worker>();
/** Workers that serve, resolved when one does (or fails before). */
const readiness = new WeakMap<Worker, Promise<boolean>>();

function fork(): Worker {
  const worker = cluster.fork(processEnvDefaults());
  worker.on('error', () => {}); // a message that could not be sent to a dying worker: its exit follows
  readiness.set(
    worker,
    new Promise((resolve) => {
      worker.on('message', (message: Partial<ReadyMessage | FatalMessage> | null) => {
        if (message?.type === 'fatal' && typeof message.line === 'string') {
          // A start-up failure is one line, printed once however many workers hit it at once.
          if (servedOnce || !fatalPrinted) process.stderr.write(`${message.line}\n`);
          fatalPrinted = true;
        }
        if (message?.type !== 'ready') return;
        servedOnce = true;
        logFormat = message.logFormat === 'pretty' ? 'pretty' : 'json';
        resolve(true);
      });
      worker.once('exit', () => resolve(false));
    }),
  );
  return worker;
}

function start(slot: Slot): void {
  slot.timer = null;
  slot.startedAt = Date.now();
  const worker = fork();
  slot.worker = worker;
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
    // A start-up failure: its line is printed. Stop every other worker and exit 1.
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
  if (slots.some((s) => s.worker) || retiring.size > 0) return;
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
  for (const worker of retiring) worker.process.kill(signal);
  setTimeout(() => {
    const left = [...slots.map((s) => s.worker), ...retiring].flatMap((w) => (w?.process.pid ? [w.process.pid] : []));
    log('error', `server process did not stop within ${STOP_GRACE_MS / 1000} s of ${signal}; killing it`, { pids: left });
    for (const slot of slots) slot.worker?.process.kill('SIGKILL');
    for (const worker of retiring) worker.process.kill('SIGKILL');
  }, STOP_GRACE_MS).unref();
  finishStop();
}

/** SIGHUP: each slot's worker replaced in turn, the new one serving before the old one stops. */
let restarting = false;
async function restartAll(): Promise<void> {
  if (restarting || stopping) return;
  restarting = true;
  log('info', 'SIGHUP: restarting the workers one at a time', { workers: slots.length });
  let replaced = 0;
  for (const slot of slots) {
    const old = slot.worker;
    if (!old || stopping) continue;
    const next = fork();
    if (!(await readiness.get(next))) {
      log('error', 'SIGHUP: a new worker did not start; the restart stops here, the others keep serving', { pid: next.process.pid, replaced });
      break;
    }
    if (stopping || slot.worker !== old) {
      next.process.kill('SIGTERM');
      continue;
    }
    // The new worker takes the slot; the old one stops accepting, finishes its requests, flushes, exits.
    retiring.add(old);
    slot.worker = next;
    slot.startedAt = Date.now();
    next.on('exit', (code, signal) => exited(slot, next, code, signal));
    await new Promise<void>((resolve) => {
      old.once('exit', () => resolve());
      old.process.kill('SIGTERM');
    });
    retiring.delete(old);
    replaced++;
  }
  restarting = false;
  if (stopping) finishStop();
  else log('info', 'SIGHUP: restart done', { replaced });
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => void restartAll());
for (const slot of slots) start(slot);
