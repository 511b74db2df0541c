/**
 * Streamable HTTP at `POST /mcp` on the API server: stateless (no session, nothing kept between
 * requests), guarded like calculation routes (API key, 401 with WWW-Authenticate) and, for browsers,
 * by `Origin` against the CORS allowlist (403). GET and DELETE answer 405: there are no sessions.
 * Bodies are read like the REST routes' (at most MAX_BODY_BYTES), one JSON-RPC message per POST, and
 * every answer is plain JSON (the transport's JSON response mode: no event stream).
 *
 * The server itself (tools, schemas, resources, prompts) is built once per toolset choice and kept
 * (at most {@link MAX_SERVERS}, the least recently used dropped); concurrent requests share it through
 * a switchboard (mcp/switchboard.ts), which keeps each request's charges beside it. This file does
 * what the SDK's stateless transport (WebStandardStreamableHTTPServerTransport) did per request, with
 * the same checks (Accept, the JSON-RPC shape; 202 for a notification) worded as problems, and writes
 * the answer as one string. Measured (bench/mcp.ts): a new server per POST cost ~1 ms of CPU, and the
 * SDK transport's web Response, streamed out in chunks, ~40% of what was left.
 */
import { JSONRPCMessageSchema, type JSONRPCRequest, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { H3Event } from 'h3';
import { FastResponse } from 'srvx';
import { clipEcho, quoteEcho } from '../engine/index.ts';
import { registry } from '../engine/index.ts';
import type { AnyTool, Toolset, ToolContext } from '../engine/index.ts';
import { readJsonBody } from '../service/body.ts';
import { problem } from '../service/problem.ts';
import { readToolsets, toolsIn } from '../service/toolsets.ts';
import { answerToolCall, type CallCharges, createMcpServer, type McpServerOptions } from './server.ts';
import { type Reply, Switchboard } from './switchboard.ts';

export interface McpHttpDeps {
  /**
   * Key check and rate limit, as for calculation routes: a Response is the problem to answer with,
   * anything else lets the message through (who the caller is matters to the API server only).
   */
  guard: (event: H3Event) => unknown;
  /** Takes a credit for a tools/call (a calculation): the problem to answer with, or null (or a promise of either). */
  charge?: (event: H3Event) => Promise<Response | null> | Response | null;
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
function requestedToolsets(url: URL, fallback: readonly Toolset[]): readonly Toolset[] | Response {
  if (url.search === '') return fallback;
  const given = url.searchParams.getAll('toolsets');
  if (given.length === 0) return fallback;
  const read = readToolsets(given.join(','));
  if (read.ok) return read.toolsets;
  return problem(400, { detail: `Invalid parameter: toolsets ${read.message}.`, errors: [{ field: 'toolsets', message: read.message }] });
}

type Message = { method?: unknown; id?: unknown } | null;

/**
 * Whether a tools/call got a result that is not an error. A call the tool refused (`isError`, e.g.
 * invalid arguments) or the server rejected (a JSON-RPC error) is no successful calculation, so, as a
 * 4xx on the REST routes, it costs no credit and does not count in usage.
 */
const succeeded = (reply: Reply | undefined): boolean => reply !== undefined && 'result' in reply && (reply.result as { isError?: unknown }).isError !== true;

/**
 * Servers kept by toolset choice: 7 toolsets make 127 choices at most, each server ~110 KB of heap
 * (33 tools, measured), so 32 of them hold under 4 MB; a 33rd choice drops the least recently used.
 */
export const MAX_SERVERS = 32;

const ACCEPT_RULE = 'must list both application/json and text/event-stream';
const SHAPE_RULE = 'must be a JSON-RPC 2.0 request, notification or response (jsonrpc "2.0", a string method, a string or integer id)';
/** Header pairs: srvx writes them as they are, with no Headers object. */
const JSON_ANSWER: [string, string][] = [['content-type', 'application/json']];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The tool and arguments of a plain tools/call of a served tool: a JSON-RPC request (no keys but
 * jsonrpc, id, method and params) whose params hold only `name` and an `arguments` object. Such a
 * call is answered directly, without the SDK's request and result parsing, its abort controller and
 * its promise chain (~30 µs a call, as much as the REST route's whole answer); anything else (a task,
 * `_meta`, an unknown tool, a malformed message) takes the server's path, whose answer it would be.
 */
function plainCall(message: unknown, tools: ReadonlyMap<string, AnyTool>): { id: string | number; tool: AnyTool; args: unknown } | null {
  if (!isObject(message) || message.jsonrpc !== '2.0' || message.method !== 'tools/call') return null;
  const { id, params } = message;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return null;
  for (const key in message) if (key !== 'jsonrpc' && key !== 'id' && key !== 'method' && key !== 'params') return null;
  if (!isObject(params)) return null;
  for (const key in params) if (key !== 'name' && key !== 'arguments') return null;
  const tool = typeof params.name === 'string' ? tools.get(params.name) : undefined;
  if (!tool || (params.arguments !== undefined && !isObject(params.arguments))) return null;
  return { id: id as string | number, tool, args: params.arguments };
}

/** A toolset choice's server, and the tools it serves by name. */
interface Served {
  board: Switchboard<RequestState>;
  tools: ReadonlyMap<string, AnyTool>;
}

/** What one request carries into the shared server. */
interface RequestState {
  charges?: CallCharges;
}

export function mcpHandler(deps: McpHttpDeps) {
  const origins = new Set(deps.allowedOrigins);
  const servers = new Map<string, Served>();
  /** The server of a toolset choice, connected to its switchboard: built on first use, then kept. */
  let recent: { toolsets: readonly Toolset[]; served: Served } | undefined;
  const serverFor = (toolsets: readonly Toolset[]): Served => {
    // The default choice is the same array every time: the last server used is found without a lookup.
    if (recent?.toolsets === toolsets) return recent.served;
    const key = toolsets.join(',');
    let served = servers.get(key);
    if (served) {
      // Most recently used last: the first key is the one to drop.
      servers.delete(key);
      servers.set(key, served);
      recent = { toolsets, served };
      return served;
    }
    const board = new Switchboard<RequestState>();
    const server = createMcpServer({
      ctx: deps.ctx,
      openapi: deps.openapi,
      toolsets,
      siteUrl: deps.siteUrl,
      runTool: deps.runTool,
      chargesOf: (extra) => board.stateOf(extra.requestId)?.charges,
    });
    // Protocol.connect takes the transport's messages before its first await: the switchboard can be
    // used at once (its start() does nothing).
    void server.connect(board);
    served = { board, tools: new Map(toolsIn(registry, toolsets).map((t) => [t.name, t])) };
    servers.set(key, served);
    if (servers.size > MAX_SERVERS) servers.delete(servers.keys().next().value as string);
    recent = { toolsets, served };
    return served;
  };
  /** Takes the credit of a tools/call: the problem to answer with, or null. */
  const chargeCall = (event: H3Event): Response | null | Promise<Response | null> => {
    const charged = deps.charge?.(event) ?? null;
    const after = (denied: Response | null) => {
      if (!denied) event.context.toolCall = true;
      return denied;
    };
    return charged instanceof Promise ? charged.then(after) : after(charged);
  };
  return async (event: H3Event): Promise<Response> => {
    const origin = event.req.headers.get('origin');
    if (origin !== null && !origins.has(origin)) {
      return problem(403, { detail: `Origin ${clipEcho(origin)} is not allowed to call this MCP endpoint.` });
    }
    const guarded = deps.guard(event);
    const caller = guarded instanceof Promise ? await guarded : guarded;
    if (caller instanceof Response) return caller;
    const toolsets = requestedToolsets(event.url, deps.toolsets);
    if (toolsets instanceof Response) return toolsets;
    // The REST routes' body reader: capped at MAX_BODY_BYTES while it streams (413 past it, nothing
    // buffered beyond), JSON parsed once.
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
    // The SDK transport's check of this header (after initialize) quoted it back whole.
    const version = event.req.headers.get('mcp-protocol-version');
    if (version !== null && message?.method !== 'initialize' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      const rule = `must be one of ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`;
      return problem(400, {
        detail: `Unsupported MCP-Protocol-Version ${quoteEcho(version)}: it ${rule}.`,
        errors: [{ field: 'MCP-Protocol-Version', message: rule }],
      });
    }
    // What the SDK's transport checks: a client that could not read the answer, a message that is no JSON-RPC.
    const accept = event.req.headers.get('accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return problem(406, { detail: `This endpoint answers JSON: the Accept header ${ACCEPT_RULE}.`, errors: [{ field: 'Accept', message: ACCEPT_RULE }] });
    }
    const served = serverFor(toolsets);
    const plain = plainCall(message, served.tools);
    if (plain) {
      const charged = chargeCall(event);
      const denied = charged instanceof Promise ? await charged : charged;
      if (denied) return denied;
      const options = { siteUrl: deps.siteUrl, charges: deps.charges?.(event), runTool: deps.runTool };
      const answering = answerToolCall(plain.tool, plain.args, deps.ctx, options);
      const answer = answering instanceof Promise ? await answering : answering;
      // Read by the app's response hook: refund the credit, leave usage alone.
      if (!answer.ok) event.context.calculationFailed = true;
      // As the SDK writes a reply (shared/protocol.js), key for key.
      return new FastResponse(`{"result":${answer.json},"jsonrpc":"2.0","id":${JSON.stringify(plain.id)}}`, { headers: JSON_ANSWER });
    }
    // Anything else takes the server's path (through the switchboard).
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success) {
      return problem(400, { detail: `The body is not a JSON-RPC message: it ${SHAPE_RULE}.`, errors: [{ field: 'body', message: SHAPE_RULE }] });
    }
    // A notification (a cancellation, notifications/initialized) or a response refers to nothing a
    // stateless server holds: accepted (202), and nothing runs.
    if (!('method' in parsed.data) || !('id' in parsed.data)) return new FastResponse(null, { status: 202 });
    const request = parsed.data as JSONRPCRequest;
    // A tools/call is a calculation: charged (a tools/call sent as a notification, above, runs nothing).
    const call = request.method === 'tools/call';
    if (call) {
      const denied = await chargeCall(event);
      if (denied) return denied;
    }
    const reply = await served.board.request(request, undefined, { charges: call ? deps.charges?.(event) : undefined });
    if (call && !succeeded(reply)) event.context.calculationFailed = true;
    return new FastResponse(JSON.stringify(reply), { headers: JSON_ANSWER });
  };
}
