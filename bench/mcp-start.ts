/**
 * How the stdio MCP server starts and what it holds, beside the smallest SDK server (bench/minimal-mcp.ts)
 * compiled and started the same way in the same run (scripts/build-package.mjs, as the package ships it):
 * spawn → initialize result and the first get_time_in_zone answer after it (medians of ROUNDS, the two
 * servers alternating), the CPU each used to get there, and the RSS after 200 time-zone calls (then after
 * a call that names a place, which loads the place-name index). Targets (issues 29 and 31): initialize
 * ≤ 300 ms and ≤ 3× the minimal server's, first answer ≤ 50 ms after it, RSS after 200 calls ≤ 120 MB;
 * each printed as a PASS or FAIL line. bench/run.ts runs it (group `mcpStart`) and carries its lines in
 * the report it writes into docs/benchmark.md.
 *
 *   node --import tsx bench/mcp-start.ts        (alone; npm run bench runs it through bench/run.ts; MCP_START_ROUNDS=10 by default)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const ROUNDS = Number(process.env.MCP_START_ROUNDS ?? 10);
const OUT = '.build/bench-package';
const PIN = availableParallelism() >= 2 && spawnSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' }).status === 0;

if (spawnSync(process.execPath, ['scripts/build-package.mjs', '--outdir', OUT, 'bench/minimal-mcp.ts'], { stdio: 'inherit' }).status !== 0) process.exit(1);
const SERVERS = { ours: `${OUT}/mcp/stdio.js`, minimal: `${OUT}/bench/minimal-mcp.js` };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** CPU time (user + system, ms) of a process so far, from /proc (10 ms ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory (MB) of a process now, from /proc. */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

class Session {
  readonly child: ChildProcess;
  private buffer = '';
  private waiting = new Map<number, (message: { result?: Record<string, unknown>; error?: unknown }) => void>();
  private id = 0;

  constructor(file: string) {
    const { PLACE_INDEXES: _, ...env } = process.env;
    const [cmd, args] = PIN ? ['taskset', ['-c', '1', process.execPath, file]] : [process.execPath, [file]];
    this.child = spawn(cmd, args as string[], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    this.child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      this.buffer += d;
      for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n')) {
        const message = JSON.parse(this.buffer.slice(0, nl));
        this.buffer = this.buffer.slice(nl + 1);
        this.waiting.get(message.id)?.(message);
      }
    });
  }

  request(method: string, params: Record<string, unknown>): Promise<{ result?: Record<string, unknown>; error?: unknown }> {
    const id = ++this.id;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  async initialize(): Promise<void> {
    await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    this.child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }

  call(name: string, args: Record<string, unknown>) {
    return this.request('tools/call', { name, arguments: args }) as Promise<{ result?: { isError?: boolean } }>;
  }

  async close(): Promise<void> {
    this.child.stdin?.end();
    if (this.child.exitCode === null) await new Promise((r) => this.child.once('exit', r));
  }
}

interface Start {
  initMs: number;
  initCpuMs: number;
  firstCallMs: number;
}

async function startOnce(file: string): Promise<Start> {
  const t0 = performance.now();
  const session = new Session(file);
  await session.initialize();
  const initMs = performance.now() - t0;
  const initCpuMs = cpuMs(session.child.pid as number);
  const t1 = performance.now();
  const answer = await session.call('get_time_in_zone', { timezone: 'Europe/Lisbon' });
  const firstCallMs = performance.now() - t1;
  if (answer.result?.isError) throw new Error(`${file}: the first call failed`);
  await session.close();
  return { initMs, initCpuMs, firstCallMs };
}

const ZONES = [
  'Europe/Lisbon',
  'America/New_York',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Africa/Casablanca',
  'America/Sao_Paulo',
  'Pacific/Chatham',
  'Asia/Tokyo',
];

async function memory(file: string, named: boolean): Promise<{ rss200: number; rssPlace?: number }> {
  const session = new Session(file);
  await session.initialize();
  for (let i = 0; i < 200; i++) await session.call('get_time_in_zone', { timezone: ZONES[i % ZONES.length] });
  await new Promise((r) => setTimeout(r, 1_500)); // the idle warm-up after a quiet second included
  const rss200 = rssMb(session.child.pid as number);
  let rssPlace: number | undefined;
  if (named) {
    // A place name loads the place-name index: wait until the call answers.
    for (let i = 0; i < 120 && (await session.call('get_time_in_zone', { timezone: 'Tokyo' })).result?.isError; i++)
      await new Promise((r) => setTimeout(r, 1_000));
    rssPlace = rssMb(session.child.pid as number);
  }
  await session.close();
  return { rss200, rssPlace };
}

const runs: Record<keyof typeof SERVERS, Start[]> = { ours: [], minimal: [] };
await startOnce(SERVERS.ours); // the file cache warm for both, not counted
await startOnce(SERVERS.minimal);
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 ? (['minimal', 'ours'] as const) : (['ours', 'minimal'] as const)) runs[name].push(await startOnce(SERVERS[name]));
}
const ours = await memory(SERVERS.ours, true);
const minimal = await memory(SERVERS.minimal, false);

const summary = (name: keyof typeof SERVERS) => ({
  init_ms: Math.round(median(runs[name].map((r) => r.initMs))),
  init_cpu_ms: Math.round(median(runs[name].map((r) => r.initCpuMs))),
  first_call_ms: Math.round(median(runs[name].map((r) => r.firstCallMs)) * 10) / 10,
});
const o = summary('ours');
const m = summary('minimal');
const ratio = Math.round((o.init_ms / m.init_ms) * 100) / 100;
const say = (line = '') => console.log(line);
say(`stdio MCP start-up, medians of ${ROUNDS} (spawn → initialize result; first get_time_in_zone after it)${PIN ? ', servers on core 1' : ''}:`);
say();
say('| server | initialize | CPU to initialize | first answer | RSS after 200 calls |');
say('|---|---:|---:|---:|---:|');
say(
  `| ours | ${o.init_ms} ms | ${o.init_cpu_ms} ms | ${o.first_call_ms} ms | ${ours.rss200.toFixed(0)} MB (${ours.rssPlace?.toFixed(0)} MB once a place is named) |`,
);
say(`| minimal SDK server | ${m.init_ms} ms | ${m.init_cpu_ms} ms | ${m.first_call_ms} ms | ${minimal.rss200.toFixed(0)} MB |`);
const checks: [string, boolean][] = [
  [`stdio MCP initialize ≤ 300 ms (measured ${o.init_ms} ms)`, o.init_ms <= 300],
  [`stdio MCP initialize ≤ 3× the minimal SDK server's (measured ${ratio}×)`, ratio <= 3],
  [`stdio MCP first answer ≤ 50 ms after initialize (measured ${o.first_call_ms} ms)`, o.first_call_ms <= 50],
  [
    `stdio MCP RSS after 200 time calls ≤ 120 MB (measured ${ours.rss200.toFixed(0)} MB; ${ours.rssPlace?.toFixed(0)} MB once a call names a place)`,
    ours.rss200 <= 120,
  ],
];
for (const [what, ok] of checks) say(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
console.log(
  JSON.stringify({
    mcp_start: {
      ours: { ...o, rss_200_mb: Math.round(ours.rss200), rss_place_mb: Math.round(ours.rssPlace ?? 0) },
      minimal: { ...m, rss_200_mb: Math.round(minimal.rss200) },
      ratio,
    },
  }),
);
