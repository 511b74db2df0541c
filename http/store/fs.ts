/**
 * The embedded store: files under `DATA_DIR`, one folder per mount, one `<key levels>/<last>.json` file
 * per key (the suffix lets `a` and `a:b` coexist as a file and a folder). Every write goes to
 * `DATA_DIR/.tmp/` first, is fsynced, then renamed over the target, so a crash at any moment leaves
 * either the old file or the new one, never a torn one.
 *
 * Counters are read-modify-written once a second under a lock file (`DATA_DIR/.locks/counters.lock`), so
 * the operator's CLI (a second process on the same folder) can add credits while the server spends
 * them without either losing the other's update. Where several workers spend them (WORKERS > 1), a
 * credit is taken at once under that lock ({@link FsCounterBackend.take}), so no two spend the same one.
 */
import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import fsDriver from 'unstorage/drivers/fs';
import type { Driver } from 'unstorage';
import { counterValue, type Chunk, type CounterBackend, type CounterMount, type WriteMarks } from './counters.ts';
import { CorruptRecordError } from './errors.ts';
import { withLock } from './lock.ts';

export const SUFFIX = '.json';

const notFound = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

export interface FsLayout {
  dataDir: string;
  tmpDir: string;
  lockDir: string;
}

export function fsLayout(dataDir: string): FsLayout {
  return { dataDir, tmpDir: join(dataDir, '.tmp'), lockDir: join(dataDir, '.locks') };
}

/** Creates the folders and removes temporary files a crashed writer left behind (older than a minute). */
export async function prepareLayout(layout: FsLayout): Promise<void> {
  await mkdir(layout.tmpDir, { recursive: true });
  await mkdir(layout.lockDir, { recursive: true });
  const cutoff = Date.now() - 60_000;
  for (const name of await readdir(layout.tmpDir)) {
    const path = join(layout.tmpDir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < cutoff) await unlink(path).catch(() => {});
  }
}

/**
 * Writes `data` to `path` through a temporary file and a rename, hard-linking the file at `links` too
 * before the rename (an index's entries: http/store/expiry.ts); on any failure the temporary file and
 * the links go.
 */
export async function writeAtomic(tmpDir: string, path: string, data: string, links: readonly string[] = []): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(tmpDir, `${process.pid}-${randomUUID()}`);
  try {
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(data, 'utf8');
      await handle.datasync();
    } finally {
      await handle.close();
    }
    for (const to of links) await linkInto(tmp, to);
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    await Promise.all(links.map((l) => unlink(l).catch(() => {})));
    throw error;
  }
}

/** Errors that mean the disk (or quota) is full or read-only: the store can still be read. */
export const isFullDisk = (error: unknown): boolean => ['ENOSPC', 'EDQUOT', 'EROFS'].includes((error as NodeJS.ErrnoException)?.code ?? '');

/** Reads a file as text; null when it does not exist. */
export async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/** The path of an encoded key inside a mount folder. */
export const keyPath = (mountDir: string, encodedKey: string) => join(mountDir, ...encodedKey.split(':')) + SUFFIX;

/**
 * unstorage's fs driver for one mount folder, with writes made atomic. Keys reach it already encoded
 * and suffixed (see keys.ts), so they can hold no `..` and no path separator.
 */
export function atomicFsDriver(mountDir: string, tmpDir: string): Driver {
  const base = fsDriver({ base: mountDir, ignore: [] });
  const path = (key: string) => join(mountDir, ...key.split(':'));
  return {
    ...base,
    setItem: (key: string, value: string) => writeAtomic(tmpDir, path(key), value),
    setItemRaw: (key: string, value: unknown) => writeAtomic(tmpDir, path(key), String(value)),
  };
}

/**
 * The keys under `prefix` (levels below it, any depth) in a mount folder, walking only that part of
 * the tree: `acme:2026-11` reads `usage/acme/2026-11/`, never the whole mount.
 */
