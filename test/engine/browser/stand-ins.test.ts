/**
 * The browser bundle's stand-ins for modules over server-only data (website/astro.config.mjs): each
 * exports every name engine modules import from the module it stands for, and its reads throw.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as placeNames from '../../../engine/places/place-names-browser.ts';
import * as tzdb from '../../../engine/time/tzdb-browser.ts';
import * as zoneLookup from '../../../engine/time/zone-lookup-browser.ts';

const ENGINE = join(import.meta.dirname, '../../../engine');

/** The value names engine modules import from a module (by its file name), type-only imports left out. */
function importedNames(file: string): string[] {
  const names = new Set<string>();
  for (const path of readdirSync(ENGINE, { recursive: true }).map(String)) {
    if (!path.endsWith('.ts') || path.endsWith(file) || path.endsWith('-browser.ts')) continue;
    for (const m of readFileSync(join(ENGINE, path), 'utf8').matchAll(/^import \{([^}]*)\} from '[^']*\/([\w-]+\.ts)';$/gm)) {
      if (m[2] !== file) continue;
      for (const part of m[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean))
        if (!part.startsWith('type ')) names.add(part.split(' as ')[0]);
    }
  }
  return [...names].sort();
}

describe('stand-ins for server-only modules in a page', () => {
  it('zone-lookup-browser.ts: every name of the boundary lookup the engine imports; lookups throw', () => {
    for (const name of importedNames('zone-lookup.ts')) expect(zoneLookup, name).toHaveProperty(name);
    expect(() => zoneLookup.lookupZones(52.5, 13.4)).toThrow(/boundary lookup is server-side/);
  });

  it('tzdb-browser.ts: every name of the shipped release the engine imports (a missing one fails the site build)', () => {
    for (const name of importedNames('tzdb.ts')) expect(tzdb, name).toHaveProperty(name);
  });

  it('place-names-browser.ts: every name of the place-name index the engine imports; reads throw', async () => {
    for (const name of importedNames('place-names.ts')) expect(placeNames, name).toHaveProperty(name);
    await expect(placeNames.places()).rejects.toThrow(/server-side/);
    expect(placeNames.placesIfReady()).toBeUndefined();
  });
});
