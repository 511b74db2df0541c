/**
 * The tools/list schemas are portable: the Inspector's `--strict` rules and ours (./schema-lint.ts) find
 * nothing in any tool's listing, and the schemas still say what the zod schemas say: the examples'
 * inputs pass, unknown arguments do not, and every example's answer passes its output schema.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { registry } from '../../engine/registry.ts';
import { EXAMPLE_CLOCK, type ToolContext } from '../../engine/tool.ts';
import { portable, toolJsonSchema } from '../../mcp/json-schema.ts';
import { annotationsOf, createMcpServer } from '../../mcp/server.ts';
import { startElevationServer, type ElevationServer } from '../../scripts/elevation-stand-in.ts';
import { fixedClock } from '../helpers.ts';
import { dialects, formatFindings, lintTool } from './schema-lint.ts';

async function connect(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'json-schema-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('portable()', () => {
  it('splits a type array into anyOf branches, each keyword in the branch of its type', () => {
    const schema = { description: 'd', type: ['string', 'integer', 'null'], minLength: 1, minimum: Number.MIN_SAFE_INTEGER, maximum: 9 };
    expect(portable(schema)).toEqual({ description: 'd', anyOf: [{ type: 'string', minLength: 1 }, { type: 'integer', maximum: 9 }, { type: 'null' }] });
    expect(schema.type).toEqual(['string', 'integer', 'null']);
  });

  it('drops $schema, zod’s safe-integer bounds and a propertyNames every key meets; const is a one-value enum', () => {
    const json = z.toJSONSchema(
      z.object({ n: z.int(), k: z.int().min(0), r: z.record(z.string(), z.string()), c: z.literal('x'), m: z.array(z.int()).nullable() }),
      { io: 'output' },
    );
    expect(portable(json as Record<string, unknown>)).toEqual({
      type: 'object',
      properties: {
        n: { type: 'integer' },
        k: { type: 'integer', minimum: 0 },
        r: { type: 'object', additionalProperties: { type: 'string' } },
        c: { type: 'string', enum: ['x'] },
        m: { anyOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'null' }] },
      },
      required: ['n', 'k', 'r', 'c', 'm'],
      additionalProperties: false,
    });
  });

  it('the checks catch what it cannot rewrite: tuples, untyped values, keys from an enum', () => {
    const tool = { name: 't', inputSchema: toolJsonSchema(z.strictObject({ pair: z.tuple([z.string(), z.number()]), any: z.unknown() }), 'input') };
    expect(lintTool(tool).map((f) => `${f.path} ${f.rule}`)).toEqual(
      expect.arrayContaining([
        'inputSchema.properties.pair keyword',
        'inputSchema.properties.pair.items boolean-schema',
        'inputSchema.properties.any untyped-schema',
      ]),
    );
    const keyed = { name: 'k', inputSchema: toolJsonSchema(z.strictObject({ r: z.record(z.enum(['a', 'b']), z.number()) }), 'input') };
    expect(lintTool(keyed).map((f) => f.rule)).toContain('ajv-strict draft-07');
  });
});

describe('tools/list', () => {
  let elevation: ElevationServer;
  let client: Client;
  let tools: Tool[];

  beforeAll(async () => {
    elevation = await startElevationServer();
    const ctx: ToolContext = { ...fixedClock(EXAMPLE_CLOCK), elevation: createOpenMeteoElevation(elevation.url) };
    client = await connect(createMcpServer({ ctx }));
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client.close();
    await elevation.close();
  });

  it('the strict checks find nothing in any tool', () => {
    console.log(`tools/list: ${registry.length} tools, ${JSON.stringify({ tools }).length} bytes`);
    expect(formatFindings(tools.flatMap(lintTool))).toBe('');
  });

  it('lists every tool in order with its declaration’s fields and the portable schemas', async () => {
    const rest = ({ inputSchema: _i, outputSchema: _o, ...other }: Tool) => other;
    // The title once, at the top; the annotations as declared (mcp/server.ts annotationsOf), without it.
    const declared = registry.map((t) => {
      const { title: _t, ...annotations } = annotationsOf(t);
      return { name: t.name, title: t.title, description: t.description, annotations };
    });
    expect(tools.map(rest)).toEqual(declared);
    expect(tools.map((t) => t.name)).toEqual(registry.map((t) => t.name));
    for (const tool of registry) {
      const listed = tools.find((t) => t.name === tool.name)!;
      expect(listed.inputSchema).toEqual(toolJsonSchema(tool.input, 'input'));
      expect(listed.outputSchema).toEqual(toolJsonSchema(tool.output, 'output'));
      expect(listed.inputSchema.additionalProperties, tool.name).toBe(false);
    }
  });

  it.each(registry.map((t) => [t.name, t] as const))('%s: the examples’ inputs pass, an unknown argument does not', (_name, tool) => {
    for (const ajv of Object.values(dialects)) {
      const validate = ajv.compile(toolJsonSchema(tool.input, 'input'));
      for (const { input } of tool.examples) expect(validate(input), `${JSON.stringify(input)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(validate({ ...(tool.examples[0].input as object), not_a_parameter: 1 })).toBe(false);
    }
  });

  it.each(registry.map((t) => [t.name, t] as const))('%s: the first example’s answer passes the listed output schema', async (_name, tool) => {
    // The SDK client checks structuredContent against the listed outputSchema itself (Ajv, draft-07).
    const result = await client.callTool({ name: tool.name, arguments: tool.examples[0].input as Record<string, unknown> });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    for (const ajv of Object.values(dialects)) {
      const validate = ajv.compile(toolJsonSchema(tool.output, 'output'));
      expect(validate(result.structuredContent), ajv.errorsText(validate.errors)).toBe(true);
    }
  });

  it('a server lists the tools it serves, and none when it serves none', async () => {
    const two = await connect(createMcpServer({ tools: registry.slice(0, 2) }));
    expect((await two.listTools()).tools.map((t) => t.name)).toEqual(registry.slice(0, 2).map((t) => t.name));
    await two.close();
    const none = await connect(createMcpServer({ tools: [] }));
    expect((await none.listTools()).tools).toEqual([]);
    await none.close();
  });
});
