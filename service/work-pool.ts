/**
 * A bounded pool of worker threads that run registry tools off the main thread, so one caller's heavy
 * calculation (a recurrence over decades, sunrises over years, a meeting search) never holds the event
 * loop every other request needs. Workers start on first use and stay warm while used; each runs one
 * task at a time. Bounded everywhere:
 * - `size` workers (default: one fewer than the cores, at least one);
 * - `maxQueue` tasks waiting (default 64): one more is refused at once (`busy`), and a task that waited
 *   `maxWaitMs` (default 10 s) without a worker is refused then;
 * - `deadlineMs` per task (default 2 s) from the moment a worker takes it: past it the worker is
 *   terminated (stopping even a loop that never yields) and a fresh one started (`timeout`);
 * - `idleMs` (default 30 s): a worker idle that long is terminated, and started again by the next task
 *   that needs one. Each worker is a V8 isolate with the engine loaded in it (~45 MB of RSS once it has
 *   run sunrises: its own tzdb, boundary index and ephemeris), held only while calls come;
 * - `resourceLimits` per worker (default a 128 MB old generation and an 8 MB young one): a runaway
 *   allocation ends that worker (`crashed`), not the process. The young generation is capped because
 *   Node 24's default for a worker is far larger than Node 20's: 360 holiday calls left a Node 24 server
 *   at 416 MB RSS with it, 301 MB without (test/http/holiday-memory.test.ts).
 * The queue is first come, first served: one key can still fill it (per-caller fairness is the caller's).
 *
 * The worker is service/work-worker.ts: run from the TypeScript sources through tsx, or compiled by
 * scripts/build-server.mjs beside the server, which tells this module where (`__WORK_WORKER__`).
 */
import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { RunOptions, WorkAnswer, WorkReply, WorkRequest } from './work-thread.ts';

export type { RunOptions } from './work-thread.ts';

/**
 * How a run ended. `spent`: the work units the run's meter recorded (engine/work.ts), when it recorded
 * any, whether the run answered or failed (a deadline or crash loses it). `bug`: the tool threw
 * something other than an input or availability error (answer 500). `unavailable` also answers every
 * task still open when the pool closes.
 */
export type PoolOutcome =
  | (WorkAnswer & { spent?: number })
  | { ok: false; kind: 'timeout' }
  | { ok: false; kind: 'busy' }
  | { ok: false; kind: 'crashed'; message: string };

export interface WorkPoolOptions {
  size?: number;
  maxQueue?: number;
  deadlineMs?: number;
  maxWaitMs?: number;
  /**
   * A worker idle this long is terminated (the next task that needs one starts one); default 30 s. At 10 s
   * the bench's rounds, heavy calls 10-15 s apart, restarted it each time and its start-up CPU (0.3-1 s)
   * went to those calls: a restart is for a server gone quiet, not for a pause between bursts.
   */
  idleMs?: number;
  resourceLimits?: ResourceLimits;
  /** The worker's module (tests give workers of their own); default service/work-worker. A `.ts` file starts through tsx. */
  worker?: URL;
}

/**
 * Worker threads for each of `processes` API processes on `cores` cores: the cores the processes leave,
 * shared out between them, at least one each (2 cores, 1 or 2 processes: one; 16 cores, 1 process: 15;
 * 16 and 4: three; 16 and 16: one each, where a pool of 15 in every process would hold 240 isolates).
 */
export const poolSize = (cores: number, processes: number): number => Math.max(1, Math.floor((cores - processes) / Math.max(1, processes)));

export interface WorkPoolStats {
  /** At most this many workers. */
  size: number;
  /** Workers alive (starting, idle or running). */
  workers: number;
  running: number;
  queued: number;
  /** Since the pool was created: tasks answered by a worker, past their deadline, lost with their worker, refused. */
  completed: number;
  timedOut: number;
  crashed: number;
  refused: number;
  /** Workers terminated after `idleMs` without a task. */
  retired: number;
}

