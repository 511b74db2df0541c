/**
 * One call path for every front end (service/call.ts): the outcome of each way a call can end, what
 * it is charged, and that it stays synchronous when nothing waits. The wording is the engine's
 * (engine/validate.ts describeErrors), the same the REST 400s and MCP's tool errors read out
 * (test/http/error-texts.test.ts and test/mcp/server.test.ts hold the two front ends to it).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALCULATION, defineTool, ToolInputError, ToolUnavailableError, type AnyTool } from '../../engine/tool.ts';
import { WORK_UNITS_PER_CREDIT } from '../../engine/work.ts';
import { type CallCharges, type CallOutcome, type CallProblem, checkCall, problemAnswer, refusalProblem, runCall, runChecked } from '../../service/call.ts';
import { problem } from '../../service/problem.ts';
import { fixedClock } from '../helpers.ts';

const ctx = fixedClock('2026-11-22T08:00:00Z');

/** A tool whose work is `days` credits' worth, and whose run does what `behave` says. */
function workTool(
  behave: (input: { days: number; spend?: number }, meter?: { spend(units: number): void }) => { days: number } | Promise<{ days: number }>,
): AnyTool {
  return defineTool({
    name: 'work_probe',
    family: 'time',
    title: 'work probe',
    description: 'work probe',
    http: { method: 'GET', path: '/work-probe' },
    auth: 'key',
    cache: 'never',
    examples: [{ input: { days: 1 }, expect: {}, source: 'none' }],
    annotations: CALCULATION,
    input: z.strictObject({ days: z.number().int().min(1).max(20), spend: z.number().int().optional() }),
    output: z.object({ days: z.number() }),
    work: { rule: 'one credit a day', estimate: ({ days }) => ({ units: days * WORK_UNITS_PER_CREDIT, field: 'days', shrink: 'ask for fewer days' }) },
    run: (input, c) => behave(input, c.meter),
  }) as unknown as AnyTool;
}

/** Charges that record what they were asked, refusing any surcharge over `allow` credits unless forced. */
function recorder(allow = Number.POSITIVE_INFINITY) {
  const asked: string[] = [];
  const charges: CallCharges = {
    surcharge: async (extra, force) => {
      asked.push(`surcharge ${extra}${force ? ' forced' : ''}`);
      return !force && extra > allow ? refusalProblem(problem(402, { detail: `This call costs ${extra + 1} credits` })) : null;
    },
    settle: (credits, workCharged) => {
      asked.push(`settle ${credits}${workCharged ? ' after work' : ''}`);
    },
  };
  return { asked, charges };
}

const problemOf = (outcome: CallOutcome): CallProblem => {
  if (outcome.ok) throw new Error('expected a problem');
  return outcome.problem;
};

describe('checkCall', () => {
  const tool = workTool((input) => ({ days: input.days }));

  it('an input the schema refuses: 400 naming the field, in the engine’s wording', () => {
    const p = problemOf(checkCall(tool, { days: 0 }) as CallOutcome);
    expect(p).toMatchObject({ kind: 'invalid', status: 400, title: 'Bad Request', detail: 'Invalid parameter: days must be ≥ 1.' });
    expect(p.errors).toEqual([{ field: 'days', message: 'must be ≥ 1' }]);
  });

  it('errors the front end found already come first, with the schema’s after them', () => {
    const flag = { field: 'provenance', message: 'must be compact or full' };
    expect(problemOf(checkCall(tool, { days: 1 }, [flag]) as CallOutcome).errors).toEqual([flag]);
    expect(problemOf(checkCall(tool, { days: 0 }, [flag]) as CallOutcome).errors).toEqual([flag, { field: 'days', message: 'must be ≥ 1' }]);
  });

  it('priced from its declared work; over the limit, refused before any work', () => {
    expect(checkCall(tool, { days: 3 })).toEqual({ ok: true, input: { days: 3 }, price: 3 });
    const p = problemOf(checkCall(tool, { days: 20 }) as CallOutcome);
    expect(p.status).toBe(400);
    expect(p.errors?.[0].field).toBe('days');
    expect(p.detail).toMatch(/ask for fewer days\.$/);
  });
});

