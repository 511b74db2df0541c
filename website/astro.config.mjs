// The public site: static pages and discovery files built from engine/registry.ts (no network at build).
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  outDir: process.env.SITE_OUT_DIR ?? fileURLToPath(new URL('./dist', import.meta.url)),
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  vite: { logLevel: 'warn' },
});
