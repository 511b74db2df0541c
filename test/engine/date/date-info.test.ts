import { describe, expect, it } from 'vitest';
import { Temporal } from '@js-temporal/polyfill';
import { isoWeeksInYear } from '../../../engine/date/calendar.ts';
import { computeDateInfo, dateInfo } from '../../../engine/date/date-info.ts';
import { fixedClock, inputErrors, runTool } from '../../helpers.ts';
import { randomDate, seededRandom } from './random-dates.ts';

const info = (date: string) => computeDateInfo(date);

describe('date_info', () => {
  it('answers the JSDoc @example and the declared examples', async () => {
    expect(await runTool(dateInfo, { date: '2027-01-01' })).toMatchObject({
      date: '2027-01-01',
      day_of_week: 'Friday',
      iso_weekday: 5,
      iso_week: 53,
      iso_week_year: 2026,
      iso_week_date: '2026-W53-5',
      day_of_year: 1,
      quarter: 1,
      days_in_month: 31,
      days_in_year: 365,
      leap_year: false,
      weeks_in_iso_year: 53,
      julian_day_number: 2461407,
      modified_julian_day: 61406,
    });
    expect((await runTool(dateInfo, { date: '2000-01-01' })).provenance).toEqual({ method: 'date.info', calendar: 'proleptic Gregorian' });
  });

  it('ISO week edge years: 2020 and 2026 have 53 weeks, 2024-12-30 is 2025-W01 (ISO 8601; timeanddate.com week-number tables)', () => {
    expect(isoWeeksInYear(2020)).toBe(53); // 2020 began on a Wednesday and is a leap year
    expect(isoWeeksInYear(2026)).toBe(53); // 2026 begins on a Thursday
    for (const year of [2019, 2021, 2022, 2023, 2024, 2025, 2027]) expect(isoWeeksInYear(year), String(year)).toBe(52);
    expect(info('2024-12-30')).toMatchObject({ iso_week_year: 2025, iso_week: 1, iso_week_date: '2025-W01-1', weeks_in_iso_year: 52, day_of_year: 365 });
    expect(info('2027-01-01')).toMatchObject({ iso_week_date: '2026-W53-5', weeks_in_iso_year: 53 });
    expect(info('2021-01-03')).toMatchObject({ iso_week_date: '2020-W53-7', iso_week_year: 2020 }); // Sunday of 2020's week 53
    expect(info('2026-12-31')).toMatchObject({ iso_week_date: '2026-W53-4', day_of_year: 365, quarter: 4 });
  });

  it('Julian day number at noon and MJD: J2000.0 = JD 2451545 on 2000-01-01; MJD 0 = 1858-11-17 (IAU / USNO)', () => {
    expect(info('2000-01-01')).toMatchObject({ julian_day_number: 2451545, modified_julian_day: 51544, day_of_week: 'Saturday' });
    expect(info('1858-11-17')).toMatchObject({ modified_julian_day: 0, julian_day_number: 2400001, day_of_week: 'Wednesday' });
    // Julian day 2440588 is 1970-01-01 (the Unix epoch at noon: JD 2440588.0 = 1970-01-01T12:00Z).
    expect(info('1970-01-01').julian_day_number).toBe(2440588);
  });

  it('days in month and year, leap years, quarters', () => {
    expect(info('2024-02-10')).toMatchObject({ days_in_month: 29, days_in_year: 366, leap_year: true, quarter: 1, day_of_year: 41 });
    expect(info('1900-02-10')).toMatchObject({ days_in_month: 28, leap_year: false }); // a century year that is not a leap year
    expect(info('2000-12-31')).toMatchObject({ day_of_year: 366, leap_year: true, quarter: 4 });
    expect(info('2026-07-01').quarter).toBe(3);
  });

  it('agrees with Temporal.PlainDate on random dates over 0001..9999', () => {
    const random = seededRandom(1919);
    for (let i = 0; i < 3000; i++) {
      const date = randomDate(random);
      const p = Temporal.PlainDate.from(date);
      const r = info(date);
      expect(r, date).toMatchObject({
        iso_weekday: p.dayOfWeek,
        iso_week: p.weekOfYear,
        iso_week_year: p.yearOfWeek,
        day_of_year: p.dayOfYear,
        days_in_month: p.daysInMonth,
        days_in_year: p.daysInYear,
        leap_year: p.inLeapYear,
      });
      // Temporal's JDN: days from 1970-01-01 plus the JDN of that day.
      expect(r.julian_day_number).toBe(p.since('1970-01-01').days + 2440588);
    }
  });

  it('edge cases: the ends of the supported range, and bad input', async () => {
    expect(info('0001-01-01')).toMatchObject({ day_of_week: 'Monday', iso_week_date: '0001-W01-1', julian_day_number: 1721426, day_of_year: 1 });
    expect(info('9999-12-31')).toMatchObject({ day_of_week: 'Friday', iso_week_date: '9999-W52-5', day_of_year: 365 });
    expect(inputErrors(dateInfo, { timezone: 'Mars/Olympus' })[0]).toMatchObject({ field: 'timezone', message: expect.stringMatching(/^unknown time zone/) });
    expect(inputErrors(dateInfo, { date: '2026-02-30' })[0].field).toBe('date');
    expect(inputErrors(dateInfo, { date: '2026-01-01', extra: 1 })[0].field).toBe('extra');
    expect(await runTool(dateInfo, { date: '2026-11-24' })).toMatchObject({ iso_week_date: '2026-W48-2', day_of_week: 'Tuesday' });
  });

  it("without a date: today in timezone, the zone's date and not UTC's near midnight; UTC's without a zone", async () => {
    // 23:30 UTC on 22 November is 13:30 on 23 November in Kiritimati (+14:00).
    const lateUtc = fixedClock('2026-11-22T23:30:00Z');
    const kiritimati = await runTool(dateInfo, { timezone: 'Pacific/Kiritimati' }, lateUtc);
    expect(kiritimati).toMatchObject({ date: '2026-11-23', day_of_week: 'Monday', iso_week_date: '2026-W48-1', timezone: 'Pacific/Kiritimati' });
    expect(kiritimati.note).toBe('date omitted: today in Pacific/Kiritimati (2026-11-23) assumed.');
    // The zone's rules gave the date: the provenance names the tzdb release.
    expect(kiritimati.provenance).toMatchObject({ method: 'date.info', tzdb: expect.any(String) });
    const utc = await runTool(dateInfo, {}, lateUtc);
    expect(utc).toMatchObject({ date: '2026-11-22', day_of_week: 'Sunday', iso_week_date: '2026-W47-7', timezone: 'UTC' });
    expect(utc.note).toBe('date omitted: today in UTC (2026-11-22) assumed (no timezone given).');
    expect(utc.provenance).toEqual({ method: 'date.info', calendar: 'proleptic Gregorian' });
    // 10:30 UTC is 23:30 the day before in Pago Pago (−11:00); the zone may be any zone argument (a country code here).
    expect(await runTool(dateInfo, { timezone: 'AS' }, fixedClock('2026-11-22T10:30:00Z'))).toMatchObject({
      date: '2026-11-21',
      timezone: 'Pacific/Pago_Pago',
      note: 'date omitted: today in Pacific/Pago_Pago (2026-11-21) assumed. AS is a country code: answered for Pacific/Pago_Pago, its one zone.',
    });
    // Only the omitted date reads the clock: the cache keeps dated answers, and the tool is not idempotent.
    expect(dateInfo.usesClock!(dateInfo.input.parse({}))).toBe(true);
    expect(dateInfo.usesClock!(dateInfo.input.parse({ date: '2026-11-24', timezone: 'Asia/Tokyo' }))).toBe(false);
    expect([dateInfo.cache, dateInfo.annotations.idempotentHint]).toEqual(['deterministic-unless-now', false]);
  });

  it('a date given is answered as given at any clock; a timezone beside it is noted as unused', async () => {
    const dated = await runTool(dateInfo, { date: '2026-11-24', timezone: 'Pacific/Kiritimati' }, fixedClock('2030-01-01T23:30:00Z'));
    expect(dated).toMatchObject({ date: '2026-11-24', note: 'timezone is used only when the date is left out: ignored.' });
    expect(dated).not.toHaveProperty('timezone');
    const plain = await runTool(dateInfo, { date: '2026-11-24' }, fixedClock('2030-01-01T23:30:00Z'));
    expect(Object.keys(plain)).not.toContain('note');
    expect(plain).toEqual(await runTool(dateInfo, { date: '2026-11-24' }));
  });
});
