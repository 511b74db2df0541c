/**
 * Moves a damaged record aside (Store.quarantine): Redis renames it to `<prefix>:_quarantine:<mount>:
 * <key>:<stamp>`, files move it to `DATA_DIR/.quarantine/<mount>/<key, ~ for :>.<stamp>.json`. Returns
 * where it went, or null when there was no such record.
 */
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Redis } from 'ioredis';
import { readText, SUFFIX } from './fs.ts';
import { encodeKey } from './keys.ts';

export async function quarantine(client: Redis | null, prefix: string, dataDir: string, mount: string, key: string): Promise<string | null> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (client) {
    const from = `${prefix}:${mount}:${encodeKey(key)}`;
    const to = `${prefix}:_quarantine:${mount}:${encodeKey(key)}:${stamp}`;
    if (!(await client.exists(from))) return null;
    await client.rename(from, to);
    return to;
  }
  const from = join(dataDir, mount, ...encodeKey(key).split(':')) + SUFFIX;
  const to = join(dataDir, '.quarantine', mount, `${encodeKey(key).replace(/:/g, '~')}.${stamp}${SUFFIX}`);
  if ((await readText(from)) === null) return null;
  await mkdir(dirname(to), { recursive: true });
  await rename(from, to);
  return to;
}
