/**
 * When counts are stored: every `intervalMs` (skipped while Redis is away or a flush is running), on
 * `flush()` and on close, one flush at a time. With a reserve (files, reserve.ts) the counts a failed
 * flush leaves in memory are written into it, and it is emptied before the next try; while the disk is
 * known to be full and has no room yet, nothing is tried and the reserve is kept current instead.
 */
import { statfs } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import { type Counters, Turns } from './counters.ts';
import { isFullDisk } from './fs.ts';
import type { CountsReserve } from './reserve.ts';

/** Free space below which a full disk is still full (a flush writes a few small files). */
const ROOM_BYTES = 256 * 1024;

export interface FlusherOptions {
  client: Redis | null;
  reserve: CountsReserve | null;
  dataDir: string;
  intervalMs: number;
  warn: (message: string) => void;
}

async function hasRoom(dir: string): Promise<boolean> {
  try {
    const s = await statfs(dir);
    // root may write into the blocks ext4 keeps for it
    return (process.getuid?.() === 0 ? s.bfree : s.bavail) * s.bsize >= ROOM_BYTES;
  } catch {
    return true; // unknown: try
  }
}

export class Flusher {
  /** Files: the last flush or ping failed because the disk (or quota) is full. */
  diskFull = false;
  private failing = false;
  private reserveFailed = false;
  private readonly turns = new Turns();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly counters: Counters,
    private readonly options: FlusherOptions,
  ) {
    this.timer = setInterval(() => {
      if (this.turns.busy || counters.unflushed === 0 || (options.client && options.client.status !== 'ready')) return;
      this.flush().catch(() => {});
    }, options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Stores every count accepted before this call; rejects if some could not be (they stay held). */
  flush(): Promise<void> {
    return this.turns.run(() => this.once());
  }

  private async once(): Promise<void> {
    const { reserve, warn } = this.options;
    if (reserve?.holding) {
      if (this.diskFull && !(await hasRoom(this.options.dataDir))) {
        await this.keep();
        throw Object.assign(new Error('ENOSPC: no space left on device (the counts wait in the reserve)'), { code: 'ENOSPC' });
      }
      // Emptied first: a crash while the flush runs then loses what it had not stored, never counts twice.
      await reserve.clear();
    }
    try {
      await this.counters.flush();
      this.diskFull = false;
      if (this.failing) {
        this.failing = false;
        warn('store: counters are being stored again');
      }
    } catch (error) {
      this.diskFull = !this.options.client && isFullDisk(error);
      if (!this.failing) {
        this.failing = true;
        warn(`store: counters could not be stored, retrying every ${this.options.intervalMs} ms: ${(error as Error)?.message ?? error}`);
      }
      await this.keep();
      throw error;
    }
  }

  /** Writes what is not stored into the reserve (if any), so a crash does not lose it. */
  private async keep(): Promise<void> {
    const { reserve, warn } = this.options;
    if (!reserve || this.counters.unflushed === 0) return;
    try {
      await reserve.save(this.counters.snapshot());
      this.reserveFailed = false;
    } catch (error) {
      if (!this.reserveFailed) warn(`store: the counts reserve could not be written, counts are held in memory only: ${(error as Error)?.message ?? error}`);
      this.reserveFailed = true;
    }
  }
}
