#!/usr/bin/env node
// Installs what is missing before `npm start`, `npm test` and the other scripts, with no dependency of
// its own: runs `npm ci` when node_modules is absent or does not match package-lock.json (compared entry
// by entry with the tree npm records in node_modules/.package-lock.json), saying what it does, a line a
// step with the seconds since it began (npm ci alone is silent for up to minutes on a busy machine).
//
//   node scripts/ensure-deps.mjs             everything: the site, test, lint and benchmark tools too
//   node scripts/ensure-deps.mjs --runtime   what `npm start` runs: the lock's entries npm does not flag
//                                           `dev` (`npm ci --omit=dev`), then the files of those the
//                                           server never reads are removed (PRUNE)
// A full install satisfies --runtime; a run-time install is replaced by a full one (npm ci) when asked.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const modules = join(root, 'node_modules');
const lockPath = join(root, 'package-lock.json');
const installedPath = join(modules, '.package-lock.json');
const runtime = process.argv.includes('--runtime');
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const say = (line) => process.stderr.write(`ensure-deps: ${line} (${seconds()} s)\n`);

/**
 * What a run-time install removes (~55 MB of ~210): files no code path of the server, the MCP server or
 * `npm start`'s build opens. geo-tz ships three boundary sets and the engine reads one, `timezones`
 * (engine/time/zone-finder.ts, geo-tz/all's); type declarations and source maps serve editors and
 * debuggers. Only after `npm ci --omit=dev`: a full install keeps every file.
 */
const PRUNE = {
  paths: ['timezones-1970', 'timezones-now'].flatMap((set) =>
    ['geo', 'index'].map((f) => `geo-tz/data/${set}.geojson.${f === 'geo' ? 'geo.dat' : 'index.json'}`),
  ),
  names: /\.(js|cjs|mjs)\.map$|\.d\.(ts|mts|cts)(\.map)?$/,
};

/** The lock's entries this install needs: all, or (--runtime) those npm does not flag `dev`. */
function wantedEntries() {
  const packages = JSON.parse(readFileSync(lockPath, 'utf8')).packages ?? {};
  return Object.entries(packages).filter(([path, entry]) => path !== '' && !entry.extraneous && !(runtime && entry.dev));
}

function installedMatchesLock() {
  if (!existsSync(installedPath)) return false;
  try {
    const have = JSON.parse(readFileSync(installedPath, 'utf8')).packages ?? {};
    for (const [path, entry] of wantedEntries()) {
      const got = have[path];
      if (!got) {
        // npm leaves out optional packages for other platforms (and, omitting dev, those both dev and optional).
        if (entry.optional || entry.peer || (runtime && entry.devOptional)) continue;
        return false;
      }
      if (got.version !== entry.version) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** Every file under a folder, with its size (lstat: links are not followed). */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield { path, bytes: lstatSync(path).size };
  }
}

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
/** Bytes under node_modules now (while npm ci works: how far it got). */
const installedBytes = () => {
  let total = 0;
  try {
    for (const { bytes } of files(modules)) total += bytes;
  } catch {} // npm is moving folders: the next line will say
  return total;
};
/** The packages npm recorded as installed. */
const installedCount = () => Object.keys(JSON.parse(readFileSync(installedPath, 'utf8')).packages ?? {}).length;

/** `npm ci`, its output on stderr, with a line every 10 s while it works. */
function npmCi(args) {
  return new Promise((done) => {
    const child = spawn('npm', ['ci', '--no-audit', '--no-fund', ...args], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
    const beat = setInterval(() => say(`still installing: ${megabytes(installedBytes())} in node_modules so far`), 10_000);
    child.on('error', () => done(1));
    child.on('exit', (code) => {
      clearInterval(beat);
      done(code ?? 1);
    });
  });
}

if (installedMatchesLock()) process.exit(0);

// A linked node_modules (a git worktree sharing another checkout's) is that checkout's to install:
// npm ci empties the folder the link points to before it installs here.
if (lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink()) {
  process.stderr.write('ensure-deps: node_modules is a link and does not match package-lock.json; install where it points, not here\n');
  process.exit(1);
}
const what = runtime ? 'the run-time packages (npm ci --omit=dev; the test and site tools come with npm test)' : 'every package (npm ci)';
say(`node_modules is ${existsSync(installedPath) ? 'not what package-lock.json names' : 'missing'}; installing ${what}`);
const status = await npmCi(runtime ? ['--omit=dev'] : []);
if (status !== 0) {
  say('npm ci failed; see the output above');
  process.exit(status);
}
say(`npm ci installed ${installedCount()} packages`);

let pruned = 0;
let total = 0;
for (const { path, bytes } of files(modules)) {
  const rel = path.slice(modules.length + 1);
  if (runtime && !rel.startsWith('.') && (PRUNE.paths.includes(rel) || PRUNE.names.test(rel))) {
    rmSync(path);
    pruned += bytes;
  } else {
    total += bytes;
  }
}
say(
  `node_modules holds ${megabytes(total)}${runtime ? ` after removing ${megabytes(pruned)} the server never reads (unused geo-tz boundary sets, type declarations, source maps)` : ''}`,
);
