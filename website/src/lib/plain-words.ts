/**
 * Words for people in place of the API's values: a select's value by the words its tool declares
 * (`calculator.labels[name].options`), else with its underscores as spaces (`waning_gibbous` → `waning
 * gibbous`); a calendar's month code by its name (`M01` → `Tishri` in the Hebrew calendar, `First Month`
 * in the Chinese). Browser-safe. The API's values are unchanged; only what a page shows is worded here.
 */

// Hebrew months by Temporal code (the civil year from Tishri; M05L is Adar I, M06 Adar, Adar II in a leap year).
const HEBREW: Record<string, string> = {
  M01: 'Tishri',
  M02: 'Heshvan',
  M03: 'Kislev',
  M04: 'Tevet',
  M05: 'Shevat',
  M05L: 'Adar I',
  M06: 'Adar',
  M07: 'Nisan',
  M08: 'Iyar',
  M09: 'Sivan',
  M10: 'Tamuz',
  M11: 'Av',
  M12: 'Elul',
};
const ORDINALS = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth', 'Eleventh', 'Twelfth', 'Thirteenth'];

/** A month code (M01..M13, L for a leap month) in words for its calendar; other text is returned as it is. */
export function monthWords(code: string, calendar?: string): string {
  const m = /^M(\d\d)(L?)$/.exec(code);
  if (!m) return code;
  const n = Number(m[1]);
  if (calendar === 'hebrew' && HEBREW[code]) return HEBREW[code];
  if (calendar === 'chinese' || calendar === 'dangi') return `${m[2] ? 'Leap ' : ''}${ORDINALS[n - 1]} Month`;
  return `month ${n}${m[2] ? ' (leap)' : ''}`;
}

/** A value of a select or ticks in words: the tool's declared words, else its underscores as spaces. */
export const valueWords = (value: string, options?: Readonly<Record<string, string>>): string =>
  options && Object.hasOwn(options, value) ? options[value] : value.replaceAll('_', ' ');
