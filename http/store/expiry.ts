import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rmdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { linkInto, listUnder, readText, writeAtomic, writePlain, type FsLayout } from './fs.ts';
import { withLock } from './lock.ts';
import type { Caps, CappedResult } from './types.ts';

export const DAY_MS = 86_400_000;
/** File names stop at 255 bytes: the expiry, two separators and an owner of 64 leave this much for the key. */
export const MAX_INDEXED_KEY = 150;
const OWNER = /^[A-Za-z0-9_-]{1,64}$/;
const RECOUNT_MS = 3_600_000;

export function checkOwner(owner: string): void {
  if (owner !== '' && !OWNER.test(owner)) throw new RangeError(`store: an owner is 1..64 of A-Z a-z 0-9 _ - (got ${JSON.stringify(owner.slice(0, 80))})`);
}

interface Marker {
  name: string;
  expiresMs: number;
  owner: string;
  encodedKey: string;
}

function parseMarker(name: string): Marker | null {
  const a = name.indexOf('~');
  const b = name.indexOf('~', a + 1);
  if (a <= 0 || b < 0) return null;
  const expiresMs = Number(name.slice(0, a));
  if (!Number.isSafeInteger(expiresMs)) return null;
  return { name, expiresMs, owner: name.slice(a + 1, b), encodedKey: name.slice(b + 1) };
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';
const names = (dir: string): Promise<string[]> => readdir(dir).catch((error) => (missing(error) ? [] : Promise.reject(error)));

/** The file store's index of one expiring mount. */
export class FsExpiryIndex {
  private readonly expiryDir: string;
  private readonly ownersDir: string;
  private live: { count: number; at: number } | null = null;
  private built: Promise<void> | null = null;
  /** Capped writes of one owner, one after another. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly layout: FsLayout,
    private readonly mount: string,
    private readonly mountDir: string,
  ) {
    this.expiryDir = join(layout.dataDir, '.index', 'expiry', mount);
    this.ownersDir = join(layout.dataDir, '.index', 'owners', mount);
  }

  private expiryPath(expiresMs: number, owner: string, encodedKey: string) {
    return join(this.expiryDir, String(Math.floor(expiresMs / DAY_MS)), `${expiresMs}~${owner}~${encodedKey}`);
  }

  private ownerPath(expiresMs: number, owner: string, encodedKey: string) {
    return join(this.ownersDir, owner, `${expiresMs}~~${encodedKey}`);
  }

  /**
   * Writes `data` to `path` (temporary file, fsync, rename, as every write of the store) with its index
   * entries linked to the temporary file first: a crash leaves at most index entries without a file,
   * which the sweep removes when they are due, never a file the index does not know.
   */
  async write(path: string, data: string, encodedKey: string, expiresMs: number, owner: string): Promise<void> {
    if (encodedKey.length > MAX_INDEXED_KEY) throw new RangeError(`store: keys of expiring entries are at most ${MAX_INDEXED_KEY} characters encoded`);
    checkOwner(owner);
    const links = [this.expiryPath(expiresMs, owner, encodedKey), ...(owner ? [this.ownerPath(expiresMs, owner, encodedKey)] : [])];
    await writeAtomic(this.layout.tmpDir, path, data, links);
    if (this.live) this.live.count++;
  }

  /** Removes the index entries of `encodedKey` expiring at `expiresMs` (its file is the caller's). */
  async forget(encodedKey: string, expiresMs: number): Promise<void> {
    const dir = join(this.expiryDir, String(Math.floor(expiresMs / DAY_MS)));
    for (const name of await names(dir)) {
      const m = parseMarker(name);
      if (m && m.expiresMs === expiresMs && m.encodedKey === encodedKey) await this.drop(dir, m);
    }
  }

  private async drop(dir: string, m: Marker): Promise<void> {
    if (m.owner) await unlink(this.ownerPath(m.expiresMs, m.owner, m.encodedKey)).catch(() => {});
    await unlink(join(dir, m.name)).catch(() => {});
    if (this.live && this.live.count > 0) this.live.count--;
  }

  /** An owner's live entries and when the first of them expires (one folder listing). */
  async owned(owner: string, now: number): Promise<{ live: number; freesAt: number | null }> {
    let live = 0;
    let freesAt: number | null = null;
    for (const name of await names(join(this.ownersDir, owner))) {
      const m = parseMarker(name);
      if (!m || m.expiresMs <= now) continue;
      live++;
      if (freesAt === null || m.expiresMs < freesAt) freesAt = m.expiresMs;
    }
    return { live, freesAt };
  }

  /** The mount's live entries: recounted from the index on first use and hourly, kept current in between. */
  async total(now: number): Promise<number> {
    if (!this.live || now - this.live.at > RECOUNT_MS) await this.recount(now);
    return this.live!.count;
  }

  private async recount(now: number): Promise<void> {
    await this.buildOnce();
    let count = 0;
    for (const day of await this.days()) {
      for (const name of await names(join(this.expiryDir, String(day)))) if ((parseMarker(name)?.expiresMs ?? 0) > now) count++;
    }
    this.live = { count, at: now };
  }

  /** When the mount's first live entry expires: the first day folder that holds one. */
  async firstExpiry(now: number): Promise<number | null> {
    for (const day of await this.days()) {
      let first: number | null = null;
      for (const name of await names(join(this.expiryDir, String(day)))) {
        const ms = parseMarker(name)?.expiresMs;
        if (ms !== undefined && ms > now && (first === null || ms < first)) first = ms;
      }
      if (first !== null) return first;
    }
    return null;
  }

  private async days(): Promise<number[]> {
    return (await names(this.expiryDir))
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
  }

  /**
   * Runs `write` unless `owner` holds `perOwner` live entries or the mount `total`; one capped write
   * of an owner at a time in this process, and one of the mount at a time across processes (a lock
   * file: npm start's workers share the caps).
   */
  capped(caps: Caps, now: number, write: () => Promise<void>): Promise<CappedResult> {
    const previous = this.queues.get(caps.owner) ?? Promise.resolve();
    const next = previous.then(() => withLock(join(this.layout.lockDir, `${this.mount}-capped.lock`), () => this.cappedNow(caps, now, write)));
    const tail = next.catch(() => {});
    this.queues.set(caps.owner, tail);
    void tail.then(() => {
      if (this.queues.get(caps.owner) === tail) this.queues.delete(caps.owner);
    });
    return next;
  }

  /** Which index wrote a capped entry last, across processes: another's write makes the live count stale. */
  private readonly writer = `${process.pid} ${randomUUID()}`;

  private async cappedNow(caps: Caps, now: number, write: () => Promise<void>): Promise<CappedResult> {
    const lastWriter = join(this.layout.lockDir, `${this.mount}-capped.last`);
    if ((await readText(lastWriter)) !== this.writer) this.live = null; // another process wrote since: count again
    if (caps.perOwner > 0) {
      const { live, freesAt } = await this.owned(caps.owner, now);
      if (live >= caps.perOwner) return { stored: false, rule: 'per-owner', limit: caps.perOwner, live, freesAt };
    }
    if (caps.total > 0) {
      const live = await this.total(now);
      if (live >= caps.total) return { stored: false, rule: 'total', limit: caps.total, live, freesAt: await this.firstExpiry(now) };
    }
    await writePlain(lastWriter, this.writer); // first: a write that then fails only costs the others a recount
    await write();
    return { stored: true };
  }

  /**
   * Removes what is due by `now`: for each due index entry, the entry's file if it has not been written
   * again since with a later expiry (`expiredFile` reads it and says), then the index entries. Lists the
   * day folders and only those of days that have begun. Returns how many files were removed.
   */
  async sweep(now: number, expiredFile: (encodedKey: string) => Promise<boolean>, removeFile: (encodedKey: string) => Promise<void>): Promise<number> {
    await this.buildOnce();
    let removed = 0;
    const today = Math.floor(now / DAY_MS);
    for (const day of await this.days()) {
      if (day > today) break;
      const dir = join(this.expiryDir, String(day));
      let left = 0;
      for (const name of await names(dir)) {
        const m = parseMarker(name);
        if (m && m.expiresMs > now) {
          left++;
          continue;
        }
        if (m && (await expiredFile(m.encodedKey))) {
          await removeFile(m.encodedKey);
          removed++;
        }
        if (m) await this.drop(dir, m);
        else await unlink(join(dir, name)).catch(() => {});
      }
      if (left === 0) await rmdir(dir).catch(() => {});
    }
    await this.pruneOwners();
    return removed;
  }

  /** Owner folders left empty by the sweep are removed, a few hundred at a time (a listing each). */
  private ownerCursor = 0;
  private async pruneOwners(): Promise<void> {
    const owners = await names(this.ownersDir);
    if (owners.length === 0) return;
    const start = this.ownerCursor % owners.length;
    const batch = owners.slice(start, start + 500);
    this.ownerCursor = start + batch.length;
    for (const owner of batch) await rmdir(join(this.ownersDir, owner)).catch(() => {}); // only empty ones go
  }

  /**
   * Entries written before the index existed: one walk of the mount (reading each file once for its
   * expiry) indexes them, marked done by `.index/expiry/<mount>.built`; every later write indexes itself.
   */
  buildOnce(): Promise<void> {
    this.built ??= (async () => {
      const done = `${this.expiryDir}.built`;
      if (await readFile(done, 'utf8').catch(() => null)) return;
      const known = new Map<number, Set<string>>();
      for (const encodedKey of await listUnder(this.mountDir, '')) {
        const path = join(this.mountDir, ...encodedKey.split(':')) + '.json';
        let expiresMs: number;
        try {
          const value = JSON.parse(await readFile(path, 'utf8')) as { $expires_at?: unknown };
          expiresMs = Date.parse(String(value.$expires_at));
        } catch {
          continue;
        }
        if (!Number.isSafeInteger(expiresMs) || encodedKey.length > MAX_INDEXED_KEY) continue;
        const day = Math.floor(expiresMs / DAY_MS);
        if (!known.has(day)) known.set(day, new Set((await names(join(this.expiryDir, String(day)))).map((n) => parseMarker(n)?.encodedKey ?? '')));
        if (known.get(day)!.has(encodedKey)) continue;
        await linkInto(path, this.expiryPath(expiresMs, '', encodedKey)).catch(() => {});
      }
      await mkdir(dirname(done), { recursive: true });
      await writePlain(done, new Date().toISOString());
    })();
    this.built.catch(() => {
      this.built = null;
    });
    return this.built;
  }
}
