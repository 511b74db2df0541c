/**
 * MCP errors say what was wrong in the words of an HTTP 400, naming the field, and stay small whatever
 * was sent: no validator dump for params that do not fit the protocol, at most ten field errors, at
 * most 200 characters of a client's text quoted back (mcp/errors.ts, engine/echo.ts). Over both real
 * transports: a stdio child process (the SDK client) and Streamable HTTP on loopback (raw JSON-RPC).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { serve } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';

const KEY = 'mcp-errors-key-0123456';
const SITE = 'https://site.example';

/** `{x: {x: ... 1}}`, `levels` deep. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { x: value };
  return value;
};
/** `[[[...1]]]`, `levels` deep. */
const nestedList = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}1${']'.repeat(levels)}`);

/** 20 participants of the wrong shape, each holding a value nested 300 levels deep (five errors each). */
const WRONG_PARTICIPANTS = Array.from({ length: 20 }, () => ({ timezone: 5, workdays: [{}], name: [], hours: nested(300), extra: nestedList(300) }));

/** What a call answered: the JSON-RPC error, or the tool result. */
type Reply = { error?: { code: number; message: string }; result?: { isError?: boolean; content: { type: string; text?: string }[] } };
type Call = (params: Record<string, unknown>) => Promise<Reply>;

/** The checks both transports must pass, given a way to send tools/call params. */
function errorChecks(call: () => Call) {
  const textOf = (reply: Reply) => reply.result?.content.map((c) => c.text ?? '').join('\n') ?? '';

  it('arguments that are not an object: invalid params, named, no validator dump', async () => {
    for (const args of [[1, 2], 'x', [nested(400)]]) {
      const reply = await call()({ name: 'convert_time', arguments: args });
      expect(reply.error?.code).toBe(ErrorCode.InvalidParams);
      expect(reply.error?.message).toBe('MCP error -32602: Invalid parameter: params.arguments must be a JSON object.');
    }
    const named = await call()({ name: 7, arguments: {} });
    expect(named.error).toEqual({ code: ErrorCode.InvalidParams, message: 'MCP error -32602: Invalid parameter: params.name must be a string.' });
  });

  it('deeply nested arguments and lists of objects of the wrong types: the field-naming sentence, at most ten listed', async () => {
    const deep = await call()({ name: 'convert_time', arguments: { time: nested(400), source_timezone: 'UTC', target_timezone: nestedList(400) } });
    expect(deep.result?.isError).toBe(true);
    expect(textOf(deep)).toBe(
      'Invalid parameters: time must be a local time HH:MM or a local date-time YYYY-MM-DDTHH:MM[:SS]; target_timezone must be an IANA time-zone name such as Europe/Paris, or an abbreviation such as CET.',
    );
    const wrong = await call()({ name: 'find_meeting_times', arguments: { participants: WRONG_PARTICIPANTS, start_date: '2026-11-23' } });
    expect(wrong.result?.isError).toBe(true);
    const text = textOf(wrong);
    expect(text).toMatch(/^Invalid parameters: participants\[0\]\.[a-z_]+ /);
    expect(text).toMatch(/; and \d+ more\.$/);
    expect(text.split('; ')).toHaveLength(11);
    expect(text).not.toMatch(/"expected"|"path"|invalid_type|ZodError|\n\s+at /);
    expect(text.length).toBeLessThan(1_500);
  });

  it('a 50 KB tool name or argument name is quoted by its first 200 characters', async () => {
    const name = 'n'.repeat(50_000);
    const unknownTool = await call()({ name, arguments: {} });
    expect(unknownTool.result?.isError).toBe(true);
    expect(textOf(unknownTool)).toBe(`MCP error -32602: Tool ${'n'.repeat(200)}… (50000 characters) not found`);
    const unknownArgument = await call()({ name: 'get_utc_time', arguments: { [name]: 1 } });
    expect(textOf(unknownArgument)).toBe(`Invalid parameter: ${'n'.repeat(80)}… is not a known parameter of this operation.`);
  });
}

describe('over stdio (npm run --silent mcp)', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'errors-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: 'npm', args: ['run', '--silent', 'mcp'], stderr: 'pipe' }));
  }, 60_000);
  afterAll(() => client?.close());

  errorChecks(() => async (params) => {
    try {
      return { result: (await client.request({ method: 'tools/call', params }, CallToolResultSchema)) as Reply['result'] };
    } catch (error) {
      if (!(error instanceof McpError)) throw error;
      // The client's McpError puts its own `MCP error <code>: ` before the message on the wire.
      return { error: { code: error.code, message: error.message.slice(`MCP error ${error.code}: `.length) } };
    }
  });
});

describe('over Streamable HTTP (POST /mcp)', () => {
  const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, SITE_URL: SITE, RATE_LIMIT_PER_MINUTE: '0' }) });
  let server: ReturnType<typeof serve>;
  let base: string;
  beforeAll(async () => {
    server = serve(app, { port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
    await server.ready();
    base = server.url!.replace(/\/$/, '');
  });
  afterAll(() => server.close(true));

  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${base}/mcp`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });

  errorChecks(() => async (params) => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.length).toBeLessThan(2_000);
    return JSON.parse(text) as Reply;
  });

  it('a 10 KB Origin or MCP-Protocol-Version is quoted by its first 200 characters', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const origin = `https://${'o'.repeat(10_000)}.example`;
    const foreign = await post(message, { origin });
    expect(foreign.status).toBe(403);
    const refused = await foreign.text();
    expect(refused.length).toBeLessThan(600);
    expect((JSON.parse(refused) as { detail: string }).detail).toBe(
      `Origin ${origin.slice(0, 200)}… (10016 characters) is not allowed to call this MCP endpoint.`,
    );

    const version = `2025-${'9'.repeat(10_000)}`;
    const unsupported = await post(message, { 'mcp-protocol-version': version });
    expect(unsupported.status).toBe(400);
    expect(unsupported.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await unsupported.text();
    expect(body.length).toBeLessThan(800);
    expect((JSON.parse(body) as { detail: string }).detail).toMatch(
      /^Unsupported MCP-Protocol-Version '2025-9{195}…' \(10005 characters\): it must be one of /,
    );
    // A version the SDK speaks is served as before.
    expect((await post(message, { 'mcp-protocol-version': '2025-06-18' })).status).toBe(200);
  });
});
