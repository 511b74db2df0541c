/**
 * `npm start` with WORKERS=2 (http/supervisor.ts over node:cluster), over real processes on loopback:
 * both workers serve one port; usage counts, credits and rate limits stay exact across them on files
 * and on Redis (Debian's redis-server); SIGHUP replaces the workers one at a time with requests in
 * flight and none refused; a bad WORKERS or a busy port stops start-up with one line, printed once.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCredit, createKey } from '../../http/accounts.ts';
import { createStore } from '../../http/store/index.ts';
import { redisAvailable, startRedisServer, type RedisServer } from '../fixtures/redis-server.ts';
import { freePort } from '../helpers.ts';
import { npmStartFlags } from '../serve.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT = join(ROOT, '.build', `test-workers-${process.pid}`);
const FLAGS = npmStartFlags();
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tca-workers-'));
  dirs.push(dir);
  return dir;
};

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-place-index', '--outdir', relative(ROOT, OUT)], { cwd: ROOT, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
});
afterAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Primary {
  proc: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function startPrimary(env: Record<string, string>): Primary {
  const proc = spawn(process.execPath, [...FLAGS, join(OUT, 'http/supervisor.js')], {
    cwd: ROOT,
    env: { ...process.env, LOG_FORMAT: 'json', PLACE_INDEXES: 'on-demand', TIME_API_KEYS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (err += d));
  return { proc, out: () => out, err: () => err, exited: new Promise((resolve) => proc.once('exit', (code) => resolve(code))) };
}

const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const listening = (p: Primary) => lines(p.out()).flatMap((l) => (String(l.message).startsWith('listening on') ? [l.pid as number] : []));

async function until<T>(what: string, p: Primary, check: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s\n${p.out()}\n${p.err()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** GET over node:http (an agent of 8 sockets: requests spread over connections, so over both workers). */
function get(port: number, path: string, key: string, agent: Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
const timeAt = (i: number) =>
  `/v1/time?lat=27.7172&lon=85.324&at=2026-01-15T${String(Math.floor(i / 60) % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`;

async function twoWorkers(env: Record<string, string>) {
  const port = await freePort();
  const p = startPrimary({ WORKERS: '2', PORT: String(port), ...env });
  await until('two workers listening', p, () => (listening(p).length >= 2 ? true : undefined));
  return { p, port };
}

/** POST a share as client `address` (TRUST_PROXY=1: the address is the X-Forwarded-For hop). */
function share(port: number, address: string): Promise<number> {
  const body = JSON.stringify({ poster: 'sky', date: '2026-12-21', location: { name: 'Greenwich', lat: 51.4769, lng: -0.0005 }, time: '21:30', ttl_days: 1 });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/observatory/share',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const CREDITS = 60;
const SENT = 90;
const LIMIT = 25;

describe.each([
  ['files', false],
  ['Redis', true],
])('WORKERS=2 on %s: counts, credits and limits exact across workers', (_name, useRedis) => {
  const hasRedis = !useRedis || redisAvailable();
  let redis: RedisServer | undefined;
  const dir = dataDir();
  const settings = () => ({ dataDir: dir, redisUrl: redis?.url ?? null });
  let payer = '';
  let limited = '';
  let counted = '';

  beforeAll(async () => {
    if (!hasRedis) return;
    if (useRedis) redis = await startRedisServer();
    const store = await createStore(settings(), { warn: () => {} });
    payer = await createKey(store, 'payer');
    await addCredit(store, 'payer', CREDITS);
    limited = await createKey(store, 'limited');
    counted = await createKey(store, 'counted');
    await store.close();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it.skipIf(!hasRedis)(
    'spends each credit once, counts each answered request once, and holds one rate limit',
    async () => {
      const env: Record<string, string> = {
        DATA_DIR: dir,
        TIME_API_CUSTOMER_RATE_LIMITS: JSON.stringify({ payer: 0, counted: 0, limited: LIMIT }),
        ...(redis ? { REDIS_URL: redis.url } : {}),
      };
      const { p, port } = await twoWorkers(env);
      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      try {
        expect(new Set(listening(p)).size).toBe(2);
        // More charged calls than credits, all at once over 8 connections: exactly CREDITS are answered.
        const paid = await Promise.all(Array.from({ length: SENT }, (_, i) => get(port, timeAt(i), payer, agent)));
        expect(paid.filter((s) => s === 200)).toHaveLength(CREDITS);
        expect(paid.filter((s) => s === 402)).toHaveLength(SENT - CREDITS);
        // Free calls: every one counted once in usage.
        const free = await Promise.all(Array.from({ length: SENT }, (_, i) => get(port, timeAt(i + 1000), counted, agent)));
        expect(free.every((s) => s === 200)).toBe(true);
        // One rate limit for both workers: LIMIT of SENT allowed within the minute.
        const limits = await Promise.all(Array.from({ length: SENT }, (_, i) => get(port, timeAt(i + 2000), limited, agent)));
        expect(limits.filter((s) => s === 200)).toHaveLength(LIMIT);
        expect(limits.filter((s) => s === 429)).toHaveLength(SENT - LIMIT);
      } finally {
        agent.destroy();
        p.proc.kill('SIGTERM');
      }
      expect(await p.exited).toBe(0);
      const store = await createStore(settings(), { warn: () => {} });
      try {
        const usage = async (customer: string) => {
          let n = 0;
          for (const [k, v] of Object.entries(await store.counters('usage', customer))) if (k.includes('/v1/time')) n += v;
          return n;
        };
        expect(await store.counter('credits', 'balance:payer')).toBe(0);
        expect(await usage('payer')).toBe(CREDITS);
        expect(await usage('counted')).toBe(SENT);
        expect(await usage('limited')).toBe(LIMIT);
      } finally {
        await store.close();
      }
    },
    120_000,
  );

  it.skipIf(!hasRedis)(
    'holds the share caps: SHARES_PER_ADDRESS per address and SHARES_MAX in all',
    async () => {
      const env = { DATA_DIR: dataDir(), TRUST_PROXY: '1', SHARES_PER_ADDRESS: '3', SHARES_MAX: '7', ...(redis ? { REDIS_URL: redis.url } : {}) };
      if (redis) await redis.restart(); // an empty Redis: no shares of the test before
      const { p, port } = await twoWorkers(env);
      try {
        const one = await Promise.all(Array.from({ length: 8 }, () => share(port, '203.0.113.1')));
        expect(one.filter((s) => s === 201)).toHaveLength(3);
        const many = await Promise.all(Array.from({ length: 10 }, (_, i) => share(port, `198.51.100.${i + 1}`)));
        expect(many.filter((s) => s === 201)).toHaveLength(4);
        expect(many.filter((s) => s === 503)).toHaveLength(6);
      } finally {
        p.proc.kill('SIGTERM');
      }
      expect(await p.exited).toBe(0);
    },
    60_000,
  );
});

describe('WORKERS=2: graceful restart and start-up failures', () => {
  it('SIGHUP replaces the workers one at a time: requests in flight all answered, none refused', async () => {
    const dir = dataDir();
    const store = await createStore({ dataDir: dir, redisUrl: null }, { warn: () => {} });
    const key = await createKey(store, 'acme');
    await store.close();
    const { p, port } = await twoWorkers({ DATA_DIR: dir, RATE_LIMIT_PER_MINUTE: '0' });
    try {
      const before = listening(p);
      let running = true;
      const statuses: (number | string)[] = [];
      // Four clients, each a new connection per request, for the whole restart.
      const clients = Array.from({ length: 4 }, async (_, c) => {
        for (let i = 0; running; i++) statuses.push(await get(port, timeAt(c * 10_000 + i), key, false).catch((e: NodeJS.ErrnoException) => e.code ?? 'error'));
      });
      await until('requests flowing', p, () => (statuses.length > 20 ? true : undefined));
      p.proc.kill('SIGHUP');
      await until('restart done', p, () => (lines(p.out()).some((l) => l.message === 'SIGHUP: restart done') ? true : undefined), 60_000);
      const sentDuring = statuses.length;
      await until('requests after', p, () => (statuses.length > sentDuring + 20 ? true : undefined));
      running = false;
      await Promise.all(clients);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const after = listening(p).slice(2);
      expect(after).toHaveLength(2);
      expect(after.some((pid) => before.includes(pid))).toBe(false);
      expect(lines(p.out()).find((l) => l.message === 'SIGHUP: restart done')).toMatchObject({ replaced: 2 });
      expect(lines(p.err()).filter((l) => l.message === 'server process exited unexpectedly; restarting it')).toEqual([]);
    } finally {
      p.proc.kill('SIGTERM');
    }
    expect(await p.exited).toBe(0);
  }, 120_000);

  it('a bad WORKERS stops with one line naming it', async () => {
    const p = startPrimary({ WORKERS: '0', DATA_DIR: dataDir() });
    expect(await p.exited).toBe(1);
    expect(p.err()).toBe('Invalid setting WORKERS: must be a whole number 1..64 (got "0")\n');
  });

  it('a busy port stops with one line naming PORT and a fix, printed once for both workers', async () => {
    const port = await freePort();
    const taken = createServer().listen(port, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    try {
      const p = startPrimary({ WORKERS: '2', PORT: String(port), DATA_DIR: dataDir(), TIME_API_KEYS: 'acme:start-failure-key-0123' });
      expect(await p.exited).toBe(1);
      expect(p.out()).toBe('');
      expect(p.err()).toBe(
        `Cannot listen on 127.0.0.1 port ${port} (PORT): the address is already in use. Start on another port: PORT=${port + 1} npm start\n`,
      );
    } finally {
      taken.close();
    }
  }, 30_000);
});
