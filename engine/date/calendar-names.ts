/**
 * English names for convert_calendar, shipped with the engine rather than read from the runtime's Intl
 * (whose CLDR differs between Node lines and browsers): CLDR 48, locale `en`, format width "wide", as
 * the cldr-cal-*-full packages publish them (checked once against Node 20's Intl, ICU 78.2 / CLDR 48.0,
 * on every month of 1912..2100). One departure: a Chinese or Korean leap month is "Leap Sixth Month"
 * where CLDR's `en` pattern writes "Sixth Monthbis".
 */

import type { CalendarId } from './calendar-systems.ts';

/** The calendars' names as people write them, by id (convert_calendar's form options and answer, the site's table; the API keeps the ids). */
export const CALENDAR_NAMES: Readonly<Record<CalendarId, string>> = {
  gregory: 'Gregorian',
  iso8601: 'ISO 8601',
  hebrew: 'Hebrew',
  'islamic-umalqura': 'Islamic (Umm al-Qura)',
  'islamic-civil': 'Islamic (civil)',
  'islamic-tbla': 'Islamic (tabular, astronomical epoch)',
  persian: 'Persian (Solar Hijri)',
  chinese: 'Chinese',
  dangi: 'Korean (Dangi)',
  indian: 'Indian national (Saka)',
  ethiopic: 'Ethiopian',
  coptic: 'Coptic',
  buddhist: 'Buddhist',
  japanese: 'Japanese',
  roc: 'Republic of China (Minguo)',
};

// English month names of CLDR 48 (`en`, format, wide), as the cldr-cal-*-full packages publish them.
const GREGORIAN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const MONTH_NAMES: Record<string, readonly string[]> = {
  gregorian: GREGORIAN_MONTHS,
  // By month code M01..M12; M05L is Adar I, and M06 is "Adar II" in a leap year (CLDR's leap-year variant).
  hebrew: ['Tishri', 'Heshvan', 'Kislev', 'Tevet', 'Shevat', 'Adar', 'Nisan', 'Iyar', 'Sivan', 'Tamuz', 'Av', 'Elul'],
  islamic: ['Muharram', 'Safar', 'Rabiʻ I', 'Rabiʻ II', 'Jumada I', 'Jumada II', 'Rajab', 'Shaʻban', 'Ramadan', 'Shawwal', 'Dhuʻl-Qiʻdah', 'Dhuʻl-Hijjah'],
  persian: ['Farvardin', 'Ordibehesht', 'Khordad', 'Tir', 'Mordad', 'Shahrivar', 'Mehr', 'Aban', 'Azar', 'Dey', 'Bahman', 'Esfand'],
  indian: ['Chaitra', 'Vaisakha', 'Jyaistha', 'Asadha', 'Sravana', 'Bhadra', 'Asvina', 'Kartika', 'Agrahayana', 'Pausa', 'Magha', 'Phalguna'],
  ethiopic: ['Meskerem', 'Tekemt', 'Hedar', 'Tahsas', 'Ter', 'Yekatit', 'Megabit', 'Miazia', 'Genbot', 'Sene', 'Hamle', 'Nehasse', 'Pagumen'],
  coptic: ['Tout', 'Baba', 'Hator', 'Kiahk', 'Toba', 'Amshir', 'Baramhat', 'Baramouda', 'Bashans', 'Paona', 'Epep', 'Mesra', 'Nasie'],
  lunisolar: [
    'First Month',
    'Second Month',
    'Third Month',
    'Fourth Month',
    'Fifth Month',
    'Sixth Month',
    'Seventh Month',
    'Eighth Month',
    'Ninth Month',
    'Tenth Month',
    'Eleventh Month',
    'Twelfth Month',
  ],
};
// CLDR 48 `en` cyclic year names (the sexagenary cycle) and zodiac names of the Chinese calendar.
const STEMS = ['jia', 'yi', 'bing', 'ding', 'wu', 'ji', 'geng', 'xin', 'ren', 'gui'];
const BRANCHES = ['zi', 'chou', 'yin', 'mao', 'chen', 'si', 'wu', 'wei', 'shen', 'you', 'xu', 'hai'];
const ANIMALS = ['Rat', 'Ox', 'Tiger', 'Rabbit', 'Dragon', 'Snake', 'Horse', 'Goat', 'Monkey', 'Rooster', 'Dog', 'Pig'];

/** The sexagenary name and animal of a related ISO year: 1984 is jia-zi, the Rat. */
export function cycleYear(year: number): { name: string; animal: string } {
  const i = (((year - 4) % 60) + 60) % 60;
  return { name: `${STEMS[i % 10]}-${BRANCHES[i % 12]}`, animal: ANIMALS[i % 12] };
}