export async function listUnder(mountDir: string, encodedPrefix: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, base: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (notFound(error)) return;
      throw error;
    }
    await Promise.all(
      entries.map(async (e) => {
        const level = e.name.endsWith(SUFFIX) ? e.name.slice(0, -SUFFIX.length) : e.name;
        const key = base === '' ? level : `${base}:${level}`;
        if (e.isDirectory()) await walk(join(dir, e.name), key);
        else if (e.isFile() && e.name.endsWith(SUFFIX)) out.push(key);
      }),
    );
  };
  await walk(encodedPrefix === '' ? mountDir : join(mountDir, ...encodedPrefix.split(':')), encodedPrefix);
  return out;
}

export class FsCounterBackend implements CounterBackend {
  constructor(private readonly layout: FsLayout) {}

  private path(mount: CounterMount, encodedKey: string) {
    return keyPath(join(this.layout.dataDir, mount), encodedKey);
  }

  async read(mount: CounterMount, encodedKey: string): Promise<number> {
    const text = await readText(this.path(mount, encodedKey));
    return text === null ? 0 : counterValue(`${mount}:${encodedKey}`, text);
  }

  /**
   * Takes `by` from a counter at once, under the counters' lock (so no other process's flush or take
   * comes between the read and the write): when the stored value plus `unstored` (this process's deltas
   * not yet flushed) covers it, or with `force`. True when taken.
   */
  take(mount: CounterMount, encodedKey: string, by: number, force: boolean, unstored: () => number, marks: WriteMarks): Promise<boolean> {
    return withLock(join(this.layout.lockDir, 'counters.lock'), async () => {
      const entry = `${mount}\0${encodedKey}`;
      marks.begin(entry);
      try {
        const current = await this.read(mount, encodedKey);
        if (!force && current + unstored() < by) return false;
        await writeAtomic(this.layout.tmpDir, this.path(mount, encodedKey), String(current - by));
        return true;
      } finally {
        marks.end(entry);
      }
    });
  }

  async apply(chunk: Chunk, marks: WriteMarks): Promise<void> {
    const damaged: CorruptRecordError[] = [];
    await withLock(join(this.layout.lockDir, 'counters.lock'), async () => {
      const entries = [...chunk.entries];
      // Distinct keys are distinct files: write them a few at a time rather than one fsync after another.
      for (let i = 0; i < entries.length; i += 32) {
        // Every write of a batch settles before a failure is reported (and the lock let go), so what the
        // chunk still holds afterwards is exactly what is not stored.
        const settled = await Promise.allSettled(
          entries.slice(i, i + 32).map(async ([key, delta]) => {
            const [mount, encodedKey] = key.split('\0') as [CounterMount, string];
            marks.begin(key);
            try {
              const current = await this.read(mount, encodedKey);
              await writeAtomic(this.layout.tmpDir, this.path(mount, encodedKey), String(current + delta));
              chunk.entries.delete(key);
            } catch (error) {
              if (error instanceof CorruptRecordError) damaged.push(error);
              else throw error;
            } finally {
              marks.end(key);
            }
          }),
        );
        const failed = settled.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
      }
    });
    if (damaged.length)
      throw new CorruptRecordError(
        damaged.flatMap((e) => e.records),
        'not whole numbers',
      );
  }
}

/** Where hard links cannot be made (some network and FUSE file systems), an empty file stands in. */
const NO_HARD_LINKS = ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'EMLINK', 'ENOSYS'];

/**
 * A hard link at `to` (an empty file where the file system makes none), creating its folder (again, if
 * a sweep removed it in between).
 */
export async function linkInto(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await mkdir(dirname(to), { recursive: true });
    try {
      await link(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') return;
      if (NO_HARD_LINKS.includes(code)) return writePlain(to, '');
      if (code !== 'ENOENT' || attempt >= 2) throw error;
    }
  }
}

/** Writes a small file in place (no fsync): for markers whose loss costs nothing. */
export async function writePlain(path: string, text: string): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
}
