/**
 * The counts reserve of the file store: space set aside at start (`DATA_DIR/.reserve/counts-<n>`, a file
 * of zeros, fsynced) into which the counts that cannot be flushed (a full disk) are written in place, so
 * a crash during a full-disk period no longer loses every count held in it: the next start adds them
 * back to the counters and stores them as soon as the disk has room.
 *
 * The file is two slots of half its size; a snapshot goes to slot `generation % 2` after a header
 * `counts-reserve 1 <generation> <bytes> <sha256 hex>\n`, then JSON `[["usage\u0000<key>", delta], …]`.
 * The valid slot of the highest generation is the content, so a torn write leaves the previous one.
 * Overwriting blocks already written needs no new space where files are written in place (ext4, xfs,
 * tmpfs); on copy-on-write file systems (btrfs, zfs) such a write may fail too, and counts then stay in
 * memory only, as without a reserve. Credits go first; counts that do not fit stay in memory only.
 *
 * A process claims one reserve by a lock file holding its pid (`counts-<n>.lock`), so several processes
 * on one folder each have their own; at start a process takes over every reserve whose owner is gone.
 * Order (at most once, as a crash loses at most the last second otherwise): the reserve is emptied
 * before a flush is tried and written again if it fails; so a crash can never count a delta twice.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { FsLayout } from './fs.ts';
import { heldLocks, removeOrphanedLock } from './lock.ts';

const MAGIC = 'counts-reserve 1';
const MAX_RESERVES = 64;
const FILE = /^counts-(\d+)$/;

type Entries = [entry: string, delta: number][];

/** Claims `counts-<n>.lock` for this process: free, or its owner gone. */
async function claim(lockPath: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    let holds = false;
    try {
      const handle = await open(lockPath, 'wx');
      heldLocks.add(lockPath);
      holds = true;
      await handle.writeFile(String(process.pid)).finally(() => handle.close());
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        if (holds) {
          await unlink(lockPath).catch(() => {});
          heldLocks.delete(lockPath);
        }
        throw error;
      }
      if (!(await removeOrphanedLock(lockPath, 15_000))) return false;
    }
  }
  return false;
}

function parseSlot(slot: Buffer): { generation: number; entries: Entries } | null {
  const end = slot.indexOf(10);
  if (end < 0 || end > 200) return null;
  const words = slot.subarray(0, end).toString('latin1').split(' ');
  if (`${words[0]} ${words[1]}` !== MAGIC || words.length !== 5) return null;
  const generation = Number(words[2]);
  const bytes = Number(words[3]);
  if (!Number.isSafeInteger(generation) || !Number.isSafeInteger(bytes) || bytes < 0 || end + 1 + bytes > slot.length) return null;
  const payload = slot.subarray(end + 1, end + 1 + bytes);
  if (createHash('sha256').update(payload).digest('hex') !== words[4]) return null;
  try {
    const parsed = JSON.parse(payload.toString('utf8')) as unknown;
    if (!Array.isArray(parsed)) return null;
    const entries = parsed.filter(
      (e): e is [string, number] =>
        Array.isArray(e) && typeof e[0] === 'string' && /^(usage|credits)\0./.test(e[0]) && Number.isSafeInteger(e[1]) && e[1] !== 0,
    );
    return { generation, entries };
  } catch {
    return null;
  }
}

export class CountsReserve {
  private generation = 0;
  /** The last snapshot written holds counts. */
  holding = false;
  private lastPayload = '[]';
  private warnedFit = false;

  private constructor(
    private readonly handle: FileHandle,
    private readonly lockPath: string,
    private slotBytes: number,
    private readonly warn: (message: string) => void,
  ) {}

