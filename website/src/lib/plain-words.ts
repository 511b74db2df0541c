/**
 * Words for people in place of the API's values: a select's value by the words its tool declares
 * (`calculator.labels[name].options`), else with its underscores as spaces (`waning_gibbous` → `waning
 * gibbous`); a calendar's month code by its name (`M01` → `Tishri` in the Hebrew calendar, `First Month`
 * in the Chinese); a calendar's id by its name (`roc` → `Republic of China (Minguo)`) and an era's code as
 * dates write it (`ah` → `AH`, `reiwa` → `Reiwa`). Browser-safe. The API's values are unchanged; only
 * what a page shows is worded here.
 */
import { CALENDAR_NAMES } from '../../../engine/browser/index.ts';

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

// Calendar ids as whole words (islamic-tbla, not islamic alone), longest first.
const CALENDAR_ID = new RegExp(
  `(?<![\\w-])(${Object.keys(CALENDAR_NAMES)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\\w-])`,
  'g',
);

/** Text (a field's help) with each calendar id as the calendar's name: `for japanese, roc` → `for Japanese, Republic of China (Minguo)`. */
export const calendarWords = (text: string): string => text.replace(CALENDAR_ID, (id) => (CALENDAR_NAMES as Record<string, string>)[id]);

// Era codes (Temporal's) as the converted dates write them; Japanese eras by their names.
const ERAS: Record<string, string> = {
  ce: 'CE',
  bce: 'BCE',
  am: 'AM',
  ah: 'AH',
  bh: 'BH',
  ap: 'AP',
  be: 'BE',
  shaka: 'Saka',
  roc: 'Minguo',
  broc: 'before Minguo',
};

/** An era code in words, as the calendar's dates write it (the Ethiopian calendar's `am` is `EC`). */
export const eraWords = (era: string, calendar?: string): string =>
  calendar === 'ethiopic' && era === 'am' ? 'EC' : Object.hasOwn(ERAS, era) ? ERAS[era] : `${era[0]?.toUpperCase() ?? ''}${era.slice(1)}`;
