/**
 * `npm run site:screenshots [-- --reuse]`: a full-page PNG of every page a visitor can land on (every
 * address in the sitemap, the 404 page and an observatory share) at 1280 and 390 px wide, in Debian's
 * Chromium, saved as `.cache/screenshots/<width>/<page>.png` with a contact sheet,
 * `.cache/screenshots/index.html`, linking them all.
 *
 * It builds the site into `.cache/screenshots/site` pointed at an API on a free loopback port, serves it
 * (website/serve.ts), starts the real API there (http/server.ts, with a temporary data folder and the
 * site's origin allowed), and creates the share with it. `--reuse` skips the build when one is there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../serve.ts';
import { chromiumAvailable, launchChromium } from '../fixtures/chromium.ts';
import { freePort } from '../helpers.ts';
import { serveSite } from '../../website/serve.ts';
import { createSharePath, NOT_FOUND_PATH, openSettled, pictureName, sitemapPaths } from './site-pages.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, '.cache/screenshots');
const DIST = join(OUT, 'site');
const API_BASE_FILE = join(OUT, 'site-api-base-url');
const WIDTHS = [1280, 390] as const;

const say = (line: string) => process.stdout.write(`screenshots: ${line}\n`);
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The built site and the API origin its pages call, built afresh unless `--reuse` finds one. */
async function site(reuse: boolean): Promise<{ dist: string; apiBase: string }> {
  if (reuse && existsSync(join(DIST, 'sitemap.xml')) && existsSync(API_BASE_FILE)) {
    say(`reusing the build in ${relative(ROOT, DIST)}`);
    return { dist: DIST, apiBase: readFileSync(API_BASE_FILE, 'utf8') };
  }
  const apiBase = `http://127.0.0.1:${await freePort()}`;
  say(`building the site into ${relative(ROOT, DIST)} (a minute or two)`);
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/astro.js'), 'build', '--root', 'website', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, API_BASE_URL: apiBase, SITE_OUT_DIR: DIST, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`the site build failed (exit ${build.status})`);
  writeFileSync(API_BASE_FILE, apiBase);
  return { dist: DIST, apiBase };
}

function contactSheet(pages: { path: string; name: string }[]): string {
  const cell = (width: number, name: string) =>
    `<td><a href="${width}/${name}.png"><img src="${width}/${name}.png" width="${width === 390 ? 130 : 320}" loading="lazy" alt=""></a></td>`;
  const rows = pages.map((p) => `<tr><th scope="row">${escapeHtml(p.path)}</th>${WIDTHS.map((w) => cell(w, escapeHtml(p.name))).join('')}</tr>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Site screenshots</title>
<style>body{font:14px system-ui,sans-serif;margin:1rem}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:left}img{display:block;height:auto;max-height:480px;object-fit:cover;object-position:top}</style>
</head><body><h1>Site screenshots</h1><p>Taken ${new Date().toISOString()}; full pages, ${WIDTHS.join(' and ')} px wide. Click a picture for the whole page.</p>
<table><thead><tr><th scope="col">Page</th>${WIDTHS.map((w) => `<th scope="col">${w} px</th>`).join('')}</tr></thead><tbody>
${rows.join('\n')}
</tbody></table></body></html>
`;
}

async function main() {
  if (!chromiumAvailable()) {
    say('they need Chromium (see the line above)');
    process.exit(1);
  }
  const { dist, apiBase } = await site(process.argv.includes('--reuse'));
  const server = await serveSite(dist, 0);
  const api = await serve({ port: Number(new URL(apiBase).port), env: { SITE_URL: server.url, CORS_ORIGINS: server.url } });
  const browser = await launchChromium();
  try {
    const sharePath = await createSharePath(api.base);
    const pages = [
      ...sitemapPaths(dist).map((path) => ({ path, name: pictureName(path) })),
      { path: NOT_FOUND_PATH, name: '404' },
      { path: sharePath, name: 'observatory/share' },
    ];
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const { path, name } of pages) {
        const file = join(OUT, String(width), `${name}.png`);
        mkdirSync(dirname(file), { recursive: true });
        await openSettled(page, server.url + path);
        await page.screenshot({ path: file, fullPage: true });
      }
      await context.close();
      say(`${pages.length} pages at ${width} px in ${relative(ROOT, join(OUT, String(width)))}/`);
    }
    writeFileSync(join(OUT, 'index.html'), contactSheet(pages));
    say(`contact sheet: ${join(OUT, 'index.html')}`);
  } finally {
    await browser.close();
    await api.stop();
    await server.close();
  }
}

await main();
