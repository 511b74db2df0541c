/**
 * The official-calendar layer, pinned to the publications (test/fixtures/reference/official-calendars.ts
 * for China and India, holidays.ts for gov.uk and OPM): the holidays, the adjusted working days and days
 * off, what the business-day tools make of them, and the provenance that names the layer's release.
 */
import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { fromEpochDay, isoWeekday, toEpochDay } from '../../../engine/date/calendar.ts';
import { businessDaysInJurisdiction } from '../../../engine/holidays/business-days-jurisdiction.ts';
import { isBusinessDay } from '../../../engine/holidays/is-business-day.ts';
import { listHolidays } from '../../../engine/holidays/list-holidays.ts';
import { nextHolidays } from '../../../engine/holidays/next-holidays.ts';
import { meetingTimes } from '../../../engine/planning/meeting-times.ts';
import { checkOfficial } from '../../../engine/holidays/official/check.ts';
import { adjustedDaysBetween, OFFICIAL_COUNTRIES, OFFICIAL_RELEASE } from '../../../engine/holidays/official/layer.ts';
import { cldrWeekend } from '../../../engine/holidays/weekend.ts';
import { GOV_UK_ENGLAND_WALES_2026, GOV_UK_SCOTLAND_2026 } from '../../fixtures/reference/holidays.ts';
import {
  CHINA_2025,
  CHINA_2026,
  CHINA_STATUTORY_2026,
  INDIA_COMPULSORY_2025,
  INDIA_COMPULSORY_2026,
  type ChinaBlock,
} from '../../fixtures/reference/official-calendars.ts';
import { explanationsOf, runTool, withFullProvenance } from '../../helpers.ts';

const isBusiness = (input: Record<string, unknown>) => runTool(isBusinessDay, input);
const dates = async (input: Record<string, unknown>) => (await runTool(listHolidays, input)).holidays.map((h) => h.date);
const daysOf = (first: string, last: string) => Array.from({ length: toEpochDay(last) - toEpochDay(first) + 1 }, (_, i) => fromEpochDay(toEpochDay(first) + i));

describe('the official calendars themselves', () => {
  it('every file passes the schema check, and its rows name a source', () => {
    for (const c of OFFICIAL_COUNTRIES) expect(checkOfficial(c, cldrWeekend(c.country)), c.country).toEqual([]);
  });

  it('the check refuses a working day off the weekend, a day off on it, a date of another year and a bad source', () => {
    const source = { title: 't', issuer: 'i', published: '2026-01-01', url: 'http://x' };
    const rows = [
      { op: 'working_day' as const, date: '2026-02-16', name: 'a', local_name: 'a' }, // a Monday
      { op: 'day_off' as const, date: '2026-02-14', name: 'a', local_name: 'a' }, // a Saturday
      { op: 'add' as const, date: '2027-01-01', name: 'a', local_name: 'a' },
    ];
    const problems = checkOfficial({ country: 'CN', rules: [], years: [{ year: 2026, source, rows }] }, [6, 7]);
    expect(problems).toEqual([
      'CN 2026: the source URL http://x is not an https address',
      'CN 2026 working_day 2026-02-16: a working day must fall on the weekend',
      'CN 2026 day_off 2026-02-14: a day off must fall on a weekday',
      'CN 2026 add 2027-01-01: not a date of 2026',
    ]);
  });

  it('every removed or retyped row is one the date-holidays rules give (in English, as the tools name them)', () => {
    for (const c of OFFICIAL_COUNTRIES) {
      for (const y of c.years) {
        for (const sub of y.subdivisions ?? [null]) {
          const hd = sub ? new Holidays(c.country, sub) : new Holidays(c.country);
          const given = new Set(hd.getHolidays(y.year, 'en').map((h) => `${h.date.slice(0, 10)}|${h.name}`));
          for (const row of y.rows)
            if (row.op === 'remove' || row.op === 'retype') expect(given.has(`${row.date}|${row.name}`), `${c.country} ${row.date}`).toBe(true);
        }
      }
    }
  });
});

/** Every day of each block is off and every weekend day worked is a business day, as the notice says. */
async function expectBlocks(blocks: readonly ChinaBlock[]) {
  for (const block of blocks) {
    for (const date of daysOf(block.first, block.last))
      expect((await isBusiness({ country: 'CN', date })).business_day, `${block.holiday} ${date}`).toBe(false);
    for (const date of block.working) {
      expect(await isBusiness({ country: 'CN', date }), date).toMatchObject({ business_day: true, reason: 'adjusted_working_day' });
    }
  }
}

