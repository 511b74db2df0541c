#!/usr/bin/env node
// The MCP Inspector version docs/mcp.md pins, and an npm cache of its own under .cache/inspector/ (not in
// git) that `npx` fills once, so test/mcp/inspector.test.ts runs the docs' commands offline.
//   node scripts/inspector.mjs     fetches the pinned Inspector into that cache when missing, prints its version
//
// Why 2.12.0: `--strict` (tool-schema portability findings) exists from 2.4.0; 2.12.0 is the newest and
// runs the docs' commands on Node 20, 22 and 24. Its engines field asks for Node >= 22.19 (npm warns
// EBADENGINE on Node 20, once, when it fetches it). Unpinned, npx on Node 20 takes the newest version
// whose engines admit Node 20, 0.15.0, whose HTTP transport fails with `spawn undefined ENOENT`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const INSPECTOR_VERSION = '2.12.0';
export const INSPECTOR = `@modelcontextprotocol/inspector@${INSPECTOR_VERSION}`;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, '.cache', 'inspector');

/** The environment npx runs the Inspector in: our cache, offline unless told, no prompts or notices. */
export const inspectorEnv = ({ offline = true } = {}) => ({
  npm_config_cache: cache,
  npm_config_offline: String(offline),
  npm_config_yes: 'true',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  // The Inspector otherwise probes the OS keychain for secrets (none here) and says so on stderr.
  MCP_INSPECTOR_SECRET_STORE: 'memory',
});

/** True when npx has installed the pinned Inspector in our cache (a quick look, no npx run). */
export function inspectorCached() {
  const npx = join(cache, '_npx');
  if (!existsSync(npx)) return false;
  return readdirSync(npx).some((dir) => {
    const manifest = join(npx, dir, 'node_modules', '@modelcontextprotocol', 'inspector', 'package.json');
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === INSPECTOR_VERSION;
  });
}

/** True when `npx <pinned Inspector>` runs from the cache (with `offline: false`, fetching it if need be). */
export function inspectorReady({ offline = true } = {}) {
  const r = spawnSync('npx', [INSPECTOR, '--version'], {
    cwd: root,
    env: { ...process.env, ...inspectorEnv({ offline }) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', offline ? 'ignore' : 'inherit'],
    timeout: 300_000,
  });
  return r.status === 0 && r.stdout.trim().endsWith(INSPECTOR_VERSION);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if ((inspectorCached() && inspectorReady()) || inspectorReady({ offline: false })) console.log(INSPECTOR_VERSION);
  else {
    process.stderr.write(`inspector: could not fetch ${INSPECTOR} from the npm registry\n`);
    process.exit(1);
  }
}
