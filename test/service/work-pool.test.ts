/**
 * service/work-pool.ts: registry tools run in worker threads and answer as they do on the main thread;
 * its bounds hold (deadline, queue, wait, heap), the main thread's event loop keeps turning while a
 * worker spins, and the pool works compiled as `npm start` compiles the server. The bounds are tested
 * with test/fixtures/work-pool-worker.ts, whose spinning task ends only when the test raises its flag
 * (or never), so no assertion depends on how fast the machine is.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { EXAMPLE_CLOCK, ToolInputError, ToolUnavailableError, type AnyTool } from '../../engine/tool.ts';
import { validateInput } from '../../engine/validate.ts';
import { WorkMeter } from '../../engine/work.ts';
import { createWorkPool, poolSize, type PoolOutcome, type WorkPool, type WorkPoolOptions } from '../../service/work-pool.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TEST_WORKER = new URL('../fixtures/work-pool-worker.ts', import.meta.url);
const nowMs = Date.parse(EXAMPLE_CLOCK);

const pools: WorkPool[] = [];
const pool = (options: WorkPoolOptions) => {
  const created = createWorkPool(options);
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** Input as the HTTP and MCP front ends hand it over: checked and parsed by the tool's schema. */
function parsed(tool: AnyTool, input: unknown): unknown {
  const checked = validateInput(tool.input, input);
  if (!checked.ok) throw new Error(`${tool.name}: ${JSON.stringify(checked.errors)}`);
  return checked.data;
}

/** The same call on this thread, as an outcome (with the work its meter recorded, if any). */
async function direct(tool: AnyTool, input: unknown, provenance?: 'full'): Promise<PoolOutcome> {
  const meter = new WorkMeter();
  const spent = () => (meter.spent > 0 ? { spent: meter.spent } : {});
  try {
    return { ok: true, result: await tool.run(input, { now: () => new Date(nowMs), meter, ...(provenance ? { provenance } : {}) }), ...spent() };
  } catch (error) {
    if (error instanceof ToolInputError) return { ok: false, kind: 'input', errors: error.errors, ...spent() };
    if (error instanceof ToolUnavailableError) return { ok: false, kind: 'unavailable', message: error.message, ...spent() };
    throw error;
  }
}

/** Values JSON can write, in plain objects and arrays: what crosses a thread unchanged (no Date, Map, class). */
function notJsonLike(value: unknown, at = 'result'): string[] {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => notJsonLike(v, `${at}[${i}]`));
  if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    return Object.entries(value as object).flatMap(([k, v]) => (v === undefined ? [] : notJsonLike(v, `${at}.${k}`)));
  }
  return [`${at}: ${Object.prototype.toString.call(value)}`];
}

describe('registry tools in a worker', () => {
  it('every worked example answers through the pool exactly as called directly, with JSON-like results', async () => {
    // One worker; a deadline long enough for its first place-name lookup, which loads the index there.
    const workers = pool({ size: 1, deadlineMs: 60_000 });
    let compared = 0;
    for (const tool of registry) {
      for (const example of tool.examples) {
        const input = parsed(tool, example.input);
        const expected = await direct(tool, input);
        if (expected.ok) expect(notJsonLike(expected.result), tool.name).toEqual([]);
        expect(await workers.run(tool.name, input, { nowMs }), tool.name).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(registry.length);
    // The work a run meters comes back with its answer (expand_recurrence meters its search).
    const recurrence = registry.find((t) => t.name === 'expand_recurrence')!;
    const metered = await workers.run(recurrence.name, parsed(recurrence, recurrence.examples[0].input), { nowMs });
    expect(metered).toMatchObject({ ok: true, spent: expect.any(Number) });
    expect((metered as { spent: number }).spent).toBeGreaterThan(0);
    // geo_elevation's provider is not in a worker's context: its network call belongs on the main thread.
    const elevation = registry.find((t) => t.name === 'geo_elevation')!;
    expect(await workers.run(elevation.name, parsed(elevation, elevation.examples[0].input), { nowMs })).toMatchObject({ ok: false, kind: 'unavailable' });
    // Full provenance crosses too.
    const sun = registry.find((t) => t.name === 'sun_events')!;
    const input = parsed(sun, sun.examples[0].input);
    const full = await workers.run(sun.name, input, { nowMs, provenance: 'full' });
    expect(full).toEqual(await direct(sun, input, 'full'));
    expect(full).toMatchObject({ ok: true, result: { provenance: { explanations: expect.any(Object) } } });
    expect(workers.stats()).toMatchObject({ size: 1, workers: 1, running: 0, queued: 0, timedOut: 0, crashed: 0 });
  }, 180_000);

  it('input errors found while running come back as input errors naming the field', async () => {
    const dateAdd = registry.find((t) => t.name === 'date_add')!;
    const outcome = await pool({ size: 1 }).run('date_add', parsed(dateAdd, { start: '9999-12-01', months: 1 }), { nowMs });
    expect(outcome).toMatchObject({ ok: false, kind: 'input', errors: [{ field: 'months', message: expect.any(String) }] });
  }, 60_000);

  it('a long real calculation past its deadline ends in timeout, and a fresh worker takes its place', async () => {
    const sun = registry.find((t) => t.name === 'sun_events')!;
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
    const tool = registry.find((t) => t.name === 'date_difference')!;
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
