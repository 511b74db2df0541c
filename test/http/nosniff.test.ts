/**
 * Every answer of the API carries `X-Content-Type-Options: nosniff` (a browser never reads a JSON or
 * problem answer as anything but its declared type): calculation answers, cache hits, problems, the
 * service routes, preflights, MCP and shares, from the real server on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { createStore, type Store } from '../../http/store/index.ts';
import { loadSettings } from '../../service/settings.ts';

const KEY = 'nosniff-key-0123456789';
const SITE = 'https://site.example';
const dataDir = mkdtempSync(join(tmpdir(), 'nosniff-'));
let store: Store;
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  store = await createStore({ dataDir, redisUrl: null }, { warn: () => {} });
  const settings = loadSettings({ TIME_API_KEYS: KEY, SITE_URL: SITE, RATE_LIMIT_PER_MINUTE: '0', DATA_DIR: dataDir });
  const { app } = createApp({ settings, store });
  server = serve(app, { port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
  await server.ready();
  base = server.url!.replace(/\/$/, '');
});
afterAll(async () => {
  await server.close(true);
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json' };
const keyed = { 'x-api-key': KEY };
const mcpHeaders = { ...keyed, ...json, accept: 'application/json, text/event-stream' };
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'nosniff', version: '1' } },
});
const share = JSON.stringify({ poster: 'sky', date: '2026-12-21', location: { name: 'Greenwich', lat: 51.4769, lng: -0.0005 }, time: '21:30', ttl_days: 7 });

const ANSWERS: [label: string, path: string, init: RequestInit, status: number][] = [
  ['a calculation (GET)', '/v1/time?lat=27.7172&lon=85.324&at=2026-11-22T08:00:00Z', { headers: keyed }, 200],
  ['the same calculation from the cache', '/v1/time?lat=27.7172&lon=85.324&at=2026-11-22T08:00:00Z', { headers: keyed }, 200],
  ['a calculation (POST)', '/v1/time/batch', { method: 'POST', headers: { ...keyed, ...json }, body: '{"points":[{"lat":1,"lon":1}]}' }, 200],
  ['a public calculation', '/v1/time/utc', {}, 200],
  ['HEAD of a calculation', '/v1/time/utc', { method: 'HEAD' }, 200],
  ['/health', '/health', {}, 200],
  ['/', '/', {}, 200],
  ['/openapi.json', '/openapi.json', {}, 200],
  ['/v1/status', '/v1/status', {}, 200],
  ['an account route', '/v1/account/profile', { headers: keyed }, 200],
  ['400', '/v1/time?lat=100&lon=0', { headers: keyed }, 400],
  ['401', '/v1/time?lat=1&lon=1', {}, 401],
  ['404', '/v1/nothing', {}, 404],
  ['405', '/v1/time', { method: 'DELETE' }, 405],
  ['413', '/v1/time/batch', { method: 'POST', headers: { ...keyed, ...json }, body: ' '.repeat(70_000) }, 413],
  ['415', '/v1/time/batch', { method: 'POST', headers: { ...keyed, 'content-type': 'text/plain' }, body: 'x' }, 415],
  ['a preflight', '/v1/time', { method: 'OPTIONS', headers: { origin: SITE, 'access-control-request-method': 'GET' } }, 204],
  ['a plain OPTIONS', '/v1/time', { method: 'OPTIONS' }, 204],
  ['an MCP message', '/mcp', { method: 'POST', headers: mcpHeaders, body: initialize }, 200],
  ['an MCP problem (foreign Origin)', '/mcp', { method: 'POST', headers: { ...mcpHeaders, origin: 'https://evil.example' }, body: initialize }, 403],
  ['a share created', '/v1/observatory/share', { method: 'POST', headers: { ...json, origin: SITE }, body: share }, 201],
  ['a share not found', `/v1/observatory/share/${'A'.repeat(32)}`, {}, 404],
];

describe('X-Content-Type-Options: nosniff', () => {
  it.each(ANSWERS)('%s', async (_label, path, init, status) => {
    const res = await fetch(base + path, init);
    expect(res.status).toBe(status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    if (_label.endsWith('from the cache')) expect(res.headers.get('x-cache')).toBe('HIT');
    await res.arrayBuffer();
  });
});
