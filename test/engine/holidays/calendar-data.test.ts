import { describe, expect, it } from 'vitest';
import Holidays from 'date-holidays';
import { holidayDates, holidaysInYear, jurisdiction, supportedCountries, type HolidayType } from '../../../engine/holidays/calendar-data.ts';
import { applyOfficial } from '../../../engine/holidays/official/layer.ts';
import { resolveSubdivision } from '../../../engine/holidays/jurisdiction-names.ts';
import { cldrWeekend, weekendNames } from '../../../engine/holidays/weekend.ts';

describe('calendar-data', () => {
  it("names holidays exactly as date-holidays' own getHolidays(year, lang) does, in every jurisdiction", { tags: ['sweep'], timeout: 120_000 }, () => {
    // The tools evaluate the rules once, in the local language, and take the English names from the rules;
    // date-holidays' English list (a second evaluation) must agree for every holiday of every jurisdiction.
    const ALL = ['public', 'bank', 'optional', 'school', 'observance'] as const;
    let compared = 0;
    for (const country of supportedCountries()) {
      for (const subdivision of [null, ...country.subdivisions.map((s) => s.code)]) {
        const ours = new Set(
          holidaysInYear(jurisdiction(country.code, subdivision), 2026, ALL).map((h) => `${h.date}|${h.type}|${h.name}|${h.local_name}|${h.substitute}`),
        );
        const fresh = () => (subdivision ? new Holidays(country.code, subdivision) : new Holidays(country.code));
        const english = fresh().getHolidays(2026, 'en');
        const local = fresh().getHolidays(2026);
        expect(english.length).toBe(local.length);
        // Then corrected as the official-calendar layer corrects the tools' days (official/layer.ts).
        const days = english.map((e, i) => ({
          date: e.date.slice(0, 10),
          name: e.name,
          local_name: local[i].name,
          type: e.type as HolidayType,
          substitute: e.substitute === true,
        }));
        for (const d of applyOfficial(country.code, subdivision, 2026, days)) {
          const key = `${d.date}|${d.type}|${d.name}|${d.local_name}|${d.substitute}`;
          expect(ours.has(key), `${country.code}-${subdivision}: ${key}`).toBe(true);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
  }); // every jurisdiction evaluated three times: ~5 s idle, over 20 s with the other core busy

  it('resolves subdivisions in suffix or full form, any case', () => {
    expect(resolveSubdivision('GB', 'eng')).toEqual({ code: 'ENG' });
    expect(resolveSubdivision('GB', 'Gb-Eng')).toEqual({ code: 'ENG' });
    expect(resolveSubdivision('US', 'US-CA')).toEqual({ code: 'CA' });
    expect(resolveSubdivision('GB', 'US-ENG')).toHaveProperty('error');
    expect(resolveSubdivision('US', 'ENG')).toHaveProperty('error');
  });
});

describe('edge cases', () => {
  it('a holiday covers the dates from its local start through the day its end falls on', () => {
    const hours = (h: number) => h * 3_600_000;
    expect(holidayDates('2026-12-25 00:00:00', hours(24))).toEqual(['2026-12-25']);
    expect(holidayDates('2026-12-24 14:00:00', hours(10))).toEqual(['2026-12-24']); // part of a day
    expect(holidayDates('2026-03-20 00:00:00 -0600', hours(72))).toEqual(['2026-03-20', '2026-03-21', '2026-03-22']); // Hijri, begins the evening before
    expect(holidayDates('2006-12-31 00:00:00 -0600', hours(72))).toEqual(['2006-12-31', '2007-01-01', '2007-01-02']);
    expect(holidayDates('2028-02-28 00:00:00', hours(48))).toEqual(['2028-02-28', '2028-02-29']); // leap day
    expect(holidayDates('2026-10-31 18:00:00', hours(6))).toEqual(['2026-10-31']);
    expect(holidayDates('not a date', hours(24))).toEqual([]);
  });

  it('weekends are ascending ISO weekdays for every supported country, read from CLDR', () => {
    for (const { code } of supportedCountries()) {
      const weekend = cldrWeekend(code);
      expect(
        weekend.every((d, i) => d >= 1 && d <= 7 && (i === 0 || d > weekend[i - 1])),
        code,
      ).toBe(true);
    }
    expect(weekendNames(cldrWeekend('SA'))).toBe('Friday, Saturday');
    expect(weekendNames([])).toBe('none');
    // CLDR 48 supplemental/weekData.json: weekendStart/weekendEnd IN sun/(001) sun, AF thu/fri, IR fri/fri
    expect([cldrWeekend('IN'), cldrWeekend('AF'), cldrWeekend('IR'), cldrWeekend('FR')]).toEqual([[7], [4, 5], [5], [6, 7]]);
  });
});
