/**
 * `POST /mcp` (mcp/http.ts) on a real loopback server: one server per toolset choice answers many
 * requests at once, each with its own answer and its own price, whether a call takes the direct path
 * (a plain tools/call) or the server's (anything else, e.g. a call with `_meta`); and the checks the
 * SDK's transport made are still made.
 */
import { serve } from 'h3';
import type { Server as HttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { TOOLSET_NAMES, type Toolset } from '../../engine/tool.ts';
import { createApp } from '../../http/app.ts';
import { MAX_SERVERS } from '../../mcp/http.ts';
import { loadSettings } from '../../service/settings.ts';
import { toolsIn } from '../../service/toolsets.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'mcp-http-key-0123456';
const settings = loadSettings({ TIME_API_KEYS: `agent:${KEY}`, RATE_LIMIT_PER_MINUTE: '0' });
const { app } = createApp({ settings, ctx: fixedClock('2026-11-22T08:00:00Z') });
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  server = serve(app, { port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
  await server.ready();
  // Node closes a keep-alive connection idle for 5 s; fetch can reuse one at that very moment (ECONNRESET,
  // seen once in the scratch-copy run on a loaded 2-core CI machine, 84 concurrent requests a round).
  // Nothing here tests that timeout: connections stay open for the file's run.
  (server.node!.server as HttpServer).keepAliveTimeout = 120_000;
  base = server.url!.replace(/\/$/, '');
});
afterAll(async () => {
  await server.close(true);
});

const HEADERS = { 'x-api-key': KEY, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

const post = (message: unknown, query = '', headers: Record<string, string> = HEADERS) =>
  fetch(`${base}/mcp${query}`, { method: 'POST', headers, body: JSON.stringify(message) });

/** A tools/call as every client numbers its first one; `_meta` sends it down the server's path. */
const call = (name: string, args: Record<string, unknown>, viaServer = false) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: viaServer ? { name, arguments: args, _meta: { trace: 'x' } } : { name, arguments: args },
});

type Reply = { id: unknown; result?: { structuredContent?: Record<string, unknown>; isError?: boolean; content: { text?: string }[] }; error?: unknown };

