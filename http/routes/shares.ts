/**
 * Observatory shares (public, no key): `POST /v1/observatory/share` stores a poster's settings under a
 * fresh unguessable token for `ttl_days`, `GET /v1/observatory/share/:token` reads them back until they
 * expire. Both answer `X-Robots-Tag: noindex, nofollow`: a share link is private to whoever holds it.
 *
 * - Tokens: 24 bytes from `crypto.randomBytes` (192 bits), base64url → exactly 32 characters of
 *   `[A-Za-z0-9_-]`. A token of any other shape is answered 404 without touching the store.
 * - Expiry: the store's TTL removes a share (Redis natively, the file store on `sweep()`), and the read
 *   compares `expires_at` with the clock as well, so an expired share is 404 however late the sweep runs.
 * - Creations are limited per client address (`createsPerMinute`, default 30, over any rolling minute);
 *   reads are not limited: they are cheap, touch one key, and a 128+-bit token cannot be guessed by
 *   enumeration at any rate.
 * - The store unavailable (Redis away, disk unusable) or absent → 503 problem with `Retry-After`; a share
 *   is written whole (one SET / one atomic file write) or not at all.
 */
import { randomBytes } from 'node:crypto';
import { getRequestIP, type H3Event } from 'h3';
import { z } from 'zod';
import { lookupZones } from '../../engine/time/zone-lookup.ts';
import { instantOfLocal, zoneRulesAt } from '../../engine/time/zone-rules.ts';
import { formatOffset, formatUtc, int, IsoDate, Latitude, Longitude } from '../../engine/tool.ts';
import { validateInput } from '../../engine/validate.ts';
import { invalid, json, problem } from '../middleware/problem.ts';
import { rateLimitHeaders, SlidingWindowLimiter, type RateDecision } from '../middleware/rate-limit.ts';
import { StoreUnavailableError, type Store } from '../store/index.ts';
import { readJsonBody } from './tools.ts';

// ----- schemas -----------------------------------------------------------------------------------

export const POSTER_KINDS = ['sky', 'orrery', 'sun-path'] as const;
export type PosterKind = (typeof POSTER_KINDS)[number];

export const SHARE_TTL_DAYS = { min: 1, max: 365, default: 30 } as const;
export const DEFAULT_CREATES_PER_MINUTE = 30;

