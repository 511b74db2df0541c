/**
 * The MCP front end: an McpServer whose tools are the registry's, served through the SDK's public
 * request handlers (tools/list with the tools' portable JSON Schemas, mcp/json-schema.ts; tools/call
 * running the call as the REST routes do, service/call.ts), with explicit annotations, and results as
 * structuredContent plus the same JSON as a text block. Input errors come back as `isError` results
 * worded exactly like the HTTP 400. Resources, templates and prompts are registered with McpServer's
 * own API (mcp/discovery.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { clipEcho } from '../engine/index.ts';
import { registry } from '../engine/index.ts';
import { systemContext, TOOLSET_NAMES, type AnyTool, type ToolContext, type Toolset } from '../engine/index.ts';
import { type CallCharges, type CallOptions as RunOptions, type CallOutcome, type CallProblem, runCall, type ToolRunner } from '../service/call.ts';
import { SERVICE, VERSION } from '../service/identity.ts';
import { jsonValueOf } from '../service/json-value.ts';
import { jsonWriterOf } from '../service/json-writer.ts';
import { toolPagePath } from '../service/links.ts';
import { toolsetCatalogue, toolsIn } from '../service/toolsets.ts';
import { registerDiscovery, type DiscoveryOptions } from './discovery.ts';
import { WordedMcpServer } from './errors.ts';
import { listedTool } from './json-schema.ts';

/**
 * The MCP annotations of a tool: what its declaration says it does to the world. `destructiveHint` only
 * for a tool that writes: MCP reads it only when readOnlyHint is false.
 */
export function annotationsOf(tool: AnyTool) {
  return tool.annotations.readOnlyHint ? { title: tool.title, ...tool.annotations } : { title: tool.title, ...tool.annotations, destructiveHint: true };
}

/** The web page a person can open for this tool's answer: its calculator, or its entry on the API page. */
function pageLink(tool: AnyTool, siteUrl: string) {
  return {
    type: 'resource_link' as const,
    uri: `${siteUrl.replace(/\/+$/, '')}${toolPagePath(tool)}`,
    name: tool.calculator ? `${tool.calculator.name ?? tool.title} calculator` : `${tool.title} (HTTP API reference)`,
    mimeType: 'text/html',
    description: tool.calculator ? 'The same calculation as a web page, with a form' : `${tool.http.method} ${tool.http.path} on the API reference page`,
  };
}

/**
 * A tool's answer as MCP gives it: as structuredContent, the answer as a plain JSON value with its
 * output schema's keys in the schema's order (service/json-value.ts), and that value's JSON as the text,
 * which is the text the HTTP API writes (service/json-writer.ts), so the two agree key for key and in
 * order; then, when a site is named (SITE_URL), a link to the page a person can open for it. With none,
 * no link: never one to a site that is not running.
 */
export function toolResult(tool: AnyTool, result: unknown, siteUrl?: string): CallToolResult {
  const structuredContent = jsonValueOf(tool.output)(result) as Record<string, unknown>;
  const text = JSON.stringify(structuredContent);
  return {
    structuredContent,
    content: siteUrl === undefined ? [{ type: 'text', text }] : [{ type: 'text', text }, pageLink(tool, siteUrl)],
  };
}

