/**
 * The operator's key CLI (`npm run keys -- <command> [--customer ID] [--amount N]`), against the same
 * store the server uses (DATA_DIR, or Redis with REDIS_URL). A running server sees changes within 5 s.
 *
 *   create --customer ID             prints the new raw key once, alone on the last line of stdout
 *   list                             customers, fingerprints and states (never a key or a hash)
 *   revoke --customer ID             the key stops working
 *   rotate --customer ID             the old key stops working; the new one is printed as for create
 *   credit --customer ID --amount N  adds N credits to the customer's ledger (starting it)
 *   check                            lists every stored record that cannot be read (exit 1 when any)
 *   repair --record MOUNT:KEY [--value N]
 *                                    moves a damaged record aside (DATA_DIR/.quarantine/, or a
 *                                    _quarantine: key in Redis) and, for a counter, writes N in its
 *                                    place; a damaged key record is then re-created with create
 */
import { AccountError, addCredit, createKey, listKeys, revokeKey, rotateKey } from '../http/accounts.ts';
import { loadSettingsOrExit } from '../service/settings.ts';
import { CorruptRecordError, createStore, type MountName, type Store } from '../http/store/index.ts';

const USAGE = 'usage: npm run keys -- create|list|revoke|rotate|credit|check|repair [--customer ID] [--amount N] [--record MOUNT:KEY --value N]';
const COUNTER_RECORDS = (mount: string, key: string) => mount === 'usage' || (mount === 'credits' && key.startsWith('balance:'));

/** Every record of the accounting mounts that cannot be read, with why. */
async function damagedRecords(store: Store): Promise<{ record: string; why: string }[]> {
  const out: { record: string; why: string }[] = [];
  for (const mount of ['keys', 'credits', 'usage'] as const) {
    for (const key of await store.mounts[mount].list()) {
      try {
        if (COUNTER_RECORDS(mount, key)) await store.counter(mount as 'usage' | 'credits', key);
        else await store.mounts[mount].get(key);
      } catch (error) {
        if (!(error instanceof CorruptRecordError)) throw error;
        out.push({ record: `${mount}:${key}`, why: error.message });
      }
    }
  }
  return out;
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

const command = process.argv[2];
if (!['create', 'list', 'revoke', 'rotate', 'credit', 'check', 'repair'].includes(command ?? '')) fail(USAGE);
const customer = option('customer');
if (!['list', 'check', 'repair'].includes(command!) && !customer) fail(`${command} needs --customer ID\n${USAGE}`);

const settings = loadSettingsOrExit();
const store = await createStore(settings, { warn: (m) => process.stderr.write(`${m}\n`) });
if (!store.available && !(await store.ping()))
  fail(`the store (${settings.redisUrl ? 'Redis at REDIS_URL' : `DATA_DIR ${settings.dataDir}`}) is not reachable`);
try {
  switch (command) {
    case 'create': {
      const raw = await createKey(store, customer!);
      process.stdout.write(`created a key for ${customer}; it is shown once, store it now:\n${raw}\n`);
      break;
    }
    case 'rotate': {
      const raw = await rotateKey(store, customer!);
      process.stdout.write(`rotated the key of ${customer}; the old key no longer works; the new one is shown once:\n${raw}\n`);
      break;
    }
    case 'revoke': {
      const record = await revokeKey(store, customer!);
      process.stdout.write(`revoked the key of ${customer} (fingerprint ${record.fingerprint})\n`);
      break;
    }
    case 'credit': {
      const amount = Number(option('amount'));
      const balance = await addCredit(store, customer!, amount);
      process.stdout.write(`added ${amount} credits for ${customer}; balance ${balance}\n`);
      break;
    }
    case 'check': {
      const damaged = await damagedRecords(store);
      if (damaged.length === 0) process.stdout.write('every stored record can be read\n');
      for (const d of damaged) process.stdout.write(`DAMAGED ${d.record}\t${d.why}\n`);
      if (damaged.length) process.stdout.write(`repair each with: npm run keys -- repair --record MOUNT:KEY [--value N]\n`);
      process.exitCode = damaged.length ? 1 : 0;
      break;
    }
    case 'repair': {
      const record = option('record') ?? fail(`repair needs --record MOUNT:KEY (see npm run keys -- check)\n${USAGE}`);
      const [mount, ...rest] = record.split(':');
      const key = rest.join(':');
      if (!['keys', 'credits', 'usage'].includes(mount) || !key) fail(`--record must be keys:KEY, credits:KEY or usage:KEY (got ${record})`);
      const counter = COUNTER_RECORDS(mount, key);
      const raw = option('value');
      const value = Number(raw);
      if (counter && (raw === undefined || !Number.isSafeInteger(value))) fail(`${record} is a counter: give its value with --value N (a whole number)`);
      if (!counter && raw !== undefined) fail(`${record} is not a counter: it is moved aside, not given a value`);
      const movedTo = await store.quarantine(mount as MountName, key);
      if (movedTo === null) fail(`no record ${record}`);
      process.stdout.write(`moved ${record} aside, as it was, to ${movedTo}\n`);
      if (counter) {
        await store.mounts[mount as 'usage' | 'credits'].set(key, value);
        process.stdout.write(`${record} is now ${value}; counts held by a running server land on its next flush\n`);
      } else if (mount === 'keys') {
        process.stdout.write(`the key of ${key.replace(/^customer:/, '')} no longer exists: issue a new one with create\n`);
      }
      break;
    }
    case 'list': {
      const records = await listKeys(store);
      if (records.length === 0) process.stdout.write('no provisioned keys\n');
      for (const r of records) {
        process.stdout.write(
          `${r.customer_id}\t${r.fingerprint}\t${r.revoked_at ? `revoked ${r.revoked_at}` : 'active'}\tcreated ${r.created_at}${r.rotated_at ? `\trotated ${r.rotated_at}` : ''}\n`,
        );
      }
      break;
    }
  }
} catch (error) {
  if (error instanceof AccountError || error instanceof CorruptRecordError) fail(error.message);
  throw error;
} finally {
  await store.close();
}
