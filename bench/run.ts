/**
 * `npm run bench`: starts the API (cache off, explicit `at`) and a hello-world h3 app in the same run,
 * measures both with autocannon, and prints req/s, p50/p99 latency and the ratio to the baseline, plus
 * the time from spawn to a healthy /health. Targets (issues 2, 13, 17 and 31): GET /v1/time ≥ 65% of the baseline's
 * req/s; GET /v1/time/convert ≥ 50% of GET /v1/time's; POST /v1/time/batch (100 points) p50 ≤ 2 ms; healthy within 1.5 s of spawn;
 * server time a request (CPU µs/request): GET /v1/solar/events one day < 1 ms, a 366-day table < 50 ms; GET
 * /v1/astronomy/moon one day ≤ 0.5 ms; GET /v1/astronomy/ephemeris ≤ 0.4 ms;
 * MCP tools/call ≤ 1.5× the same REST route's server CPU and ≥ 50% of its req/s (bench/mcp.ts); npm start with
 * WORKERS=2 ≥ 1.3× the req/s of WORKERS=1 on 2 cores, usage counts equal to requests sent (bench/workers.ts).
 * BENCH_ONLY=<group,...> (the keys of `groups` below, e.g. sunDay,sunYear or moonDay,moonYear) measures only those and the baseline.
 * Over 300 lines: one script read top to bottom (build, start, measure, report), like the run it does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism, cpus } from 'node:os';
import { jsonRequestLogger } from '../http/middleware/request-log.ts';
import net from 'node:net';
import autocannon from 'autocannon';
import { convertTimeRequests, landPoints } from './inputs.ts';
import { mcpCallRequests, mcpVerdicts, TAKING_BROTLI } from './mcp.ts';
import { loadPlaces, nameOf, startNodeEngine } from '../engine/index.ts';
import { processEnvDefaults } from '../http/process-env.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEY = 'bench-key-0123456789abcdef';
const AT = '2026-07-01T12:00:00Z';

/**
 * On a machine with two or more cores, the load generator runs on core 0 and every server under test
 * on core 1 (the baseline and the API alike), so neither steals the other's CPU and runs compare.
 */
const PIN = availableParallelism() >= 2 && spawnSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' }).status === 0;
/**
 * Node's flags as `npm start` gives them to the server (package.json's start script: the heap limit; its
 * supervisor passes them on to the serving process), for every server run here (run directly: the
 * supervisor passes no request on, so it would change nothing measured).
 */
