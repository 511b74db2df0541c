/**
 * Streamable HTTP at `POST /mcp` on the API server: stateless (a fresh server and transport per
 * request), guarded like calculation routes (API key, 401 with WWW-Authenticate) and, for browsers,
 * by `Origin` against the CORS allowlist (403). GET and DELETE answer 405: there are no sessions.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { H3Event } from 'h3';
import type { ToolContext } from '../engine/tool.ts';
import type { Caller } from '../http/middleware/auth.ts';
import { problem } from '../http/middleware/problem.ts';
import { createMcpServer } from './server.ts';

export interface McpHttpDeps {
  /** Key check and rate limit, as for calculation routes. */
  guard: (event: H3Event) => Caller | Response | Promise<Caller | Response>;
  /** Takes a credit for a tools/call (a calculation); resolves to the problem to answer with, or null. */
  charge?: (event: H3Event) => Promise<Response | null>;
  ctx: ToolContext;
  allowedOrigins: readonly string[];
  openapi: () => Promise<unknown>;
}

/** True when a JSON-RPC message (or batch) in `body` is a tools/call. */
function callsATool(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as unknown;
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.some((m) => (m as { method?: unknown } | null)?.method === 'tools/call');
  } catch {
    return false; // the transport answers malformed JSON with a JSON-RPC parse error
  }
}

export function mcpHandler(deps: McpHttpDeps) {
  const origins = new Set(deps.allowedOrigins);
  return async (event: H3Event): Promise<Response> => {
    const origin = event.req.headers.get('origin');
    if (origin !== null && !origins.has(origin)) {
      return problem(403, { detail: `Origin ${origin} is not allowed to call this MCP endpoint.` });
    }
    const caller = await deps.guard(event);
    if (caller instanceof Response) return caller;
    // Read the body once to see whether it calls a tool (charged like a REST calculation), then hand
    // the transport an identical request.
    const body = await event.req.text();
    if (deps.charge && callsATool(body)) {
      const denied = await deps.charge(event);
      if (denied) return denied;
    }
    const request = new Request(event.req.url, { method: 'POST', headers: event.req.headers, body });
    const server = createMcpServer({ ctx: deps.ctx, openapi: deps.openapi });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      void server.close();
    }
  };
}
