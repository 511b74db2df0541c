/**
 * One tool call, as every front end makes it (the REST routes, http/routes/tools.ts; MCP's tools/call,
 * mcp/server.ts): validate the input with the tool's schema (engine/validate.ts, the engine's wording),
 * price it from its declared work (engine/work.ts: refused before any work when it asks for too much),
 * take the rest of its price, run it with a work meter, settle what it cost, and turn what a run throws
 * into one result: the answer, or a {@link CallProblem} each front end writes its own way (a
 * problem+json answer; an `isError` tool result). A bug (any other error) is thrown on.
 *
 * It answers at once (no promise) when nothing it does waits, as the REST route needs to stay
 * synchronous for a synchronous tool.
 */
import { asSentence, ToolInputError, ToolUnavailableError, type AnyTool, type ToolContext } from '../engine/index.ts';
import { describeErrors, validateInput, type FieldError } from '../engine/index.ts';
import { creditsSpent, priceOf, WorkMeter } from '../engine/index.ts';
import { problem, problemOf, titleOf } from './problem.ts';

/** Why a call has no answer: its input, a data provider or the server, or the caller's limits. */
export type ProblemKind = 'invalid' | 'unavailable' | 'refused';

/** A call's problem, as the API answers it (RFC 9457) and MCP words it. */
export interface CallProblem {
  kind: ProblemKind;
  status: number;
  /** The status's reason phrase (RFC 9457 `title`). */
  title: string;
  /** What was wrong, as a sentence. */
  detail: string;
  /** The fields at fault (`invalid`): the first ten, names and messages clipped (describeErrors). */
  errors?: FieldError[];
  /** Retry hints: `retry-after`, and a refusal's rate-limit headers. */
  headers?: Record<string, string>;
}

export type CallOutcome = { ok: true; result: unknown } | { ok: false; problem: CallProblem };

/** How a call is charged, where calls are (the credit taken at the door covers an ordinary call). */
export interface CallCharges {
  /** Takes `extra` more credits (with `force`, whatever is left: work already done); a refusal or null. */
  surcharge(extra: number, force?: boolean): Promise<CallProblem | null>;
  /** What the call cost in the end, and whether it failed after real work (its credits are then kept). */
  settle(credits: number, workCharged: boolean): void;
}

/** Runs one tool call, here or elsewhere (the API server's work pool: http/offload.ts). */
export type ToolRunner = (tool: AnyTool, input: unknown, ctx: ToolContext) => unknown;

export interface CallOptions {
  /** None: free (stdio, public routes). */
  charges?: CallCharges;
  /** Default: here. */
  runTool?: ToolRunner;
}

const runHere: ToolRunner = (tool, input, ctx) => tool.run(input, ctx);

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** The problem of field errors: the HTTP 400, whose `detail` MCP reads out too. */
export function invalidProblem(errors: readonly FieldError[]): CallProblem {
  const described = describeErrors(errors);
  return { kind: 'invalid', status: 400, title: titleOf(400), detail: asSentence(described.text), errors: described.listed };
}

/** The problem of a provider or server that cannot answer now: 503, retry in 30 s. */
export function unavailableProblem(message: string): CallProblem {
  return { kind: 'unavailable', status: 503, title: titleOf(503), detail: message, headers: { 'retry-after': '30' } };
}

/** A refusal answered by the caller's limits (service/problem.ts `problem`), as a call's problem. */
export function refusalProblem(response: Response): CallProblem {
  const built = problemOf(response);
  const status = built?.status ?? response.status;
  const detail = built ? asSentence(built.init.detail) : 'The call was refused by this customer’s limits.';
  return {
    kind: 'refused',
    status,
    title: titleOf(status),
    detail,
    ...(built?.init.errors ? { errors: built.init.errors } : {}),
    ...(built?.init.headers ? { headers: built.init.headers } : {}),
  };
}

/** The problem+json answer of a call's problem. */
export const problemAnswer = (p: CallProblem): Response => problem(p.status, { detail: p.detail, errors: p.errors, headers: p.headers });

/** A run's input or provider error as its problem; anything else (a bug) is thrown on. */
function runProblem(error: unknown): CallProblem {
  if (error instanceof ToolInputError) return invalidProblem(error.errors);
  if (error instanceof ToolUnavailableError) return unavailableProblem(error.message);
  throw error;
}

