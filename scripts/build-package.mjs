#!/usr/bin/env node
// Compiles the servers into `dist/` for the npm package (run by `npm pack` through `prepack`): the stdio
// MCP server, the API server, its supervisor and the work-pool worker, each one self-contained ES module
// with the JavaScript packages it imports bundled in (no TypeScript loader, no esbuild, no module
// resolution of a few hundred files at start-up). Data packages stay installed dependencies: the engine
// reads them at run time through `createRequire` (tzdb, boundaries, CLDR, holiday rules, places).
//
//   node scripts/build-package.mjs [--outdir dist] [extra-entry.ts ...]   (the bench compiles its minimal
//   MCP server beside ours into its own folder, so both start the same way)
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--outdir');
const outdir = at >= 0 ? args.splice(at, 2)[1] : 'dist';
const extra = args.filter((a) => !a.startsWith('--'));
const started = performance.now();

rmSync(new URL(`../${outdir}`, import.meta.url), { recursive: true, force: true });
try {
  await build({
    absWorkingDir: root,
    entryPoints: ['mcp/stdio.ts', 'http/server.ts', 'http/supervisor.ts', 'service/work-worker.ts', ...extra],
    outdir,
    outbase: '.',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // The worker's file, relative to the module that starts it (http/server.js).
    // Package versions in provenance are engine/package-versions.ts's values, compiled in like any module.
    define: { __WORK_WORKER__: JSON.stringify('../service/work-worker.js') },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'external',
    logLevel: 'warning',
  });
} catch (error) {
  process.stderr.write(`build-package: ${error.message}\n`);
  process.exit(1);
}
process.stderr.write(`build-package: ${outdir}/ compiled in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
