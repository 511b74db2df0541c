/**
 * One long-lived MCP server answering many stateless HTTP requests at once. An SDK server holds one
 * transport at a time (`connect` refuses a second one) and keys its in-flight requests by their JSON-RPC
 * id, which every client numbers from 0 or 1: two clients' `id: 1` in flight together would share an
 * abort controller, and one client's `notifications/cancelled` could stop the other's call. So the
 * server is connected once to this switchboard, and each request is handed over under an id of the
 * switchboard's own (unique while the process lives), its reply routed back to the request that waits
 * for it under the client's id. What the request carries for the server (how its calls are charged) is
 * kept beside it and read by the handler through `extra.requestId`.
 *
 * Only requests reach the server. Stateless Streamable HTTP has no session, so a notification (a
 * cancellation, `notifications/initialized`) or a response a client POSTs refers to nothing this server
 * could hold, and is dropped here; the server sends no requests of its own, and its notifications go
 * nowhere (answers are plain JSON, not event streams). What an `initialize` leaves on the server (the
 * client's capabilities and name) is the last client's; only requests from the server to a client read
 * it, and this server sends none.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCRequest, JSONRPCResultResponse, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

export type Reply = JSONRPCResultResponse | JSONRPCErrorResponse;

interface Waiting<S> {
  /** The id the client gave the request. */
  id: JSONRPCRequest['id'];
  state: S;
  resolve: (reply: Reply) => void;
}

export class Switchboard<S> implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly #waiting = new Map<number, Waiting<S>>();
  #next = 0;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** The server's messages: a reply goes to the request waiting for it; anything else has nowhere to go. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || 'method' in message) return;
    const waiting = this.#waiting.get(message.id as number);
    if (!waiting) return;
    this.#waiting.delete(message.id as number);
    waiting.resolve({ ...message, id: waiting.id });
  }

  /** Hands a client's request to the server; resolves with the server's reply, under the client's id. */
  request(message: JSONRPCRequest, extra: MessageExtraInfo | undefined, state: S): Promise<Reply> {
    const id = ++this.#next;
    return new Promise((resolve) => {
      this.#waiting.set(id, { id: message.id, state, resolve });
      this.onmessage?.({ ...message, id }, extra);
    });
  }

  /** What the request the server knows as `requestId` carries (undefined once it is answered). */
  stateOf(requestId: unknown): S | undefined {
    return this.#waiting.get(requestId as number)?.state;
  }

  /** Requests handed over and not yet answered. */
  get pending(): number {
    return this.#waiting.size;
  }
}
