/**
 * What a built page weighs as a browser first loads it, gzipped (level 6): its HTML (inline styles and
 * scripts in it), its stylesheets and its module scripts with everything they import statically. Chunks
 * loaded with `import()` (a city page's engine, fetched when the build's day has passed) and data packs
 * are not counted: the page fetches them only when it needs them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (data: Buffer | string) => gzipSync(data, { level: 6 }).length;

export interface PageWeight {
  html: number;
  css: number;
  js: number;
  total: number;
  files: string[];
}

export function pageWeight(dist: string, path: string): PageWeight {
  const html = readFileSync(join(dist, path, 'index.html'), 'utf8');
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(dist, file), 'utf8');
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    // Static imports only: `import"./x.js"`, `import{a}from"./x.js"`, `export{a}from"./x.js"`; never `import("./x.js")`.
    for (const m of text.matchAll(/(?:\bimport|\bfrom)\s*["'](\.\/[^"']+\.js)["']/g)) visit(dir + m[1].slice(2));
  };
  for (const m of html.matchAll(/<script type="module" src="([^"]+)"/g)) visit(m[1]);
  const weigh = (files: string[]) => files.reduce((n, f) => n + gz(readFileSync(join(dist, f))), 0);
  const [h, c, j] = [gz(html), weigh(css), weigh([...seen])];
  return { html: h, css: c, js: j, total: h + c + j, files: [...css, ...seen] };
}