  /**
   * Claims a reserve of `bytes` for this process (creating it), and takes over the reserves whose owner
   * is gone: their counts are returned (to be counted again) and they are emptied.
   */
  static async open(layout: FsLayout, bytes: number, warn: (message: string) => void): Promise<{ reserve: CountsReserve; recovered: Entries }> {
    const dir = join(layout.dataDir, '.reserve');
    await mkdir(dir, { recursive: true });
    const existing = (await readdir(dir))
      .map((n) => FILE.exec(n)?.[1])
      .filter((n) => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const recovered: Entries = [];
    let mine: CountsReserve | null = null;
    for (const n of existing) {
      const reserve = await CountsReserve.attach(dir, n, bytes, warn, true);
      if (!reserve) continue;
      const entries = await reserve.content();
      recovered.push(...entries);
      if (entries.length) await reserve.clear();
      if (mine) await reserve.release();
      else mine = reserve;
    }
    for (let n = 0; !mine && n < MAX_RESERVES; n++) if (!existing.includes(n)) mine = await CountsReserve.attach(dir, n, bytes, warn, false);
    if (!mine) throw new Error(`no reserve could be claimed in ${dir} (${MAX_RESERVES} in use)`);
    return { reserve: mine, recovered };
  }

  /** Claims reserve `n` and opens it at `bytes` (its zeros written and synced); null when another process holds it. */
  private static async attach(dir: string, n: number, bytes: number, warn: (message: string) => void, exists: boolean): Promise<CountsReserve | null> {
    const lockPath = join(dir, `counts-${n}.lock`);
    if (!(await claim(lockPath))) return null;
    let handle: FileHandle | null = null;
    try {
      handle = await open(join(dir, `counts-${n}`), exists ? 'r+' : 'w+');
      const size = (await handle.stat()).size;
      const reserve = new CountsReserve(handle, lockPath, Math.floor(bytes / 2), warn);
      reserve.size = size;
      reserve.slotBytes = Math.floor(Math.max(size, bytes) / 2);
      if (size < bytes) {
        // Zeros, written and synced: the blocks that snapshots overwrite later without asking for space.
        await handle.write(Buffer.alloc(bytes - size), 0, bytes - size, size);
        await handle.datasync();
      }
      return reserve;
    } catch (error) {
      await handle?.close().catch(() => {});
      await unlink(lockPath).catch(() => {});
      heldLocks.delete(lockPath);
      throw error;
    }
  }

  private size = 0;

  /** What the reserve held when it was opened (the valid slot of the highest generation). */
  private async content(): Promise<Entries> {
    if (this.size === 0) return [];
    const all = Buffer.alloc(this.size);
    await this.handle.read(all, 0, this.size, 0);
    const half = Math.floor(this.size / 2); // as it was written (a new size applies from the next write)
    const slots = [parseSlot(all.subarray(0, half)), parseSlot(all.subarray(half, half * 2))].filter((s) => s !== null);
    if (slots.length === 0) return [];
    const latest = slots.reduce((a, b) => (b.generation > a.generation ? b : a));
    this.generation = latest.generation;
    this.lastPayload = JSON.stringify(latest.entries);
    this.holding = latest.entries.length > 0;
    return latest.entries;
  }

  /** Writes `counts` (`mount\0encodedKey` → delta) as the reserve's content; nothing when unchanged. */
  async save(counts: Map<string, number>): Promise<void> {
    const entries = [...counts]
      .filter(([, d]) => d !== 0)
      .sort(([a], [b]) => (a.startsWith('credits') === b.startsWith('credits') ? 0 : a.startsWith('credits') ? -1 : 1));
    let payload = JSON.stringify(entries);
    const room = this.slotBytes - 200;
    if (Buffer.byteLength(payload) > room) {
      let fit = entries.length;
      while (fit > 0 && Buffer.byteLength(JSON.stringify(entries.slice(0, fit))) > room) fit = Math.floor(fit * 0.9);
      payload = JSON.stringify(entries.slice(0, fit));
      if (!this.warnedFit) this.warn(`store: ${entries.length - fit} counts do not fit in the reserve; they are held in memory only`);
      this.warnedFit = true;
    }
    if (payload === this.lastPayload) return;
    const body = Buffer.from(payload, 'utf8');
    const generation = this.generation + 1;
    const header = Buffer.from(`${MAGIC} ${generation} ${body.length} ${createHash('sha256').update(body).digest('hex')}\n`, 'latin1');
    const slot = Buffer.concat([header, body]);
    await this.handle.write(slot, 0, slot.length, (generation % 2) * this.slotBytes);
    await this.handle.datasync();
    this.generation = generation;
    this.lastPayload = payload;
    this.holding = entries.length > 0;
  }

  /** Empties the reserve (before a flush is tried: see the module comment). */
  clear(): Promise<void> {
    return this.save(new Map());
  }

  /** Lets the reserve go (its content stays for the next start). */
  async release(): Promise<void> {
    await this.handle.close().catch(() => {});
    await unlink(this.lockPath).catch(() => {});
    heldLocks.delete(this.lockPath);
  }
}
