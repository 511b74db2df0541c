/**
 * `npm run typecheck`: the TypeScript of the engine, servers, tests and scripts (`tsc -p .`) and of the
 * site's pages (`astro check`, as `npm run typecheck:site`), side by side: each is mostly one core's
 * work, so on two cores both take about as long as the longer one. Each one's output is printed whole
 * once it is done, under its name; exits 1 when either fails.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const checks = [
  { name: 'tsc -p .', args: ['node_modules/typescript/bin/tsc', '-p', '.'] },
  {
    name: 'astro check (the site)',
    args: ['node_modules/astro/astro.js', 'check', '--root', 'website', '--tsconfig', 'tsconfig.check.json'],
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
  },
];

const started = Date.now();
const results = await Promise.all(
  checks.map(
    ({ name, args, env }) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d) => {
          output += d;
        });
        child.stderr.on('data', (d) => {
          output += d;
        });
        child.on('error', (error) => resolve({ name, ok: false, output: `${output}${error.message}\n` }));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`typecheck: ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
          resolve({ name, ok: code === 0, output });
        });
      }),
  ),
);
for (const { name, ok, output } of results) {
  if (!ok || output.trim()) process.stdout.write(`\n── ${name} ──\n${output}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