export interface WorkPool {
  run(toolName: string, input: unknown, options: RunOptions): Promise<PoolOutcome>;
  stats(): WorkPoolStats;
  /**
   * Starts every worker now rather than on first use (a server can call it once listening, so no request
   * waits for a worker's start-up); resolves once none is starting any more. Unused, they retire after `idleMs`.
   */
  warm(): Promise<void>;
  /** Terminates every worker; open and later tasks answer `unavailable`. */
  close(): Promise<void>;
}

/** Set by scripts/build-server.mjs (the compiled worker's file URL) and build-package.mjs (its path from the module that starts it). Undefined when running the sources. */
declare const __WORK_WORKER__: string | undefined;

const defaultWorker = (): URL =>
  typeof __WORK_WORKER__ === 'string' ? new URL(__WORK_WORKER__, import.meta.url) : new URL('./work-worker.ts', import.meta.url);

function startWorker(entry: URL, resourceLimits: ResourceLimits): Worker {
  // Only source maps carry over from the process's options (a heap size, a loader would not fit a worker).
  const execArgv = process.sourceMapsEnabled ? ['--enable-source-maps'] : [];
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { execArgv, resourceLimits });
  return new Worker(new URL('./work-worker-tsx.mjs', import.meta.url), { execArgv, resourceLimits, workerData: { entry: entry.href } });
}

interface Task {
  request: WorkRequest;
  resolve: (outcome: PoolOutcome) => void;
  waiting?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task?: Task;
  deadline?: NodeJS.Timeout;
  /** Set while the worker is ready and has no task: it is terminated when this fires. */
  idle?: NodeJS.Timeout;
  error?: Error;
}

const BUSY: PoolOutcome = Object.freeze({ ok: false, kind: 'busy' });
const TIMEOUT: PoolOutcome = Object.freeze({ ok: false, kind: 'timeout' });
const CLOSED: PoolOutcome = Object.freeze({ ok: false, kind: 'unavailable', message: 'the server is stopping; try again shortly.' });

