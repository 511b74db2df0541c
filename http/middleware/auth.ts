/**
 * API keys: `Authorization: Bearer <key>` or `X-API-Key: <key>`. The presented key is compared with
 * every environment key in constant time: every key is visited, and every character of the presented
 * key, with no early exit, so the time depends only on the presented key's length and the number of keys,
 * never on where or whether it matches. A key that is none of them is hashed (SHA-256), and provisioned keys (stored
 * as hashes only) are found by that digest, a lookup whose timing can reveal nothing usable about a key.
 * An environment key is thus recognised without a hash (the hash was a visible share of a GET /v1/time's
 * server time); that it is one is no secret from its holder.
 */
import { hash } from 'node:crypto';
import { SERVICE } from '../../service/identity.ts';
import type { ApiKey } from '../../service/settings.ts';
import { problem } from '../../service/problem.ts';

export interface Caller {
  customerId: string;
  keyFingerprint: string;
  /** `environment`: TIME_API_KEYS (no usage history, no ledger); `provisioned`: created with the keys CLI. */
  source: 'environment' | 'provisioned';
}

/** A provisioned key as the store keeps it (see http/accounts.ts). */
export interface ProvisionedKey {
  customer_id: string;
  key_hash: string;
  fingerprint: string;
  revoked_at?: string;
}

/** SHA-256 as 64 hex digits (a string: no Buffer to allocate on every request). */
const sha256 = (s: string): string => hash('sha256', s, 'hex') as string;

/**
 * Whether `presented` is `secret`, in time that depends only on the presented key's length: every
 * character of it is visited, whatever the secret's length and wherever they differ. The secret is
 * read cyclically (`i % length`), never past its end, so not even its length shows in the timing;
 * different lengths are told apart by the first term. Settings keep keys at 8 characters or more.
 */
function sameKey(secret: string, presented: string): boolean {
  const n = secret.length;
  let diff = n ^ presented.length;
  for (let i = 0; i < presented.length; i++) diff |= secret.charCodeAt(i % n) ^ presented.charCodeAt(i);
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
  private readonly entries: { key: string; caller: Caller }[];
  private provisioned = new Map<string, Caller>();

  constructor(keys: ApiKey[]) {
    this.entries = keys.map(({ customer, key }) => {
      const fp = fingerprint(key);
      return { key, caller: { customerId: customer || fp, keyFingerprint: fp, source: 'environment' as const } };
    });
  }

  get size(): number {
    return this.entries.length + this.provisioned.size;
  }

  /** Replaces the provisioned keys (called every few seconds from the store); revoked ones are left out. */
  setProvisioned(records: readonly ProvisionedKey[]): void {
    const next = new Map<string, Caller>();
    for (const r of records) {
      if (!r.revoked_at) next.set(r.key_hash, { customerId: r.customer_id, keyFingerprint: r.fingerprint, source: 'provisioned' });
    }
    this.provisioned = next;
  }

  identify(key: string): Caller | null {
    let found: Caller | null = null;
    for (const entry of this.entries) if (sameKey(entry.key, key)) found = entry.caller;
    if (found || this.provisioned.size === 0) return found;
    // A lookup by SHA-256: its timing can reveal nothing usable about a key.
    return this.provisioned.get(sha256(key)) ?? null;
  }
}

const CHALLENGE = { 'www-authenticate': `Bearer realm="${SERVICE}"` };

/**
 * How to send a key and where one comes from, in every 401. There is no self-service sign-up: the
 * operator issues keys (the keys CLI, or TIME_API_KEYS), so a client is told whom to ask and how.
 */
const KEY_HEADERS = 'Authorization: Bearer <key> or X-API-Key: <key>';
const HOW_TO_GET =
  "Keys come from this API's operator, who issues them with `npm run keys -- create --customer ID` (or lists them in TIME_API_KEYS); public routes such as /v1/status need none.";

/** The caller, or the 401 problem to answer with. */
export function authenticate(keys: KeyRing, headers: Headers): Caller | Response {
  const key = presentedKey(headers);
  if (key === null) {
    const detail =
      keys.size === 0
        ? 'This route needs an API key, and this server has none configured: set TIME_API_KEYS (for example TIME_API_KEYS=me:a-long-random-key) and restart, or create one with `npm run keys -- create --customer ID`.'
        : `This route needs an API key: send it as ${KEY_HEADERS}. ${HOW_TO_GET}`;
    return problem(401, { detail, headers: CHALLENGE });
  }
  const caller = keys.identify(key);
  if (!caller) {
    return problem(401, {
      detail: `The API key is not valid (unknown, revoked, or replaced by a rotation): send a current key as ${KEY_HEADERS}. ${HOW_TO_GET}`,
      headers: { 'www-authenticate': `Bearer realm="${SERVICE}", error="invalid_token"` },
    });
  }
  return caller;
}
