/**
 * `npm run bench`: starts the API (cache off, explicit `at`) and a hello-world h3 app in the same run,
 * measures both with autocannon, and prints req/s, p50/p99 latency and the ratio to the baseline, plus
 * the time from spawn to a healthy /health. Targets (issues 2 and 13): GET /v1/time ≥ 50% of the baseline's
 * req/s; GET /v1/time/convert ≥ 50% of GET /v1/time's; POST /v1/time/batch (100 points) p50 < 5 ms; healthy within 1.5 s of spawn.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { jsonRequestLogger } from '../http/middleware/request-log.ts';
import net from 'node:net';
import autocannon from 'autocannon';
import { find } from 'geo-tz/all';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEY = 'bench-key-0123456789abcdef';
const AT = '2026-07-01T12:00:00Z';

/**
 * On a machine with two or more cores, the load generator runs on core 0 and every server under test
 * on core 1 (the baseline and the API alike), so neither steals the other's CPU and runs compare.
 */
const PIN = availableParallelism() >= 2 && spawnSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' }).status === 0;
const serverCommand = (args: string[]): [string, string[]] => (PIN ? ['taskset', ['-c', '1', process.execPath, ...args]] : [process.execPath, args]);

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address() as net.AddressInfo; s.close(() => resolve(port)); });
});

/** mulberry32: a fixed-seed generator, so every run asks the same coordinates. */
function prng(seed: number) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function landPoints(count: number, seed = 42): { lat: number; lon: number }[] {
  const rand = prng(seed);
  const out: { lat: number; lon: number }[] = [];
  while (out.length < count) {
    // Uniform on the sphere between 60°S and 75°N, where nearly everybody lives.
    const lat = (Math.asin(rand() * (Math.sin(75 * Math.PI / 180) + Math.sin(60 * Math.PI / 180)) - Math.sin(60 * Math.PI / 180)) * 180) / Math.PI;
    const lon = rand() * 360 - 180;
    const zones = find(lat, lon);
    if (!zones.every((z) => z.startsWith('Etc/'))) out.push({ lat: Number(lat.toFixed(5)), lon: Number(lon.toFixed(5)) });
  }
  return out;
}

