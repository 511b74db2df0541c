/**
 * Two of cities500.txt's columns as the places index keeps them (engine/places/build.ts reads the rows):
 * the population as a 32-bit unsigned integer, and the country and admin1 code as one division number
 * (16 bits) into a table of the distinct (country, admin1 code) pairs: 3,816 pairs for 199,568 places
 * in cities500 of 2023-03-05.
 * A value the index cannot hold stops the build, naming it.
 */

/** The largest population the index holds (a Uint32Array); GeoNames' largest is about 22 million. */
export const POPULATION_MAX = 0xffffffff;
/** Distinct (country, admin1) pairs a division number (u16) reaches. */
export const DIVISIONS_MAX = 0x10000;

/** A population column's value (place `id`): a whole number from 0 to {@link POPULATION_MAX}, 0 where empty; else an error. */
export function populationOf(text: string, id: string): number {
  const value = Number(text) || 0;
  if (!Number.isInteger(value) || value < 0 || value > POPULATION_MAX) {
    throw new Error(
      `cities500.txt: GeoNames ${id} has population ${JSON.stringify(text)}, not a whole number from 0 to ${POPULATION_MAX} (the index keeps populations as 32-bit unsigned integers)`,
    );
  }
  return value;
}

/** Division numbers handed out in order of first use: `numberOf(country, admin1)`, and the pairs by number. */
export function divisionTable(): { numberOf(country: string, admin1: string): number; country: string[]; admin1: string[] } {
  const numbers = new Map<string, number>();
  const country: string[] = [];
  const admin1: string[] = [];
  return {
    country,
    admin1,
    numberOf(cc, a1) {
      const key = `${cc}\t${a1}`;
      let n = numbers.get(key);
      if (n === undefined) {
        n = country.length;
        if (n === DIVISIONS_MAX)
          throw new Error(`cities500.txt: more than ${DIVISIONS_MAX} distinct (country, admin1) pairs, more than a division number (16 bits) reaches`);
        numbers.set(key, n);
        country.push(cc);
        admin1.push(a1);
      }
      return n;
    },
  };
}