describe('runChecked', () => {
  it('answers at once when nothing waits, free and unmetered without charges', () => {
    const outcome = runCall(
      workTool((input) => ({ days: input.days })),
      { days: 1 },
      ctx,
    );
    expect(outcome).toEqual({ ok: true, result: { days: 1 } });
  });

  it('takes the rest of the price first, then settles what it cost', async () => {
    const { asked, charges } = recorder();
    expect(
      await runChecked(
        workTool((input) => ({ days: input.days })),
        { days: 3 },
        3,
        ctx,
        { charges },
      ),
    ).toEqual({ ok: true, result: { days: 3 } });
    expect(asked).toEqual(['surcharge 2', 'settle 3']);
  });

  it('a refused surcharge is the outcome, and nothing runs', async () => {
    const { asked, charges } = recorder(1);
    let ran = false;
    const tool = workTool(() => {
      ran = true;
      return { days: 0 };
    });
    const p = problemOf(await runChecked(tool, { days: 3 }, 3, ctx, { charges }));
    expect(p).toMatchObject({ kind: 'refused', status: 402, title: 'Payment Required', detail: 'This call costs 3 credits.' });
    expect(ran).toBe(false);
    expect(asked).toEqual(['surcharge 2']);
  });

  it('work metered beyond the price is taken, forced, and the call settles at what it spent', async () => {
    const { asked, charges } = recorder(0);
    const tool = workTool((input, meter) => {
      meter?.spend((input.spend ?? 0) * WORK_UNITS_PER_CREDIT);
      return { days: input.days };
    });
    expect((await runChecked(tool, { days: 1, spend: 4 }, 1, ctx, { charges })).ok).toBe(true);
    expect(asked).toEqual(['surcharge 3 forced', 'settle 4 after work']);
  });

  it('a run’s input error is a 400, a provider’s a 503 with Retry-After; a failure after work keeps its credits', async () => {
    const { asked, charges } = recorder();
    const refused = workTool(() => {
      throw new ToolInputError([{ field: 'days', message: 'leaves the supported calendar' }]);
    });
    expect(problemOf(runChecked(refused, { days: 1 }, 1, ctx, { charges }) as CallOutcome)).toMatchObject({
      kind: 'invalid',
      status: 400,
      detail: 'Invalid parameter: days leaves the supported calendar.',
    });
    const down = workTool((_input, meter) => {
      meter?.spend(10);
      return Promise.reject(new ToolUnavailableError('The provider is down'));
    });
    const p = problemOf(await runChecked(down, { days: 1 }, 1, ctx, { charges }));
    expect(p).toEqual({ kind: 'unavailable', status: 503, title: 'Service Unavailable', detail: 'The provider is down.', headers: { 'retry-after': '30' } });
    expect(asked).toEqual(['settle 1', 'settle 1 after work']);
    const answer = problemAnswer(p);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(await answer.json()).toEqual({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The provider is down.' });
  });

  it('a bug is thrown on, synchronously or not', async () => {
    const broken = workTool(() => {
      throw new Error('a bug');
    });
    expect(() => runChecked(broken, { days: 1 }, 1, ctx)).toThrow('a bug');
    const later = workTool(() => Promise.reject(new Error('a later bug')));
    await expect(runChecked(later, { days: 1 }, 1, ctx)).rejects.toThrow('a later bug');
  });
});

describe('refusalProblem', () => {
  it('reads the problem a refusal was built from, headers included', () => {
    const response = problem(429, { detail: 'Rate limit reached; retry in 5 s', headers: { 'retry-after': '5' } });
    expect(refusalProblem(response)).toEqual({
      kind: 'refused',
      status: 429,
      title: 'Too Many Requests',
      detail: 'Rate limit reached; retry in 5 s.',
      headers: { 'retry-after': '5' },
    });
  });
});
