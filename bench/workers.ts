/**
 * npm start's WORKERS (issue 31): GET /v1/time (the 10,000 land points of bench/run.ts, a provisioned
 * key, cache off, rate limit off) served by `npm start`'s supervisor with WORKERS=1 and with WORKERS=2,
 * measured in alternating rounds, and their ratio against the target: at least 1.3× on a 2-core
 * machine, where the load generator takes its share of the two cores. Then both are stopped (SIGTERM:
 * every count flushed) and each customer's usage count must equal the requests it was sent, all 200s.
 *
 * The load comes from bench/load.ts (raw keep-alive sockets, answers counted from their status line and
 * length), the same for both: autocannon spends more than half the CPU on a request that the server does, so on
 * two cores it, not the second worker, set the pace. Both generators' CPU a request is measured and
 * printed, autocannon's in one round of its own on each server (its requests are counted in the usage
 * check too), with the servers' CPU a request and what those costs allow on 2, 4 and 8 cores.
 *
 * The servers may run on every core (the rest of the bench pins them to core 1); the load generator
 * runs on core 0. `npm run bench` runs this and puts its lines into its report; alone:
 *   node --import tsx bench/workers.ts     (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS as npm run bench;
 *   BENCH_PIPELINING: requests in flight a connection, default 4; BENCH_WORKERS_RATE_LIMIT=1000000: with a
 *   rate limit, kept by the supervisor for WORKERS=2)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createKey } from '../http/accounts.ts';
import { createStore } from '../http/store/index.ts';
import { landPoints } from './inputs.ts';
import { load } from './load.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Four requests in flight a connection: the generator's CPU a request drops by another ~25% (one write
// and one read for several requests), and with it its share of the two cores (measured under load 13:
// 1.06× with one in flight, 1.29× with four; what the costs allow: 1.33× and 1.44×).
const PIPELINING = Number(process.env.BENCH_PIPELINING ?? 4);
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
// The load generator on core 0 (as bench/run.ts pins itself, whose child this usually is).
if (hasTaskset && CORES >= 2) spawnSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' });

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
  /** Requests sent, by either generator (every one answered: a timed run waits for those in flight). */
  sent: number;
  /** Answers other than 200, and connection errors. */
  failed: number;
  rps: number[];
  /** The servers' CPU (the supervisor and its workers) and the generator's, µs a request, each round. */
  serverUs: number[];
  generatorUs: number[];
  /** The same requests from autocannon, one round: req/s and its CPU a request. */
  autocannon?: { rps: number; generatorUs: number; serverUs: number };
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
  return { workers, proc, port, dataDir, key, sent: 0, failed: 0, rps: [], serverUs: [], generatorUs: [] };
}

const targets = landPoints(10_000).map((p) => `/v1/time?lat=${p.lat}&lon=${p.lon}&at=${AT}`);

/** CPU time (ms) of a process and every process under it (the supervisor and its workers), from /proc. */
function treeCpuMs(root: number): number {
  const stats = new Map<number, { ppid: number; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      /* gone */
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    total += stats.get(pid)?.ms ?? 0;
    for (const [child, { ppid }] of stats) if (ppid === pid) walk(child);
  };
  walk(root);
  return total;
}

