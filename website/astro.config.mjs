// The public site: static pages and discovery files built from engine/registry.ts (no network at build).
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { browserToolModules, browserTools } from './browser-tools.ts';

// No engine module is replaced in the browser bundle: a page hands the engine its own data
// (engine/browser/page-data.ts), which has no boundary lookup and no places index (they stay on the server).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: process.env.SITE_OUT_DIR ?? fileURLToPath(new URL('./dist', import.meta.url)),
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  vite: { logLevel: 'warn', plugins: [browserTools(await browserToolModules())] },
});
