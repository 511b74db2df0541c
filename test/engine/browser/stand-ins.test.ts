/**
 * The browser bundle's stand-in for the place-name index (website/astro.config.mjs): it exports every
 * name engine modules import from the module it stands for, and its reads throw.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as placeNames from '../../../engine/places/place-names-browser.ts';

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

describe('the stand-in for the place-name index in a page', () => {
  it('place-names-browser.ts: every name of the place-name index the engine imports; reads throw', async () => {
    for (const name of importedNames('place-names.ts')) expect(placeNames, name).toHaveProperty(name);
    await expect(placeNames.places()).rejects.toThrow(/server-side/);
    expect(placeNames.placesIfReady()).toBeUndefined();
  });
});
