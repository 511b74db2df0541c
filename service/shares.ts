/**
 * The observatory share contract: the request and answer schemas of `POST /v1/observatory/share` and
 * `GET /v1/observatory/share/:token`, token format, limits. Shared by the HTTP routes (which validate
 * with them), the route inventory and OpenAPI, and the website; no transport and no calculation here.
 */
import { z } from 'zod';
import { int, IsoDate, Latitude, Longitude } from '../engine/index.ts';

export const POSTER_KINDS = ['sky', 'orrery', 'sun-path'] as const;
export type PosterKind = (typeof POSTER_KINDS)[number];

export const SHARE_TTL_DAYS = { min: 1, max: 365, default: 30 } as const;
export const DEFAULT_CREATES_PER_MINUTE = 30;
/**
 * Live shares one client address may keep (SHARES_PER_ADDRESS): a visitor shares a handful, while the
 * creation limit alone (30 a minute) let one address pile up 15 million over a year of TTLs.
 */
export const DEFAULT_SHARES_PER_ADDRESS = 1_000;
/**
 * Live shares the store keeps at most (SHARES_MAX). A share is at most about 1 KB of JSON (a 120-character
 * name is at most 480 bytes of UTF-8), so 100,000 hold at most ~100 MB of Redis memory, or ~400 MB on a
 * file system of 4 KiB blocks, and keep the store's sweep and recount small.
 */
export const DEFAULT_SHARES_MAX = 100_000;

/** Random bytes per token: 24 → 192 bits, 32 base64url characters with no partial last character. */
export const TOKEN_BYTES = 24;
export const TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 8) / 6);
export const TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${TOKEN_LENGTH}}$`);

// C0/C1 controls (incl. tab, newline, DEL), the line/paragraph separators, the bidirectional
// embedding/override/isolate controls (which could make a shared name display as something else),
// and lone UTF-16 surrogates (which do not survive a round trip through UTF-8).
const FORBIDDEN_IN_NAME = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]/u;

export const PosterKindSchema = z
  .enum(POSTER_KINDS, { error: `must be one of: ${POSTER_KINDS.join(', ')}` })
  .describe('Which poster is shared: the sky chart, the orrery or the sun path');

export const ShareTime = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a time written HH:MM') })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM, 00:00..23:59')
  .describe('Local time of day at the location, HH:MM (24-hour, 00:00..23:59)');

export const ShareLocationName = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
  .trim()
  .min(1, 'must not be empty')
  .max(120, 'must be at most 120 characters long')
  .refine((s) => !FORBIDDEN_IN_NAME.test(s), 'must not contain control characters')
  .describe('Place name shown on the poster, 1..120 characters (leading and trailing spaces are removed)');

export const ShareLocation = z
  .strictObject({ name: ShareLocationName, lat: Latitude, lng: Longitude })
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
const ShareToken = z
  .string()
  .regex(TOKEN_PATTERN)
  .describe(`Share token: ${TOKEN_BYTES * 8} random bits, base64url (${TOKEN_LENGTH} characters)`);

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
  at: UtcInstant.describe(
    "UTC instant of the share's local date and time at the location (IANA rules; a time skipped by a DST change moves forward by the gap, a repeated one takes the earlier instant)",
  ),
});
export type ShareView = z.output<typeof ShareView>;

/** The answer of `POST /v1/observatory/share` (201). */
export const ShareCreated = z.object({
  token: ShareToken,
  expires_at: UtcInstant,
  share_url: z
    .string()
    .describe(
      "The website page of the share, {SITE_URL}/observatory/share/<token>/; on a server without SITE_URL, the API's own read route, relative (/v1/observatory/share/<token>, as Location)",
    ),
});
export type ShareCreated = z.output<typeof ShareCreated>;
