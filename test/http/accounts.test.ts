/**
 * Provisioned keys, usage and credits as an operator and a client meet them: the keys CLI run as a
 * child process against the DATA_DIR of a real running server, over real HTTP.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../serve.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'tca-accounts-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_FORMAT: 'json', RATE_LIMIT_PER_MINUTE: '0', TIME_API_KEYS: '' };

const result = (r: ReturnType<typeof spawnSync>) => {
  const out = String(r.stdout);
  return { out, err: String(r.stderr), code: r.status, lastLine: out.trim().split('\n').at(-1) ?? '' };
};

/**
 * `npm run keys -- …` as an operator types it; returns stdout, stderr and the exit code. Once per file
 * (below): npm and tsx cost seconds a run on a busy machine, and this file runs the CLI 28 times.
 */
const npmKeys = (...args: string[]) => result(spawnSync('npm', ['run', '--silent', 'keys', '--', ...args], { env, encoding: 'utf8' }));

// The same CLI compiled as `npm start` compiles the server (scripts/build-server.mjs: esbuild, plain
// JavaScript, no TypeScript loader), run as a child process: the other 27 runs, each a fraction of a second.
const KEYS_BUILD = join('.build', `test-keys-${process.pid}`);
function keys(...args: string[]) {
  return result(spawnSync(process.execPath, [join(KEYS_BUILD, 'scripts/keys.js'), ...args], { env, encoding: 'utf8' }));
}

let server: Served | undefined;
let base: string;
/** What the servers of this file printed, the stopped ones' and the running one's. */
let earlier = '';
const output = () => earlier + (server?.output() ?? '');

async function startServer() {
  earlier = output();
  // The test blocks its own event loop while the keys CLI runs (spawnSync, several seconds on a busy
  // machine), so fetch cannot drop an idle connection before the server's 5 s keep-alive closes it and
  // then reuses a closed socket ("other side closed"). Idle connections are kept longer here.
  server = undefined;
  server = await serve({ env: { ...env, KEEP_ALIVE_TIMEOUT_MS: '120000' } });
  base = server.base;
}
const stopServer = () => server!.stop('SIGTERM');
const get = (path: string, key: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
/** Waits until the server has loaded the key and the customer's ledger (it reloads them every 2 s). */
const ledgerSeen = (key: string) =>
  within5s(async () => ((await (await get('/v1/account/credits', key)).json()) as { credits?: { configured?: boolean } }).credits?.configured === true);
/** Waits until `check` holds (the server reloads keys every 2 s; the contract allows 5 s). */
async function within5s(check: () => Promise<boolean>) {
  const t0 = Date.now();
  while (Date.now() - t0 < 5_000) {
    if (await check()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not within 5 s');
}

let acmeKey: string;

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-place-index', '--outdir', KEYS_BUILD, 'scripts/keys.ts'], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  const created = npmKeys('create', '--customer', 'acme');
  expect(created.code).toBe(0);
  acmeKey = created.lastLine;
  await startServer();
}, 60_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(KEYS_BUILD, { recursive: true, force: true });
});

