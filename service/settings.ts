/**
 * Every environment setting, parsed and validated once at start-up: read by the API server, the MCP
 * stdio server and the scripts alike, so it lives below them all. An invalid value stops start-up with
 * one line naming the setting, what it must be, and what was given.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { TOOLSET_NAMES, type Toolset } from '../engine/index.ts';
import { DEFAULT_SHARES_MAX, DEFAULT_SHARES_PER_ADDRESS } from './shares.ts';
import { readToolsets } from './toolsets.ts';

export type CacheMode = 'memory' | 'off' | 'redis';
export type LogFormat = 'json' | 'pretty';

export interface ApiKey {
  customer: string;
  key: string;
}

export interface Settings {
  port: number;
  host: string;
  apiKeys: ApiKey[];
  corsOrigins: string[];
  partnerOrigin: string | null;
  rateLimitPerMinute: number;
  customerRateLimits: Record<string, number>;
  cache: CacheMode;
  /** Byte budget of the in-process response cache (TIME_API_CACHE_MAX_BYTES). */
  cacheMaxBytes: number;
  redisUrl: string | null;
  dataDir: string;
  /**
   * The website's address (SITE_URL), for links to its pages (`GET /`'s `website`, share links, MCP
   * page links); undefined when unset: no link is then given (never one to a site that is not running).
   */
  siteUrl: string | undefined;
  elevationProviderUrl: string;
  logFormat: LogFormat;
  /** Longest wait for a request's headers (HEADERS_TIMEOUT_MS), and for the whole request (REQUEST_TIMEOUT_MS). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** Idle time a kept-alive connection is held between requests (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Wall time a priced calculation may run in the work pool before it is stopped with a 503 (WORK_DEADLINE_MS). */
  workDeadlineMs: number;
  /** Most sockets open at once (MAX_CONNECTIONS); more are closed as they arrive. */
  maxConnections: number;
  /**
   * Most sockets one peer address (an IPv6 one by its /64) holds open (MAX_CONNECTIONS_PER_ADDRESS), and
   * holds while they are slow to send their first request (MAX_PENDING_CONNECTIONS_PER_ADDRESS: over a
   * second without its headers); more are closed (http/connection-caps.ts); 0: no such cap. Off by
   * default behind a proxy (TRUST_PROXY > 0), whose one address every socket comes from.
   */
  maxConnectionsPerAddress: number;
  maxPendingConnectionsPerAddress: number;
  /** Live observatory shares one client address may keep (SHARES_PER_ADDRESS), and the store keeps (SHARES_MAX); 0: no cap. */
  sharesPerAddress: number;
  sharesMax: number;
  /** Reverse proxies in front of the server whose X-Forwarded-For entries are trusted (TRUST_PROXY). */
  trustProxy: number;
  /** The MCP toolsets served when a client names none (MCP_TOOLSETS; default all). */
  mcpToolsets: Toolset[];
  /**
   * When the places index (place names, place inputs, nearby places) is loaded (PLACE_INDEXES):
   * `first-need` (the default) by the first request that names a place, which waits up to 3 s for it
   * (about a second from its index file; where there is no index file yet, it is built right after the
   * server listens, as with `background`);
   * `background` right after the server listens; `on-demand` by the first request that needs it, which
   * waits for the whole load (tests).
   */
  placeIndexes: 'first-need' | 'background' | 'on-demand';
  /** API processes `npm start` runs on one port (WORKERS, 1..64; default one per core, 1 = a single process). */
  workers: number;
}

export class SettingsError extends Error {
  constructor(
    readonly setting: string,
    rule: string,
    given?: string,
  ) {
    super(`Invalid setting ${setting}: ${rule}${given === undefined ? '' : ` (got ${JSON.stringify(given.length > 80 ? given.slice(0, 80) + '…' : given)})`}`);
    this.name = 'SettingsError';
  }
}

type Env = Record<string, string | undefined>;

