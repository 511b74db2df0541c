import { describe, expect, it } from 'vitest';
import { createApp } from '../../../http/app.ts';
import { loadSettings } from '../../../service/settings.ts';
import { daysFromCivil, fromEpochDay } from '../../../engine/date/calendar.ts';
import { CALENDAR_IDS, dateIn, epochDayOf, FIRST_DAY, LAST_DAY } from '../../../engine/date/calendar-systems.ts';
import { type ConvertCalendarInput, convertCalendar, convertCalendarTool } from '../../../engine/date/convert-calendar.ts';
import { ToolInputError } from '../../../engine/tool.ts';
import { fixedClock, inputErrors, runTool } from '../../helpers.ts';
import { randomInt, seededRandom } from './random-dates.ts';

const inCalendar = (date: string, calendar: string) => convertCalendar({ date }).calendars.find((c) => c.calendar === calendar)!;
const isoOf = (input: ConvertCalendarInput) => convertCalendar(input).date;
function errorsOf(input: ConvertCalendarInput) {
  try {
    convertCalendar(input);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ToolInputError);
    return (error as ToolInputError).errors;
  }
}
const fieldOf = (input: ConvertCalendarInput) => errorsOf(input)?.map((e) => e.field);

describe('convert_calendar', () => {
  it('answers the JSDoc @example: Rosh Hashanah 5787 = 2026-09-12, every calendar in order', async () => {
    const r = await runTool(convertCalendarTool, { calendar: 'hebrew', year: 5787, month: 'M01', day: 1 });
    expect(r).toMatchObject({ date: '2026-09-12', day_of_week: 'Saturday' });
    expect(r.calendars.map((c) => c.calendar)).toEqual([...CALENDAR_IDS]);
    expect(r.calendars[0]).toEqual({
      calendar: 'gregory',
      year: 2026,
      month: 9,
      month_code: 'M09',
      month_name: 'September',
      day: 12,
      era: 'ce',
      formatted: '12 September 2026',
    });
    expect(r.calendars[2]).toEqual({
      calendar: 'hebrew',
      year: 5787,
      month: 1,
      month_code: 'M01',
      month_name: 'Tishri',
      day: 1,
      era: 'am',
      formatted: '1 Tishri 5787',
    });
    expect(r.provenance).toEqual({
      method: 'date.calendar-conversion',
      calendars: expect.stringMatching(/^@internationalized\/date \d+\.\d+\.\d+; chinese and dangi tables 1911–2100$/),
    });
  });

  it('Umm al-Qura (KACST): 1 Ramadan 1447 = 2026-02-18 and 1 Shawwal 1447 (Eid al-Fitr) = 2026-03-20', () => {
    expect(isoOf({ calendar: 'islamic-umalqura', year: 1447, month: 9, day: 1 })).toBe('2026-02-18');
    expect(isoOf({ calendar: 'islamic-umalqura', year: 1447, month: 'M10', day: 1 })).toBe('2026-03-20');
    expect(inCalendar('2026-02-18', 'islamic-umalqura')).toMatchObject({ month_name: 'Ramadan', formatted: '1 Ramadan 1447 AH', era: 'ah' });
    // Sha'ban 1447 has 29 days in the table, so the 30th does not exist.
    expect(errorsOf({ calendar: 'islamic-umalqura', year: 1447, month: 8, day: 30 })).toEqual([
      { field: 'day', message: 'month M08 of islamic-umalqura year 1447 has 29 days' },
    ]);
  });

  it('Hebrew: Rosh Hashanah, Hanukkah and Purim (hebcal.com); Adar I only in a leap year', () => {
    expect(inCalendar('2026-11-15', 'hebrew').formatted).toBe('5 Kislev 5787');
    expect(isoOf({ calendar: 'hebrew', year: 5787, month: 'M03', day: 25 })).toBe('2026-12-05'); // 1st day of Hanukkah 5787
    expect(isoOf({ calendar: 'hebrew', year: 5786, month: 'M06', day: 14 })).toBe('2026-03-03'); // Purim 5786: Adar, a common year
    // 5787 is a leap year: Adar I (M05L, the 6th month) then Adar II (M06, the 7th); Purim is in Adar II.
    expect(isoOf({ calendar: 'hebrew', year: 5787, month: 'M06', day: 14 })).toBe('2027-03-23');
    expect(isoOf({ calendar: 'hebrew', year: 5787, month: 7, day: 14 })).toBe('2027-03-23');
    expect(inCalendar('2027-02-08', 'hebrew')).toMatchObject({ month: 6, month_code: 'M05L', month_name: 'Adar I', formatted: '1 Adar I 5787' });
    expect(inCalendar('2027-03-23', 'hebrew')).toMatchObject({ month: 7, month_code: 'M06', month_name: 'Adar II' });
    expect(inCalendar('2026-03-03', 'hebrew')).toMatchObject({ month: 6, month_code: 'M06', month_name: 'Adar' });
    expect(errorsOf({ calendar: 'hebrew', year: 5786, month: 'M05L', day: 1 })).toEqual([{ field: 'month', message: 'hebrew year 5786 has no month M05L' }]);
    expect(errorsOf({ calendar: 'hebrew', year: 5786, month: 13, day: 1 })).toEqual([{ field: 'month', message: 'hebrew year 5786 has 12 months' }]);
  });

  it('Nowruz 1405: 1 Farvardin 1405 = 2026-03-21 (Iran Calendar Center)', () => {
    expect(isoOf({ calendar: 'persian', year: 1405, month: 1, day: 1 })).toBe('2026-03-21');
    expect(inCalendar('2026-03-21', 'persian')).toMatchObject({ formatted: '1 Farvardin 1405 AP', era: 'ap' });
  });

  it('Chinese New Year 2026 = 2026-02-17, the year of the Horse (HKO); a leap month the year lacks is refused', () => {
    expect(inCalendar('2026-02-17', 'chinese')).toEqual({
      calendar: 'chinese',
      year: 2026,
      month: 1,
      month_code: 'M01',
      month_name: 'First Month',
      day: 1,
      era: null,
      formatted: '1 First Month 2026 (bing-wu, year of the Horse)',
    });
    expect(inCalendar('2026-02-16', 'chinese')).toMatchObject({ year: 2025, month: 13, month_code: 'M12', day: 29 });
    expect(inCalendar('2025-07-25', 'chinese')).toMatchObject({ month: 7, month_code: 'M06L', month_name: 'Leap Sixth Month' });
    expect(errorsOf({ calendar: 'chinese', year: 2026, month: 'M05L', day: 1 })).toEqual([
      { field: 'month', message: 'chinese year 2026 has no month M05L (it has no leap month)' },
    ]);
    expect(fieldOf({ calendar: 'chinese', year: 2025, month: 'M05L', day: 1 })).toEqual(['month']);
    expect(fieldOf({ calendar: 'chinese', year: 2026, month: 'M02', day: 30 })).toEqual(['day']); // 2026's second month has 29 days (HKO)
    expect(fieldOf({ calendar: 'dangi', year: 2026, month: 13, day: 1 })).toEqual(['month']);
  });

  it('Japanese eras: Reiwa 1 began 2019-05-01 (Cabinet Office); year is the era year; era is required', () => {
    expect(inCalendar('2019-05-01', 'japanese')).toMatchObject({ era: 'reiwa', year: 1, formatted: '1 May Reiwa 1' });
    expect(inCalendar('2019-04-30', 'japanese')).toMatchObject({ era: 'heisei', year: 31 });
    expect(inCalendar('2026-11-24', 'japanese')).toMatchObject({ era: 'reiwa', year: 8 });
    expect(inCalendar('1912-07-30', 'japanese')).toMatchObject({ era: 'taisho', year: 1, formatted: '30 July Taishō 1' });
    expect(isoOf({ calendar: 'japanese', era: 'reiwa', year: 1, month: 5, day: 1 })).toBe('2019-05-01');
    expect(fieldOf({ calendar: 'japanese', year: 1, month: 5, day: 1 })).toEqual(['era']);
    expect(fieldOf({ calendar: 'japanese', era: 'reiwa', year: 1, month: 4, day: 30 })).toEqual(['day']); // Heisei 31 still
    expect(fieldOf({ calendar: 'japanese', era: 'heisei', year: 31, month: 5, day: 1 })).toEqual(['day']);
    expect(fieldOf({ calendar: 'japanese', era: 'heisei', year: 32, month: 1, day: 1 })).toEqual(['year']);
    expect(fieldOf({ calendar: 'japanese', era: 'edo', year: 1, month: 1, day: 1 })).toEqual(['era']);
  });

  it('the other calendars on a published day: ROC, Buddhist, Ethiopic, Coptic, Indian', () => {
    expect(inCalendar('1912-01-01', 'roc')).toMatchObject({ year: 1, era: 'roc', formatted: '1 January Minguo 1' }); // the Republic of China's year 1
    expect(inCalendar('2026-02-17', 'buddhist')).toMatchObject({ year: 2569, era: 'be' });
    // Ethiopian New Year (Enkutatash), 1 Meskerem 2019 = 2026-09-11 (12 September only before a Gregorian leap year).
    expect(isoOf({ calendar: 'ethiopic', year: 2019, month: 1, day: 1 })).toBe('2026-09-11');
    expect(isoOf({ calendar: 'ethiopic', year: 2018, month: 'M13', day: 5 })).toBe('2026-09-10'); // Pagumen, the 13th month
    expect(fieldOf({ calendar: 'ethiopic', year: 2018, month: 'M13', day: 6 })).toEqual(['day']);
    expect(isoOf({ calendar: 'coptic', year: 1743, month: 1, day: 1 })).toBe('2026-09-11'); // Nayrouz 1743
    expect(isoOf({ calendar: 'indian', year: 1948, month: 1, day: 1 })).toBe('2026-03-22'); // Chaitra 1 in a common Gregorian year is 22 March
  });

  it('round trip: ISO → each calendar → ISO, by month code and by month number, on random days of the range', { tags: ['sweep'] }, () => {
    const random = seededRandom(1447);
    const days = [FIRST_DAY, LAST_DAY, ...Array.from({ length: 1500 }, () => randomInt(random, FIRST_DAY, LAST_DAY))];
    for (const epochDay of days) {
      for (const calendar of CALENDAR_IDS) {
        const d = dateIn(calendar, epochDay);
        const era = d.era ?? undefined;
        const label = `${fromEpochDay(epochDay)} ${calendar}`;
        expect(epochDayOf({ calendar, era, year: d.year, month: d.month_code, day: d.day }), label).toBe(epochDay);
        expect(epochDayOf({ calendar, era: calendar === 'japanese' ? era : undefined, year: d.year, month: d.month, day: d.day }), label).toBe(epochDay);
      }
    }
  });

  it('uses no Intl: the same answers with Intl.DateTimeFormat and toLocaleString made to throw', () => {
    const days = ['1912-01-01', '1987-07-26', '2017-02-26', '2026-03-20', '2027-02-08', '2033-12-22', '2100-12-31'];
    const before = days.map((date) => JSON.stringify(convertCalendar({ date })));
    const original = { format: Intl.DateTimeFormat, locale: Date.prototype.toLocaleString };
    const refuse = () => {
      throw new Error('Intl used');
    };
    try {
      (Intl as { DateTimeFormat: unknown }).DateTimeFormat = refuse;
      Date.prototype.toLocaleString = refuse;
      expect(days.map((date) => JSON.stringify(convertCalendar({ date })))).toEqual(before);
      expect(isoOf({ calendar: 'hebrew', year: 5787, month: 'M05L', day: 1 })).toBe('2027-02-08');
    } finally {
      (Intl as { DateTimeFormat: unknown }).DateTimeFormat = original.format;
      Date.prototype.toLocaleString = original.locale;
    }
  });

  it('input rules: date or calendar fields, never both; the range; month codes', async () => {
    expect(errorsOf({ date: '2026-01-01', calendar: 'hebrew', day: 1 })?.map((e) => e.field)).toEqual(['calendar', 'day']);
    expect(fieldOf({ calendar: 'hebrew', year: 5787 })).toEqual(['month', 'day']);
    expect(fieldOf({ year: 5787, month: 1, day: 1 })).toEqual(['calendar']);
    expect(errorsOf({ date: '1911-12-31' })).toEqual([{ field: 'date', message: 'must be within 1912-01-01..2100-12-31' }]);
    expect(convertCalendar({ date: '1912-01-01' }).calendars.find((c) => c.calendar === 'chinese')).toMatchObject({ year: 1911, month_code: 'M11' });
    expect(convertCalendar({ date: '2100-12-31' }).date).toBe('2100-12-31');
    expect(errorsOf({ date: '2101-01-01' })?.[0].field).toBe('date');
    expect(errorsOf({ calendar: 'hebrew', year: 5000, month: 1, day: 1 })).toEqual([
      { field: 'year', message: 'gives 1239-09-08, outside 1912-01-01..2100-12-31' },
    ]);
    expect(fieldOf({ calendar: 'chinese', year: 1800, month: 1, day: 1 })).toEqual(['year']);
    expect(fieldOf({ calendar: 'gregory', year: 2026, month: 2, day: 29 })).toEqual(['day']);
    expect(fieldOf({ calendar: 'iso8601', era: 'ce', year: 2026, month: 1, day: 1 })).toEqual(['era']);
    expect(isoOf({ calendar: 'gregory', era: 'ce', year: 2026, month: 1, day: 1 })).toBe('2026-01-01');
    // The schema states the same rules, so a 400 comes before running.
    expect(inputErrors(convertCalendarTool, {})).toEqual([]); // today
    expect(inputErrors(convertCalendarTool, { timezone: 'Europe/Lisbn' })[0]).toMatchObject({ field: 'timezone', message: expect.stringMatching(/Lisbon/) });
    expect(inputErrors(convertCalendarTool, { date: '2026-03-20', calendar: 'hebrew' }).map((e) => e.field)).toEqual(['calendar']);
    expect(inputErrors(convertCalendarTool, { calendar: 'hebrew', year: 5787, day: 1 }).map((e) => e.field)).toEqual(['month']);
    // The schema: a month is a number or a code; GET gives numbers as text.
    expect((await runTool(convertCalendarTool, { calendar: 'persian', year: 1405, month: '1', day: 1 })).date).toBe('2026-03-21');
    expect(inputErrors(convertCalendarTool, { calendar: 'persian', year: 1405, month: 'M5', day: 1 })[0].field).toBe('month');
    expect(inputErrors(convertCalendarTool, { calendar: 'persian', year: 1405, month: 14, day: 1 })[0].field).toBe('month');
    expect(inputErrors(convertCalendarTool, { calendar: 'julian', year: 1405, month: 1, day: 1 })[0]).toMatchObject({ field: 'calendar' });
    expect(inputErrors(convertCalendarTool, { calendar: 'persian', year: 1405, month: 1, day: 32 })[0].field).toBe('day');
  });

  it("with neither a date nor a calendar date: today in timezone (the zone's date near midnight, not UTC's), else UTC's", async () => {
    // 15:30 UTC on 22 November 2026 is 00:30 on 23 November in Tokyo (+09:00): 13 Kislev 5787 began the evening before (hebcal.com).
    const clock = fixedClock('2026-11-22T15:30:00Z');
    const tokyo = await runTool(convertCalendarTool, { timezone: 'Asia/Tokyo' }, clock);
    expect(tokyo).toMatchObject({ date: '2026-11-23', day_of_week: 'Monday', timezone: 'Asia/Tokyo' });
    expect(tokyo.note).toBe('date omitted: today in Asia/Tokyo (2026-11-23) assumed.');
    expect(tokyo.calendars).toEqual(convertCalendar({ date: '2026-11-23' }).calendars);
    expect(tokyo.calendars.find((c) => c.calendar === 'japanese')).toMatchObject({ era: 'reiwa', year: 8, month: 11, day: 23 });
    expect(tokyo.provenance).toMatchObject({ tzdb: expect.any(String) });
    const utc = await runTool(convertCalendarTool, {}, clock);
    expect(utc).toMatchObject({
      date: '2026-11-22',
      day_of_week: 'Sunday',
      timezone: 'UTC',
      note: 'date omitted: today in UTC (2026-11-22) assumed (no timezone given).',
    });
    expect(utc.provenance).not.toHaveProperty('tzdb');
    // A date of a calendar is a date given: the clock is not read, and a zone beside it is noted as unused.
    const hebrew = await runTool(convertCalendarTool, { calendar: 'hebrew', year: 5787, month: 'M01', day: 1, timezone: 'Asia/Tokyo' }, clock);
    expect(hebrew).toMatchObject({ date: '2026-09-12', note: 'timezone is used only when the date is left out: ignored.' });
    expect(hebrew).not.toHaveProperty('timezone');
    const parse = (input: Record<string, unknown>) => convertCalendarTool.input.parse(input);
    expect(
      [parse({}), parse({ timezone: 'JST' }), parse({ date: '2026-03-20' }), parse({ calendar: 'persian', year: 1405, month: 1, day: 1 })].map(
        convertCalendarTool.usesClock!,
      ),
    ).toEqual([true, true, false, false]);
    expect([convertCalendarTool.cache, convertCalendarTool.annotations.idempotentHint]).toEqual(['deterministic-unless-now', false]);
  });

  it('over HTTP: 200 with the contract fields, 400 problems naming month and day', async () => {
    const KEY = 'test-key-0123456789';
    const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0' }), ctx: fixedClock('2026-11-22T08:00:00Z') });
    // biome-ignore lint/suspicious/noExplicitAny: answers read field by field
    const get = async (path: string): Promise<{ status: number; body: any }> => {
      const res = await app.fetch(new Request(`http://api.test${path}`, { headers: { 'x-api-key': KEY } }));
      return { status: res.status, body: await res.json() };
    };
    const ok = await get('/v1/date/calendars?date=2026-03-20');
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body)).toEqual(['date', 'day_of_week', 'calendars', 'provenance']);
    const adar = await get('/v1/date/calendars?calendar=hebrew&year=5786&month=M05L&day=1');
    expect(adar.status).toBe(400);
    expect(adar.body.errors).toEqual([{ field: 'month', message: 'hebrew year 5786 has no month M05L' }]);
    const day30 = await get('/v1/date/calendars?calendar=islamic-umalqura&year=1447&month=8&day=30');
    expect(day30.status).toBe(400);
    expect(day30.body.errors[0].field).toBe('day');
    const both = await get('/v1/date/calendars?date=2026-03-20&calendar=hebrew');
    expect(both.status).toBe(400);
    expect(both.body.errors[0].field).toBe('calendar');
    const info = await get('/v1/date/info?date=2024-12-30');
    expect(info.body).toMatchObject({ iso_week_date: '2025-W01-1', weeks_in_iso_year: 52 });
  });

  it('over HTTP without a date: today (at the app clock, 2026-11-22T08:00Z) in timezone or UTC, never cached; a bad zone is a 400 naming timezone', async () => {
    const KEY = 'test-key-0123456789';
    const { app } = createApp({
      settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0', TIME_API_CACHE: 'memory' }),
      ctx: fixedClock('2026-11-22T08:00:00Z'),
    });
    const get = (path: string) => app.fetch(new Request(`http://api.test${path}`, { headers: { 'x-api-key': KEY } }));
    for (const path of ['/v1/date/info', '/v1/date/calendars']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-cache'), path).toBe('BYPASS');
      expect(await res.json(), path).toMatchObject({
        date: '2026-11-22',
        day_of_week: 'Sunday',
        timezone: 'UTC',
        note: expect.stringMatching(/^date omitted: today in UTC/),
      });
      // 08:00 UTC is 21:00 the day before in Pago Pago (−11:00).
      const pago = await get(`${path}?timezone=Pacific/Pago_Pago`);
      expect(await pago.json(), path).toMatchObject({ date: '2026-11-21', day_of_week: 'Saturday', timezone: 'Pacific/Pago_Pago' });
      const bad = await get(`${path}?timezone=Mars/Olympus`);
      expect(bad.status, path).toBe(400);
      expect(bad.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
      expect((await bad.json()).errors, path).toEqual([{ field: 'timezone', message: expect.stringMatching(/^unknown time zone 'Mars\/Olympus'/) }]);
      // With its date given, the answer is cached as before.
      const dated = `${path}?date=2026-03-20`;
      expect((await get(dated)).headers.get('x-cache'), path).toBe('MISS');
      expect((await get(dated)).headers.get('x-cache'), path).toBe('HIT');
    }
  });

  it('edge cases: the first and last day of the range in every calendar', () => {
    const first = convertCalendar({ date: '1912-01-01' });
    expect(first.day_of_week).toBe('Monday');
    expect(first.calendars.find((c) => c.calendar === 'japanese')).toMatchObject({ era: 'meiji', year: 45 });
    const last = convertCalendar({ date: fromEpochDay(daysFromCivil(2100, 12, 31)) });
    expect(last.calendars.find((c) => c.calendar === 'islamic-umalqura')).toMatchObject({ era: 'ah', month_name: 'Shawwal' }); // inside the table (to 1599 AH)
    expect(last.calendars.find((c) => c.calendar === 'dangi')).toMatchObject({ year: 2100 });
  });
});
