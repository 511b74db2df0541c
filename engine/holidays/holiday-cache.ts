/**
 * The holiday caches' bounds, in bytes: a least-recently-used map weighed by what each entry holds, and
 * the weights, measured. Two caches keep holiday work between calls (engine/holidays/calendar-data.ts):
 * the date-holidays rules instances of the jurisdictions asked for, and each jurisdiction-year's
 * holidays. date-holidays keeps every year it computed in each rule (`DateFn.cache`, a Map per rule
 * that only grows); calendar-data.ts empties it after each year it asks for, so an instance weighs the
 * same after a thousand years as after one.
 *
 * Measured with `node --import tsx bench/holidays.ts memory` (Node 20, x64, date-holidays 3.37.0): heap
 * used after a full collection, each jurisdiction in a process of its own (its code paths and tables
 * loaded first), for 20 instances each having computed a year (as a cached one has: its names looked
 * up), and for every year 1900..2200 ten times over; 20 jurisdictions from the fewest rules (IN, 6) to
 * the most (AR, 83), lunisolar ones among them:
 * - an instance: 4-80 KB (IN 4, GB 24, US 32, DE 49, TW 33, MY-06 72, PL 80), at most 1.7 KB a rule
 *   (PL) with a few KB of its own; weighed 8 KiB + 1.75 KiB a rule;
 * - a year's list: 110-145 bytes a holiday day (the object, its date string, a substitute's own name,
 *   its slot) and up to ~400 bytes of list (CK-Pukapuka: 13 days, 1,853 bytes; TW: 44 days, 4,994);
 *   weighed 512 bytes + 120 a day.
 * Using every jurisdiction once also leaves about 1.5 MB in date-holidays and moment-timezone for good
 * (zone data, parsed tables): bounded by the catalogue, outside these budgets.
 */

/** What one instance of a jurisdiction's rules weighs, at most: bytes for its number of rules. */
export const instanceBytes = (rules: number): number => 8192 + 1792 * rules;

/** What a list of holiday days weighs, at most. */
export const dayListBytes = (days: number): number => 512 + 120 * days;

/**
 * The budgets. The server's heap is capped at 192 MB (npm start), of which the live heap after a
 * collection takes about 70 MB and the answer cache up to 64 MiB (docs/operations.md); a worker thread of
 * the work pool has a 128 MB old generation and its own copy of these caches. 4 MiB hold about 100
 * instances of a median jurisdiction (19 rules, weighed 41 KiB; the catalogue has 571, and building one
 * again costs 0.1-0.6 ms), 8 MiB some 3,600 jurisdiction-years of 15 holiday days (35 years of each of the
 * hundred most asked for; a year costs 0.3-12 ms to compute again). Together 12 MiB, a sixteenth of the
 * heap.
 */
export const INSTANCE_BUDGET_BYTES = 4 * 1024 * 1024;
export const YEAR_BUDGET_BYTES = 8 * 1024 * 1024;

/**
 * A least-recently-used map bounded by the bytes its entries weigh (each entry's weight given when it
 * is stored), not by their number. An entry heavier than the whole budget is not kept.
 */
export class ByteLru<K, V> {
  readonly #entries = new Map<K, { value: V; bytes: number }>();
  #bytes = 0;
  constructor(readonly budgetBytes: number) {}

  /** Entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes the entries held weigh (never more than {@link budgetBytes}). */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key); // re-inserted: Map iteration order is recency order
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` weighing `bytes`, then evicts the least recently used entries until the total fits. */
  set(key: K, value: V, bytes: number): void {
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    if (bytes > this.budgetBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  /** The value for `key`, created and weighed (and stored) when it is not held. */
  getOrCreate(key: K, create: () => V, weigh: (value: V) => number): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = create();
    this.set(key, value, weigh(value));
    return value;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
