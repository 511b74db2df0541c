/**
 * The same request gives the same bytes on every supported Node line: answers come from the project's
 * own data (tzdb release, boundaries, ephemeris), never from the runtime's ICU, whose tzdb release
 * differs between Node 20 (2025c) and Node 24 (2026c). The API runs as `npm start` runs it (compiled),
 * once under this process's Node and once under each other line that scripts/node-binary.mjs installs
 * (`npm test` installs them; under CI a missing one fails the run).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { queryString } from '../../website/src/lib/calls.ts';
import { prng } from '../helpers.ts';
import { serve, type Served } from '../serve.ts';
// @ts-expect-error a plain ES module script without types
import { NODE_VERSIONS, nodeBinaryPath } from '../../scripts/node-binary.mjs';

const KEY = 'node-versions-test-key-0123456789';
const currentMajor = Number(process.versions.node.split('.')[0]);
const others = Object.entries(NODE_VERSIONS as Record<string, string>)
  .filter(([major]) => Number(major) !== currentMajor)
  .map(([major, version]) => ({ major, version, bin: nodeBinaryPath(version) as string }));
const installed = others.filter((o) => existsSync(o.bin));
if (process.env.CI === 'true' && installed.length < others.length) {
  throw new Error(
    `Node ${others
      .filter((o) => !existsSync(o.bin))
      .map((o) => o.version)
      .join(', ')} not installed: run node scripts/node-binary.mjs`,
  );
}
if (installed.length < others.length) {
  console.warn(
    `node-versions: Node ${others
      .filter((o) => !existsSync(o.bin))
      .map((o) => o.version)
      .join(', ')} not installed (node scripts/node-binary.mjs); compared on ${installed.map((o) => o.version).join(', ') || 'none'}`,
  );
}

/** A few hundred requests: every tool's example, then local times and conversions at random places and instants. */
function requests(): { method: 'GET' | 'POST'; path: string; body?: string }[] {
  const out: { method: 'GET' | 'POST'; path: string; body?: string }[] = [];
  for (const tool of registry) {
    // The clock's own answer differs by the instant; elevation needs a provider this machine cannot reach.
    if (tool.cache === 'never' || tool.name === 'geo_elevation') continue;
    const input = tool.examples[0].input as Record<string, unknown>;
    if (tool.http.method === 'GET') out.push({ method: 'GET', path: `${tool.http.path}?${queryString(input)}` });
    else out.push({ method: 'POST', path: tool.http.path, body: JSON.stringify(input) });
  }
  const rand = prng(2026);
  const zones = [
    'America/Vancouver',
    'America/Edmonton',
    'America/Winnipeg',
    'America/Havana',
    'Africa/Casablanca',
    'Europe/Chisinau',
    'Europe/Dublin',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Apia',
    'America/Sao_Paulo',
    'Asia/Calcutta',
    'EST',
    'IST',
  ];
  const two = (n: number) => String(n).padStart(2, '0');
  for (let i = 0; i < 150; i++) {
    const lat = (rand() * 150 - 60).toFixed(4),
      lon = (rand() * 360 - 180).toFixed(4);
    const at = new Date(Date.UTC(1900, 0, 1) + rand() * (Date.UTC(2100, 0, 1) - Date.UTC(1900, 0, 1))).toISOString().replace(/\.\d{3}Z$/, 'Z');
    out.push({ method: 'GET', path: `/v1/time?lat=${lat}&lon=${lon}&at=${at}` });
  }
  for (let i = 0; i < 150; i++) {
    const time = `${1970 + Math.floor(rand() * 70)}-${two(1 + Math.floor(rand() * 12))}-${two(1 + Math.floor(rand() * 28))}T${two(Math.floor(rand() * 24))}:${two(Math.floor(rand() * 60))}`;
    const pick = () => encodeURIComponent(zones[Math.floor(rand() * zones.length)]);
    out.push({ method: 'GET', path: `/v1/time/convert?time=${time}&source_timezone=${pick()}&target_timezone=${pick()}` });
  }
  // Recurrences across DST changes: the rrule library in wall-clock time, instants from the shipped tzdb.
  const rules = ['FREQ=WEEKLY;BYDAY=MO,TH', 'FREQ=MONTHLY;BYDAY=-1SU', 'FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=30', 'FREQ=YEARLY;BYMONTH=3,10;BYDAY=-1SU'];
  for (let i = 0; i < 20; i++) {
    const start = `${1990 + Math.floor(rand() * 50)}-${two(1 + Math.floor(rand() * 12))}-${two(1 + Math.floor(rand() * 28))}T${two(Math.floor(rand() * 24))}:30`;
    const body = { rrule: rules[i % rules.length], start, timezone: zones[Math.floor(rand() * zones.length)], count: 40 };
    out.push({ method: 'POST', path: '/v1/time/recurrence', body: JSON.stringify(body) });
  }
  // Calendar conversion: Intl would date Chinese, Korean and Islamic months by each binary's ICU; the
  // engine's own tables and arithmetic must not.
  for (let i = 0; i < 80; i++) {
    const day = new Date(Date.UTC(1912, 0, 1) + Math.floor(rand() * 69_032) * 86_400_000).toISOString().slice(0, 10);
    out.push({ method: 'GET', path: `/v1/date/calendars?date=${day}` });
  }
  for (const year of [1997, 2023, 2027, 2033, 2057, 2097])
    out.push({ method: 'GET', path: `/v1/date/calendars?calendar=chinese&year=${year}&month=M01&day=1` });
  // Meetings over DST changes and holidays (Hijri, Hebrew and lunisolar ones too): names and dates from the shipped data only.
  const people = [
    'America/Los_Angeles',
    'Europe/London',
    'Asia/Kolkata',
    'Australia/Sydney',
    'Asia/Tehran',
    'Asia/Jerusalem',
    'Asia/Shanghai',
    'America/Sao_Paulo',
  ];
  for (const [start_date, end_date] of [
    ['2026-03-02', '2026-03-31'],
    ['2026-09-14', '2026-10-13'],
    ['2026-12-14', '2027-01-13'],
  ]) {
    const participants = people.map((timezone) => ({ timezone }));
    out.push({ method: 'POST', path: '/v1/time/meeting', body: JSON.stringify({ participants, start_date, end_date, step_minutes: 15, limit: 50 }) });
  }
  return out;
}

