import { ToolInputError } from './errors.ts';

/** Work units one credit buys: about 25 ms of server CPU. */
export const WORK_UNITS_PER_CREDIT = 25_000;

/** The most work one call may ask for: about 250 ms of server CPU, ten credits. */
export const MAX_WORK_UNITS = 250_000;

/** The most credits one call can cost. */
export const MAX_CREDITS = Math.ceil(MAX_WORK_UNITS / WORK_UNITS_PER_CREDIT);

/** A declared upper bound of a call's work, and which input drives it. */
export interface WorkEstimate {
  /** Work units (about a microsecond of CPU each), an upper bound for this input. */
  units: number;
  /** The input field that makes the work grow (named in the 400 when it is too much). */
  field: string;
  /** How to ask for less, as a clause: "ask for at most 120 days at a time". */
  shrink: string;
}

/** How a tool's work grows: its rule in words (OpenAPI, the docs) and its estimate for a parsed input. */
export interface WorkRule<I = unknown> {
  /** What the price grows with, for people: "1 credit per 25 ms: 3 ms + 0.04 ms a day (0.3 ms beyond 89° latitude)". */
  rule: string;
  estimate: (input: I) => WorkEstimate;
  /**
   * The most units a run can spend where that can be more than `estimate` (work found as it runs: a
   * search metered until its budget, days near the poles); without it the estimate is that bound. The
   * API runs a call within one credit's bound on its main thread and a larger one in its work pool
   * (http/offload.ts), so the bound, not the price, decides.
   */
  most?: (input: I) => number;
}

/** Credits for a number of work units: one for an ordinary answer, one more per 25 ms of work beyond. */
export const creditsFor = (units: number): number => Math.max(1, Math.ceil(units / WORK_UNITS_PER_CREDIT));

/** Work units as people read them: `about 310 ms of work`. */
const msOf = (units: number) => `about ${Math.max(1, Math.round(units / 1000))} ms of server work`;

/**
 * Work spent as it happens: a run charges the loops no estimate foresees. It never throws itself; the
 * loop that charges it decides how to stop (a recurrence search stops at its own budget and says so).
 */
export class WorkMeter {
  spent = 0;
  spend(units: number): void {
    this.spent += units;
  }
}

/**
 * A rule's estimate for a parsed input, made once per input: the price (priceOf) and the API's choice
 * of thread (http/offload.ts) read the same input object, and a meeting's estimate resolves every
 * participant's jurisdiction.
 */
const estimates = new WeakMap<object, WorkEstimate>();
export function estimateOf<I>(rule: WorkRule<I>, input: I): WorkEstimate {
  if (typeof input !== 'object' || input === null) return rule.estimate(input);
  let estimate = estimates.get(input);
  if (!estimate) estimates.set(input, (estimate = rule.estimate(input)));
  return estimate;
}

/** A tool as far as its work goes (the engine's ToolDefinition has this). */
export interface Priced<I> {
  work?: WorkRule<I>;
}

/**
 * The credits a call of `tool` with `input` costs before it runs; a ToolInputError naming the field when
 * it would need more than {@link MAX_WORK_UNITS}.
 */
export function priceOf<T>(tool: Priced<T>, input: T): number {
  if (!tool.work) return 1;
  const estimate = estimateOf(tool.work, input);
  if (estimate.units > MAX_WORK_UNITS) {
    throw new WorkLimitError(estimate);
  }
  return creditsFor(estimate.units);
}

/** A call over the work one request may ask for: a 400 naming the input, before any work. */
export class WorkLimitError extends ToolInputError {
  constructor(readonly estimate: WorkEstimate) {
    super([
      {
        field: estimate.field,
        message: `asks for ${msOf(estimate.units)}, more than the ${MAX_WORK_UNITS / 1000} ms one request may use; ${estimate.shrink}`,
      },
    ]);
    this.name = 'WorkLimitError';
  }
}

/** The credits a finished call costs: its price, or what its meter recorded when that is more. */
export const creditsSpent = (price: number, meter: WorkMeter | undefined): number =>
  meter && meter.spent > 0 ? Math.max(price, creditsFor(meter.spent)) : price;
