/**
 * The `virtual:browser-tools` module of the site build: for every tool whose calculator is declared
 * `browser: true` or `'with-timezone'`, a loader of the tool's own engine module (a chunk of its own,
 * fetched only by its page) and the data files the page fetches before loading it (the packs of
 * engine/browser/calculator-data.ts whose reading modules the tool imports). Generated from the
 * registry and the engine's imports, so a new browser tool needs no list kept by hand here.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
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
  const listed = /export const declaredTools[^=]*= \[([^\]]*)\]/.exec(text)?.[1].split(',').map((s) => s.trim()).filter(Boolean) ?? [];
  if (listed.length !== registry.length || listed.some((name) => !files.has(name))) {
    throw new Error('engine/registry.ts: expected one `import { tool } from \'./…\'` line per tool and the tools listed by name');
  }
  const out: Record<string, { file: string; exportName: string }> = {};
  registry.forEach((tool, i) => {
    if (tool.calculator?.browser) out[tool.name] = { file: resolve(dirname(REGISTRY_FILE), files.get(listed[i])!), exportName: listed[i] };
  });
  return out;
}

/** The engine modules that read shipped data files, and the pack of calculator-data.ts that carries them. */
const DATA_READERS: Record<string, string> = {
  'time/tzdb.ts': 'zones',
  'time/zone-input.ts': 'zones',
  'time/zone-names.ts': 'zones',
  'holidays/weekend.ts': 'week',
  'holidays/calendar-data.ts': 'holidays',
  'country-names.ts': 'countries',
};
const ENGINE = dirname(REGISTRY_FILE);

/** Modules the browser bundle replaces with values read at build time (astro.config.mjs): they fetch nothing. */
const BUILD_TIME_VALUES = new Set([resolve(ENGINE, 'provenance.ts')]);

/** The engine modules a module imports, directly or not (its relative imports; type-only ones left out). */
export function engineImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || BUILD_TIME_VALUES.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^(?:import|export) (?!type )[^;]*? from '(\.{1,2}\/[^']+\.ts)';$/gms)) {
    engineImports(resolve(dirname(file), m[1]), seen);
  }
  return seen;
}

/** The data packs a tool's module needs in a page, in a fixed order. */
export function dataPacks(file: string): string[] {
  const packs = new Set<string>();
  for (const f of engineImports(file)) {
    const pack = DATA_READERS[relative(ENGINE, f).split('\\').join('/')];
    if (pack) packs.add(pack);
  }
  return [...packs].sort();
}

/** The Vite plugin that serves the module. */
export function browserTools() {
  return {
    name: 'browser-tools',
    resolveId: (id: string) => (id === VIRTUAL ? RESOLVED : null),
    load(id: string) {
      if (id !== RESOLVED) return null;
      const modules = Object.entries(browserToolModules());
      const loaders = modules.map(([name, { file, exportName }]) =>
        `  ${JSON.stringify(name)}: () => import(${JSON.stringify(file)}).then((m) => m.${exportName}),`);
      const data = Object.fromEntries(modules.map(([name, { file }]) => [name, dataPacks(file)]));
      const withTimezone = registry.filter((t) => t.calculator?.browser === 'with-timezone').map((t) => t.name);
      return (
        `export const BROWSER_TOOLS = {\n${loaders.join('\n')}\n};\n` +
        `export const BROWSER_DATA = ${JSON.stringify(data)};\n` +
        `export const WITH_TIMEZONE = ${JSON.stringify(withTimezone)};\n`
      );
    },
  };
}
