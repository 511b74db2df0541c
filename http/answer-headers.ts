/**
 * The headers of a calculation's answer (http/routes/tools.ts), in their order: content type, nosniff,
 * X-Cache, Cache-Control, the RateLimit-* headers when a limit applies, and X-Credits-Charged for a
 * keyed call. Most answers carry one of a few lists (no rate limit, a fixed Cache-Control, a small
 * price): those are built once and given to every such answer with its init, so an answer
 * costs no header array, pair or number-to-text of its own. srvx and Node only read them (srvx copies
 * the pairs into the flat list it hands Node; a `Headers` made from the init copies them too).
 */
import type { CacheStatus } from './middleware/cache.ts';
import { type RateDecision, rateLimitHeaders } from './middleware/rate-limit.ts';

/** What `new FastResponse(body, init)` is given: only headers (the status is 200). */
export interface AnswerInit {
  readonly headers: readonly (readonly [string, string])[];
}

const STATUS_INDEX: Record<CacheStatus, number> = { HIT: 0, MISS: 1, BYPASS: 2 };
/** Prices up to this many credits share their lists (a call costs at most 250: engine/work.ts). */
const SHARED_CREDITS = 1024;

/** The header pairs of an answer, built anew. */
function headerPairs(status: CacheStatus, cacheControl: string, decision: RateDecision | undefined, credits: number | undefined): [string, string][] {
  const headers: [string, string][] = [
    ['content-type', 'application/json; charset=utf-8'],
    ['x-content-type-options', 'nosniff'],
    ['x-cache', status],
    ['cache-control', cacheControl],
  ];
  if (decision && decision.limit !== 0) for (const pair of Object.entries(rateLimitHeaders(decision))) headers.push(pair);
  if (credits !== undefined) headers.push(['x-credits-charged', String(credits)]);
  return headers;
}

/**
 * The answer inits of one route: `cacheControl` for a deterministic answer and for one that is not
 * ('no-store'); a `maxAge` of the answer's own gives a Cache-Control of its own, built each time.
 */
export function answerInits(publicOrPrivate: 'public' | 'private') {
  const deterministicControl = `${publicOrPrivate}, max-age=86400`;
  const shared = new Map<number, AnswerInit>();
  return (
    status: CacheStatus,
    deterministic: boolean,
    maxAge: number | undefined,
    decision: RateDecision | undefined,
    credits: number | undefined,
  ): AnswerInit => {
    if (maxAge !== undefined) return { headers: headerPairs(status, `${publicOrPrivate}, max-age=${maxAge}`, decision, credits) };
    const cacheControl = deterministic ? deterministicControl : 'no-store';
    const limited = decision !== undefined && decision.limit !== 0;
    const sharable = !limited && (credits === undefined || (Number.isInteger(credits) && credits >= 0 && credits < SHARED_CREDITS));
    if (!sharable) return { headers: headerPairs(status, cacheControl, decision, credits) };
    const code = ((deterministic ? 3 : 0) + STATUS_INDEX[status]) * (SHARED_CREDITS + 1) + (credits === undefined ? 0 : credits + 1);
    let init = shared.get(code);
    // Not frozen: srvx reads the pairs by destructuring, which takes a slower path (an iterator) for a
    // frozen array. Nothing writes into them (srvx and a Headers made from the init copy them).
    if (init === undefined) shared.set(code, (init = { headers: headerPairs(status, cacheControl, undefined, credits) }));
    return init;
  };
}
