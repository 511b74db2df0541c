/**
 * The shape of an official calendar: what a government publishes where it differs from the date-holidays
 * rules, for one country (or some of its subdivisions) and one year, and corrections of the rules
 * themselves (a holiday law revised, a name spelled as the law spells it). Every calendar and every
 * correction names its source; `checkOfficial` (official/check.ts) checks the rows against their year,
 * weekday and each other, and a test runs it over every file.
 */
import type { HolidayType } from '../calendar-data.ts';

/** A publication: the notice, memorandum, gazette or government page the rows come from. */
export interface OfficialSource {
  /** Its title, in its own language (an English gloss in brackets where it is not English). */
  title: string;
  /** The body that issued it. */
  issuer: string;
  /** The date it was published, YYYY-MM-DD; for a page kept current (gov.uk, OPM), the date this release read it. */
  published: string;
  /** Where it can be read (the issuer's page, or a state news agency's authorised release of it). */
  url: string;
}

/**
 * One row of an official calendar, dated:
 * - `add`: a holiday the rules miss;
 * - `remove`: a holiday the rules give that the calendar does not (by date and English name);
 * - `retype`: a holiday the rules give under another type;
 * - `working_day`: a weekend day made a working day (China's 调休上班);
 * - `day_off`: a weekday given off that is not itself a holiday (a rest day moved next to a holiday).
 */
export type OfficialRow =
  | { op: 'add'; date: string; name: string; local_name: string; type?: HolidayType; substitute?: boolean }
  | { op: 'remove'; date: string; name: string }
  | { op: 'retype'; date: string; name: string; type: HolidayType }
  | { op: 'working_day' | 'day_off'; date: string; name: string; local_name: string };

/** One year's official calendar. */
export interface OfficialYear {
  year: number;
  /** The subdivisions it covers (ISO 3166-2 suffixes); absent: the whole country and every subdivision. */
  subdivisions?: readonly string[];
  source: OfficialSource;
  rows: readonly OfficialRow[];
}

/**
 * A correction of the rules, for every year from `from` through `to` (either open), dated by the rules:
 * - `rename`: the English name of a holiday (`name` as date-holidays gives it, `to` the law's);
 * - `retype`: a holiday's type (China's days for groups of citizens are no day off for everyone);
 * - `extend`: a multi-day holiday made `days` days longer (the days after its last one);
 * - `add`: a holiday on a fixed month and day (MM-DD).
 */
export type RuleFix =
  | { op: 'rename'; name: string; to: string }
  | { op: 'retype'; name: string; type: HolidayType }
  | { op: 'extend'; name: string; days: number }
  | { op: 'add'; month_day: string; name: string; local_name: string; type?: HolidayType };

export interface OfficialRules {
  from?: number;
  to?: number;
  subdivisions?: readonly string[];
  source: OfficialSource;
  fixes: readonly RuleFix[];
}

/** A country's official calendars and rule corrections. */
export interface OfficialCountry {
  /** ISO 3166-1 alpha-2, upper-case. */
  country: string;
  rules: readonly OfficialRules[];
  years: readonly OfficialYear[];
}

/** How a row's or an answer's source is written: issuer, title, date published, address. */
export const sourceText = (s: OfficialSource): string => `${s.issuer}, "${s.title}", published ${s.published}, ${s.url}`;
