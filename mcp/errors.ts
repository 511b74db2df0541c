/**
 * What an MCP error says back to a client, whichever part of the SDK (1.x) wrote it, over stdio and HTTP
 * alike:
 * - a request whose `params` do not fit the protocol's schema (tools/call with `arguments` a list or a
 *   string, `name` a number): the SDK parses every request with zod before any handler of ours runs, and
 *   answers a failed parse with zod's issue list dumped as JSON (code -32603, `[\n {\n "expected": ...`).
 *   It is answered instead with code -32602 (invalid params) and the sentence an HTTP 400 reads,
 *   naming each field by its JSON path (`Invalid parameter: params.arguments must be a JSON object.`;
 *   engine/validate.ts), at most ten listed, so the answer stays small whatever was sent;
 * - a name, URI or reference the client sent, which the SDK quotes back (`Tool <name> not found`,
 *   `Resource <uri> not found`, as a JSON-RPC error or an `isError` tool result): at most 200
 *   characters of it (engine/echo.ts).
 * Tool arguments themselves are checked by `callTool` (mcp/server.ts) with the engine's messages.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { clipEcho, MAX_ECHO } from '../engine/echo.ts';
import { asSentence } from '../engine/tool.ts';
import { describeErrors, formatIssues } from '../engine/validate.ts';

type Request = { method: string; params?: Record<string, unknown> };
type Handler = (request: Request, extra: unknown) => Promise<unknown>;

/** The strings of a request the SDK may quote in an error: a tool or prompt name, a URI, a reference. */
function echoable(params: Record<string, unknown> | undefined): string[] {
  if (!params || typeof params !== 'object') return [];
  const ref = params.ref as Record<string, unknown> | undefined;
  const argument = params.argument as Record<string, unknown> | undefined;
  return [params.name, params.uri, ref?.name, ref?.uri, argument?.name, argument?.value].filter(
    (s): s is string => typeof s === 'string' && s.length > MAX_ECHO,
  );
}

/** `text` with every long string of the request in it clipped (split and join: no pattern from input). */
function clipped(text: string, long: readonly string[]): string {
  let out = text;
  for (const s of long) if (out.includes(s)) out = out.split(s).join(clipEcho(s));
  return out;
}

const isZodError = (error: unknown): error is { issues: z.core.$ZodIssue[] } =>
  error instanceof Error && Array.isArray((error as { issues?: unknown }).issues) && !('code' in error);

/** A request handler answering as the module says; anything else passes through unchanged. */
function worded(handler: Handler): Handler {
  return async (request, extra) => {
    let result: unknown;
    try {
      result = await handler(request, extra);
    } catch (error) {
      if (isZodError(error)) {
        throw new McpError(ErrorCode.InvalidParams, asSentence(describeErrors(formatIssues(error.issues)).text));
      }
      const long = echoable(request.params);
      if (long.length && error instanceof Error) error.message = clipped(error.message, long);
      throw error;
    }
    const long = echoable(request.params);
    const content = (result as { isError?: unknown; content?: unknown } | null)?.content;
    if (long.length && (result as { isError?: unknown }).isError === true && Array.isArray(content)) {
      for (const part of content as { type?: unknown; text?: unknown }[]) {
        if (part.type === 'text' && typeof part.text === 'string') part.text = clipped(part.text, long);
      }
    }
    return result;
  };
}

/**
 * Rewords the errors of every request handler the server has now (call it once every tool, resource and
 * prompt is registered). Reads the protocol's handler table, private in SDK 1.x as `validateToolInput` is.
 */
export function installErrorWording(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  for (const [method, handler] of handlers) handlers.set(method, worded(handler));
}
