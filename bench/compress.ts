/**
 * `node --import tsx bench/compress.ts`: what compressing real answers costs (CPU µs per answer, the
 * best of 7 rounds) and saves (bytes), at the levels http/compress.ts uses (brotli quality 1, gzip
 * level 1) and the libraries' defaults (brotli 11 is far slower still; 4 is what servers often pick),
 * for answers from one tools/call result to the OpenAPI document. The figures behind MIN_BYTES, the
 * levels and SYNC_MAX_BYTES (docs/benchmark.md).
 */
import { startNodeEngine } from '../engine/index.ts';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { registry } from '../engine/index.ts';
import { systemContext, type AnyTool } from '../engine/index.ts';
import { MIN_BYTES, SYNC_MAX_BYTES } from '../http/compress.ts';
import { answerToolCall, createMcpServer } from '../mcp/server.ts';
import { routeInventory } from '../service/inventory.ts';
import { jsonWriterOf } from '../service/json-writer.ts';
import { buildOpenApi } from '../service/openapi.ts';

startNodeEngine(false); // the engine over node_modules' data (engine/start.ts)

const ctx = { ...systemContext, now: () => new Date('2026-06-21T12:00:00Z') };
const tool = (name: string) => registry.find((t) => t.name === name) as AnyTool;
const mcpReply = async (name: string, args: unknown) => `{"result":${(await answerToolCall(tool(name), args, ctx, {})).json},"jsonrpc":"2.0","id":1}`;
const rest = async (name: string, args: unknown) => jsonWriterOf(tool(name).output)(await tool(name).run(args as never, ctx));

const server = createMcpServer({});
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: 'bench', version: '1' });
await client.connect(clientSide);

const bodies: [string, string][] = [
  ['GET /v1/time (REST)', await rest('get_local_time', { lat: 48.85, lon: 2.35 })],
  ['tools/call get_local_time', await mcpReply('get_local_time', { lat: 48.85, lon: 2.35 })],
  ['tools/call sun_events, one day', await mcpReply('sun_events', { lat: 48.85, lon: 2.35, date: '2026-06-21' })],
  ['tools/call list_holidays', await mcpReply('list_holidays', { country: 'DE', year: 2026 })],
  ['tools/list (all tools)', JSON.stringify({ result: await client.listTools(), jsonrpc: '2.0', id: 1 })],
  ['GET /v1/solar/events, 366 days', await rest('sun_events', { lat: 59.91, lon: 10.75, date: '2026-01-01', days: 366 })],
  ['GET /openapi.json', JSON.stringify(await buildOpenApi(routeInventory(), '/'))],
];

const brotli = (quality: number) => (b: Buffer) =>
  brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } });
const gzip = (level: number) => (b: Buffer) => gzipSync(b, { level });
const codecs: [string, (b: Buffer) => Buffer][] = [
  ['br 1', brotli(1)],
  ['gzip 1', gzip(1)],
  ['br 4', brotli(4)],
  ['gzip 6', gzip(6)],
];

/** µs per call (best of 7 rounds, each long enough to read) and the output's size. */
function measure(f: (b: Buffer) => Buffer, body: Buffer): [number, number] {
  const n = Math.max(5, Math.min(2000, Math.floor(2_000_000 / body.length)));
  for (let i = 0; i < n; i++) f(body);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f(body);
    best = Math.min(best, ((performance.now() - t0) * 1000) / n);
  }
  return [best, f(body).length];
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
console.log(`Node ${process.version}; compressed from ${fmt(MIN_BYTES)} bytes, on the thread pool above ${fmt(SYNC_MAX_BYTES)}.\n`);
console.log(`| answer | bytes | ${codecs.map(([name]) => `${name}: µs → bytes`).join(' | ')} |`);
console.log(`|---|---:|${codecs.map(() => '---:').join('|')}|`);
for (const [name, text] of bodies) {
  const body = Buffer.from(text);
  const cells = codecs.map(([, f]) => {
    const [us, size] = measure(f, body);
    return `${us.toFixed(us < 100 ? 1 : 0)} → ${fmt(size)}`;
  });
  console.log(`| ${name}${body.length < MIN_BYTES ? ' (not compressed)' : ''} | ${fmt(body.length)} | ${cells.join(' | ')} |`);
}
await client.close();
