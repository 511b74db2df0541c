/**
 * Builds the website once per test run into a temporary folder, shared by the website test files
 * (which vitest runs in parallel): the first file to take the lock builds, the others wait for it.
 * The build points its pages at an API on a free loopback port (`apiBaseUrl()`), where the browser
 * tests start a real API.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../helpers.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SITE_URL = 'http://localhost:4321';

/** `http://127.0.0.1:<port>`: the API origin the built pages call (read once the build is done). */
export const apiBaseUrl = (): string => readFileSync(join(baseDir(), 'api-base-url'), 'utf8');
const baseDir = () => join(tmpdir(), `website-test-${process.ppid}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds of earlier runs (over an hour old) are removed, so /tmp does not fill up. */
function removeStaleBuilds() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('website-test-')) continue;
    const path = join(tmpdir(), name);
    try {
      if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
    } catch {
      /* removed by another run */
    }
  }
}

/** The built site's folder (absolute). Throws with Astro's output when the build fails. */
export async function buildSite(): Promise<string> {
  // Files of one `vitest run` share a parent process; a new run builds afresh.
  const base = baseDir();
  const dist = join(base, 'dist');
  const done = join(base, 'done');
  const failed = join(base, 'failed');
  try {
    mkdirSync(base);
  } catch {
    for (let waited = 0; waited < 300_000; waited += 100) {
      if (existsSync(done)) return dist;
      if (existsSync(failed)) throw new Error('the website build failed (see the other website test file)');
      await sleep(100);
    }
    throw new Error('timed out waiting for the website build');
  }
  removeStaleBuilds();
  const API_BASE_URL = `http://127.0.0.1:${await freePort()}`;
  writeFileSync(join(base, 'api-base-url'), API_BASE_URL);
  const env = { ...process.env, SITE_URL, API_BASE_URL, SITE_OUT_DIR: dist, ASTRO_TELEMETRY_DISABLED: '1' };
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/astro.js'), 'build', '--root', 'website', '--silent'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0) {
    writeFileSync(failed, '');
    rmSync(dist, { recursive: true, force: true });
    throw new Error(`astro build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  writeFileSync(done, '');
  return dist;
}

/**
 * Serves a built site with website/serve.ts as `npm run site:serve` does (a child process on a free
 * loopback port); resolves once it says it is serving. Kill `proc` when done.
 */
export async function startSite(dist: string): Promise<{ base: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'website/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, SITE_PORT: String(port), SITE_DIST_DIR: dist },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    proc.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('serving')) resolve();
    });
    proc.stderr!.on('data', (d) => {
      output += d;
    });
    proc.on('exit', (code) => reject(new Error(`site server exited ${code}: ${output}`)));
  });
  return { base: `http://127.0.0.1:${port}`, proc };
}
