#!/usr/bin/env node
// Compiles the API server (TypeScript) into one ES module with esbuild, so `npm start` runs plain
// JavaScript: no TypeScript loader in the running process. Our code is bundled (its modules become
// one scope); packages stay external and load from node_modules as they are. Measured on the 2-core VM
// (interleaved runs): healthy ~0.6 s after spawn instead of ~1.1 s under tsx, and less server CPU per
// GET /v1/time (medians 55 vs 66 µs over 16 interleaved rounds, lower in 12 of them). The output folder `.build/` is not committed; this runs in ~0.1 s, every start.
// Nothing else runs between it and listening: the places index loads in the background once the server
// listens (engine/places/place-names.ts, PLACE_INDEXES in docs/operations.md), not here. esbuild is a
// run-time dependency for this reason (`npm start` installs with --omit=dev).
//
//   node scripts/build-server.mjs [--outdir DIR] [entry.ts ...]   (default: .build, http/server.ts and
//   http/supervisor.ts, npm start's primary process; --no-place-index, once needed, is still accepted)
//   → DIR/<entry>.js; the bench builds into its own folder so it never rewrites a server being started.
// DIR must be inside the project: the compiled files import packages from its node_modules.
// The work pool's worker (service/work-worker.ts) is always compiled too, as an entry of its own, and
// the pool is told its file (`__WORK_WORKER__`: the worker starts from a file, not from a bundled module).
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--outdir');
const outdir = at >= 0 ? args.splice(at, 2)[1] : '.build';
const files = args.filter((a) => !a.startsWith('--'));
const WORKER = 'service/work-worker.ts';
const entries = [...new Set([...(files.length ? files : ['http/server.ts', 'http/supervisor.ts']), WORKER])];
const started = performance.now();
const workerUrl = pathToFileURL(resolve(root, outdir, WORKER.replace(/\.ts$/, '.js'))).href;

try {
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    outbase: '.',
    bundle: true,
    splitting: true, // the MCP handler, imported on the first /mcp request, stays a chunk of its own
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    define: { __WORK_WORKER__: JSON.stringify(workerUrl) },
    sourcemap: 'linked', // stack traces name the TypeScript files (node --enable-source-maps)
    sourcesContent: false, // the maps point at the sources; their text would stay in every process's heap (~2 MB)
    logLevel: 'warning',
  });
} catch (error) {
  process.stderr.write(`build-server: ${error.message}\n`);
  process.exit(1);
}

process.stderr.write(`build-server: ${outdir}/ compiled in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