const run = async (s: Served, opts: { durationMs?: number; amount?: number }) => {
  const before = treeCpuMs(s.proc.pid!);
  const r = await load({ port: s.port, targets, headers: { 'x-api-key': s.key }, connections: CONNECTIONS, pipelining: PIPELINING, ...opts });
  s.sent += r.sent;
  s.failed += r.notOk + r.errors;
  return { ...r, serverUs: r.answered ? ((treeCpuMs(s.proc.pid!) - before) * 1000) / r.answered : 0 };
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const one = await serve(1);
const two = await serve(2);
for (const s of [one, two]) await run(s, { amount: targets.length * 2 }); // warm-up: every point sent twice
for (let round = 0; round < ROUNDS; round++)
  for (const s of [one, two]) {
    const r = await run(s, { durationMs: DURATION_S * 1000 });
    s.rps.push(r.rps);
    s.serverUs.push(r.serverUs);
    s.generatorUs.push(r.generatorUs);
  }
// autocannon, the generator of the rest of the bench, one round on each: what it costs a request.
for (const s of [one, two]) {
  const before = treeCpuMs(s.proc.pid!);
  let cpu0 = process.cpuUsage();
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: `http://127.0.0.1:${s.port}`,
        headers: { 'x-api-key': s.key },
        requests: targets.map((path) => ({ path })),
        connections: CONNECTIONS,
        duration: DURATION_S,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // Its CPU from its start on (building its per-connection copies of the requests comes before).
    tracker.once('start', () => {
      cpu0 = process.cpuUsage();
    });
  });
  const used = process.cpuUsage(cpu0);
  s.sent += r.requests.sent;
  s.failed += r.non2xx + r.errors;
  s.autocannon = {
    rps: r.requests.average,
    generatorUs: (used.user + used.system) / r.requests.total,
    serverUs: ((treeCpuMs(s.proc.pid!) - before) * 1000) / r.requests.total,
  };
}

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
const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `npm start's WORKERS (bench/workers.ts): GET /v1/time, ${ROUNDS} alternating rounds of ${DURATION_S} s, ${CONNECTIONS} keep-alive connections (${PIPELINING} request${PIPELINING === 1 ? '' : 's'} in flight on each) from bench/load.ts on core 0, rate limit ${RATE_LIMIT === '0' ? 'off' : `${RATE_LIMIT}/min`}, servers on all ${CORES} cores, load average after: ${load1}`,
);
console.log('');
console.log('| WORKERS | req/s (median) | req/s of each round | server CPU µs/request | generator CPU µs/request | requests sent | not 200 | usage counted |');
console.log('|---:|---:|---|---:|---:|---:|---:|---:|');
for (const [i, s] of [one, two].entries())
  console.log(
    `| ${s.workers} | ${fmt(median(s.rps))} | ${s.rps.map((r) => fmt(r)).join(' · ')} | ${fmt(median(s.serverUs), 1)} | ${fmt(median(s.generatorUs), 1)} | ${fmt(s.sent)} | ${fmt(s.failed)} | ${fmt(usage[i])} |`,
  );
console.log('');
const ac = [one.autocannon!, two.autocannon!];
console.log(
  `The same requests from autocannon (one round each): ${fmt(ac[0].rps)} and ${fmt(ac[1].rps)} req/s (${fmt(ac[1].rps / ac[0].rps, 2)}×), its CPU ${fmt(ac[0].generatorUs, 1)} and ${fmt(ac[1].generatorUs, 1)} µs a request against bench/load.ts's ${fmt(median(one.generatorUs), 1)} and ${fmt(median(two.generatorUs), 1)}, the servers' ${fmt(ac[0].serverUs, 1)} and ${fmt(ac[1].serverUs, 1)}.`,
);
// What these costs allow. One generator process is one core's worth: at most 1/g requests a second. On
// 2 cores everything shares them: at most 2/(s + g). With more cores than workers + 1, each worker has a
// core: w/s, until the generator's 1/g caps it.
const s1 = median(one.serverUs);
const s2 = median(two.serverUs);
const g = Math.min(median(one.generatorUs), median(two.generatorUs));
const capOne = 1e6 / Math.max(s1, g);
const bound2 = Math.min(2e6 / (s2 + g), 1e6 / g, 2e6 / s2) / capOne;
const bound = (workers: number) => Math.min((workers * 1e6) / s2, 1e6 / g) / capOne;
console.log(
  `From these CPU costs (a request: ${fmt(s1, 1)} µs of server with 1 worker, ${fmt(s2, 1)} with 2, ${fmt(g, 1)} µs of generator), WORKERS=n against WORKERS=1 can reach: on 2 cores, n=2: ${fmt(bound2, 2)}× (measured ${fmt(ratio, 2)}×); on 4 cores (the generator on one, a core for each worker): n=2 ${fmt(bound(2), 2)}×, n=3 ${fmt(bound(3), 2)}×; on 8 cores: n=4 ${fmt(bound(4), 2)}×, n=7 ${fmt(bound(7), 2)}×. One generator process sends ${fmt(1e6 / g)} req/s at most: beyond that a bigger machine needs several to show more.`,
);
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