const errorResult = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * {@link toolResult} written as JSON text at once: the writer's text is the structuredContent, so it is
 * neither parsed nor written again (~5 µs a call on the API server, a fifth of a REST call's CPU).
 * test/mcp/server.test.ts holds the two to the same answer for every tool.
 */
export function toolResultJson(tool: AnyTool, result: unknown, siteUrl?: string): string {
  const text = jsonWriterOf(tool.output)(result);
  const content = siteUrl === undefined ? [{ type: 'text', text }] : [{ type: 'text', text }, pageLink(tool, siteUrl)];
  return `{"structuredContent":${text},"content":${JSON.stringify(content)}}`;
}

export type { CallCharges };

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * A call's problem as a tool error's text: the HTTP 400's `detail` for an input error, `Unavailable: `
 * and the 503's for a provider or server that cannot answer now, a refusal's `detail` for a call over
 * the caller's limits.
 */
export const problemText = (p: CallProblem): string => (p.kind === 'unavailable' ? `Unavailable: ${p.detail}` : p.detail);

/** How a call is charged and run, where it is (the API server's `/mcp`); none: free, run here. */
export interface CallOptions extends RunOptions {
  /** The website's address, for the page link (SITE_URL). */
  siteUrl?: string;
}

/**
 * Runs one tool as the HTTP handler does (service/call.ts: validate with our wording, price, run with
 * a work meter, settle), input and provider errors as tool errors rather than protocol errors; an
 * answer is given to `present`. Like the REST route, it answers at once when nothing it does waits.
 */
function presentCall<T>(
  tool: AnyTool,
  args: unknown,
  ctx: ToolContext,
  options: CallOptions,
  present: (result: unknown) => T,
): T | CallToolResult | Promise<T | CallToolResult> {
  const settled = (outcome: CallOutcome) => (outcome.ok ? present(outcome.result) : errorResult(problemText(outcome.problem)));
  const outcome = runCall(tool, args ?? {}, ctx, options);
  return isThenable(outcome) ? Promise.resolve(outcome).then(settled) : settled(outcome);
}

/** A tool call's result ({@link presentCall}): what tools/call answers. */
export function callTool(tool: AnyTool, args: unknown, ctx: ToolContext, options: CallOptions = {}): CallToolResult | Promise<CallToolResult> {
  return presentCall(tool, args, ctx, options, (result) => toolResult(tool, result, options.siteUrl));
}

/**
 * A tools/call's result as the server's tools/call handler answers it ({@link serveTools}), written
 * as JSON text, and whether it succeeded (not `isError`): {@link presentCall} with {@link toolResultJson},
 * and, for an error it throws (a bug), an `isError` result with its message. The API server's `/mcp`
 * answers a call of a served tool with it directly (mcp/http.ts).
 */
export function answerToolCall(tool: AnyTool, args: unknown, ctx: ToolContext, options: CallOptions): ToolAnswer | Promise<ToolAnswer> {
  const written = (answer: string | CallToolResult): ToolAnswer =>
    typeof answer === 'string' ? { json: answer, ok: true } : { json: JSON.stringify(answer), ok: answer.isError !== true };
  const thrown = (error: unknown) => written(errorResult(error instanceof Error ? error.message : String(error)));
  try {
    const answer = presentCall(tool, args, ctx, options, (result) => toolResultJson(tool, result, options.siteUrl));
    return isThenable(answer) ? Promise.resolve(answer).then(written, thrown) : written(answer);
  } catch (error) {
    return thrown(error);
  }
}

export interface ToolAnswer {
  /** The CallToolResult as JSON text. */
  json: string;
  ok: boolean;
}

function newServer(toolsets: readonly Toolset[]): McpServer {
  const all = toolsets.length === TOOLSET_NAMES.length;
  const others = TOOLSET_NAMES.filter((t) => !toolsets.includes(t));
  const server = new WordedMcpServer(
    { name: SERVICE, version: VERSION, title: 'Time, Date, Geo, Solar and Astronomy tools' },
    {
      // `listChanged` as the SDK's registerTool declares it (the list is fixed for a server's life).
      capabilities: { tools: { listChanged: true }, resources: {}, prompts: {}, completions: {} },
      instructions: [
        'Time zones, local time at coordinates, date arithmetic, business days, holidays, WGS84 geodesics, the Sun and the planets.',
        'Every result carries compact provenance (data releases and method ids, explained in the provenance://methods resource). Local time for a coordinate comes from a time-zone boundary lookup and IANA rules, never from longitude.',
        'Instants are ISO-8601 with Z or an offset, or epoch seconds (≤ 11 digits) or milliseconds (12–13 digits); dates are YYYY-MM-DD; coordinates are decimal degrees (WGS84), north and east positive.',
        all
          ? `Toolsets: all (${toolsets.join(', ')}).`
          : `Toolsets on: ${toolsets.join(', ')}; also available: ${others.join(', ')} (read toolsets://catalogue).`,
      ].join(' '),
    },
  );
  return server;
}

export interface McpServerOptions extends DiscoveryOptions {
  ctx?: ToolContext;
  tools?: readonly AnyTool[];
  /** The toolsets to list and serve (default: all). */
  toolsets?: readonly Toolset[];
  /** The website's address, for the page links in tool results (SITE_URL); none: results link no page. */
  siteUrl?: string;
  /** How this server's calls are charged; none over stdio. */
  charges?: CallCharges;
  /**
   * How the call a tool handler runs is charged, when one server answers many requests (the API
   * server's `/mcp`, mcp/switchboard.ts): read from the handler's `extra` (its `requestId`).
   */
  chargesOf?: (extra: { requestId: string | number }) => CallCharges | undefined;
  /** Runs a call (the API server's runs heavy ones in its work pool); default: here. */
  runTool?: ToolRunner;
}

/** An SDK tool error (McpServer's wording): for a tool not served, and a bug a call throws. */
const sdkToolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/**
 * Serves `tools` through the SDK's public request handlers: tools/list with each tool's portable
 * schemas (computed once: the list is fixed), tools/call validating the arguments itself with the
 * engine's wording (the SDK's McpServer would parse them with zod's and wrap it in "Input validation
 * error: ..."), the answer written once from the result object (toolResult), and no second parse of
 * structuredContent with the output schema: the listed schema is checked against every tool's examples
 * (test/mcp/json-schema.test.ts). A tool not served, or a bug, is an `isError` result worded as the SDK
 * words it.
 */
function serveTools(server: McpServer, tools: readonly AnyTool[], optionsOf: (extra: { requestId: string | number }) => CallOptions, ctx: ToolContext): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listing: ListToolsResult = { tools: tools.map((tool) => listedTool(tool, annotationsOf(tool))) };
  server.server.setRequestHandler(ListToolsRequestSchema, () => listing);
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const tool = byName.get(name);
    if (!tool) return sdkToolError(new McpError(ErrorCode.InvalidParams, `Tool ${clipEcho(name)} not found`).message);
    try {
      return await callTool(tool, args, ctx, optionsOf(extra));
    } catch (error) {
      return sdkToolError(error instanceof Error ? error.message : String(error));
    }
  });
}

/** A server with the tools of the chosen toolsets, the discovery resources and the prompts. */
export function createMcpServer(options: McpServerOptions = {}): McpServer {
  const toolsets = options.toolsets ?? TOOLSET_NAMES;
  const everyTool = options.tools ?? registry;
  const tools = toolsIn(everyTool, toolsets);
  const ctx = options.ctx ?? systemContext;
  const server = newServer(toolsets);
  serveTools(server, tools, (extra) => ({ siteUrl: options.siteUrl, charges: options.charges ?? options.chargesOf?.(extra), runTool: options.runTool }), ctx);
  registerDiscovery(server, { ...options, tools, now: ctx.now, catalogue: toolsetCatalogue(everyTool, toolsets) });
  return server;
}
