/**
 * `node:module`, `node:fs` and `node:path` for a calculator page's browser bundle (website/astro.config.mjs
 * puts this module in their place there). The engine reads its shipped data with `require` (tzdb rules,
 * CLDR tables, date-holidays) and, in one place, `readFileSync` (the boundary data's zone names); in a
 * page those files are the ones the page fetched from the site and installed here first
 * (website/src/scripts/browser-run.ts), so the engine's own modules run unchanged on the same data.
 * A file the page did not install is server-side: reading it throws, it is never guessed.
 */

const files = new Map<string, unknown>();

/** Installs files by the name the engine requires them by (`moment-timezone/data/packed/latest.json`). */
export function installFiles(entries: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(entries)) files.set(name, value);
}

/** Whether a file is installed. */
export const hasFile = (name: string): boolean => files.has(name);

/** An installed file; throws for one the page does not have. */
export function installedFile<T = unknown>(name: string): T {
  if (!files.has(name)) throw new Error(`${name} is server-side data this page has not loaded`);
  return files.get(name) as T;
}

type Require = ((id: string) => unknown) & { resolve: (id: string) => string };

/** `createRequire(url)`: requires an installed file; `require.resolve(id)` names it as a path under it. */
export function createRequire(_url?: string | URL): Require {
  return Object.assign((id: string) => installedFile(id), { resolve: (id: string) => `${id}/index.js` });
}

const parts = (path: string) => path.split('/').filter((p) => p !== '' && p !== '.');

/** POSIX `join`, `..` resolved. */
export function join(...paths: string[]): string {
  const out: string[] = [];
  for (const part of parts(paths.join('/'))) {
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

/** POSIX `dirname`. */
export const dirname = (path: string): string => parts(path).slice(0, -1).join('/') || '.';

/** `readFileSync(path, 'utf8')`: an installed file's JSON text. */
export const readFileSync = (path: string): string => JSON.stringify(installedFile(path));

const serverOnly = (what: string) => () => {
  throw new Error(`${what} reads server-side files (not in a page)`);
};
export const openSync = serverOnly('openSync');
export const readSync = serverOnly('readSync');
export const closeSync = serverOnly('closeSync');
export const existsSync = (path: string): boolean => files.has(path);

/** `node:perf_hooks`' performance: the page's own. */
export const performance = globalThis.performance;