const START_FLAGS = (() => {
  const start = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const flags = /\bnode ((?:--[\w-]+(?:=\S+)? )+)\.build\/http\/supervisor\.js/.exec(start)?.[1].trim().split(' ');
  if (!flags) throw new Error('package.json: the start script no longer runs `node <flags> .build/http/supervisor.js`');
  return flags;
})();
const serverCommand = (args: string[]): [string, string[]] => {
  const all = [...START_FLAGS.filter((f) => !args.includes(f)), ...args];
  return PIN ? ['taskset', ['-c', '1', process.execPath, ...all]] : [process.execPath, all];
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

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
  // The environment npm start's supervisor gives each API process (http/process-env.ts), then the run's own.
  const proc = spawn(cmd, args, {
    env: { ...process.env, ...processEnvDefaults(), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const probe = script.includes('hello') ? '/' : '/health';
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script} exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${probe}`)).status === 200) break;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { proc, port, healthyMs: performance.now() - t0 };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  runs: number[];
  cpuUs: number | null;
  /** Every round's figures, for pooling rows measured on several processes. */
  rounds: { rps: number; p50: number; p99: number; cpu: number | null }[];
}
interface Scenario {
  name: string;
  opts: autocannon.Options;
  warmupInputs?: number;
  pid?: number;
}

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
const convertRequests = convertTimeRequests();
// GET /v1/solar/events: one local day at 1,000 of the land points, and a 366-day table at 20 of them.
const sunDayRequests = points.slice(0, 1000).map((p) => ({ path: `/v1/solar/events?lat=${p.lat}&lon=${p.lon}&date=2026-06-21` }));
const sunYearRequests = points.slice(0, 20).map((p) => ({ path: `/v1/solar/events?lat=${p.lat}&lon=${p.lon}&date=2026-01-01&days=366` }));
// GET /v1/astronomy/moon: the same, for moonrise, moonset, transit and phase.
const moonDayRequests = points.slice(0, 1000).map((p) => ({ path: `/v1/astronomy/moon?lat=${p.lat}&lon=${p.lon}&date=2026-06-21` }));
const moonYearRequests = points.slice(0, 20).map((p) => ({ path: `/v1/astronomy/moon?lat=${p.lat}&lon=${p.lon}&date=2026-01-01&days=366` }));

// Place names: 1,000 GeoNames places drawn by population (as people ask: big places more often), by their
// name, the way an agent passes them, searched (GET /v1/geo/places) and used as place= on GET /v1/time.
startNodeEngine(false); // the engine over node_modules' data (engine/start.ts), its places index among them
const placeIndex = await loadPlaces();
const placeQueries = (() => {
  const out: string[] = [];
  let state = 42;
  const rand = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const big = [...placeIndex.population.keys()].filter((i) => placeIndex.population[i] >= 15_000);
  while (out.length < 1000) out.push(nameOf(placeIndex, big[Math.floor(rand() * big.length)]));
  return out;
})();
const placeSearchRequests = placeQueries.map((q) => ({ path: `/v1/geo/places?q=${encodeURIComponent(q)}` }));
const timePlaceRequests = placeQueries.map((q) => ({ path: `/v1/time?place=${encodeURIComponent(q)}&at=${AT}` }));

// POST /v1/time/meeting at its worst: 20 participants, 31 days, 15-minute steps (issue 19: well within 50 ms).
// Holidays off: twenty countries' holidays across a new year are more work than one call may buy
// (engine/work.ts refuses it before any work); what they cost is bench/work.ts's.
const MEETING_ZONES = [
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Kolkata',
  'America/New_York',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Australia/Sydney',
  'America/Sao_Paulo',
  'Africa/Johannesburg',
  'Asia/Singapore',
  'Europe/Paris',
  'America/Chicago',
  'Asia/Dubai',
  'Europe/Madrid',
  'America/Mexico_City',
  'Asia/Shanghai',
  'Pacific/Auckland',
  'Europe/Warsaw',
  'America/Toronto',
  'Asia/Seoul',
];
const meetingBody = JSON.stringify({
  participants: MEETING_ZONES.map((timezone, i) => ({
    timezone,
    work_start: i % 3 ? '08:00' : '22:00',
    work_end: i % 3 ? '18:30' : '06:00',
    workdays: [1, 2, 3, 4, 5, 6, 7],
  })),
  start_date: '2026-12-15',
  end_date: '2027-01-14',
  step_minutes: 15,
  duration_minutes: 15,
  respect_holidays: false,
  limit: 50,
});

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
// measure the code. Without request logs it gets one more process; batch, convert and ephemeris share
// another, except in an A/B run (below).
const TIME_PROCESSES = Number(process.env.BENCH_TIME_PROCESSES ?? 3);
const api = await start('http/server.ts', apiEnv);
const timeApis = [];
for (let k = 0; k < TIME_PROCESSES; k++) timeApis.push(await start('http/server.ts', apiEnv));
const quiet = await start('bench/api-without-logs.ts', apiEnv);
// MCP's tools/call and the REST route of the same calculation, on a process of their own (bench/mcp.ts).
const mcpApi = await start('http/server.ts', apiEnv);
// The revision it is compared with runs on as many processes, measured in the same rounds and pooled
// alike; then batch and convert run on those processes of both builds too, so they compare as pooled rows.
const againstApis = [];
if (againstServer) for (let k = 0; k < TIME_PROCESSES; k++) againstApis.push(await start('http/server.ts', apiEnv, againstServer));
const headers = { 'x-api-key': KEY };
const timeRequests = points.map((p) => ({ path: `/v1/time?lat=${p.lat}&lon=${p.lon}&at=${AT}` }));
type Server = Awaited<ReturnType<typeof start>>;
// A pre-built request list: autocannon builds every request once, before it starts the clock.
const timeOn = (t: Server, name: string): Scenario => ({
  name,
  pid: t.proc.pid,
  opts: { url: `http://127.0.0.1:${t.port}`, headers, requests: timeRequests },
  warmupInputs: points.length,
});
const batchOn = (t: Server, name: string): Scenario => ({
  name,
  pid: t.proc.pid,
  opts: { url: `http://127.0.0.1:${t.port}/v1/time/batch`, method: 'POST', body: batchBody, headers: { ...headers, 'content-type': 'application/json' } },
});
const convertOn = (t: Server, name: string): Scenario => ({
  name,
  pid: t.proc.pid,
  opts: { url: `http://127.0.0.1:${t.port}`, headers, requests: convertRequests },
  warmupInputs: convertRequests.length,
});
const onEach = (servers: Server[], scenario: (t: Server, name: string) => Scenario, label = '') =>
  servers.map((t, k) => scenario(t, `… ${label}process ${k + 1} of ${servers.length}`));
const pairServers = againstApis.length ? timeApis : [api];
const groups = {
  baseline: [{ name: 'baseline: hello-world h3 GET /', opts: { url: `http://127.0.0.1:${hello.port}/` }, pid: hello.proc.pid }],
  time: onEach(timeApis, timeOn),
  quiet: [timeOn(quiet, 'GET /v1/time, same, without request logs (one process)')],
  batch: pairServers.length > 1 ? onEach(pairServers, batchOn) : [batchOn(api, 'POST /v1/time/batch (100 points)')],
  convert: pairServers.length > 1 ? onEach(pairServers, convertOn) : [convertOn(api, 'GET /v1/time/convert (10,000 wall times and zone pairs)')],
  ephemeris: [
    { name: 'GET /v1/astronomy/ephemeris', opts: { url: `http://127.0.0.1:${api.port}/v1/astronomy/ephemeris?date=2026-06-21`, headers }, pid: api.proc.pid },
  ],
  sunDay: [
    {
      name: 'GET /v1/solar/events, one day (1,000 land points)',
      opts: { url: `http://127.0.0.1:${api.port}`, headers, requests: sunDayRequests },
      warmupInputs: sunDayRequests.length,
      pid: api.proc.pid,
    },
  ],
  sunYear: [
    {
      name: 'GET /v1/solar/events, 366 days (20 land points)',
      opts: { url: `http://127.0.0.1:${api.port}`, headers, requests: sunYearRequests },
      warmupInputs: sunYearRequests.length,
      pid: api.proc.pid,
    },
  ],
  moonDay: [
    {
      name: 'GET /v1/astronomy/moon, one day (1,000 land points)',
      opts: { url: `http://127.0.0.1:${api.port}`, headers, requests: moonDayRequests },
      warmupInputs: moonDayRequests.length,
      pid: api.proc.pid,
    },
  ],
  moonYear: [
    {
      name: 'GET /v1/astronomy/moon, 366 days (20 land points)',
      opts: { url: `http://127.0.0.1:${api.port}`, headers, requests: moonYearRequests },
      warmupInputs: moonYearRequests.length,
      pid: api.proc.pid,
    },
  ],
  places: [
    {
      name: 'GET /v1/geo/places (1,000 GeoNames names of 15,000+ people)',
      opts: { url: `http://127.0.0.1:${api.port}`, headers, requests: placeSearchRequests },
      warmupInputs: placeSearchRequests.length,
      pid: api.proc.pid,
    },
  ],
  timePlace: [
    {
      name: 'GET /v1/time?place= (the same 1,000 names)',
      opts: { url: `http://127.0.0.1:${api.port}`, headers, requests: timePlaceRequests },
      warmupInputs: timePlaceRequests.length,
      pid: api.proc.pid,
    },
  ],
  meeting: [
    {
      name: 'POST /v1/time/meeting (20 participants, 31 days, 15-minute steps)',
      opts: {
        url: `http://127.0.0.1:${api.port}/v1/time/meeting`,
        method: 'POST' as const,
        body: meetingBody,
        headers: { ...headers, 'content-type': 'application/json' },
      },
      pid: api.proc.pid,
    },
  ],
  mcp: [
    timeOn(mcpApi, 'GET /v1/time (10,000 land points), beside the MCP row'),
    {
      name: 'POST /mcp tools/call get_local_time (the same 10,000 points)',
      pid: mcpApi.proc.pid,
      opts: { url: `http://127.0.0.1:${mcpApi.port}`, headers, requests: mcpCallRequests(points, AT, headers) },
      warmupInputs: points.length,
    },
    {
      name: 'POST /mcp tools/call, the same, the client taking brotli (results compressed)',
      pid: mcpApi.proc.pid,
      opts: { url: `http://127.0.0.1:${mcpApi.port}`, headers, requests: mcpCallRequests(points, AT, { ...headers, ...TAKING_BROTLI }) },
      warmupInputs: points.length,
    },
  ],
  againstTime: onEach(againstApis, timeOn, `${AGAINST} `),
  againstBatch: onEach(againstApis, batchOn, `${AGAINST} `),
  againstConvert: onEach(againstApis, convertOn, `${AGAINST} `),
  /** npm start with WORKERS=1 and 2: bench/workers.ts measures it after the rest, on every core. */
  workers: [] as Scenario[],
  /** The stdio MCP server's start-up and RSS (issues 29, 31): bench/mcp-start.ts, run after the rest. */
  mcpStart: [] as Scenario[],
  /** A newcomer's `git clone` → healthy `/health` with an empty npm cache (issue 31): bench/fresh-start.ts, of HEAD. */
  freshStart: [] as Scenario[],
};
// BENCH_ONLY: the groups named and the baseline (the ratio column's reference); their rows and targets are
// printed, and docs/benchmark.md, which holds the whole run's report, is left as it is.
const ONLY = process.env.BENCH_ONLY ? new Set(['baseline', ...process.env.BENCH_ONLY.split(',').map((g) => g.trim())]) : null;
const chosen = Object.entries(groups).filter(([group]) => !ONLY || ONLY.has(group));
let measured: Row[];
const memoryOf = (pid: number | undefined) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
};
let memory: { rss: number; peak: number } | null = null;
try {
  const unknown = [...(ONLY ?? [])].filter((g) => !(g in groups));
  if (unknown.length) throw new Error(`BENCH_ONLY: no group ${unknown.join(', ')} (groups: ${Object.keys(groups).join(', ')})`);
  measured = await measureAll(chosen.flatMap(([, scenarios]) => scenarios));
} finally {
  // The API's memory after every scenario, read before it is stopped.
  memory = memoryOf(api.proc.pid);
  for (const t of [hello, api, ...timeApis, quiet, mcpApi, ...againstApis]) t.proc.kill('SIGTERM');
}
const rowsOf: Record<string, Row[]> = Object.fromEntries(Object.keys(groups).map((group) => [group, []]));
let next = 0;
for (const [group, scenarios] of chosen) rowsOf[group] = measured.slice(next, (next += scenarios.length));

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
/** A group's row (pooled when it ran on several processes) and, under it, each process's row. */
const pooledRows = (perProcess: Row[], name: string): [Row | undefined, Row[]] =>
  perProcess.length > 1 ? [pool(`${name}; ${perProcess.length} processes, pooled)`, perProcess), perProcess] : [perProcess[0], []];
