/**
 * Imports point one way: engine/ (pure, knows no transport) ← service/ (the contract every front end
 * states: route inventory, OpenAPI, share schemas, limits) ← http/, mcp/, website/. Scripts and
 * benchmarks import nothing from test/. A wrong import fails here, naming the file and the import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('.');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? files(path) : /\.(ts|mts|mjs|astro)$/.test(name) ? [path] : [];
  });
}

/** The top-level folder each relative import of a file lands in. */
function importedFolders(file: string): { spec: string; folder: string }[] {
  const text = readFileSync(file, 'utf8');
  const out: { spec: string; folder: string }[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = relative(ROOT, resolve(file, '..', m[1]));
    out.push({ spec: m[1], folder: target.split(/[\\/]/)[0] });
  }
  return out;
}

const RULES: [from: string, forbidden: string[]][] = [
  ['engine', ['service', 'http', 'mcp', 'website', 'scripts', 'test', 'bench']],
  ['service', ['http', 'mcp', 'website', 'scripts', 'test', 'bench']],
  ['website', ['http', 'mcp', 'test']],
  ['scripts', ['test']],
  ['bench', ['test']],
];

describe('import direction', () => {
  it.each(RULES)('%s imports nothing from %j', (from, forbidden) => {
    const wrong = files(join(ROOT, from)).flatMap((file) => importedFolders(file)
      .filter((i) => forbidden.includes(i.folder))
      .map((i) => `${relative(ROOT, file)} → ${i.spec}`));
    expect(wrong).toEqual([]);
  });
});
