/**
 * Two API processes behind one Redis behave as one service: one rate limit, one set of shares, one
 * usage count; and when Redis goes away, calculations keep answering (limits and cache fall back to
 * each process, /health says degraded), shared routes answer 503, and everything recovers by itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, startRedisServer, type RedisServer } from '../fixtures/redis-server.ts';
import { serve, type Served } from '../serve.ts';

const hasRedis = redisAvailable();

describe.skipIf(!hasRedis)('two instances on one Redis', () => {
  let redis: RedisServer;
  let env: NodeJS.ProcessEnv;
  const servers: Served[] = [];
  const bases: string[] = [];
  let key: string;
  let countedKey: string;

  async function startInstance() {
    const server = await serve({ env });
    servers.push(server);
    return server.base;
  }

  beforeAll(async () => {
    redis = await startRedisServer({ aof: true });
    env = {
      ...process.env,
      REDIS_URL: redis.url,
      TIME_API_CACHE: 'redis',
      RATE_LIMIT_PER_MINUTE: '6',
      TIME_API_KEYS: '',
      LOG_FORMAT: 'json',
      TIME_API_CUSTOMER_RATE_LIMITS: '{"counted": 0, "payer": 0}',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tca-two-')),
    };
    const create = (customer: string) => {
      const r = spawnSync('npm', ['run', '--silent', 'keys', '--', 'create', '--customer', customer], { env, encoding: 'utf8' });
      expect(r.status).toBe(0);
      return r.stdout.trim().split('\n').at(-1)!;
    };
    key = create('shared');
    countedKey = create('counted');
    bases.push(...(await Promise.all([startInstance(), startInstance()])));
  }, 60_000);

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await redis?.stop();
  });

  const get = (i: number, path: string) => fetch(`${bases[i]}${path}`, { headers: { 'x-api-key': key } });

  it('share one rate limit, one usage count and one set of shares', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await get(i % 2, `/v1/date/add?start=2024-01-01&days=${i}`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);

    const share = await fetch(`${bases[0]}/v1/observatory/share`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ poster: 'orrery', date: '2026-12-21', location: { name: 'Greenwich', lat: 51.4769, lng: -0.0005 }, time: '21:30' }),
    });
    expect(share.status).toBe(201);
    const { token } = (await share.json()) as { token: string };
    const read = await fetch(`${bases[1]}/v1/observatory/share/${token}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-robots-tag')).toBe('noindex, nofollow');

    // A customer without a limit: 40 requests split over both instances. Counts are flushed every
    // second; both instances then report the same exact total.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${bases[i % 2]}/v1/date/add?start=2024-01-01&days=${i}`, { headers: { 'x-api-key': countedKey } }).then((r) => r.status),
      ),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    for (const i of [0, 1]) {
      const usage = (await (await fetch(`${bases[i]}/v1/account/usage`, { headers: { 'x-api-key': countedKey } })).json()) as {
        usage: { total_requests: number };
      };
      expect(usage.usage.total_requests).toBe(40);
    }
  });

  it('credits are exact across instances: 5 credits, 20 concurrent requests on both, exactly 5 served', async () => {
    const payer = spawnSync('npm', ['run', '--silent', 'keys', '--', 'create', '--customer', 'payer'], { env, encoding: 'utf8' })
      .stdout.trim()
      .split('\n')
      .at(-1)!;
    expect(spawnSync('npm', ['run', '--silent', 'keys', '--', 'credit', '--customer', 'payer', '--amount', '5'], { env, encoding: 'utf8' }).status).toBe(0);
    // Both instances reload keys and ledgers within 5 s.
    const t0 = Date.now();
    // (Polled: on a busy machine a kept-alive socket the server has just closed can fail one poll; the next tries again.)
    for (const base of bases) {
      while (Date.now() - t0 < 20_000) {
        const r = (await fetch(`${base}/v1/account/credits`, { headers: { 'x-api-key': payer } }).then(
          (res) => res.json(),
          () => ({}),
        )) as { credits?: { configured: boolean } };
        if (r.credits?.configured) break;
        await new Promise((res) => setTimeout(res, 200));
      }
    }
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${bases[i % 2]}/v1/date/add?start=2024-01-01&days=${i}`, { headers: { 'x-api-key': payer } }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    const credits = (await (await fetch(`${bases[1]}/v1/account/credits`, { headers: { 'x-api-key': payer } })).json()) as {
      credits: { balance: number; status: string };
    };
    expect(credits.credits).toMatchObject({ balance: 0, status: 'exhausted' });
  }, 30_000);

  it('an Idempotency-Key answered by one instance is replayed by the other (the records are in Redis)', async () => {
    const post = (i: number, body: unknown) =>
      fetch(`${bases[i]}/v1/time/recurrence`, {
        method: 'POST',
        headers: { 'x-api-key': countedKey, 'content-type': 'application/json', 'idempotency-key': 'two-instances-1' },
        body: JSON.stringify(body),
      });
    const body = { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', start: '2026-03-02T09:00', timezone: 'America/New_York' };
    const first = await post(0, body);
    expect(first.status).toBe(200);
    const again = await post(1, body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    expect((await post(1, { ...body, count: 2 })).status).toBe(422);
  });

  it('Redis killed: calculations keep answering, shared routes say 503, health says degraded; all recovers', async () => {
    await redis.kill();
    await new Promise((r) => setTimeout(r, 500));
    const calc = await get(0, '/v1/date/difference?start=2024-01-01&end=2024-03-01');
    expect(calc.status, await calc.clone().text()).toBe(200);
    const health = (await (await fetch(`${bases[0]}/health`)).json()) as { ok: boolean; degraded: boolean; ready: Record<string, boolean> };
    expect(health).toMatchObject({ ok: true, degraded: true, ready: { cache: false } });
    const share = await fetch(`${bases[1]}/v1/observatory/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(share.status).toBe(503);
    expect((await get(1, '/v1/account/usage')).status).toBe(503);

    await redis.restart();
    const t0 = Date.now();
    let healthy = false;
    while (Date.now() - t0 < 10_000 && !healthy) {
      const h = (await (await fetch(`${bases[0]}/health`)).json()) as { degraded: boolean };
      healthy = !h.degraded;
      if (!healthy) await new Promise((r) => setTimeout(r, 200));
    }
    expect(healthy).toBe(true);
    // The store answers again: an unknown share is a plain 404, not a 503; the shared limit is back too
    // (this customer spent its 6 requests of the minute, kept by Redis across the restart).
    expect((await fetch(`${bases[1]}/v1/observatory/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await get(1, '/v1/account/usage')).status).toBe(429);
  }, 40_000);
});
