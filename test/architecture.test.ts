/**
 * Imports point one way: engine/ (pure, knows no transport) ← service/ (what every front end uses:
 * settings, providers, route inventory, OpenAPI, problem details, query and body reading) ← http/, mcp/,
 * website/; no two top-level folders import each other. Scripts and benchmarks import nothing from
 * test/, and no front end imports a calculation library: calculating is the engine's. A wrong import
 * fails here, naming the file and the import. Inside engine/, no two folders (nor top-level files)
 * import each other in a cycle, however long. Outside engine/ and test/, the engine is reached only through
 * engine/index.ts (the server's door) and engine/browser/index.ts (a page's).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('.');
const FOLDERS = ['engine', 'service', 'http', 'mcp', 'website', 'scripts', 'bench', 'test'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? files(path) : /\.(ts|mts|mjs|astro)$/.test(name) ? [path] : [];
  });
}

interface Import {
  spec: string;
  /** The top-level folder a relative import lands in. */
  folder?: string;
  /** The file a relative import lands in, from the repository's root. */
  path?: string;
  /** The package a bare import names (`@scope/name` or `name`, without a subpath). */
  pkg?: string;
}

/** Every import of a file's text: static, type-only, re-exported, side-effect, dynamic, require. */
function importsOf(file: string, text: string): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(/(?:\bfrom|\bimport|\brequire(?:\.resolve)?)\s*\(?\s*(['"])([^'"\n]+)\1/g)) {
    const spec = m[2];
    if (spec.startsWith('.')) {
      const path = relative(ROOT, resolve(file, '..', spec));
      out.push({ spec, folder: path.split(/[\\/]/)[0], path });
    } else if (!spec.startsWith('node:')) {
      out.push({
        spec,
        pkg: spec
          .split('/')
          .slice(0, spec.startsWith('@') ? 2 : 1)
          .join('/'),
      });
    }
  }
  return out;
}

const imports = new Map(
  FOLDERS.flatMap((folder) => files(join(ROOT, folder))).map((file) => [relative(ROOT, file), importsOf(file, readFileSync(file, 'utf8'))]),
);
const folderOf = (file: string) => file.split(/[\\/]/)[0];

const RULES: [from: string, forbidden: string[]][] = [
  ['engine', ['service', 'http', 'mcp', 'website', 'scripts', 'test', 'bench']],
  ['service', ['http', 'mcp', 'website', 'scripts', 'test', 'bench']],
  ['mcp', ['http', 'website', 'scripts', 'test', 'bench']],
  // The one front end importing another, by choice: the API server mounts MCP's Streamable HTTP
  // endpoint (mcp/http.ts) at POST /mcp, so http/ may import mcp/; mcp/ never imports http/ (above).
  ['http', ['website', 'scripts', 'test', 'bench']],
  ['website', ['http', 'mcp', 'test']],
  ['scripts', ['test']],
  ['bench', ['test']],
];

/** Packages that calculate (ephemerides, zone boundaries and rules, geodesics, holidays, calendars). */
const CALCULATION_LIBRARY = /^(astronomy-engine|geo-tz|geographiclib(-.+)?|date-holidays|moment-timezone|@js-temporal\/polyfill|cldr-core|tzdata)$/;
const FRONT_ENDS = ['http', 'mcp', 'website', 'service'];

describe('import direction', () => {
  it.each(RULES)('%s imports nothing from %j', (from, forbidden) => {
    const wrong = [...imports]
      .filter(([file]) => folderOf(file) === from)
      .flatMap(([file, list]) => list.filter((i) => i.folder !== undefined && forbidden.includes(i.folder)).map((i) => `${file} → ${i.spec}`));
    expect(wrong).toEqual([]);
  });

  it('no two top-level folders import each other', () => {
    const edges = new Set(
      [...imports].flatMap(([file, list]) =>
        list.filter((i) => i.folder !== undefined && FOLDERS.includes(i.folder) && i.folder !== folderOf(file)).map((i) => `${folderOf(file)} → ${i.folder}`),
      ),
    );
    const both = [...edges].filter((edge) => edges.has(edge.split(' → ').reverse().join(' → ')));
    expect(both).toEqual([]);
  });

  it("no front end imports a calculation library: calculating is the engine's", () => {
    const wrong = [...imports]
      .filter(([file]) => FRONT_ENDS.includes(folderOf(file)))
      .flatMap(([file, list]) => list.filter((i) => i.pkg !== undefined && CALCULATION_LIBRARY.test(i.pkg)).map((i) => `${file} → ${i.spec}`));
    expect(wrong).toEqual([]);
  });

  it('outside the engine and its tests, the engine is reached only through its front doors', () => {
    const DOORS = ['engine/index.ts', 'engine/browser/index.ts'];
    const wrong = [...imports]
      .filter(([file]) => !['engine', 'test'].includes(folderOf(file)))
      .flatMap(([file, list]) => list.filter((i) => i.folder === 'engine' && !DOORS.includes(i.path!.split('\\').join('/'))).map((i) => `${file} → ${i.spec}`));
    expect(wrong).toEqual([]);
  });

  it('the scanner sees every form of import, so a wrong one cannot slip past', () => {
    const found = importsOf(
      join(ROOT, 'mcp/x.ts'),
      [
        "import type { Caller } from '../http/middleware/auth.ts';",
        'export { problem } from "../service/problem.ts";',
        "const m = await import('../http/app.ts');",
        "import './side-effect.ts';",
        "import * as Astronomy from 'astronomy-engine';",
        "import { Geodesic } from 'geographiclib-geodesic';",
        "const weekData = require('cldr-core/supplemental/weekData.json');",
        "import { Temporal } from '@js-temporal/polyfill';",
        "import { readFileSync } from 'node:fs';",
      ].join('\n'),
    );
    expect(found.map((i) => i.folder ?? i.pkg)).toEqual([
      'http',
      'service',
      'http',
      'mcp',
      'astronomy-engine',
      'geographiclib-geodesic',
      'cldr-core',
      '@js-temporal/polyfill',
    ]);
    expect(found.filter((i) => i.pkg !== undefined).every((i) => CALCULATION_LIBRARY.test(i.pkg!))).toBe(true);
  });
});

describe('files a newcomer can read', () => {
  it('no source file is over 300 lines unless its opening comment says why', () => {
    const long = [...imports.keys()]
      .filter((file) => !file.startsWith('test/'))
      .filter((file) => {
        const text = readFileSync(join(ROOT, file), 'utf8');
        return text.split('\n').length > 300 && !/^\/\*\*[\s\S]*?Over 300 lines: [\s\S]*?\*\//.test(text);
      });
    expect(long).toEqual([]);
  });
});

/**
 * The folder graph of engine/: a family folder (`time/`) is one node, a file at engine/'s top (`tool.ts`)
 * one of its own; each import between two nodes an edge.
 */
function engineGraph(): Map<string, Map<string, string[]>> {
  const nodeOf = (file: string) => {
    const parts = file.split(/[\\/]/);
    return parts.length > 2 ? `${parts[1]}/` : parts[1];
  };
  const graph = new Map<string, Map<string, string[]>>();
  for (const [file, list] of imports) {
    if (folderOf(file) !== 'engine') continue;
    for (const i of list) {
      if (i.folder !== 'engine' || !i.path) continue;
      const [from, to] = [nodeOf(file), nodeOf(i.path)];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.has(to)) graph.set(to, new Map());
      const edge = graph.get(from)!;
      edge.set(to, [...(edge.get(to) ?? []), `${file} → ${i.spec}`]);
    }
  }
  return graph;
}

/** Strongly connected components of more than one node (Tarjan): the groups an import cycle closes. */
function cycleGroups(graph: Map<string, Map<string, string[]>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)!.keys()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = stack.splice(stack.indexOf(v));
    if (group.length > 1) groups.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups;
}

describe('engine folders', () => {
  it('no import cycle between engine folders (a failure names the imports that close one)', () => {
    const graph = engineGraph();
    const lines = cycleGroups(graph).flatMap((group) => [
      `cycle through ${group.join(', ')}`,
      ...group.flatMap((from) =>
        [...graph.get(from)!]
          .filter(([to]) => group.includes(to))
          .map(([to, via]) => `  ${from} → ${to}: ${via.slice(0, 3).join('; ')}${via.length > 3 ? `; +${via.length - 3} more` : ''}`),
      ),
    ]);
    expect(lines, `engine/ import cycles:\n${lines.join('\n')}`).toEqual([]);
    expect(
      cycleGroups(
        new Map([
          ['a/', new Map([['b/', []]])],
          ['b/', new Map([['a/', []]])],
          ['c/', new Map()],
        ]),
      ),
    ).toEqual([['a/', 'b/']]);
  });
});
