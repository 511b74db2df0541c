#!/usr/bin/env node
// `npm run --silent mcp [-- --toolsets a,b]`: the stdio MCP server from a checkout. Installs what is
// missing (ensure-deps, output on stderr), compiles dist/ (scripts/build-package.mjs, ~2 s) only when a
// source file is newer than it, then runs the package's command in this process: a launch with
// everything in place costs one `npm run` and the server's own start, nothing else. stdout carries the
// protocol only; everything here writes to stderr.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const toStderr = { cwd: root, stdio: ['ignore', process.stderr, process.stderr] };

function run(script) {
  const result = spawnSync(process.execPath, [script], toStderr);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The newest modification time of the sources dist/ is compiled from. */
function newestSource() {
  let newest = statSync(join(root, 'package-lock.json')).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['engine', 'service', 'mcp', 'http']) walk(join(root, dir));
  return newest;
}

run('scripts/ensure-deps.mjs');
const built = join(root, 'dist', 'mcp', 'stdio.js');
if (!existsSync(built) || statSync(built).mtimeMs < newestSource()) run('scripts/build-package.mjs');
await import('../bin/time-coordinate-api.mjs');
