/**
 * Observatory shares (public, no key): `POST /v1/observatory/share` stores a poster's settings under a
 * fresh unguessable token for `ttl_days`, `GET /v1/observatory/share/:token` reads them back until they
 * expire. Both answer `X-Robots-Tag: noindex, nofollow`: a share link is private to whoever holds it.
 *
 * - `share_url`: the site's share page, `{SITE_URL}/observatory/share/<token>/`; with no SITE_URL set,
 *   the API's own read route `/v1/observatory/share/<token>` (relative to the API, as `Location`).
 * - Tokens: 24 bytes from `crypto.randomBytes` (192 bits), base64url → exactly 32 characters of
 *   `[A-Za-z0-9_-]`. A token of any other shape is answered 404 without touching the store.
 * - Expiry: the store's TTL removes a share (Redis natively, the file store on `sweep()`), and the read
 *   compares `expires_at` with the clock as well, so an expired share is 404 however late the sweep runs.
 * - Creations are limited per client address (`createsPerMinute`, default 30, over any rolling minute),
 *   and so are the shares an address keeps alive (`perAddress`, default 1,000: the next is 429 until its
 *   oldest expires), and the shares the store keeps (`maxShares`, default 100,000: 503 until one
 *   expires). An IPv6 client counts by its /64 (client-address.ts). The store keeps, per live share, the
 *   first 128 bits of a SHA-256 of the creating address group (for the per-address cap), never the
 *   address itself. Reads are not limited: they are cheap, touch one key, and a 128+-bit token cannot be
 *   guessed by enumeration at any rate.
 * - The store unavailable (Redis away, disk unusable) or absent → 503 problem with `Retry-After`; a share
 *   is written whole (one SET / one atomic file write) or not at all.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { H3Event } from 'h3';
import { FastResponse } from 'srvx';
import { wallTimeAt } from '../../engine/index.ts';
import { DAY_MS, formatUtc } from '../../engine/index.ts';
import { validateInput } from '../../engine/index.ts';
import { invalid, problem } from '../../service/problem.ts';
import { rateLimitHeaders, SlidingWindowLimiter, type RateDecision } from '../middleware/rate-limit.ts';
import { addressGroup, clientGroupOf } from '../client-address.ts';
import { StoreUnavailableError, type Store } from '../store/index.ts';
import { readJsonBody } from '../../service/body.ts';

import {
  DEFAULT_CREATES_PER_MINUTE,
  DEFAULT_SHARES_MAX,
  DEFAULT_SHARES_PER_ADDRESS,
  Share,
  ShareCreated,
  ShareRequest,
  ShareView,
  TOKEN_BYTES,
  TOKEN_PATTERN,
} from '../../service/shares.ts';
import { jsonWriterOf } from '../../service/json-writer.ts';

export const newShareToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** Where and when a share is: the zone at its coordinate, and its local date and time as a UTC instant. */
export function resolveShare(share: Share): ShareView {
  return { ...share, ...wallTimeAt(share.location.lat, share.location.lng, share.date, share.time) };
}

// ----- routes ------------------------------------------------------------------------------------

export interface ShareLimiter {
  check(key: string, limit: number, now: number): RateDecision | Promise<RateDecision>;
}

export interface ShareRouteDeps {
  /** The persistent store; null when none could be opened (every share route answers 503). */
  store: Store | null;
  /**
   * SITE_URL, for `share_url`: the site's share page. Without one, `share_url` is the API's own read
   * route, relative to the API (as `Location`): never a page of a site that is not running.
   */
  siteUrl?: string;
  now: () => Date;
  /**
   * Per-address creation limiter; a private in-process `SlidingWindowLimiter` when not given. Any
   * limiter with the same `check` will do, synchronous or not (e.g. one shared through Redis, so the
   * limit holds across instances). Keys are prefixed `share:`, so one limiter can serve other routes too.
   */
  limiter?: ShareLimiter;
  /** Creations per client address over any rolling minute; default 30, `0` disables. */
  createsPerMinute?: number;
  /** Live shares per client address (SHARES_PER_ADDRESS); default 1,000, `0` disables. */
  perAddress?: number;
  /** Live shares in the store (SHARES_MAX); default 100,000, `0` disables. */
  maxShares?: number;
  /**
   * The client address (or its group, client-address.ts) that creations are counted against. Default:
   * the socket's peer address (X-Forwarded-For is not trusted: anyone can write it); behind a trusted
   * proxy, pass a function that reads the proxy's header (`clientGroupOf(TRUST_PROXY)`).
   */
  clientAddress?: (event: H3Event) => string | undefined;
}

const ROBOTS = { 'x-robots-tag': 'noindex, nofollow' } as const;
const STORE_RETRY_AFTER_SECONDS = '5';

const notFound = (detail = 'No share has this token: it is unknown or has expired.') => problem(404, { detail, headers: { ...ROBOTS } });

const unavailable = (headers: Record<string, string> = {}) =>
  problem(503, {
    detail: 'Shares are stored in the shared store, which is unavailable right now; try again shortly.',
    headers: { ...headers, ...ROBOTS, 'retry-after': STORE_RETRY_AFTER_SECONDS },
  });

