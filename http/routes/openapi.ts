/**
 * `GET /openapi.json` (public): the OpenAPI document, serialised once into bytes with a strong ETag
 * (SHA-256 of those bytes), so an answer costs a copy, not a build and a JSON.stringify (11.6 ms of CPU
 * each before); `If-None-Match` with that ETag (or `*`) answers 304 with no body. Limited per client
 * address (an IPv6 client by its /64) to {@link OPENAPI_PER_MINUTE} requests over any rolling minute,
 * 304s included, through the limiter the share routes use.
 */
import { createHash } from 'node:crypto';
import type { H3Event } from 'h3';
import { FastResponse } from 'srvx';
import { OPENAPI_PER_MINUTE } from '../../service/limits.ts';
import { problem } from '../../service/problem.ts';
import { rateLimitHeaders } from '../middleware/rate-limit.ts';
import type { ShareLimiter } from './shares.ts';

/** The document changes only with a deploy: caches may keep it five minutes, then revalidate by ETag. */
const CACHE_CONTROL = 'public, max-age=300';

export interface OpenApiRouteDeps {
  /** The document (built once by the caller; it is serialised here once). */
  document: () => Promise<unknown>;
  limiter: ShareLimiter;
  /** The client's address group (client-address.ts). */
  clientGroup: (event: H3Event) => string;
  now: () => Date;
  /** Requests per client address over any rolling minute; default {@link OPENAPI_PER_MINUTE}, `0` disables. */
  perMinute?: number;
}

/** Whether an If-None-Match header matches `etag` (RFC 9110 §13.1.2: weak comparison, `*` matches any). */
export function noneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header
    .slice(0, 4096)
    .split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

export function openapiRoute(deps: OpenApiRouteDeps): (event: H3Event) => Promise<Response> {
  const perMinute = deps.perMinute ?? OPENAPI_PER_MINUTE;
  let built: Promise<{ body: Uint8Array<ArrayBuffer>; etag: string }> | undefined;
  const bytes = () =>
    (built ??= deps.document().then((doc) => {
      const body = new TextEncoder().encode(JSON.stringify(doc));
      return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
    }));

  return async (event) => {
    const decision = await deps.limiter.check(`openapi:${deps.clientGroup(event)}`, perMinute, deps.now().getTime());
    const limitHeaders = rateLimitHeaders(decision);
    if (!decision.allowed) {
      return problem(429, {
        detail: `Too many requests for the OpenAPI document from this address: at most ${decision.limit} a minute (revalidations with If-None-Match count too). Try again in ${decision.resetSeconds} s.`,
        headers: limitHeaders,
      });
    }
    const { body, etag } = await bytes();
    const headers = { ...limitHeaders, etag, 'cache-control': CACHE_CONTROL };
    if (noneMatch(event.req.headers.get('if-none-match'), etag)) return new FastResponse(null, { status: 304, headers });
    return new FastResponse(body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
  };
}
