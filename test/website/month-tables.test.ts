/**
 * The month tables of the sunrise-and-sunset and moonrise-and-moonset pages (website/src/lib/sun-month.ts,
 * moon-month.ts): a row for every local day of the asked date's month, each the tools' own answer for
 * that day (sun_events and moon_events, the tools the registry pins to USNO and NOAA).
 */
import { describe, expect, it } from 'vitest';
import { moonEventsTool } from '../../engine/sky/moon-events.ts';
import { sunEventsTool } from '../../engine/sky/sun-events.ts';
import { monthRun, type MoonMonthAnswer, phaseWords, renderMoonMonth } from '../../website/src/lib/moon-month.ts';
import { changeText, dayOfMonth, monthDays, renderSunMonth } from '../../website/src/lib/sun-month.ts';
import { renderSunMonthAndYear, sunYear } from '../../website/src/lib/sun-year.ts';
import { clockOf } from '../../website/src/lib/tool-parts.ts';
import { runTool } from '../helpers.ts';

/** The rows of a table the renderers write: date and the cells' text. */
const rows = (html: string) =>
  [...html.matchAll(/<tr[^>]*data-date="([^"]+)"[^>]*>(.*?)<\/tr>/g)].map(([, date, row]) => ({
    date,
    cells: [...row.matchAll(/<td>(.*?)<\/td>/g)].map(([, c]) => c.replace(/<[^>]+>/g, '')),
  }));

describe('sunrise and sunset: every day of the month', () => {
  it('has a row for each day of the month, each sun_events’ answer for that day (London, October 2026: 31 days, the clocks go back on the 25th)', async () => {
    const sy = sunYear(51.5074, -0.1278, 'Europe/London', '2026-10-14');
    const html = renderSunMonth(sy);
    const answer = await runTool(sunEventsTool, { lat: 51.5074, lon: -0.1278, timezone: 'Europe/London', date: '2026-10-01', days: 31 });
    const table = rows(html);
    expect(table.map((r) => r.date)).toEqual(answer.days.map((d) => d.date));
    answer.days.forEach((d, i) => {
      expect(table[i].cells.slice(0, 3), d.date).toEqual([clockOf(d.sunrise), clockOf(d.sunset), clockOf(d.solar_noon)]);
    });
    // IANA tzdb: BST (+01:00) until 01:00 UTC on 25 October, then GMT: sunrise an hour earlier on the clock.
    expect(answer.days[23].sunrise).toMatch(/\+01:00$/);
    expect(answer.days[24].sunrise).toMatch(/\+00:00$/);
    expect(Number(table[24].cells[0].slice(0, 2))).toBe(Number(table[23].cells[0].slice(0, 2)) - 1);
    // Daylight shortens through October in the north: every change negative.
    expect(table.slice(1).every((r) => r.cells[4].startsWith('−'))).toBe(true);
    expect(html).toContain('<tr class="marked" aria-current="date" data-date="2026-10-14">');
    expect(html).toContain('<caption>Sunrise and sunset every day of October 2026 at 51.5074, -0.1278 (local time, Europe/London)</caption>');
  });

  it('covers February of a leap year, polar night at 80° N and the first of January (no day before)', () => {
    expect(monthDays(sunYear(0, 0, 'Etc/GMT', '2024-02-10'))).toHaveLength(29);
    const north = renderSunMonth(sunYear(80, 0, 'Etc/GMT', '2019-01-05'));
    const first = rows(north)[0].cells;
    // Polar night: no sunrise or sunset, the Sun still highest (below the horizon) about noon.
    expect([first[0], first[1], first[3], first[4]]).toEqual(['down all day', '', '0 min', '—']);
    expect(first[2]).toMatch(/^1[12]:\d\d$/);
    expect(rows(north)).toHaveLength(31);
    // The page's part: the month first, then the year.
    const both = renderSunMonthAndYear(sunYear(80, 0, 'Etc/GMT', '2019-01-05'));
    expect(both.indexOf('<h3>Every day of January 2019</h3>')).toBe(0);
    expect(both.indexOf('<h3>Through 2019</h3>')).toBeGreaterThan(both.indexOf('sun-month-table'));
  });

  it('words weekdays and changes', () => {
    expect(dayOfMonth('2026-11-28')).toBe('Sat 28');
    expect(dayOfMonth('2000-01-01')).toBe('Sat 1');
    expect(changeText(125)).toBe('+2 min 5 s');
    expect(changeText(-60)).toBe('−1 min 0 s');
    expect(changeText(-42.4)).toBe('−42 s');
    expect(changeText(0.2)).toBe('no change');
  });
});

describe('moonrise and moonset: every day of the month', () => {
  it('runs from the 1st for the month’s length', () => {
    expect(monthRun('2024-02-10')).toEqual({ date: '2024-02-01', days: 29 });
    expect(monthRun('2026-02-28')).toEqual({ date: '2026-02-01', days: 28 });
    expect(monthRun('2026-12-31')).toEqual({ date: '2026-12-01', days: 31 });
  });

  it('words moon_events’ month: a row a day, a day without moonrise said so, the principal phases named', async () => {
    const answer = (await runTool(moonEventsTool, {
      lat: 33.8,
      lon: -84.4,
      timezone: 'America/New_York',
      ...monthRun('2009-09-06'),
    })) as unknown as MoonMonthAnswer;
    const html = renderMoonMonth(answer, '2009-09-06');
    const table = rows(html);
    expect(table).toHaveLength(30);
    answer.days.forEach((d, i) => {
      if (d.moonrise) expect(table[i].cells[0]).toBe(clockOf(d.moonrise));
      else expect(table[i].cells[0]).toBe('—none that day');
    });
    // The Moon rises about 50 minutes later each day: some day of a month has none.
    expect(answer.days.some((d) => d.moonrise === null)).toBe(true);
    // USNO, Phases of the Moon 2009: full moon 4 September 16:03 UT (12:03 EDT), last quarter 12 September
    // 02:16 UT (22:16 EDT on the 11th), new moon 18 September 18:44 UT.
    const full = table.find((r) => r.date === '2009-09-04')!;
    expect(full.cells[4]).toBe('Full moon');
    expect(html).toContain('<strong>Full moon</strong>');
    expect(table.find((r) => r.date === '2009-09-11')!.cells[4]).toBe('Last quarter');
    expect(table.find((r) => r.date === '2009-09-18')!.cells[4]).toBe('New moon');
    expect(html).toContain('<tr class="marked" aria-current="date" data-date="2009-09-06">');
    expect(phaseWords('waning_gibbous')).toBe('Waning gibbous');
  });

  it('escapes what comes from the answer', () => {
    const html = renderMoonMonth(
      {
        lat: 0,
        lon: 0,
        timezone: '<b>x</b>',
        days: [{ date: '2026-01-01', moonrise: null, moonset: null, moon_transit: null, phase_name: 'new_moon', illumination_fraction: 0 }],
      },
      '2026-01-01',
    );
    expect(html).not.toContain('<b>');
  });
});
