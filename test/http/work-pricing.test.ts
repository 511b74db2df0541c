/**
 * Price by work (engine/work.ts), as a customer with a credit ledger meets it over real HTTP: a call
 * too large for one request is refused before any work and costs nothing; a recurrence search that
 * ends at its work limit is charged what it spent, even when it ends in a 400; every keyed answer says
 * `X-Credits-Charged`; the rate limit counts credits; MCP notifications and protocol messages are
 * neither charged nor counted. The reproductions are the 2026-11-28 probe's (issue 28).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../serve.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tca-pricing-'));
const LIMIT = 40;
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  LOG_FORMAT: 'json',
  RATE_LIMIT_PER_MINUTE: String(LIMIT),
  TIME_API_CUSTOMER_RATE_LIMITS: '{"acme":10000}',
  TIME_API_KEYS: 'limited:limited-key-0123456789',
};

const keysCli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', ...args], { env, encoding: 'utf8' });

let server: Served;
let base: string;
let key: string;

const hours = Array.from({ length: 24 }, (_, i) => i).join(',');
const sixty = Array.from({ length: 60 }, (_, i) => i).join(',');
/** The probe's request: 366 days × 86,400 times of day before start, 7-11 s of CPU for one credit. */
const FREEZER = {
  rrule: `FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYHOUR=${hours};BYMINUTE=${sixty};BYSECOND=${sixty}`,
  start: '2025-12-31T23:59:59',
  timezone: 'UTC',
  count: 1,
};
/** A rule whose search runs to its work limit before `after` and ends in a 400 (COUNT keeps it from skipping ahead). */
const EXHAUSTING = {
  rrule: `FREQ=DAILY;BYHOUR=${hours};BYMINUTE=${sixty};COUNT=99999`,
  start: '2025-01-01T00:00',
  timezone: 'UTC',
  after: '2090-01-01T00:00:00Z',
  count: 1,
};

