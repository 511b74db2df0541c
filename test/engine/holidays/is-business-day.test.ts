import { BAVARIA_2026, GOV_UK_DAYS, GOV_UK_SUBSTITUTE_DAYS, KOREA_CHUSEOK_2026, OPM_DAYS } from '../../fixtures/reference/holidays.ts';
import { describe, expect, it } from 'vitest';
import { isBusinessDay } from '../../../engine/holidays/is-business-day.ts';
import { cldrWeekend } from '../../../engine/holidays/weekend.ts';
import { explanationsOf, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

const check = (input: Record<string, unknown>) => runTool(isBusinessDay, input);

describe('is_business_day', () => {
  it('answers the JSDoc @example and the declared example (a Friday in Saudi Arabia)', async () => {
    const result = await check(isBusinessDay.examples[0].input);
    expect(result).toMatchObject({
      country: 'SA',
      subdivision: null,
      date: '2026-11-20',
      business_day: false,
      reason: 'weekend',
      holiday: null,
      weekend: [5, 6],
    });
    expect(result.provenance.weekend).toMatch(/^CLDR \d+$/);
    const full = await runTool(isBusinessDay, isBusinessDay.examples[0].input, withFullProvenance());
    expect(explanationsOf(full.provenance).weekend).toMatch(/^Friday, Saturday \(SA\), from CLDR .*historic weekend changes are not modelled/);
  });

  it('pins the CLDR weekends of this runtime: UAE Saturday–Sunday, Saudi Arabia Friday–Saturday, Iran Friday', () => {
    // CLDR supplemental weekData (CLDR 48, Node 20.20's ICU 78): AE moved to Sat–Sun in 2022; SA Fri–Sat; IR Fri only.
    expect(cldrWeekend('AE')).toEqual([6, 7]);
    expect(cldrWeekend('SA')).toEqual([5, 6]);
    expect(cldrWeekend('IR')).toEqual([5]);
    expect(cldrWeekend('GB')).toEqual([6, 7]);
    expect(cldrWeekend('us')).toEqual([6, 7]);
  });

  it('in Saudi Arabia a Friday and a Saturday are weekend days and a Sunday is a business day', async () => {
    expect(await check({ country: 'SA', date: '2026-11-21' })).toMatchObject({ business_day: false, reason: 'weekend' }); // Saturday
    expect(await check({ country: 'SA', date: '2026-11-22' })).toMatchObject({ business_day: true, reason: null, holiday: null }); // Sunday
  });

  it('in the UAE Sunday is a weekend day and Friday a business day; in Iran only Friday is off', async () => {
    expect(await check({ country: 'AE', date: '2026-11-22' })).toMatchObject({ business_day: false, reason: 'weekend' }); // Sunday
    expect(await check({ country: 'AE', date: '2026-11-20' })).toMatchObject({ business_day: true }); // Friday
    expect(await check({ country: 'IR', date: '2026-11-20' })).toMatchObject({ business_day: false, reason: 'weekend', weekend: [5] });
    expect(await check({ country: 'IR', date: '2026-11-21' })).toMatchObject({ business_day: true }); // Saturday
  });

  it('substitute days are holidays (gov.uk: Monday 3 January 2022; OPM: Friday 31 December 2021)', async () => {
    // Named as the data names a substitute day: the holiday, then "(substitute day)".
    const gb = GOV_UK_SUBSTITUTE_DAYS.find((r) => r.expected.date === '2022-01-03')!.expected;
    expect(await check({ country: 'GB', subdivision: 'ENG', date: gb.date })).toMatchObject({
      business_day: false,
      reason: 'holiday',
      holiday: { name: `${gb.holiday} (substitute day)`, local_name: `${gb.holiday} (substitute day)`, type: 'public', substitute: gb.substitute },
    });
    const us = OPM_DAYS.newYear2022Observed.expected;
    expect(await check({ country: 'US', date: us.date })).toMatchObject({
      business_day: false,
      reason: 'holiday',
      holiday: { name: `${us.holiday} (substitute day)`, substitute: us.substitute },
    });
  });

  it('US federal: Thanksgiving 2026 is a holiday (OPM), the Friday after is a business day', async () => {
    const thanksgiving = OPM_DAYS.thanksgiving2026.expected;
    expect(await check({ country: 'US', date: thanksgiving.date })).toMatchObject({ business_day: false, holiday: { name: thanksgiving.holiday } });
    // The data has the day after Thanksgiving as an observance, which counts only when asked for.
    expect(await check({ country: 'US', date: '2026-11-27' })).toMatchObject({ business_day: true, holiday: null });
    expect(await check({ country: 'US', date: '2026-11-27', types: ['public', 'observance'] })).toMatchObject({
      business_day: false,
      reason: 'holiday',
      holiday: { name: 'Day after Thanksgiving Day', type: 'observance' },
    });
  });

  it('types decide which holidays count: bank and school days in Bavaria', async () => {
    // Thursday 24 December 2026: Christmas Eve is a bank day (from 14:00) in the data, not a public holiday.
    expect(await check({ country: 'DE', subdivision: 'BY', date: '2026-12-24' })).toMatchObject({ business_day: true, holiday: null });
    expect(await check({ country: 'DE', subdivision: 'BY', date: '2026-12-24', types: ['bank'] })).toMatchObject({
      business_day: false,
      reason: 'holiday',
      holiday: { name: 'Christmas Eve', local_name: 'Heiliger Abend', type: 'bank' },
    });
    // Wednesday 18 November 2026: Buß- und Bettag, a school holiday in Bavaria.
    expect(await check({ country: 'DE', subdivision: 'DE-BY', date: '2026-11-18' })).toMatchObject({ business_day: true });
    expect(await check({ country: 'DE', subdivision: 'BY', date: '2026-11-18', types: ['school'] })).toMatchObject({ business_day: false, reason: 'holiday' });
    // Corpus Christi (4 June 2026) is public in Bavaria but not in Berlin.
    expect(BAVARIA_2026.expected).toContain('2026-06-04');
    expect(await check({ country: 'DE', subdivision: 'BY', date: '2026-06-04' })).toMatchObject({ business_day: false });
    expect(await check({ country: 'DE', subdivision: 'BE', date: '2026-06-04' })).toMatchObject({ business_day: true });
  });

  it('takes the country and subdivision by name and says so: Quebec’s Fête nationale (24 June 2026) is not Ontario’s', async () => {
    for (const input of [
      { country: 'Canada', subdivision: 'Quebec' },
      { country: 'canada', subdivision: 'québec' },
    ]) {
      expect(await check({ ...input, date: '2026-06-24' })).toMatchObject({
        country: 'CA',
        subdivision: 'QC',
        resolved_from_name: { country: 'Canada', subdivision: 'Quebec' },
        business_day: false,
        reason: 'holiday',
      });
    }
    const byCode = await check({ country: 'CA', subdivision: 'CA-QC', date: '2026-06-24' });
    expect(byCode).toMatchObject({ country: 'CA', subdivision: 'QC', business_day: false });
    expect(byCode).not.toHaveProperty('resolved_from_name');
    expect(await check({ country: 'CAN', subdivision: 'Ontario', date: '2026-06-24' })).toMatchObject({
      subdivision: 'ON',
      resolved_from_name: { subdivision: 'Ontario' },
      business_day: true,
    });
  });

  it('names the field of a bad input', () => {
    expect(inputErrors(isBusinessDay, { country: 'ZZ', date: '2026-01-01' })).toEqual([
      {
        field: 'country',
        message: 'is not a supported country code (ISO 3166-1 alpha-2 or alpha-3) or country name; see list_holiday_countries for the codes',
      },
    ]);
    expect(inputErrors(isBusinessDay, { country: 'CA', subdivision: 'Quebc', date: '2026-01-01' })).toEqual([
      {
        field: 'subdivision',
        message: 'is not a supported subdivision of CA; did you mean QC (Quebec)? See list_holiday_countries for its codes',
        candidates: [{ code: 'QC', name: 'Quebec' }],
      },
    ]);
    expect(inputErrors(isBusinessDay, { country: 'DE', subdivision: 'XX', date: '2026-01-01' })).toEqual([
      { field: 'subdivision', message: 'is not a supported subdivision of DE; see list_holiday_countries for its codes' },
    ]);
    expect(inputErrors(isBusinessDay, { country: 'DE', date: '2026-02-30' })).toEqual([{ field: 'date', message: 'is not a real date (2026-02 has 28 days)' }]);
    expect(inputErrors(isBusinessDay, { country: 'DE' })).toEqual([{ field: 'date', message: 'is required' }]);
  });
});

describe('edge cases', () => {
  it('a holiday on a weekend day gives reason "holiday"', async () => {
    // Saturday 3 October 2026, the third statutory day of National Day (全国年节及纪念日放假办法, Art. 2(7): 1–3 October).
    expect(await check({ country: 'CN', date: '2026-10-03' })).toMatchObject({
      business_day: false,
      reason: 'holiday',
      holiday: { name: 'National Day', substitute: false },
    });
    // Saturday 26 December 2026: gov.uk lists Boxing Day on Monday 28 December alone, so the Saturday is a weekend day.
    const observed = GOV_UK_DAYS.boxingDay2026Observed.expected;
    expect(await check({ country: 'GB', subdivision: 'ENG', date: '2026-12-26' })).toMatchObject({ business_day: false, reason: 'weekend', holiday: null });
    expect(await check({ country: 'GB', subdivision: 'ENG', date: observed.date })).toMatchObject({ reason: 'holiday', holiday: { substitute: true } });
  });

  it('an ordinary weekday is a business day', async () => {
    expect(await check({ country: 'GB', subdivision: 'ENG', date: '2026-12-29' })).toMatchObject({ business_day: true, reason: null, holiday: null });
  });

  it('every day of a multi-day holiday is a holiday (Chuseok 2026, 24–26 September)', async () => {
    const [thursday, friday, saturday] = KOREA_CHUSEOK_2026.expected;
    for (const date of [thursday, friday]) {
      expect(await check({ country: 'KR', date })).toMatchObject({ business_day: false, reason: 'holiday', holiday: { name: 'Korean Thanksgiving' } });
    }
    expect(await check({ country: 'KR', date: saturday })).toMatchObject({ reason: 'holiday' }); // a Saturday, still the holiday
  });

  it('dates 1900-01-01 and 2200-12-31 work; 1899-12-31 and 2201-01-01 are rejected', async () => {
    expect(await check({ country: 'US', date: '1900-01-01' })).toMatchObject({ reason: 'holiday' });
    expect(await check({ country: 'US', date: '2200-12-31' })).toMatchObject({ date: '2200-12-31' });
    const outside = [{ field: 'date', message: 'must lie in 1900-01-01..2200-12-31 (the years the holiday data covers)' }];
    expect(inputErrors(isBusinessDay, { country: 'US', date: '1899-12-31' })).toEqual(outside);
    expect(inputErrors(isBusinessDay, { country: 'US', date: '2201-01-01' })).toEqual(outside);
  });

  it('leap day: 29 February 2028 is a Tuesday and a business day in the US', async () => {
    expect(await check({ country: 'US', date: '2028-02-29' })).toMatchObject({ business_day: true });
  });
});
