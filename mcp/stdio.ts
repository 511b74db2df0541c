/**
 * `npm run mcp`: the MCP server over stdio, for local MCP clients (no key needed: the client runs it).
 * stdout carries the protocol only; every log line goes to stderr. `--toolsets time,date` (or the
 * MCP_TOOLSETS setting) serves only those toolsets.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { warmUp } from '../engine/health.ts';
import { startPlaceNames } from '../engine/geo/place-names.ts';
import { routeInventory } from '../service/inventory.ts';
import { buildOpenApi } from '../service/openapi.ts';
import { loadSettingsOrExit } from '../service/settings.ts';
import { readToolsets } from '../service/toolsets.ts';
import { createMcpServer } from './server.ts';
import { providersFrom } from '../service/providers.ts';

/** The value of `--toolsets a,b` or `--toolsets=a,b`, if given. */
function toolsetsArgument(argv: string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--toolsets' || a.startsWith('--toolsets='));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : (argv[i + 1] ?? '');
}

const settings = loadSettingsOrExit();
let toolsets = settings.mcpToolsets;
const given = toolsetsArgument(process.argv.slice(2));
if (given !== undefined) {
  const read = readToolsets(given);
  if (!read.ok) {
    process.stderr.write(`Invalid option --toolsets: ${read.message} (got ${JSON.stringify(given.slice(0, 80))})\n`);
    process.exit(2);
  }
  toolsets = read.toolsets;
}
warmUp();
let openapi: Promise<unknown> | undefined;
const server = createMcpServer({
  ctx: { now: () => new Date(), ...providersFrom(settings) },
  openapi: () => (openapi ??= buildOpenApi(routeInventory(), `http://${settings.host}:${settings.port}`)),
  toolsets,
  siteUrl: settings.siteUrl,
});
await server.connect(new StdioServerTransport());
// The place-name index (place inputs, place names as zones, their completions): in the background once
// connected, as the HTTP server does (PLACE_INDEXES=on-demand: by the first call that needs it).
if (settings.placeIndexes === 'background') void startPlaceNames();
process.stderr.write(`time-coordinate-api MCP server on stdio (toolsets: ${toolsets.join(', ')})\n`);
