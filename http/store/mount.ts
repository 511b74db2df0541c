/**
 * One mount of the store over unstorage: get, set, remove and list, keys encoded as keys.ts says. On
 * files an entry with a TTL is stored in an envelope (`$expires_at`, `$value`) that `get` unwraps, or
 * hides once expired; on Redis the non-expiring mounts keep an index of their keys (see redis.ts).
 */
import { join } from 'node:path';
import { prefixStorage, type Storage } from 'unstorage';
import type { Redis } from 'ioredis';
import { CorruptRecordError } from './errors.ts';
import { listUnder, type FsLayout } from './fs.ts';
import { decodeKey, encodeKey } from './keys.ts';
import { indexEntries, listIndexed } from './redis.ts';
import { TTL_MOUNTS, type Mount, type MountName } from './types.ts';

interface Envelope {
  $expires_at: string;
  $value: unknown;
}
export const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 2 && '$expires_at' in v && '$value' in v;

export const text = (raw: unknown): string | null =>
  raw === null || raw === undefined
    ? null
    : Buffer.isBuffer(raw)
      ? raw.toString('utf8')
      : raw instanceof Uint8Array
        ? Buffer.from(raw).toString('utf8')
        : String(raw);

/** What a mount shares with its store. */
export interface MountContext {
  storage: Storage;
  /** The Redis client, or null on files. */
  client: Redis | null;
  prefix: string;
  layout: FsLayout;
  /** The ending of a stored key: `.json` on files, none on Redis. */
  suffix: string;
  warn: (message: string) => void;
  /** Runs a store operation, turning its failures into StoreUnavailableError (CorruptRecordError passes). */
  guard: <T>(what: string, op: () => Promise<T>) => Promise<T>;
}

export function makeMount(name: MountName, { storage, client, prefix, layout, suffix, warn, guard }: MountContext): Mount {
  const ns = prefixStorage(storage, name);
  const stored = (key: string) => encodeKey(key) + suffix;
  const accounting = !TTL_MOUNTS.includes(name);
  const indexed = client !== null && accounting;
  const read = async (key: string, shown: string): Promise<{ value: unknown } | null> => {
    const raw = text(await ns.getItemRaw(key));
    if (raw === null) return null;
    try {
      return { value: JSON.parse(raw) };
    } catch {
      if (accounting) throw new CorruptRecordError([`${name}:${shown}`], `is not valid JSON (${JSON.stringify(raw.slice(0, 40))})`);
      warn(`store: ${name}:${key} is not valid JSON; treating it as absent`);
      return null;
    }
  };
  return {
    get: <T>(key: string) => {
      const at = stored(key);
      return guard(`read ${name}`, async () => {
        const found = await read(at, key);
        if (found === null) return null;
        if (!isEnvelope(found.value)) return found.value as T;
        if (!(Date.parse(found.value.$expires_at) > Date.now())) {
          await ns.removeItem(at).catch(() => {});
          return null;
        }
        return found.value.$value as T;
      });
    },
    set: (key, value, { ttlSeconds } = {}) => {
      const at = stored(key);
      if (ttlSeconds !== undefined && !(ttlSeconds > 0 && Number.isFinite(ttlSeconds)))
        throw new RangeError(`ttlSeconds must be a positive number (got ${ttlSeconds})`);
      const json = JSON.stringify(value);
      if (json === undefined) throw new TypeError(`store: ${name} values must be JSON-serialisable`);
      return guard(`write ${name}`, async () => {
        if (indexed) await Promise.all(indexEntries(prefix, name, at).map(([set, member]) => client!.sadd(set, member)));
        if (ttlSeconds === undefined) await ns.setItem(at, json);
        else if (client) await ns.setItem(at, json, { ttl: Math.ceil(ttlSeconds) });
        else await ns.setItem(at, JSON.stringify({ $expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString(), $value: value }));
      });
    },
    remove: (key) => {
      const at = stored(key);
      return guard(`remove ${name}`, async () => {
        await ns.removeItem(at);
        if (indexed) {
          const [set, member] = indexEntries(prefix, name, at).at(-1)!;
          await client!.srem(set, member);
        }
      });
    },
    list: (under = '') => {
      const base = under === '' ? '' : encodeKey(under);
      return guard(`list ${name}`, async () => {
        // Files: only that part of the tree; Redis: the index sets (the expiring mounts, listed by
        // tests and tools only, are scanned).
        if (!client) return (await listUnder(join(layout.dataDir, name), base)).map(decodeKey);
        if (indexed) return (await listIndexed(client, prefix, name, base)).map(decodeKey);
        const keys = await ns.getKeys(base);
        return keys.filter((k) => k.endsWith(suffix)).map((k) => decodeKey(k.slice(0, k.length - suffix.length)));
      });
    },
  };
}
