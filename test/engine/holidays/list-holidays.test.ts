import {
  BAVARIA_2026,
  FRANCE_2026,
  GOV_UK_ENGLAND_WALES_2026,
  GOV_UK_SCOTLAND_2026,
  GOV_UK_SUBSTITUTE_DAYS,
  JAPAN_2026,
  KOREA_CHUSEOK_2026,
  OPM_DAYS,
  OPM_FEDERAL_2026,
} from '../../fixtures/reference/holidays.ts';
import { describe, expect, it } from 'vitest';
import { listHolidays } from '../../../engine/holidays/list-holidays.ts';
import { queryReader } from '../../../service/query.ts';
import type { AnyTool } from '../../../engine/tool.ts';
import { isoWeekday, toEpochDay } from '../../../engine/date/calendar.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const list = (input: Record<string, unknown>) => runTool(listHolidays, input);
const dates = async (input: Record<string, unknown>) => (await list(input)).holidays.map((h) => h.date);
/** Holiday dates Monday–Friday: what an official list of days off shows (the data also lists a holiday's weekend date). */
const weekdayDates = async (input: Record<string, unknown>) => (await dates(input)).filter((d) => isoWeekday(toEpochDay(d)) <= 5);

const COUNTRY_ERROR = 'is not a supported country code (ISO 3166-1 alpha-2 or alpha-3) or country name; see list_holiday_countries for the codes';

