/**
 * The package as a client gets it: `npm pack` (prepack compiles dist/ and writes the shrinkwrap), the
 * tarball installed into an empty folder from npm's cache, and started the ways the README shows: its
 * `npx` line as written (with the tarball's path), the checkout's `npm run --silent mcp`, and `serve`.
 * Every stdout byte of a stdio server is read and must be JSON-RPC, on a cold place-name cache too.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { NODE_VERSIONS, nodeBinaryPath } from '../../scripts/node-binary.mjs';
import { freePort, waitUntil } from '../helpers.ts';

/** Polls `ready` every 100 ms until it holds, for at most `timeoutMs`. */
const until = (ready: () => boolean | Promise<boolean>, timeoutMs: number, what: string) =>
  waitUntil(
    async () => ready(),
    () => `not ${what} within ${timeoutMs / 1000} s`,
    Math.ceil(timeoutMs / 100),
  );

const root = resolve('.');
const work = mkdtempSync(join(tmpdir(), 'package-'));
const installed = join(work, 'installed');
let tarball = '';

/** The environment a client gives a server: ours, without the test runner's place-index setting. */
function clientEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { PLACE_INDEXES: _, ...env } = process.env;
  return { ...env, ...extra };
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: clientEnv() });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  return result.stdout;
}

/** A JSON-RPC session over a child's stdio that keeps every stdout byte it wrote. */
class StdioSession {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  private nextId = 1;

