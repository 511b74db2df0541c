/**
 * One key's heavy requests must not freeze everyone (issue 28's probe: two recurrences a minute took
 * other clients from 4 ms to 28 s median and /health to a 408). The server is built and started as
 * `npm start` runs it (compiled, npm start's heap limit); an attacker key with no rate limit keeps four
 * of the heaviest allowed calls in flight (a year of sunrises at 89.9°, twenty solar eclipses seen from a
 * place, a twenty-person month-long meeting search, a recurrence search run to its limit), each asking
 * something new (no cache hit), while another customer reads GET /v1/time/zone and a monitor reads
 * /health. Heavy calls run in the work pool, so the victim's p99 stays under 200 ms and /health under 1 s.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serve, type Served } from '../serve.ts';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, '.build', `test-heavy-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'tca-heavy-'));
const ATTACKER = 'attacker-key-0123456789';
const VICTIM = 'victim-key-0123456789';

let server: Served;
let base: string;

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-place-index', '--outdir', relative(ROOT, OUT), 'http/server.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  server = await serve({
    args: ['--max-old-space-size=192', join(OUT, 'http/server.js')],
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      TIME_API_KEYS: `attacker:${ATTACKER},victim:${VICTIM}`,
      TIME_API_CUSTOMER_RATE_LIMITS: '{"attacker":0,"victim":0}',
    },
  });
  base = server.base;
}, 120_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(OUT, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const zones = [
  'America/Los_Angeles',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'America/Sao_Paulo',
];
const countries = ['US', 'US', 'GB', 'DE', 'IN', 'JP', 'AU', 'BR'];
const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + (i % 3000) * 86_400_000).toISOString().slice(0, 10);
const hours = Array.from({ length: 24 }, (_, i) => i).join(',');
const minutes = Array.from({ length: 60 }, (_, i) => i).join(',');

/** The i-th heavy request: every kind in turn, each one new. */
function heavy(i: number): Request {
  const auth = { authorization: `Bearer ${ATTACKER}`, 'content-type': 'application/json' };
  const post = (path: string, body: unknown) => new Request(`${base}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  switch (i % 5) {
    case 0:
      return new Request(`${base}/v1/solar/events?lat=89.9&lon=${(i % 360) - 180}&date=${day(i)}&days=366`, { headers: auth });
    case 1:
      return new Request(`${base}/v1/astronomy/moon?lat=-89.9&lon=${(i % 360) - 180}&date=${day(i)}&days=366`, { headers: auth });
    case 2:
      return new Request(`${base}/v1/astronomy/eclipses?kind=solar&count=20&lat=40.4&lon=${(i % 360) - 180}&after=${day(i)}`, { headers: auth });
    case 3:
      return post('/v1/time/meeting', {
        participants: Array.from({ length: 20 }, (_, k) => ({ timezone: zones[k % zones.length], country: countries[k % countries.length] })),
        start_date: day(i),
        end_date: day(i + 30),
        step_minutes: 15,
      });
    default:
      return post('/v1/time/recurrence', {
        rrule: `FREQ=DAILY;BYHOUR=${hours};BYMINUTE=${minutes};COUNT=99999`,
        start: `${day(i)}T00:00`,
        timezone: 'UTC',
        after: '2200-01-01T00:00:00Z',
      });
  }
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

it('another customer keeps its latency while one key sends its heaviest allowed requests', { timeout: 120_000 }, async () => {
  let stop = false;
  let sent = 0;
  const statuses = new Map<number, number>();
  const attacker = async () => {
    while (!stop) {
      const res = await fetch(heavy(sent++));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      await res.arrayBuffer();
    }
  };
  const attackers = Array.from({ length: 4 }, attacker);
  await new Promise((r) => setTimeout(r, 1_000)); // the pool's worker is started and busy
  const victim: number[] = [];
  const health: number[] = [];
  const monitor = (async () => {
    while (!stop) {
      const t0 = performance.now();
      const res = await fetch(`${base}/health`);
      await res.arrayBuffer();
      health.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const t0 = Date.now();
  for (let i = 0; Date.now() - t0 < 15_000; i++) {
    const start = performance.now();
    const res = await fetch(
      `${base}/v1/time/zone?timezone=${zones[i % zones.length]}&at=2026-${String((i % 12) + 1).padStart(2, '0')}-01T12:${String(i % 60).padStart(2, '0')}:00Z`,
      {
        headers: { authorization: `Bearer ${VICTIM}` },
      },
    );
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    victim.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 20));
  }
  stop = true;
  await Promise.all([...attackers, monitor]);
  const p99 = quantile(victim, 0.99);
  const worstHealth = Math.max(...health);
  const summary = `victim p50 ${quantile(victim, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${victim.length}; /health max ${worstHealth.toFixed(0)} ms; attacker ${sent} requests ${JSON.stringify(Object.fromEntries(statuses))}`;
  console.log(summary);
  // The attacker really was heavy: its calls were answered (some 503 busy once the pool's queue is full).
  expect(sent, summary).toBeGreaterThan(20);
  expect(
    [...statuses.keys()].every((s) => s === 200 || s === 400 || s === 503),
    summary,
  ).toBe(true);
  expect(p99, summary).toBeLessThan(200);
  expect(worstHealth, summary).toBeLessThan(1_000);
});