// Every server runs as `npm start` runs the API: compiled once by scripts/build-server.mjs (esbuild)
// and started as plain JavaScript, the hello-world baseline included.
const SERVERS = ['http/server.ts', 'bench/hello.ts', 'bench/api-without-logs.ts'];
if (spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', '.build/bench', ...SERVERS], { stdio: 'inherit' }).status !== 0) process.exit(1);
const built = (script: string) => `.build/bench/${script.replace(/\.ts$/, '.js')}`;

// BENCH_AGAINST=<git revision>: that revision's API, built from a worktree of it (under .cache/, with this
// checkout's node_modules), answers the same GET /v1/time requests in the same rounds, so "before" and
// "now" are measured side by side on the same machine state.
const AGAINST = process.env.BENCH_AGAINST;
let againstServer: string | null = null;
if (AGAINST) {
  const dir = join('.cache', 'bench-against', AGAINST.replace(/[^A-Za-z0-9._-]/g, '_'));
  if (!existsSync(dir) && spawnSync('git', ['worktree', 'add', '--detach', dir, AGAINST], { stdio: 'inherit' }).status !== 0) process.exit(1);
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  if (spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', '.build/bench'], { cwd: dir, stdio: 'inherit' }).status !== 0) process.exit(1);
  againstServer = join(dir, '.build', 'bench', 'http', 'server.js');
}

async function start(script: string, env: Record<string, string>, file = built(script)): Promise<{ proc: ChildProcess; port: number; healthyMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const [cmd, args] = serverCommand(['--enable-source-maps', file]);
  const proc = spawn(cmd, args, { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const probe = script.includes('hello') ? '/' : '/health';
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script} exited with ${proc.exitCode}`);
    try { if ((await fetch(`http://127.0.0.1:${port}${probe}`)).status === 200) break; } catch { /* not yet listening */ }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { proc, port, healthyMs: performance.now() - t0 };
}

interface Row {
  name: string; rps: number; p50: number; p99: number; errors: number; runs: number[]; cpuUs: number | null;
  /** Every round's figures, for pooling rows measured on several processes. */
  rounds: { rps: number; p50: number; p99: number; cpu: number | null }[];
}
interface Scenario { name: string; opts: autocannon.Options; warmupInputs?: number; pid?: number }

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The middle value; for an even count, the mean of the two middle values (not the upper one). */
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Every scenario is warmed up first (not counted): one second, or, when it cycles through a set of
 * inputs, one full pass over them on every connection, so every input has been seen once and the
 * server is measured in its steady state. Then ROUNDS rounds each run every scenario once, baseline included, in turn, and the
 * table reports medians: drift of a shared machine hits the baseline and the API alike.
 */
async function measureAll(scenarios: Scenario[]): Promise<Row[]> {
  for (const s of scenarios) {
    // autocannon gives each connection its own pass over the request list, from the first request on,
    // so every input is seen once when each connection makes `warmupInputs` requests.
    await autocannon({ ...s.opts, connections: CONNECTIONS, ...(s.warmupInputs ? { amount: s.warmupInputs * CONNECTIONS } : { duration: 1 }) });
  }
  const results = scenarios.map(() => [] as autocannon.Result[]);
  const cpu = scenarios.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, s] of scenarios.entries()) {
      const before = cpuMs(s.pid);
      const r = await autocannon({ ...s.opts, duration: DURATION_S, connections: CONNECTIONS });
      const after = cpuMs(s.pid);
      results[i].push(r);
      if (before !== null && after !== null && r.requests.total > 0) cpu[i].push(((after - before) * 1000) / r.requests.total);
    }
  }
  return scenarios.map((s, i) => ({
    name: s.name,
    rps: median(results[i].map((r) => r.requests.average)),
    p50: median(results[i].map((r) => r.latency.p50)),
    p99: median(results[i].map((r) => r.latency.p99)),
    errors: results[i].reduce((n, r) => n + r.errors + r.non2xx, 0),
    runs: results[i].map((r) => r.requests.average),
    cpuUs: cpu[i].length ? median(cpu[i]) : null,
    rounds: results[i].map((r, k) => ({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu: cpu[i][k] ?? null })),
  }));
}

const points = landPoints(10_000);
const batchBody = JSON.stringify({ at: AT, points: points.slice(0, 100) });
// GET /v1/time/convert: 10,000 wall times (1970–2037, gaps and folds among them) between zones drawn
// from every continent, written as people write them (IANA names, links, abbreviations).
const CONVERT_ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/Vancouver', 'Africa/Casablanca',
  'Asia/Kolkata', 'America/Sao_Paulo', 'Pacific/Chatham', 'Europe/Dublin', 'Asia/Calcutta', 'US/Pacific', 'CET', 'EST', 'UTC', 'Asia/Tokyo'];
const convertRequests = (() => {
  const rand = prng(7);
  const pick = () => CONVERT_ZONES[Math.floor(rand() * CONVERT_ZONES.length)];
  const two = (n: number) => String(n).padStart(2, '0');
  return Array.from({ length: 10_000 }, () => {
    const date = `${1970 + Math.floor(rand() * 68)}-${two(1 + Math.floor(rand() * 12))}-${two(1 + Math.floor(rand() * 28))}`;
    const time = `${date}T${two(Math.floor(rand() * 24))}:${two(Math.floor(rand() * 4) * 15)}`;
    return { path: `/v1/time/convert?time=${time}&source_timezone=${encodeURIComponent(pick())}&target_timezone=${encodeURIComponent(pick())}` };
  });
})();

