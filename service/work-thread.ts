/**
 * The worker side of the work pool (service/work-pool.ts): inside a worker thread, runs the tool each
 * request names, one at a time, and posts back a plain answer (a result, or the input errors, or why it
 * is unavailable, or a bug's message). The entry (service/work-worker.ts) serves the registry's tools;
 * tests serve tools of their own. Requests carry input already checked and parsed by the caller (the
 * tool's `input` output), so nothing is validated again here.
 */
import { parentPort } from 'node:worker_threads';
import { ToolInputError, ToolUnavailableError, type AnyTool, type ToolContext } from '../engine/index.ts';
import { WorkMeter } from '../engine/index.ts';

/** What a run takes besides the tool and its input; every field crosses to the worker as it is (structured clone). */
export interface RunOptions {
  /** The instant the request came in: the tool's clock (`ctx.now()`) in the worker. */
  nowMs: number;
  provenance?: 'compact' | 'full';
}

export interface WorkRequest extends RunOptions {
  id: number;
  tool: string;
  input: unknown;
}

/** A tool's answer as it crosses back: a result (JSON-like) or why there is none. */
export type WorkAnswer =
  | { ok: true; result: unknown }
  | { ok: false; kind: 'input'; errors: { field: string; message: string }[] }
  | { ok: false; kind: 'unavailable'; message: string }
  /** Anything else the tool threw (or an answer that cannot be sent): the caller answers 500. */
  | { ok: false; kind: 'bug'; message: string };

/** `spent`: the work units the run's meter recorded (engine/work.ts), when it recorded any; failed runs included. */
export type WorkReply = { ready: true } | { id: number; answer: WorkAnswer; spent?: number };

/** The part of a tool a worker needs. */
export type RunnableTool = Pick<AnyTool, 'run'>;

/**
 * The context a request's tool runs with, and the work its meter recorded (undefined when none): the
 * request's instant as the clock, its provenance form, a fresh work meter. No elevation provider: the
 * pool is for calculations, and geo_elevation (waiting on the network) stays on the main thread.
 */
export function workContext(request: WorkRequest): { ctx: ToolContext; spent: () => number | undefined } {
  const meter = new WorkMeter();
  const ctx: ToolContext = { now: () => new Date(request.nowMs), meter };
  if (request.provenance) ctx.provenance = request.provenance;
  return { ctx, spent: () => (meter.spent > 0 ? meter.spent : undefined) };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function failure(error: unknown): WorkAnswer {
  if (error instanceof ToolInputError) return { ok: false, kind: 'input', errors: error.errors };
  if (error instanceof ToolUnavailableError) return { ok: false, kind: 'unavailable', message: error.message };
  return { ok: false, kind: 'bug', message: message(error) };
}

async function answer(lookup: (name: string) => RunnableTool | undefined, request: WorkRequest): Promise<WorkReply> {
  const tool = lookup(request.tool);
  if (!tool) return { id: request.id, answer: { ok: false, kind: 'bug', message: `the work pool has no tool named ${request.tool}` } };
  const { ctx, spent } = workContext(request);
  let result: WorkAnswer;
  try {
    result = { ok: true, result: await tool.run(request.input as never, ctx) };
  } catch (error) {
    result = failure(error);
  }
  const used = spent();
  return used === undefined ? { id: request.id, answer: result } : { id: request.id, answer: result, spent: used };
}

/** Serves the tools `lookup` finds, one request at a time (the pool sends the next after the answer), then says it is ready. */
export function serveTools(lookup: (name: string) => RunnableTool | undefined): void {
  const port = parentPort;
  if (!port) throw new Error('service/work-thread.ts serves tools in a worker thread, which service/work-pool.ts starts');
  port.on('message', (request: WorkRequest) => {
    void answer(lookup, request).then((reply) => {
      try {
        port.postMessage(reply);
      } catch (error) {
        // A result that structured clone refuses (a function, a symbol): a bug of the tool, said so.
        port.postMessage({ id: request.id, answer: { ok: false, kind: 'bug', message: `the answer cannot leave the worker: ${message(error)}` } });
      }
    });
  });
  port.postMessage({ ready: true } satisfies WorkReply);
}
