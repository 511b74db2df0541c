/**
 * datasets/cldr/territories.json: cldr-localenames-full 48.2.0's main/en/territories.json, committed by
 * scripts/data/cldr.ts so no install carries that 35 MB package. Names pinned to CLDR 48's English
 * locale data (unicode-org/cldr-json, cldr-json/cldr-localenames-full/main/en/territories.json):
 * `001` "world", `DE` "Germany", `US` "United States", `CI` "Côte d’Ivoire".
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installedVersion, nodeEngineData } from '../../../engine/data-node.ts';
import { PACKAGE_VERSIONS } from '../../../engine/package-versions.ts';

const dir = new URL('../../../datasets/cldr/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('territories.manifest.json', dir), 'utf8'));
const bytes = readFileSync(new URL('territories.json', dir));

describe('datasets/cldr/territories.json', () => {
  it('is the file its manifest names, of the CLDR release cldr-core ships', () => {
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(manifest.sha256);
    expect(manifest).toMatchObject({ file: 'territories.json', obtained_from: { package: 'cldr-localenames-full', file: 'main/en/territories.json' } });
    expect(manifest.obtained_from.version).toBe(installedVersion('cldr-core')); // the package's peer: the same release
    expect(manifest.obtained_from.integrity).toMatch(/^sha512-/);
  });

  it('gives the engine its country names, and provenance the version', () => {
    const names = nodeEngineData().territories();
    expect(Object.keys(names)).toHaveLength(manifest.territories);
    expect(names).toMatchObject({ '001': 'world', DE: 'Germany', US: 'United States', CI: 'Côte d’Ivoire' });
    expect(installedVersion('cldr-localenames-full')).toBe(manifest.obtained_from.version);
    expect(PACKAGE_VERSIONS['cldr-localenames-full']).toBe(manifest.obtained_from.version);
  });
});