const apiEnv = { TIME_API_CACHE: 'off', TIME_API_KEYS: `bench:${KEY}`, RATE_LIMIT_PER_MINUTE: '0', LOG_FORMAT: 'json' };
// Time from spawn to a healthy /health: the median of three cold starts.
const startTimes: number[] = [];
for (let k = 0; k < 3; k++) {
  const probe = await start('http/server.ts', apiEnv);
  startTimes.push(probe.healthyMs);
  probe.proc.kill('SIGTERM');
  await new Promise((r) => probe.proc.once('exit', r));
}
const healthyMs = startTimes.sort((a, b) => a - b)[1];
const hello = await start('bench/hello.ts', {});
// GET /v1/time runs on TIME_PROCESSES processes of its own, measured in turn in every round and pooled:
// on a shared VM one process's CPU per request can stay 35% off another's for its whole life (where its
// memory landed), which is the process's luck, not the code's; like JMH's forks, several processes
// measure the code. Without request logs it gets one more process; batch and ephemeris share another.
const TIME_PROCESSES = Number(process.env.BENCH_TIME_PROCESSES ?? 3);
const api = await start('http/server.ts', apiEnv);
const timeApis = [];
for (let k = 0; k < TIME_PROCESSES; k++) timeApis.push(await start('http/server.ts', apiEnv));
const quiet = await start('bench/api-without-logs.ts', apiEnv);
// The revision it is compared with runs on as many processes, measured in the same rounds and pooled alike.
const againstApis = [];
if (againstServer) for (let k = 0; k < TIME_PROCESSES; k++) againstApis.push(await start('http/server.ts', apiEnv, againstServer));
const headers = { 'x-api-key': KEY };
const timeRequests = points.map((p) => ({ path: `/v1/time?lat=${p.lat}&lon=${p.lon}&at=${AT}` }));
let measured: Row[];
try {
  measured = await measureAll([
    { name: 'baseline: hello-world h3 GET /', opts: { url: `http://127.0.0.1:${hello.port}/` }, pid: hello.proc.pid },
    // A pre-built request list: autocannon builds every request once, before it starts the clock.
    ...timeApis.map((t, k) => ({
      name: `… process ${k + 1} of ${TIME_PROCESSES}`,
      opts: { url: `http://127.0.0.1:${t.port}`, headers, requests: timeRequests },
      warmupInputs: points.length,
      pid: t.proc.pid,
    })),
    {
      name: 'GET /v1/time, same, without request logs (one process)',
      pid: quiet.proc.pid,
      opts: { url: `http://127.0.0.1:${quiet.port}`, headers, requests: timeRequests },
      warmupInputs: points.length,
    },
    {
      name: 'POST /v1/time/batch (100 points)',
      pid: api.proc.pid,
      opts: { url: `http://127.0.0.1:${api.port}/v1/time/batch`, method: 'POST', body: batchBody, headers: { ...headers, 'content-type': 'application/json' } },
    },
    {
      name: 'GET /v1/time/convert (10,000 wall times and zone pairs)',
      pid: api.proc.pid,
      opts: { url: `http://127.0.0.1:${api.port}`, headers, requests: convertRequests },
      warmupInputs: convertRequests.length,
    },
    { name: 'GET /v1/astronomy/ephemeris', opts: { url: `http://127.0.0.1:${api.port}/v1/astronomy/ephemeris?date=2026-06-21`, headers }, pid: api.proc.pid },
    ...againstApis.map((t, k) => ({
      name: `… ${AGAINST} process ${k + 1} of ${TIME_PROCESSES}`,
      opts: { url: `http://127.0.0.1:${t.port}`, headers, requests: timeRequests },
      warmupInputs: points.length,
      pid: t.proc.pid,
    })),
  ]);
} finally {
  hello.proc.kill('SIGTERM');
  api.proc.kill('SIGTERM');
  for (const t of timeApis) t.proc.kill('SIGTERM');
  quiet.proc.kill('SIGTERM');
  for (const t of againstApis) t.proc.kill('SIGTERM');
}

/** Processes serving the same requests as one row: medians over every round of every process. */
function pool(name: string, perProcess: Row[]): Row {
  const rounds = perProcess.flatMap((r) => r.rounds);
  const cpu = rounds.map((r) => r.cpu).filter((c): c is number => c !== null);
  return {
    name,
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    errors: perProcess.reduce((n, r) => n + r.errors, 0),
    runs: perProcess.map((r) => r.rps),
    cpuUs: cpu.length ? median(cpu) : null,
    rounds,
  };
}
const perProcess = measured.slice(1, 1 + TIME_PROCESSES);
const pooled = pool(`GET /v1/time (10,000 land points; ${TIME_PROCESSES} processes, pooled)`, perProcess);
const others = measured.slice(1 + TIME_PROCESSES, measured.length - againstApis.length);
const againstRows = measured.slice(measured.length - againstApis.length);
const againstPooled = againstRows.length ? pool(`GET /v1/time on ${AGAINST} (BENCH_AGAINST; ${TIME_PROCESSES} processes, pooled)`, againstRows) : null;
const rows: Row[] = [measured[0], pooled, ...perProcess, ...others, ...(againstPooled ? [againstPooled, ...againstRows] : [])];

