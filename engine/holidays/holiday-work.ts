/**
 * What holiday answers cost (engine/work.ts: units of about a microsecond of server CPU on the 2-core
 * reference machine), and the longest ranges they cover.
 *
 * The work is date-holidays evaluating every rule of a jurisdiction for a year (all types at once: the
 * types asked for only filter the result), once per jurisdiction-year while the year's list stays cached
 * (engine/holidays/holiday-cache.ts); a year also needs the year before it (a multi-day holiday may run
 * into it). Priced cold, as a caller cycling countries meets it, since a price cannot depend on what
 * other callers left in the cache. What a year costs depends on the rules: measured with
 * `node --import tsx bench/holidays.ts cpu` (CPU time, the least of three runs with no Earth position
 * memoised, the worst of 16 years from 1900 to 2200, every one of the 571 jurisdictions of date-holidays
 * 3.37.0; Node 20 on the 2-core VM, load average 1-4 from other sessions; two runs):
 * - most jurisdictions: 0.5 ms a year (median; p90 0.9 ms), 20-60 µs a rule; the same jurisdiction
 *   measures up to 2.5 times more in one run than in another (US-NY 0.75 and 1.94 ms);
 * - Chinese, Korean or Vietnamese calendar dates: their astronomy computed once a year for all of a
 *   jurisdiction's rules (engine/holidays/earth-positions.ts), then 0.2-0.5 ms a rule: TW (22 such rules
 *   of 43) 11.4-12.0 ms a year, HK 8.1-8.6, CN 6.9-7.1, VN 6.8, KR 4.1-4.3, MY 2.5-4.0;
 * - an equinox or solstice: up to 1.5 ms a rule a year (CL-TA 2.1 ms, JP with 4 of 54 rules 3.1-4.7);
 * - building a jurisdiction's rules: 0.1-0.6 ms (a first build in a fresh process, compiling and
 *   collecting included, up to 16 ms, 0.6 ms on average);
 * - a year already cached: 10 µs to merge, filter and sort its list (TW, all types).
 * A call measured whole, cold (bench/holidays.ts tools), costs up to twice the sum of its years so
 * measured (collections, a cold processor cache; TW's two years 32-57 ms): {@link yearUnits} is 500 + 60 a
 * rule, + 9,000 and 500 a rule for lunisolar rules, + 1,000 an equinox or solstice rule: TW 24.1 ms
 * declared, CN 14.6, JP 7.7, DE 2.4, the median 1.7; at least every jurisdiction's slowest measurement
 * (US-NY's noisiest: 1.94 ms, declared 2.06), 3 times the median one, which bench/holidays.ts checks;
 * and a call {@link CALL_UNITS} more. The first call of a
 * jurisdiction in a process costs up to twice its next ones once (its zone data and code paths loaded).
 */
import type { Jurisdiction } from './calendar-data.ts';

/** A year of holidays, cold: this much for any jurisdiction, plus per rule by kind. */
const YEAR_BASE_UNITS = 500;
const RULE_UNITS = 60;
/** The lunisolar calendar's year, computed once for all of a jurisdiction's lunisolar rules, and each rule. */
const LUNISOLAR_YEAR_UNITS = 9000;
const LUNISOLAR_RULE_UNITS = 500;
const SOLAR_RULE_UNITS = 1000;
/** A call, whatever its years: building the jurisdiction's rules, and what a cold first year costs beyond its share. */
export const CALL_UNITS = 5000;
/** A year once computed: its list merged, filtered and sorted, its days counted and written in the answer. */
export const WARM_YEAR_UNITS = 50;

/** Rule kinds that cost far more a year than the rest: Chinese-calendar dates and the Sun's. */
const LUNISOLAR_RULE = /\b(?:chinese|korean|vietnamese)\b/;
const SOLAR_RULE = /\b(?:equinox|solstice)\b/;

const perYear = new WeakMap<Jurisdiction, number>();

/** Work units to compute one year of a jurisdiction's holidays, cold. */
export function yearUnits(j: Jurisdiction): number {
  let units = perYear.get(j);
  if (units === undefined) {
    const lunisolar = j.rules.filter((r) => LUNISOLAR_RULE.test(r)).length;
    const solar = j.rules.filter((r) => SOLAR_RULE.test(r)).length;
    units =
      YEAR_BASE_UNITS + RULE_UNITS * j.rules.length + (lunisolar ? LUNISOLAR_YEAR_UNITS + LUNISOLAR_RULE_UNITS * lunisolar : 0) + SOLAR_RULE_UNITS * solar;
    perYear.set(j, units);
  }
  return units;
}

/**
 * Work units for the holidays of `years` calendar years in a row, cold: the jurisdiction built, each
 * year and the one before the first computed.
 */
export const yearsUnits = (j: Jurisdiction, years: number): number => CALL_UNITS + (years + 1) * yearUnits(j) + years * WARM_YEAR_UNITS;

/** The price of one year's holidays in words (list_holidays, is_business_day). */
export const YEAR_WORK_RULE =
  'two years of holidays (the one asked for and the one before), cold: 6-11 ms in most countries, 20-54 ms where lunisolar ' +
  'holidays or equinoxes are computed (JP, CN, KR, MY, SG, VN, HK, TW and a few more)';

/** The most calendar years one request may cover in a jurisdiction within `budget` work units. */
export const yearsWithin = (j: Jurisdiction, budget: number): number =>
  Math.max(0, Math.floor((budget - CALL_UNITS - yearUnits(j)) / (yearUnits(j) + WARM_YEAR_UNITS)));

/**
 * The longest range of a business-day count, in calendar years (the first through the last date's):
 * a century, a 99-year lease with room. Ranges longer still have no use one request should serve;
 * within it, one request's work limit (250 ms) may allow fewer in the costliest jurisdictions.
 */
export const MAX_SPAN_YEARS = 100;

/** Calendar years from the year of `first` through the year of `last` (dates YYYY-MM-DD). */
export const calendarYears = (first: string, last: string): number => Number(last.slice(0, 4)) - Number(first.slice(0, 4)) + 1;

/** A jurisdiction as people read it: `TW`, `GB-ENG`. */
export const placeOf = (j: Jurisdiction): string => (j.subdivision ? `${j.country}-${j.subdivision}` : j.country);