const [time, timeRows] = pooledRows(rowsOf.time, 'GET /v1/time (10,000 land points');
const [batch, batchRows] = pooledRows(rowsOf.batch, 'POST /v1/time/batch (100 points');
const [convert, convertRows] = pooledRows(rowsOf.convert, 'GET /v1/time/convert (10,000 wall times and zone pairs');
const quietRow = rowsOf.quiet[0];
const against =
  rowsOf.againstTime.length && rowsOf.againstBatch.length && rowsOf.againstConvert.length
    ? {
        time: pooledRows(rowsOf.againstTime, `GET /v1/time on ${AGAINST} (BENCH_AGAINST`) as [Row, Row[]],
        batch: pooledRows(rowsOf.againstBatch, `POST /v1/time/batch on ${AGAINST} (BENCH_AGAINST`) as [Row, Row[]],
        convert: pooledRows(rowsOf.againstConvert, `GET /v1/time/convert on ${AGAINST} (BENCH_AGAINST`) as [Row, Row[]],
      }
    : null;
const rows: Row[] = [
  rowsOf.baseline[0],
  time,
  ...timeRows,
  quietRow,
  batch,
  ...batchRows,
  convert,
  ...convertRows,
  ...rowsOf.ephemeris,
  ...rowsOf.sunDay,
  ...rowsOf.sunYear,
  ...rowsOf.moonDay,
  ...rowsOf.moonYear,
  ...rowsOf.meeting,
  ...rowsOf.places,
  ...rowsOf.timePlace,
  ...rowsOf.mcp,
  ...(against ? Object.values(against).flatMap(([pooled, each]) => [pooled, ...each]) : []),
].filter((r): r is Row => r !== undefined);

