/** The MCP server over its two real transports: a stdio child process and Streamable HTTP on /mcp. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { serve } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';

describe('stdio (npm run --silent mcp)', () => {
  it('lists every tool and answers a call, with nothing but protocol on stdout', async () => {
    const transport = new StdioClientTransport({ command: 'npm', args: ['run', '--silent', 'mcp'], stderr: 'pipe' });
    const errors: string[] = [];
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    client.onerror = (e) => errors.push(String(e));
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(registry.map((t) => t.name).sort());
    const result = await client.callTool({
      name: 'convert_time',
      arguments: { time: '2026-03-08T02:30', source_timezone: 'America/New_York', target_timezone: 'Europe/London' },
    });
    expect(result.structuredContent).toMatchObject({ gap_adjusted: true, source: { timezone: 'America/New_York', local_time: '2026-03-08T03:30:00-04:00' } });
    await client.close();
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('Streamable HTTP on /mcp', () => {
  const KEY = 'mcp-http-key-0123456';
  const settings = loadSettings({ TIME_API_KEYS: `agent:${KEY}`, SITE_URL: 'https://site.example' });
  const { app } = createApp({ settings });
  let server: ReturnType<typeof serve>;
  let base: string;

  beforeAll(async () => {
    server = serve(app, { port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
    await server.ready();
    base = server.url!.replace(/\/$/, '');
  });
  afterAll(async () => {
    await server.close(true);
  });

  const connect = async (headers: Record<string, string>) => {
    const client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
    return client;
  };

  it('with a key: every tool listed, and the same answer as the REST route', async () => {
    const client = await connect({ authorization: `Bearer ${KEY}` });
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(registry.length);
    const args = { lat: 27.7172, lon: 85.324, at: '2026-11-22T08:00:00Z' };
    const viaMcp = await client.callTool({ name: 'get_local_time', arguments: args });
    const viaRest = await (await fetch(`${base}/v1/time?lat=27.7172&lon=85.324&at=2026-11-22T08:00:00Z`, { headers: { 'x-api-key': KEY } })).json();
    expect(viaMcp.structuredContent).toEqual(viaRest);
    await client.close();
  });

  it('401 with WWW-Authenticate without a key', async () => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expect(connect({})).rejects.toThrow();
  });

  it('403 for a foreign Origin, allowed for the site', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': KEY };
    const foreign = await fetch(`${base}/mcp`, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('content-type')).toMatch(/problem\+json/);
    const site = await fetch(`${base}/mcp`, { method: 'POST', headers: { ...headers, origin: 'https://site.example' }, body });
    expect(site.status).toBe(200);
  });

  it('GET and DELETE answer 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${base}/mcp`, { method, headers: { 'x-api-key': KEY } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    }
  });
});