const post = (path: string, body: unknown, bearer = key, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const balance = async () =>
  ((await (await fetch(`${base}/v1/account/credits`, { headers: { authorization: `Bearer ${key}` } })).json()) as { credits: { balance: number } }).credits
    .balance;
/** CPU seconds the server process has used (user + system, from /proc). */
const serverCpu = () => {
  const fields = readFileSync(`/proc/${server.proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

beforeAll(async () => {
  const created = keysCli('create', '--customer', 'acme');
  expect(created.status, created.stderr).toBe(0);
  key = created.stdout.trim().split('\n').at(-1)!;
  expect(keysCli('credit', '--customer', 'acme', '--amount', '100').status).toBe(0);
  // Ready once the server has loaded the customer's ledger (it reloads keys every 2 s).
  server = await serve({
    env,
    ready: async (url) =>
      ((await (await fetch(`${url}/v1/account/credits`, { headers: { authorization: `Bearer ${key}` } })).json()) as { credits?: { configured?: boolean } })
        .credits?.configured === true,
  });
  base = server.base;
}, 90_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('price by work', { timeout: 60_000 }, () => {
  it('the recurrence that froze the server is refused before any work: a 400 naming rrule, free', async () => {
    const before = await balance();
    const cpu0 = serverCpu();
    const res = await post('/v1/time/recurrence', FREEZER);
    const cpu = serverCpu() - cpu0;
    expect(res.status).toBe(400);
    expect(res.headers.get('x-credits-charged')).toBe('0');
    const body = (await res.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors[0].field).toBe('rrule');
    expect(body.errors[0].message).toMatch(/ms of server work|candidate times/);
    expect(body.errors[0].message).toMatch(/fewer BYHOUR, BYMINUTE or BYSECOND/);
    // 7-11 s of CPU before; now a parse and a refusal (a generous bound for a busy machine).
    expect(cpu).toBeLessThan(1);
    expect(await balance()).toBe(before);
  });

  it('a search that runs to its work limit and ends in a 400 is charged what it spent', async () => {
    const before = await balance();
    const res = await post('/v1/time/recurrence', EXHAUSTING);
    expect(res.status).toBe(400);
    const charged = Number(res.headers.get('x-credits-charged'));
    // The search budget is 100,000 units: four credits of 25,000.
    expect(charged).toBe(4);
    expect(((await res.json()) as { errors: { field: string }[] }).errors[0].field).toBe('after');
    expect(await balance()).toBe(before - charged);
    // The same request again costs the same: an error after real work is not free to repeat.
    const again = await post('/v1/time/recurrence', EXHAUSTING);
    expect(again.headers.get('x-credits-charged')).toBe('4');
    expect(await balance()).toBe(before - 2 * charged);
  });

  it('an ordinary answer costs one credit and says so; an input refused by its schema costs nothing', async () => {
    const before = await balance();
    const ok = await post('/v1/time/recurrence', { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', start: '2026-03-02T09:00', timezone: 'America/New_York' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-credits-charged')).toBe('1');
    const bad = await post('/v1/time/recurrence', { rrule: 'FREQ=WEEKLY', start: 'yesterday', timezone: 'UTC' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-credits-charged')).toBe('0');
    const account = await fetch(`${base}/v1/account/profile`, { headers: { authorization: `Bearer ${key}` } });
    expect(account.headers.get('x-credits-charged')).toBe('0');
    expect(await balance()).toBe(before - 1);
  });

  it('the rate limit counts credits, not requests', async () => {
    const first = await post('/v1/time/recurrence', EXHAUSTING, 'limited-key-0123456789');
    expect(first.headers.get('x-credits-charged')).toBe('4');
    expect(Number(first.headers.get('ratelimit-remaining'))).toBe(LIMIT - 4);
    const ordinary = await fetch(`${base}/v1/time/zone?timezone=UTC`, { headers: { authorization: 'Bearer limited-key-0123456789' } });
    expect(Number(ordinary.headers.get('ratelimit-remaining'))).toBe(LIMIT - 5);
  });

  it('MCP: a tools/call notification is not charged; initialize and tools/list are not counted as calculations', async () => {
    const mcp = (message: unknown) => post('/mcp', message, key, { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' });
    const before = await balance();
    const usage = async () =>
      (
        (await (await fetch(`${base}/v1/account/usage`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
          usage: { routes: { route: string; requests: number }[] };
        }
      ).usage.routes.find((r) => r.route === 'POST /mcp')?.requests ?? 0;
    const counted = await usage();
    const init = await mcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('x-credits-charged')).toBe('0');
    expect((await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).status).toBe(200);
    const note = await mcp({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'get_utc_time', arguments: {} } });
    expect(note.status).toBeLessThan(300);
    expect(await balance()).toBe(before);
    const call = await mcp({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_utc_time', arguments: {} } });
    expect(call.headers.get('x-credits-charged')).toBe('1');
    expect(await balance()).toBe(before - 1);
    // Counted once the store has the count (the server writes counts as they come).
    for (let i = 0; i < 50 && (await usage()) < counted + 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await usage()).toBe(counted + 1);
  });

  it('Idempotency-Key: the same key and body get the first answer again, charged once; another body is a 422', async () => {
    const body = { rrule: 'FREQ=DAILY;COUNT=5', start: '2026-03-06T09:00', timezone: 'Europe/Paris' };
    const headers = { 'idempotency-key': 'order-7f3a' };
    const before = await balance();
    const first = await post('/v1/time/recurrence', body, key, headers);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-credits-charged')).toBe('1');
    const text = await first.text();
    const again = await post('/v1/time/recurrence', body, key, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-credits-charged')).toBe('0');
    expect(await again.text()).toBe(text);
    expect(await balance()).toBe(before - 1);
    const other = await post('/v1/time/recurrence', { ...body, count: 3 }, key, headers);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { errors: { field: string }[] }).errors[0].field).toBe('Idempotency-Key');
    const bad = await post('/v1/time/recurrence', body, key, { 'idempotency-key': 'has space' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field: string }[] }).errors[0].field).toBe('Idempotency-Key');
    // A key is the customer's own: another customer's same key is another request.
    const theirs = await post('/v1/time/recurrence', body, 'limited-key-0123456789', headers);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await balance()).toBe(before - 1);
  });
});
