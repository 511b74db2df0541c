/**
 * The response cache for deterministic results (`TIME_API_CACHE=memory`): an LRU of serialised bodies
 * bounded in bytes (`TIME_API_CACHE_MAX_BYTES`, default 64 MiB, keys and bodies counted as the UTF-16
 * strings the heap holds, plus a fixed overhead per entry), so memory stays flat whatever clients send;
 * a body larger than `MAX_CACHED_BODY_BYTES` is not stored at all. Results that depend on "now" are
 * never stored.
 */
import type { AnyTool } from '../../engine/index.ts';

export type CacheStatus = 'HIT' | 'MISS' | 'BYPASS';

export interface ResponseCache {
  readonly mode: 'memory' | 'off' | 'redis';
  /** True while a shared cache is unreachable and answers come from memory instead. */
  readonly degraded?: boolean;
  get(key: string): Promise<string | undefined> | string | undefined;
  set(key: string, body: string): Promise<void> | void;
}

/** Default budget of the in-process cache: 64 MiB. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/** A body larger than this (a 100-point batch is ~30 KB) is answered but not cached: 128 KiB of text. */
export const MAX_CACHED_BODY_BYTES = 128 * 1024;
/** What an entry costs beyond its two strings (map slot, string headers), in bytes, measured roughly. */
const ENTRY_OVERHEAD_BYTES = 96;

/** Bytes an entry holds: UTF-16 for key and body, plus the overhead. */
export const entryBytes = (key: string, body: string): number => 2 * (key.length + body.length) + ENTRY_OVERHEAD_BYTES;

export class MemoryCache implements ResponseCache {
  readonly mode = 'memory' as const;
  private readonly map = new Map<string, string>();
  private used = 0;
  constructor(private readonly maxBytes = DEFAULT_CACHE_BYTES) {}
  get size(): number {
    return this.map.size;
  }
  /** Bytes held now (never above the budget). */
  get bytes(): number {
    return this.used;
  }
  get(key: string): string | undefined {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }
  set(key: string, body: string): void {
    const old = this.map.get(key);
    if (old !== undefined) {
      this.map.delete(key);
      this.used -= entryBytes(key, old);
    }
    const size = entryBytes(key, body);
    if (body.length * 2 > MAX_CACHED_BODY_BYTES || size > this.maxBytes) return;
    this.map.set(key, body);
    this.used += size;
    for (const [k, v] of this.map) {
      if (this.used <= this.maxBytes) break;
      this.map.delete(k);
      this.used -= entryBytes(k, v);
    }
  }
}

export const noCache: ResponseCache = { mode: 'off', get: () => undefined, set: () => {} };

/** Whether this (validated) input of this tool has an answer that never changes. */
export function isDeterministic(tool: AnyTool, input: unknown): boolean {
  if (tool.cache === 'deterministic') return true;
  if (tool.cache === 'deterministic-unless-now') return !(tool.usesClock?.(input) ?? true);
  return false;
}
