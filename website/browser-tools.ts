/**
 * The `virtual:browser-tools` module of the site build: for every tool with a calculator page, a loader
 * of the engine module that declares it (a chunk of its own, fetched only by its page). The page runs a
 * tool declared `browser: true` or `'with-timezone'` with it, over the data it fetches as the tool reads
 * it (website/src/scripts/browser-run.ts), and words every answer, the API's too, with its declared
 * `calculator.answer`. Found from the registry's own objects: the module of a tool is the engine module
 * that exports that object, so a new tool needs no list kept by hand here, and no source is read as text.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { declaredTools } from '../engine/index.ts';

const ENGINE = fileURLToPath(new URL('../engine/', import.meta.url));
const VIRTUAL = 'virtual:browser-tools';
const RESOLVED = `\0${VIRTUAL}`;

/** Tool name → the module that declares it and the name it is exported as, for the tools with a calculator. */
export async function browserToolModules(): Promise<Record<string, { file: string; exportName: string }>> {
  const wanted = new Map(declaredTools.filter((t) => t.calculator).map((t) => [t as unknown, t.name]));
  const out: Record<string, { file: string; exportName: string }> = {};
  const files = readdirSync(ENGINE, { recursive: true })
    .map(String)
    // A tool is declared in its family's folder; the front doors (index.ts) only pass it on.
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && /[\\/]/.test(f) && !/(^|[\\/])index\.ts$/.test(f))
    .sort();
  for (const file of files) {
    const path = join(ENGINE, file);
    const exports = (await import(/* @vite-ignore */ path)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      const name = wanted.get(value);
      if (name && !out[name]) out[name] = { file: path, exportName };
    }
  }
  const missing = [...wanted.values()].filter((name) => !out[name]);
  if (missing.length) throw new Error(`no engine module exports the declared tool(s) ${missing.join(', ')}`);
  return out;
}

/**
 * The Vite plugin that serves the module, given browserToolModules() (found while the site's config
 * loads: the modules are imported by the config's own module runner, which is closed by build time).
 */
export function browserTools(modules: Record<string, { file: string; exportName: string }>) {
  return {
    name: 'browser-tools',
    resolveId: (id: string) => (id === VIRTUAL ? RESOLVED : null),
    load(id: string) {
      if (id !== RESOLVED) return null;
      const loaders = Object.entries(modules).map(
        ([name, { file, exportName }]) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(file)}).then((m) => m.${exportName}),`,
      );
      return `export const TOOL_MODULES = {\n${loaders.join('\n')}\n};\n`;
    },
  };
}
