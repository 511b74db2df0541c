/**
 * Lock files of the file store: an exclusive file holding its owner's pid and a token of the hold,
 * taken over at once when that owner is gone (a crash). Two stores of one process may take turns on one
 * lock: a file naming this process is orphaned only when its token is no hold of this process.
 */
import { randomUUID } from 'node:crypto';
import { open, stat, unlink, type FileHandle } from 'node:fs/promises';
import { readText } from './fs.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when a process with this id runs on this machine (the lock's owner is alive). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // it exists, owned by another user
  }
}

/**
 * Lock files this process holds for its lifetime (the counts reserve's, holding the pid alone), counted.
 * One naming this process's pid that is not held here was left by an earlier process with the same pid
 * (a container's server restarted after a crash is often the same pid).
 */
const held = new Map<string, number>();
export const heldLocks = {
  add(lockPath: string): void {
    held.set(lockPath, (held.get(lockPath) ?? 0) + 1);
  },
  /** Stops counting one hold (after its file is removed); false when none was counted. */
  delete(lockPath: string): boolean {
    const n = held.get(lockPath) ?? 0;
    if (n <= 1) held.delete(lockPath);
    else held.set(lockPath, n - 1);
    return n > 0;
  },
  has(lockPath: string): boolean {
    return held.has(lockPath);
  },
};

/** Tokens of the holds of withLock in this process (each hold writes `<pid> <token>` into its file). */
const heldTokens = new Set<string>();

/** Whether a lock file's text names an owner that is gone, or, without one, the file is older than `staleMs`. */
async function orphanedText(lockPath: string, text: string | null, staleMs: number): Promise<boolean> {
  if (text === null) return false; // gone: free
  const [pid, token] = text.trim().split(' ');
  const owner = Number(pid);
  if (Number.isSafeInteger(owner) && owner > 0) {
    if (owner !== process.pid) return !alive(owner);
    return token ? !heldTokens.has(token) : !heldLocks.has(lockPath);
  }
  const info = await stat(lockPath).catch(() => null);
  return info !== null && Date.now() - info.mtimeMs > staleMs;
}

/** Whether a lock file's owner (the pid it holds) is gone, or, without one, the file is older than `staleMs`. */
export async function lockOrphaned(lockPath: string, staleMs: number): Promise<boolean> {
  return orphanedText(lockPath, await readText(lockPath).catch(() => null), staleMs);
}

/**
 * Removes a lock file whose owner is gone; true when it was orphaned or is gone (the caller tries
 * again). The text judged may be a released hold's, read just before its file was removed (the inode of
 * a removed file is soon another's): the file is removed only if it still holds that very text, which a
 * hold of this process, with its own token, never repeats.
 */
export async function removeOrphanedLock(lockPath: string, staleMs: number): Promise<boolean> {
  const text = await readText(lockPath).catch(() => null);
  if (text === null) return true;
  if (!(await orphanedText(lockPath, text, staleMs))) return false;
  if ((await readText(lockPath).catch(() => null)) === text) await unlink(lockPath).catch(() => {});
  return true;
}

/**
 * Holds an exclusive lock file (holding its owner's pid) while `fn` runs. A lock whose owner is gone
 * (a crash) is taken over at once; one without a readable owner after `staleMs` too. The lock is
 * released on every outcome, and one that could not be written (disk full) is removed at once.
 */
export async function withLock<T>(lockPath: string, fn: () => Promise<T>, waitMs = 5_000, staleMs = 15_000): Promise<T> {
  const deadline = Date.now() + waitMs;
  const token = randomUUID();
  for (;;) {
    let handle: FileHandle;
    try {
      handle = await open(lockPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await removeOrphanedLock(lockPath, staleMs)) continue;
      if (Date.now() > deadline) throw new Error(`lock ${lockPath} is held by another process for over ${waitMs} ms`);
      await sleep(5 + Math.random() * 20);
      continue;
    }
    heldTokens.add(token);
    try {
      await handle.writeFile(`${process.pid} ${token}`);
    } catch (error) {
      await handle.close().catch(() => {});
      await unlink(lockPath).catch(() => {});
      heldTokens.delete(token);
      throw error;
    }
    await handle.close().catch(() => {});
    break;
  }
  try {
    return await fn();
  } finally {
    await unlink(lockPath).catch(() => {});
    heldTokens.delete(token);
  }
}
