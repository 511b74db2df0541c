/**
 * Issue 32 point 7, "fit to use", in Chromium at 1280 × 800 and 390 × 844: the meeting planner's slots in
 * each participant's local time with the meeting's hours in view; the sunrise and moonrise month tables;
 * the eclipses seen or not from the place; the converter's several targets.
 */
import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
