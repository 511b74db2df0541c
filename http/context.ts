/**
 * What the steps of one request hand each other on `event.context`, typed (h3's context is otherwise an
 * open record of unknowns): the guard sets `caller` and `rateLimit`, billing `creditReserved`, the tool
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
    /** The customer whose credit this request took, refunded if the calculation fails. */
    creditReserved?: string;
    /** An MCP request whose every tool call failed: refunded, not counted. */
    calculationFailed?: boolean;
  }
}
