/**
 * The order of places that share a name (search_places' exact matches; engine/places/build.ts sorts each
 * name's postings by it once, at build): the place a person means first, from what GeoNames cities500
 * says of each place. A weight in decades (log10) per posting, larger first:
 *
 *   log10(population) + 1.25 · log10(1 + alternate names) + log10(2) if a capital or first-level seat
 *   − 1 if the name matched is an alternate name, not the place's own name or its first words
 *   − 2 more if a place of the same country at least a tenth its size has that name as its own
 *
 * - The place's own names are GeoNames' `name` and `asciiname`, and their first words (`Newcastle` of
 *   `Newcastle upon Tyne`, `Frankfurt` of `Frankfurt am Main`). cities500's alternate names carry no
 *   language, so which are the country's own cannot be read; every other alternate (historical names,
 *   other languages' names) counts as a tenth of its place: `North Canton` (Ohio) no longer answers
 *   `Berlin` before Berlins, but `Cologne` is still Köln and `Geneva` Genève, whose English names have no
 *   rival of a tenth their weight.
 * - A name another place of the same country has as its own (and that place is at least a tenth the
 *   size) is that place's (a hundredth more): Hong Kong's alternate `Victoria` yields to its Victoria
 *   district, so Victoria, BC comes first.
 * - The number of alternate names is how widely a place is known (every language that names it adds
 *   one): a place with twice the names counts as about 2.4 times the population (2^1.25). So Valencia,
 *   Spain (74 names) comes before Valencia, Venezuela (37 names, twice the people).
 * - "Same-sized": a capital (PPLC, PPLG) or first-level seat (PPLA) counts double, so it comes before a
 *   town of up to twice its weight. Then population, then the order of the data.
 * The constants were chosen on test/engine/places/ambiguous-names.test.ts, which holds with each one
 * alone moved over a range (exponent 1.1–2.0, alternate penalty 0.55–1.8 decades, same-country penalty
 * 0.85 decades and up, seat bonus 0–0.4 decades).
 */

/** How much a place's number of alternate names counts against its population (an exponent). */
export const RENOWN_EXPONENT = 1.25;
/** A capital or first-level seat counts as this many times its population. */
export const SEAT_FACTOR = 2;
/** An alternate name (not the place's own or its first words) counts its place at 1 / this. */
export const ALTERNATE_FACTOR = 10;
/** An alternate name that a same-country place at least 1 / ALTERNATE_FACTOR the size has as its own: 1 / this more. */
export const OWNED_FACTOR = 100;

/** GeoNames feature codes of capitals, seats of government and first-level seats. */
export const isSeat = (featureCode: string): boolean => featureCode === 'PPLC' || featureCode === 'PPLG' || featureCode === 'PPLA';

/** A place's weight before the name matched: decades of population, renown and seat. */
export function placeWeight(population: number, alternateNames: number, seat: boolean): number {
  return Math.log10(Math.max(population, 1)) + RENOWN_EXPONENT * Math.log10(1 + alternateNames) + (seat ? Math.log10(SEAT_FACTOR) : 0);
}

/** How a name matched its place: its own name, its own name's first words, or an alternate name. */
export const OWN_NAME = 0;
export const FIRST_WORDS = 1;
export const ALTERNATE = 2;

/** How a normalized alternate name stands to the place's own names (normalized): their first words, or an alternate. */
export const alternateKind = (key: string, ownKeys: readonly string[]): number => (ownKeys.some((own) => own.startsWith(`${key} `)) ? FIRST_WORDS : ALTERNATE);

/**
 * The postings of one name, best first: `weight` of each posting's place, `kind` how it matched
 * ({@link OWN_NAME}, {@link FIRST_WORDS}, {@link ALTERNATE}), and the place's country and population
 * (for the same-country rule). Returns the
 * posting order as indices into the arrays given.
 */
export function rankNamePostings(
  weight: readonly number[],
  kind: readonly number[],
  country: readonly string[],
  population: readonly number[],
  place: readonly number[],
): number[] {
  const largestOwn = new Map<string, number>();
  for (let i = 0; i < kind.length; i++) {
    if (kind[i] === OWN_NAME && population[i] > (largestOwn.get(country[i]) ?? -1)) largestOwn.set(country[i], population[i]);
  }
  const score = weight.map((w, i) => {
    if (kind[i] !== ALTERNATE) return w;
    const owner = largestOwn.get(country[i]);
    const owned = owner !== undefined && owner * ALTERNATE_FACTOR >= population[i];
    return w - Math.log10(ALTERNATE_FACTOR) - (owned ? Math.log10(OWNED_FACTOR) : 0);
  });
  return Array.from({ length: weight.length }, (_, i) => i).sort((a, b) => score[b] - score[a] || population[b] - population[a] || place[a] - place[b]);
}
