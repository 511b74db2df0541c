/**
 * The "In detail" table of list answers (website/src/lib/result-table.ts), from the engine's own answers.
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { cellText, hasResultTable, MAX_ROWS, renderResultTable } from '../../website/src/lib/result-table.ts';
import { runTool } from '../helpers.ts';

const tool = (name: string) => registry.find((t) => t.name === name)!;

describe('result tables', () => {
  it('every table names a list its tool answers with, and only calculators have one', async () => {
    for (const t of registry.filter((x) => hasResultTable(x.name))) {
      expect(t.calculator, t.name).toBeDefined();
      const result = (await runTool(t, t.examples[0].input as never)) as Record<string, unknown>;
      expect(renderResultTable(t.name, result), t.name).toMatch(/^<section class="table-scroll"[^>]*><table class="result-table"><caption>/);
    }
    expect(hasResultTable('date_difference')).toBe(false);
    expect(renderResultTable('date_difference', { days: 3 })).toBe('');
  });

  it('a year of holidays: every row, dates with their weekday, a column no row fills left out', async () => {
    // GOV.UK, "UK bank holidays", England and Wales 2026: 8 bank holidays; Christmas Day Friday 25 December, Boxing Day Monday 28 December (substitute).
    const result = (await runTool(tool('list_holidays'), { country: 'GB', subdivision: 'ENG', year: 2026 })) as { holidays: unknown[] };
    const html = renderResultTable('list_holidays', result);
    expect(html).toContain('<caption>8 holidays</caption>');
    expect(html.match(/<tr>/g)).toHaveLength(result.holidays.length + 1);
    expect(html).toContain('<th scope="row" class="nowrap">Fri 2026-12-25</th><td>Christmas Day</td><td>public</td>');
    // English names are the local names there: that column is left out; in Germany it is kept.
    expect(html).not.toContain('Local name');
    const de = renderResultTable('list_holidays', (await runTool(tool('list_holidays'), { country: 'DE', year: 2026 })) as Record<string, unknown>);
    expect(de).toContain('<th scope="col">Local name</th>');
    expect(de).toContain('<td>Christmas Day</td><td>1. Weihnachtstag</td>');
    expect(html).toMatch(/<th scope="row" class="nowrap">Mon 2026-12-28<\/th><td>Boxing Day[^<]*<\/td>(<td>[^<]*<\/td>)*<td class="nowrap">yes<\/td><\/tr>/);
  });

  it('times as date, weekday, clock and offset; one row is one of the noun; nothing from an answer is markup', () => {
    const answer = { occurrences: [{ local_time: '2026-03-09T09:00:00-04:00', utc_time: '2026-03-09T13:00:00Z' }] };
    const html = renderResultTable('expand_recurrence', answer);
    expect(html).toContain('<caption>1 occurrence</caption>');
    expect(html).toContain('<th scope="row" class="nowrap">Mon 2026-03-09 09:00 UTC−04:00</th><td class="nowrap">Mon 2026-03-09 13:00 UTC</td>');
    const hostile = renderResultTable('list_holidays', { holidays: [{ date: '2026-01-01', name: '<img src=x onerror=alert(1)>', type: 'public' }] });
    expect(hostile).not.toContain('<img');
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('numbers rounded for reading, populations grouped, fractions in per cent, day lengths in hours', () => {
    expect(cellText('distance_km', 4.86123)).toBe('4.9');
    expect(cellText('bearing_deg', 215.1234)).toBe('215.1');
    expect(cellText('population', 2138551)).toBe('2\u2009138\u2009551');
    expect(cellText('illumination_fraction', 0.5709)).toBe('57 %');
    expect(cellText('day_length_seconds', 45673)).toBe('12 h 41 min');
    expect(cellText('geocentric.declination_deg', -23.0334876)).toBe('-23');
    expect(cellText('moonrise', null)).toBe('—');
    expect(cellText('above_horizon', false)).toBe('no');
  });

  it("a day table gives its times as clock times beside the row's date", async () => {
    // USNO one-day data, Atlanta 2009-09-06 (EDT): begin civil twilight 6:50, sunrise 7:15, transit 13:36, sunset 19:56, end civil twilight 20:21.
    const input = { lat: 33.8, lon: -84.4, date: '2009-09-06', timezone: 'America/New_York' };
    const html = renderResultTable('sun_events', (await runTool(tool('sun_events'), input)) as Record<string, unknown>);
    expect(html).toContain(
      '<th scope="row" class="nowrap">Sun 2009-09-06</th><td class="nowrap">06:50</td><td class="nowrap">07:15</td><td class="nowrap">13:36</td><td class="nowrap">19:56</td><td class="nowrap">20:21</td><td class="nowrap">12 h 41 min</td>',
    );
  });

  it(`shows at most ${MAX_ROWS} rows and says where the rest are`, () => {
    const occurrences = Array.from({ length: MAX_ROWS + 5 }, (_, i) => ({
      local_time: `2026-01-01T00:00:00Z`,
      utc_time: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
    }));
    const html = renderResultTable('expand_recurrence', { occurrences });
    expect(html.match(/<tr>/g)).toHaveLength(MAX_ROWS + 1);
    expect(html).toContain(`<caption>${MAX_ROWS + 5} occurrences; the first ${MAX_ROWS} are shown here, the full result (JSON) has them all</caption>`);
  });
});