// Each test runs the keys CLI several times besides its 5 s waits: 60 s a test, not the default 20.
describe('the keys CLI and a running server', { timeout: 60_000 }, () => {
  it('create prints the raw key once, alone on the last line; the store keeps only its hash', async () => {
    expect(acmeKey).toMatch(/^tca_[A-Za-z0-9_-]{43}$/);
    const grep = spawnSync('grep', ['-r', acmeKey, dataDir], { encoding: 'utf8' });
    expect(grep.stdout).toBe('');
    // A latitude no log field can contain by chance (latencies have 3 decimals), so the log check below cannot flake.
    expect((await get('/v1/time?lat=51.4777731&lon=-0.12&at=2026-07-01T12:00:00Z', acmeKey)).status).toBe(200);
    const list = keys('list');
    expect(list.out).toMatch(/^acme\t[0-9a-f]{12}\tactive/m);
    expect(list.out).not.toContain(acmeKey);
  });

  it('a key created while the server runs works within 5 s; a second create is refused', async () => {
    const beta = keys('create', '--customer', 'beta').lastLine;
    await within5s(async () => (await get('/v1/account/profile', beta)).status === 200);
    const again = keys('create', '--customer', 'beta');
    expect(again.code).not.toBe(0);
    expect(again.err).toMatch(/already has an active key/);
  });

  it('usage counts every successful calculation exactly, per route, even 1,000 in parallel', async () => {
    const before = (await (await get('/v1/account/usage', acmeKey)).json()) as { usage: { total_requests: number } };
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => get(`/v1/date/add?start=2024-01-31&days=${i}`, acmeKey).then((r) => r.status)));
    expect(answers.every((s) => s === 200)).toBe(true);
    await get('/v1/time?lat=100&lon=0', acmeKey); // a 400 is not counted
    const usage = (await (await get('/v1/account/usage', acmeKey)).json()) as {
      usage: { configured: boolean; total_requests: number; routes: { route: string; requests: number }[] };
    };
    expect(usage.usage.configured).toBe(true);
    expect(usage.usage.total_requests - before.usage.total_requests).toBe(1000);
    expect(usage.usage.routes).toContainEqual({ route: 'GET /v1/date/add', requests: 1000 });
  });

  it('credits: a ledger starts with the first credit; at 0, 402 until credited; account routes stay free', async () => {
    const credit = keys('credit', '--customer', 'acme', '--amount', '3');
    expect(credit.out).toMatch(/balance 3/);
    await within5s(async () => ((await (await get('/v1/account/credits', acmeKey)).json()) as { credits: { configured: boolean } }).credits.configured);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await get('/v1/date/difference?start=2024-01-01&end=2024-02-01', acmeKey)).status);
    expect(statuses).toEqual([200, 200, 200, 402, 402]);
    const credits = (await (await get('/v1/account/credits', acmeKey)).json()) as { credits: Record<string, unknown> };
    expect(credits.credits).toMatchObject({ configured: true, status: 'exhausted', balance: 0 });
    expect((await get('/v1/account/limits', acmeKey)).status).toBe(200);
    keys('credit', '--customer', 'acme', '--amount', '1');
    await within5s(async () => (await get('/v1/date/difference?start=2024-01-01&end=2024-02-01', acmeKey)).status === 200);
  });

  it('rotate: the old key stops working within 5 s and the new one works; revoke ends it', async () => {
    const rotated = keys('rotate', '--customer', 'acme');
    const fresh = rotated.lastLine;
    expect(fresh).not.toBe(acmeKey);
    await within5s(async () => (await get('/v1/account/profile', acmeKey)).status === 401);
    expect((await get('/v1/account/profile', fresh)).status).toBe(200);
    keys('revoke', '--customer', 'acme');
    await within5s(async () => (await get('/v1/account/profile', fresh)).status === 401);
  });

  it('survives a restart: keys, usage and ledgers are still there', async () => {
    const gamma = keys('create', '--customer', 'gamma').lastLine;
    await within5s(async () => (await get('/v1/account/profile', gamma)).status === 200);
    for (let i = 0; i < 7; i++) await get('/v1/geo/distance?from_lat=0&from_lon=0&to_lat=1&to_lon=1', gamma);
    // An MCP call over /mcp counts in usage like a REST call.
    const mcp = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gamma}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'date_add', arguments: { start: '2024-01-31', months: 1 } } }),
    });
    expect(mcp.status).toBe(200);
    keys('credit', '--customer', 'gamma', '--amount', '10');
    expect(await stopServer()).toBe(0);
    await startServer();
    const usage = (await (await get('/v1/account/usage', gamma)).json()) as {
      usage: { total_requests: number; routes: { route: string; requests: number }[] };
    };
    expect(usage.usage.total_requests).toBe(8);
    expect(usage.usage.routes).toContainEqual({ route: 'POST /mcp', requests: 1 });
    const credits = (await (await get('/v1/account/credits', gamma)).json()) as { credits: { configured: boolean; balance: number } };
    expect(credits.credits).toMatchObject({ configured: true, balance: 10 });
    // Over MCP only tools/call is a charged calculation; listing tools is free.
    const rpc = (body: unknown) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gamma}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(body),
      });
    expect((await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).status).toBe(200);
    expect((await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'date_add', arguments: { start: '2024-01-31', days: 1 } } })).status).toBe(
      200,
    );
    const after = (await (await get('/v1/account/credits', gamma)).json()) as { credits: { balance: number } };
    expect(after.credits.balance).toBe(9);
    // A call the tool refuses (isError: invalid arguments) or an unknown tool is no successful calculation:
    // no credit is kept and usage does not count it, as a 400 on the REST routes.
    const refused = await rpc({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'date_add', arguments: { start: '2024-02-30' } } });
    expect(refused.status).toBe(200);
    expect(((await refused.json()) as { result: { isError: boolean } }).result.isError).toBe(true);
    expect((await rpc({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } })).status).toBe(200);
    const unchanged = (await (await get('/v1/account/credits', gamma)).json()) as { credits: { balance: number } };
    expect(unchanged.credits.balance).toBe(9);
    const counted = (await (await get('/v1/account/usage', gamma)).json()) as { usage: { routes: { route: string; requests: number }[] } };
    // 1 before the restart, then the successful call: tools/list is no calculation, and the two refused
    // calls are not counted.
    expect(counted.usage.routes).toContainEqual({ route: 'POST /mcp', requests: 2 });
  });

  it('MCP: a JSON-RPC batch is refused (400, nothing charged or counted); a body over 64 KiB is 413 before it is read', async () => {
    const delta = keys('create', '--customer', 'delta').lastLine;
    keys('credit', '--customer', 'delta', '--amount', '5');
    await ledgerSeen(delta);
    const post = (body: string | ReadableStream<Uint8Array>, extra: Record<string, string> = {}) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { authorization: `Bearer ${delta}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...extra },
      } as RequestInit);
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'get_local_times', arguments: { points: Array.from({ length: 10 }, (_, i) => ({ lat: i / 2, lon: i })) } },
    });
    // Before: 100 calls in one POST cost one credit, one usage count, one rate-limit slot.
    const batch = await post(JSON.stringify(Array.from({ length: 100 }, (_, i) => call(i))));
    expect(batch.status).toBe(400);
    expect(((await batch.json()) as { detail: string }).detail).toMatch(/batches are not accepted/);
    // A batch of one message is one message.
    const single = await post(JSON.stringify([call(1)]));
    expect(single.status).toBe(200);
    // 64 KiB + 1 declared, and a chunked body that never ends: refused as they stream, not buffered.
    expect((await post('x'.repeat(64 * 1024 + 1))).status).toBe(413);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024;
        if (sent > 256 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(16 * 1024).fill(32));
      },
    });
    // The server answers 413 and closes the connection; the client may see the answer or only the close.
    const streamed = await post(endless).then(
      (r) => r.status,
      () => 'closed',
    );
    expect([413, 'closed']).toContain(streamed);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    const credits = (await (await get('/v1/account/credits', delta)).json()) as { credits: { balance: number } };
    expect(credits.credits.balance).toBe(4);
    const usage = (await (await get('/v1/account/usage', delta)).json()) as { usage: { routes: { route: string; requests: number }[] } };
    expect(usage.usage.routes).toEqual([{ route: 'POST /mcp', requests: 1 }]);
  });

  it('HEAD on a charged route costs a credit and counts as GET (before: charged, not counted)', async () => {
    const eps = keys('create', '--customer', 'epsilon').lastLine;
    keys('credit', '--customer', 'epsilon', '--amount', '3');
    await ledgerSeen(eps);
    const head = await fetch(`${base}/v1/date/difference?start=2024-01-01&end=2024-02-01`, { method: 'HEAD', headers: { authorization: `Bearer ${eps}` } });
    expect(head.status).toBe(200);
    const credits = (await (await get('/v1/account/credits', eps)).json()) as { credits: { balance: number } };
    expect(credits.credits.balance).toBe(2);
    const usage = (await (await get('/v1/account/usage', eps)).json()) as { usage: { routes: { route: string; requests: number }[] } };
    expect(usage.usage.routes).toEqual([{ route: 'GET /v1/date/difference', requests: 1 }]);
  });

  it('a damaged balance is never overwritten: 503 for the customer, credit refused, reported by check, fixed by repair', async () => {
    const zeta = keys('create', '--customer', 'zeta').lastLine;
    keys('credit', '--customer', 'zeta', '--amount', '5');
    await ledgerSeen(zeta);
    // What a torn write or a bad disk leaves: before, it read as 0 (402), and the next credit replaced 981,854 with 10.
    writeFileSync(join(dataDir, 'credits', 'balance', 'zeta.json'), '98185\0garbage');
    const denied = await get('/v1/date/difference?start=2024-01-01&end=2024-02-01', zeta);
    expect(denied.status).toBe(503);
    expect(((await denied.json()) as { detail: string }).detail).toMatch(/cannot be read/);
    const credit = keys('credit', '--customer', 'zeta', '--amount', '10');
    expect(credit.code).not.toBe(0);
    expect(credit.err).toMatch(/damaged record credits:balance:zeta/);
    expect(readFileSync(join(dataDir, 'credits', 'balance', 'zeta.json'), 'utf8')).toBe('98185\0garbage');
    const check = keys('check');
    expect(check.code).toBe(1);
    expect(check.out).toContain('DAMAGED credits:balance:zeta');
    const repair = keys('repair', '--record', 'credits:balance:zeta', '--value', '981854');
    expect(repair.code).toBe(0);
    expect(readdirSync(join(dataDir, '.quarantine', 'credits')).some((f) => f.startsWith('balance~zeta.'))).toBe(true);
    expect(keys('check').code).toBe(0);
    expect((await get('/v1/date/difference?start=2024-01-01&end=2024-02-01', zeta)).status).toBe(200);
    // A truncated key record: the key answers 401, the server says so loudly, create refuses to overwrite it.
    writeFileSync(join(dataDir, 'keys', 'customer', 'zeta.json'), '{"customer_id":"ze');
    await within5s(async () => (await get('/v1/account/profile', zeta)).status === 401);
    expect(output()).toContain('DAMAGED RECORD keys:customer:zeta');
    expect(keys('create', '--customer', 'zeta').err).toMatch(/damaged record keys:customer:zeta/);
    expect(keys('repair', '--record', 'keys:customer:zeta').code).toBe(0);
    expect(keys('create', '--customer', 'zeta').code).toBe(0);
  }, 90_000); // nine runs of the keys CLI, each a Node start: ~15 s idle, more with the other core busy

  describe('edge cases', () => {
    it('the CLI refuses bad input with one clear line and a non-zero exit', () => {
      expect(keys('create').code).not.toBe(0);
      expect(keys('frobnicate').err).toMatch(/^usage:/);
      expect(keys('credit', '--customer', 'gamma', '--amount', '-4').err).toMatch(/amount must be a whole number/);
      expect(keys('create', '--customer', 'bad id!').err).toMatch(/customer ids/);
      expect(keys('rotate', '--customer', 'nobody').err).toMatch(/no active key/);
    });

    it('logs never contain a raw key or a query value', async () => {
      await stopServer();
      for (const secret of [acmeKey, '51.4777731', '2024-01-31', 'lat=']) expect(output()).not.toContain(secret);
      expect(output()).toMatch(/"type":"request","route":"\/v1\/date\/add"/);
    });
  });
});