const present = (env: Env, name: string) => {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
};

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = present(env, name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new SettingsError(name, `must be a whole number ${min}..${max}`, v);
  return Number(v);
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const v = present(env, name);
  if (v === undefined) return fallback;
  if (!values.includes(v as T)) throw new SettingsError(name, `must be one of ${values.join(', ')}`, v);
  return v as T;
}

/** `scheme://host[:port]` with nothing after it; never a wildcard. */
function origin(name: string, value: string): string {
  if (value.includes('*')) throw new SettingsError(name, 'must list exact origins; wildcards are not allowed', value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError(name, 'must be origins such as https://example.com', value);
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
    throw new SettingsError(name, 'must be origins such as https://example.com (scheme, host and optional port only)', value);
  }
  return url.origin;
}

function toolsets(env: Env): Toolset[] {
  const v = present(env, 'MCP_TOOLSETS');
  if (v === undefined) return [...TOOLSET_NAMES];
  const read = readToolsets(v);
  if (!read.ok) throw new SettingsError('MCP_TOOLSETS', read.message, v);
  return read.toolsets;
}

function httpUrl(env: Env, name: string, fallback: string): string;
function httpUrl(env: Env, name: string, fallback?: string): string | undefined;
function httpUrl(env: Env, name: string, fallback?: string): string | undefined {
  const v = present(env, name) ?? fallback;
  if (v === undefined) return undefined;
  try {
    const url = new URL(v);
    if (!/^https?:$/.test(url.protocol)) throw new Error();
  } catch {
    throw new SettingsError(name, 'must be an http(s) URL', v);
  }
  return v.replace(/\/+$/, '');
}

const CUSTOMER = /^[A-Za-z0-9._-]{1,64}$/;

function apiKeys(env: Env): ApiKey[] {
  const v = present(env, 'TIME_API_KEYS');
  if (v === undefined) return [];
  const out: ApiKey[] = [];
  for (const entry of v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const customer = colon > 0 ? entry.slice(0, colon) : null;
    const key = colon > 0 ? entry.slice(colon + 1) : entry;
    if (customer !== null && !CUSTOMER.test(customer)) throw new SettingsError('TIME_API_KEYS', 'customer ids must be 1..64 of A-Z a-z 0-9 . _ -');
    // The key itself is never echoed back, even in an error.
    if (key.length < 8 || /\s/.test(key))
      throw new SettingsError('TIME_API_KEYS', 'each key must be at least 8 characters without spaces (entries are key or customer:key, comma separated)');
    if (out.some((k) => k.key === key)) throw new SettingsError('TIME_API_KEYS', 'the same key is listed twice');
    out.push({ customer: customer ?? '', key });
  }
  return out;
}

function customerLimits(env: Env): Record<string, number> {
  const v = present(env, 'TIME_API_CUSTOMER_RATE_LIMITS');
  if (v === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw new SettingsError('TIME_API_CUSTOMER_RATE_LIMITS', 'must be a JSON object such as {"acme": 600}', v);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new SettingsError('TIME_API_CUSTOMER_RATE_LIMITS', 'must be a JSON object such as {"acme": 600}', v);
  for (const [customer, limit] of Object.entries(parsed)) {
    if (!CUSTOMER.test(customer) || !Number.isInteger(limit) || (limit as number) < 0) {
      throw new SettingsError('TIME_API_CUSTOMER_RATE_LIMITS', 'each entry must map a customer id to a whole number ≥ 0', v);
    }
  }
  return parsed as Record<string, number>;
}

/**
 * Sockets the server keeps open at most by default: the process's open-file limit less 128 for its own
 * files (data, logs, Redis), between 64 and 10,000; 1,000 where the limit cannot be read (not Linux).
 */
function defaultMaxConnections(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    if (Number.isSafeInteger(soft)) return Math.min(10_000, Math.max(64, soft - 128));
  } catch {
    /* not Linux */
  }
  return 1_000;
}

/** Local development origins (a dev server, the site served by `npm run site:serve`): never in production. */
const DEV_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:4321', 'http://127.0.0.1:4321'];

