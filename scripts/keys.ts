/**
 * The operator's key CLI (`npm run keys -- <command> [--customer ID] [--amount N]`), against the same
 * store the server uses (DATA_DIR, or Redis with REDIS_URL). A running server sees changes within 5 s.
 *
 *   create --customer ID             prints the new raw key once, alone on the last line of stdout
 *   list                             customers, fingerprints and states (never a key or a hash)
 *   revoke --customer ID             the key stops working
 *   rotate --customer ID             the old key stops working; the new one is printed as for create
 *   credit --customer ID --amount N  adds N credits to the customer's ledger (starting it)
 */
import { AccountError, addCredit, createKey, listKeys, revokeKey, rotateKey } from '../http/accounts.ts';
import { loadSettingsOrExit } from '../http/settings.ts';
import { createStore } from '../http/store/index.ts';

const USAGE = 'usage: npm run keys -- create|list|revoke|rotate|credit [--customer ID] [--amount N]';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

const command = process.argv[2];
if (!['create', 'list', 'revoke', 'rotate', 'credit'].includes(command ?? '')) fail(USAGE);
const customer = option('customer');
if (command !== 'list' && !customer) fail(`${command} needs --customer ID\n${USAGE}`);

const settings = loadSettingsOrExit();
const store = await createStore(settings, { warn: (m) => process.stderr.write(`${m}\n`) });
if (!store.available && !(await store.ping())) fail(`the store (${settings.redisUrl ? 'Redis at REDIS_URL' : `DATA_DIR ${settings.dataDir}`}) is not reachable`);
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
    case 'list': {
      const records = await listKeys(store);
      if (records.length === 0) process.stdout.write('no provisioned keys\n');
      for (const r of records) {
        process.stdout.write(`${r.customer_id}\t${r.fingerprint}\t${r.revoked_at ? `revoked ${r.revoked_at}` : 'active'}\tcreated ${r.created_at}${r.rotated_at ? `\trotated ${r.rotated_at}` : ''}\n`);
      }
      break;
    }
  }
} catch (error) {
  if (error instanceof AccountError) fail(error.message);
  throw error;
} finally {
  await store.close();
}
