/**
 * One mount of the store over unstorage: get, set, remove and list, keys encoded as keys.ts says. On
 * files an entry with a TTL is stored in an envelope (`$expires_at`, `$value`) that `get` unwraps, or
 * hides once expired, and is indexed by its expiry (expiry.ts) so the sweep finds it; on Redis the
 * non-expiring mounts keep an index of their keys (see redis.ts), the expiring ones one of expiries.
 */
import { join } from 'node:path';
import { prefixStorage, type Storage } from 'unstorage';
import type { Redis } from 'ioredis';
import { CorruptRecordError } from './errors.ts';
import { MAX_INDEXED_KEY, type FsExpiryIndex } from './expiry.ts';
import { keyPath, listUnder, readText, type FsLayout } from './fs.ts';
import { decodeKey, encodeKey } from './keys.ts';
import { indexEntries, listIndexed, redisExpiryKey, redisOwnerKey } from './redis.ts';
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
  /** Files: the expiry index of each expiring mount (expiry.ts). */
  expiry: Partial<Record<MountName, FsExpiryIndex>>;
}

/**
 * Whether the file at `path` is an expiring entry due for removal by `now`: an envelope whose expiry has
 * passed, or unreadable text (never a value written again without a TTL since).
 */
export async function dueFile(path: string, now: number): Promise<boolean> {
  const raw = await readText(path).catch(() => null);
  if (raw === null) return false;
  try {
    const value: unknown = JSON.parse(raw);
    return isEnvelope(value) && !(Date.parse(value.$expires_at) > now);
  } catch {
    return true;
  }
}

/** The expiry of a file store's envelope as stored, in ms (null: none, or not an envelope). */
export async function storedExpiry(path: string): Promise<number | null> {
  const raw = await readText(path).catch(() => null);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isEnvelope(value) ? Date.parse(value.$expires_at) : null;
  } catch {
    return null;
  }
}

export function makeMount(name: MountName, { storage, client, prefix, layout, suffix, warn, guard, expiry }: MountContext): Mount {
  const ns = prefixStorage(storage, name);
  const stored = (key: string) => encodeKey(key) + suffix;
  const accounting = !TTL_MOUNTS.includes(name);
  const indexed = client !== null && accounting;
  const index = expiry[name];
  const filePath = (encoded: string) => keyPath(join(layout.dataDir, name), encoded);
  /** Files: an expiring entry and its index entries go together. */
  const removeExpiring = async (encoded: string, index: FsExpiryIndex) => {
    const expiresMs = await storedExpiry(filePath(encoded));
    await ns.removeItem(encoded + suffix);
    if (expiresMs !== null && Number.isSafeInteger(expiresMs)) await index.forget(encoded, expiresMs);
  };
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
          await (index ? removeExpiring(encodeKey(key), index) : ns.removeItem(at)).catch(() => {});
          return null;
        }
        return found.value.$value as T;
      });
    },
    set: (key, value, { ttlSeconds } = {}) => {
      const at = stored(key);
      if (ttlSeconds !== undefined && !(ttlSeconds > 0 && Number.isFinite(ttlSeconds)))
        throw new RangeError(`ttlSeconds must be a positive number (got ${ttlSeconds})`);
      if (ttlSeconds !== undefined && accounting) throw new TypeError(`store: ${name} entries do not expire (TTLs are for ${TTL_MOUNTS.join(', ')})`);
      if (ttlSeconds !== undefined && index && encodeKey(key).length > MAX_INDEXED_KEY)
        throw new RangeError(`store: keys of expiring entries are at most ${MAX_INDEXED_KEY} characters encoded`);
      const json = JSON.stringify(value);
      if (json === undefined) throw new TypeError(`store: ${name} values must be JSON-serialisable`);
      return guard(`write ${name}`, async () => {
        if (indexed) await Promise.all(indexEntries(prefix, name, at).map(([set, member]) => client!.sadd(set, member)));
        if (ttlSeconds === undefined) return void (await ns.setItem(at, json));
        const expiresMs = Date.now() + Math.round(ttlSeconds * 1000);
        if (client) {
          await ns.setItem(at, json, { ttl: Math.ceil(ttlSeconds) });
          await client.zadd(redisExpiryKey(prefix, name), expiresMs, at);
        } else if (index) {
          const envelope = JSON.stringify({ $expires_at: new Date(expiresMs).toISOString(), $value: value });
          await index.write(filePath(encodeKey(key)), envelope, encodeKey(key), expiresMs, '');
        }
      });
    },
    remove: (key, { owner } = {}) => {
      const at = stored(key);
      return guard(`remove ${name}`, async () => {
        if (index) return removeExpiring(encodeKey(key), index);
        await ns.removeItem(at);
        if (indexed) {
          const [set, member] = indexEntries(prefix, name, at).at(-1)!;
          await client!.srem(set, member);
        }
        if (client && !accounting) {
          await client.zrem(redisExpiryKey(prefix, name), at);
          if (owner) await client.zrem(redisOwnerKey(prefix, name, owner), at);
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
