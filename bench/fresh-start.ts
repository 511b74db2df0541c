/**
 * A newcomer's first start (issue 31): `git clone` of this repository's HEAD into a new folder, then
 * `npm start` there with an empty npm cache (npm_config_cache a new folder), timed to the first `200`
 * from `/health`. Prints, a run a line: the load average before, the clone → healthy seconds, the
 * seconds of npm start's install step (from its own progress lines), and the size of node_modules.
 * Target: at most 30 s on a quiet 2-core machine.
 *   node --import tsx bench/fresh-start.ts [runs]      (FRESH_START_ROUNDS, default 3)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.argv[2] ?? process.env.FRESH_START_ROUNDS ?? 3);
const TARGET_S = 30;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`)).status === 200;
  } catch {
    return false;
  }
};

async function once(run: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'fresh-start-'));
  const load = loadavg()[0].toFixed(1);
  const port = await freePort();
  const t0 = performance.now();
  try {
    if (spawnSync('git', ['clone', '-q', process.cwd(), join(dir, 'repo')], { stdio: 'inherit' }).status !== 0) throw new Error('git clone failed');
    const out: string[] = [];
    const child = spawn('npm', ['start'], {
      cwd: join(dir, 'repo'),
      env: { ...process.env, PORT: String(port), WORKERS: '1', DATA_DIR: join(dir, 'data'), npm_config_cache: join(dir, 'npm-cache') },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.on('data', (d: Buffer) => out.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => out.push(d.toString()));
    let exited = false;
    child.on('exit', () => (exited = true));
    while (!(await healthy(port))) {
      if (exited) throw new Error(`npm start exited before serving:\n${out.join('')}`);
      if (performance.now() - t0 > 600_000) throw new Error('not healthy after 600 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
    const installLine =
      out
        .join('')
        .split('\n')
        .find((l) => l.includes('npm ci installed')) ?? '';
    const du = spawnSync('du', ['-sm', join(dir, 'repo', 'node_modules')], { encoding: 'utf8' }).stdout.split('\t')[0];
    console.log(`run ${run}: load ${load}, clone → healthy ${seconds.toFixed(1)} s, node_modules ${du} MB${installLine ? ` (${installLine.trim()})` : ''}`);
    return seconds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const times: number[] = [];
for (let i = 1; i <= RUNS; i++) times.push(await once(i));
const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
console.log(
  `${median <= TARGET_S ? 'PASS' : 'FAIL'}  clone → healthy /health with an empty npm cache ≤ ${TARGET_S} s (median of ${RUNS}: ${median.toFixed(1)} s)`,
);
process.exit(median <= TARGET_S ? 0 : 1);
