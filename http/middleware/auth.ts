/**
 * API keys: `Authorization: Bearer <key>` or `X-API-Key: <key>`, checked against hashes of the configured
 * keys with a constant-time comparison that visits every key (no early exit that would time a match).
 */
import { hash, timingSafeEqual } from 'node:crypto';
import type { ApiKey } from '../settings.ts';
import { problem } from './problem.ts';

export interface Caller { customerId: string; keyFingerprint: string }

const sha256 = (s: string): Buffer => hash('sha256', s, 'buffer') as unknown as Buffer;

/** First 12 hex digits of the key's SHA-256: safe to log and show, useless to an attacker. */
export const fingerprint = (key: string) => sha256(key).toString('hex').slice(0, 12);

export function presentedKey(headers: Headers): string | null {
  const auth = headers.get('authorization');
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return m ? m[1] : null;
  }
  const header = headers.get('x-api-key');
  return header ? header.trim() || null : null;
}

export class KeyRing {
  private readonly entries: { hash: Buffer; caller: Caller }[];

  constructor(keys: ApiKey[]) {
    this.entries = keys.map(({ customer, key }) => {
      const fp = fingerprint(key);
      return { hash: sha256(key), caller: { customerId: customer || fp, keyFingerprint: fp } };
    });
  }

  get size(): number { return this.entries.length; }

  identify(key: string): Caller | null {
    const hash = sha256(key);
    let found: Caller | null = null;
    for (const entry of this.entries) if (timingSafeEqual(entry.hash, hash)) found = entry.caller;
    return found;
  }
}

const CHALLENGE = { 'www-authenticate': 'Bearer realm="time-coordinate-api"' };

/** The caller, or the 401 problem to answer with. */
export function authenticate(keys: KeyRing, headers: Headers): Caller | Response {
  const key = presentedKey(headers);
  if (key === null) {
    const detail = keys.size === 0
      ? 'This route needs an API key, and this server has none configured: set TIME_API_KEYS (for example TIME_API_KEYS=me:a-long-random-key) and restart.'
      : 'This route needs an API key: send Authorization: Bearer <key> or X-API-Key: <key>.';
    return problem(401, { detail, headers: CHALLENGE });
  }
  const caller = keys.identify(key);
  if (!caller) return problem(401, { detail: 'The API key is not valid.', headers: { 'www-authenticate': 'Bearer realm="time-coordinate-api", error="invalid_token"' } });
  return caller;
}
