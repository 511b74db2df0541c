#!/usr/bin/env node
// The package's command. With no command (or `mcp`) it is the MCP server on stdio, what an MCP client
// starts (`npx -y time-coordinate-api`); `serve` starts the HTTP API (and Streamable HTTP MCP at /mcp)
// as `npm start` does in a checkout. Both run the JavaScript compiled into dist/ when the package was
// packed (scripts/build-package.mjs). stdout belongs to the MCP protocol: this file writes only to stderr,
// except `--help`.
import cluster from 'node:cluster';

const USAGE = `Usage:
  time-coordinate-api [mcp] [--toolsets time,date,...]   MCP server on stdio (what an MCP client runs)
  time-coordinate-api serve                              HTTP API on PORT (default 8787), MCP at /mcp

Settings are environment variables (PORT, HOST, TIME_API_KEYS, SITE_URL, MCP_TOOLSETS, ...): see docs/operations.md.
`;

const [command, ...rest] = process.argv.slice(2);
if (command === '--help' || command === '-h' || command === 'help') {
  process.stdout.write(USAGE);
} else if (command === 'serve') {
  process.argv.splice(2, 1);
  // The serving process gets the heap limits `npm start` gives it (package.json's start script).
  cluster.setupPrimary({ execArgv: [...process.execArgv, '--max-old-space-size=192', '--max-semi-space-size=2'] });
  await import('../dist/http/supervisor.js');
} else if (command === undefined || command === 'mcp' || command.startsWith('--')) {
  if (command === 'mcp') process.argv.splice(2, 1);
  await import('../dist/mcp/stdio.js');
} else {
  process.stderr.write(`time-coordinate-api: unknown command ${JSON.stringify(command.slice(0, 40))}\n${USAGE}`);
  process.exit(2);
}
