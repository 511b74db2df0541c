/**
 * date-holidays for a calculator page: the same rules engine (date-holidays-parser, which the package
 * itself wraps) over the same data, which a page fetches in parts (engine/browser/calculator-data.ts):
 * the catalogue (every country's and subdivision's names, no rules) first, then the rules of the
 * countries asked for. The class is the page's engine data's date-holidays (engine/browser/page-data.ts),
 * so engine/holidays/calendar-data.ts runs unchanged; building the rules of a country whose rules the
 * page has not added throws (never an empty list of holidays): by default an Error, or what `missing`
 * makes of the country code (the page's data says which pack to fetch).
 */
// @ts-expect-error date-holidays-parser ships its types at a path its package exports do not name
import HolidaysParserModule from 'date-holidays-parser';

/** The parser's class: the data first, then what date-holidays' own constructor takes. */
const HolidaysParser = HolidaysParserModule as new (data: unknown, ...args: unknown[]) => object;

interface HolidayData {
  version: string;
  license: string;
  holidays: Record<string, unknown>;
  names: Record<string, unknown>;
}

/** The package's class over the catalogue, and how the page adds a country's rules to its data. */
export function pageHolidays(catalogue: HolidayData, missing = (code: string): Error => new Error(`holiday rules of ${code} are not loaded in this page`)) {
  const data: HolidayData = { ...catalogue, holidays: { ...catalogue.holidays } };
  const withRules = new Set<string>();
  class Holidays extends HolidaysParser {
    constructor(...args: unknown[]) {
      const [country] = args;
      const code = typeof country === 'string' ? country.split('.')[0].toUpperCase() : undefined;
      if (code && !withRules.has(code)) throw missing(code);
      super(data, ...args);
    }
  }
  return {
    Holidays,
    /** Adds the rules of a country (and of those they refer to), as countryHolidays writes them. */
    addRules(part: { holidays: Record<string, unknown> }, country: string) {
      Object.assign(data.holidays, part.holidays);
      withRules.add(country.toUpperCase());
    },
    hasRules: (country: string) => withRules.has(country.toUpperCase()),
    has: (country: string) => Object.hasOwn(data.holidays, country.toUpperCase()),
  };
}
