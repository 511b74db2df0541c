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
import { SERVICE, VERSION } from '../service/identity.ts';
import { jsonWriterOf } from '../service/json-writer.ts';
import { toolPagePath } from '../service/links.ts';
import { toolsetCatalogue, toolsIn } from '../service/toolsets.ts';
import { registerDiscovery, type DiscoveryOptions } from './discovery.ts';
import { installErrorWording } from './errors.ts';
import { installToolList } from './json-schema.ts';

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
 * {@link toolResult} written as JSON text at once: the writer's text is the structuredContent, so it is
 * neither parsed nor written again (~5 µs a call on the API server, a fifth of a REST call's CPU).
 * test/mcp/server.test.ts holds the two to the same answer for every tool.
 */
export function toolResultJson(tool: AnyTool, result: unknown, siteUrl?: string): string {
  const text = jsonWriterOf(tool.output)(result);
  const content = siteUrl === undefined ? [{ type: 'text', text }] : [{ type: 'text', text }, pageLink(tool, siteUrl)];
  return `{"structuredContent":${text},"content":${JSON.stringify(content)}}`;
}

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

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** A run's input or provider error as a tool error; anything else (a bug) is thrown on. */
function runFailure(error: unknown): CallToolResult {
  if (error instanceof ToolInputError) return errorResult(invalidMessage(error.errors));
  if (error instanceof ToolUnavailableError) return errorResult(`Unavailable: ${error.message}`);
  throw error;
}

/** How a call is charged and run, where it is (the API server's `/mcp`); none: free, run here. */
export interface CallOptions {
  /** The website's address, for the page link (SITE_URL). */
  siteUrl?: string;
  charges?: CallCharges;
  /** Runs the tool (the API server runs heavy ones in its work pool); default: here. */
  runTool?: (tool: AnyTool, input: unknown, ctx: ToolContext) => unknown;
}

/**
 * Runs one tool as the HTTP handler does: validate with the tool's schema (our wording), price it from
 * its declared work (refused before any work when too large), run with a work meter, and turn input and
 * provider errors into tool errors rather than protocol errors; a result is given to `present`. Like
 * the REST route, it answers at once (no promise) when nothing it does waits.
 */
function runCall<T>(
  tool: AnyTool,
  args: unknown,
  ctx: ToolContext,
  { charges, runTool = (t, input, c) => t.run(input, c) }: CallOptions,
  present: (result: unknown) => T,
): T | CallToolResult | Promise<T | CallToolResult> {
  const checked = validateInput(tool.input, args ?? {});
  if (!checked.ok) return errorResult(invalidMessage(checked.errors));
  let price: number;
  try {
    price = priceOf(tool, checked.data);
  } catch (error) {
    if (error instanceof ToolInputError) return errorResult(invalidMessage(error.errors));
    throw error;
  }
  const run = (): T | CallToolResult | Promise<T | CallToolResult> => {
    const meter = tool.work ? new WorkMeter() : undefined;
    /** Takes what the run spent beyond its price (work already done: never refused) and records the cost. */
    const settle = (): Promise<void> | undefined => {
      const spent = creditsSpent(price, meter);
      const record = () => charges?.settle(spent, meter !== undefined && meter.spent > 0);
      if (charges && spent > price) return charges.surcharge(spent - price, true).then(record);
      record();
      return undefined;
    };
    const failed = (error: unknown) => {
      const pending = settle();
      return pending ? pending.then(() => runFailure(error)) : runFailure(error);
    };
    const answered = (result: unknown) => {
      const pending = settle();
      return pending ? pending.then(() => present(result)) : present(result);
    };
    let result: unknown;
    try {
      result = runTool(tool, checked.data, meter ? { ...ctx, meter } : ctx);
    } catch (error) {
      return failed(error);
    }
    return isThenable(result) ? Promise.resolve(result).then(answered, failed) : answered(result);
  };
  if (charges && price > 1) return charges.surcharge(price - 1).then((refused) => (refused ? errorResult(refused) : run()));
  return run();
}

/** A tool call's result ({@link runCall}): what tools/call answers. */
export function callTool(tool: AnyTool, args: unknown, ctx: ToolContext, options: CallOptions = {}): CallToolResult | Promise<CallToolResult> {
  return runCall(tool, args, ctx, options, (result) => toolResult(tool, result, options.siteUrl));
}

/**
 * A tools/call's result as the server's registered handler answers it (the SDK's McpServer), written
 * as JSON text, and whether it succeeded (not `isError`): {@link runCall} with {@link toolResultJson},
 * and, for an error it throws (a bug), an `isError` result with its message. The API server's `/mcp`
 * answers a call of a served tool with it directly (mcp/http.ts).
 */
export function answerToolCall(tool: AnyTool, args: unknown, ctx: ToolContext, options: CallOptions): ToolAnswer | Promise<ToolAnswer> {
  const written = (answer: string | CallToolResult): ToolAnswer =>
    typeof answer === 'string' ? { json: answer, ok: true } : { json: JSON.stringify(answer), ok: answer.isError !== true };
  const thrown = (error: unknown) => written(errorResult(error instanceof Error ? error.message : String(error)));
  try {
    const answer = runCall(tool, args, ctx, options, (result) => toolResultJson(tool, result, options.siteUrl));
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
  const server = new McpServer(
    { name: SERVICE, version: VERSION, title: 'Time, Date, Geo, Solar and Astronomy tools' },
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
  // Nor is structuredContent parsed again with the output schema (4–6 µs a call): it is the JSON the
  // REST route answers, written by the writer compiled from that schema (toolResult), and every tool's
  // examples are checked against the listed schema (test/mcp/json-schema.test.ts).
  Object.defineProperty(server, 'validateToolOutput', { value: async () => {} });
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
  runTool?: (tool: AnyTool, input: unknown, ctx: ToolContext) => unknown;
}

/** A server with the tools of the chosen toolsets, the discovery resources and the prompts. */
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
      (args: unknown, extra) =>
        callTool(tool, args, ctx, { siteUrl: options.siteUrl, charges: options.charges ?? options.chargesOf?.(extra), runTool: options.runTool }),
    );
  }
  installToolList(server);
  registerDiscovery(server, { ...options, tools, now: ctx.now, catalogue: toolsetCatalogue(everyTool, toolsets) });
  installErrorWording(server);
  return server;
}
