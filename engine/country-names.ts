/**
 * English country names from CLDR (cldr-localenames-full, main/en/territories.json), the same CLDR
 * release as the week and Windows-zone data of cldr-core, so a name never depends on the runtime's ICU
 * (Intl.DisplayNames differs between Node lines); and the ISO 3166-1 alpha-3 codes of cldr-core's
 * codeMappings, which the holiday tools accept for a country.
 */
import { engineData } from './data.ts';
import { versionOf } from './provenance.ts';

/** The CLDR release the names come from (the package follows CLDR's numbering). */
export const COUNTRY_NAMES_VERSION: string = versionOf('cldr-localenames-full');

/** `DE` → `Germany`; the code itself where CLDR has no name for it. */
export function countryName(code: string): string {
  const territories = engineData().territories();
  return Object.hasOwn(territories, code) ? territories[code] : code;
}

/**
 * Every English name CLDR gives a two-letter territory, its short and variant forms included
 * (`United States`, `US`; `Türkiye`, `Turkey`; `Czechia`, `Czech Republic`), with its code.
 */
export function countryNameEntries(): [name: string, code: string][] {
  const out: [string, string][] = [];
  for (const [key, name] of Object.entries(engineData().territories())) {
    const code = key.slice(0, 2);
    if (/^[A-Z]{2}$/.test(code) && (key.length === 2 || key.startsWith(`${code}-alt-`))) out.push([name, code]);
  }
  return out;
}

/** `['USA', 'US']`, …: every ISO 3166-1 alpha-3 code CLDR maps to a two-letter territory (cldr-core's codeMappings). */
export function countryAlpha3Entries(): [alpha3: string, code: string][] {
  const mappings = engineData().codeMappings();
  const out: [string, string][] = [];
  for (const [code, m] of Object.entries(mappings)) if (/^[A-Z]{2}$/.test(code) && m._alpha3 && /^[A-Z]{3}$/.test(m._alpha3)) out.push([m._alpha3, code]);
  return out;
}
