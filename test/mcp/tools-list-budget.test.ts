/**
 * The price of the tool list in every conversation: the whole `tools/list` answer as a client receives
 * it, printed per toolset and held to issue 16's budget.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { TOOLSET_NAMES, toolsetOf, type Toolset } from '../../engine/tool.ts';
import { createMcpServer } from '../../mcp/server.ts';

async function inMemory(toolsets?: Toolset[]) {
  const server = createMcpServer({ openapi: async () => ({}), toolsets });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'budget-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** The bytes of the whole tools/list answer as a client receives it (JSON, no spaces). */
const listBytes = async (client: Client) => Buffer.byteLength(JSON.stringify(await client.listTools()));

/**
 * Issue 16's budget: 40 KB for the 23 tools of today, 55 KB for the 36 tools once the sky, places and
 * planning tools are in; in between, the same per-tool allowance.
 */
const budgetBytes = (tools: number) => Math.round(40_000 + Math.max(0, tools - 23) * (15_000 / 13));

describe('tools/list budget', () => {
  it('the whole list fits the budget, and each toolset costs a few KB', async () => {
    const client = await inMemory();
    const total = await listBytes(client);
    const sizes: string[] = [`all ${registry.length} tools: ${total} bytes (budget ${budgetBytes(registry.length)})`];
    for (const toolset of TOOLSET_NAMES) {
      const count = registry.filter((t) => toolsetOf(t) === toolset).length;
      if (count === 0) continue;
      const bytes = await listBytes(await inMemory([toolset]));
      sizes.push(`${toolset} (${count} tools): ${bytes} bytes`);
      expect(bytes, toolset).toBeLessThan(total);
    }
    console.log(`tools/list size\n  ${sizes.join('\n  ')}`);
    expect(total).toBeLessThanOrEqual(budgetBytes(registry.length));
  });
});