const base = rows[0].rps;
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(`\n${ROUNDS} rounds of ${DURATION_S} s per scenario (medians), ${CONNECTIONS} connections, Node ${process.version}, servers compiled as npm start runs them, ${PIN ? 'load generator on core 0, servers on core 1' : 'no CPU pinning'}, ${new Date().toISOString()}\n`);
console.log('| scenario | req/s | p50 ms | p99 ms | ratio to baseline | server CPU µs/request | errors | req/s of each round (pooled row: of each process) |');
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) console.log(`| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.rps / base, 2)} | ${r.cpuUs === null ? '–' : fmt(r.cpuUs, 1)} | ${r.errors} | ${r.runs.map((x) => fmt(x)).join(' · ')} |`);
console.log(`\nAPI healthy ${fmt(healthyMs)} ms after spawn (median of 3 starts: ${startTimes.map((t) => fmt(t)).join(', ')} ms; baseline app: ${fmt(hello.healthyMs)} ms).`);
const time = pooled, quietRow = rows[2 + TIME_PROCESSES], batch = rows[3 + TIME_PROCESSES], convert = rows[4 + TIME_PROCESSES];
// The logger's own cost per line, measured in this process (req/s differences between two servers are
// within this machine's noise), set against the server CPU one GET /v1/time costs.
const sink = jsonRequestLogger(() => {});
const line = { route: '/v1/time', method: 'GET', status: 200, latency_ms: 0.123, customer_id: 'bench', key_fingerprint: '0123456789ab', cache: 'BYPASS' };
for (let i = 0; i < 50_000; i++) sink.log(line);
const t0 = performance.now();
for (let i = 0; i < 500_000; i++) sink.log(line);
sink.flush();
const perLineUs = ((performance.now() - t0) * 1000) / 500_000;
console.log(`Request logging: ${fmt(perLineUs, 2)} µs a line${time.cpuUs ? ` = ${fmt((perLineUs / time.cpuUs) * 100, 1)}% of the ${fmt(time.cpuUs, 1)} µs of server CPU a GET /v1/time costs` : ''}; req/s with and without logs: ${fmt(time.rps)} vs ${fmt(quietRow.rps)}.`);
const checks: [string, boolean][] = [
  // The measured value beside each verdict, to more places than the table rounds to (0.4998 is a FAIL).
  [`GET /v1/time ≥ 50% of baseline req/s (measured ${fmt(time.rps / base, 4)})`, time.rps / base >= 0.5],
  [`GET /v1/time/convert ≥ 50% of GET /v1/time req/s (measured ${fmt(convert.rps / time.rps, 4)})`, convert.rps / time.rps >= 0.5],
  [`POST /v1/time/batch p50 < 5 ms (measured ${fmt(batch.p50, 1)} ms)`, batch.p50 < 5],
  [`healthy within 1.5 s of spawn (measured ${fmt(healthyMs / 1000, 2)} s)`, healthyMs < 1500],
  [`no errors (measured ${measured.reduce((n, r) => n + r.errors, 0)})`, measured.every((r) => r.errors === 0)],
];
if (againstPooled) {
  const before = againstPooled;
  const rps = time.rps / before.rps;
  const cpuRatio = time.cpuUs && before.cpuUs ? time.cpuUs / before.cpuUs : null;
  console.log(`GET /v1/time now vs ${AGAINST}: req/s ${fmt(rps, 3)}×${cpuRatio ? `, server CPU a request ${fmt(cpuRatio, 3)}×` : ''} (${TIME_PROCESSES} processes each, pooled, same rounds).`);
  checks.push([`GET /v1/time at least as fast as ${AGAINST}, within 5% (measured ${fmt(rps, 4)})`, rps >= 0.95]);
}
for (const [what, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
