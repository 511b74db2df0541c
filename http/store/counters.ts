/**
 * Counters batched in memory: `incr` only adds to a map, and `flush` (every second, and on close) hands
 * the sums to a backend in chunks. A chunk stays queued until the backend says it is applied, so a
 * failed flush (Redis away, disk full) loses nothing and is retried on the next one; the backends make
 * a retry safe (Redis: each chunk carries an id applied at most once; files: a chunk forgets each entry
 * as soon as its file is renamed into place).
 *
 * A stored counter that is not a whole number (a damaged file or Redis value) is never overwritten:
 * the backend leaves it alone and throws {@link CorruptRecordError}; its deltas are held here (not lost,
 * reported once through `onCorrupt`) and retried on every flush, so they land as soon as the operator
 * repairs the record (`npm run keys -- check`, `repair`).
 *
 * Reads never wait for a flush: a read of a key that a flush is writing at that moment is repeated
 * (a few times, at once), so a delta is not counted both on the backend and in memory.
 */
import { CorruptRecordError } from './errors.ts';

export type CounterMount = 'usage' | 'credits';

export interface Chunk {
  /** Unique per chunk and stable across retries. */
  id: string;
  /** `mount\0encodedKey` → delta */
  entries: Map<string, number>;
}

/** Marks the keys a backend is writing, so readers know when to read again. */
export interface WriteMarks {
  begin(entry: string): void;
  /** The entry is stored (and deleted from its chunk), or the attempt is over. */
  end(entry: string): void;
}

export interface CounterBackend {
  /** The stored value, 0 when absent; throws CorruptRecordError when it is not a whole number. */
  read(mount: CounterMount, encodedKey: string): Promise<number>;
  /**
   * Applies a chunk, deleting each entry from `chunk.entries` once it is stored. On failure it throws,
   * leaving in `chunk.entries` whatever is not applied yet (CorruptRecordError when only damaged
   * records are left).
   */
  apply(chunk: Chunk, marks: WriteMarks): Promise<void>;
}

/** A stored counter's text as a whole number; throws CorruptRecordError for anything else. */
export function counterValue(record: string, text: string): number {
  const t = text.trim();
  if (t.length <= 20 && /^-?\d+$/.test(t) && Number.isSafeInteger(Number(t))) return Number(t);
  throw new CorruptRecordError([record], `holds ${JSON.stringify(text.slice(0, 40))}, not a whole number`);
}

const CHUNK_SIZE = 500;
const BUCKETS = 1024;
export const entryKey = (mount: CounterMount, encodedKey: string) => `${mount}\0${encodedKey}`;

function bucketOf(entry: string): number {
  let h = 0;
  for (let i = 0; i < entry.length; i++) h = (h * 31 + entry.charCodeAt(i)) | 0;
  return (h >>> 0) % BUCKETS;
}

export class Counters {
  private pending = new Map<string, number>();
  private readonly inflight: Chunk[] = [];
  /** Deltas of damaged records: kept until the record can be read again. */
  private readonly held = new Map<string, number>();
  private readonly reported = new Set<string>();
  private readonly turns = new Turns();
  private seq = 0;
  /** Per hash bucket of entries: writes in progress, and writes finished (readers compare both). */
  private readonly writing = new Int32Array(BUCKETS);
  private readonly written = new Int32Array(BUCKETS);
  /** Marks of writes in progress (a flush's, or a take's: FsCounterBackend.take), so overlapping reads repeat. */
  readonly marks: WriteMarks = {
    begin: (entry) => {
      this.writing[bucketOf(entry)]++;
    },
    end: (entry) => {
      const b = bucketOf(entry);
      this.writing[b]--;
      this.written[b]++;
    },
  };

  constructor(
    private readonly backend: CounterBackend,
    private readonly instanceId: string,
    private readonly onCorrupt: (error: CorruptRecordError, held: Record<string, number>) => void = () => {},
  ) {}

  incr(mount: CounterMount, encodedKey: string, by: number): void {
    const key = entryKey(mount, encodedKey);
    const sum = (this.pending.get(key) ?? 0) + by;
    if (sum === 0) this.pending.delete(key);
    else this.pending.set(key, sum);
  }

  /** Deltas accepted but not yet known to be stored (held ones included). */
  get unflushed(): number {
    let n = 0;
    for (const v of this.pending.values()) n += Math.abs(v);
    for (const c of this.inflight) for (const v of c.entries.values()) n += Math.abs(v);
    for (const v of this.held.values()) n += Math.abs(v);
    return n;
  }

