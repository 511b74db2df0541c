/**
 * United Kingdom: gov.uk's bank holiday lists. Where Christmas Day or Boxing Day falls on a weekend, the
 * bank holiday is the substitute weekday alone (Banking and Financial Dealings Act 1971, Sch. 1); the
 * date-holidays rules list the weekend date beside it, so the rows remove it. England and Wales share one
 * list (2025–2027 here); Scotland's is here for 2026. Other years and Northern Ireland: the rules' estimate.
 */
import type { OfficialCountry, OfficialSource } from './types.ts';

const GOV_UK: Omit<OfficialSource, 'title' | 'published'> = {
  issuer: 'UK Government (GOV.UK)',
  url: 'https://www.gov.uk/bank-holidays',
};
const list = (nation: string, year: number): OfficialSource => ({
  ...GOV_UK,
  title: `UK bank holidays: ${nation}, ${year}`,
  // The lists for 2025 to 2027 as gov.uk showed them when this release was made (it publishes about three years ahead).
  published: '2026-11-28',
});

export const GB: OfficialCountry = {
  country: 'GB',
  rules: [],
  years: [
    // New Year's Day, Good Friday 18 Apr, Easter Monday 21 Apr, 5 May, 26 May, 25 Aug, Christmas Day, Boxing Day: the rules agree.
    { year: 2025, subdivisions: ['ENG', 'WLS'], source: list('England and Wales', 2025), rows: [] },
    {
      // 8 bank holidays: Boxing Day (Saturday 26 December) is the substitute Monday 28 December.
      year: 2026,
      subdivisions: ['ENG', 'WLS'],
      source: list('England and Wales', 2026),
      rows: [{ op: 'remove', date: '2026-12-26', name: 'Boxing Day' }],
    },
    {
      year: 2026,
      subdivisions: ['SCT'],
      source: list('Scotland', 2026),
      rows: [{ op: 'remove', date: '2026-12-26', name: 'Boxing Day' }],
    },
    {
      // Christmas Day (Saturday) and Boxing Day (Sunday): the substitute days Monday 27 and Tuesday 28 December.
      year: 2027,
      subdivisions: ['ENG', 'WLS'],
      source: list('England and Wales', 2027),
      rows: [
        { op: 'remove', date: '2027-12-25', name: 'Christmas Day' },
        { op: 'remove', date: '2027-12-26', name: 'Boxing Day' },
      ],
    },
  ],
};
