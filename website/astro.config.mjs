// The public site: static pages and discovery files built from engine/registry.ts (no network at build).
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { browserToolModules, browserTools } from './browser-tools.ts';

/** Engine modules over data that stays on the server → their browser stand-ins, whose reads throw. */
const SERVER_ONLY = new Map(
  [
    ['places/place-names.ts', 'places/place-names-browser.ts'], // the places index
  ].map(([from, to]) => [fileURLToPath(new URL(`../engine/${from}`, import.meta.url)), fileURLToPath(new URL(`../engine/${to}`, import.meta.url))]),
);

/**
 * The place-name index reads data that stays on the server; in the browser bundle its module is a
 * stand-in whose reads throw (pages ask the API for place names). Every other engine module runs in a
 * page as it is, over the data the page hands the engine (engine/browser/page-data.ts).
 */
function browserServerOnly() {
  return {
    name: 'browser-server-only',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || !importer || !/place-names(\.ts)?$/.test(source)) return null;
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
  vite: { logLevel: 'warn', plugins: [browserServerOnly(), browserTools(await browserToolModules())] },
});
