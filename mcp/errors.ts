/**
 * What an MCP error says back to a client, whichever part of the SDK (1.x) wrote it, over stdio and HTTP
 * alike:
 * - a request whose `params` do not fit the protocol's schema (tools/call with `arguments` a list or a
 *   string, `name` a number): the SDK parses every request with zod before any handler of ours runs, and
 *   answers a failed parse with zod's issue list dumped as JSON (code -32603, `[\n {\n "expected": ...`).
 *   It is answered instead with code -32602 (invalid params) and the sentence an HTTP 400 reads,
 *   naming each field by its JSON path (`Invalid parameter: params.arguments must be a JSON object.`;
 *   engine/validate.ts), at most ten listed, so the answer stays small whatever was sent;
 * - a name, URI or reference the client sent, which the SDK quotes back (`Resource <uri> not found`, as
 *   a JSON-RPC error or an `isError` tool result): at most 200 characters of it (engine/echo.ts).
 * Tool arguments themselves are checked by `callTool` (mcp/server.ts) with the engine's messages.
 *
 * Only the SDK's public API: the server's transport is wrapped ({@link WordedTransport}), which sees
 * each request and the reply to it, and rewords the reply. A reply the SDK failed with an internal error
 * is the failed parse exactly when the request does not fit the method's schema (the parse comes first
 * in every handler), so only such a reply is parsed again.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  type JSONRPCMessage,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type MessageExtraInfo,
  PingRequestSchema,
  ReadResourceRequestSchema,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { clipEcho, MAX_ECHO } from '../engine/index.ts';
import { asSentence } from '../engine/index.ts';
import { describeErrors, formatIssues } from '../engine/index.ts';

type Request = { method: string; params?: Record<string, unknown> };
type Schema = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: z.core.$ZodIssue[] } } };

/** The schema the SDK parses each request this server answers with (its handlers' own). */
const SCHEMAS: Record<string, Schema> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
  'completion/complete': CompleteRequestSchema,
} as unknown as Record<string, Schema>;

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

type Reply = JSONRPCMessage & { id: RequestId; error?: { code: number; message: string }; result?: { isError?: unknown; content?: unknown } };

/** The reply to `request` as the module says; anything else unchanged. */
export function wordedReply(request: Request, reply: Reply): Reply {
  if (reply.error) {
    const failed = reply.error.code === ErrorCode.InternalError ? SCHEMAS[request.method]?.safeParse(request) : undefined;
    if (failed && !failed.success) {
      const error = new McpError(ErrorCode.InvalidParams, asSentence(describeErrors(formatIssues(failed.error.issues)).text));
      return { ...reply, error: { code: error.code, message: error.message } };
    }
    const long = echoable(request.params);
    return long.length ? { ...reply, error: { ...reply.error, message: clipped(reply.error.message, long) } } : reply;
  }
  const content = reply.result?.content;
  const long = reply.result?.isError === true && Array.isArray(content) ? echoable(request.params) : [];
  if (!long.length) return reply;
  const parts = (content as { type?: unknown; text?: unknown }[]).map((part) =>
    part.type === 'text' && typeof part.text === 'string' ? { ...part, text: clipped(part.text, long) } : part,
  );
  return { ...reply, result: { ...reply.result, content: parts } } as Reply;
}

/** A server transport whose replies are worded as the module says ({@link wordedReply}). */
export class WordedTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly #inner: Transport;
  /** The requests not answered yet, by id. */
  readonly #asked = new Map<RequestId, Request>();

  constructor(inner: Transport) {
    this.#inner = inner;
    inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
      if ('method' in message) {
        if ('id' in message) this.#asked.set(message.id as RequestId, message);
        else if (message.method === 'notifications/cancelled') this.#asked.delete((message.params as { requestId?: RequestId } | undefined)?.requestId ?? '');
      }
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('id' in message && !('method' in message)) {
      const id = message.id as RequestId;
      const request = this.#asked.get(id);
      if (request) {
        this.#asked.delete(id);
        return this.#inner.send(wordedReply(request, message as Reply), options);
      }
    }
    return this.#inner.send(message, options);
  }
}

/** An McpServer whose every connection answers through a {@link WordedTransport}. */
export class WordedMcpServer extends McpServer {
  override connect(transport: Transport): Promise<void> {
    return super.connect(new WordedTransport(transport));
  }
}
