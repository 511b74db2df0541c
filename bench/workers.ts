/**
 * npm start's WORKERS (issue 31): GET /v1/time (the 10,000 land points of bench/run.ts, a provisioned
 * key, cache off, rate limit off) served by `npm start`'s supervisor with WORKERS=1 and with WORKERS=2,
 * measured in alternating rounds, and their ratio against the target: at least 1.3× on a 2-core
 * machine, where the load generator takes its share of the two cores. Then both are stopped (SIGTERM:
 * every count flushed) and each customer's usage count must equal the requests it was sent, all 200s.
 *
 * The servers may run on every core (the rest of the bench pins them to core 1); the load generator
 * stays on the core it was given. `npm run bench` runs this and puts its lines into its report; alone:
 *   node --import tsx bench/workers.ts     (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS as npm run bench;
 *   BENCH_WORKERS_RATE_LIMIT=1000000: with a rate limit, kept by the supervisor for WORKERS=2)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createKey } from '../http/accounts.ts';
import { createStore } from '../http/store/index.ts';
import { landPoints } from './inputs.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = 1.3;
/** A rate limit for the bench's customers (default 0, off); on, WORKERS=2's workers ask the supervisor for each request's. */
const RATE_LIMIT = process.env.BENCH_WORKERS_RATE_LIMIT ?? '0';
const CORES = cpus().length;
const AT = '2026-07-01T12:00:00Z';
const OUT = '.build/bench-workers';

if (spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-place-index', '--outdir', OUT], { stdio: 'inherit' }).status !== 0) process.exit(1);
const FLAGS = (() => {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  return /\bnode ((?:--[\w-]+(?:=\S+)? )+)\.build\/http\/supervisor\.js/.exec(start)![1].trim().split(' ');
})();
const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Served {
  workers: number;
  proc: ChildProcess;
  port: number;
  dataDir: string;
  key: string;
  /** Requests sent (the last of a timed run are answered after autocannon stops counting answers). */
  sent: number;
  /** Answers other than 200, and connection errors. */
  failed: number;
  rps: number[];
}

async function serve(workers: number): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-workers-${workers}-`));
  const store = await createStore({ dataDir, redisUrl: null }, { warn: () => {} });
  const key = await createKey(store, `w${workers}`);
  await store.close();
  const port = await freePort();
  const args = [...FLAGS, `${OUT}/http/supervisor.js`];
  // Every core for the servers (this process may be pinned to one: bench/run.ts pins itself to core 0).
  const [cmd, argv] = hasTaskset ? ['taskset', ['-c', `0-${CORES - 1}`, process.execPath, ...args]] : [process.execPath, args];
  const env = { ...process.env, WORKERS: String(workers), PORT: String(port), DATA_DIR: dataDir, TIME_API_KEYS: '', TIME_API_CACHE: 'off' };
  const proc = spawn(cmd, argv, { env: { ...env, RATE_LIMIT_PER_MINUTE: RATE_LIMIT, LOG_FORMAT: 'json', PLACE_INDEXES: 'on-demand' }, stdio: 'ignore' });
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null || i > 600) throw new Error(`WORKERS=${workers}: npm start did not serve`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { workers, proc, port, dataDir, key, sent: 0, failed: 0, rps: [] };
}

const requests = landPoints(10_000).map((p) => ({ path: `/v1/time?lat=${p.lat}&lon=${p.lon}&at=${AT}` }));
const run = async (s: Served, opts: Partial<autocannon.Options>) => {
  const r = await autocannon({ url: `http://127.0.0.1:${s.port}`, headers: { 'x-api-key': s.key }, requests, connections: CONNECTIONS, ...opts });
  s.sent += r.requests.sent;
  s.failed += r.non2xx + r.errors;
  return r;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const one = await serve(1);
const two = await serve(2);
for (const s of [one, two]) await run(s, { amount: requests.length * 2 }); // warm-up: every point seen by both workers
for (let round = 0; round < ROUNDS; round++) for (const s of [one, two]) s.rps.push((await run(s, { duration: DURATION_S })).requests.average);

/** Stops a server as npm start is stopped (every count flushed) and reads its customer's usage. */
async function usageAfterStop(s: Served): Promise<number> {
  const exited = new Promise((resolve) => s.proc.once('exit', resolve));
  s.proc.kill('SIGTERM');
  await exited;
  const store = await createStore({ dataDir: s.dataDir, redisUrl: null }, { warn: () => {} });
  const usage = Object.values(await store.counters('usage', `w${s.workers}`)).reduce((a, b) => a + b, 0);
  await store.close();
  rmSync(s.dataDir, { recursive: true, force: true });
  return usage;
}
const usage = [await usageAfterStop(one), await usageAfterStop(two)];

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const ratio = median(two.rps) / median(one.rps);
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `npm start's WORKERS (bench/workers.ts): GET /v1/time, ${ROUNDS} alternating rounds of ${DURATION_S} s, ${CONNECTIONS} connections, rate limit ${RATE_LIMIT === '0' ? 'off' : `${RATE_LIMIT}/min`}, servers on all ${CORES} cores, load average after: ${load}`,
);
console.log('');
console.log('| WORKERS | req/s (median) | req/s of each round | requests sent | not 200 | usage counted |');
console.log('|---:|---:|---|---:|---:|---:|');
for (const [i, s] of [one, two].entries())
  console.log(`| ${s.workers} | ${fmt(median(s.rps))} | ${s.rps.map((r) => fmt(r)).join(' · ')} | ${fmt(s.sent)} | ${fmt(s.failed)} | ${fmt(usage[i])} |`);
console.log('');
const target = CORES === 2 ? TARGET : null;
const fast = target === null || ratio >= target;
const goal = target ? `target ≥ ${TARGET}× on 2 cores` : `no target on ${CORES} cores`;
console.log(`${fast ? 'PASS' : 'FAIL'}  WORKERS=2 serves ${fmt(ratio, 2)}× the req/s of WORKERS=1 (${goal})`);
const counted = usage[0] === one.sent && usage[1] === two.sent && one.failed + two.failed === 0;
console.log(
  `${counted ? 'PASS' : 'FAIL'}  usage counts equal the requests sent, all answered 200, with 1 and with 2 workers (${fmt(usage[0])}/${fmt(one.sent)}, ${fmt(usage[1])}/${fmt(two.sent)})`,
);
process.exitCode = counted && fast ? 0 : 1;
