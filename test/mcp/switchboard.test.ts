/**
 * The switchboard (mcp/switchboard.ts) in front of a real SDK server: requests that share a JSON-RPC id
 * and finish in any order each get their own reply and their own state, and what has nowhere to go is
 * dropped.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Switchboard } from '../../mcp/switchboard.ts';

/** A server whose `echo` tool waits for its gate, then answers with its argument and its request's state. */
function serverWithGates() {
  const board = new Switchboard<{ caller: string }>();
  const gates = new Map<string, () => void>();
  let waiting: { count: number; reached: () => void } | undefined;
  /** Resolves once `count` calls wait at their gates. */
  const gatesSet = (count: number) => new Promise<void>((reached) => (waiting = { count, reached }));
  const server = new McpServer({ name: 't', version: '1' });
  server.registerTool('echo', { inputSchema: { word: z.string() } }, async ({ word }, extra) => {
    const caller = board.stateOf(extra.requestId)?.caller;
    await new Promise<void>((open) => {
      gates.set(word, open);
      if (gates.size === waiting?.count) waiting.reached();
    });
    return { content: [{ type: 'text', text: `${word} for ${caller}` }] };
  });
  return { board, gates, gatesSet, connected: server.connect(board) };
}

const echo = (word: string) => ({ jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 'echo', arguments: { word } } });

describe('Switchboard', () => {
  it('routes each reply to its request, whatever the order they finish in, under the client’s id', async () => {
    const { board, gates, gatesSet, connected } = serverWithGates();
    await connected;
    const words = ['alpha', 'bravo', 'charlie', 'delta'];
    const started = gatesSet(words.length);
    const replies = words.map((word) => board.request(echo(word), undefined, { caller: `caller-${word}` }));
    await started;
    expect(board.pending).toBe(words.length);
    for (const word of [...words].reverse()) gates.get(word)!();
    const answered = await Promise.all(replies);
    for (const [i, reply] of answered.entries()) {
      expect(reply.id).toBe(1);
      expect((reply as unknown as { result: { content: { text: string }[] } }).result.content[0].text).toBe(`${words[i]} for caller-${words[i]}`);
    }
    expect(board.pending).toBe(0);
  });

  it('a protocol error comes back to its request too', async () => {
    const { board, connected } = serverWithGates();
    await connected;
    const reply = await board.request({ jsonrpc: '2.0', id: 'x', method: 'no/such/method' }, undefined, { caller: 'c' });
    expect(reply).toMatchObject({ id: 'x', error: { code: -32601 } });
  });

  it('drops what the server sends to no waiting request', async () => {
    const { board, connected } = serverWithGates();
    await connected;
    await board.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await board.send({ jsonrpc: '2.0', id: 99, result: {} });
    expect(board.pending).toBe(0);
  });
});