/** The compiled server under `bin`, with the settings every line is compared with. */
const startServer = (bin: string) =>
  serve({
    node: bin,
    args: ['.build/node-versions/http/server.js'],
    env: { HOST: '127.0.0.1', TIME_API_KEYS: `nv:${KEY}`, TIME_API_CACHE: 'off', RATE_LIMIT_PER_MINUTE: '0' },
  });

async function answers(base: string): Promise<string[]> {
  const out: string[] = [];
  for (const r of requests()) {
    const res = await fetch(`${base}${r.path}`, {
      method: r.method,
      body: r.body,
      headers: { 'x-api-key': KEY, ...(r.body ? { 'content-type': 'application/json' } : {}) },
    });
    out.push(`${r.method} ${r.path} → ${res.status} ${await res.text()}`);
  }
  return out;
}

describe.skipIf(installed.length === 0)('the same answers on every Node line', () => {
  const servers: Served[] = [];
  let reference: string[];
  // One line at a time: three servers answering at once on a busy 2-core machine took a heavy meeting
  // search past the work pool's 2 s deadline (a 503 in the reference run).
  const answersUnder = async (bin: string) => {
    const server = await startServer(bin);
    servers.push(server);
    const got = await answers(server.base);
    await server.stop('SIGTERM');
    return got;
  };

  beforeAll(async () => {
    expect(spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', '.build/node-versions'], { stdio: 'inherit' }).status).toBe(0);
    reference = await answersUnder(process.execPath);
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
  });

  it('the reference run answered every request (no 5xx) and names tzdb 2026f', () => {
    expect(reference.length).toBeGreaterThan(300);
    expect(reference.filter((line) => / → 5\d\d /.test(line))).toEqual([]);
    expect(reference.find((line) => line.startsWith('GET /v1/time?'))).toContain('"tzdb":"2026f"');
    expect(reference.filter((line) => line.startsWith('POST /v1/time/recurrence') && !line.includes(' → 200 '))).toEqual([]);
  });

  for (const other of installed) {
    it(`Node ${other.version} answers byte for byte as Node ${process.versions.node}`, async () => {
      const got = await answersUnder(other.bin);
      const differing = got.filter((line, i) => line !== reference[i]);
      expect(differing.slice(0, 3)).toEqual([]);
    }, 120_000);
  }
});
