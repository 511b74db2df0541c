/**
 * `npm run soak`: the server as `npm start` runs it (response cache on, the default), under 50
 * connections for 5 minutes (SOAK_SECONDS) over the route mix, every request with inputs never sent
 * before (new points, instants, dates, zone pairs, batches, MCP calls), so caches fill with unique
 * answers as an attacker's would. Prints errors and p50/p99 for every minute and the server's RSS
 * every 30 s, and exits 1 on any error or when RSS reaches SOAK_MAX_RSS_MB (400).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const MAX_RSS_MB = Number(process.env.SOAK_MAX_RSS_MB ?? 400);
const KEY = 'soak-key-0123456789abcdef';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

if (spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', '.build/soak'], { stdio: 'inherit' }).status !== 0) process.exit(1);
// The node flags `npm start` gives the server (its heap limit among them), read from package.json.
const startScript = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
const nodeFlags = startScript
  .split('&&')
  .at(-1)!
  .trim()
  .split(/\s+/)
  .filter((a) => a.startsWith('--'));
const port = await freePort();
const server = spawn(process.execPath, [...nodeFlags, '.build/soak/http/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    TIME_API_KEYS: `soak:${KEY}`,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_FORMAT: 'json',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tca-soak-')),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (;;) {
  try {
    if ((await fetch(`${base}/health`)).ok) break;
  } catch {
    /* starting */
  }
  await new Promise((r) => setTimeout(r, 50));
}

// Unique inputs: a counter threads through every request, so no two are alike.
let n = 0;
const next = () => ++n;
const coord = (i: number, range: number, offset: number) => ((i * 7919.123) % range) - offset;
const two = (v: number) => String(v).padStart(2, '0');
const date = (i: number) => `${1900 + (i % 200)}-${two(1 + (i % 12))}-${two(1 + (i % 28))}`;
const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/Vancouver',
  'Asia/Calcutta',
  'CET',
  'EST',
  'Africa/Casablanca',
];
const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': KEY };
type Req = { method?: string; path?: string; body?: string; headers?: Record<string, string> };
const mix: (() => Req)[] = [
  () => {
    const i = next();
    return { path: `/v1/time?lat=${coord(i, 150, 60).toFixed(5)}&lon=${coord(i * 3, 360, 180).toFixed(5)}&at=${1_600_000_000 + i}` };
  },
  () => {
    const i = next();
    return { path: `/v1/time?lat=${coord(i, 150, 60).toFixed(5)}&lon=${coord(i * 5, 360, 180).toFixed(5)}&at=${2_000_000_000 + i}` };
  },
  () => {
    const i = next();
    return {
      path: `/v1/time/convert?time=${date(i)}T${two(i % 24)}:${two(i % 60)}&source_timezone=${encodeURIComponent(ZONES[i % 9])}&target_timezone=${encodeURIComponent(ZONES[(i * 7) % 9])}`,
    };
  },
  () => {
    const i = next();
    return { path: `/v1/date/difference?start=${date(i)}&end=${date(i * 13)}` };
  },
  () => {
    const i = next();
    return { path: `/v1/astronomy/ephemeris?date=${1900 + (i % 200)}-${two(1 + (i % 12))}-${two(1 + (i % 28))}T${two(i % 24)}:00:00Z` };
  },
  () => {
    const i = next();
    const points = Array.from({ length: 100 }, (_, k) => ({
      lat: Number(coord(i * 100 + k, 150, 60).toFixed(5)),
      lon: Number(coord((i * 100 + k) * 3, 360, 180).toFixed(5)),
    }));
    return {
      method: 'POST',
      path: '/v1/time/batch',
      body: JSON.stringify({ at: new Date(1_700_000_000_000 + i * 1000).toISOString().replace('.000Z', 'Z'), points }),
      headers: json,
    };
  },
  () => {
    const i = next();
    return {
      method: 'POST',
      path: '/mcp',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: { name: 'get_local_time', arguments: { lat: coord(i, 150, 60), lon: coord(i * 11, 360, 180), at: 1_650_000_000 + i } },
      }),
      headers: json,
    };
  },
];
let turn = 0;
const requests = [{ setupRequest: (req: Req) => ({ ...req, method: 'GET', headers: { 'x-api-key': KEY }, ...mix[turn++ % mix.length]() }) }];

const rssMb = () => {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
};
const rss: { at_s: number; mb: number }[] = [{ at_s: 0, mb: rssMb() }];
const started = Date.now();
const sampler = setInterval(() => {
  rss.push({ at_s: Math.round((Date.now() - started) / 1000), mb: rssMb() });
  console.log(`  ${rss.at(-1)!.at_s} s: RSS ${rss.at(-1)!.mb} MB`);
}, 30_000);

console.log(
  `soak: ${SECONDS} s at ${CONNECTIONS} connections over ${mix.length} kinds of request, every input new; server flags ${nodeFlags.join(' ')}; RSS ${rss[0].mb} MB at start`,
);
const minutes: { minute: number; requests: number; errors: number; p50: number; p99: number }[] = [];
for (let m = 0; m * 60 < SECONDS; m++) {
  const r = await autocannon({ url: base, connections: CONNECTIONS, duration: Math.min(60, SECONDS - m * 60), requests: requests as never });
  minutes.push({ minute: m + 1, requests: r.requests.total, errors: r.errors + r.non2xx + r.timeouts, p50: r.latency.p50, p99: r.latency.p99 });
  console.log(`minute ${m + 1}: ${r.requests.total} requests, ${minutes.at(-1)!.errors} errors, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
}
clearInterval(sampler);
rss.push({ at_s: Math.round((Date.now() - started) / 1000), mb: rssMb() });
await new Promise((r) => setTimeout(r, 10_000));
const idle = rssMb();
server.kill('SIGTERM');

console.log('\n| minute | requests | errors | p50 ms | p99 ms |\n|---:|---:|---:|---:|---:|');
for (const m of minutes) console.log(`| ${m.minute} | ${m.requests} | ${m.errors} | ${m.p50} | ${m.p99} |`);
console.log(`\nRSS (MB) every 30 s: ${rss.map((r) => r.mb).join(' · ')}; 10 s idle after: ${idle}`);
const errors = minutes.reduce((a, m) => a + m.errors, 0);
const peak = Math.max(...rss.map((r) => r.mb), idle);
const checks = [
  [`no errors (measured ${errors})`, errors === 0],
  [`RSS under ${MAX_RSS_MB} MB (peak ${peak} MB)`, peak < MAX_RSS_MB],
] as const;
for (const [what, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
