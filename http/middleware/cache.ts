/**
 * The response cache for deterministic results (`TIME_API_CACHE=memory`): a bounded LRU of serialised
 * bodies, so memory stays flat whatever clients send. Results that depend on "now" are never stored.
 */
import type { AnyTool } from '../../engine/tool.ts';

export type CacheStatus = 'HIT' | 'MISS' | 'BYPASS';

export interface ResponseCache {
  readonly mode: 'memory' | 'off' | 'redis';
  /** True while a shared cache is unreachable and answers come from memory instead. */
  readonly degraded?: boolean;
  get(key: string): Promise<string | undefined> | string | undefined;
  set(key: string, body: string): Promise<void> | void;
}

export class MemoryCache implements ResponseCache {
  readonly mode = 'memory' as const;
  private readonly map = new Map<string, string>();
  constructor(private readonly maxEntries = 10_000) {}
  get size(): number { return this.map.size; }
  get(key: string): string | undefined {
    const hit = this.map.get(key);
    if (hit !== undefined) { this.map.delete(key); this.map.set(key, hit); }
    return hit;
  }
  set(key: string, body: string): void {
    this.map.delete(key);
    this.map.set(key, body);
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as string);
  }
}

export const noCache: ResponseCache = { mode: 'off', get: () => undefined, set: () => {} };

/** Whether this (validated) input of this tool has an answer that never changes. */
export function isDeterministic(tool: AnyTool, input: unknown): boolean {
  if (tool.cache === 'deterministic') return true;
  if (tool.cache === 'deterministic-unless-now') return !(tool.usesClock?.(input) ?? true);
  return false;
}
