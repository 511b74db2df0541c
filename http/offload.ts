/**
 * Which calls run off the main thread, and how their answers come back: a tool that declares its work
 * (engine/work.ts: the ones whose work grows with their input) runs in the work pool
 * (service/work-pool.ts), so the event loop stays free for every other request while it computes. Calls
 * that name a place (a `place` field, or a zone given as a place name) stay here: the place-name index
 * lives in this thread, and loading it again in a worker would cost 100+ MB and seconds. The pool's
 * outcomes become what a run on this thread would have thrown: input errors, 503s (the pool busy, a task
 * past its deadline, a worker lost), and bugs (500). The work a pool run metered goes to the call's meter.
 */
import { ToolInputError, ToolUnavailableError, type AnyTool, type ToolContext } from '../engine/index.ts';
import type { WorkPool } from '../service/work-pool.ts';

/** Runs one tool call, here or in the pool. */
export type ToolRunner = (tool: AnyTool, input: unknown, ctx: ToolContext) => unknown;

export const runHere: ToolRunner = (tool, input, ctx) => tool.run(input, ctx);

/** True when the parsed input names a place anywhere (a place field, or a zone read from a place name). */
const namesPlace = (input: unknown): boolean => {
  const text = JSON.stringify(input);
  return text.includes('"place"') || text.includes('"resolved_from":"place"');
};

export function offloadingRunner(pool: WorkPool): ToolRunner {
  return (tool, input, ctx) => {
    if (!tool.work || namesPlace(input)) return tool.run(input, ctx);
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
