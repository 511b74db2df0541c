// The public site: static pages and discovery files built from engine/registry.ts (no network at build).
import { defineConfig } from 'astro/config';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as provenance from '../engine/provenance.ts';
import { browserTools } from './browser-tools.ts';

const PROVENANCE_MODULE = fileURLToPath(new URL('../engine/provenance.ts', import.meta.url));
const BROWSER_PROVENANCE = '\0browser-provenance';
const TZDB_MODULE = fileURLToPath(new URL('../engine/time/tzdb.ts', import.meta.url));
const BROWSER_TZDB_MODULE = fileURLToPath(new URL('../engine/time/tzdb-browser.ts', import.meta.url));

/**
 * The calculator forms run the engine's own tool modules in the browser. Those import
 * engine/provenance.ts, which reads package versions from disk (node:fs). For the browser bundle that
 * module is replaced by its values as read at build time, so an answer computed in a browser names the
 * same versions as the page's build-time result and the API.
 */
function browserProvenance() {
  return {
    name: 'browser-provenance',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || !importer || !/provenance(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === PROVENANCE_MODULE ? BROWSER_PROVENANCE : null;
    },
    load(id) {
      if (id !== BROWSER_PROVENANCE) return null;
      const values = Object.entries(provenance).filter(([, v]) => typeof v !== 'function');
      // versionOf(pkg) for the packages engine modules name at their top level (read at build time).
      const named = new Set();
      for (const file of readdirSync(ENGINE_DIR, { recursive: true })) {
        if (String(file).endsWith('.ts')) for (const m of readFileSync(`${ENGINE_DIR}${file}`, 'utf8').matchAll(/versionOf\('([^']+)'\)/g)) named.add(m[1]);
      }
      const known = Object.fromEntries([...named].map((pkg) => [pkg, provenance.versionOf(pkg)]));
      return (
        values.map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`).join('\n') +
        `\nconst KNOWN = ${JSON.stringify(known)};` +
        '\nexport function versionOf(pkg) { if (pkg in KNOWN) return KNOWN[pkg]; throw new Error("the version of " + pkg + " is read at build time"); }\n'
      );
    },
  };
}

/**
 * The observatory runs engine modules that read zone rules through engine/time/tzdb.ts (sun_events' local
 * days, the eclipse searches), which loads the shipped release from node_modules. In the browser bundle
 * tzdb.ts is engine/time/tzdb-browser.ts: the same release, as the zone data the page fetches and installs.
 */
function browserTzdb() {
  return {
    name: 'browser-tzdb',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || !importer || !/tzdb(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === TZDB_MODULE ? BROWSER_TZDB_MODULE : null;
    },
  };
}

const NODE_BUILTINS_MODULE = fileURLToPath(new URL('../engine/browser/node-builtins.ts', import.meta.url));
const ENGINE_DIR = fileURLToPath(new URL('../engine/', import.meta.url));

/**
 * The engine reads its shipped data files with `require` (node:module) and, once, `readFileSync`
 * (node:fs, node:path). In the browser bundle those imports of engine modules are
 * engine/browser/node-builtins.ts, which answers with the files the page fetched and installed
 * (website/src/scripts/browser-run.ts), so calculator pages run the engine's modules unchanged.
 */
function browserNodeBuiltins() {
  return {
    name: 'browser-node-builtins',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr || !importer?.startsWith(ENGINE_DIR)) return null;
      return ['node:module', 'node:fs', 'node:path', 'node:perf_hooks'].includes(source) ? NODE_BUILTINS_MODULE : null;
    },
  };
}

/** Engine modules over data that stays on the server → their browser stand-ins, whose reads throw. */
const SERVER_ONLY = new Map(
  [
    ['time/zone-lookup.ts', 'time/zone-lookup-browser.ts'], // the boundary lookup (timezone-boundary-builder's shapes)
    ['places/place-names.ts', 'places/place-names-browser.ts'], // the places index
  ].map(([from, to]) => [fileURLToPath(new URL(`../engine/${from}`, import.meta.url)), fileURLToPath(new URL(`../engine/${to}`, import.meta.url))]),
);

/**
 * The boundary lookup and the place-name index read data that stays on the server; in the browser bundle
 * their modules are stand-ins whose reads throw (pages ask the API for such inputs).
 */
function browserServerOnly() {
  return {
    name: 'browser-server-only',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || !importer || !/(zone-lookup|place-names)(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return SERVER_ONLY.get(resolved?.id) ?? null;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: process.env.SITE_OUT_DIR ?? fileURLToPath(new URL('./dist', import.meta.url)),
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  vite: { logLevel: 'warn', plugins: [browserProvenance(), browserTzdb(), browserNodeBuiltins(), browserServerOnly(), browserTools()] },
});