/** Random bytes per token: 24 → 192 bits, 32 base64url characters with no partial last character. */
export const TOKEN_BYTES = 24;
export const TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 8) / 6);
export const TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${TOKEN_LENGTH}}$`);

export const newShareToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

// C0/C1 controls (incl. tab, newline, DEL), the line/paragraph separators, the bidirectional
// embedding/override/isolate controls (which could make a shared name display as something else),
// and lone UTF-16 surrogates (which do not survive a round trip through UTF-8).
const FORBIDDEN_IN_NAME = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]/u;

export const PosterKindSchema = z.enum(POSTER_KINDS, { error: `must be one of: ${POSTER_KINDS.join(', ')}` })
  .describe('Which poster is shared: the sky chart, the orrery or the sun path');

export const ShareTime = z.string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a time written HH:MM') })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM, 00:00..23:59')
  .describe('Local time of day at the location, HH:MM (24-hour, 00:00..23:59)');

export const ShareLocationName = z.string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
  .trim()
  .min(1, 'must not be empty')
  .max(120, 'must be at most 120 characters long')
  .refine((s) => !FORBIDDEN_IN_NAME.test(s), 'must not contain control characters')
  .describe('Place name shown on the poster, 1..120 characters (leading and trailing spaces are removed)');

export const ShareLocation = z.strictObject({ name: ShareLocationName, lat: Latitude, lng: Longitude })
  .describe('The place the poster is drawn for (`lng`, not `lon`, as the observatory has always written it)');

/** The body of `POST /v1/observatory/share`. */
export const ShareRequest = z.strictObject({
  poster: PosterKindSchema,
  date: IsoDate,
  location: ShareLocation,
  time: ShareTime,
  ttl_days: int()
    .min(SHARE_TTL_DAYS.min, `must be ≥ ${SHARE_TTL_DAYS.min}`)
    .max(SHARE_TTL_DAYS.max, `must be ≤ ${SHARE_TTL_DAYS.max}`)
    .default(SHARE_TTL_DAYS.default)
    .describe('Days until the share expires, 1..365 (default 30)'),
});
export type ShareRequest = z.output<typeof ShareRequest>;
export type ShareRequestInput = z.input<typeof ShareRequest>;

const UtcInstant = z.string().describe('UTC instant, e.g. 2026-11-22T08:00:00Z');
const ShareToken = z.string().regex(TOKEN_PATTERN).describe(`Share token: ${TOKEN_BYTES * 8} random bits, base64url (${TOKEN_LENGTH} characters)`);

/** A stored share, and the answer of `GET /v1/observatory/share/:token`. */
export const Share = z.object({
  token: ShareToken,
  poster: PosterKindSchema,
  date: z.string().describe('Calendar date YYYY-MM-DD'),
  location: z.object({ name: z.string(), lat: z.number(), lng: z.number() }),
  time: z.string().describe('HH:MM'),
  created_at: UtcInstant,
  expires_at: UtcInstant,
});
export type Share = z.output<typeof Share>;

/**
 * The answer of `GET /v1/observatory/share/:token`: the stored share plus the place's zone and the UTC
 * instant of its local date and time, resolved when read (so a later tzdb or boundary release applies),
 * because a viewer needs the instant to draw the sky and a browser has no boundary data to find it.
 */
export const ShareView = Share.extend({
  timezone: z.string().describe('IANA zone of the location, from the time-zone boundary lookup (a nautical Etc/GMT±N zone at sea)'),
  utc_offset: z.string().describe('UTC offset in force at that local date and time, ±HH:MM'),
  at: UtcInstant.describe("UTC instant of the share's local date and time at the location (IANA rules; a time skipped by a DST change moves forward by the gap, a repeated one takes the earlier instant)"),
});
export type ShareView = z.output<typeof ShareView>;

/** Where and when a share is: the zone at its coordinate, and its local date and time as a UTC instant. */
export function resolveShare(share: Share): ShareView {
  const zone = lookupZones(share.location.lat, share.location.lng).zones[0];
  const [year, month, day] = share.date.split('-').map(Number);
  const [hour, minute] = share.time.split(':').map(Number);
  const { ms } = instantOfLocal(zone, year, month, day, hour, minute);
  return { ...share, timezone: zone, utc_offset: formatOffset(zoneRulesAt(zone, ms).utc_offset_seconds), at: formatUtc(ms) };
}

/** The answer of `POST /v1/observatory/share` (201). */
export const ShareCreated = z.object({
  token: ShareToken,
  expires_at: UtcInstant,
  share_url: z.string().describe('The website page of the share: {SITE_URL}/observatory/share/<token>/'),
});
export type ShareCreated = z.output<typeof ShareCreated>;

// ----- routes ------------------------------------------------------------------------------------

export interface ShareLimiter {
  check(key: string, limit: number, now: number): RateDecision | Promise<RateDecision>;
}

export interface ShareRouteDeps {
  /** The persistent store; null when none could be opened (every share route answers 503). */
  store: Store | null;
  /** SITE_URL, for `share_url`. */
  siteUrl: string;
  now: () => Date;
  /**
   * Per-address creation limiter; a private in-process `SlidingWindowLimiter` when not given. Any
   * limiter with the same `check` will do, synchronous or not (e.g. one shared through Redis, so the
   * limit holds across instances). Keys are prefixed `share:`, so one limiter can serve other routes too.
   */
  limiter?: ShareLimiter;
  /** Creations per client address over any rolling minute; default 30, `0` disables. */
  createsPerMinute?: number;
  /**
   * The client address that creations are counted against. Default: the socket's peer address
   * (X-Forwarded-For is not trusted: anyone can write it); behind a trusted proxy, pass a function
   * that reads the proxy's header.
   */
  clientAddress?: (event: H3Event) => string | undefined;
}

const ROBOTS = { 'x-robots-tag': 'noindex, nofollow' } as const;
const STORE_RETRY_AFTER_SECONDS = '5';
const DAY_MS = 86_400_000;

const notFound = (detail = 'No share has this token: it is unknown or has expired.') =>
  problem(404, { detail, headers: { ...ROBOTS } });

const unavailable = (headers: Record<string, string> = {}) => problem(503, {
  detail: 'Shares are stored in the shared store, which is unavailable right now; try again shortly.',
  headers: { ...headers, ...ROBOTS, 'retry-after': STORE_RETRY_AFTER_SECONDS },
});

const defaultClientAddress = (event: H3Event): string | undefined => getRequestIP(event, { xForwardedFor: false });

export function shareRoutes(deps: ShareRouteDeps) {
  const limiter: ShareLimiter = deps.limiter ?? new SlidingWindowLimiter();
  const perMinute = deps.createsPerMinute ?? DEFAULT_CREATES_PER_MINUTE;
  const siteUrl = deps.siteUrl.replace(/\/+$/, '');
  const addressOf = deps.clientAddress ?? defaultClientAddress;

  /** `POST /v1/observatory/share` */
  async function create(event: H3Event): Promise<Response> {
    // Limit first, before the body is read: a flood costs one map lookup per request. Every attempt
    // counts, valid or not.
    const address = addressOf(event) || 'unknown';
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
    try {
      await store.mounts.shares.set(token, share, { ttlSeconds: input.ttl_days * 86_400 });
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      // A write that timed out may still land: remove it (best effort; it expires with its TTL anyway),
      // so a share the client was told failed does not linger.
      await store.mounts.shares.remove(token).catch(() => {});
      return unavailable(limitHeaders);
    }
    const created: ShareCreated = { token, expires_at: share.expires_at, share_url: `${siteUrl}/observatory/share/${token}/` };
    return json(created, 201, {
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
    return json(resolveShare(share), 200, { ...ROBOTS, 'cache-control': 'no-store' });
  }

  return { create, read };
}