const base = rows[0].rps;
/** The report: printed, and written into docs/benchmark.md between its bench markers. */
const report: string[] = [];
const say = (line = '') => {
  console.log(line);
  report.push(line);
};
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
say(
  `${ROUNDS} rounds of ${DURATION_S} s per scenario (medians), ${CONNECTIONS} connections, Node ${process.version}, servers compiled as npm start runs them, ${PIN ? 'load generator on core 0, servers on core 1' : 'no CPU pinning'}, ${new Date().toISOString()}\n`,
);
say('| scenario | req/s | p50 ms | p99 ms | ratio to baseline | server CPU µs/request | errors | req/s of each round (pooled row: of each process) |');
say('|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows)
  say(
    `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.rps / base, 2)} | ${r.cpuUs === null ? '–' : fmt(r.cpuUs, 1)} | ${r.errors} | ${r.runs.map((x) => fmt(x)).join(' · ')} |`,
  );
say();
say(
  `API healthy ${fmt(healthyMs)} ms after spawn (median of 3 starts: ${startTimes.map((t) => fmt(t)).join(', ')} ms; baseline app: ${fmt(hello.healthyMs)} ms).`,
);
// The logger's own cost per line, measured in this process (req/s differences between two servers are
// within this machine's noise), set against the server CPU one GET /v1/time costs.
const sink = jsonRequestLogger(() => {});
const line = { route: '/v1/time', method: 'GET', status: 200, latency_ms: 0.123, customer_id: 'bench', key_fingerprint: '0123456789ab', cache: 'BYPASS' };
for (let i = 0; i < 50_000; i++) sink.log(line);
const t0 = performance.now();
for (let i = 0; i < 500_000; i++) sink.log(line);
sink.flush();
const perLineUs = ((performance.now() - t0) * 1000) / 500_000;
if (time && quietRow)
  say(
    `Request logging: ${fmt(perLineUs, 2)} µs a line${time.cpuUs ? ` = ${fmt((perLineUs / time.cpuUs) * 100, 1)}% of the ${fmt(time.cpuUs, 1)} µs of server CPU a GET /v1/time costs` : ''}; req/s with and without logs: ${fmt(time.rps)} vs ${fmt(quietRow.rps)}.`,
  );
// The measured value beside each verdict, to more places than the table rounds to (0.4998 is a FAIL).
const checks: [string, boolean][] = [];
if (rowsOf.mcp.length === 3) {
  const verdicts = mcpVerdicts(rowsOf.mcp[0], rowsOf.mcp[1], rowsOf.mcp[2]);
  for (const line of verdicts.lines) say(line);
  checks.push(...verdicts.checks);
}
// Issue 31's hot path: GET /v1/time at 65% of the baseline's req/s or more (issue 2 asked 50%).
if (time) checks.push([`GET /v1/time ≥ 65% of baseline req/s (measured ${fmt(time.rps / base, 4)})`, time.rps / base >= 0.65]);
if (time && convert)
  checks.push([`GET /v1/time/convert ≥ 50% of GET /v1/time req/s (measured ${fmt(convert.rps / time.rps, 4)})`, convert.rps / time.rps >= 0.5]);
// Issue 31: a 100-point batch at 2 ms p50 or less (issue 2 asked under 5 ms).
if (batch) checks.push([`POST /v1/time/batch p50 ≤ 2 ms (measured ${fmt(batch.p50, 1)} ms)`, batch.p50 <= 2]);
// Issues 17 and 31's figures are server time a request: CPU µs/request (with 10 connections queued on one
// core, latency is mostly waiting for the requests ahead). `atMost`: the limit itself passes (issue 31's
// wording), else only what is under it.
for (const [row, what, limitMs, atMost] of [
  [rowsOf.sunDay[0], 'GET /v1/solar/events, one day', 1, false],
  [rowsOf.sunYear[0], 'GET /v1/solar/events, 366 days', 50, false],
  [rowsOf.moonDay[0], 'GET /v1/astronomy/moon, one day', 0.5, true],
  [rowsOf.moonYear[0], 'GET /v1/astronomy/moon, 366 days', 100, false],
  [rowsOf.ephemeris[0], 'GET /v1/astronomy/ephemeris', 0.4, true],
  [rowsOf.meeting[0], 'POST /v1/time/meeting, 20 participants over 31 days', 50, false],
] as const)
  if (row)
    checks.push([
      `${what}: server CPU ${atMost ? '≤' : '<'} ${limitMs} ms a request (measured ${row.cpuUs === null ? 'nothing: no /proc' : `${fmt(row.cpuUs / 1000, 3)} ms`})`,
      row.cpuUs !== null && (atMost ? row.cpuUs <= limitMs * 1000 : row.cpuUs < limitMs * 1000),
    ]);
// Issue 18: a place search under 1 ms of server time at p50 (CPU a request: see above), GET /v1/time
// with place= within 2× of the coordinate form's req/s, and the server's memory under this load.
const placesRow = rowsOf.places[0];
const timePlaceRow = rowsOf.timePlace[0];
if (placesRow)
  checks.push([
    `GET /v1/geo/places: server CPU < 1 ms a request (measured ${placesRow.cpuUs === null ? 'nothing: no /proc' : `${fmt(placesRow.cpuUs / 1000, 3)} ms`})`,
    placesRow.cpuUs !== null && placesRow.cpuUs < 1000,
  ]);
if (timePlaceRow && time)
  checks.push([`GET /v1/time?place= ≥ 50% of GET /v1/time req/s (measured ${fmt(timePlaceRow.rps / time.rps, 4)})`, timePlaceRow.rps / time.rps >= 0.5]);
if (memory) {
  // The bench runs with the answer cache off (every request computed); the default in-process cache may
  // hold up to 64 MiB more (TIME_API_CACHE_MAX_BYTES), so the check adds its whole budget.
  say(`API process after every route above (place-name and nearby indexes loaded, answer cache off): RSS ${fmt(memory.rss)} MB, peak ${fmt(memory.peak)} MB.`);
  // Under load: the RSS after every scenario plus the whole cache budget; at start-up (the index loads,
  // the cache still empty): the peak itself.
  checks.push([`API process RSS under load + the 64 MiB answer-cache budget under 400 MB (measured ${fmt(memory.rss)} + 67 MB)`, memory.rss + 67 < 400]);
  checks.push([`API process peak RSS under 400 MB (measured ${fmt(memory.peak)} MB)`, memory.peak < 400]);
  // Issue 31: a third of the memory, read after the last scenario as above (the work pool's thread
  // included: it retires after 30 s without a call, service/work-pool.ts idleMs).
  checks.push([`API process RSS after every route ≤ 150 MB (measured ${fmt(memory.rss)} MB)`, memory.rss <= 150]);
}
checks.push(
  [`healthy within 1.5 s of spawn (measured ${fmt(healthyMs / 1000, 2)} s)`, healthyMs < 1500],
  [`no errors (measured ${measured.reduce((n, r) => n + r.errors, 0)})`, measured.every((r) => r.errors === 0)],
);
if (against && time && batch && convert) {
  for (const [now, [before], what] of [
    [time, against.time, 'GET /v1/time'],
    [batch, against.batch, 'POST /v1/time/batch'],
    [convert, against.convert, 'GET /v1/time/convert'],
  ] as const) {
    const cpuRatio = now.cpuUs && before.cpuUs ? now.cpuUs / before.cpuUs : null;
    say(
      `${what} now vs ${AGAINST}: req/s ${fmt(now.rps / before.rps, 3)}×${cpuRatio ? `, server CPU a request ${fmt(cpuRatio, 3)}×` : ''} (${TIME_PROCESSES} processes each, pooled, same rounds).`,
    );
  }
  const rps = time.rps / against.time[0].rps;
  checks.push([`GET /v1/time at least as fast as ${AGAINST}, within 5% (measured ${fmt(rps, 4)})`, rps >= 0.95]);
}
/**
 * A group measured by a script of its own, after the rest: its lines go into the report, its PASS and
 * FAIL lines among the checks (an exit without any is a failed check). npm start's WORKERS (issue 31:
 * its servers on every core; this process stays on core 0), the stdio MCP server's start-up and RSS
 * (issues 29, 31), and a newcomer's fresh start (issue 31: clone → healthy with an empty npm cache).
 */
function groupScript(group: keyof typeof groups, script: string, args: string[] = []): void {
  if (ONLY && !ONLY.has(group)) return;
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  say();
  for (const line of run.stdout.trimEnd().split('\n')) {
    if (/^(PASS|FAIL) {2}/.test(line)) checks.push([line.slice(6), line.startsWith('PASS')]);
    else if (!line.startsWith('{')) say(line);
  }
  if (run.status !== 0 && !/^(PASS|FAIL) /m.test(run.stdout)) checks.push([`${script} ran (exit ${run.status})`, false]);
}
groupScript('workers', 'bench/workers.ts');
groupScript('mcpStart', 'bench/mcp-start.ts');
groupScript('freshStart', 'bench/fresh-start.ts', [process.env.FRESH_START_ROUNDS ?? '3']);
for (const [what, ok] of checks) say(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;

// docs/benchmark.md keeps the last run's report, written here from the results (never by hand).
const DOC = 'docs/benchmark.md';
const doc = readFileSync(DOC, 'utf8');
const [open, close] = [doc.indexOf('<!-- bench:start -->'), doc.indexOf('<!-- bench:end -->')];
if (ONLY) console.log(`\nBENCH_ONLY: ${DOC} left as it is (it holds the whole run's report).`);
else if (open >= 0 && close > open) {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`; // not availableParallelism(): the bench pins itself to one core
  const lines = [
    `Written by \`npm run bench\`${AGAINST ? ` with \`BENCH_AGAINST=${AGAINST}\`` : ''} on ${machine}:`,
    '',
    ...report.map((l) => (/^(PASS|FAIL) /.test(l) ? `- ${l}` : l)),
  ];
  writeFileSync(DOC, `${doc.slice(0, open)}<!-- bench:start -->\n${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n${doc.slice(close)}`);
  console.log(`\n${DOC} updated.`);
}
