/**
 * The MCP server over stdio, for local MCP clients (no key needed: the client runs it): the package's
 * `time-coordinate-api` command and `npm run mcp`. stdout carries the protocol only; every log line goes
 * to stderr. `--toolsets time,date` (or the MCP_TOOLSETS setting) serves only those toolsets.
 *
 * Start-up is the connect and nothing else: the time-zone boundaries load when a coordinate is first
 * asked about (or after a quiet second), and the place-name index only when a call names a place
 * (PLACE_INDEXES=background: right after start-up, as the API server does).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { startNodeEngine } from '../engine/index.ts';
import { placesOnFirstNeed, startPlaces } from '../engine/index.ts';
import { routeInventory } from '../service/inventory.ts';
import { SERVICE } from '../service/identity.ts';
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
// The engine's data bound now (no file read), warmed up below after a quiet second.
const engine = startNodeEngine(false);
let openapi: Promise<unknown> | undefined;
const server = createMcpServer({
  ctx: { now: () => new Date(), ...providersFrom(settings) },
  openapi: () => (openapi ??= buildOpenApi(routeInventory(), `http://${settings.host}:${settings.port}`)),
  toolsets,
  siteUrl: settings.siteUrl,
});
await server.connect(new StdioServerTransport());
// The places index (place inputs, place names as zones, their completions, geo_nearby): loaded by the first call
// that names a place, which waits a few seconds for it and otherwise says to try again shortly.
// PLACE_INDEXES=background loads it at once; on-demand makes that first call wait for the whole load.
if (settings.placeIndexes === 'background') void startPlaces();
else if (settings.placeIndexes === 'first-need') placesOnFirstNeed();
// The boundary index and the ephemeris, once the client has had a quiet second (a first call about a
// coordinate that comes sooner loads what it needs itself).
setTimeout(() => {
  try {
    engine.warmUp();
  } catch (error) {
    // A call that needs the data reports the failure itself; the server stays up.
    process.stderr.write(`warm-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}, 1_000).unref();
process.stderr.write(`${SERVICE} MCP server on stdio (toolsets: ${toolsets.join(', ')})\n`);
