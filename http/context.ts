/**
 * What the steps of one request hand each other on `event.context`, typed (h3's context is otherwise an
 * open record of unknowns): the guard sets `caller` and `rateLimit`, billing `creditReserved` and the credits, the tool
 * route `cacheStatus`, MCP's endpoint `calculationFailed`; the request log reads them at the end.
 */
import type { Caller } from './middleware/auth.ts';
import type { CacheStatus } from './middleware/cache.ts';
import type { RateDecision } from './middleware/rate-limit.ts';

declare module 'h3' {
  interface H3EventContext {
    /** The authenticated customer of a keyed route. */
    caller?: Caller;
    /** The rate-limit decision whose headers the answer still has to carry. */
    rateLimit?: RateDecision;
    /** performance.now() when the request arrived (set only when requests are logged). */
    startedAt?: number;
    /** How the response cache served a calculation (HIT, MISS, BYPASS). */
    cacheStatus?: CacheStatus;
    /** The customer whose credits this request took, refunded if the calculation fails before any work. */
    creditReserved?: string;
    /** How many credits were taken from that customer's ledger. */
    creditsReserved?: number;
    /**
     * What the call costs in credits (engine/work.ts): its price before it runs, what it spent after;
     * answered in `X-Credits-Charged` (0 when it was refunded) whether or not the customer has a ledger.
     */
    credits?: number;
    /** An Idempotency-Key replay: the first answer again, charged nothing, not counted. */
    replayed?: boolean;
    /** The answer carries `X-Credits-Charged` already (the tool routes write it with their headers). */
    creditsSaid?: boolean;
    /** The call failed after real work (a priced or metered run): its credits are kept, not refunded. */
    workCharged?: boolean;
    /** An MCP request that calls a tool (only those are charged and counted in usage). */
    toolCall?: boolean;
    /** An MCP request whose every tool call failed: refunded, not counted. */
    calculationFailed?: boolean;
  }
}
