/**
 * docs/mcp.md's MCP Inspector commands, run as written (npx, the pinned version) under this process's
 * Node and each other line scripts/node-binary.mjs installs: tools/list over stdio with `--strict`, a
 * tools/call, and tools/list over Streamable HTTP against the API on a free loopback port with a key
 * (the one change: `--config` names a copy of mcp.json whose HTTP entry has that port and key). npx
 * runs offline from the cache scripts/inspector.mjs fills (`npm test` fills it; under CI a missing
 * one fails the run, elsewhere the runs are skipped).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
// @ts-expect-error a plain ES module script without types
import { INSPECTOR, inspectorCached, inspectorEnv } from '../../scripts/inspector.mjs';
// @ts-expect-error a plain ES module script without types
import { NODE_VERSIONS, nodeBinaryPath } from '../../scripts/node-binary.mjs';
import { serve, type Served } from '../serve.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'inspector-test-key-0123456789';

/** The Inspector commands of a Markdown text: each `npx …inspector…` line of a sh block, continuations joined. */
function inspectorCommands(markdown: string): string[][] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].replace(/\\\n\s*/g, ''));
  return blocks
    .flatMap((block) => block.split('\n'))
    .filter((line) => /^npx\s+@modelcontextprotocol\/inspector\b/.test(line))
    .map((line) => line.trim().split(/\s+/));
}

const commands = inspectorCommands(readFileSync(join(ROOT, 'docs/mcp.md'), 'utf8'));
const readme = inspectorCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));

describe('the Inspector commands of the docs', () => {
  it('are there, pin the version scripts/inspector.mjs fetches, and need no shell quoting', () => {
    expect(commands.map((c) => c.slice(5).join(' '))).toEqual([
      '--server time-coordinate --method tools/list --strict',
      '--server time-coordinate --method tools/call --tool-name convert_time --tool-arg time=2026-03-08T02:30 --tool-arg source_timezone=America/New_York --tool-arg target_timezone=Europe/London',
      '--server time-coordinate-http --method tools/list --strict',
    ]);
    for (const command of [...commands, ...readme]) {
      expect(command.slice(0, 6)).toEqual(['npx', INSPECTOR, '--cli', '--config', 'mcp.json', '--server']);
      expect(command.join(' ')).not.toMatch(/['"$`]/);
    }
  });
});

const currentMajor = process.versions.node.split('.')[0];
const nodes = [
  { major: currentMajor, bin: process.execPath },
  ...Object.entries(NODE_VERSIONS as Record<string, string>)
    .filter(([major]) => major !== currentMajor)
    .map(([major, version]) => ({ major, bin: nodeBinaryPath(version) as string })),
];
const ready = inspectorCached() as boolean;
if (process.env.CI === 'true' && !ready) throw new Error(`${INSPECTOR} is not in .cache/inspector: run node scripts/inspector.mjs`);
if (!ready) console.warn(`inspector: ${INSPECTOR} not fetched (node scripts/inspector.mjs); the runs are skipped`);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe.skipIf(!ready)(`${INSPECTOR} runs the docs' commands`, () => {
  let api: Served;
  let dir: string;

  beforeAll(async () => {
    api = await serve({ env: { TIME_API_KEYS: `inspector:${KEY}` } });
    dir = mkdtempSync(join(tmpdir(), 'inspector-test-'));
    const config = JSON.parse(readFileSync(join(ROOT, 'mcp.json'), 'utf8'));
    Object.assign(config.mcpServers['time-coordinate-http'], { url: `${api.base}/mcp`, headers: { Authorization: `Bearer ${KEY}` } });
    writeFileSync(join(dir, 'mcp.json'), JSON.stringify(config));
  });
  afterAll(async () => {
    await api?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** One docs command under a Node line: its `node` first on PATH for npx, the Inspector and the stdio server. */
  const run = (command: string[], bin: string) =>
    new Promise<Run>((resolve) => {
      const args = command.slice(1).map((arg) => (arg === 'mcp.json' ? join(dir, 'mcp.json') : arg));
      const env = { ...process.env, ...inspectorEnv({ offline: process.env.CI !== 'true' }), PATH: `${dirname(bin)}:${process.env.PATH}` };
      execFile(command[0], args, { cwd: ROOT, env, timeout: 120_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
      );
    });

  const findings = (stderr: string) => stderr.split('\n').filter((line) => /^(Warning|Error): tool |^Schema portability|tool schema portability/.test(line));

  // The lines side by side: each run mostly waits on Node starting npx, the Inspector and the server.
  it.concurrent.each(nodes)(
    'on Node $major',
    async ({ major, bin }) => {
      if (!existsSync(bin)) {
        if (process.env.CI === 'true') throw new Error(`Node ${major} not installed: run node scripts/node-binary.mjs`);
        console.warn(`inspector: Node ${major} not installed (node scripts/node-binary.mjs); skipped`);
        return;
      }
      const [stdioList, call, httpList] = commands;
      for (const list of [stdioList, httpList]) {
        const out = await run(list, bin);
        expect(out.code, out.stderr).toBe(0);
        expect((JSON.parse(out.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(registry.map((t) => t.name));
        expect(findings(out.stderr), `${list.join(' ')}\n${out.stderr}`).toEqual([]);
      }
      const out = await run(call, bin);
      expect(out.code, out.stderr).toBe(0);
      expect(JSON.parse(out.stdout).structuredContent).toMatchObject({
        gap_adjusted: true,
        source: { timezone: 'America/New_York', local_time: '2026-03-08T03:30:00-04:00' },
      });
    },
    300_000,
  );
});
