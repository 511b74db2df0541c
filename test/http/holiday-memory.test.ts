/**
 * Issue 28: business days over 1900..2200 with every holiday type, a different country each time, ended
 * the server ("JavaScript heap out of memory", --max-old-space-size=192) after 57-80 requests, as every
 * date-holidays rule kept each year it computed. Here the compiled server, started with `npm start`'s node
 * flags, is asked for every year of the data (1900..2200, every type) of one jurisdiction of the catalogue
 * after another, in the longest ranges each is allowed (three requests of 100 calendar years for most),
 * and stays up with its RSS under 300 MB (177 MB at most over 400 such requests; 240 take 15 s on the
 * idle 2-core VM). Before the holiday caches were bounded in bytes it died after 209 of them ("JavaScript
 * heap out of memory", RSS 265 MB), in each of two runs: 240 is past that, at two thirds of the CPU of 360.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jurisdiction, supportedCountries } from '../../engine/holidays/calendar-data.ts';
import { MAX_SPAN_YEARS, yearsWithin } from '../../engine/holidays/holiday-work.ts';
import { MAX_WORK_UNITS } from '../../engine/work.ts';
import { npmStartFlags, serve, type Served } from '../serve.ts';

const KEY = 'holiday-memory-key-0123456789';
const BUILD = join('.build', `test-holidays-${process.pid}`);
/** Requests sent: every one for years of a jurisdiction not asked for before, so none is answered from a cache. */
const REQUESTS = 240;
const MAX_RSS_MB = 300;

/** The node flags `npm start` gives the server (the heap limit among them), from package.json's start script. */
const startFlags = () => {
  const flags = npmStartFlags();
  expect(flags).toContain('--max-old-space-size=192');
  return flags;
};

let server: Served;
let base: string;
const rssMb = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'))![1]) / 1024;

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--no-place-index', '--outdir', BUILD], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  // The server itself, not npm start's supervisor, which would start another after a crash.
  server = await serve({
    args: [...startFlags(), join(BUILD, 'http/server.js')],
    env: {
      RATE_LIMIT_PER_MINUTE: '0',
      TIME_API_KEYS: `load:${KEY}`,
      PLACE_INDEXES: 'on-demand', // no place index loaded: the memory measured is the holidays'
      WORK_DEADLINE_MS: '60000', // memory is measured, not time: a busy machine may take longer than 2 s
    },
    timeoutMs: 30_000,
  });
  base = server.base;
}, 60_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(BUILD, { recursive: true, force: true });
});

describe('holiday work over HTTP', () => {
  it(`${REQUESTS} of the longest business-day counts allowed, every year of one jurisdiction after another, leave the server up under ${MAX_RSS_MB} MB`, async () => {
    const codes = supportedCountries().flatMap((c) => [
      [c.code, null] as [string, string | null],
      ...c.subdivisions.map((s): [string, string | null] => [c.code, s.code]),
    ]);
    // Each jurisdiction asked for the whole of the data, 1900..2200, in the longest ranges it is allowed
    // (three of 100 calendar years in most; 9 years at a time in TW: three such), then the next one.
    const requests = Array.from({ length: REQUESTS }, (_, i) => {
      const [country, subdivision] = codes[Math.floor(i / 3) % codes.length];
      const years = Math.min(MAX_SPAN_YEARS, yearsWithin(jurisdiction(country, subdivision), MAX_WORK_UNITS));
      const first = [1900, 2000, 2201 - years][i % 3];
      return {
        start: `${first}-01-01`,
        end: `${first + years - 1}-12-31`,
        country,
        ...(subdivision ? { subdivision } : {}),
        types: ['public', 'bank', 'optional', 'school', 'observance'],
      };
    });
    let next = 0;
    let peak = 0;
    const statuses = new Map<number, number>();
    // Two at a time, as a client with a second connection would: the server is never idle.
    const client = async () => {
      for (let i = next++; i < requests.length; i = next++) {
        const res = await fetch(`${base}/v1/date/business-days/jurisdiction`, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify(requests[i]),
        });
        const body = (await res.json()) as { business_days?: number; detail?: string };
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 200) throw new Error(`${JSON.stringify(requests[i])} → ${res.status} ${body.detail}`);
        peak = Math.max(peak, rssMb());
      }
    };
    await Promise.all([client(), client()]);
    expect(Object.fromEntries(statuses)).toEqual({ 200: REQUESTS });
    expect(server.proc.exitCode, server.output().slice(-2000)).toBeNull();
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const rss = rssMb();
    expect(rss, `RSS ${rss.toFixed(0)} MB at the end, ${peak.toFixed(0)} MB at most`).toBeLessThan(MAX_RSS_MB);
    expect(peak, `RSS ${peak.toFixed(0)} MB at most`).toBeLessThan(MAX_RSS_MB);
  }, 240_000); // 240 calls of up to 250 ms declared (a third to a half of that spent): ~15 s idle, more on a busy machine
});
