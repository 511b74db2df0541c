/**
 * `Idempotency-Key` on POST calculation routes (the contract; the IETF httpapi draft's semantics): the
 * same customer, route, key and body within 24 hours gets the first answer again, byte for byte, with
 * `Idempotent-Replayed: true`, and is charged once (the replay costs no credit). The same key with
 * another body is a 422; while the first request with a key is still running, a second one is a 409.
 * Only answers worth replaying are kept: a success, or an error after real work (a charged 400); a 401,
 * 402, 429 or 5xx is not, so a retry after it runs anew.
 *
 * Records live in Redis when the store is Redis (shared by every instance, expiring by themselves), in
 * this process otherwise: an LRU bounded in bytes (`maxBytes`, default 16 MiB), each record dropped at
 * its 24 hours. A key is 1 to 255 visible ASCII characters; anything else is a 400 naming the header.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { entryBytes } from './middleware/cache.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const TTL_MS = 86_400_000;
/** How long an unfinished first request holds its key (it is answered long before; a crash frees it). */
const PENDING_MS = 60_000;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const MAX_KEY_LENGTH = 255;

export interface StoredAnswer {
  status: number;
  body: string;
  contentType: string;
  credits: number;
}

interface Entry {
  hash: string;
  /** Undefined while the first request runs. */
  answer?: StoredAnswer;
  expires: number;
}

export type Begin = { kind: 'new' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'conflict' } | { kind: 'mismatch' };

/** Why a header value is no key, or undefined when it is one. */
export function keyProblem(value: string): string | undefined {
  if (value.length === 0 || value.length > MAX_KEY_LENGTH) return `must be 1 to ${MAX_KEY_LENGTH} characters`;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x21 || c > 0x7e) return 'must be visible ASCII characters (no spaces)';
  }
  return undefined;
}

export const bodyHash = (text: string) => createHash('sha256').update(text).digest('base64url');

export class IdempotencyRecords {
  private readonly memory = new Map<string, Entry>();
  private used = 0;

  constructor(
    private readonly redis: Redis | null = null,
    private readonly prefix = 'time-api:idempotency:',
    private readonly maxBytes = DEFAULT_MAX_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bytes the in-process records hold (never above the budget). */
  get bytes(): number {
    return this.used;
  }

  /** Claims `scope` (customer, route and key) for a request with this body hash, or says why not. */
  async begin(scope: string, hash: string): Promise<Begin> {
    if (this.redis) {
      const claimed = await this.redis.set(this.prefix + scope, JSON.stringify({ hash }), 'PX', PENDING_MS, 'NX');
      if (claimed === 'OK') return { kind: 'new' };
      const text = await this.redis.get(this.prefix + scope);
      if (text === null) return this.begin(scope, hash); // expired between the two calls
      return this.verdict(JSON.parse(text) as Entry, hash);
    }
    const held = this.memory.get(scope);
    if (held && held.expires > this.now()) return this.verdict(held, hash);
    if (held) this.drop(scope, held);
    this.put(scope, { hash, expires: this.now() + PENDING_MS });
    return { kind: 'new' };
  }

  /** Keeps the answer of a claimed scope for 24 hours, or frees the scope when it is not worth replaying. */
  async finish(scope: string, hash: string, answer: StoredAnswer | undefined): Promise<void> {
    if (this.redis) {
      if (answer) await this.redis.set(this.prefix + scope, JSON.stringify({ hash, answer }), 'PX', TTL_MS);
      else await this.redis.del(this.prefix + scope);
      return;
    }
    const held = this.memory.get(scope);
    if (held) this.drop(scope, held);
    if (answer) this.put(scope, { hash, answer, expires: this.now() + TTL_MS });
  }

  private verdict(entry: Entry, hash: string): Begin {
    if (entry.hash !== hash) return { kind: 'mismatch' };
    return entry.answer ? { kind: 'replay', answer: entry.answer } : { kind: 'conflict' };
  }

  private sizeOf(scope: string, entry: Entry) {
    return entryBytes(scope, entry.hash + (entry.answer?.body ?? '') + (entry.answer?.contentType ?? ''));
  }

  private drop(scope: string, entry: Entry) {
    this.memory.delete(scope);
    this.used -= this.sizeOf(scope, entry);
  }

  private put(scope: string, entry: Entry) {
    const size = this.sizeOf(scope, entry);
    if (size > this.maxBytes) return;
    this.memory.set(scope, entry);
    this.used += size;
    // Oldest first (insertion order): expired ones and then the least recent go when over budget.
    const now = this.now();
    for (const [key, held] of this.memory) {
      if (this.used <= this.maxBytes && held.expires > now) break;
      if (key === scope) continue;
      this.drop(key, held);
    }
  }
}
