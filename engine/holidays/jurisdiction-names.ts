/**
 * Countries and subdivisions by code or by name, for the `country` and `subdivision` of every holiday
 * input: `DE`, `DEU`, `Germany`, `deutschland`; `BY`, `DE-BY`, `Bavaria`, `Bayern`, `bayern`. Names are
 * compared exactly after folding (name-index.ts: letter case, accents, apostrophes and punctuation),
 * through Maps built once from the shipped data, never as a pattern and never by similarity; a name
 * that several countries (or subdivisions of the country) share is refused, listing them.
 *
 * Names, in two ranks (a name of the first rank wins over one of the second; two of one rank are ambiguous):
 * - countries: date-holidays' names in every language its data gives (Deutschland, Germany) and CLDR's
 *   English names with their short and variant forms (United States, US; Czechia, Czech Republic); then
 *   those names without CLDR's qualifier (Congo - Kinshasa → Congo, which is also Congo - Brazzaville).
 *   ISO 3166-1 alpha-3 codes (cldr-core's codeMappings) are codes, read before names.
 * - subdivisions: date-holidays' names in every language (Kanton Genf, Canton of Geneva) and the English
 *   names of subdivision-names.ts where the data has only the local one (Bayern: Bavaria); then those
 *   names without a designation word (Canton of Geneva → Geneva, Murcia Region → Murcia).
 *
 * @example
 * resolveCountry('united states') // → { code: 'US', name: 'United States' }
 * resolveCountry('DEU')           // → { code: 'DE' }
 * resolveSubdivision('CA', 'Québec') // → { code: 'QC', name: 'Quebec' }
 * resolveCountry('Congo')         // → { error: 'is ambiguous: …', candidates: [{ code: 'CD', … }, { code: 'CG', … }] }
 */
import { countryAlpha3Entries, countryName, countryNameEntries } from '../country-names.ts';
import { catalogueCountry, catalogueNames, DISCOVERY_TOOL } from './calendar-data.ts';
import { extraNames } from './subdivision-names.ts';
import { addName, closeMatches, foldName, lookUp, type Candidate, type NameIndex } from './name-index.ts';

/** A code (the data's spelling), and the name it was read from when the input was a name; or why not, with what it may have meant. */
export type Resolution = { code: string; name?: string } | { error: string; candidates?: Candidate[] };

/** Longest country or subdivision input read (the longest name in the data is about 50 characters). */
export const MAX_NAME_LENGTH = 100;

// ----- countries --------------------------------------------------------------------------------

let countries: { names: NameIndex; alpha3: Map<string, string> } | undefined;

/** CLDR's disambiguated names without their qualifier: `Congo - Kinshasa`, `Congo (DRC)` → `Congo`. */
function unqualified(name: string): string | undefined {
  const dash = name.indexOf(' - ');
  if (dash > 0) return name.slice(0, dash);
  const paren = name.lastIndexOf(' (');
  if (paren > 0 && name.endsWith(')')) return name.slice(0, paren);
  return undefined;
}

/**
 * Whether a CLDR region code is a country or territory: not a private-use code (AA, QM–QZ, XA–XZ but
 * Kosovo's XK, ZZ "Unknown Region") nor a group (EU, EZ, UN).
 */
const isTerritory = (code: string) => /^[A-Z]{2}$/.test(code) && (code === 'XK' || !/^(AA|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN)$/.test(code));

function countryIndex() {
  if (countries) return countries;
  const names: NameIndex = new Map();
  const all: [string, string][] = [];
  for (const c of catalogueNames().values()) for (const name of c.names) all.push([name, c.code]);
  all.push(...countryNameEntries().filter(([, code]) => isTerritory(code)));
  for (const [name, code] of all) addName(names, name, code, 0);
  for (const [name, code] of all) {
    const short = unqualified(name);
    if (short) addName(names, short, code, 1);
  }
  countries = { names, alpha3: new Map(countryAlpha3Entries().filter(([, code]) => isTerritory(code))) };
  return countries;
}

/** A country's English name: the holiday catalogue's, else CLDR's. */
const nameOfCountry = (code: string) => catalogueCountry(code)?.name ?? countryName(code);

const listed = (candidates: Candidate[]) => candidates.map((c) => `${c.code} (${c.name})`).join(', ');

/** The close matches of an unknown name as the end of a sentence leading to "see …". */
const suggested = (candidates: Candidate[]) => (candidates.length ? `; did you mean ${listed(candidates)}? See` : '; see');

const notCovered = (code: string) =>
  ({ error: `names ${code} (${nameOfCountry(code)}), which the holiday data does not cover; see ${DISCOVERY_TOOL} for the countries it does` }) as const;

/**
 * The country a `country` input names: an ISO 3166-1 alpha-2 or alpha-3 code in any case, or a name; a
 * supported country's code, with the name read when the input was a name.
 */
export function resolveCountry(written: string): Resolution {
  const text = written.trim();
  const upper = text.toUpperCase();
  if (/^[A-Za-z]{2}$/.test(text) && catalogueCountry(upper)) return { code: upper };
  const { names, alpha3 } = countryIndex();
  const fromAlpha3 = /^[A-Za-z]{3}$/.test(text) ? alpha3.get(upper) : undefined;
  if (fromAlpha3 && catalogueCountry(fromAlpha3)) return { code: fromAlpha3 };
  const folded = foldName(text);
  const found = lookUp(names, folded);
  if (found.length === 1) return catalogueCountry(found[0].code) ? { code: found[0].code, name: found[0].name } : notCovered(found[0].code);
  if (found.length > 1) {
    const candidates = found.map((e) => ({ code: e.code, name: nameOfCountry(e.code) }));
    return { error: `is ambiguous: it names ${listed(candidates)}; give the code`, candidates };
  }
  if (isTerritory(upper) && countryName(upper) !== upper) return notCovered(upper);
  if (fromAlpha3) return notCovered(fromAlpha3);
  const subdivisions = subdivisionsNamed(folded);
  if (subdivisions.length) {
    return {
      error: `is not a country: ${subdivisions.map((s) => `subdivision ${s.code} of ${s.country} (${s.name})`).join(', ')}; give the country's code and the subdivision`,
    };
  }
  const candidates = closeMatches(names, folded, (code) => (catalogueCountry(code) ? nameOfCountry(code) : undefined));
  return {
    error: `is not a supported country code (ISO 3166-1 alpha-2 or alpha-3) or country name${suggested(candidates)} ${DISCOVERY_TOOL} for the codes`,
    ...(candidates.length ? { candidates } : {}),
  };
}

