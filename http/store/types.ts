/** What the store offers (see index.ts for how to use it): its mounts, the Store and Mount interfaces, its options. */
import type { Redis } from 'ioredis';
import type { Storage } from 'unstorage';
import type { CounterMount } from './counters.ts';

export const MOUNTS = ['keys', 'usage', 'credits', 'shares', 'cache'] as const;
export type MountName = (typeof MOUNTS)[number];
/** Mounts whose entries may carry a TTL, and so are swept on the file store. */
export const TTL_MOUNTS: readonly MountName[] = ['shares', 'cache'];

export interface Mount {
  /** The value, or null when absent or expired; an unreadable record of an accounting mount (keys, usage,
   * credits) rejects with CorruptRecordError (it is never treated as absent, so never overwritten). */
  get<T = unknown>(key: string): Promise<T | null>;
  /** `ttlSeconds`: the entry disappears after that long (Redis TTL; on files, `get` hides it and `sweep` deletes it). */
  set(key: string, value: unknown, options?: { ttlSeconds?: number }): Promise<void>;
  /** `owner`: the owner a capped entry was written for (Redis forgets it from the owner's count at once). */
  remove(key: string, options?: { owner?: string }): Promise<void>;
  /** Keys under `prefix` (levels below it), or every key of the mount. */
  list(prefix?: string): Promise<string[]>;
}

export interface Store {
  readonly driver: 'fs' | 'redis';
  /** Last known reachability: Redis connected (live), or the last `ping()` of the file store. */
  readonly available: boolean;
  /** File store: the last write (a flush or a ping) failed because the disk or quota is full. */
  readonly diskFull: boolean;
  /** Deltas held for damaged counter records until they are repaired, by `mount:encodedKey`. */
  heldCounts(): Record<string, number>;
  readonly mounts: Readonly<Record<MountName, Mount>>;
  /** Adds `by` (a whole number, may be negative) to a counter. Buffered; throws only after `close()`. */
  incr(mount: CounterMount, key: string, by?: number): void;
  counter(mount: CounterMount, key: string): Promise<number>;
  counters(mount: CounterMount, prefix?: string): Promise<Record<string, number>>;
  /**
   * Files, when several processes of one server spend the same counters (npm start's WORKERS > 1):
   * takes `by` from a counter at once, under the counters' lock file, if the stored value plus this
   * process's unstored deltas covers it (always with `force`); true when taken. Absent otherwise: a
   * lone process serialises its own reads and `incr`s, and Redis takes atomically in a script.
   */
  take?(mount: CounterMount, key: string, by: number, force: boolean): Promise<boolean>;
  /** Counts accepted by `incr` and not yet stored. */
  readonly unflushed: number;
  flush(): Promise<void>;
  /**
   * Files: deletes the expired entries of the TTL mounts, found through their expiry index (expiry.ts),
   * and returns how many; Redis: trims the expiry index and returns 0 (values expire natively).
   */
  sweep(): Promise<number>;
  /**
   * Writes an expiring entry of a TTL mount unless `owner` already has `perOwner` live entries there or
   * the mount holds `total` (0: no such cap): atomically on Redis, one write of an owner at a time in a
   * process on files. Expiry and remove as for `set`; pass the owner to `remove` as well.
   */
  setCapped(mount: MountName, key: string, value: unknown, options: { ttlSeconds: number } & Caps): Promise<CappedResult>;
  /** Readiness probe: files, write and read back a probe; Redis, PING. Never rejects. */
  ping(): Promise<boolean>;
  /** Flushes every count, then releases files and connections. Rejects if counts could not be stored. */
  close(): Promise<void>;
  /**
   * Moves a record aside, as it is, so it can be replaced: files to `DATA_DIR/.quarantine/<mount>/`,
   * Redis to `<prefix>:_quarantine:<mount>:<key>:<time>`. Returns where it went (null: no such record).
   */
  quarantine(mount: MountName, key: string): Promise<string | null>;
  /** The ioredis client (null on files), for the response cache and the rate limiter. */
  readonly redis: Redis | null;
  /** The Redis key of a mount's entry: `<prefix>:<mount>:<encoded key>`. */
  redisKey(mount: MountName, key: string): string;
  /** The prefix of every Redis key of this store (`time-api`), for records kept beside the mounts. */
  readonly redisPrefix: string;
  /** The unstorage instance underneath (keys as stored, see keys.ts). */
  readonly storage: Storage;
}

export interface StoreOptions {
  /** Several processes spend the same counters at once (npm start's workers): files take credits at once ({@link Store.take}). */
  sharedCounters?: boolean;
  /** How often counters are flushed; default 1000 ms (the most a crash may lose). */
  flushIntervalMs?: number;
  /**
   * File store: bytes set aside at start for the counts a full disk keeps from being stored, so a crash
   * then does not lose them (reserve.ts); 0 or absent: none (the keys CLI, which reports a failure).
   */
  reserveBytes?: number;
  /** Redis key prefix; default `time-api`. */
  prefix?: string;
  /** How long `createStore` waits for a first Redis connection before returning an unavailable store; default 2000 ms. */
  connectWaitMs?: number;
  connectTimeoutMs?: number;
  /** Per-command timeout; default 1000 ms. */
  commandTimeoutMs?: number;
  warn?: (message: string) => void;
  onAvailabilityChange?: (available: boolean) => void;
}

/** The caps of a capped write: 0 (or absent) is no cap. */
export interface Caps {
  owner: string;
  perOwner: number;
  total: number;
}

/** What a capped write did: stored, or refused by a cap (with when its first live entry expires). */
export type CappedResult =
  | { stored: true }
  | { stored: false; rule: 'per-owner' | 'total'; limit: number; live: number /** ms; null if unknown */; freesAt: number | null };