const ZONES = ['Europe/Paris', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Eucla', 'Pacific/Chatham', 'Asia/Kolkata', 'America/Caracas', 'Africa/Cairo'];

describe('one server for many requests', () => {
  it('concurrent calls numbered alike each get their own answer, on either path', async () => {
    const asks = Array.from({ length: 48 }, (_, i) => ({ zone: ZONES[i % ZONES.length], viaServer: i % 2 === 1 }));
    const replies = await Promise.all(
      asks.map(async ({ zone, viaServer }) => {
        const res = await post(call('get_time_in_zone', { timezone: zone }, viaServer));
        expect(res.status).toBe(200);
        return (await res.json()) as Reply;
      }),
    );
    for (const [i, reply] of replies.entries()) {
      expect(reply.id).toBe(1);
      expect(reply.result?.structuredContent?.timezone).toBe(asks[i].zone);
    }
  });

  it('each request pays its own price when priced and ordinary calls run together', async () => {
    // Beyond 89° a year of sunrises is searched day by day: the run is charged what it spent.
    const polar = { lat: 89.5, lon: 0, date: '2026-01-01', days: 366 };
    const alone = async (viaServer: boolean) => {
      const priced = await post(call('sun_events', polar, viaServer));
      const ordinary = await post(call('get_utc_time', {}, viaServer));
      return [priced.headers.get('x-credits-charged'), ordinary.headers.get('x-credits-charged')];
    };
    const [pricedAlone, ordinaryAlone] = await alone(false);
    expect(Number(pricedAlone)).toBeGreaterThan(1);
    expect(ordinaryAlone).toBe('1');
    expect(await alone(true)).toEqual([pricedAlone, ordinaryAlone]);
    const mixed = Array.from({ length: 24 }, (_, i) => ({ priced: i % 3 === 0, viaServer: i % 2 === 0 }));
    const charged = await Promise.all(
      mixed.map(async ({ priced, viaServer }) => {
        const res = await post(priced ? call('sun_events', polar, viaServer) : call('get_utc_time', {}, viaServer));
        expect(((await res.json()) as Reply).result?.isError).toBeUndefined();
        return res.headers.get('x-credits-charged');
      }),
    );
    expect(charged).toEqual(mixed.map(({ priced }) => (priced ? pricedAlone : ordinaryAlone)));
  });

  it('the direct path answers a call exactly as the server would', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['get_local_time', { lat: 27.7172, lon: 85.324, at: '2026-11-22T08:00:00Z' }],
      ['convert_time', { time: '2026-03-08T02:30', source_timezone: 'America/New_York', target_timezone: 'Europe/London' }],
      ['get_time_in_zone', { timezone: 'Nowhere/Special' }],
      ['geo_distance', { from_lat: 91, from_lon: 0 }],
      ['list_holidays', { country: 'DE', year: 2026 }],
      ['get_utc_time', {}],
    ];
    for (const [name, args] of calls) {
      const direct = (await (await post(call(name, args))).json()) as Reply;
      const viaServer = (await (await post(call(name, args, true))).json()) as Reply;
      expect(direct, name).toEqual(viaServer);
    }
    // A call without arguments at all, and one the tool refuses: the same on both paths.
    const bare = { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'get_utc_time' } };
    expect(await (await post(bare)).json()).toEqual(await (await post({ ...bare, params: { ...bare.params, _meta: {} } })).json());
  });

  it('a failed call is refunded on either path; an unknown tool is the server’s answer', async () => {
    for (const viaServer of [false, true]) {
      const res = await post(call('get_time_in_zone', { timezone: 'Nowhere/Special' }, viaServer));
      expect(((await res.json()) as Reply).result?.isError).toBe(true);
      expect(res.headers.get('x-credits-charged')).toBe('0');
    }
    const unknown = await post(call('no_such_tool', {}));
    expect(((await unknown.json()) as Reply).result?.content[0].text).toMatch(/no_such_tool/);
    expect(unknown.headers.get('x-credits-charged')).toBe('0');
  });

  it(`a server per toolset choice, at most ${MAX_SERVERS} kept: every choice still answers its own tools`, async () => {
    // Every pair and every three of the toolsets: more choices than are kept, each asked twice in turn.
    const pairs = TOOLSET_NAMES.flatMap((a, i) => TOOLSET_NAMES.slice(i + 1).map((b) => [a, b]));
    const choices = [...pairs, ...pairs.flatMap(([a, b]) => TOOLSET_NAMES.slice(TOOLSET_NAMES.indexOf(b) + 1).map((c) => [a, b, c]))];
    expect(choices.length).toBeGreaterThan(MAX_SERVERS);
    const list = async (choice: Toolset[]) => {
      const reply = (await (await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, `?toolsets=${choice.join(',')}`)).json()) as {
        result: { tools: { name: string }[] };
      };
      return reply.result.tools.map((t) => t.name);
    };
    for (let round = 0; round < 2; round++) {
      const listed = await Promise.all(choices.map(list));
      expect(listed).toEqual(choices.map((choice) => toolsIn(registry, choice).map((t) => t.name)));
    }
  });
});

describe("the checks the SDK's transport made", () => {
  it('406 naming Accept when the client cannot read JSON and event streams', async () => {
    const res = await post(call('get_utc_time', {}), '', { ...HEADERS, accept: 'application/json' });
    expect(res.status).toBe(406);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(((await res.json()) as { errors: { field: string }[] }).errors[0].field).toBe('Accept');
    expect(res.headers.get('x-credits-charged')).toBe('0');
  });

  it('400 naming the body for a message that is no JSON-RPC; nothing charged', async () => {
    for (const message of [
      { jsonrpc: '1.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 1 },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', extra: 1 },
    ]) {
      const res = await post(message);
      expect(res.status, JSON.stringify(message)).toBe(400);
      expect(((await res.json()) as { errors: { field: string }[] }).errors[0].field).toBe('body');
      expect(res.headers.get('x-credits-charged')).toBe('0');
    }
  });

  it('202 and nothing run for a notification or a response', async () => {
    for (const message of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
      { jsonrpc: '2.0', id: 7, result: {} },
    ]) {
      const res = await post(message);
      expect(res.status).toBe(202);
      expect(await res.text()).toBe('');
    }
  });

  it('a plain call with an id that is no JSON-RPC id is the 400, not a call', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1.5, method: 'tools/call', params: { name: 'get_utc_time', arguments: {} } });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-credits-charged')).toBe('0');
  });
});
