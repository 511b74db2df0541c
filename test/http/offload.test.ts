/**
 * http/offload.ts: which calls go to the work pool. A call of a tool that declares its work goes there
 * when its estimate is more than one credit's (engine/work.ts: 25,000 units, ~25 ms) and it names no
 * place; every other call runs on the main thread, without a worker ever started for it.
 */
import { describe, expect, it } from 'vitest';
import { registry, toolByName } from '../../engine/registry.ts';
import { validateInput } from '../../engine/validate.ts';
import { WORK_UNITS_PER_CREDIT } from '../../engine/work.ts';
import { INLINE_WORK_UNITS, offloadingRunner, runsInPool } from '../../http/offload.ts';
import type { PoolOutcome, WorkPool } from '../../service/work-pool.ts';

const parsed = (name: string, input: unknown) => {
  const tool = toolByName(name)!;
  const checked = validateInput(tool.input, input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return { tool, input: checked.data };
};

/** A pool that records what it was asked and answers a fixed result. */
function recordingPool() {
  const asked: string[] = [];
  const pool = {
    run: async (tool: string): Promise<PoolOutcome> => {
      asked.push(tool);
      return { ok: true, result: { from: 'pool' } };
    },
  } as unknown as WorkPool;
  return { pool, asked };
}

describe('the line between the main thread and the work pool', () => {
  it('is one credit of declared work', () => {
    expect(INLINE_WORK_UNITS).toBe(WORK_UNITS_PER_CREDIT);
  });

  it('a day or a year of sunrises at a city runs here; a year near the pole (about 113 ms) goes to the pool', () => {
    const day = parsed('sun_events', { lat: 51.5, lon: -0.13, date: '2026-06-21' });
    const year = parsed('sun_events', { lat: 51.5, lon: -0.13, date: '2026-01-01', days: 366 });
    const polar = parsed('sun_events', { lat: 89.9, lon: 0, date: '2026-01-01', days: 366 });
    expect(runsInPool(day.tool, day.input)).toBe(false);
    expect(year.tool.work!.estimate(year.input as never).units).toBeLessThanOrEqual(INLINE_WORK_UNITS);
    expect(runsInPool(year.tool, year.input)).toBe(false);
    // Priced as any year (one credit up front; the meter charges the polar days after), bound as polar days.
    expect(polar.tool.work!.estimate(polar.input as never).units).toBeLessThanOrEqual(INLINE_WORK_UNITS);
    expect(polar.tool.work!.most!(polar.input as never)).toBe(3000 + 366 * 300);
    expect(runsInPool(polar.tool, polar.input)).toBe(true);
  });

  it('a recurrence and the next holidays search until their budgets, so they go to the pool even when priced at one credit', () => {
    const rule = parsed('expand_recurrence', { rrule: 'FREQ=WEEKLY;COUNT=3', start: '2026-01-05T09:00', timezone: 'UTC' });
    const next = parsed('next_holidays', { country: 'DE' });
    expect(rule.tool.work!.estimate(rule.input as never).units).toBeLessThanOrEqual(INLINE_WORK_UNITS);
    expect(runsInPool(rule.tool, rule.input)).toBe(true);
    expect(runsInPool(next.tool, next.input)).toBe(true);
  });

  it('one year of holidays, a meeting search of 20 participants over a month (holidays aside) and three eclipses run here', () => {
    const year = parsed('list_holidays', { country: 'DE', year: 2026 });
    const eclipses = parsed('eclipses', { kind: 'solar', lat: 40.4, lon: -3.7 });
    const zones = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney'];
    const meeting = parsed('find_meeting_times', {
      participants: Array.from({ length: 20 }, (_, k) => ({ timezone: zones[k % 4] })),
      start_date: '2026-12-15',
      end_date: '2027-01-14',
      step_minutes: 15,
      respect_holidays: false,
    });
    for (const call of [year, eclipses, meeting]) expect(runsInPool(call.tool, call.input), call.tool.name).toBe(false);
  });

  it('a call that names a place stays here whatever its work (the places index lives in this thread)', () => {
    const named = parsed('sun_events', { place: 'Longyearbyen', date: '2026-01-01', days: 366 });
    expect(runsInPool(named.tool, { ...(named.input as object), lat: 89.9 })).toBe(false);
  });

  it('tools that declare no work never go to the pool', () => {
    for (const tool of registry.filter((t) => !t.work)) expect(runsInPool(tool, {}), tool.name).toBe(false);
  });

  it('the runner sends only the heavy call to the pool and runs the light one itself', async () => {
    const { pool, asked } = recordingPool();
    const run = offloadingRunner(pool);
    const light = parsed('moon_events', { lat: 40.7, lon: -74, date: '2026-06-21' });
    const heavy = parsed('moon_events', { lat: -89.9, lon: 0, date: '2026-01-01', days: 366 });
    const ctx = { now: () => new Date('2026-06-21T12:00:00Z') };
    const here = (await run(light.tool, light.input, ctx)) as Record<string, unknown>;
    expect(here.from).toBeUndefined();
    expect(here.lat).toBe(40.7);
    expect(await run(heavy.tool, heavy.input, ctx)).toEqual({ from: 'pool' });
    expect(asked).toEqual(['moon_events']);
  });
});
