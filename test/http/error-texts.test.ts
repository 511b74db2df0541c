/**
 * Every error text a client reads (an HTTP problem's `detail`, an MCP tool error) is a sentence ending in
 * exactly one mark: "did you mean Europe/Lisbon?" stays a question, never "?." or "..".
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { createApp } from '../../http/app.ts';
import { geoElevation } from '../../engine/geo/geo-elevation.ts';
import { asSentence } from '../../engine/tool.ts';
import { callTool, createMcpServer } from '../../mcp/server.ts';
import { loadSettings } from '../../service/settings.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'error-text-key-0123456789';
const ORIGIN = 'https://site.example';
const settings = loadSettings({ TIME_API_KEYS: KEY, SITE_URL: ORIGIN, RATE_LIMIT_PER_MINUTE: '0' });
const clock = fixedClock('2026-11-22T08:00:00Z');
/** No elevation provider: geo_elevation is unavailable (503, or an MCP tool error). */
const { app } = createApp({ settings, ctx: clock });
/** A provider on a port nobody listens on: refused, retried once, then unavailable. */
const down = { ...clock, elevation: createOpenMeteoElevation('http://127.0.0.1:9/v1/elevation', { timeoutMs: 500 }) };
const downApp = createApp({ settings, ctx: down }).app;
const limitedApp = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '1' }), ctx: clock }).app;
const keylessApp = createApp({ settings: loadSettings({}), ctx: clock }).app;

/** Ends in one of . ? ! and the character before it is none of them. */
const ONE_FULL_STOP = /(^|[^.?!])[.?!]$/;

const ZONE_TYPO = 'Europe/Lisbn';
const LONG_NAME = 'x'.repeat(150);
const BAD_ARGS: [label: string, tool: string, args: Record<string, unknown>][] = [
  ['a zone typo (a suggestion ends in ?)', 'get_time_in_zone', { timezone: ZONE_TYPO }],
  ['an Etc/GMT typo (a suggestion with a note)', 'get_time_in_zone', { timezone: 'Etc/GMT+25' }],
  ['an instant without offset', 'get_time_in_zone', { timezone: 'Europe/Paris', at: '2026-11-22T08:00' }],
  ['a latitude out of range', 'get_local_time', { lat: 91, lon: 0 }],
  ['three errors, one clipped', 'get_local_time', { lat: 'abc', lon: 999, [LONG_NAME]: 1 }],
  ['too many points', 'get_local_times', { points: Array.from({ length: 101 }, () => ({ lat: 100, lon: 0 })) }],
  ['more errors than are listed', 'get_local_times', { points: Array.from({ length: 20 }, () => ({ lat: 100, lon: 200 })) }],
  ['at and date together', 'ephemeris', { at: '2026-11-22T08:00:00Z', date: '2026-11-22' }],
  ['a day that does not exist', 'ephemeris', { date: '2023-02-29' }],
  ['a bad time and a zone typo', 'convert_time', { time: '25:00', source_timezone: ZONE_TYPO, target_timezone: 'UTC' }],
  ['a sum past the calendar (found while running)', 'date_add', { start: '9999-12-31', days: 1 }],
  ['a month the calendar lacks (found while running)', 'convert_calendar', { calendar: 'chinese', year: 2026, month: 'M05L', day: 1 }],
  ['date and calendar fields together', 'convert_calendar', { date: '2026-03-20', calendar: 'hebrew', year: 5786 }],
  ['no elevation provider (unavailable)', 'geo_elevation', { lat: 46.5, lon: 7.9 }],
];

const query = (args: Record<string, unknown>) => new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)])).toString();

const ROUTES: Record<string, { method: 'GET' | 'POST'; path: string }> = {
  get_time_in_zone: { method: 'GET', path: '/v1/time/zone' },
  get_local_time: { method: 'GET', path: '/v1/time' },
  get_local_times: { method: 'POST', path: '/v1/time/batch' },
  ephemeris: { method: 'GET', path: '/v1/astronomy/ephemeris' },
  convert_time: { method: 'GET', path: '/v1/time/convert' },
  date_add: { method: 'GET', path: '/v1/date/add' },
  convert_calendar: { method: 'GET', path: '/v1/date/calendars' },
  geo_elevation: { method: 'GET', path: '/v1/geo/elevation' },
};

function request(path: string, init: RequestInit & { key?: string | null } = {}) {
  const headers = new Headers(init.headers);
  if (init.key !== null) headers.set('x-api-key', init.key ?? KEY);
  return new Request(`http://api.test${path}`, { ...init, headers });
}

