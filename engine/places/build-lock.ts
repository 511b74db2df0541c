/**
 * One build of the places index at a time on a machine: `npm start` runs a worker per core, and each
 * would otherwise build the same index file at once on a first start (about 10 s of a core and 440 MB
 * at its peak, each). The first process takes `<index file>.building` (created exclusively, holding its
 * pid) and builds; the others wait for the index file to appear and read it. A lock whose process is gone
 * (a crash mid-build) is taken over; one held longer than the wait is given up on, and the waiter builds.
 */
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/** How long a process waits for another's build before building itself. */
const WAIT_MS = 5 * 60_000;
const POLL_MS = 500;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Runs `build` holding the build lock of `file`, or, when another live process holds it, waits until
 * `ready()` answers (the other's file was written) and returns that instead.
 */
export async function buildOnce<T>(file: string, ready: () => Promise<T | undefined>, build: () => Promise<T>): Promise<T> {
  const lock = `${file}.building`;
  await mkdir(dirname(file), { recursive: true }).catch(() => {});
  const deadline = Date.now() + WAIT_MS;
  for (let round = 0; ; round++) {
    // After waiting, the other's file may be there and its lock gone: read it rather than build again.
    if (round > 0) {
      const found = await ready();
      if (found !== undefined) return found;
    }
    // A folder it cannot write (a read-only install) has no lock to take, and no file to share: build.
    const handle = await open(lock, 'wx').catch((error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? undefined : null));
    if (handle === null) return build();
    if (handle) {
      try {
        await handle.writeFile(String(process.pid));
        await handle.close();
        return await build();
      } finally {
        await unlink(lock).catch(() => {});
      }
    }
    const holder = Number.parseInt(await readFile(lock, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
      await unlink(lock).catch(() => {}); // its builder is gone: take over
      continue;
    }
    if (Date.now() > deadline) return build();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