  constructor(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
    this.child = spawn(command, args, { cwd: options.cwd ?? work, env: options.env ?? clientEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout?.setEncoding('utf8').on('data', (d: string) => (this.stdout += d));
    this.child.stderr?.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
  }

  /** Every stdout line, parsed (a line that is not JSON fails the test). */
  messages(): { jsonrpc: string; id?: number; result?: Record<string, unknown>; error?: unknown }[] {
    return this.stdout
      .split('\n')
      .filter((line, i, all) => line !== '' || i < all.length - 1)
      .map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          throw new Error(`stdout line is not JSON-RPC: ${JSON.stringify(line.slice(0, 200))}`);
        }
      });
  }

  notify(method: string): void {
    this.child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
  }

  async request(method: string, params: Record<string, unknown>, timeoutMs = 60_000): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    this.child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    let reply: ReturnType<StdioSession['messages']>[number] | undefined;
    await until(
      () => {
        const complete = this.stdout.slice(0, this.stdout.lastIndexOf('\n') + 1);
        reply = complete ? new StdioSession.Lines(complete).find(id) : undefined;
        return reply !== undefined || this.child.exitCode !== null;
      },
      timeoutMs,
      `${method} answered (stderr: ${this.stderr.slice(-500)})`,
    );
    if (!reply) throw new Error(`the server exited (${this.child.exitCode}) before answering ${method}: ${this.stderr.slice(-1000)}`);
    expect(reply.error, JSON.stringify(reply.error)).toBeUndefined();
    return reply.result as Record<string, unknown>;
  }

  async initialize(): Promise<Record<string, unknown>> {
    const result = await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'package-test', version: '1' } });
    this.notify('notifications/initialized');
    return result;
  }

  call(name: string, args: Record<string, unknown>, timeoutMs?: number) {
    return this.request('tools/call', { name, arguments: args }, timeoutMs) as Promise<{
      isError?: boolean;
      structuredContent?: Record<string, unknown>;
      content: { type: string; text?: string }[];
    }>;
  }

  /** Closes stdin (a client going away) and waits for the exit. */
  async close(): Promise<number | null> {
    this.child.stdin?.end();
    if (this.child.exitCode === null) {
      await new Promise<void>((done) => {
        const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
        this.child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    return this.child.exitCode;
  }

  static Lines = class {
    constructor(private readonly text: string) {}
    find(id: number) {
      for (const line of this.text.split('\n')) {
        if (!line) continue;
        const message = JSON.parse(line);
        if (message.id === id) return message;
      }
      return undefined;
    }
  };
}

/** The README's client config blocks, in order: each server's command, args and cwd. */
function readmeConfigs(): { command: string; args: string[]; cwd?: string }[] {
  const readme = readFileSync('README.md', 'utf8');
  const out: { command: string; args: string[]; cwd?: string }[] = [];
  for (const [, block] of readme.matchAll(/```json\n([\s\S]*?)```/g)) {
    if (!block.includes('"mcpServers"')) continue;
    const servers = (JSON.parse(block) as { mcpServers: Record<string, { command?: string; args: string[]; cwd?: string }> }).mcpServers;
    for (const server of Object.values(servers)) if (server.command) out.push(server as { command: string; args: string[]; cwd?: string });
  }
  return out;
}

beforeAll(() => {
  run('npm', ['pack', '--silent', '--pack-destination', work], root);
  tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz')) as string);
  run('npm', ['install', '--prefix', installed, '--prefer-offline', '--no-audit', '--no-fund', tarball], work);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the package', () => {
  it('holds the compiled servers, a shrinkwrap and no sources; installs only run-time packages', () => {
    const files = run('tar', ['tzf', tarball], work).split('\n').filter(Boolean);
    for (const file of [
      'package/bin/time-coordinate-api.mjs',
      'package/dist/mcp/stdio.js',
      'package/dist/http/server.js',
      'package/npm-shrinkwrap.json',
      'package/README.md',
    ])
      expect(files).toContain(file);
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    const modules = readdirSync(join(installed, 'node_modules'));
    expect(modules).toContain('geo-tz');
    // esbuild is a run-time dependency of the checkout (npm start compiles the server with it), so the
    // package installs it too, unused: dist/ is compiled. The development tools stay out.
    for (const tool of ['astro', 'vitest', 'playwright-core', '@biomejs', 'tsx', 'typescript', 'autocannon']) expect(modules, tool).not.toContain(tool);
    // package.json's own top: the README's two commands are for the checkout, not the package.
    expect(existsSync(join(root, 'npm-shrinkwrap.json')), 'postpack removes the shrinkwrap from the checkout').toBe(false);
  });

  it("answers over stdio from the README's npx line, as written with the tarball's path; stdout is only JSON-RPC", async () => {
    const [config] = readmeConfigs();
    expect(config.command).toBe('npx');
    const args = config.args.map((a) => (a.endsWith('.tgz') ? a.slice(0, a.indexOf('=') + 1) + tarball : a));
    const session = new StdioSession(config.command, args);
    try {
      const init = await session.initialize();
      expect((init.serverInfo as { name: string }).name).toBe('time-coordinate-api');
      const answer = await session.call('get_time_in_zone', { timezone: 'Europe/Lisbon' });
      expect(answer.isError).toBeUndefined();
      expect(answer.structuredContent?.timezone).toBe('Europe/Lisbon');
      const holidays = await session.call('list_holidays', { country: 'PT', year: 2026 });
      expect(holidays.isError, JSON.stringify(holidays.content)).toBeUndefined();
    } finally {
      await session.close();
    }
    expect(session.messages().every((m) => m.jsonrpc === '2.0')).toBe(true);
  }, 240_000);

  it("answers from the README's checkout line (npm run --silent mcp in the checkout)", async () => {
    const config = readmeConfigs().find((c) => c.command === 'npm' && c.cwd) as { command: string; args: string[]; cwd: string };
    const session = new StdioSession(config.command, config.args, { cwd: root });
    try {
      await session.initialize();
      const answer = await session.call('convert_time', { time: '2026-11-22T09:00', source_timezone: 'Europe/Paris', target_timezone: 'Asia/Kathmandu' });
      expect(answer.isError).toBeUndefined();
    } finally {
      await session.close();
    }
    expect(session.messages().length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('starts cold (no places index file): every stdout byte is JSON-RPC while the index builds; a place waits or says retry', async () => {
    const cache = join(installed, 'node_modules', '.cache');
    rmSync(cache, { recursive: true, force: true });
    const session = new StdioSession(process.execPath, [join(installed, 'node_modules', '.bin', 'time-coordinate-api')]);
    try {
      await session.initialize();
      const first = await session.call('get_time_in_zone', { timezone: 'Europe/Berlin' });
      expect(first.isError).toBeUndefined();
      // A place name needs the place-name index: the first call starts its build and, not ready within
      // a few seconds, is told to retry; once built (about 25 s on a machine), the same call answers.
      let named = await session.call('get_time_in_zone', { timezone: 'Tokyo' });
      if (named.isError) expect(named.content[0].text).toMatch(/still loading.*try again/);
      await until(
        async () => {
          if (!named.isError) return true;
          await new Promise((r) => setTimeout(r, 2_000));
          named = await session.call('get_time_in_zone', { timezone: 'Tokyo' });
          return !named.isError;
        },
        180_000,
        'the place-name index built',
      );
      expect(named.structuredContent?.timezone).toBe('Asia/Tokyo');
    } finally {
      await session.close();
    }
    expect(session.messages().every((m) => m.jsonrpc === '2.0')).toBe(true);
    // The places index file and its manifest, written for the next start (engine/places/index-file.ts).
    const written = existsSync(join(cache, 'places')) ? readdirSync(join(cache, 'places')) : [];
    expect(written.filter((n) => n.endsWith('.bin')).length, 'the built index is cached for the next start').toBe(1);
    expect(written.filter((n) => n.endsWith('.bin.json')).length, 'with its manifest').toBe(1);
  }, 300_000);

  it('starts on every Node line users run (22 and 24)', async () => {
    for (const [line, version] of Object.entries(NODE_VERSIONS as Record<string, string>)) {
      const node = nodeBinaryPath(version);
      if (!existsSync(node)) {
        if (process.env.CI) throw new Error(`Node ${line} (${version}) is not installed: run node scripts/node-binary.mjs ${line}`);
        continue;
      }
      const session = new StdioSession(node, [join(installed, 'node_modules', '.bin', 'time-coordinate-api'), '--toolsets', 'time']);
      try {
        await session.initialize();
        const answer = await session.call('get_time_in_zone', { timezone: 'Asia/Kathmandu' });
        expect(answer.structuredContent?.utc_offset, `Node ${line}`).toBe('+05:45');
      } finally {
        await session.close();
      }
    }
  }, 120_000);

  it('serve: the API from the package answers /health and a keyed call, and stops cleanly', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [join(installed, 'node_modules', '.bin', 'time-coordinate-api'), 'serve'], {
      cwd: work,
      env: clientEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        TIME_API_KEYS: 'pkg:package-test-key-0123456789',
        DATA_DIR: join(work, 'data'),
        NODE_ENV: 'production',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    server.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    try {
      await until(async () => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.ok === true, 60_000, 'healthy').catch((e) => {
        throw new Error(`${e.message}: ${stderr.slice(-500)}`);
      });
      const reply = await fetch(`http://127.0.0.1:${port}/v1/time?lat=49.2827&lon=-123.1207&at=2026-11-24T20:00:00Z`, {
        headers: { authorization: 'Bearer package-test-key-0123456789' },
      });
      expect(reply.status).toBe(200);
      expect(((await reply.json()) as { timezone: string }).timezone).toBe('America/Vancouver');
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    expect(server.exitCode).toBe(0);
  }, 120_000);
});