describe('China (State Council notices)', () => {
  it('2026: the blocks of days off and the weekend days worked are those of the notice', () => expectBlocks(CHINA_2026));
  it('2025: likewise', () => expectBlocks(CHINA_2025));

  it('2026: the holidays are the 13 statutory days (Art. 2), group days are observances', async () => {
    expect(await dates({ country: 'CN', year: 2026 })).toEqual(CHINA_STATUTORY_2026);
    const observances = (await runTool(listHolidays, { country: 'CN', year: 2026, types: ['observance'] })).holidays.map((h) => h.name);
    expect(observances).toEqual(expect.arrayContaining(["International Women's Day", 'Youth Day', "Children's Day", 'Army Day']));
  });

  it('is_business_day: 14 Feb 2026 is a working Saturday, 19 Feb a holiday, 20 Feb a day off, 1 June a working day', async () => {
    const saturday = await isBusiness({ country: 'CN', date: '2026-02-14' });
    expect(saturday).toMatchObject({ business_day: true, reason: 'adjusted_working_day', holiday: null, adjusted_day: { name: 'Spring Festival' } });
    expect(saturday.adjusted_day?.source).toMatch(/国务院办公厅关于2026年部分节假日安排的通知.*2025-11-04/);
    const fourth = await isBusiness({ country: 'CN', date: '2026-02-19' });
    expect(fourth).toMatchObject({ business_day: false, reason: 'holiday', holiday: { name: 'Spring Festival', local_name: '春节', type: 'public' } });
    expect(fourth.holiday?.source).toMatch(/全国年节及纪念日放假办法/);
    expect(await isBusiness({ country: 'CN', date: '2026-02-20' })).toMatchObject({ business_day: false, reason: 'adjusted_day_off', holiday: null });
    expect(await isBusiness({ country: 'CN', date: '2026-06-01' })).toMatchObject({ business_day: true, reason: null, holiday: null });
    // Children's Day is still there for the children it is a day off for.
    expect(await isBusiness({ country: 'CN', date: '2026-06-01', types: ['observance'] })).toMatchObject({ reason: 'holiday' });
  });

  it('count_business_days_in_jurisdiction: February 2026 has 16 working days (20 weekdays − 6 off + 2 Saturdays worked)', async () => {
    const r = await runTool(businessDaysInJurisdiction, { start: '2026-02-01', end: '2026-02-28', country: 'CN' });
    expect(r).toMatchObject({ business_days: 16, weekend_days: 6, holidays_excluded: 6, total_days: 28 });
    expect(r.holidays.map((h) => h.date)).toEqual(['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-02-23']);
    expect(r.holidays.at(-1)?.name).toBe('Spring Festival (adjusted day off)');
  });

  it('a count over several years names the years that are the rules’ estimate, as runs', async () => {
    const r = await runTool(businessDaysInJurisdiction, { start: '2022-12-01', end: '2027-01-31', country: 'CN' });
    expect(r.provenance.official).toBe(`${OFFICIAL_RELEASE}; CN 2022-2024, 2027: the rules' estimate (no official calendar in this release)`);
  });

  it('2027 (no notice in this release): the rules say the fourth Spring Festival day is 8 February, and the answer says it is their estimate', async () => {
    expect(await dates({ country: 'CN', year: 2027 })).toEqual(expect.arrayContaining(['2027-02-05', '2027-02-08', '2027-05-02']));
    expect(adjustedDaysBetween('CN', null, '2027-01-01', '2027-12-31')).toEqual([]);
    const r = await runTool(listHolidays, { country: 'CN', year: 2027 });
    expect(r.provenance.official).toBe(`${OFFICIAL_RELEASE}; CN 2027: the rules' estimate (no official calendar in this release)`);
    expect((await runTool(listHolidays, { country: 'CN', year: 2026 })).provenance.official).toBe(OFFICIAL_RELEASE);
  });
});

