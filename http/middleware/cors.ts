/**
 * CORS by exact allowlist (`CORS_ORIGINS`, or SITE_URL with and without www, PARTNER_ORIGIN and the two
 * local development origins). Never a wildcard: an allowed Origin is echoed back, with `Vary: Origin`.
 */
import type { H3Event } from 'h3';
import { clipEcho } from '../../engine/index.ts';
import { problem } from '../../service/problem.ts';
import { addVary } from './vary.ts';

const ALLOWED_HEADERS = 'Authorization, X-API-Key, Content-Type';
const EXPOSED_HEADERS = 'X-Cache, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, WWW-Authenticate';
const MAX_AGE_S = '600';

export class Cors {
  private readonly allowed: Set<string>;
  constructor(origins: readonly string[]) {
    this.allowed = new Set(origins);
  }

  isAllowed(origin: string): boolean {
    return this.allowed.has(origin);
  }

  /** Adds the CORS headers to an answer for an allowed Origin (done for every response). */
  decorate(event: H3Event, response: Response): void {
    const origin = event.req.headers.get('origin');
    if (origin === null) return;
    addVary(response.headers, 'Origin');
    if (!this.allowed.has(origin)) return;
    response.headers.set('access-control-allow-origin', origin);
    response.headers.set('access-control-expose-headers', EXPOSED_HEADERS);
  }

  /** The answer to an OPTIONS preflight for a route that accepts `methods`. */
  preflight(methods: readonly string[]) {
    const allowMethods = [...methods, 'OPTIONS'].join(', ');
    return (event: H3Event): Response => {
      const origin = event.req.headers.get('origin');
      if (origin === null || !event.req.headers.get('access-control-request-method')) {
        // A plain OPTIONS, not a preflight: say what the route accepts.
        return new Response(null, { status: 204, headers: { allow: allowMethods } });
      }
      if (!this.allowed.has(origin)) {
        return problem(403, { detail: `Origin ${clipEcho(origin)} is not allowed by this API's CORS policy.`, headers: { vary: 'Origin' } });
      }
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': allowMethods,
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': MAX_AGE_S,
          vary: 'Origin',
          allow: allowMethods,
        },
      });
    };
  }
}
