/** The README's route section is generated from the inventory (`npm run docs`); this keeps it complete. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeInventory } from '../../http/routes/inventory.ts';

const readme = readFileSync('README.md', 'utf8');

describe('README', () => {
  it('shows the two set-up commands first', () => {
    const quick = readme.slice(readme.indexOf('## Quick start'));
    expect(quick.indexOf('npm start')).toBeGreaterThan(0);
    expect(quick.indexOf('npm start')).toBeLessThan(quick.indexOf('npm test'));
    expect(readme.indexOf('## Quick start')).toBeLessThan(readme.indexOf('## Routes'));
  });

  it.each(routeInventory().map((r) => [`${r.method} ${r.path}`, r] as const))('has a curl example and a real answer for %s', (_name, route) => {
    const at = readme.indexOf(`#### \`${route.method} ${route.path}\``);
    expect(at, 'run npm run docs').toBeGreaterThan(0);
    const section = readme.slice(at, readme.indexOf('####', at + 5));
    expect(section).toContain('curl -s');
    expect(section).toContain('```json');
  });

  it('documents every setting the server reads', () => {
    const settings = readFileSync('http/settings.ts', 'utf8');
    const names = [...new Set([...settings.matchAll(/'([A-Z][A-Z_]+)'/g)].map((m) => m[1]))].filter((n) => n !== 'NODE_ENV');
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(readme, name).toContain(`\`${name}\``);
  });
});
