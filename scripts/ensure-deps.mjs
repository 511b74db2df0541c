#!/usr/bin/env node
// Installs what is missing before `npm start`, `npm test` and `npm run bench`, with no dependency of its
// own: runs `npm ci` when node_modules is absent or does not match package-lock.json (compared entry by
// entry with the tree npm records in node_modules/.package-lock.json).
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = join(root, 'package-lock.json');
const installedPath = join(root, 'node_modules', '.package-lock.json');

function installedMatchesLock() {
  if (!existsSync(installedPath)) return false;
  try {
    const wanted = JSON.parse(readFileSync(lockPath, 'utf8')).packages ?? {};
    const have = JSON.parse(readFileSync(installedPath, 'utf8')).packages ?? {};
    for (const [path, entry] of Object.entries(wanted)) {
      // The root, and entries npm itself marks as not to be installed.
      if (path === '' || entry.extraneous) continue;
      const got = have[path];
      if (!got) {
        // npm leaves out optional packages for other platforms; those are not missing.
        if (entry.optional || entry.peer) continue;
        return false;
      }
      if (got.version !== entry.version) return false;
    }
    return true;
  } catch {
    return false;
  }
}

if (!installedMatchesLock()) {
  // A linked node_modules (a git worktree sharing another checkout's) is that checkout's to install:
  // npm ci empties the folder the link points to before it installs here.
  if (lstatSync(join(root, 'node_modules'), { throwIfNoEntry: false })?.isSymbolicLink()) {
    process.stderr.write('ensure-deps: node_modules is a link and does not match package-lock.json; install where it points, not here\n');
    process.exit(1);
  }
  process.stderr.write('ensure-deps: node_modules is missing or stale; running npm ci\n');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  if (result.status !== 0) {
    process.stderr.write('ensure-deps: npm ci failed; see the output above\n');
    process.exit(result.status ?? 1);
  }
}
