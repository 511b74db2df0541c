/** The records behind Idempotency-Key (http/idempotency.ts): claims, replays, mismatches, expiry and the byte bound. */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyRecords, keyProblem } from '../../http/idempotency.ts';
import { redisAvailable, startRedisServer, type RedisServer } from '../fixtures/redis-server.ts';

const answer = (body: string) => ({ status: 200, body, contentType: 'application/json; charset=utf-8', credits: 1 });

describe('IdempotencyRecords in memory', () => {
  it('a claimed key is a conflict while it runs, a replay once answered, a mismatch with another body', async () => {
    const records = new IdempotencyRecords();
    expect(await records.begin('acme:/v1/x:k', 'h1')).toEqual({ kind: 'new' });
    expect(await records.begin('acme:/v1/x:k', 'h1')).toEqual({ kind: 'conflict' });
    await records.finish('acme:/v1/x:k', 'h1', answer('{"a":1}'));
    expect(await records.begin('acme:/v1/x:k', 'h1')).toEqual({ kind: 'replay', answer: answer('{"a":1}') });
    expect(await records.begin('acme:/v1/x:k', 'h2')).toEqual({ kind: 'mismatch' });
  });

  it('an answer not worth replaying frees the key: the retry runs anew', async () => {
    const records = new IdempotencyRecords();
    await records.begin('s', 'h');
    await records.finish('s', 'h', undefined);
    expect(await records.begin('s', 'h')).toEqual({ kind: 'new' });
  });

  it('a record is forgotten after 24 hours, and an unfinished claim after a minute', async () => {
    let now = 0;
    const records = new IdempotencyRecords(null, undefined, undefined, () => now);
    await records.begin('s', 'h');
    await records.finish('s', 'h', answer('x'));
    now = 86_399_000;
    expect((await records.begin('s', 'h')).kind).toBe('replay');
    now = 86_401_000;
    expect(await records.begin('s', 'h')).toEqual({ kind: 'new' });
    now += 61_000; // the claim was never finished (a crash mid-request)
    expect(await records.begin('s', 'h')).toEqual({ kind: 'new' });
  });

  it('stays within its byte budget whatever is stored, the oldest going first', async () => {
    const records = new IdempotencyRecords(null, undefined, 64 * 1024);
    const big = 'x'.repeat(4000);
    for (let i = 0; i < 100; i++) {
      await records.begin(`s${i}`, 'h');
      await records.finish(`s${i}`, 'h', answer(big));
      expect(records.bytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect((await records.begin('s99', 'h')).kind).toBe('replay');
    expect(await records.begin('s0', 'h')).toEqual({ kind: 'new' });
  });

  it('a key is 1 to 255 visible ASCII characters', () => {
    expect(keyProblem('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBeUndefined();
    expect(keyProblem('')).toMatch(/1 to 255/);
    expect(keyProblem('a'.repeat(256))).toMatch(/1 to 255/);
    expect(keyProblem('has space')).toMatch(/visible ASCII/);
    expect(keyProblem('naïve')).toMatch(/visible ASCII/);
  });
});

describe.skipIf(!redisAvailable())('IdempotencyRecords in Redis (shared by every instance)', () => {
  let server: RedisServer;
  let clients: Redis[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server?.stop();
  });

  it('a key claimed on one instance is a conflict on another, then a replay there once answered', async () => {
    clients = [new Redis(server.url), new Redis(server.url)];
    const [a, b] = clients.map((c) => new IdempotencyRecords(c, 'test:idem:'));
    expect(await a.begin('acme:/v1/x:k', 'h1')).toEqual({ kind: 'new' });
    expect(await b.begin('acme:/v1/x:k', 'h1')).toEqual({ kind: 'conflict' });
    await a.finish('acme:/v1/x:k', 'h1', answer('{"a":1}'));
    expect(await b.begin('acme:/v1/x:k', 'h1')).toEqual({ kind: 'replay', answer: answer('{"a":1}') });
    expect(await b.begin('acme:/v1/x:k', 'h2')).toEqual({ kind: 'mismatch' });
    const ttl = await clients[0].pttl('test:idem:acme:/v1/x:k');
    expect(ttl).toBeGreaterThan(86_000_000);
    expect(ttl).toBeLessThanOrEqual(86_400_000);
    await a.begin('s', 'h');
    await a.finish('s', 'h', undefined);
    expect(await b.begin('s', 'h')).toEqual({ kind: 'new' });
  });
});
