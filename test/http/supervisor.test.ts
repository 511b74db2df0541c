/**
 * `npm start`'s supervisor (http/supervisor.ts) over real processes: compiled as npm start compiles it,
 * started with npm start's node flags, its serving process killed for real. It brings the API back and
 * logs the crash once, keeps what was flushed, backs off from a crash loop, stops on SIGTERM with every
 * count stored, and a start-up failure stops it with its one line.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCredit, createKey } from '../../http/accounts.ts';
import { createStore } from '../../http/store/index.ts';
import { freePort } from '../helpers.ts';
import { npmStartCommand, npmStartFlags } from '../serve.ts';

const ROOT = join(import.meta.dirname, '..', '..');
// Inside the project: the compiled files import packages from its node_modules.
const OUT = join(ROOT, '.build', `test-supervisor-${process.pid}`);
/** The command npm start ends with (package.json), its entry moved to this test's build. */
const START = npmStartCommand();
const FLAGS = npmStartFlags();
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tca-supervisor-'));
  dirs.push(dir);
  return dir;
};

beforeAll(() => {
  expect(START.at(-1)).toBe('.build/http/supervisor.js');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-place-index', '--outdir', relative(ROOT, OUT)], { cwd: ROOT, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
});
afterAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Supervisor {
  proc: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

/** `detached`: a process group of its own, as a terminal gives `npm start` (Ctrl-C signals the whole group). */
function startSupervisor(env: Record<string, string>, detached = false): Supervisor {
  const proc = spawn(process.execPath, [...FLAGS, join(OUT, 'http/supervisor.js')], {
    cwd: ROOT,
    detached,
    env: { ...process.env, LOG_FORMAT: 'json', PLACE_INDEXES: 'on-demand', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d) => {
    out += d;
  });
  proc.stderr!.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, out: () => out, err: () => err, exited };
}

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const listeningPids = (s: Supervisor) => jsonLines(s.out()).flatMap((l) => (String(l.message).startsWith('listening on') ? [l.pid as number] : []));
const crashLines = (s: Supervisor) => jsonLines(s.err()).filter((l) => l.message === 'server process exited unexpectedly; restarting it');

async function until<T>(what: string, s: Supervisor, check: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s\n${s.out()}\n${s.err()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the supervisor over a real server', { timeout: 60_000 }, () => {
  const dir = dataDir();
  let key: string;
  let base: string;
  let port: number;
  let sup: Supervisor;
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: res.status, body: (await res.json()) as Record<string, Record<string, unknown>> };
  };
  let n = 0;
  /** One charged calculation (a new instant each, so none is a cache hit). */
  const calculate = async () => expect((await get(`/v1/time?lat=27.7172&lon=85.324&at=2026-01-15T00:${String(n++).padStart(2, '0')}:00Z`)).status).toBe(200);
  /** What the store holds on disk: acme's credit balance and usage this month, read by a store of our own. */
  const stored = async () => {
    const store = await createStore({ dataDir: dir, redisUrl: null });
    try {
      let usage = 0;
      for (const k of await store.mounts.usage.list()) usage += await store.counter('usage', k);
      return { balance: await store.counter('credits', 'balance:acme'), usage };
    } finally {
      await store.close();
    }
  };
  const account = async () => ({
    balance: (await get('/v1/account/credits')).body.credits.balance,
    usage: (await get('/v1/account/usage')).body.usage.total_requests,
  });

  beforeAll(async () => {
    const store = await createStore({ dataDir: dir, redisUrl: null });
    key = await createKey(store, 'acme');
    await addCredit(store, 'acme', 100);
    await store.close();
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    sup = startSupervisor({ PORT: String(port), DATA_DIR: dir, TIME_API_KEYS: '', RATE_LIMIT_PER_MINUTE: '0' });
    await until('healthy', sup, async () => ((await fetch(`${base}/health`).catch(() => null))?.ok ? true : undefined));
  });
  afterAll(() => {
    if (sup.proc.exitCode === null) sup.proc.kill('SIGKILL');
    for (const pid of listeningPids(sup)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('serves from a worker process of its own that has npm start’s heap limit; the primary imports nothing but Node', () => {
    const [pid] = listeningPids(sup);
    expect(pid).not.toBe(sup.proc.pid);
    expect(FLAGS).toContain('--max-old-space-size=192');
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining(FLAGS));
    // and the environment http/process-env.ts gives it (glibc's malloc arenas), the operator's value first
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '2'}`);
    // Node's modules, and the chunk of the rate-limit log it keeps for the workers (which imports Node's alone).
    const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\bfrom\s*"([^"]+)"|\bimport\s*\(?\s*"([^"]+)"/g)].map((m) => m[1] ?? m[2]);
    const imports = importsOf(join(OUT, 'http/supervisor.js'));
    expect(imports.length).toBeGreaterThan(0);
    const chunks = imports.filter((spec) => spec.startsWith('../chunk-'));
    expect(imports.filter((spec) => !spec.startsWith('node:') && !chunks.includes(spec))).toEqual([]);
    for (const chunk of chunks) expect(importsOf(join(OUT, 'http', chunk)).filter((spec) => !spec.startsWith('node:'))).toEqual([]);
  });

  it('brings the API back after the worker is killed, logs it once, and keeps the counts already flushed', async () => {
    for (let i = 0; i < 5; i++) await calculate();
    // Counts reach the files within a second (the store's flush); wait until they are there.
    await until('flushed', sup, async () => ((await stored()).balance === 95 ? true : undefined));
    const [pid] = listeningPids(sup);
    process.kill(pid, 'SIGKILL');
    const next = await until('a new worker listening', sup, () => listeningPids(sup)[1]);
    expect(next).not.toBe(pid);
    await until('healthy again', sup, async () => ((await fetch(`${base}/health`).catch(() => null))?.ok ? true : undefined));
    expect(await account()).toEqual({ balance: 95, usage: 5 }); // neither lost nor counted twice
    expect(crashLines(sup)).toEqual([
      expect.objectContaining({ level: 'error', pid, exit_code: null, signal: 'SIGKILL', restarts: 1, restart_in_ms: 500, uptime_s: expect.any(Number) }),
    ]);
  });

  it('backs off from a worker that fails at once on start, and serves again once it can', async () => {
    const [, pid] = listeningPids(sup);
    process.kill(pid, 'SIGKILL');
    // Take the port as soon as the killed worker lets go of it (the restart waits 500 ms): every new worker fails.
    const squatter = await until(
      'port taken',
      sup,
      () =>
        new Promise<Server | undefined>((resolve) => {
          const s = createServer();
          s.once('error', () => resolve(undefined)).listen(port, '127.0.0.1', () => resolve(s));
        }),
    );
    const crashes = await until('two failed restarts', sup, () => (crashLines(sup).length >= 4 ? crashLines(sup) : undefined), 30_000);
    await new Promise<void>((resolve) => squatter.close(() => resolve()));
    // Each delay twice the one before: a worker dying at once costs one start every 1, 2, 4 s …, not a spinning CPU.
    expect(crashes.slice(1).map((l) => [l.exit_code, l.signal, l.restarts, l.restart_in_ms])).toEqual([
      [null, 'SIGKILL', 2, 1000],
      [1, null, 3, 2000],
      [1, null, 4, 4000],
    ]);
    expect(sup.err()).toContain(
      `Cannot listen on 127.0.0.1 port ${port} (PORT): the address is already in use. Start on another port: PORT=${port + 1} npm start`,
    );
    await until('healthy again', sup, async () => ((await fetch(`${base}/health`).catch(() => null))?.ok ? true : undefined), 20_000);
    expect(await account()).toEqual({ balance: 95, usage: 5 });
  });

  it('passes SIGTERM on: the worker stops gracefully, every count is stored, and the supervisor exits 0', async () => {
    await calculate();
    await calculate();
    const crashes = crashLines(sup).length;
    const pid = listeningPids(sup).at(-1)!;
    sup.proc.kill('SIGTERM');
    expect(await sup.exited).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(crashLines(sup)).toHaveLength(crashes);
    expect(sup.out()).toContain('"message":"SIGTERM: closing, finishing in-flight requests"');
    expect(await stored()).toEqual({ balance: 93, usage: 7 });
  });
});

describe('signals to the worker', { timeout: 30_000 }, () => {
  const dir = dataDir();
  let key: string;
  let base: string;
  let sup: Supervisor;
  const calculate = async (lon: number) =>
    expect((await fetch(`${base}/v1/time?lat=1&lon=${lon}&at=2026-01-15T00:00:00Z`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  const balance = async () => {
    const store = await createStore({ dataDir: dir, redisUrl: null });
    try {
      return await store.counter('credits', 'balance:acme');
    } finally {
      await store.close();
    }
  };

  beforeAll(async () => {
    const store = await createStore({ dataDir: dir, redisUrl: null });
    key = await createKey(store, 'acme');
    await addCredit(store, 'acme', 100);
    await store.close();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    sup = startSupervisor({ PORT: String(port), DATA_DIR: dir, TIME_API_KEYS: '', RATE_LIMIT_PER_MINUTE: '0' }, true);
    await until('healthy', sup, async () => ((await fetch(`${base}/health`).catch(() => null))?.ok ? true : undefined));
  });
  afterAll(() => {
    if (sup.proc.exitCode === null) process.kill(-sup.proc.pid!, 'SIGKILL');
  });

  it('SIGTERM to the worker alone is a graceful restart: its counts are stored, its exit logged, a new worker serves', async () => {
    for (let i = 0; i < 3; i++) await calculate(i);
    const [pid] = listeningPids(sup);
    process.kill(pid, 'SIGTERM');
    await until('a new worker listening', sup, () => listeningPids(sup)[1]);
    expect(await balance()).toBe(97);
    expect(crashLines(sup)).toEqual([expect.objectContaining({ pid, exit_code: 0, signal: null, restarts: 1, restart_in_ms: 500 })]);
  });

  it('Ctrl-C reaches the supervisor and the worker at once: the worker still stores every count, and both exit 0', async () => {
    for (let i = 0; i < 3; i++) await calculate(10 + i);
    process.kill(-sup.proc.pid!, 'SIGINT'); // the whole group, as a terminal does; the supervisor passes its own on too
    expect(await sup.exited).toBe(0);
    expect(await balance()).toBe(94);
    expect(crashLines(sup)).toHaveLength(1);
  });
});

describe('a start-up failure stops the supervisor with the server’s one line, restarting nothing', () => {
  it('an invalid setting', async () => {
    const s = startSupervisor({ PORT: 'eighty', DATA_DIR: dataDir() });
    expect(await s.exited).toBe(1);
    expect(s.out()).toBe('');
    expect(s.err()).toBe('Invalid setting PORT: must be a whole number 1..65535 (got "eighty")\n');
  });

  it('a port already in use', async () => {
    const port = await freePort();
    const taken = createServer().listen(port, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    try {
      const s = startSupervisor({ PORT: String(port), DATA_DIR: dataDir(), TIME_API_KEYS: 'acme:start-failure-key-0123' });
      expect(await s.exited).toBe(1);
      expect(s.out()).toBe('');
      expect(s.err()).toBe(
        `Cannot listen on 127.0.0.1 port ${port} (PORT): the address is already in use. Start on another port: PORT=${port + 1} npm start\n`,
      );
    } finally {
      taken.close();
    }
  }, 30_000);
});