export type Checked = { ok: true; input: unknown; price: number } | { ok: false; problem: CallProblem };

/**
 * The input checked with the tool's schema and priced. `errors`: what the front end found wrong
 * already (the REST routes' `provenance` flag), listed first.
 */
export function checkCall(tool: AnyTool, raw: unknown, errors: readonly FieldError[] = []): Checked {
  const checked = validateInput(tool.input, raw);
  if (errors.length) return { ok: false, problem: invalidProblem(checked.ok ? errors : [...errors, ...checked.errors]) };
  if (!checked.ok) return { ok: false, problem: invalidProblem(checked.errors) };
  try {
    return { ok: true, input: checked.data, price: priceOf(tool, checked.data) };
  } catch (error) {
    if (error instanceof ToolInputError) return { ok: false, problem: invalidProblem(error.errors) };
    throw error;
  }
}

/**
 * Runs a checked call: takes the rest of its price beyond the credit taken at the door, runs it with
 * a work meter when the tool declares its work (work no estimate foresees is metered), then takes what
 * the run spent beyond its price (work already done: never refused) and records what it cost. A run
 * that fails after its meter recorded work keeps its credits; an input the run refuses before any
 * work is free.
 */
export function runChecked(tool: AnyTool, input: unknown, price: number, ctx: ToolContext, options: CallOptions = {}): CallOutcome | Promise<CallOutcome> {
  const { charges, runTool = runHere } = options;
  if (charges && price > 1)
    return charges.surcharge(price - 1).then((refused) => (refused ? { ok: false, problem: refused } : runPriced(tool, input, price, ctx, charges, runTool)));
  return runPriced(tool, input, price, ctx, charges, runTool);
}

/**
 * The run of {@link runChecked} once its price is taken. Plain functions with their state as arguments
 * rather than closures made for each call (every REST call and MCP tools/call goes through here).
 */
function runPriced(
  tool: AnyTool,
  input: unknown,
  price: number,
  ctx: ToolContext,
  charges: CallCharges | undefined,
  runTool: ToolRunner,
): CallOutcome | Promise<CallOutcome> {
  const meter = tool.work ? new WorkMeter() : undefined;
  let result: unknown;
  try {
    result = runTool(tool, input, meter ? { ...ctx, meter } : ctx);
  } catch (error) {
    return failedRun(error, price, meter, charges);
  }
  return isThenable(result)
    ? Promise.resolve(result).then(
        (value) => answeredRun(value, price, meter, charges),
        (error) => failedRun(error, price, meter, charges),
      )
    : answeredRun(result, price, meter, charges);
}

/** Takes what the run spent beyond its price (work already done: never refused), then records what it cost. */
function settleRun(price: number, meter: WorkMeter | undefined, charges: CallCharges | undefined): Promise<void> | undefined {
  if (!charges) return undefined;
  const spent = creditsSpent(price, meter);
  const workCharged = meter !== undefined && meter.spent > 0;
  if (spent > price) return charges.surcharge(spent - price, true).then(() => charges.settle(spent, workCharged));
  charges.settle(spent, workCharged);
  return undefined;
}

function answeredRun(result: unknown, price: number, meter: WorkMeter | undefined, charges: CallCharges | undefined): CallOutcome | Promise<CallOutcome> {
  const pending = settleRun(price, meter, charges);
  return pending ? pending.then(() => ({ ok: true, result })) : { ok: true, result };
}

function failedRun(error: unknown, price: number, meter: WorkMeter | undefined, charges: CallCharges | undefined): CallOutcome | Promise<CallOutcome> {
  const pending = settleRun(price, meter, charges);
  return pending ? pending.then((): CallOutcome => ({ ok: false, problem: runProblem(error) })) : { ok: false, problem: runProblem(error) };
}

/** {@link checkCall} then {@link runChecked}: a whole call from its raw input. */
export function runCall(tool: AnyTool, raw: unknown, ctx: ToolContext, options: CallOptions = {}): CallOutcome | Promise<CallOutcome> {
  const checked = checkCall(tool, raw);
  return checked.ok ? runChecked(tool, checked.input, checked.price, ctx, options) : checked;
}
