/**
 * The `virtual:browser-tools` module of the site build: for every tool whose calculator is declared
 * `browser: true`, a loader of the tool's own engine module (a chunk of its own, fetched only by its
 * page). Generated from the registry, so a new browser tool needs no list kept by hand here.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '../engine/registry.ts';

const REGISTRY_FILE = fileURLToPath(new URL('../engine/registry.ts', import.meta.url));
const VIRTUAL = 'virtual:browser-tools';
const RESOLVED = `\0${VIRTUAL}`;

/**
 * Tool name → the module that declares it and the name it is exported as, for the browser tools. Read off
 * registry.ts: its `import { x } from './…'` lines and the order of its list, checked against the loaded
 * registry (a registry written otherwise fails the build here, not in a visitor's browser).
 */
export function browserToolModules(): Record<string, { file: string; exportName: string }> {
  const text = readFileSync(REGISTRY_FILE, 'utf8');
  const files = new Map([...text.matchAll(/^import \{ (\w+) \} from '(\.\/[^']+)';$/gm)].map((m) => [m[1], m[2]]));
  const listed = /export const registry[^=]*=\s*\(?\s*\[([^\]]*)\]/.exec(text)?.[1].split(',').map((s) => s.trim()).filter(Boolean) ?? [];
  if (listed.length !== registry.length || listed.some((name) => !files.has(name))) {
    throw new Error('engine/registry.ts: expected one `import { tool } from \'./…\'` line per tool and the tools listed by name');
  }
  const out: Record<string, { file: string; exportName: string }> = {};
  registry.forEach((tool, i) => {
    if (tool.calculator?.browser) out[tool.name] = { file: resolve(dirname(REGISTRY_FILE), files.get(listed[i])!), exportName: listed[i] };
  });
  return out;
}

/** The Vite plugin that serves the module. */
export function browserTools() {
  return {
    name: 'browser-tools',
    resolveId: (id: string) => (id === VIRTUAL ? RESOLVED : null),
    load(id: string) {
      if (id !== RESOLVED) return null;
      const loaders = Object.entries(browserToolModules()).map(([name, { file, exportName }]) =>
        `  ${JSON.stringify(name)}: () => import(${JSON.stringify(file)}).then((m) => m.${exportName}),`);
      return `export const BROWSER_TOOLS = {\n${loaders.join('\n')}\n};\n`;
    },
  };
}
