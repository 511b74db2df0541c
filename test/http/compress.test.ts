/**
 * Compressed answers (http/compress.ts) on a real loopback server, read as raw bytes (node:http: no
 * client decoding them on the way): a big answer comes back brotli or gzip, as the request takes it,
 * and decodes to the same JSON; a small one, a HEAD, or a request taking no coding, as it is; ETags and
 * conditional requests keep working.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { acceptedCoding, MIN_BYTES, SYNC_MAX_BYTES } from '../../http/compress.ts';
import { loadSettings } from '../../service/settings.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'compress-key-0123456789';
const settings = loadSettings({ TIME_API_KEYS: `agent:${KEY}`, RATE_LIMIT_PER_MINUTE: '1000' });
const { app } = createApp({ settings, ctx: fixedClock('2026-11-22T08:00:00Z') });
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  server = serve(app, { port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
  await server.ready();
  port = Number(new URL(server.url!).port);
});
afterAll(async () => {
  await server.close(true);
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request, its answer's bytes as they came over the socket. */
function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: { 'x-api-key': KEY, ...init.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const decoded = (res: Raw): unknown => {
  const coding = res.headers['content-encoding'];
  const bytes = coding === 'br' ? brotliDecompressSync(res.body) : coding === 'gzip' ? gunzipSync(res.body) : res.body;
  return JSON.parse(bytes.toString('utf8'));
};

const varies = (res: Raw) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

const toolsList = (acceptEncoding?: string) =>
  raw('/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

describe('compressed answers', () => {
  it('tools/list over /mcp: brotli or gzip as the request takes it, the same JSON decoded', async () => {
    const plain = await toolsList();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(40_000);
    for (const [header, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const res = await toolsList(header);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(coding);
      expect(varies(res)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.body.length / 3);
      expect(decoded(res)).toEqual(decoded(plain));
      // The finishing step's headers are on it too.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-credits-charged']).toBe('0');
    }
  });

  it('a tools/call result just over the threshold is compressed too', async () => {
    const callLocalTime = (acceptEncoding?: string) =>
      raw('/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_local_time', arguments: { lat: 48.85, lon: 2.35 } } }),
      });
    const plain = await callLocalTime();
    expect(plain.body.length).toBeGreaterThanOrEqual(MIN_BYTES);
    const res = await callLocalTime('gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['x-credits-charged']).toBe('1');
    expect(decoded(res)).toEqual(decoded(plain));
  });

  it('a large REST answer, compressed on the event loop or, above 64 KiB, on the thread pool', async () => {
    for (const path of ['/v1/holidays/countries', '/v1/solar/events?lat=59.91&lon=10.75&date=2026-01-01&days=366']) {
      const plain = await raw(path);
      expect(plain.status).toBe(200);
      const res = await raw(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(varies(res)).toBe(true);
      expect(res.headers['x-credits-charged']).toBe('1');
      expect(res.headers['cache-control']).toBe(plain.headers['cache-control']);
      expect(decoded(res)).toEqual(decoded(plain));
    }
    const year = await raw('/v1/solar/events?lat=59.91&lon=10.75&date=2026-01-01&days=366');
    expect(year.body.length).toBeGreaterThan(SYNC_MAX_BYTES);
    const countries = await raw('/v1/holidays/countries');
    expect(countries.body.length).toBeLessThan(SYNC_MAX_BYTES);
  });

  it('a small answer, a problem, a HEAD and a request taking no coding go out as they are', async () => {
    const small = await raw('/v1/time?lat=48.85&lon=2.35', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(varies(small)).toBe(false);
    const problem = await raw('/v1/time?lat=91&lon=0', { headers: { 'accept-encoding': 'br' } });
    expect(problem.status).toBe(400);
    expect(problem.headers['content-encoding']).toBeUndefined();
    expect((decoded(problem) as { errors: { field: string }[] }).errors[0].field).toBe('lat');
    const head = await raw('/v1/holidays/countries', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
    for (const header of ['identity', 'gzip;q=0, br;q=0', 'deflate']) {
      const res = await raw('/v1/holidays/countries', { headers: { 'accept-encoding': header } });
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(decoded(res)).toEqual(decoded(await raw('/v1/holidays/countries')));
    }
  });

  it('/openapi.json: a compressed answer has a weak ETag, and conditional requests still answer 304', async () => {
    const plain = await raw('/openapi.json');
    const strong = String(plain.headers.etag);
    expect(strong).toMatch(/^"/);
    const compressed = await raw('/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe(`W/${strong}`);
    expect(decoded(compressed)).toEqual(decoded(plain));
    const revalidated = await raw('/openapi.json', { headers: { 'accept-encoding': 'br', 'if-none-match': `W/${strong}` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(`W/${strong}`);
    expect(varies(revalidated)).toBe(true);
    const identity = await raw('/openapi.json', { headers: { 'if-none-match': strong } });
    expect(identity.status).toBe(304);
    expect(identity.headers.etag).toBe(strong);
  });
});

describe('acceptedCoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=1, br;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['br;q=0', null],
    ['*;q=0.5, gzip', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    ['gzip;q=2', null],
    ['gzip;q=x', null],
    ['', null],
    [`${'x'.repeat(600)}, gzip`, null],
  ])('%j takes %s', (header, coding) => {
    expect(acceptedCoding(header)).toBe(coding);
  });
});
