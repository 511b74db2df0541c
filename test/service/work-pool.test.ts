/**
 * service/work-pool.ts: its bounds hold (deadline, queue, wait, heap), the main thread's event loop keeps
 * turning while a worker spins, and the pool works compiled as `npm start` compiles the server. The bounds are tested
 * with test/fixtures/work-pool-worker.ts, whose spinning task ends only when the test raises its flag
 * (or never), so no assertion depends on how fast the machine is. Every registry tool through the pool:
 * work-pool-registry.test.ts (the guide's scratch-copy run includes it; this file reads no registry).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { dateAdd } from '../../engine/date/date-add.ts';
import { dateDifference } from '../../engine/date/date-difference.ts';
import { sunEventsTool } from '../../engine/sky/sun-events.ts';
import { createWorkPool, poolSize, type WorkPool, type WorkPoolOptions } from '../../service/work-pool.ts';
import { direct, nowMs, parsed } from '../fixtures/work-pool-calls.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TEST_WORKER = new URL('../fixtures/work-pool-worker.ts', import.meta.url);

const pools: WorkPool[] = [];
const pool = (options: WorkPoolOptions) => {
  const created = createWorkPool(options);
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('tools in a worker', () => {
  it('input errors found while running come back as input errors naming the field', async () => {
    const outcome = await pool({ size: 1 }).run('date_add', parsed(dateAdd, { start: '9999-12-01', months: 1 }), { nowMs });
    expect(outcome).toMatchObject({ ok: false, kind: 'input', errors: [{ field: 'months', message: expect.any(String) }] });
  }, 60_000);

  it('a long real calculation past its deadline ends in timeout, and a fresh worker takes its place', async () => {
    const sun = sunEventsTool;
    // A year of sunrises, sunsets and twilights is many ephemeris searches: never done within 1 ms.
    const workers = pool({ size: 1, deadlineMs: 1 });
    expect(await workers.run(sun.name, parsed(sun, { lat: 33.8, lon: -84.4, date: '2009-01-01', days: 366 }), { nowMs })).toEqual({
      ok: false,
      kind: 'timeout',
    });
    expect(workers.stats()).toMatchObject({ workers: 1, running: 0, timedOut: 1 });
  }, 60_000);
});

describe('the bounds (test worker)', () => {
  /** [0]: raised to end the spinning tasks; [1]: how many have started spinning. */
  const flag = () => new Int32Array(new SharedArrayBuffer(8));
  const raise = (f: Int32Array) => Atomics.store(f, 0, 1);
  const spinning = (f: Int32Array, count: number) => vi.waitFor(() => expect(Atomics.load(f, 1)).toBe(count), { timeout: 30_000, interval: 20 });
  const running = (workers: WorkPool, count: number) => vi.waitFor(() => expect(workers.stats().running).toBe(count), { timeout: 30_000, interval: 20 });

  it('a task past its deadline: its worker is terminated and replaced, and the next call answers', async () => {
    const workers = pool({ worker: TEST_WORKER, size: 1 }); // the default deadline, 2 s
    expect(await workers.run('spin', {}, { nowMs })).toEqual({ ok: false, kind: 'timeout' });
    expect(await workers.run('echo', { n: 1 }, { nowMs })).toEqual({ ok: true, result: { input: { n: 1 } } });
    expect(workers.stats()).toMatchObject({ workers: 1, timedOut: 1, completed: 1 });
  }, 60_000);

  it('the main event loop keeps turning while a worker spins', async () => {
    const workers = pool({ worker: TEST_WORKER, size: 1, deadlineMs: 60_000 });
    const f = flag();
    const spun = workers.run('spin', { flag: f }, { nowMs });
    await spinning(f, 1);
    // The spin ends only after this thread has ticked five times: it would never end if the pool ran it here.
    let ticks = 0;
    const timer = setInterval(() => ++ticks === 5 && raise(f), 10);
    try {
      expect(await spun).toEqual({ ok: true, result: { spun: true } });
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('a full queue refuses at once; waiting tasks run in order once a worker is free', async () => {
    const workers = pool({ worker: TEST_WORKER, size: 1, maxQueue: 2, deadlineMs: 60_000 });
    const f = flag();
    const spun = workers.run('spin', { flag: f }, { nowMs });
    await running(workers, 1);
    const order: number[] = [];
    const waiting = [1, 2].map(async (n) => {
      const outcome = await workers.run('echo', n, { nowMs });
      order.push(n);
      return outcome;
    });
    expect(workers.stats().queued).toBe(2);
    expect(await workers.run('echo', 3, { nowMs })).toEqual({ ok: false, kind: 'busy' });
    raise(f);
    expect(await spun).toMatchObject({ ok: true });
    expect(await Promise.all(waiting)).toEqual([1, 2].map((n) => ({ ok: true, result: { input: n } })));
    expect(order).toEqual([1, 2]);
    expect(workers.stats()).toMatchObject({ refused: 1, completed: 3, queued: 0 });
  }, 60_000);

  it('a task that waits too long for a worker is refused as busy', async () => {
    const workers = pool({ worker: TEST_WORKER, size: 1, maxWaitMs: 100, deadlineMs: 60_000 });
    // Warmed first: the wait counts from the call, a worker's start-up included.
    await workers.warm();
    expect(workers.stats()).toMatchObject({ workers: 1, running: 0 });
    const f = flag();
    const spun = workers.run('spin', { flag: f }, { nowMs });
    await running(workers, 1);
    expect(await workers.run('echo', 1, { nowMs })).toEqual({ ok: false, kind: 'busy' });
    raise(f);
    expect(await spun).toMatchObject({ ok: true });
  }, 60_000);

  it('a worker idle for idleMs is terminated, a busy one is not, and the next task starts another', async () => {
    const workers = pool({ worker: TEST_WORKER, size: 1, idleMs: 50, deadlineMs: 60_000 });
    expect(await workers.run('echo', 1, { nowMs })).toEqual({ ok: true, result: { input: 1 } });
    await vi.waitFor(() => expect(workers.stats()).toMatchObject({ workers: 0, retired: 1 }), { timeout: 30_000, interval: 20 });
    // A task that runs far longer than idleMs keeps its worker.
    const f = flag();
    const spun = workers.run('spin', { flag: f }, { nowMs });
    await running(workers, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(workers.stats()).toMatchObject({ workers: 1, running: 1, retired: 1 });
    raise(f);
    expect(await spun).toMatchObject({ ok: true });
    expect(await workers.run('echo', 2, { nowMs })).toEqual({ ok: true, result: { input: 2 } });
    await vi.waitFor(() => expect(workers.stats()).toMatchObject({ workers: 0, retired: 2, completed: 3 }), { timeout: 30_000, interval: 20 });
  }, 60_000);

  it('two workers run two tasks at once', async () => {
    const workers = pool({ worker: TEST_WORKER, size: 2, deadlineMs: 60_000 });
    const f = flag();
    const both = [workers.run('spin', { flag: f }, { nowMs }), workers.run('spin', { flag: f }, { nowMs })];
    // Both spin at once: one after the other, the second would never start before the flag is raised.
    await spinning(f, 2);
    expect(workers.stats()).toMatchObject({ workers: 2, running: 2 });
    raise(f);
    expect(await Promise.all(both)).toEqual([0, 1].map(() => ({ ok: true, result: { spun: true } })));
  }, 60_000);

  it('a worker past its heap limit ends as crashed, not the process; the next call answers', async () => {
    const workers = pool({ worker: TEST_WORKER, size: 1, deadlineMs: 60_000, resourceLimits: { maxOldGenerationSizeMb: 32 } });
    expect(await workers.run('allocate', {}, { nowMs })).toMatchObject({ ok: false, kind: 'crashed', message: expect.stringMatching(/memory/i) });
    expect(await workers.run('echo', 2, { nowMs })).toEqual({ ok: true, result: { input: 2 } });
    expect(workers.stats()).toMatchObject({ crashed: 1, workers: 1 });
  }, 60_000);

  it('anything else a tool throws, or an answer that cannot cross, is a bug with its message', async () => {
    const workers = pool({ worker: TEST_WORKER, size: 1 });
    expect(await workers.run('throw', {}, { nowMs })).toEqual({ ok: false, kind: 'bug', message: 'boom' });
    expect(await workers.run('unclonable', {}, { nowMs })).toMatchObject({
      ok: false,
      kind: 'bug',
      message: expect.stringContaining('cannot leave the worker'),
    });
    expect(await workers.run('nothing_by_this_name', {}, { nowMs })).toMatchObject({ ok: false, kind: 'bug' });
    expect(await workers.run('echo', { f: () => 1 }, { nowMs })).toMatchObject({ ok: false, kind: 'bug', message: expect.stringContaining('cannot reach') });
    expect(await workers.run('echo', 3, { nowMs })).toEqual({ ok: true, result: { input: 3 } });
  }, 60_000);

  it('a worker that cannot start fails the waiting tasks instead of leaving them waiting', async () => {
    const workers = pool({ worker: new URL('../fixtures/no-such-worker.mjs', import.meta.url), size: 1 });
    expect(await workers.run('echo', 1, { nowMs })).toMatchObject({ ok: false, kind: 'bug', message: expect.stringContaining('failed to start') });
  }, 60_000);

  it('close answers every open task unavailable, and every later one', async () => {
    const workers = pool({ worker: TEST_WORKER, size: 1, deadlineMs: 60_000 });
    const spun = workers.run('spin', {}, { nowMs });
    await running(workers, 1);
    const queued = workers.run('echo', 1, { nowMs });
    await workers.close();
    const unavailable = { ok: false, kind: 'unavailable', message: expect.any(String) };
    expect(await spun).toEqual(unavailable);
    expect(await queued).toEqual(unavailable);
    expect(await workers.run('echo', 1, { nowMs })).toEqual(unavailable);
    expect(workers.stats()).toMatchObject({ workers: 0, running: 0, queued: 0 });
  }, 60_000);
});

describe('compiled as npm start compiles the server', () => {
  // Inside the project: the compiled files import packages from its node_modules.
  const out = join(ROOT, '.build', `test-work-pool-${process.pid}`);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('the built pool starts the built worker (plain node, no tsx) and answers a call', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-place-index', '--outdir', relative(ROOT, out), 'service/work-pool.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const script = `
      const { createWorkPool } = await import(${JSON.stringify(join(out, 'service/work-pool.js'))});
      const pool = createWorkPool({ size: 1, deadlineMs: 30000 });
      const input = { start: '2024-02-28', end: '2024-03-01' };
      process.stdout.write(JSON.stringify(await pool.run('date_difference', input, { nowMs: 0 })));
      await pool.close();`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const tool = dateDifference;
    expect(JSON.parse(run.stdout)).toEqual(await direct(tool, parsed(tool, { start: '2024-02-28', end: '2024-03-01' })));
  }, 120_000);
});

describe('poolSize: worker threads for each API process', () => {
  it('shares out the cores the processes leave, at least one each', () => {
    expect(poolSize(2, 1)).toBe(1);
    expect(poolSize(2, 2)).toBe(1);
    expect(poolSize(16, 1)).toBe(15);
    expect(poolSize(16, 4)).toBe(3);
    expect(poolSize(16, 16)).toBe(1);
    expect(poolSize(1, 1)).toBe(1);
  });
});
