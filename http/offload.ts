/**
 * Which calls run off the main thread, and how their answers come back: a call of a tool that declares
 * its work (engine/work.ts: the ones whose work grows with their input) and whose estimate is more than
 * one credit buys (25 ms of server CPU) runs in the work pool (service/work-pool.ts), so the event loop
 * stays free for every other request while it computes. A call within one credit runs here, as every
 * other route's answer does: a year of sunrises (10 ms) or moonrises (19 ms) costs less than the round
 * trip to a worker and its structured clone would add to a short call, and a server that only gets
 * ordinary calls never starts the worker's isolate (its own copy of the engine: ~40 MB of RSS, issue 31).
 * Calls that name a place (a `place` field, or a zone given as a place name) stay here: the place-name index
 * lives in this thread, and loading it again in a worker would cost 100+ MB and seconds. The pool's
 * outcomes become what a run on this thread would have thrown: input errors, 503s (the pool busy, a task
 * past its deadline, a worker lost), and bugs (500). The work a pool run metered goes to the call's meter.
 */
import { estimateOf, ToolInputError, ToolUnavailableError, WORK_UNITS_PER_CREDIT, type AnyTool, type ToolContext } from '../engine/index.ts';
import type { WorkPool } from '../service/work-pool.ts';

/** Runs one tool call, here or in the pool. */
export type ToolRunner = (tool: AnyTool, input: unknown, ctx: ToolContext) => unknown;

export const runHere: ToolRunner = (tool, input, ctx) => tool.run(input, ctx);

/** True when the parsed input names a place anywhere (a place field, or a zone read from a place name). */
const namesPlace = (input: unknown): boolean => {
  const text = JSON.stringify(input);
  return text.includes('"place"') || text.includes('"resolved_from":"place"');
};

/** The most work (units, engine/work.ts) a call may declare and still run on the main thread: one credit's. */
export const INLINE_WORK_UNITS = WORK_UNITS_PER_CREDIT;

/**
 * Whether a call goes to the work pool: a tool that declares its work, whose run can spend more than one
 * credit's (its `most`, else its estimate: engine/work.ts), naming no place.
 */
export const runsInPool = (tool: AnyTool, input: unknown): boolean => {
  if (!tool.work) return false;
  const most = tool.work.most ? tool.work.most(input) : estimateOf(tool.work, input).units;
  return most > INLINE_WORK_UNITS && !namesPlace(input);
};

export function offloadingRunner(pool: WorkPool): ToolRunner {
  return (tool, input, ctx) => {
    if (!runsInPool(tool, input)) return tool.run(input, ctx);
    return pool.run(tool.name, input, { nowMs: ctx.now().getTime(), ...(ctx.provenance ? { provenance: ctx.provenance } : {}) }).then((outcome) => {
      if ('spent' in outcome && outcome.spent) ctx.meter?.spend(outcome.spent);
      if (outcome.ok) return outcome.result;
      switch (outcome.kind) {
        case 'input':
          throw new ToolInputError(outcome.errors);
        case 'unavailable':
          throw new ToolUnavailableError(outcome.message);
        case 'busy':
          throw new ToolUnavailableError('The server is busy with other long calculations; retry in a few seconds');
        case 'timeout':
        case 'crashed':
          throw new ToolUnavailableError('This calculation did not finish within its limit and was stopped; retry, or ask for less work');
        default:
          throw new Error(`work pool: ${outcome.message}`);
      }
    });
  };
}