export function createWorkPool(options: WorkPoolOptions = {}): WorkPool {
  const size = Math.max(1, options.size ?? availableParallelism() - 1);
  const maxQueue = options.maxQueue ?? 64;
  const deadlineMs = options.deadlineMs ?? 2_000;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const idleMs = options.idleMs ?? 30_000;
  const resourceLimits = options.resourceLimits ?? { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 };
  const entry = options.worker ?? defaultWorker();
  const slots = new Set<Slot>();
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;
  const warmed: (() => void)[] = [];
  const settleWarm = () => {
    for (const slot of slots) if (!slot.ready) return;
    for (const done of warmed.splice(0)) done();
  };
  const counts = { completed: 0, timedOut: 0, crashed: 0, refused: 0, retired: 0 };

  /** A ready worker without a task is terminated after `idleMs` unless a task comes first. */
  const idleFrom = (slot: Slot) => {
    clearTimeout(slot.idle);
    slot.idle = setTimeout(() => {
      if (slot.task || !slots.delete(slot)) return;
      counts.retired++;
      void slot.worker.terminate();
    }, idleMs);
    slot.idle.unref();
  };

  const finish = (slot: Slot): Task | undefined => {
    const task = slot.task;
    clearTimeout(slot.deadline);
    slot.task = slot.deadline = undefined;
    // An idle worker never keeps the process alive; a running one does, until its answer.
    slot.worker.unref();
    return task;
  };

  function dispatch(slot: Slot, task: Task): void {
    clearTimeout(task.waiting);
    clearTimeout(slot.idle);
    slot.task = task;
    slot.worker.ref();
    slot.deadline = setTimeout(() => expire(slot), deadlineMs);
    try {
      slot.worker.postMessage(task.request);
    } catch (error) {
      // Input structured clone refuses (a function): the caller's bug.
      finish(slot);
      task.resolve({ ok: false, kind: 'bug', message: `the input cannot reach the worker: ${(error as Error).message}` });
      idleFrom(slot);
    }
  }

  function expire(slot: Slot): void {
    const task = finish(slot);
    slots.delete(slot);
    void slot.worker.terminate();
    counts.timedOut++;
    task?.resolve(TIMEOUT);
    spawn(); // its replacement, warm for the next task
    pump();
  }

  /** A worker gone by itself: crashed (its heap limit, an uncaught error) or failed to start. */
  function lost(slot: Slot, code: number): void {
    if (!slots.delete(slot)) return; // terminated by the pool
    const task = finish(slot);
    const why = slot.error?.message ?? `the worker exited with code ${code}`;
    if (task) {
      counts.crashed++;
      task.resolve({ ok: false, kind: 'crashed', message: why });
    } else if (!slot.ready) {
      // It could not start: another would not either (same code, same files); the waiting tasks are told,
      // and the next run tries again.
      for (const waiting of queue.splice(0)) {
        clearTimeout(waiting.waiting);
        waiting.resolve({ ok: false, kind: 'bug', message: `a work-pool worker failed to start: ${why}` });
      }
    }
    settleWarm();
    pump();
  }

  function spawn(): void {
    if (closed || slots.size >= size) return;
    const slot: Slot = { worker: startWorker(entry, resourceLimits), ready: false };
    slots.add(slot);
    slot.worker.unref();
    slot.worker.on('message', (reply: WorkReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        settleWarm();
        pump();
        if (!slot.task) idleFrom(slot);
        return;
      }
      if (slot.task?.request.id !== reply.id) return;
      const task = finish(slot)!;
      counts.completed++;
      task.resolve(reply.spent === undefined ? reply.answer : { ...reply.answer, spent: reply.spent });
      pump();
      if (!slot.task) idleFrom(slot);
    });
    slot.worker.on('error', (error) => (slot.error = error));
    slot.worker.on('exit', (code) => lost(slot, code));
  }

  /** Idle workers take the oldest tasks; workers start while more tasks wait than are starting. */
  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.ready && !slot.task) dispatch(slot, queue.shift()!);
    }
    let starting = 0;
    for (const slot of slots) if (!slot.ready) starting++;
    for (let more = queue.length - starting; more > 0 && slots.size < size; more--) spawn();
  }

  return {
    run(tool, input, runOptions) {
      if (closed) return Promise.resolve(CLOSED);
      return new Promise<PoolOutcome>((resolve) => {
        const task: Task = { request: { ...runOptions, id: nextId++, tool, input }, resolve };
        for (const slot of slots) if (slot.ready && !slot.task) return dispatch(slot, task);
        if (queue.length >= maxQueue) {
          counts.refused++;
          return resolve(BUSY);
        }
        queue.push(task);
        task.waiting = setTimeout(() => {
          const at = queue.indexOf(task);
          if (at < 0) return;
          queue.splice(at, 1);
          counts.refused++;
          resolve(BUSY);
        }, maxWaitMs);
        task.waiting.unref();
        pump();
      });
    },

    stats() {
      let running = 0;
      for (const slot of slots) if (slot.task) running++;
      return { size, workers: slots.size, running, queued: queue.length, ...counts };
    },

    warm() {
      while (!closed && slots.size < size) spawn();
      return new Promise<void>((resolve) => {
        warmed.push(resolve);
        settleWarm();
      });
    },

    async close() {
      closed = true;
      for (const done of warmed.splice(0)) done();
      for (const task of queue.splice(0)) {
        clearTimeout(task.waiting);
        task.resolve(CLOSED);
      }
      const workers = [...slots].map((slot) => {
        clearTimeout(slot.idle);
        finish(slot)?.resolve(CLOSED);
        return slot.worker;
      });
      slots.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
