/**
 * Provisioned API keys and credit ledgers, kept in the persistent store (files under DATA_DIR, or
 * Redis). Keys are stored as SHA-256 hashes only: the raw key exists once, when it is created or
 * rotated, on the operator's stdout. One active key per customer; `rotate` replaces it, `revoke` ends it.
 *
 * Layout in the `keys` mount: `customer:<id>` → KeyRecord. In the `credits` mount: `ledger:<id>` →
 * { created_at } (a ledger exists from the first credit on) and the counter `balance:<id>`.
 */
import { hash, randomBytes } from 'node:crypto';
import { CorruptRecordError, type Store } from './store/index.ts';

export interface KeyRecord {
  customer_id: string;
  /** SHA-256 of the raw key, hex. */
  key_hash: string;
  /** First 12 hex digits of the hash: safe to show and log. */
  fingerprint: string;
  created_at: string;
  rotated_at?: string;
  revoked_at?: string;
}

export const CUSTOMER_ID = /^[A-Za-z0-9._-]{1,64}$/;

export class AccountError extends Error {}

const sha256Hex = (s: string) => hash('sha256', s, 'hex');
const recordKey = (customer: string) => `customer:${customer}`;

/** A new raw key: 32 random bytes, base64url, with a recognisable prefix. */
export const newRawKey = () => `tca_${randomBytes(32).toString('base64url')}`;

function checkCustomer(customer: string): void {
  if (!CUSTOMER_ID.test(customer)) throw new AccountError('customer ids are 1..64 characters of A-Z a-z 0-9 . _ -');
}

/**
 * Every provisioned key record, by customer. A record that cannot be read is left out and named in
 * `damaged` (the caller reports it; it is never overwritten, and `create` refuses that customer).
 */
export async function listKeyRecords(store: Store): Promise<{ records: KeyRecord[]; damaged: string[] }> {
  const names = await store.mounts.keys.list('customer');
  const results = await Promise.allSettled(names.map((n) => store.mounts.keys.get<KeyRecord>(n)));
  const damaged: string[] = [];
  const records: KeyRecord[] = [];
  for (const [i, r] of results.entries()) {
    if (r.status === 'fulfilled') {
      if (r.value !== null) records.push(r.value);
    } else if (r.reason instanceof CorruptRecordError) damaged.push(`keys:${names[i]}`);
    else throw r.reason;
  }
  return { records: records.sort((a, b) => a.customer_id.localeCompare(b.customer_id)), damaged };
}

export async function listKeys(store: Store): Promise<KeyRecord[]> {
  return (await listKeyRecords(store)).records;
}

async function issue(store: Store, customer: string, previous: KeyRecord | null, now: Date): Promise<string> {
  const raw = newRawKey();
  const keyHash = sha256Hex(raw);
  const record: KeyRecord = {
    customer_id: customer,
    key_hash: keyHash,
    fingerprint: keyHash.slice(0, 12),
    created_at: previous?.created_at ?? now.toISOString(),
    ...(previous ? { rotated_at: now.toISOString() } : {}),
  };
  await store.mounts.keys.set(recordKey(customer), record);
  return raw;
}

/** Creates the customer's key; refuses when it already has an active one (use rotate). */
export async function createKey(store: Store, customer: string, now = new Date()): Promise<string> {
  checkCustomer(customer);
  const existing = await store.mounts.keys.get<KeyRecord>(recordKey(customer));
  if (existing && !existing.revoked_at)
    throw new AccountError(`customer ${customer} already has an active key (fingerprint ${existing.fingerprint}); use rotate to replace it`);
  return issue(store, customer, null, now);
}

/** Replaces the customer's key: the old one stops working, the new raw key is returned once. */
export async function rotateKey(store: Store, customer: string, now = new Date()): Promise<string> {
  checkCustomer(customer);
  const existing = await store.mounts.keys.get<KeyRecord>(recordKey(customer));
  if (!existing || existing.revoked_at) throw new AccountError(`customer ${customer} has no active key to rotate; use create`);
  return issue(store, customer, existing, now);
}

export async function revokeKey(store: Store, customer: string, now = new Date()): Promise<KeyRecord> {
  checkCustomer(customer);
  const existing = await store.mounts.keys.get<KeyRecord>(recordKey(customer));
  if (!existing || existing.revoked_at) throw new AccountError(`customer ${customer} has no active key`);
  const revoked = { ...existing, revoked_at: now.toISOString() };
  await store.mounts.keys.set(recordKey(customer), revoked);
  return revoked;
}

/** Adds `amount` credits (starting the customer's ledger if it has none); returns the new balance. */
export async function addCredit(store: Store, customer: string, amount: number, now = new Date()): Promise<number> {
  checkCustomer(customer);
  if (!Number.isInteger(amount) || amount < 1 || amount > 1_000_000_000) throw new AccountError('amount must be a whole number 1..1000000000');
  await store.counter('credits', `balance:${customer}`); // a damaged balance refuses the credit here: nothing is added
  if (!(await store.mounts.credits.get(`ledger:${customer}`))) await store.mounts.credits.set(`ledger:${customer}`, { created_at: now.toISOString() });
  store.incr('credits', `balance:${customer}`, amount);
  await store.flush();
  return store.counter('credits', `balance:${customer}`);
}

export async function hasLedger(store: Store, customer: string): Promise<boolean> {
  return (await store.mounts.credits.get(`ledger:${customer}`)) !== null;
}
