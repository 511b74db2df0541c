/**
 * Counters batched in memory: `incr` only adds to a map, and `flush` (every second, and on close) hands
 * the sums to a backend in chunks. A chunk stays queued until the backend says it is applied, so a
 * failed flush (Redis away, disk full) loses nothing and is retried on the next one; the backends make
 * a retry safe (Redis: each chunk carries an id applied at most once; files: a chunk forgets each entry
 * as soon as its file is renamed into place).
 */
export type CounterMount = 'usage' | 'credits';

export interface Chunk {
  /** Unique per chunk and stable across retries. */
  id: string;
  /** `mount\0encodedKey` → delta */
  entries: Map<string, number>;
}

export interface CounterBackend {
  /** The stored value, 0 when absent or unreadable. */
  read(mount: CounterMount, encodedKey: string): Promise<number>;
  /** Applies a chunk. On failure it throws, leaving in `chunk.entries` whatever is not applied yet. */
  apply(chunk: Chunk): Promise<void>;
}

const CHUNK_SIZE = 500;
export const entryKey = (mount: CounterMount, encodedKey: string) => `${mount}\0${encodedKey}`;

export class Counters {
  private pending = new Map<string, number>();
  private readonly inflight: Chunk[] = [];
  private running: Promise<void> | null = null;
  private generation = 0;
  private seq = 0;

  constructor(private readonly backend: CounterBackend, private readonly instanceId: string) {}

  incr(mount: CounterMount, encodedKey: string, by: number): void {
    const key = entryKey(mount, encodedKey);
    const sum = (this.pending.get(key) ?? 0) + by;
    if (sum === 0) this.pending.delete(key);
    else this.pending.set(key, sum);
  }

  /** Deltas accepted but not yet known to be stored. */
  get unflushed(): number {
    let n = 0;
    for (const v of this.pending.values()) n += Math.abs(v);
    for (const c of this.inflight) for (const v of c.entries.values()) n += Math.abs(v);
    return n;
  }

  /** Stores everything `incr` accepted before this call. Flushes run one at a time, in call order. */
  flush(): Promise<void> {
    const run = (this.running ?? Promise.resolve()).catch(() => {}).then(() => this.flushNow());
    this.running = run;
    const clear = () => { if (this.running === run) this.running = null; };
    run.then(clear, clear);
    return run;
  }

  private async flushNow(): Promise<void> {
    this.generation++;
    if (this.pending.size > 0) {
      let chunk: Chunk | null = null;
      for (const [key, delta] of this.pending) {
        if (!chunk || chunk.entries.size >= CHUNK_SIZE) {
          chunk = { id: `${this.instanceId}:${++this.seq}`, entries: new Map() };
          this.inflight.push(chunk);
        }
        chunk.entries.set(key, delta);
      }
      this.pending = new Map();
    }
    while (this.inflight.length > 0) {
      await this.backend.apply(this.inflight[0]);
      this.inflight.shift();
    }
  }

  private unstored(key: string): number {
    let n = this.pending.get(key) ?? 0;
    for (const c of this.inflight) n += c.entries.get(key) ?? 0;
    return n;
  }

  /**
   * Stored value plus what this process has not stored yet. A read that overlaps a flush is repeated,
   * so a delta is never counted both on the backend and in memory.
   */
  async read(mount: CounterMount, encodedKey: string): Promise<number> {
    const key = entryKey(mount, encodedKey);
    for (let attempt = 0; ; attempt++) {
      if (this.running) await this.running.catch(() => {});
      const generation = this.generation;
      const stored = await this.backend.read(mount, encodedKey);
      if ((this.running || generation !== this.generation) && attempt < 5) continue;
      return stored + this.unstored(key);
    }
  }

  /** Encoded keys of `mount` that have deltas not stored yet. */
  unstoredKeys(mount: CounterMount): string[] {
    const out = new Set<string>();
    const add = (key: string) => { if (key.startsWith(`${mount}\0`)) out.add(key.slice(mount.length + 1)); };
    for (const key of this.pending.keys()) add(key);
    for (const c of this.inflight) for (const key of c.entries.keys()) add(key);
    return [...out];
  }
}
