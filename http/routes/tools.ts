/**
 * Calculation routes, generated from the registry: one small handler per tool that authenticates,
 * reads the query or JSON body, makes the call as every front end does (service/call.ts: validate with
 * the tool's own schema, price, run, settle; its problems as problem+json) and answers JSON, from the
 * answer cache when it can. Every route also reads the `provenance` query flag (compact or full), taken
 * out before the tool's schema.
 */
import type { H3Event } from 'h3';
import { FastResponse } from 'srvx';
import type { AnyTool, ToolContext } from '../../engine/index.ts';
import type { FieldError } from '../../engine/index.ts';
import { type CallCharges, type CallOutcome, type CallProblem, checkCall, problemAnswer, refusalProblem, runChecked } from '../../service/call.ts';
import { PROVENANCE_FLAG, provenanceFlagOf, queryReader, takeProvenanceFlag } from '../../service/query.ts';
import type { Caller } from '../middleware/auth.ts';
import { isDeterministic, type CacheStatus, type ResponseCache } from '../middleware/cache.ts';
import { jsonWriterOf } from '../../service/json-writer.ts';
import { invalid, problem } from '../../service/problem.ts';
import { readJsonBody } from '../../service/body.ts';
import type { Surcharge } from '../guard.ts';
import { runHere, type ToolRunner } from '../offload.ts';
import { bodyHash, IDEMPOTENCY_HEADER, type IdempotencyRecords, keyProblem } from '../idempotency.ts';
import { answerInits } from '../answer-headers.ts';

/** A keyed caller's charges for service/call.ts: the guard's surcharge, and what the call cost, on the event. */
class EventCharges implements CallCharges {
  constructor(
    private readonly event: H3Event,
    private readonly caller: Caller,
    private readonly surchargeOf: Surcharge,
  ) {}
  surcharge(extra: number, force?: boolean): Promise<CallProblem | null> {
    return this.surchargeOf(this.event, this.caller, extra, force).then((refused) => refused && refusalProblem(refused));
  }
  settle(credits: number, workCharged: boolean): void {
    this.event.context.credits = credits;
    if (workCharged) this.event.context.workCharged = true;
  }
}

