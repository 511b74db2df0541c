/**
 * `npm run typecheck`: the TypeScript of the engine, servers, tests and scripts (`tsc -p .`) and of the
 * site's pages (`astro check`, as `npm run typecheck:site`), side by side: each is mostly one core's
 * work, so on two cores both take about as long as the longer one. Each one's output is printed whole
 * once it is done, under its name; exits 1 when either fails.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// The site's check is package.json's `typecheck:site`, run through npm so its command is written once.
const npmCli = process.env.npm_execpath;
const checks = [
  { name: 'tsc -p .', command: process.execPath, args: ['node_modules/typescript/bin/tsc', '-p', '.'] },
  {
    name: 'astro check (the site)',
    ...(npmCli
      ? { command: process.execPath, args: [npmCli, 'run', '--silent', 'typecheck:site'] }
      : { command: 'npm', args: ['run', '--silent', 'typecheck:site'] }),
  },
];

const started = Date.now();
const results = await Promise.all(
  checks.map(
    ({ name, command, args }) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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
