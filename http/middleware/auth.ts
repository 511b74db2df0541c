/**
 * API keys: `Authorization: Bearer <key>` or `X-API-Key: <key>`. The presented key is hashed (SHA-256)
 * and its digest compared with the digests of the environment keys in constant time, visiting every key
 * and every digit (no early exit that would time a match); provisioned keys (stored as hashes only) are
 * found by their digest. Only digests are ever compared, so no timing can tell anything about a key.
 */
import { hash } from 'node:crypto';
import type { ApiKey } from '../settings.ts';
import { problem } from './problem.ts';

export interface Caller {
  customerId: string;
  keyFingerprint: string;
  /** `environment`: TIME_API_KEYS (no usage history, no ledger); `provisioned`: created with the keys CLI. */
  source: 'environment' | 'provisioned';
}

/** A provisioned key as the store keeps it (see http/accounts.ts). */
export interface ProvisionedKey { customer_id: string; key_hash: string; fingerprint: string; revoked_at?: string }

/** SHA-256 as 64 hex digits (a string: no Buffer to allocate on every request). */
const sha256 = (s: string): string => hash('sha256', s, 'hex') as string;

/** Equal digests, in time that does not depend on where they differ (every digit is visited). */
function sameDigest(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** First 12 hex digits of the key's SHA-256: safe to log and show, useless to an attacker. */
export const fingerprint = (key: string) => sha256(key).slice(0, 12);

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
  private readonly entries: { hash: string; caller: Caller }[];
  private provisioned = new Map<string, Caller>();

  constructor(keys: ApiKey[]) {
    this.entries = keys.map(({ customer, key }) => {
      const fp = fingerprint(key);
      return { hash: sha256(key), caller: { customerId: customer || fp, keyFingerprint: fp, source: 'environment' as const } };
    });
  }

  get size(): number { return this.entries.length + this.provisioned.size; }

  /** Replaces the provisioned keys (called every few seconds from the store); revoked ones are left out. */
  setProvisioned(records: readonly ProvisionedKey[]): void {
    const next = new Map<string, Caller>();
    for (const r of records) {
      if (!r.revoked_at) next.set(r.key_hash, { customerId: r.customer_id, keyFingerprint: r.fingerprint, source: 'provisioned' });
    }
    this.provisioned = next;
  }

  identify(key: string): Caller | null {
    const digest = sha256(key);
    let found: Caller | null = null;
    for (const entry of this.entries) if (sameDigest(entry.hash, digest)) found = entry.caller;
    // A lookup by SHA-256: its timing can reveal nothing usable about a key.
    return found ?? (this.provisioned.size ? this.provisioned.get(digest) ?? null : null);
  }
}

const CHALLENGE = { 'www-authenticate': 'Bearer realm="time-coordinate-api"' };

/** The caller, or the 401 problem to answer with. */
export function authenticate(keys: KeyRing, headers: Headers): Caller | Response {
  const key = presentedKey(headers);
  if (key === null) {
    const detail = keys.size === 0
      ? 'This route needs an API key, and this server has none configured: set TIME_API_KEYS (for example TIME_API_KEYS=me:a-long-random-key) and restart, or create one with `npm run keys -- create --customer ID`.'
      : 'This route needs an API key: send Authorization: Bearer <key> or X-API-Key: <key>.';
    return problem(401, { detail, headers: CHALLENGE });
  }
  const caller = keys.identify(key);
  if (!caller) return problem(401, { detail: 'The API key is not valid.', headers: { 'www-authenticate': 'Bearer realm="time-coordinate-api", error="invalid_token"' } });
  return caller;
}
