/**
 * The README is the short front door (the two commands first, under 200 lines), and docs/operations.md
 * documents every setting; this keeps them complete. (The route reference is the site's API page and
 * the OpenAPI document, generated from the registry: see test/website/site-build.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localTimeAt } from '../../engine/time/local-time.ts';

const readme = readFileSync('README.md', 'utf8');
const operations = readFileSync('docs/operations.md', 'utf8');

describe('README and docs', () => {
  it('shows the two set-up commands first', () => {
    const quick = readme.slice(readme.indexOf('## Quick start'));
    expect(quick.indexOf('npm start')).toBeGreaterThan(0);
    expect(quick.indexOf('npm start')).toBeLessThan(quick.indexOf('npm test'));
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('the REST example shows what the engine answers (fields written out; "..." stands for the rest)', () => {
    const at = readme.indexOf('```json', readme.indexOf('## One example each'));
    const shown = JSON.parse(readme.slice(at + 7, readme.indexOf('```', at + 7))) as Record<string, unknown>;
    const curl = /lat=([-\d.]+)&lon=([-\d.]+)&at=([\dTZ:-]+)/.exec(readme)!;
    const real = localTimeAt(Number(curl[1]), Number(curl[2]), Date.parse(curl[3])) as unknown as Record<string, unknown>;
    const written = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== '...'));
    const { provenance, ...fields } = written(shown);
    for (const [k, v] of Object.entries(fields)) expect(real[k], k).toEqual(v);
    for (const [k, v] of Object.entries(written(provenance as Record<string, unknown>))) expect((real.provenance as Record<string, unknown>)[k], k).toEqual(v);
  });

  it('links only to docs that exist', () => {
    for (const [, path] of readme.matchAll(/\]\((docs\/[^)#]+)\)/g)) expect(() => readFileSync(path), path).not.toThrow();
  });

  it('documents every setting the server reads', () => {
    const settings = readFileSync('service/settings.ts', 'utf8');
    const names = [...new Set([...settings.matchAll(/'([A-Z][A-Z_]+)'/g)].map((m) => m[1]))].filter((n) => n !== 'NODE_ENV');
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(operations, name).toContain(`\`${name}\``);
  });
});
