/**
 * Links that open: the API server links the website (SITE_URL) in `GET /`'s `website`, the page link
 * (`resource_link`) of every MCP tool result and a share's `share_url`; with no SITE_URL set it links no
 * site at all (never `http://localhost:4321`, a server `npm start` does not run), and `share_url` is
 * the API's own read route. Two real servers on loopback, one with SITE_URL and one without, and the
 * real MCP client over Streamable HTTP.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { createApp } from '../../http/app.ts';
import { createStore, type Store } from '../../http/store/index.ts';
import { loadSettings } from '../../service/settings.ts';

const KEY = 'site-url-key-0123456789';
const SITE = 'https://site.example';
const SHARE = { poster: 'sky', date: '2026-12-21', location: { name: 'Greenwich', lat: 51.4769, lng: -0.0005 }, time: '21:30', ttl_days: 7 };

interface Running {
  base: string;
  close(): Promise<void>;
}
const running: Running[] = [];

/** The API server on a loopback port with these settings, and a file store of its own. */
async function start(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-url-'));
  const store: Store = await createStore({ dataDir, redisUrl: null }, { warn: () => {} });
  const settings = loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0', DATA_DIR: dataDir, ...env });
  const server = serve(createApp({ settings, store }).app, { port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
  await server.ready();
  const base = server.url!.replace(/\/$/, '');
  running.push({
    base,
    close: async () => {
      await server.close(true);
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return base;
}

/** The content blocks of a tools/call through the real MCP client over Streamable HTTP. */
async function callOverMcp(base: string, name: string, args: Record<string, unknown>) {
  const client = new Client({ name: 'site-url-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${KEY}` } } }));
  try {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.content as { type: string; uri?: string; text?: string }[];
  } finally {
    await client.close();
  }
}

const share = async (base: string) => {
  const res = await fetch(`${base}/v1/observatory/share`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SHARE) });
  expect(res.status, await res.clone().text()).toBe(201);
  return { location: res.headers.get('location'), body: (await res.json()) as { token: string; share_url: string } };
};

const distance = registry.find((t) => t.name === 'geo_distance')!;
const DISTANCE_ARGS = { from_lat: 51.5, from_lon: 0, to_lat: 48.85, to_lon: 2.35 };

let withSite: string;
let withoutSite: string;
beforeAll(async () => {
  withSite = await start({ SITE_URL: `${SITE}/` });
  withoutSite = await start({});
});
afterAll(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

describe('with SITE_URL set', () => {
  it("GET / names the website, a tool result links its page there, and share_url is the site's share page", async () => {
    expect(await (await fetch(`${withSite}/`)).json()).toMatchObject({ mcp: '/mcp', website: SITE });
    const content = await callOverMcp(withSite, 'geo_distance', DISTANCE_ARGS);
    expect(content[0].type).toBe('text');
    expect(content.filter((c) => c.type === 'resource_link').map((c) => c.uri)).toEqual([`${SITE}/calculators/${distance.calculator!.slug}/`]);
    const { body } = await share(withSite);
    expect(body.share_url).toBe(`${SITE}/observatory/share/${body.token}/`);
  });
});

describe('without SITE_URL', () => {
  it('GET / has no website field and no other link to a site', async () => {
    const res = await fetch(`${withoutSite}/`);
    expect(res.status).toBe(200);
    const index = (await res.json()) as Record<string, unknown>;
    expect(index).toEqual({ service: 'time-coordinate-api', version: '0.1.0', docs: '/openapi.json', status: '/v1/status', mcp: '/mcp' });
    expect(JSON.stringify(index)).not.toMatch(/localhost|4321/);
  });

  it('a tool result over MCP carries its JSON and no resource_link', async () => {
    const content = await callOverMcp(withoutSite, 'geo_distance', DISTANCE_ARGS);
    expect(content.map((c) => c.type)).toEqual(['text']);
    expect(JSON.parse(content[0].text!)).toMatchObject({ kilometers: expect.any(Number) });
  });

  it("share_url is the API's own read route (as Location), and it opens", async () => {
    const { location, body } = await share(withoutSite);
    expect(body.share_url).toBe(`/v1/observatory/share/${body.token}`);
    expect(body.share_url).toBe(location);
    const read = await fetch(new URL(body.share_url, `${withoutSite}/`));
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ token: body.token, poster: 'sky' });
  });
});