export interface ToolRouteDeps {
  /** Key check, rate limit and credits of keyed routes: the caller, or the problem to answer with. */
  guard: (event: H3Event) => Caller | Response | Promise<Caller | Response>;
  cache: ResponseCache;
  ctx: ToolContext;
  /** The rest of a call's price beyond the credit the guard took (engine/work.ts). */
  surcharge: Surcharge;
  /** Runs a call here or in the work pool (http/offload.ts); default here. */
  runTool?: ToolRunner;
  /** Answers kept for `Idempotency-Key` (POST routes); none: the header is ignored. */
  idempotency?: IdempotencyRecords;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> => typeof (v as PromiseLike<unknown> | null)?.then === 'function';

/**
 * The handler of one tool. It stays synchronous when it can (GET, a tool whose `run` is synchronous,
 * a cache hit): h3 then answers without a promise hop; the body of a POST is read asynchronously.
 */
export function toolHandler(tool: AnyTool, deps: ToolRouteDeps) {
  if (Object.hasOwn((tool.input as unknown as { shape?: object }).shape ?? {}, PROVENANCE_FLAG)) {
    throw new Error(`${tool.name}: an input named ${PROVENANCE_FLAG} would be read as the provenance flag`);
  }
  const readQuery = tool.http.method === 'GET' ? queryReader(tool) : null;
  // Every answer is written by the writer compiled from the tool's output schema: its keys in the
  // schema's order, as MCP writes them too.
  const writeJson = jsonWriterOf(tool.output);
  const runTool = deps.runTool ?? runHere;
  const fullCtx: ToolContext = { ...deps.ctx, provenance: 'full' };
  const initOf = answerInits(tool.auth === 'public' ? 'public' : 'private');

  const respond = (event: H3Event, data: unknown, deterministic: boolean, status: CacheStatus, body: string): Response => {
    event.context.cacheStatus = status;
    const maxAge = tool.maxAgeSeconds?.(data, deps.ctx);
    // A string body with its headers given as pairs lets srvx write the answer straight to the socket,
    // without a web stream or a Headers object; so the rate-limit headers go in here too (the app's
    // finishing step adds them only to answers that were not built this way).
    const decision = event.context.rateLimit;
    event.context.rateLimit = undefined;
    const credits = event.context.credits;
    if (credits !== undefined) event.context.creditsSaid = true;
    // Most answers share one of a few header lists (http/answer-headers.ts): nothing to build here.
    return new FastResponse(body, initOf(status, deterministic, maxAge, decision, credits) as ResponseInit);
  };

  const answer = (event: H3Event, raw: unknown, flag: 'compact' | 'full' | FieldError): Response | Promise<Response> => {
    // Validated and priced (service/call.ts): refused before any work when it asks for too much.
    const checked = checkCall(tool, raw, typeof flag === 'object' ? [flag] : []);
    if (!checked.ok) return problemAnswer(checked.problem);
    const { input: data, price } = checked;
    const caller = event.context.caller;
    const full = flag === 'full';
    const deterministic = isDeterministic(tool, data);
    // The two forms of provenance are two answers: each has its own cache entry.
    const key = deterministic && deps.cache.mode !== 'off' ? `${tool.name}${full ? '+full' : ''}:${JSON.stringify(data)}` : null;
    const settled = (outcome: CallOutcome): Response => {
      if (!outcome.ok) return problemAnswer(outcome.problem);
      const body = writeJson(outcome.result);
      if (key !== null) void deps.cache.set(key, body);
      return respond(event, data, deterministic, key === null ? 'BYPASS' : 'MISS', body);
    };
    const run = (): Response | Promise<Response> => {
      const charges = caller ? new EventCharges(event, caller, deps.surcharge) : undefined;
      const outcome = runChecked(tool, data, price, full ? fullCtx : deps.ctx, { charges, runTool });
      return isThenable(outcome) ? Promise.resolve(outcome).then(settled) : settled(outcome);
    };
    const compute = (hit: string | undefined): Response | Promise<Response> => {
      if (hit !== undefined) {
        if (caller) event.context.credits = 1; // an answer already computed costs an ordinary call
        return respond(event, data, deterministic, 'HIT', hit);
      }
      if (caller) event.context.credits = price;
      return run();
    };
    if (key === null) return compute(undefined);
    const cached = deps.cache.get(key);
    return isThenable(cached) ? Promise.resolve(cached).then(compute) : compute(cached);
  };

  const afterGuard = (event: H3Event): Response | Promise<Response> => {
    if (readQuery) {
      const { input, errors } = readQuery(event.url.search);
      const flag = takeProvenanceFlag(input);
      return errors.length
        ? invalid(typeof flag === 'object' && !errors.some((e) => e.field === PROVENANCE_FLAG) ? [flag, ...errors] : errors)
        : answer(event, input, flag);
    }
    const flag = provenanceFlagOf(event.url.search);
    const idempotencyKey = event.context.caller && deps.idempotency ? event.req.headers.get(IDEMPOTENCY_HEADER) : null;
    if (idempotencyKey !== null) {
      const wrong = keyProblem(idempotencyKey);
      if (wrong) return invalid([{ field: 'Idempotency-Key', message: wrong }]);
    }
    return readJsonBody(event.req).then((body) => {
      if (body instanceof Response) return body;
      return idempotencyKey === null ? answer(event, body, flag) : once(event, idempotencyKey, body, () => answer(event, body, flag));
    });
  };

  /** A POST with an Idempotency-Key (http/idempotency.ts): answered once, replayed after. */
  const once = async (event: H3Event, idempotencyKey: string, body: unknown, compute: () => Response | Promise<Response>): Promise<Response> => {
    const records = deps.idempotency!;
    const scope = `${event.context.caller!.customerId}:${tool.http.path}:${idempotencyKey}`;
    const hash = bodyHash(`${event.url.search}\n${JSON.stringify(body)}`);
    const begun = await records.begin(scope, hash);
    if (begun.kind === 'conflict') {
      return problem(409, { detail: 'A request with this Idempotency-Key is still being answered; retry once it is done.', headers: { 'retry-after': '1' } });
    }
    if (begun.kind === 'mismatch') {
      return problem(422, {
        detail: 'This Idempotency-Key was used with another body within 24 hours; use a new key for a new request.',
        errors: [{ field: 'Idempotency-Key', message: 'was used with another body (a key names one request)' }],
      });
    }
    if (begun.kind === 'replay') {
      event.context.replayed = true;
      event.context.credits = 0;
      event.context.cacheStatus = 'HIT';
      const { answer: a } = begun;
      const headers: [string, string][] = [
        ['content-type', a.contentType],
        ['idempotent-replayed', 'true'],
        ['x-credits-charged', '0'],
      ];
      event.context.creditsSaid = true;
      return new FastResponse(a.body, { status: a.status, headers });
    }
    let response: Response;
    try {
      response = await compute();
    } catch (error) {
      await records.finish(scope, hash, undefined).catch(() => {});
      throw error;
    }
    // Worth replaying: a success, or an error after real work (charged); not a refusal a retry may pass.
    const keep = response.status < 400 || (response.status === 400 && event.context.workCharged === true);
    const stored = keep
      ? {
          status: response.status,
          body: await response.clone().text(),
          contentType: response.headers.get('content-type') ?? 'application/json',
          credits: event.context.credits ?? 1,
        }
      : undefined;
    await records.finish(scope, hash, stored).catch(() => {});
    return response;
  };

  return (event: H3Event): Response | Promise<Response> => {
    if (tool.auth !== 'key') return afterGuard(event);
    const caller = deps.guard(event);
    if (isThenable(caller)) return Promise.resolve(caller).then((c) => (c instanceof Response ? c : afterGuard(event)));
    return caller instanceof Response ? caller : afterGuard(event);
  };
}
