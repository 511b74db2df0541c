/**
 * Calculation routes, generated from the registry: one small handler per tool that authenticates,
 * reads the query or JSON body, validates with the tool's own schema, runs it and answers JSON. Every
 * route also reads the `provenance` query flag (compact or full), taken out before the tool's schema.
 */
import type { H3Event } from 'h3';
import { FastResponse } from 'srvx';
import { ToolInputError, ToolUnavailableError, type AnyTool, type ToolContext } from '../../engine/tool.ts';
import { validateInput, type FieldError } from '../../engine/validate.ts';
import { PROVENANCE_FLAG, provenanceFlagOf, queryReader, takeProvenanceFlag } from '../../service/query.ts';
import type { Caller } from '../middleware/auth.ts';
import { isDeterministic, type CacheStatus, type ResponseCache } from '../middleware/cache.ts';
import { jsonWriterOf } from '../../service/json-writer.ts';
import { invalid, problem } from '../../service/problem.ts';
import { rateLimitHeaders } from '../middleware/rate-limit.ts';
import { readJsonBody } from '../../service/body.ts';

export interface ToolRouteDeps {
  /** Key check, rate limit and credits of keyed routes: the caller, or the problem to answer with. */
  guard: (event: H3Event) => Caller | Response | Promise<Caller | Response>;
  cache: ResponseCache;
  ctx: ToolContext;
}

/** A run's error as the problem to answer with, or rethrown when it is a bug (answered 500 by the app). */
function runFailure(error: unknown): Response {
  if (error instanceof ToolInputError) return invalid(error.errors);
  if (error instanceof ToolUnavailableError) return problem(503, { detail: error.message, headers: { 'retry-after': '30' } });
  throw error;
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
  const publicCacheControl = tool.auth === 'public' ? 'public' : 'private';

  const respond = (event: H3Event, data: unknown, deterministic: boolean, status: CacheStatus, body: string): Response => {
    event.context.cacheStatus = status;
    const maxAge = tool.maxAgeSeconds?.(data, deps.ctx);
    // A string body with its headers given as pairs lets srvx write the answer straight to the socket,
    // without a web stream or a Headers object; so the rate-limit headers go in here too (the app's
    // finishing step adds them only to answers that were not built this way).
    const decision = event.context.rateLimit;
    event.context.rateLimit = undefined;
    // Header pairs in an array: srvx hands them to Node as they are, with no object to walk.
    const headers: [string, string][] = [
      ['content-type', 'application/json; charset=utf-8'],
      ['x-content-type-options', 'nosniff'],
      ['x-cache', status],
      [
        'cache-control',
        maxAge !== undefined ? `${publicCacheControl}, max-age=${maxAge}` : deterministic ? `${publicCacheControl}, max-age=86400` : 'no-store',
      ],
    ];
    if (decision && decision.limit !== 0) for (const pair of Object.entries(rateLimitHeaders(decision))) headers.push(pair);
    return new FastResponse(body, { headers });
  };

  const answer = (event: H3Event, raw: unknown, flag: 'compact' | 'full' | FieldError): Response | Promise<Response> => {
    const checked = validateInput(tool.input, raw);
    if (typeof flag === 'object') return invalid(checked.ok ? [flag] : [flag, ...checked.errors]);
    if (!checked.ok) return invalid(checked.errors);
    const data = checked.data;
    const full = flag === 'full';
    const ctx: ToolContext = full ? { ...deps.ctx, provenance: 'full' } : deps.ctx;
    const deterministic = isDeterministic(tool, data);
    // The two forms of provenance are two answers: each has its own cache entry.
    const key = deterministic && deps.cache.mode !== 'off' ? `${tool.name}${full ? '+full' : ''}:${JSON.stringify(data)}` : null;
    const done = (result: unknown) => {
      const body = writeJson(result);
      if (key !== null) void deps.cache.set(key, body);
      return respond(event, data, deterministic, key === null ? 'BYPASS' : 'MISS', body);
    };
    const compute = (hit: string | undefined): Response | Promise<Response> => {
      if (hit !== undefined) return respond(event, data, deterministic, 'HIT', hit);
      let result: unknown;
      try {
        result = tool.run(data, ctx);
      } catch (error) {
        return runFailure(error);
      }
      return isThenable(result) ? Promise.resolve(result).then(done, runFailure) : done(result);
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
    return readJsonBody(event.req).then((body) => (body instanceof Response ? body : answer(event, body, flag)));
  };

  return (event: H3Event): Response | Promise<Response> => {
    if (tool.auth !== 'key') return afterGuard(event);
    const caller = deps.guard(event);
    if (isThenable(caller)) return Promise.resolve(caller).then((c) => (c instanceof Response ? c : afterGuard(event)));
    return caller instanceof Response ? caller : afterGuard(event);
  };
}
