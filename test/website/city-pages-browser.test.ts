/**
 * City pages in Chromium, with the browser's clock set by the test (playwright's clock): the clock shows
 * the place's wall time from the offsets the build carried; axe-core finds nothing serious at 1280 and
 * 390 px; nothing scrolls sideways; and a later day's visit computes today's Sun and Moon, the new
 * month's table and the holidays still ahead with the engine in the page, equal to the engine's answers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolByName } from '../../engine/index.ts';
import { dateWords, moonWords, sunCells, sunWords } from '../../website/src/lib/city-pages-words.ts';
import { serveSite } from '../../website/serve.ts';
import { chromiumAvailable, collectErrors, launchChromium } from '../fixtures/chromium.ts';
import { buildSite } from './build-site.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LONDON = '/time/united-kingdom/london/';
const TOKYO = '/time/japan/tokyo/';

async function answer<T>(name: string, input: Record<string, unknown>, at: string): Promise<T> {
  const tool = toolByName(name)!;
  return tool.output.parse(await tool.run(tool.input.parse(input), { now: () => new Date(at) })) as T;
}

describe.skipIf(!chromiumAvailable())('city pages in Chromium', () => {
  let dist = '';
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;

  beforeAll(async () => {
    dist = await buildSite();
    site = await serveSite(dist, 0);
    browser = await launchChromium();
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const built = (path: string) =>
    JSON.parse(/<script type="application\/json" id="city-page-data">([\s\S]*?)<\/script>/.exec(readFileSync(join(dist, path, 'index.html'), 'utf8'))![1]);

  /** The page at `path` with the browser's clock at `at`; under the site server's CSP unless `bypassCSP` (axe-core is an inline script of the test's). */
  async function open(path: string, at: number, width = 1280, bypassCSP = false): Promise<{ page: Page; errors: string[]; fetched: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP });
    const errors = collectErrors(page);
    const fetched: string[] = [];
    page.on('requestfinished', (r) => fetched.push(new URL(r.url()).pathname));
    // The page's clock stands at `at` until the test moves it (runFor); for axe-core, whose checks wait
    // on timers, it runs on from there.
    await page.clock.install({ time: at - 1000 });
    if (!bypassCSP) await page.clock.pauseAt(at);
    else await page.clock.setSystemTime(at);
    await page.goto(site.url + path);
    return { page, errors, fetched };
  }

  it('London: the wall time from the carried offsets, axe-clean and no sideways scroll at 1280 and 390 px', async () => {
    const data = built(LONDON);
    // An hour after the build (the same day at the place: the page computes nothing more), the clock paused there.
    const at = Date.parse(data.built) + 3_600_000;
    const wall = async (ms: number) => {
      const iso = new Date(ms).toISOString();
      return (await answer<{ local_time: string }>('get_time_in_zone', { timezone: 'Europe/London', at: iso }, iso)).local_time.slice(11, 19);
    };
    for (const width of [1280, 390]) {
      const { page, errors, fetched } = await open(LONDON, at, width);
      await expect.poll(() => page.textContent('[data-city-clock]'), { timeout: 10_000 }).toBe(await wall(at));
      expect(await page.textContent('[data-city-stamp]')).toContain("the clock is your browser's");
      await page.clock.runFor(2000);
      await expect.poll(() => page.textContent('[data-city-clock]'), { timeout: 10_000 }).toBe(await wall(at + 2000));
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
      expect(errors).toEqual([]);
      expect(fetched.filter((f) => f.startsWith('/calculator-data/'))).toEqual([]);
      await page.close();
      const checked = await open(LONDON, at, width, true);
      await expect.poll(() => checked.page.getAttribute('[data-city-clock]', 'datetime'), { timeout: 10_000 }).toMatch(/:\d\d:\d\d$/);
      await checked.page.addScriptTag({ content: AXE });
      const found = (await checked.page.evaluate(() =>
        // biome-ignore lint/suspicious/noExplicitAny: axe is the injected script's global
        (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] }, resultTypes: ['violations'] }),
      )) as { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
      const serious = found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${width} px: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await checked.page.close();
    }
  }, 60_000);

  it("a later day of the build's month: the engine's Sun and Moon for it came with the page, nothing more is fetched", async () => {
    const data = built(LONDON);
    const next = new Date(Date.parse(`${data.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (next.slice(0, 7) !== data.date.slice(0, 7)) {
      // Built on the month's last day: the page carries that day alone.
      expect(data.sun.map((d: { date: string }) => d.date)).toEqual([data.date]);
      return;
    }
    const at = `${next}T12:00:00Z`; // 12:00 or 13:00 in London: that day.
    const where = { lat: data.lat, lon: data.lon, timezone: data.zone };
    const sun = await answer<{ days: Parameters<typeof sunWords>[0][] }>('sun_events', { ...where, date: next }, at);
    const moon = await answer<{ days: Parameters<typeof moonWords>[0][] }>('moon_events', { ...where, date: next }, at);
    const { page, errors, fetched } = await open(LONDON, Date.parse(at), 390);
    await expect.poll(() => page.textContent('[data-city-sun]'), { timeout: 10_000 }).toBe(sunWords(sun.days[0]));
    expect(await page.textContent('[data-city-moon]')).toBe(moonWords(moon.days[0]));
    expect(await page.getAttribute(`tr[data-date="${next}"]`, 'aria-current')).toBe('date');
    expect(fetched.filter((f) => f.startsWith('/calculator-data/') || f.includes('city-page-live'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("Tokyo 40 days after the build: today's Sun and Moon, the month and the holidays computed in the page, as the engine answers", async () => {
    const data = built(TOKYO);
    // Noon in Tokyo (03:00 UTC) 40 days after the build.
    const at = `${new Date(Date.parse(data.built) + 40 * 86_400_000).toISOString().slice(0, 10)}T03:00:00Z`;
    const today = (await answer<{ local_time: string }>('get_time_in_zone', { timezone: 'Asia/Tokyo', at }, at)).local_time.slice(0, 10);
    const where = { lat: data.lat, lon: data.lon, timezone: data.zone };
    const sun = await answer<{ days: Parameters<typeof sunWords>[0][] }>('sun_events', { ...where, date: today }, at);
    const moon = await answer<{ days: Parameters<typeof moonWords>[0][] }>('moon_events', { ...where, date: today }, at);
    const { page, errors, fetched } = await open(TOKYO, Date.parse(at), 390);
    await expect.poll(() => page.textContent('[data-city-sun]'), { timeout: 30_000 }).toBe(sunWords(sun.days[0]));
    expect(await page.textContent('[data-city-moon]')).toBe(moonWords(moon.days[0]));
    expect(await page.textContent('[data-city-stamp]')).toContain(`for ${dateWords(today)}`);
    await expect.poll(() => page.getAttribute('[data-city-month]', 'data-city-month'), { timeout: 30_000 }).toBe(today.slice(0, 7));
    const row = await page.innerHTML(`tr[data-date="${today}"]`);
    expect(row).toContain(sunCells(sun.days[0]));
    expect(await page.getAttribute(`tr[data-date="${today}"]`, 'aria-current')).toBe('date');
    const shown = await page.$$eval('[data-city-holidays] li:not([hidden])', (items) => items.map((li) => (li as HTMLElement).dataset.date!));
    expect(shown.length).toBeGreaterThan(0);
    for (const date of shown) expect(date >= today).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    // The engine's data for it: the zone pack (and a country's holiday rules when the list ran short), nothing else.
    for (const f of fetched.filter((p) => p.startsWith('/calculator-data/')))
      expect(f).toMatch(/^\/calculator-data\/(zones|holidays|holidays-JP|week|countries)\.json$/);
    await page.close();
  }, 90_000);
});
