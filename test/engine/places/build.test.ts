/**
 * The places index's build (engine/places/build.ts) over rows in cities500.txt's layout (GeoNames'
 * readme for cities500: 19 tab-separated columns; geonameid, name, asciiname, alternatenames, latitude,
 * longitude, feature class, feature code, country code, cc2, admin1 code … population (15th), elevation,
 * dem, timezone, modification date): what it keeps of each place, and the populations it refuses.
 */
import { describe, expect, it } from 'vitest';
import { buildFromData } from '../../../engine/places/build.ts';
import { admin1Of, countryOf, latOf, lonOf } from '../../../engine/places/layout.ts';
import { placeRecord } from '../../../engine/places/records.ts';

/** A row of cities500.txt. */
const row = (id: number, name: string, lat: string, lon: string, cc: string, admin1: string, population: string) =>
  [id, name, name, '', lat, lon, 'P', 'PPL', cc, '', admin1, '', '', '', population, '', '100', 'Etc/UTC', '2023-01-01'].join('\t');

const build = (...rows: string[]) => buildFromData(Buffer.from(`${rows.join('\n')}\n`), new Map([['DE.02', 'Bavaria']]));

describe('the places build', () => {
  it("keeps each place's country, admin1 code, coordinates and population as the row gives them", async () => {
    const { index } = await build(
      row(1, 'Alpha', '48.13743', '11.57549', 'DE', '02', '4294967295'),
      row(2, 'Beta', '-33.86785', '151.20732', 'AU', '', ''),
      row(3, 'Gamma', '0.1', '-0.30000000000000004', 'DE', '02', '500'),
    );
    const places = [0, 1, 2].map((p) => ({
      id: placeRecord(index, p).geonamesId,
      country: countryOf(index, p),
      admin1: admin1Of(index, p),
      lat: latOf(index, p),
      lon: lonOf(index, p),
      population: index.population[p],
    }));
    expect(places).toEqual([
      { id: 1, country: 'DE', admin1: '02', lat: 48.13743, lon: 11.57549, population: 4294967295 },
      { id: 2, country: 'AU', admin1: '', lat: -33.86785, lon: 151.20732, population: 0 },
      { id: 3, country: 'DE', admin1: '02', lat: 0.1, lon: -0.30000000000000004, population: 500 },
    ]);
    // Each distinct (country, admin1) pair once.
    expect([index.divisionCountry, index.divisionAdmin1, [...index.division]]).toEqual([
      ['DE', 'AU'],
      ['02', ''],
      [0, 1, 0],
    ]);
  });

  it('refuses a population a 32-bit unsigned integer cannot hold, or one that is not a whole number, naming the place', async () => {
    await expect(build(row(7, 'Big', '0', '0', 'DE', '02', '4294967296'))).rejects.toThrow(
      'cities500.txt: GeoNames 7 has population "4294967296", not a whole number from 0 to 4294967295',
    );
    await expect(build(row(8, 'Odd', '0', '0', 'DE', '02', '12.5'))).rejects.toThrow('GeoNames 8 has population "12.5"');
    await expect(build(row(9, 'Less', '0', '0', 'DE', '02', '-3'))).rejects.toThrow('GeoNames 9 has population "-3"');
  });
});