describe('India (DoPT memoranda)', () => {
  it("2026: the 14 compulsory holidays, and Dr Ambedkar's birthday as the rules give it", async () => {
    const expected = [...Object.values(INDIA_COMPULSORY_2026), '2026-04-14'].sort();
    expect(await dates({ country: 'IN', year: 2026 })).toEqual(expected);
    const diwali = (await runTool(listHolidays, { country: 'IN', year: 2026 })).holidays.find((h) => h.date === '2026-11-08');
    expect(diwali).toMatchObject({ name: 'Diwali (Deepavali)', type: 'public', substitute: false });
    expect(diwali?.source).toMatch(/Department of Personnel and Training.*2025-07-03/);
  });

  it('2025: the same memorandum of 2024', async () => {
    expect(await dates({ country: 'IN', year: 2025 })).toEqual([...INDIA_COMPULSORY_2025, '2025-04-14'].sort());
  });

  it('the full provenance names the memorandum; 2027 is the rules’ estimate', async () => {
    const full = await runTool(isBusinessDay, { country: 'IN', date: '2026-03-31' }, withFullProvenance());
    expect(full).toMatchObject({ business_day: false, reason: 'holiday', holiday: { name: 'Mahavir Jayanti' } });
    expect(explanationsOf(full.provenance).official).toMatch(/^official-\d{4}-\d{2}-\d{2}; 2026: Ministry of Personnel/);
    expect((await runTool(nextHolidays, { country: 'IN', after: '2026-12-20', count: 2 })).provenance.official).toMatch(/IN 2027: the rules' estimate/);
  });
});

describe('gov.uk and OPM', () => {
  it('England and Wales 2026: 8 bank holidays, Boxing Day on its substitute Monday only; Scotland likewise', async () => {
    expect(await dates(GOV_UK_ENGLAND_WALES_2026.input)).toEqual(GOV_UK_ENGLAND_WALES_2026.expected);
    expect(await dates({ country: 'GB', subdivision: 'WLS', year: 2026 })).toEqual(GOV_UK_ENGLAND_WALES_2026.expected);
    expect(await dates(GOV_UK_SCOTLAND_2026.input)).toEqual(GOV_UK_SCOTLAND_2026.expected);
    expect(await isBusiness({ country: 'GB', subdivision: 'ENG', date: '2026-12-26' })).toMatchObject({ business_day: false, reason: 'weekend' });
  });

  it('England 2027: Christmas Day and Boxing Day on their substitute days 27 and 28 December', async () => {
    expect((await dates({ country: 'GB', subdivision: 'ENG', year: 2027 })).slice(-2)).toEqual(['2027-12-27', '2027-12-28']);
  });

  it('the US first Monday in September is "Labor Day" (5 U.S.C. 6103(a))', async () => {
    const labor = (await runTool(listHolidays, { country: 'US', year: 2026 })).holidays.find((h) => h.date === '2026-09-07');
    expect(labor).toMatchObject({ name: 'Labor Day', local_name: 'Labor Day' });
    expect(labor?.source).toMatch(/opm\.gov/);
  });

  it('a country without official calendars keeps its answers, and names the release', async () => {
    const r = await runTool(listHolidays, { country: 'DE', year: 2026 });
    expect(r.provenance.official).toBe(OFFICIAL_RELEASE);
    expect(r.holidays.every((h) => !('source' in h))).toBe(true);
  });
});

describe('the meeting search', () => {
  const BEIJING = { label: 'Beijing', timezone: 'Asia/Shanghai', country: 'CN' };
  const SHANGHAI = { label: 'Shanghai', timezone: 'Asia/Shanghai', country: 'CN' };
  const on = (date: string, respect_holidays = true) =>
    runTool(meetingTimes, { participants: [BEIJING, SHANGHAI], start_date: date, end_date: date, respect_holidays });

  it('works Saturday 14 February 2026 in China (a working day of the notice), not Friday 20 February (a day off)', async () => {
    const saturday = await on('2026-02-14');
    expect(saturday.count).toBeGreaterThan(0);
    expect(saturday.slots[0]).toMatchObject({ all_within_work_hours: true, start: '2026-02-14T01:00:00Z' });
    const friday = await on('2026-02-20');
    expect(friday.count).toBe(0);
    expect(friday.slots).toEqual([]);
    // respect_holidays false: the calendar is ignored, so the Saturday is off and the Friday worked.
    expect((await on('2026-02-14', false)).count).toBe(0);
    expect((await on('2026-02-20', false)).slots[0]).toMatchObject({ all_within_work_hours: true });
  });
});

describe('weekdays', () => {
  it('the working days of the Chinese notices fall on weekends, the days off on weekdays (the check, by hand)', () => {
    for (const a of adjustedDaysBetween('CN', null, '2025-01-01', '2026-12-31')) {
      expect([6, 7].includes(isoWeekday(toEpochDay(a.date))), a.date).toBe(a.kind === 'working_day');
    }
  });
});
