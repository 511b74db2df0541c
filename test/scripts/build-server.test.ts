/**
 * `npm start` runs the API compiled by scripts/build-server.mjs (esbuild), not the TypeScript sources:
 * the compiled server must start and answer like the sources do, its lazily loaded MCP chunk included.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '../serve.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const KEY = 'build-test-key-0123456789';
// Inside the project: the compiled files import packages from its node_modules.
const out = join(ROOT, '.build', `test-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'build-server-data-'));
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('scripts/build-server.mjs', () => {
  it('compiles the server, which starts and answers health, a calculation and MCP', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', relative(ROOT, out)], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout).toBe(''); // quiet: nothing but warnings, on stderr

    const server = await serve({
      args: ['--enable-source-maps', join(out, 'http/server.js')],
      env: { DATA_DIR: dataDir, TIME_API_KEYS: `acme:${KEY}` },
      timeoutMs: 20_000,
    });
    try {
      const { base } = server;
      const auth = { authorization: `Bearer ${KEY}` };
      const time = await fetch(`${base}/v1/time?lat=27.7172&lon=85.324&at=2026-11-22T08:00:00Z`, { headers: auth });
      expect(await time.json()).toMatchObject({ timezone: 'Asia/Kathmandu', local_time: '2026-11-22T13:45:00+05:45' });
      const mcp = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'date_difference', arguments: { start: '2024-02-28', end: '2024-03-01' } },
        }),
      });
      const rpc = (await mcp.json()) as { result: { structuredContent: { days: number } } };
      expect(rpc.result.structuredContent.days).toBe(2);
    } finally {
      await server.stop('SIGTERM');
    }
  }, 60_000);
});