// ----- subdivisions -----------------------------------------------------------------------------

/** Words that say what kind of subdivision a name is, dropped for the second-rank names. */
const DESIGNATION_PREFIXES = [
  'Canton of',
  'Canton de',
  'Canton du',
  'Canton des',
  'Cantone dei',
  'Canton',
  'Kanton',
  'Republic of',
  'Département et région d’outre-mer',
  'Département',
  'Hansestadt',
  'Ciudad de',
  'Comunidad Foral de',
  'Comunidad de',
  'Comunitat',
  'State of',
  'Province of',
  'Land',
].map(foldName);
const DESIGNATION_SUFFIXES = ['Province', 'Region', 'Republic', 'Krai', 'Oblast'].map(foldName);

/** A folded name without its designation words (`canton of geneva` → `geneva`), or undefined. */
function undesignated(folded: string): string | undefined {
  let out = folded;
  const prefix = DESIGNATION_PREFIXES.find((p) => out.startsWith(`${p} `));
  if (prefix) out = out.slice(prefix.length + 1);
  const suffix = DESIGNATION_SUFFIXES.find((s) => out.endsWith(` ${s}`));
  if (suffix) out = out.slice(0, -suffix.length - 1);
  return out !== folded && out.length >= 3 ? out : undefined;
}

interface SubdivisionIndex {
  /** Upper-cased code → the code as the data writes it. */
  codes: Map<string, string>;
  names: NameIndex;
  /** Code → its English catalogue name. */
  english: Map<string, string>;
}

/** Subdivision indexes by country code, each built on first use (at most one per supported country). */
const subdivisionIndexes = new Map<string, SubdivisionIndex>();

function subdivisionIndex(country: string): SubdivisionIndex | undefined {
  const known = subdivisionIndexes.get(country);
  if (known) return known;
  const c = catalogueNames().get(country);
  if (!c) return undefined;
  const index: SubdivisionIndex = { codes: new Map(), names: new Map(), english: new Map() };
  for (const [code, names] of c.subdivisionNames) {
    index.codes.set(code.toUpperCase(), code);
    index.english.set(code, names[0]);
    const own = [...names, ...extraNames(`${country}-${code}`)];
    for (const name of own) addName(index.names, name, code, 0);
    for (const name of own) {
      const short = undesignated(foldName(name));
      if (short) addName(index.names, name, code, 1, short);
    }
  }
  subdivisionIndexes.set(country, index);
  return index;
}

/** Subdivisions of any country whose first-rank name this is (a subdivision given as the country). */
function subdivisionsNamed(folded: string): (Candidate & { country: string })[] {
  const out: (Candidate & { country: string })[] = [];
  if (!folded) return out;
  for (const country of catalogueNames().keys()) {
    for (const e of subdivisionIndex(country)?.names.get(folded) ?? []) if (e.rank === 0 && out.length < 3) out.push({ country, code: e.code, name: e.name });
  }
  return out;
}

/**
 * The subdivision of a supported country (`country`: its upper-case code) a `subdivision` input names:
 * the ISO 3166-2 suffix (`BY`) or full code (`DE-BY`) in any case, or a name; its code as the data writes
 * it, with the name read when the input was a name.
 */
export function resolveSubdivision(countryCode: string, written: string): Resolution {
  const country = countryCode.toUpperCase();
  const index = subdivisionIndex(country);
  if (!index) return { error: `cannot be checked: country is not supported; see ${DISCOVERY_TOOL}` };
  const text = written.trim();
  const code = index.codes.get(text.toUpperCase());
  if (code) return { code };
  const dash = text.indexOf('-');
  const full = dash === 2 && /^[A-Za-z]{2}$/.test(text.slice(0, 2)) ? text.slice(0, 2).toUpperCase() : undefined;
  if (full === country) {
    const suffix = index.codes.get(text.slice(3).toUpperCase());
    if (suffix) return { code: suffix };
  }
  const folded = foldName(text);
  const found = lookUp(index.names, folded);
  if (found.length === 1) return { code: found[0].code, name: found[0].name };
  const nameOf = (c: string) => index.english.get(c) ?? c;
  if (found.length > 1) {
    const candidates = found.map((e) => ({ code: e.code, name: nameOf(e.code) }));
    return { error: `is ambiguous: it names ${listed(candidates)} in ${country}; give the code`, candidates };
  }
  if (full && full !== country) {
    return {
      error: `names country ${full}, not ${country}; give the ISO 3166-2 suffix (such as ENG) or the full form of a ${country} subdivision`,
    };
  }
  if (index.codes.size === 0) return { error: `is not supported: the holiday data has no subdivisions for ${country}; leave it out, see ${DISCOVERY_TOOL}` };
  const candidates = closeMatches(index.names, folded, nameOf);
  return {
    error: `is not a supported subdivision of ${country}${suggested(candidates)} ${DISCOVERY_TOOL} for its codes`,
    ...(candidates.length ? { candidates } : {}),
  };
}
