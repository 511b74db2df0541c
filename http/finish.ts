/**
 * The last step of every answer the API gives (http/app.ts wraps each handler with {@link Answering}'s
 * `finished`): CORS headers, rate-limit headers, nosniff, the customer's usage count or credit refund
 * and what the call cost, the request log line, then compression; and every error a handler throws
 * turned into a problem answer (4xx says what was wrong; anything else is a bug, logged and answered 500
 * without internals).
 */
import { HTTPError, type H3Event } from 'h3';
import { clipEcho } from '../engine/index.ts';
import { problem } from '../service/problem.ts';
import type { Billing } from './billing.ts';
import { finalAnswer } from './compress.ts';
import { json } from './json.ts';
import type { Cors } from './middleware/cors.ts';
import { rateLimitHeaders } from './middleware/rate-limit.ts';
import type { RequestLogger } from './middleware/request-log.ts';

export type Handler = (event: H3Event) => unknown;

export interface AnsweringOptions {
  cors: Cors;
  billing: Billing;
  /** One line per request; none when absent (tests). */
  logger?: RequestLogger;
  /** Called for errors the app did not expect (a bug): the client sees a plain 500 problem. */
  onUnexpected?: (error: unknown, event: H3Event) => void;
}

export interface Answering {
  /** What every answer gets once its handler is done (see the module comment). Never throws. */
  finish(event: H3Event, response: Response): Response | Promise<Response>;
  /** An error as the answer: 4xx problems say what was wrong; anything else is a bug, logged and answered 500. */
  failure(error: unknown, event: H3Event): Response;
  /** A handler whose answer, or failure, goes through `finish`: synchronously when the handler is. */
  finished(handler: Handler): Handler;
}

/** The headers a finished answer adds when it adds none. */
const NO_HEADERS: readonly [string, string][] = [];

const asResponse = (value: unknown): Response => (value instanceof Response ? value : json(value ?? null));

export function answering({ cors, billing, logger, onUnexpected }: AnsweringOptions): Answering {
  /**
   * It runs synchronously in `finished`, around each handler, rather than in h3's `onResponse` hook,
   * which would put three promise hops into every request (a few percent of a GET /v1/time's server CPU).
   */
  const finish = (event: H3Event, response: Response): Response | Promise<Response> => {
    cors.decorate(event, response);
    // Headers written in with the answer's own (http/compress.ts finalAnswer: no Headers object).
    // Calculation answers (the only ones with a cache status) carry nosniff already.
    // (None for a calculation's answer, whose headers the tool route wrote: no list is made for it.)
    let set: [string, string][] | undefined = event.context.cacheStatus === undefined ? [['x-content-type-options', 'nosniff']] : undefined;
    const decision = event.context.rateLimit;
    if (decision && decision.limit !== 0) for (const pair of Object.entries(rateLimitHeaders(decision))) (set ??= []).push(pair);
    const caller = event.context.caller;
    const credits = billing.settle(event, response, caller);
    // Every keyed answer says what it cost (answers built by the tool routes carry it already).
    if (caller && event.context.creditsSaid !== true) (set ??= []).push(['x-credits-charged', String(credits ?? 0)]);
    if (!logger) return finalAnswer(event, response, set ?? NO_HEADERS);
    const started = event.context.startedAt;
    try {
      logger.log({
        route: event.context.matchedRoute?.route === '/**' ? '(unmatched)' : (event.context.matchedRoute?.route ?? '(unmatched)'),
        method: event.req.method,
        status: response.status,
        latency_ms: started === undefined ? 0 : Math.round((performance.now() - started) * 1000) / 1000,
        customer_id: caller?.customerId ?? null,
        key_fingerprint: caller?.keyFingerprint ?? null,
        cache: event.context.cacheStatus ?? null,
      });
    } catch {
      /* a log line is never worth a failed answer */
    }
    return finalAnswer(event, response, set ?? NO_HEADERS);
  };

  const failure = (error: unknown, event: H3Event): Response => {
    const status = HTTPError.isError(error) ? error.status : 500;
    if (status >= 500) {
      onUnexpected?.(HTTPError.isError(error) ? (error.cause ?? error) : error, event);
      return problem(500, { detail: 'The server failed to answer this request; it has been logged.' });
    }
    return problem(status, { detail: clipEcho((error as Error).message || 'The request could not be processed.') });
  };

  const finished =
    (handler: Handler): Handler =>
    (event) => {
      let out: unknown;
      try {
        out = handler(event);
      } catch (error) {
        return finish(event, failure(error, event));
      }
      if (out instanceof Response) return finish(event, out);
      if (typeof (out as PromiseLike<unknown> | null)?.then === 'function') {
        return Promise.resolve(out).then(
          (value) => finish(event, asResponse(value)),
          (error) => finish(event, failure(error, event)),
        );
      }
      return finish(event, asResponse(out));
    };

  return { finish, failure, finished };
}
