/**
 * Streamable HTTP at `POST /mcp` on the API server: stateless (a fresh server and transport per
 * request), guarded like calculation routes (API key, 401 with WWW-Authenticate) and, for browsers,
 * by `Origin` against the CORS allowlist (403). GET and DELETE answer 405: there are no sessions.
 * Bodies are read like the REST routes' (at most MAX_BODY_BYTES), one JSON-RPC message per POST.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { H3Event } from 'h3';
import { clipEcho, quoteEcho } from '../engine/echo.ts';
import type { Toolset, ToolContext } from '../engine/tool.ts';
import { readJsonBody } from '../service/body.ts';
import { problem } from '../service/problem.ts';
import { readToolsets } from '../service/toolsets.ts';
import { type CallCharges, createMcpServer, type McpServerOptions } from './server.ts';

export interface McpHttpDeps {
  /**
   * Key check and rate limit, as for calculation routes: a Response is the problem to answer with,
   * anything else lets the message through (who the caller is matters to the API server only).
   */
  guard: (event: H3Event) => unknown;
  /** Takes a credit for a tools/call (a calculation); resolves to the problem to answer with, or null. */
  charge?: (event: H3Event) => Promise<Response | null>;
  /**
   * Takes the rest of a call's price (engine/work.ts) beyond that credit, records what the call cost:
   * the refusal text, or null.
   */
  charges?: (event: H3Event) => CallCharges;
  /** Runs a call (the API server runs heavy ones in its work pool); default: here. */
  runTool?: McpServerOptions['runTool'];
  ctx: ToolContext;
  allowedOrigins: readonly string[];
  openapi: () => Promise<unknown>;
  /** The toolsets served when the request names none (`?toolsets=`). */
  toolsets: readonly Toolset[];
  /** The website's address, for the page links in tool results (SITE_URL); none: results link no page. */
  siteUrl?: string;
}

/** `?toolsets=time,date` (repeated parameters join): the toolsets this request lists and serves. */
function requestedToolsets(url: string, fallback: readonly Toolset[]): readonly Toolset[] | Response {
  const given = new URL(url).searchParams.getAll('toolsets');
  if (given.length === 0) return fallback;
  const read = readToolsets(given.join(','));
  if (read.ok) return read.toolsets;
  return problem(400, { detail: `Invalid parameter: toolsets ${read.message}.`, errors: [{ field: 'toolsets', message: read.message }] });
}

type Message = { method?: unknown; id?: unknown; result?: { isError?: unknown }; error?: unknown } | null;

const messagesOf = (text: string): Message[] => {
  try {
    const parsed = JSON.parse(text) as Message | Message[];
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [];
  }
};

/**
 * True when at least one of the calls got a result that is not an error. A call the tool refused
 * (`isError`, e.g. invalid arguments) or the server rejected (a JSON-RPC error) is no successful
 * calculation, so, as a 4xx on the REST routes, it costs no credit and does not count in usage.
 */
async function anyCallSucceeded(response: Response, ids: unknown[]): Promise<boolean> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response.ok;
  const replies = messagesOf(await response.clone().text());
  return replies.some((r) => ids.includes(r?.id) && r?.result !== undefined && r.result?.isError !== true);
}

export function mcpHandler(deps: McpHttpDeps) {
  const origins = new Set(deps.allowedOrigins);
  return async (event: H3Event): Promise<Response> => {
    const origin = event.req.headers.get('origin');
    if (origin !== null && !origins.has(origin)) {
      return problem(403, { detail: `Origin ${clipEcho(origin)} is not allowed to call this MCP endpoint.` });
    }
    const caller = await deps.guard(event);
    if (caller instanceof Response) return caller;
    const toolsets = requestedToolsets(event.req.url, deps.toolsets);
    if (toolsets instanceof Response) return toolsets;
    // The REST routes' body reader: capped at MAX_BODY_BYTES while it streams (413 past it, nothing
    // buffered beyond), JSON parsed once and handed to the transport as it is.
    const body = await readJsonBody(event.req);
    if (body instanceof Response) return body;
    // One message per POST (MCP 2025-06-18 dropped JSON-RPC batches): a batch of 100 tools/call would
    // otherwise be one request to the rate limit, the credits and the usage count.
    if (Array.isArray(body) && body.length !== 1) {
      return problem(400, {
        detail: 'JSON-RPC batches are not accepted: send one message per POST /mcp (each tools/call is charged, counted and rate-limited as one request).',
        errors: [{ field: 'body', message: 'must be one JSON-RPC message, not an array of them' }],
      });
    }
    const message = (Array.isArray(body) ? body[0] : body) as Message;
    // The transport's own check of this header (after initialize) would quote it back whole.
    const version = event.req.headers.get('mcp-protocol-version');
    if (version !== null && message?.method !== 'initialize' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      const rule = `must be one of ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`;
      return problem(400, {
        detail: `Unsupported MCP-Protocol-Version ${quoteEcho(version)}: it ${rule}.`,
        errors: [{ field: 'MCP-Protocol-Version', message: rule }],
      });
    }
    // A tools/call sent as a notification (no id) gets no answer and runs nothing: it is not charged.
    const calls = message?.method === 'tools/call' && message.id !== undefined && message.id !== null ? [message.id] : [];
    if (deps.charge && calls.length > 0) {
      const denied = await deps.charge(event);
      if (denied) return denied;
    }
    const request = new Request(event.req.url, { method: 'POST', headers: event.req.headers });
    if (calls.length > 0) event.context.toolCall = true;
    const charges = calls.length > 0 ? deps.charges?.(event) : undefined;
    const server = createMcpServer({ ctx: deps.ctx, openapi: deps.openapi, toolsets, siteUrl: deps.siteUrl, charges, runTool: deps.runTool });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(request, { parsedBody: body });
      // Read by the app's response hook: refund the credit, leave usage alone.
      if (calls.length > 0 && !(await anyCallSucceeded(response, calls))) event.context.calculationFailed = true;
      return response;
    } finally {
      void server.close();
    }
  };
}