// Answers are written as every answer is: by the writer compiled from their schema, keys in its order.
const writeCreated = jsonWriterOf(ShareCreated);
const writeView = jsonWriterOf(ShareView);
const answer = (body: string, status: number, headers: Record<string, string>) =>
  new FastResponse(body, { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

/** The owner a share is counted against: 128 bits of a SHA-256 of the address group, never the address. */
export const shareOwner = (group: string): string => createHash('sha256').update(`share-owner\0${group}`).digest('hex').slice(0, 32);

const secondsUntil = (ms: number | null, now: number) => (ms === null ? 60 : Math.max(1, Math.ceil((ms - now) / 1000)));

export function shareRoutes(deps: ShareRouteDeps) {
  const limiter: ShareLimiter = deps.limiter ?? new SlidingWindowLimiter();
  const perMinute = deps.createsPerMinute ?? DEFAULT_CREATES_PER_MINUTE;
  const perAddress = deps.perAddress ?? DEFAULT_SHARES_PER_ADDRESS;
  const maxShares = deps.maxShares ?? DEFAULT_SHARES_MAX;
  const siteUrl = deps.siteUrl?.replace(/\/+$/, '');
  const shareUrl = (token: string) => (siteUrl === undefined ? `/v1/observatory/share/${token}` : `${siteUrl}/observatory/share/${token}/`);
  const addressOf = deps.clientAddress ?? clientGroupOf(0);

  /** `POST /v1/observatory/share` */
  async function create(event: H3Event): Promise<Response> {
    // Limit first, before the body is read: a flood costs one map lookup per request. Every attempt
    // counts, valid or not.
    const address = addressGroup(addressOf(event));
    const decision = await limiter.check(`share:${address}`, perMinute, deps.now().getTime());
    const limitHeaders = rateLimitHeaders(decision);
    if (!decision.allowed) {
      return problem(429, {
        detail: `Too many shares created from this address: at most ${decision.limit} a minute. Try again in ${decision.resetSeconds} s.`,
        headers: { ...limitHeaders, ...ROBOTS },
      });
    }
    const withHeaders = (res: Response) => {
      for (const [name, value] of Object.entries({ ...limitHeaders, ...ROBOTS })) res.headers.set(name, value);
      return res;
    };

    const body = await readJsonBody(event.req);
    if (body instanceof Response) return withHeaders(body);
    const checked = validateInput(ShareRequest, body);
    if (!checked.ok) return withHeaders(invalid(checked.errors));
    const input = checked.data;

    const store = deps.store;
    if (!store) return unavailable(limitHeaders);

    // Whole seconds, as every instant the API writes; expires_at is exactly ttl_days after created_at.
    const createdMs = Math.floor(deps.now().getTime() / 1000) * 1000;
    const expiresMs = createdMs + input.ttl_days * DAY_MS;
    const token = newShareToken();
    const share: Share = {
      token,
      poster: input.poster,
      date: input.date,
      location: { name: input.location.name, lat: input.location.lat, lng: input.location.lng },
      time: input.time,
      created_at: formatUtc(createdMs),
      expires_at: formatUtc(expiresMs),
    };
    const owner = shareOwner(address);
    try {
      const result = await store.setCapped('shares', token, share, { ttlSeconds: input.ttl_days * 86_400, owner, perOwner: perAddress, total: maxShares });
      if (!result.stored) {
        const retry = String(secondsUntil(result.freesAt, Date.now()));
        const when = result.freesAt === null ? '' : `; the first of them expires at ${formatUtc(Math.floor(result.freesAt / 1000) * 1000)}`;
        return result.rule === 'per-owner'
          ? problem(429, {
              detail: `This address already keeps ${result.live} live shares, the most one client address may keep (SHARES_PER_ADDRESS = ${result.limit})${when}. Try again in ${retry} s.`,
              headers: { ...limitHeaders, ...ROBOTS, 'retry-after': retry },
            })
          : problem(503, {
              detail: `The share store is full: it keeps ${result.live} live shares, the most this server keeps (SHARES_MAX = ${result.limit})${when}. Try again in ${retry} s.`,
              headers: { ...limitHeaders, ...ROBOTS, 'retry-after': retry },
            });
      }
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      // A write that timed out may still land: remove it (best effort; it expires with its TTL anyway),
      // so a share the client was told failed does not linger.
      await store.mounts.shares.remove(token, { owner }).catch(() => {});
      return unavailable(limitHeaders);
    }
    const created: ShareCreated = { token, expires_at: share.expires_at, share_url: shareUrl(token) };
    return answer(writeCreated(created), 201, {
      ...limitHeaders,
      ...ROBOTS,
      'cache-control': 'no-store',
      location: `/v1/observatory/share/${token}`,
    });
  }

  /** `GET /v1/observatory/share/:token` — not rate limited (see the module comment). */
  async function read(event: H3Event): Promise<Response> {
    const token = event.context.params?.token;
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return notFound('This is not a share token.');
    const store = deps.store;
    if (!store) return unavailable();
    let stored: unknown;
    try {
      stored = await store.mounts.shares.get(token);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      return unavailable();
    }
    if (stored === null) return notFound();
    const parsed = Share.safeParse(stored);
    // Something else under this key (a damaged or foreign entry) is no share.
    if (!parsed.success || parsed.data.token !== token) return notFound();
    const share = parsed.data;
    const expiresMs = Date.parse(share.expires_at);
    if (!(expiresMs > deps.now().getTime())) {
      // Expired by our clock though the store still holds it: remove it now (best effort).
      await store.mounts.shares.remove(token).catch(() => {});
      return notFound();
    }
    return answer(writeView(resolveShare(share)), 200, { ...ROBOTS, 'cache-control': 'no-store' });
  }

  return { create, read };
}
