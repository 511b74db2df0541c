import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { supportedCountries } from '../../../engine/holidays/calendar-data.ts';
import { ENGLISH_NAMES, MORE_NAMES } from '../../../engine/holidays/subdivision-names.ts';
import { ADMIN1_FILE, parseAdmin1 } from '../../../engine/places/dataset.ts';

/** GeoNames' first-level divisions (admin1CodesASCII) as datasets/places/admin1.tsv holds them: `{code: 'DE.02', name: 'Bavaria'}`. */
const admin1 = [...parseAdmin1(readFileSync(ADMIN1_FILE, 'utf8'))].map(([code, name]) => ({ code, name }));

/** The names the table takes from another source than GeoNames, as its comments say. */
const NOT_FROM_GEONAMES = new Set([
  'BE-BRU Brussels',
  'DE-MV Mecklenburg-Western Pomerania',
  'DE-RP Rhineland-Palatinate',
  'IT-32 South Tyrol',
  'PE-CUS Cusco',
]);

describe('subdivision-names', () => {
  const entries = [...Object.entries(ENGLISH_NAMES), ...Object.entries(MORE_NAMES)].flatMap(([code, names]) => names.map((name) => [code, name]));

  it("every name is GeoNames' name of a first-level division of that country, but the few with their own source", () => {
    expect(entries.length).toBeGreaterThan(20);
    for (const [code, name] of entries) {
      if (NOT_FROM_GEONAMES.has(`${code} ${name}`)) continue;
      const country = code.slice(0, 2);
      expect(
        admin1.some((a) => a.code.startsWith(`${country}.`) && a.name === name),
        `${code} ${name}`,
      ).toBe(true);
    }
  });

  it('names subdivisions the holiday data has, and the catalogue shows the English name', () => {
    const catalogue = new Map<string, string>(supportedCountries().flatMap((c) => c.subdivisions.map((s) => [`${c.code}-${s.code}`, s.name] as const)));
    for (const [code] of entries) expect(catalogue.has(code), code).toBe(true);
    for (const [code, names] of Object.entries(ENGLISH_NAMES)) expect(catalogue.get(code)).toBe(names[0]);
    expect(catalogue.get('DE-BY')).toBe('Bavaria');
    // A name the data gives in English stays.
    expect(catalogue.get('ES-VC')).toBe('Valencian Community');
  });
});