const toolRequest = (tool: string, args: Record<string, unknown>) => {
  const { method, path } = ROUTES[tool];
  return method === 'GET'
    ? request(`${path}?${query(args)}`)
    : request(path, { method: 'POST', body: JSON.stringify(args), headers: { 'content-type': 'application/json' } });
};

async function detailOf(res: Response): Promise<string> {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return ((await res.json()) as { detail: string }).detail;
}

let client: Client;
beforeAll(async () => {
  const server = createMcpServer({ ctx: clock, openapi: async () => ({}) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'error-texts', version: '1.0.0' });
  await client.connect(clientSide);
});
afterAll(() => client.close());

describe('error texts end in exactly one full stop, question or exclamation mark', () => {
  it.each(BAD_ARGS)('%s: the HTTP detail and the MCP error text', async (_label, tool, args) => {
    const detail = await detailOf(await app.fetch(toolRequest(tool, args)));
    expect(detail).toMatch(ONE_FULL_STOP);
    const result = await client.callTool({ name: tool, arguments: args });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0].text;
    expect(text).toMatch(ONE_FULL_STOP);
  });

  it('a zone typo stays a question: "did you mean Europe/Lisbon?"', async () => {
    const detail = await detailOf(await app.fetch(toolRequest('get_time_in_zone', { timezone: ZONE_TYPO })));
    expect(detail).toMatch(/did you mean Europe\/Lisbon\?$/);
    const result = await client.callTool({ name: 'get_time_in_zone', arguments: { timezone: ZONE_TYPO } });
    expect((result.content as { text: string }[])[0].text).toBe(detail);
  });

  it('an unreachable provider (503), over HTTP and MCP', async () => {
    const detail = await detailOf(await downApp.fetch(toolRequest('geo_elevation', { lat: 46.5, lon: 7.9 })));
    expect(detail).toMatch(ONE_FULL_STOP);
    const result = await callTool(geoElevation, { lat: 46.5, lon: 7.9 }, down);
    expect((result.content as { text: string }[])[0].text).toBe(`Unavailable: ${detail}`);
  });

  it('asSentence keeps one mark of its own, or adds a full stop', () => {
    expect(asSentence('did you mean Europe/Lisbon?')).toBe('did you mean Europe/Lisbon?');
    expect(asSentence('did you mean Europe/Lisbon?.')).toBe('did you mean Europe/Lisbon?');
    expect(asSentence('try again shortly..')).toBe('try again shortly.');
    expect(asSentence('no elevation provider configured ')).toBe('no elevation provider configured.');
    expect(asSentence('a clipped message…')).toBe('a clipped message….');
  });

  it.each([
    ['no key', () => app.fetch(request('/v1/time?lat=1&lon=1', { key: null }))],
    ['an unknown key', () => app.fetch(request('/v1/time?lat=1&lon=1', { key: 'not-a-key-000000' }))],
    ['no keys configured', () => keylessApp.fetch(request('/v1/time?lat=1&lon=1', { key: null }))],
    ['an unknown route', () => app.fetch(request('/v1/nothing'))],
    ['a wrong method', () => app.fetch(request('/v1/time', { method: 'DELETE' }))],
    ['a wrong method on /mcp', () => app.fetch(request('/mcp'))],
    [
      'a body that is not JSON',
      () => app.fetch(request('/v1/time/batch', { method: 'POST', body: '{"points": [', headers: { 'content-type': 'application/json' } })),
    ],
    ['an empty body', () => app.fetch(request('/v1/time/batch', { method: 'POST', body: '', headers: { 'content-type': 'application/json' } }))],
    ['a body of another type', () => app.fetch(request('/v1/time/batch', { method: 'POST', body: 'points', headers: { 'content-type': 'text/plain' } }))],
    [
      'a body over 64 KiB',
      () => app.fetch(request('/v1/time/batch', { method: 'POST', body: ' '.repeat(70_000), headers: { 'content-type': 'application/json' } })),
    ],
    [
      'a disallowed Origin (preflight)',
      () => app.fetch(request('/v1/time', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } })),
    ],
    [
      'a disallowed Origin on /mcp',
      () => app.fetch(request('/mcp', { method: 'POST', body: '{}', headers: { origin: 'https://evil.example', 'content-type': 'application/json' } })),
    ],
    ['a JSON-RPC batch on /mcp', () => app.fetch(request('/mcp', { method: 'POST', body: '[{}, {}]', headers: { 'content-type': 'application/json' } }))],
    [
      'the rate limit',
      async () => {
        await limitedApp.fetch(request('/v1/time?lat=1&lon=1'));
        return limitedApp.fetch(request('/v1/time?lat=1&lon=1'));
      },
    ],
  ])('HTTP problem for %s', async (_what, send) => {
    expect(await detailOf(await send())).toMatch(ONE_FULL_STOP);
  });
});