describe('list_holidays', () => {
  it('answers the JSDoc @example and the declared example', async () => {
    const result = await list(listHolidays.examples[0].input);
    expect(result).toMatchObject({ country: 'GB', subdivision: 'ENG', year: 2026, weekend: [6, 7] });
    // gov.uk's first and last bank holidays of 2026, named as the data names them.
    expect(result.holidays[0]).toEqual({
      date: GOV_UK_ENGLAND_WALES_2026.expected[0],
      name: "New Year's Day",
      local_name: "New Year's Day",
      type: 'public',
      substitute: false,
    });
    expect(result.holidays.at(-1)).toEqual({
      date: GOV_UK_ENGLAND_WALES_2026.expected.at(-1),
      name: 'Boxing Day (substitute day)',
      local_name: 'Boxing Day (substitute day)',
      type: 'public',
      substitute: true,
    });
    expect(result.provenance).toEqual({
      method: 'holidays.year',
      holidays: expect.stringMatching(/^date-holidays \d+\.\d+\.\d+$/),
      official: expect.stringMatching(/^official-\d{4}-\d{2}-\d{2}$/),
      types: 'public',
      weekend: expect.stringMatching(/^CLDR \d+$/),
      calendar: 'proleptic Gregorian',
    });
    const full = explanationsOf((await runTool(listHolidays, listHolidays.examples[0].input, withFullProvenance())).provenance);
    expect(full.holidays).toMatch(/^date-holidays \d+\.\d+\.\d+ rules for GB-ENG/);
    expect(full.weekend).toMatch(/^Saturday, Sunday \(GB\), from CLDR/);
  });

  it('England and Wales 2026 bank holidays match gov.uk', async () => {
    // The official layer follows gov.uk: Boxing Day on its substitute Monday only, not also on Saturday 26 December.
    expect(await dates(GOV_UK_ENGLAND_WALES_2026.input)).toEqual(GOV_UK_ENGLAND_WALES_2026.expected);
  });

  it('Scotland 2026 bank holidays match gov.uk', async () => {
    expect(await weekdayDates(GOV_UK_SCOTLAND_2026.input)).toEqual(GOV_UK_SCOTLAND_2026.expected);
  });

  it('US federal holidays 2026 match OPM', async () => {
    expect(await weekdayDates(OPM_FEDERAL_2026.input)).toEqual(OPM_FEDERAL_2026.expected);
    const observed = (await list({ country: 'US', year: 2026 })).holidays.find((h) => h.date === '2026-07-03');
    expect(observed).toMatchObject({ name: 'Independence Day (substitute day)', substitute: true, type: 'public' });
  });

  it('Bavaria 2026 public holidays match the Bavarian state government', async () => {
    // Mariä Himmelfahrt is not state-wide, so the data types it observance (the fixture says why).
    const result = await list({ ...BAVARIA_2026.input, country: 'de' });
    expect(result.holidays.map((h) => h.date)).toEqual(BAVARIA_2026.expected);
    expect(result.holidays[0]).toMatchObject({ name: "New Year's Day", local_name: 'Neujahr' });
    expect(result.holidays.find((h) => h.date === '2026-06-04')).toMatchObject({ name: 'Corpus Christi', local_name: 'Fronleichnam' });
  });

  it('France 2026 jours fériés match service-public.fr', async () => {
    expect(await dates(FRANCE_2026.input)).toEqual(FRANCE_2026.expected);
  });

  it('Japan 2026 national holidays match the Cabinet Office', async () => {
    // 6 May is the substitute holiday (振替休日) for Constitution Day, 22 September the citizens' holiday (国民の休日).
    const result = await list(JAPAN_2026.input);
    expect(result.holidays.map((h) => h.date)).toEqual(JAPAN_2026.expected);
    expect(result.holidays.find((h) => h.date === JAPAN_2026.substitute)).toMatchObject({ substitute: true, local_name: '憲法記念日 (振替休日)' });
    expect(result.holidays.find((h) => h.date === JAPAN_2026.citizens_holiday)).toMatchObject({ substitute: false, local_name: '国民の休日' });
  });

  it('a substitute day in the previous year is listed in that year (US 2021-12-31 for Saturday 2022-01-01)', async () => {
    // OPM, federal holidays 2021: "Friday, December 31 — New Year's Day" (1 January 2022 is a Saturday).
    const y2021 = await list({ country: 'US', year: 2021 });
    expect(y2021.holidays.at(-1)).toEqual({
      date: OPM_DAYS.newYear2022Observed.expected.date,
      name: "New Year's Day (substitute day)",
      local_name: "New Year's Day (substitute day)",
      type: 'public',
      substitute: true,
    });
    // 2022's list has the day itself, and no 2021 date.
    const y2022 = await dates({ country: 'US', year: 2022 });
    expect(y2022[0]).toBe('2022-01-01');
    expect(y2022.every((d) => d.startsWith('2022-'))).toBe(true);
  });

  it('GB substitute days match gov.uk (2021 Christmas, 2022 New Year)', async () => {
    // gov.uk's substitute days, named as the data names them: the holiday, then "(substitute day)".
    const [christmas, boxingDay, newYear] = GOV_UK_SUBSTITUTE_DAYS.map((r) => r.expected);
    const y2021 = (await list({ country: 'GB', subdivision: 'ENG', year: 2021 })).holidays.filter((h) => h.substitute);
    expect(y2021.map((h) => [h.date, h.name])).toEqual([christmas, boxingDay].map((d) => [d.date, `${d.holiday} (substitute day)`]));
    const y2022 = (await list({ country: 'GB', subdivision: 'ENG', year: 2022 })).holidays;
    expect(y2022.find((h) => h.date === newYear.date)).toMatchObject({ name: `${newYear.holiday} (substitute day)`, substitute: true });
  });

  it('lists a multi-day holiday once per day', async () => {
    const chuseok = (await list(KOREA_CHUSEOK_2026.input)).holidays.filter((h) => h.local_name === '추석');
    expect(chuseok.map((h) => h.date)).toEqual(KOREA_CHUSEOK_2026.expected);
    expect(chuseok.every((h) => h.name === 'Korean Thanksgiving')).toBe(true);
  });

  it('filters by type: bank and school days in Bavaria; UK bank holidays are typed public', async () => {
    // date-holidays types Christmas Eve and New Year's Eve (from 14:00) as bank days in Germany and Buß- und Bettag as a
    // Bavarian school holiday.
    const bank = (await list({ country: 'DE', subdivision: 'BY', year: 2026, types: ['bank'] })).holidays;
    expect(bank.map((h) => [h.date, h.name, h.type])).toEqual([
      ['2026-12-24', 'Christmas Eve', 'bank'],
      ['2026-12-31', "New Year's Eve", 'bank'],
    ]);
    expect(await dates({ country: 'DE', subdivision: 'BY', year: 2026, types: ['school'] })).toEqual(['2026-11-18']);
    const both = await list({ country: 'DE', subdivision: 'BY', year: 2026, types: ['bank', 'public', 'bank'] });
    expect(both.holidays).toHaveLength(14);
    expect(both.provenance.types).toBe('public, bank');
    expect(await dates({ country: 'GB', subdivision: 'ENG', year: 2026, types: ['bank'] })).toEqual([]);
    const observances = (await list({ country: 'GB', subdivision: 'ENG', year: 2026, types: ['observance'] })).holidays;
    expect(observances.map((h) => h.name)).toContain('Easter Sunday');
    expect(observances.every((h) => h.type === 'observance')).toBe(true);
  });

  it('takes the country and subdivision by name: Germany and Bavaria are DE-BY, said in resolved_from_name', async () => {
    const byName = await list({ country: 'Germany', subdivision: 'Bavaria', year: 2026 });
    expect(byName).toMatchObject({ country: 'DE', subdivision: 'BY', resolved_from_name: { country: 'Germany', subdivision: 'Bavaria' } });
    expect(byName.holidays.map((h) => h.date)).toEqual(await dates({ country: 'DE', subdivision: 'BY', year: 2026 }));
    expect(await list({ country: 'germany', year: 2026 })).toMatchObject({ country: 'DE', subdivision: null, resolved_from_name: { country: 'Germany' } });
    expect(await list({ country: 'DE', subdivision: 'Bayern', year: 2026 })).toMatchObject({ resolved_from_name: { subdivision: 'Bayern' } });
    expect(await list({ country: 'DEU', year: 2026 })).not.toHaveProperty('resolved_from_name');
    // The parsed input keeps the name as the data spells it (the cache key), not the code.
    const read = queryReader(listHolidays as unknown as AnyTool)(new URLSearchParams('country=GERMANY&year=2026'));
    expect(listHolidays.input.parse(read.input)).toMatchObject({ country: 'Germany' });
  });

  it('an ambiguous country name is a 400 on country listing the candidates', () => {
    expect(inputErrors(listHolidays, { country: 'Congo', year: 2026 })).toEqual([
      {
        field: 'country',
        message: 'is ambiguous: it names CD (Democratic Republic of the Congo), CG (Republic of the Congo); give the code',
        candidates: [
          { code: 'CD', name: 'Democratic Republic of the Congo' },
          { code: 'CG', name: 'Republic of the Congo' },
        ],
      },
    ]);
  });

  it('reads types from a query string as a list', () => {
    const read = queryReader(listHolidays as unknown as AnyTool);
    const { input, errors } = read(new URLSearchParams('country=de&subdivision=BY&year=2026&types=public,bank'));
    expect(errors).toEqual([]);
    expect(input).toEqual({ country: 'de', subdivision: 'BY', year: 2026, types: ['public', 'bank'] });
    expect(inputErrors(listHolidays, input)).toEqual([]);
  });

  it('names the field of a bad country, subdivision, year or type, pointing to list_holiday_countries', () => {
    expect(inputErrors(listHolidays, { country: 'XX', year: 2026 })).toEqual([{ field: 'country', message: COUNTRY_ERROR }]);
    expect(inputErrors(listHolidays, { country: 'GBX', year: 2026 })).toEqual([{ field: 'country', message: COUNTRY_ERROR }]);
    expect(inputErrors(listHolidays, { year: 2026 })).toEqual([{ field: 'country', message: 'is required' }]);
    expect(inputErrors(listHolidays, { country: 'GB', year: 2026, subdivision: 'XYZ' })).toEqual([
      { field: 'subdivision', message: 'is not a supported subdivision of GB; see list_holiday_countries for its codes' },
    ]);
    expect(inputErrors(listHolidays, { country: 'GB', year: 2026, subdivision: 'US-ENG' })).toEqual([
      { field: 'subdivision', message: expect.stringMatching(/^names country US, not GB/) },
    ]);
    expect(inputErrors(listHolidays, { country: 'US', year: 2026, subdivision: 'US-ENG' })).toEqual([
      { field: 'subdivision', message: 'is not a supported subdivision of US; see list_holiday_countries for its codes' },
    ]);
    expect(inputErrors(listHolidays, { country: 'GB', year: 2026, types: ['public', 'holiday'] })).toEqual([
      { field: 'types[1]', message: 'must be one of: public, bank, optional, school, observance' },
    ]);
    expect(inputErrors(listHolidays, { country: 'GB', year: 2026, types: [] })).toEqual([
      { field: 'types', message: 'must list at least one type (leave it out for public holidays only)' },
    ]);
    expect(inputErrors(listHolidays, { country: 'GB', year: 2026.5 })).toEqual([{ field: 'year', message: 'must be a whole number' }]);
    expect(inputErrors(listHolidays, { country: 'GB', year: 2026, extra: 1 })).toEqual([
      { field: 'extra', message: 'is not a known parameter of this operation' },
    ]);
  });
});

