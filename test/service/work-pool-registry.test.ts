/**
 * service/work-pool.ts with every registry tool: each worked example answers through a worker thread as
 * it does on this thread. The pool's bounds and its compiled form: test/service/work-pool.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { createWorkPool, type WorkPool } from '../../service/work-pool.ts';
import { direct, notJsonLike, nowMs, parsed } from '../fixtures/work-pool-calls.ts';

const pools: WorkPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('registry tools in a worker', () => {
  it('every worked example answers through the pool exactly as called directly, with JSON-like results', async () => {
    // One worker; a deadline long enough for its first place-name lookup, which loads the index there.
    const workers = createWorkPool({ size: 1, deadlineMs: 60_000 });
    pools.push(workers);
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
});
