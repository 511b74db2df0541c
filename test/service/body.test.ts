/**
 * The JSON body reader (service/body.ts) over a real socket, through the API app (srvx's Node adapter,
 * where the request's own stream is read): the answer equals `app.fetch`'s, and too large, malformed,
 * empty and abandoned bodies are handled.
 */
import http from 'node:http';
import { serve } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { MAX_BODY_BYTES } from '../../service/limits.ts';
import { loadSettings } from '../../service/settings.ts';
import { fixedClock, freePort } from '../helpers.ts';

const KEY = 'body-test-key-0123456789';
const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: `t:${KEY}` }), ctx: fixedClock('2026-11-22T08:00:00Z') });
let server: ReturnType<typeof serve>;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  port = await freePort();
  server = serve(app, { port, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
  await server.ready();
});
afterAll(async () => {
  agent.destroy();
  await server.close(true);
});

/** POSTs `chunks` to the batch route, chunked (no Content-Length) unless `length` is given. */
function post(chunks: string[], length?: number): Promise<{ status: number; body: string; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/time/batch',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'x-api-key': KEY, ...(length === undefined ? {} : { 'content-length': String(length) }) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode!, body, socket: req.socket }));
      },
    );
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

const VALID = JSON.stringify({
  at: '2026-11-22T08:00:00Z',
  points: [
    { lat: 48.8566, lon: 2.3522 },
    { lat: 0, lon: -140 },
  ],
});

describe('JSON bodies over a socket', () => {
  it('a body sent in pieces answers exactly what app.fetch answers', async () => {
    const viaSocket = await post([VALID.slice(0, 10), VALID.slice(10, 40), VALID.slice(40)]);
    const viaFetch = await app.fetch(
      new Request('http://api.test/v1/time/batch', { method: 'POST', body: VALID, headers: { 'content-type': 'application/json', 'x-api-key': KEY } }),
    );
    expect(viaSocket.status).toBe(200);
    expect(viaSocket.body).toBe(await viaFetch.text());
  });

  it('a chunked body past 64 KiB is 413, and the connection still serves the next request', async () => {
    const piece = ' '.repeat(16 * 1024);
    const big = await post(['{"points":[', piece, piece, piece, piece, piece, ']}']);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).detail).toMatch(String(MAX_BODY_BYTES));
    const next = await post([VALID]);
    expect(next.status).toBe(200);
  });

  it('malformed and empty bodies are 400 naming the body', async () => {
    const bad = await post(['{"points": [', '{"lat": 1,']);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).errors[0]).toMatchObject({ field: 'body', message: expect.stringMatching(/^is not valid JSON/) });
    const empty = await post([], 0);
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body).errors[0]).toEqual({ field: 'body', message: 'is required: send a JSON object' });
  });

  it('a client that leaves in the middle of its body does not hurt the server', async () => {
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/v1/time/batch',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY, 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"points": [');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    expect((await post([VALID])).status).toBe(200);
  });
});