export function loadSettings(env: Env = process.env): Settings {
  const production = env.NODE_ENV === 'production';
  const siteUrl = httpUrl(env, 'SITE_URL');
  const partnerOrigin = present(env, 'PARTNER_ORIGIN') === undefined ? null : origin('PARTNER_ORIGIN', present(env, 'PARTNER_ORIGIN')!);
  const corsList = present(env, 'CORS_ORIGINS');
  let corsOrigins: string[];
  if (corsList !== undefined) {
    corsOrigins = corsList
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((o) => origin('CORS_ORIGINS', o));
  } else {
    corsOrigins = [];
    if (siteUrl !== undefined) {
      const site = new URL(siteUrl);
      const bare = site.hostname.replace(/^www\./, '');
      const port = site.port ? `:${site.port}` : '';
      corsOrigins.push(`${site.protocol}//${bare}${port}`, `${site.protocol}//www.${bare}${port}`);
    }
    if (!production) corsOrigins.push(...DEV_ORIGINS);
    if (partnerOrigin) corsOrigins.push(partnerOrigin);
  }
  const redisUrl = present(env, 'REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) throw new SettingsError('REDIS_URL', 'must be a redis:// or rediss:// URL');
  const cache = oneOf(env, 'TIME_API_CACHE', ['memory', 'off', 'redis'] as const, 'memory');
  if (cache === 'redis' && !redisUrl) throw new SettingsError('TIME_API_CACHE', 'is redis, which needs REDIS_URL to be set');
  const maxConnections = integer(env, 'MAX_CONNECTIONS', defaultMaxConnections(), 1, 1_000_000);
  const trustProxy = integer(env, 'TRUST_PROXY', 0, 0, 10);
  // Behind a proxy every socket's peer is the proxy: per-address socket caps are off unless set.
  const direct = trustProxy === 0;
  return {
    port: integer(env, 'PORT', 8787, 1, 65535),
    host: present(env, 'HOST') ?? '127.0.0.1',
    apiKeys: apiKeys(env),
    corsOrigins: [...new Set(corsOrigins)],
    partnerOrigin,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 120, 0, 1_000_000),
    customerRateLimits: customerLimits(env),
    cache,
    cacheMaxBytes: integer(env, 'TIME_API_CACHE_MAX_BYTES', 64 * 1024 * 1024, 1024 * 1024, 64 * 1024 * 1024 * 1024),
    redisUrl,
    dataDir: present(env, 'DATA_DIR') ?? './data',
    siteUrl,
    elevationProviderUrl: httpUrl(env, 'ELEVATION_PROVIDER_URL', 'https://api.open-meteo.com/v1/elevation'),
    headersTimeoutMs: integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 1_000, 120_000),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000),
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 120_000),
    workDeadlineMs: integer(env, 'WORK_DEADLINE_MS', 2_000, 100, 600_000),
    maxConnections,
    maxConnectionsPerAddress: integer(
      env,
      'MAX_CONNECTIONS_PER_ADDRESS',
      direct ? Math.min(maxConnections, Math.max(64, Math.floor(maxConnections / 4))) : 0,
      0,
      1_000_000,
    ),
    maxPendingConnectionsPerAddress: integer(env, 'MAX_PENDING_CONNECTIONS_PER_ADDRESS', direct ? 64 : 0, 0, 1_000_000),
    sharesPerAddress: integer(env, 'SHARES_PER_ADDRESS', DEFAULT_SHARES_PER_ADDRESS, 0, 1_000_000_000),
    sharesMax: integer(env, 'SHARES_MAX', DEFAULT_SHARES_MAX, 0, 1_000_000_000),
    trustProxy,
    mcpToolsets: toolsets(env),
    placeIndexes: oneOf(env, 'PLACE_INDEXES', ['first-need', 'background', 'on-demand'] as const, 'first-need'),
    workers: integer(env, 'WORKERS', Math.min(64, availableParallelism()), 1, 64),
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, production || !process.stdout.isTTY ? 'json' : 'pretty'),
  };
}

/** Settings for an entry point: an invalid one stops the process with its one-line message. */
export function loadSettingsOrExit(env: Env = process.env): Settings {
  try {
    return loadSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
