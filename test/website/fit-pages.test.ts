/**
 * Issue 32 point 7, "fit to use", in Chromium at 1280 × 800 and 390 × 844: the meeting planner's slots in
 * each participant's local time with the meeting's hours in view; the sunrise and moonrise month tables;
 * the eclipses seen or not from the place; the converter's several targets.
 */
import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moonEventsTool } from '../../engine/sky/moon-events.ts';
import { sunEventsTool } from '../../engine/sky/sun-events.ts';
import { clockOf } from '../../website/src/lib/tool-parts.ts';
import { runTool } from '../helpers.ts';
import { chromiumAvailable, collectErrors, launchChromium } from '../fixtures/chromium.ts';
import { buildSite, startSite } from './build-site.ts';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

describe.skipIf(!chromiumAvailable())('fit to use, in Chromium', () => {
  let site: ChildProcess;
  let siteBase = '';
  let browser: Browser;

  beforeAll(async () => {
    const dist = await buildSite();
    ({ base: siteBase, proc: site } = await startSite(dist));
    browser = await launchChromium();
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    site?.kill('SIGTERM');
  });

  async function open(path: string, viewport: { width: number; height: number }, timezoneId = 'America/New_York') {
    const context = await browser.newContext({ viewport, timezoneId });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(siteBase + path);
    return { page, errors, close: () => context.close() };
  }

  /** Whether the meeting's first and last hour columns lie inside the table's visible box, right of the sticky names. */
  const meetingInView = (page: Page) =>
    page.$eval('[data-meeting-table] table', (table) => {
      const box = table.getBoundingClientRect();
      const names = table.querySelector('tbody th[scope="row"]')!.getBoundingClientRect();
      const hours = [...table.querySelectorAll('thead th[data-in-slot]')].map((th) => th.getBoundingClientRect());
      return {
        scrolls: table.scrollWidth > table.clientWidth + 1,
        scrollLeft: table.scrollLeft,
        inView: hours.length > 0 && hours.every((h) => h.left >= names.right - 1 && h.right <= box.right + 1),
      };
    });

  for (const viewport of VIEWPORTS) {
    it(`meeting slots in every participant's local time, the meeting's hours in view (${viewport.width} px)`, async () => {
      const { page, errors, close } = await open('/calculators/meeting-planner/', viewport);
      await page.waitForSelector('[data-meeting-planner][data-ready="true"]');
      const first = await page.locator('[data-meeting-slots] [data-slot-local]').first().textContent();
      // The slot line names each participant with a local time (the built example: London and New York).
      expect(first).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} · \d\d:\d\d London · \d\d:\d\d New York/);
      const view = await meetingInView(page);
      expect(view.inView, JSON.stringify(view)).toBe(true);
      if (viewport.width === 390) {
        expect(view.scrolls).toBe(true);
        expect(view.scrollLeft).toBeGreaterThan(0);
      }
      // Another slot: its hours come into view too.
      const count = await page.locator('[data-meeting-slot]').count();
      await page.check(`[data-meeting-slot][value="${count - 1}"]`);
      await page.waitForSelector(`[data-meeting-planner][data-drawn="${count - 1}"]`);
      expect((await meetingInView(page)).inView).toBe(true);
      expect(errors).toEqual([]);
      await close();
    }, 60_000);
  }

  /** A month table's rows as the page shows them: the row's date and its cells' text. */
  const monthRows = (page: Page, table: string) =>
    page.$$eval(`${table} tbody tr`, (trs) =>
      trs.map((tr) => ({
        date: tr.getAttribute('data-date'),
        marked: tr.getAttribute('aria-current'),
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
      })),
    );

  it('sunrise and sunset: a row for every day of the chosen month, computed in the page for the inputs (Oslo, March 2026)', async () => {
    const { page, errors, close } = await open('/calculators/sunrise-sunset/?lat=59.9133&lon=10.7389&date=2026-03-10&timezone=Europe/Oslo', VIEWPORTS[1]);
    await page.waitForSelector('[data-sun-year][data-drawn="answer"]');
    const shown = await monthRows(page, '[data-sun-year] .sun-month-table');
    const answer = await runTool(sunEventsTool, { lat: 59.9133, lon: 10.7389, date: '2026-03-01', days: 31, timezone: 'Europe/Oslo' });
    expect(shown.map((r) => r.date)).toEqual(answer.days.map((d) => d.date));
    for (const [i, d] of answer.days.entries()) expect(shown[i].cells.slice(0, 2), d.date).toEqual([clockOf(d.sunrise), clockOf(d.sunset)]);
    expect(shown.filter((r) => r.marked === 'date').map((r) => r.date)).toEqual(['2026-03-10']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it('moonrise and moonset: a row for every day of the chosen month, the tool run in the page (Atlanta, September 2009)', async () => {
    const { page, errors, close } = await open('/calculators/moonrise-moonset/?lat=33.8&lon=-84.4&date=2009-09-06&timezone=America/New_York', VIEWPORTS[0]);
    await page.waitForSelector('[data-moon-month][data-drawn="answer"]');
    const shown = await monthRows(page, '[data-moon-month] table');
    const answer = await runTool(moonEventsTool, { lat: 33.8, lon: -84.4, date: '2009-09-01', days: 30, timezone: 'America/New_York' });
    expect(shown.map((r) => r.date)).toEqual(answer.days.map((d) => d.date));
    for (const [i, d] of answer.days.entries()) expect(shown[i].cells[0], d.date).toBe(d.moonrise ? clockOf(d.moonrise) : '—none that day');
    // USNO, Phases of the Moon 2009: full moon 4 September 16:03 UT.
    expect(shown.find((r) => r.date === '2009-09-04')!.cells[4]).toBe('Full moon');
    expect(shown.filter((r) => r.marked === 'date').map((r) => r.date)).toEqual(['2009-09-06']);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it('eclipses: the form holds the count its help states; the next ones worldwide, each seen or not from the place (Dallas, April 2024)', async () => {
    const first = await open('/calculators/eclipses/', VIEWPORTS[1]);
    const help = await first.page.textContent('#help-count');
    expect(help).toMatch(/default 3/);
    expect(await first.page.inputValue('[name="count"]')).toBe('3');
    await first.close();

    const { page, errors, close } = await open(
      '/calculators/eclipses/?kind=solar&after=2024-04-01&count=3&lat=32.78&lon=-96.8&timezone=America/Chicago',
      VIEWPORTS[0],
    );
    await page.waitForSelector('[data-eclipse-list][data-drawn="answer"]');
    const seen = (kind: string) =>
      page.$$eval(`[data-eclipse-kind="${kind}"] [data-eclipse]`, (items) =>
        items.map((li) => [li.querySelector('h4')!.textContent, li.querySelector('.eclipse-seen')!.getAttribute('data-seen')]),
      );
    // NASA/GSFC eclipse catalogues: 2024 Apr 8 total (its path over Dallas), 2024 Oct 2 annular (South
    // America), 2025 Mar 29 partial (Europe, north-west Africa, north-east North America); lunar: 2024 Sep 18
    // partial (02:44 UT, the Moon up in Dallas), 2025 Mar 14 total (06:59 UT), 2025 Sep 7 total (18:12 UT, Moon down).
    expect(await seen('solar')).toEqual([
      ['Total solar eclipse, 2024-04-08', 'true'],
      ['Annular solar eclipse, 2024-10-02', 'false'],
      ['Partial solar eclipse, 2025-03-29', 'false'],
    ]);
    expect(await seen('lunar')).toEqual([
      ['Partial lunar eclipse, 2024-09-18', 'true'],
      ['Total lunar eclipse, 2025-03-14', 'true'],
      ['Total lunar eclipse, 2025-09-07', 'false'],
    ]);
    // How much, at its greatest, in local time: the whole Sun covered in Dallas (magnitude > 1), at 13:40 CDT.
    const dallas = await page.textContent('[data-eclipse-kind="solar"] [data-eclipse="0"] .eclipse-seen');
    expect(dallas).toMatch(/as a total eclipse .*: magnitude 1\.\d{3}, 100\.0 % of the Sun’s disc covered, greatest at 13:4\d UTC−05:00/);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it('the converter answers for several places at once, the tool asked once for each; a city is read as its zone; the list is kept', async () => {
    const path = '/calculators/time-zone-converter/?time=2026-11-22T09%3A00&source_timezone=Europe%2FParis&target_timezone=Asia%2FKathmandu';
    const { page, errors, close } = await open(path, VIEWPORTS[1]);
    await page.waitForSelector('[data-converter-places][data-drawn="answer"]');
    const table = () =>
      page.$$eval('[data-converter-targets] tbody tr', (trs) =>
        trs.map((tr) => [tr.getAttribute('data-zone') ?? 'problem', tr.querySelector('td')?.textContent ?? '']),
      );
    // IANA tzdb, 22 November 2026: Paris CET +01:00, Kathmandu +05:45, New York EST −05:00, London GMT, Tokyo JST +09:00.
    expect(await table()).toEqual([
      ['Europe/Paris', 'Sun 22 Nov 09:00'],
      ['Asia/Kathmandu', 'Sun 22 Nov 13:45'],
      ['UTC', 'Sun 22 Nov 08:00'],
      ['America/New_York', 'Sun 22 Nov 03:00'],
      ['Europe/London', 'Sun 22 Nov 08:00'],
      ['Asia/Tokyo', 'Sun 22 Nov 17:00'],
    ]);
    await page.click('[data-add-place]');
    await page.fill('[data-place-rows] li:last-child input', 'sydney');
    // Sydney is on AEDT (+11:00) from the first Sunday in October: 19:00, the next calendar day is not reached.
    await page.waitForSelector('[data-converter-targets] tr[data-zone="Australia/Sydney"]');
    expect((await table()).at(-1)).toEqual(['Australia/Sydney', 'Sun 22 Nov 19:00']);
    await page.click('[data-add-place]');
    await page.fill('[data-place-rows] li:last-child input', 'Xyzzy');
    await page.waitForSelector('[data-converter-targets] tr[data-problem]');
    expect(await page.textContent('[data-converter-targets] tr[data-problem]')).toMatch(/^XyzzyNot a time zone this page reads/);
    // The form's time changes: every place follows (on a phone the filled form is folded: Edit opens it).
    await page.click('[data-form-edit]');
    await page.fill('#input-time', '2026-11-22T18:30');
    await page.waitForFunction(
      () => document.querySelector('[data-converter-targets] tr[data-zone="Australia/Sydney"] td')?.textContent === 'Mon 23 Nov 04:30 (next day)',
    );
    // Kept in this browser: the list comes back with the page.
    await page.goto(siteBase + path);
    await page.waitForSelector('[data-converter-places][data-drawn="answer"]');
    expect(await page.$$eval('[data-place-rows] input', (inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
      'UTC',
      'America/New_York',
      'Europe/London',
      'Asia/Tokyo',
      'sydney',
      'Xyzzy',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);
});
