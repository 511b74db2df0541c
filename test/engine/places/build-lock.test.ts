/** engine/places/build-lock.ts: one build of the places index at a time across processes (npm start's workers). */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildOnce } from '../../../engine/places/build-lock.ts';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'build-lock-'));
  dirs.push(dir);
  return join(dir, 'index.bin');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('buildOnce', () => {
  it('builds once while a second caller waits for the file and reads it', async () => {
    const file = scratch();
    let builds = 0;
    let written = false;
    const ready = async () => (written ? 'read' : undefined);
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 700));
      written = true;
      return 'built';
    };
    const answers = await Promise.all([buildOnce(file, ready, build), buildOnce(file, ready, build)]);
    expect(answers.sort()).toEqual(['built', 'read']);
    expect(builds).toBe(1);
    expect(existsSync(`${file}.building`)).toBe(false);
  });

  it('takes over the lock of a process that is gone (a crash mid-build)', async () => {
    const file = scratch();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${file}.building`, String(gone));
    expect(
      await buildOnce(
        file,
        async () => undefined,
        async () => 'built',
      ),
    ).toBe('built');
    expect(existsSync(`${file}.building`)).toBe(false);
  });

  it('releases the lock when the build fails', async () => {
    const file = scratch();
    await expect(
      buildOnce(
        file,
        async () => undefined,
        async () => Promise.reject(new Error('no data')),
      ),
    ).rejects.toThrow('no data');
    expect(existsSync(`${file}.building`)).toBe(false);
  });
});

describe('buildOnce where nothing can be written', () => {
  it('builds without a lock when the folder cannot be made (a read-only install)', async () => {
    const file = join(scratch(), 'not-a-dir', 'index.bin');
    writeFileSync(join(file, '..', '..'), 'a file where the folder would be', { flag: 'w' });
    expect(
      await buildOnce(
        file,
        async () => undefined,
        async () => 'built',
      ),
    ).toBe('built');
  });
});