describe('edge cases', () => {
  it('accepts the subdivision in full form and any case, answering with the suffix', async () => {
    for (const subdivision of ['ENG', 'eng', 'GB-ENG', 'gb-eng', ' GB-ENG ']) {
      const result = await list({ country: 'gb', subdivision, year: 2026 });
      expect(result).toMatchObject({ country: 'GB', subdivision: 'ENG' });
    }
    expect((await list({ country: 'US', year: 2026 })).subdivision).toBeNull();
  });

  it('a country without subdivisions rejects any subdivision', () => {
    expect(inputErrors(listHolidays, { country: 'SA', year: 2026, subdivision: 'RI' })).toEqual([
      { field: 'subdivision', message: 'is not supported: the holiday data has no subdivisions for SA; leave it out, see list_holiday_countries' },
    ]);
  });

  it('1900 and 2200 work; 1899 and 2201 are rejected', async () => {
    expect(await dates({ country: 'GB', subdivision: 'ENG', year: 1900 })).toContain('1900-12-25');
    expect(await dates({ country: 'US', year: 2200 })).toContain('2200-12-25');
    expect(inputErrors(listHolidays, { country: 'US', year: 1899 })).toEqual([
      { field: 'year', message: 'must be ≥ 1900 (the holiday data covers 1900..2200)' },
    ]);
    expect(inputErrors(listHolidays, { country: 'US', year: 2201 })).toEqual([
      { field: 'year', message: 'must be ≤ 2200 (the holiday data covers 1900..2200)' },
    ]);
  });

  it('a multi-day holiday begun the year before is listed in the new year for its remaining days', async () => {
    // The data's tabular Hijri calendar puts Eid al-Adha 1427 in the UAE at 31 Dec 2006 – 2 Jan 2007 (three days).
    const eid = (y: number) =>
      list({ country: 'AE', year: y }).then((r) => r.holidays.filter((h) => h.name === 'Feast of the Sacrifice (Eid al-Adha)').map((h) => h.date));
    expect(await eid(2006)).toContain('2006-12-31');
    expect((await eid(2007)).slice(0, 2)).toEqual(['2007-01-01', '2007-01-02']);
  });

  it('sorts by date, public before other types on one day', async () => {
    const all = (await list({ country: 'US', year: 2021, types: ['observance', 'public'] })).holidays;
    expect([...all].sort((a, b) => a.date.localeCompare(b.date)).map((h) => h.date)).toEqual(all.map((h) => h.date));
    const newYearsEve = all.filter((h) => h.date === '2021-12-31');
    expect(newYearsEve.map((h) => h.type)).toEqual(['public', 'observance']);
  });

  it('the weekend is the CLDR one for the country', async () => {
    expect((await list({ country: 'SA', year: 2026 })).weekend).toEqual([5, 6]);
    expect((await list({ country: 'AE', year: 2026 })).weekend).toEqual([6, 7]);
    expect((await list({ country: 'IR', year: 2026 })).weekend).toEqual([5]);
  });
});
