/**
 * Toolsets (a client loads the groups it needs), the tools/list budget, and the page link in every
 * tool result: through a real MCP client in memory, the stdio child process and Streamable HTTP.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { serve } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { TOOLSET_NAMES, type Toolset } from '../../engine/tool.ts';
import { createApp } from '../../http/app.ts';
import { createMcpServer, type McpServerOptions } from '../../mcp/server.ts';
import { loadSettings, SettingsError } from '../../service/settings.ts';
import { readToolsets } from '../../service/toolsets.ts';
import { fixedClock } from '../helpers.ts';

const ctx = fixedClock('2026-11-22T08:00:00Z');

async function inMemory(options: McpServerOptions = {}) {
  const server = createMcpServer({ ctx, openapi: async () => ({}), ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'toolsets-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('toolsets', () => {
  it('every tool is in exactly one known toolset, and every toolset named has a description', () => {
    for (const tool of registry) expect(TOOLSET_NAMES).toContain(tool.family);
    expect(new Set(registry.map((t) => t.family)).size).toBeGreaterThanOrEqual(5);
  });

  it('reads lists as people write them and refuses unknown names', () => {
    expect(readToolsets('time, DATE')).toEqual({ ok: true, toolsets: ['time', 'date'] });
    expect(readToolsets('geo,geo,time')).toEqual({ ok: true, toolsets: ['time', 'geo'] });
    expect(readToolsets('all')).toEqual({ ok: true, toolsets: TOOLSET_NAMES });
    expect(readToolsets('time,weather')).toMatchObject({ ok: false, message: expect.stringContaining('"weather"') });
    expect(readToolsets(' , ')).toMatchObject({ ok: false, message: expect.stringContaining('at least one') });
    expect(readToolsets('constructor')).toMatchObject({ ok: false });
    expect(readToolsets('x'.repeat(500))).toMatchObject({ ok: false, message: expect.stringContaining('at most 200') });
  });

  it('MCP_TOOLSETS sets the default, and a wrong one stops start-up naming the setting', () => {
    expect(loadSettings({}).mcpToolsets).toEqual(TOOLSET_NAMES);
    expect(loadSettings({ MCP_TOOLSETS: 'sky' }).mcpToolsets).toEqual(['sky']);
    expect(() => loadSettings({ MCP_TOOLSETS: 'stars' })).toThrow(SettingsError);
    expect(() => loadSettings({ MCP_TOOLSETS: 'stars' })).toThrow(/MCP_TOOLSETS/);
  });

  it('one toolset lists and serves its tools only, and the catalogue says what else there is', async () => {
    const client = await inMemory({ toolsets: ['geo'] });
    const { tools } = await client.listTools();
    const geo = registry.filter((t) => t.family === 'geo').map((t) => t.name);
    expect(tools.map((t) => t.name)).toEqual(geo);
    expect(geo).toContain('geo_distance');
    const off = await client
      .callTool({ name: 'get_local_time', arguments: { lat: 0, lon: 0 } })
      .catch((e: Error) => ({ isError: true, content: [{ text: e.message }] }));
    expect(off.isError).toBe(true);
    expect(client.getInstructions()).toMatch(/Toolsets on: geo; also available: time, date, holidays, places, sky/);
    const read = await client.readResource({ uri: 'toolsets://catalogue' });
    const catalogue = JSON.parse((read.contents[0] as { text: string }).text);
    expect(catalogue.toolsets.find((t: { name: string }) => t.name === 'geo')).toMatchObject({ enabled: true, tools: geo });
    expect(catalogue.toolsets.find((t: { name: string }) => t.name === 'time')).toMatchObject({
      enabled: false,
      tools: expect.arrayContaining(['get_local_time']),
    });
    expect(catalogue.how_to_choose.http).toBe('POST /mcp?toolsets=time,date');
    // A prompt is offered only when the tools it calls are served.
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).not.toContain('convert-a-time');
    await client.close();
  });
});

describe('resource links', () => {
  it('a result links the calculator page, or the API page entry for a tool without one', async () => {
    const client = await inMemory({ siteUrl: 'https://site.example/' });
    const withPage = await client.callTool({ name: 'geo_distance', arguments: { from_lat: 51.5, from_lon: 0, to_lat: 48.85, to_lon: 2.35 } });
    const link = (withPage.content as { type: string; uri?: string; mimeType?: string }[]).find((c) => c.type === 'resource_link');
    const tool = registry.find((t) => t.name === 'geo_distance')!;
    expect(link).toMatchObject({ uri: `https://site.example/calculators/${tool.calculator!.slug}/`, mimeType: 'text/html' });
    const noPage = registry.find((t) => !t.calculator && t.name === 'get_utc_time')!;
    const utc = await client.callTool({ name: noPage.name, arguments: {} });
    expect((utc.content as { type: string; uri?: string }[]).find((c) => c.type === 'resource_link')?.uri).toBe(
      'https://site.example/developers/api/#get_utc_time',
    );
    // The JSON text stays the first block, as clients that read only text expect.
    expect((utc.content as { type: string }[])[0].type).toBe('text');
    await client.close();
  });

  it('without a site (SITE_URL unset) a result links no page: never one to a site that is not running', async () => {
    const client = await inMemory();
    const result = await client.callTool({ name: 'geo_distance', arguments: { from_lat: 51.5, from_lon: 0, to_lat: 48.85, to_lon: 2.35 } });
    expect(result.isError).toBeFalsy();
    expect((result.content as { type: string }[]).map((c) => c.type)).toEqual(['text']);
    await client.close();
  });
});

describe('over the real transports', () => {
  it('stdio: --toolsets serves those only; an unknown one stops with a line naming the option', async () => {
    const transport = new StdioClientTransport({ command: 'npm', args: ['run', '--silent', 'mcp', '--', '--toolsets', 'sky,holidays'], stderr: 'pipe' });
    const client = new Client({ name: 'stdio-toolsets', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    const expected = registry.filter((t) => (['sky', 'holidays'] as Toolset[]).includes(t.family)).map((t) => t.name);
    expect(tools.map((t) => t.name)).toEqual(expected);
    await client.close();

    const bad = spawnSync('npm', ['run', '--silent', 'mcp', '--', '--toolsets=stars'], { encoding: 'utf8', timeout: 120_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Invalid option --toolsets: has no toolset named "stars"');
  }, 180_000);

  describe('Streamable HTTP: ?toolsets=', () => {
    const KEY = 'mcp-toolsets-key-0123456';
    const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0', MCP_TOOLSETS: 'time,date' }) });
    let server: ReturnType<typeof serve>;
    let base = '';
    beforeAll(async () => {
      server = serve(app, { port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
      await server.ready();
      base = server.url!.replace(/\/$/, '');
    });
    afterAll(async () => {
      await server.close(true);
    });
    const list = (query: string) =>
      fetch(`${base}/mcp${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': KEY },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const names = async (res: Response) => ((await res.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    const of = (...sets: Toolset[]) => registry.filter((t) => sets.includes(t.family)).map((t) => t.name);

    it('the query picks the toolsets; without it, MCP_TOOLSETS does', async () => {
      expect(await names(await list('?toolsets=geo'))).toEqual(of('geo'));
      expect(await names(await list('?toolsets=sky&toolsets=date'))).toEqual(of('date', 'sky'));
      expect(await names(await list(''))).toEqual(of('time', 'date'));
      expect(await names(await list('?toolsets=all'))).toHaveLength(registry.length);
    });

    it('an unknown toolset is a 400 problem naming the parameter', async () => {
      const res = await list('?toolsets=geo,stars');
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const body = (await res.json()) as { errors: { field: string; message: string }[] };
      expect(body.errors[0]).toMatchObject({ field: 'toolsets', message: expect.stringContaining('"stars"') });
    });
  });
});
