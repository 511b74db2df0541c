/**
 * `npm run mcp`: the MCP server over stdio, for local MCP clients (no key needed: the client runs it).
 * stdout carries the protocol only; every log line goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { warmUp } from '../engine/health.ts';
import { routeInventory } from '../service/inventory.ts';
import { buildOpenApi } from '../service/openapi.ts';
import { loadSettingsOrExit } from '../service/settings.ts';
import { createMcpServer } from './server.ts';
import { providersFrom } from '../service/providers.ts';

const settings = loadSettingsOrExit();
warmUp();
let openapi: Promise<unknown> | undefined;
const server = createMcpServer({
  ctx: { now: () => new Date(), ...providersFrom(settings) },
  openapi: () => (openapi ??= buildOpenApi(routeInventory(), `http://${settings.host}:${settings.port}`)),
});
await server.connect(new StdioServerTransport());
process.stderr.write('time-coordinate-api MCP server on stdio\n');