  /** Every delta not yet known to be stored (pending, in flight, held), summed by entry (`mount\0encodedKey`). */
  snapshot(): Map<string, number> {
    const out = new Map<string, number>();
    const add = (key: string, delta: number) => out.set(key, (out.get(key) ?? 0) + delta);
    for (const [k, v] of this.pending) add(k, v);
    for (const c of this.inflight) for (const [k, v] of c.entries) add(k, v);
    for (const [k, v] of this.held) add(k, v);
    return out;
  }

  /** Deltas waiting for a damaged record to be repaired, by record (`mount:encodedKey`, as CorruptRecordError names them). */
  heldDeltas(): Record<string, number> {
    return Object.fromEntries([...this.held].map(([entry, delta]) => [entry.replace('\0', ':'), delta]));
  }

  /** Stores everything `incr` accepted before this call. Flushes run one at a time, in call order. */
  flush(): Promise<void> {
    return this.turns.run(() => this.flushNow());
  }

  private async flushNow(): Promise<void> {
    // Held deltas are tried again: the record may have been repaired.
    for (const [key, delta] of this.held) this.pending.set(key, (this.pending.get(key) ?? 0) + delta);
    this.held.clear();
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
    const damaged: CorruptRecordError[] = [];
    while (this.inflight.length > 0) {
      const chunk = this.inflight[0];
      try {
        await this.backend.apply(chunk, this.marks);
      } catch (error) {
        if (!(error instanceof CorruptRecordError)) throw error;
        // Only damaged records are left in the chunk: hold their deltas, go on with the rest.
        for (const [key, delta] of chunk.entries) this.held.set(key, (this.held.get(key) ?? 0) + delta);
        chunk.entries.clear();
        damaged.push(error);
      }
      this.inflight.shift();
    }
    for (const error of damaged) {
      const fresh = error.records.filter((r) => !this.reported.has(r));
      for (const r of fresh) this.reported.add(r);
      if (fresh.length) this.onCorrupt(error, this.heldDeltas());
    }
    // A record reported once is reported again only after it was readable in between.
    for (const r of [...this.reported]) if (!this.held.has(r.replace(':', '\0'))) this.reported.delete(r);
  }

  /** What this process has accepted for a counter and not stored yet (pending and in flight). */
  unstoredOf(mount: CounterMount, encodedKey: string): number {
    return this.unstored(entryKey(mount, encodedKey));
  }

  private unstored(key: string): number {
    let n = this.pending.get(key) ?? 0;
    for (const c of this.inflight) n += c.entries.get(key) ?? 0;
    return n;
  }

  /**
   * Stored value plus what this process has not stored yet. A read that overlaps a write of the same
   * key is repeated at once (never waiting for the flush), so a delta is never counted both on the
   * backend and in memory; after 20 overlapping attempts the last estimate is returned.
   */
  async read(mount: CounterMount, encodedKey: string): Promise<number> {
    const key = entryKey(mount, encodedKey);
    const b = bucketOf(key);
    for (let attempt = 0; ; attempt++) {
      const before = this.written[b];
      const busy = this.writing[b] > 0;
      const stored = await this.backend.read(mount, encodedKey);
      if ((busy || this.writing[b] > 0 || this.written[b] !== before) && attempt < 20) {
        await new Promise((r) => setImmediate(r));
        continue;
      }
      return stored + this.unstored(key);
    }
  }

  /** Encoded keys of `mount` that have deltas not stored yet. */
  unstoredKeys(mount: CounterMount): string[] {
    const out = new Set<string>();
    const add = (key: string) => {
      if (key.startsWith(`${mount}\0`)) out.add(key.slice(mount.length + 1));
    };
    for (const key of this.pending.keys()) add(key);
    for (const c of this.inflight) for (const key of c.entries.keys()) add(key);
    return [...out];
  }
}

/** Runs jobs one at a time, in call order (a job that fails does not stop the next); `busy` while any is queued or running. */
export class Turns {
  private last: Promise<void> | null = null;
  get busy(): boolean {
    return this.last !== null;
  }
  run(job: () => Promise<void>): Promise<void> {
    const run = (this.last ?? Promise.resolve()).catch(() => {}).then(job);
    this.last = run;
    const clear = () => {
      if (this.last === run) this.last = null;
    };
    run.then(clear, clear);
    return run;
  }
}
