/**
 * The MCP front end: one McpServer registering every registry tool, with the tool's own zod schemas as
 * inputSchema/outputSchema, explicit annotations, and results as structuredContent plus the same JSON
 * as a text block. Input errors come back as `isError` results worded exactly like the HTTP 400.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { registry } from '../engine/registry.ts';
import {
  asSentence,
  systemContext,
  TOOLSET_NAMES,
  ToolInputError,
  ToolUnavailableError,
  type AnyTool,
  type ToolContext,
  type Toolset,
} from '../engine/tool.ts';
import { describeErrors, validateInput, type FieldError } from '../engine/validate.ts';
import { creditsSpent, priceOf, WorkMeter } from '../engine/work.ts';
import { jsonWriterOf } from '../service/json-writer.ts';
import { toolPagePath } from '../service/links.ts';
import { toolsetCatalogue, toolsIn } from '../service/toolsets.ts';
import { registerDiscovery, type DiscoveryOptions } from './discovery.ts';
import { installErrorWording } from './errors.ts';
import { installToolList } from './json-schema.ts';

export const MCP_SERVER_NAME = 'time-coordinate-api';
export const MCP_SERVER_VERSION = '0.1.0';

/**
 * The wording of an HTTP 400 `detail`, so an agent reads the same sentence on either transport: the first
 * ten errors, names and messages clipped, the rest counted (engine/validate.ts describeErrors).
 */
export function invalidMessage(errors: FieldError[]): string {
  return asSentence(describeErrors(errors).text);
}

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
 * A tool's answer as MCP gives it: the JSON text the HTTP API writes (the writer compiled from the
 * tool's output schema: keys in the schema's order), and the same JSON, parsed, as structuredContent,
 * so the two agree key for key and in order; then, when a site is named (SITE_URL), a link to the page
 * a person can open for it. With none, no link: never one to a site that is not running.
 */
export function toolResult(tool: AnyTool, result: unknown, siteUrl?: string): CallToolResult {
  const text = jsonWriterOf(tool.output)(result);
  return {
    structuredContent: JSON.parse(text) as Record<string, unknown>,
    content: siteUrl === undefined ? [{ type: 'text', text }] : [{ type: 'text', text }, pageLink(tool, siteUrl)],
  };
}

const errorResult = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * What a call costs, where calls are charged (the API server's `/mcp`; engine/work.ts prices them): the
 * credit taken at the door covers an ordinary call.
 */
export interface CallCharges {
  /** Takes `extra` more credits (with `force`, whatever is left: work already done); a refusal text or null. */
  surcharge(extra: number, force?: boolean): Promise<string | null>;
  /** What the call cost in the end, and whether it failed after real work (its credits are then kept). */
  settle(credits: number, workCharged: boolean): void;
}

/**
 * Runs one tool as the HTTP handler does: validate with the tool's schema (our wording), price it from
 * its declared work (refused before any work when too large), run with a work meter, and turn input and
 * provider errors into tool errors rather than protocol errors.
 */
export async function callTool(
  tool: AnyTool,
  args: unknown,
  ctx: ToolContext,
  siteUrl?: string,
  charges?: CallCharges,
  runTool: (tool: AnyTool, input: unknown, ctx: ToolContext) => unknown = (t, input, c) => t.run(input, c),
): Promise<CallToolResult> {
  const checked = validateInput(tool.input, args ?? {});
  if (!checked.ok) return errorResult(invalidMessage(checked.errors));
  let price: number;
  try {
    price = priceOf(tool, checked.data);
  } catch (error) {
    if (error instanceof ToolInputError) return errorResult(invalidMessage(error.errors));
    throw error;
  }
  if (charges && price > 1) {
    const refused = await charges.surcharge(price - 1);
    if (refused) return errorResult(refused);
  }
  const meter = tool.work ? new WorkMeter() : undefined;
  const settle = async () => {
    const spent = creditsSpent(price, meter);
    if (charges && spent > price) await charges.surcharge(spent - price, true);
    charges?.settle(spent, meter !== undefined && meter.spent > 0);
  };
  try {
    const result = await runTool(tool, checked.data, meter ? { ...ctx, meter } : ctx);
    await settle();
    return toolResult(tool, result, siteUrl);
  } catch (error) {
    await settle();
    if (error instanceof ToolInputError) return errorResult(invalidMessage(error.errors));
    if (error instanceof ToolUnavailableError) return errorResult(`Unavailable: ${error.message}`);
    throw error;
  }
}

function newServer(toolsets: readonly Toolset[]): McpServer {
  const all = toolsets.length === TOOLSET_NAMES.length;
  const others = TOOLSET_NAMES.filter((t) => !toolsets.includes(t));
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION, title: 'Time, Date, Geo, Solar and Astronomy tools' },
    {
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
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
  // The SDK's own argument check (a private method) would parse with zod's default wording and wrap it
  // in "Input validation error: ..."; we pass the arguments through so that `callTool` validates them
  // with the engine's messages, exactly as the HTTP API words its 400s. tools/list still shows the schema.
  Object.defineProperty(server, 'validateToolInput', { value: async (_tool: unknown, args: unknown) => args });
  return server;
}

export interface McpServerOptions extends DiscoveryOptions {
  ctx?: ToolContext;
  tools?: readonly AnyTool[];
  /** The toolsets to list and serve (default: all). */
  toolsets?: readonly Toolset[];
  /** The website's address, for the page links in tool results (SITE_URL); none: results link no page. */
  siteUrl?: string;
  /** How this request's calls are charged (the API server's `/mcp`); none over stdio. */
  charges?: CallCharges;
  /** Runs a call (the API server's runs heavy ones in its work pool); default: here. */
  runTool?: (tool: AnyTool, input: unknown, ctx: ToolContext) => unknown;
}

/** A fresh server with the tools of the chosen toolsets, the discovery resources and the prompts. */
export function createMcpServer(options: McpServerOptions = {}): McpServer {
  const toolsets = options.toolsets ?? TOOLSET_NAMES;
  const everyTool = options.tools ?? registry;
  const tools = toolsIn(everyTool, toolsets);
  const ctx = options.ctx ?? systemContext;
  const server = newServer(toolsets);
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: annotationsOf(tool),
      },
      (args: unknown) => callTool(tool, args, ctx, options.siteUrl, options.charges, options.runTool),
    );
  }
  installToolList(server);
  registerDiscovery(server, { ...options, tools, now: ctx.now, catalogue: toolsetCatalogue(everyTool, toolsets) });
  installErrorWording(server);
  return server;
}
