/**
 * Places, zones and countries by name in Chromium, without the API and without a key (no API runs
 * here: every answer is the page's own): the place search, a zone typed as a city, "Use my location",
 * country and region names on the holiday pages, and the world clock ticking, kept in the address and
 * the browser's storage.
 */
import type { ChildProcess } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { queryString } from '../../website/src/lib/calls.ts';
import { chromiumAvailable, collectErrors, launchChromium } from '../fixtures/chromium.ts';
import { apiBaseUrl, buildSite, startSite } from './build-site.ts';

/** The engine's JSON in Node for a tool and input (as the API gives it). */
async function engineJson(name: string, input: Record<string, unknown>): Promise<string> {
  const tool = registry.find((t) => t.name === name)!;
  return JSON.stringify(tool.output.parse(await tool.run(tool.input.parse(input), { now: () => new Date() })), null, 2);
}

describe.skipIf(!chromiumAvailable())('places by name without a key, in Chromium', () => {
  let site: ChildProcess;
  let siteBase = '';
  let browser: Browser;
  const apiRequests: string[] = [];

  beforeAll(async () => {
    ({ base: siteBase, proc: site } = await startSite(await buildSite()));
    browser = await launchChromium();
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    site?.kill('SIGTERM');
    // Nothing here asked the API (none runs): names came from the site's places pack.
    expect(apiRequests).toEqual([]);
  });

  /** A page in a browser context of its own (zone, position), watching for requests to the API and errors. */
  async function open(path: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const errors = collectErrors(page);
    const api = apiBaseUrl();
    page.on('request', (r) => {
      if (r.url().startsWith(api)) apiRequests.push(r.url());
    });
    await page.goto(siteBase + path);
    return { page, context, errors };
  }
  const answerOf = (page: Page) => page.textContent('[data-ai-context="direct-answer"]');

  it('a zone field takes a city name: London is Europe/London, München Europe/Berlin, computed in the page', async () => {
    const input = { time: '2026-07-01T09:00', source_timezone: 'London', target_timezone: 'München' };
    const { page, context, errors } = await open(`/calculators/time-zone-converter/?${queryString(input)}`);
    await page.waitForSelector('form[data-ready="true"]');
    await page.waitForSelector('form[data-state="done"]');
    const expected = await engineJson('convert_time', { ...input, source_timezone: 'Europe/London', target_timezone: 'Europe/Berlin' });
    expect(await page.textContent('[data-live-result]')).toBe(expected);
    // Typing a city offers its zone in the field's list, labelled with the place.
    await page.fill('input[name="target_timezone"]', 'Sao Paulo');
    await page.waitForSelector('#zone-names option[data-place]', { state: 'attached' });
    expect(await page.$eval('#zone-names option[data-place]', (o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).label])).toEqual([
      'America/Sao_Paulo',
      'São Paulo, Brazil (Sao Paulo)',
    ]);
    // The converter's own list of places takes a city its zone names do not name (München: Europe/Berlin).
    await page.click('[data-add-place]');
    await page.fill('[data-place-rows] li:last-child input', 'München');
    await page.waitForSelector('[data-converter-targets] tr[data-zone="Europe/Berlin"]');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('"Use my location" sets the coordinates, the nearest place of the pack and the browser\'s own zone', async () => {
    // 51.4543 N, 0.9781 W: Reading, England (GeoNames 2639577, 51.45625 -0.97113), from a visitor whose browser says Europe/Berlin.
    const { page, context, errors } = await open('/calculators/sunrise-sunset/', {
      timezoneId: 'Europe/Berlin',
      geolocation: { latitude: 51.4543, longitude: -0.9781 },
      permissions: ['geolocation'],
    });
    await page.waitForSelector('form[data-ready="true"]');
    await page.click('[data-here=""]');
    await page.waitForFunction(() => (document.querySelector('#input-place') as HTMLInputElement).value.startsWith('Your location, near'));
    expect(await page.inputValue('#input-place')).toBe('Your location, near Reading, England, United Kingdom');
    expect([await page.inputValue('input[name="lat"]'), await page.inputValue('input[name="lon"]'), await page.inputValue('input[name="timezone"]')]).toEqual([
      '51.4543',
      '-0.9781',
      'Europe/Berlin',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a place typed and chosen fills the coordinates and zone without a key; a name typed and not chosen is its best match', async () => {
    const { page, context, errors } = await open('/calculators/moonrise-moonset/');
    await page.waitForSelector('form[data-ready="true"]');
    await page.fill('#input-place', 'München');
    await page.waitForSelector('[data-place-field=""][data-state="listed"]');
    expect(await page.textContent('#list-place [role="option"]')).toBe('Munich, Bavaria, Germany · population 1,260,391');
    await page.keyboard.press('Enter');
    // GeoNames 2867714: Munich, 48.13743 11.57549, Europe/Berlin (the API's place search gives the same).
    expect([await page.inputValue('input[name="lat"]'), await page.inputValue('input[name="lon"]'), await page.inputValue('input[name="timezone"]')]).toEqual([
      '48.13743',
      '11.57549',
      'Europe/Berlin',
    ]);
    await page.fill('#input-place', 'Paris');
    await page.click('form[data-calculator] button[type="submit"]');
    await page.waitForSelector('form[data-state="done"]');
    // GeoNames 2988507: Paris, Île-de-France, 48.85341 2.3488.
    expect(await page.inputValue('#input-place')).toBe('Paris, Île-de-France, France');
    expect(new URL(page.url()).searchParams.get('lat')).toBe('48.85341');
    expect(await answerOf(page)).toMatch(/Europe\/Paris/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('holiday pages take country and region names: United States (the example region emptied), Germany and Bavaria', async () => {
    const { page, context, errors } = await open('/calculators/public-holidays/?country=DE&subdivision=BY&year=2026');
    await page.waitForSelector('form[data-ready="true"]');
    await page.fill('input[name="country"]', 'United States');
    await page.waitForFunction(() => (document.querySelector('input[name="subdivision"]') as HTMLInputElement).value === '');
    await page.waitForFunction(() => document.querySelector('[data-ai-context="direct-answer"]')?.textContent?.startsWith('For country United States'));
    await page.waitForSelector('form[data-state="done"]');
    expect(await page.textContent('[data-live-result]')).toBe(await engineJson('list_holidays', { country: 'United States', year: 2026 }));
    await page.fill('input[name="country"]', 'Germany');
    await page.fill('input[name="subdivision"]', 'Bavaria');
    await page.waitForFunction(() => document.querySelector('[data-ai-context="direct-answer"]')?.textContent?.includes('region Bavaria'));
    await page.waitForSelector('form[data-state="done"]');
    expect(await page.textContent('[data-live-result]')).toBe(await engineJson('list_holidays', { country: 'Germany', subdivision: 'Bavaria', year: 2026 }));
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("the world clock opens on the visitor's city and world cities, ticks, adds by name and keeps the list in the address and storage", async () => {
    const { page, context, errors } = await open('/world-clock/', { timezoneId: 'America/New_York' });
    await page.waitForSelector('[data-world-clock][data-ready="true"]');
    const cities = () => page.$$eval('[data-city]', (rows) => rows.map((r) => (r as HTMLElement).dataset.city));
    // New York City is the visitor's zone's city (and one of the world cities: listed once).
    expect(await cities()).toEqual(['new-york-city-5128581', 'london-2643743', 'tokyo-1850147', 'sydney-2147714']);
    expect(await page.textContent('[data-city="new-york-city-5128581"] [data-clock-offset]')).toBe('same time as you');
    expect(await page.textContent('[data-city="tokyo-1850147"] [data-clock-offset]')).toBe('14 h ahead'); // JST +9, EST −5 (November)
    const first = await page.textContent('[data-city="london-2643743"] [data-clock-time]');
    await page.waitForFunction((t) => document.querySelector('[data-city="london-2643743"] [data-clock-time]')?.textContent !== t, first);
    expect(Number(await page.getAttribute('[data-world-clock]', 'data-ticks'))).toBeGreaterThan(0);
    // London's clock is UTC in November: the row's time is the visitor's clock in UTC.
    const [shown, utc] = await page.evaluate(() => [
      document.querySelector('[data-city="london-2643743"] [data-clock-time]')!.textContent,
      new Date().toISOString().slice(11, 19),
    ]);
    expect(Math.abs(Date.parse(`2026-01-01T${shown}Z`) - Date.parse(`2026-01-01T${utc}Z`))).toBeLessThanOrEqual(2000);

    await page.fill('#clock-city', 'München');
    await page.waitForSelector('#clock-suggestions option', { state: 'attached' });
    await page.click('form[data-clock-add] button[type="submit"]');
    await page.waitForSelector('[data-city="munich-2867714"]');
    expect(new URL(page.url()).searchParams.get('cities')).toBe('new-york-city-5128581,london-2643743,tokyo-1850147,sydney-2147714,munich-2867714');
    await page.click('[data-remove-city="tokyo-1850147"]');
    expect(await cities()).toEqual(['new-york-city-5128581', 'london-2643743', 'sydney-2147714', 'munich-2867714']);
    expect(await page.evaluate(() => localStorage.getItem('world-clock-cities'))).toBe('new-york-city-5128581,london-2643743,sydney-2147714,munich-2867714');

    // Opened again without an address: the stored list; with an address: the address's.
    await page.goto(`${siteBase}/world-clock/`);
    await page.waitForSelector('[data-world-clock][data-ready="true"]');
    expect(await cities()).toEqual(['new-york-city-5128581', 'london-2643743', 'sydney-2147714', 'munich-2867714']);
    await page.goto(`${siteBase}/world-clock/?cities=sao-paulo-3448439,ngerulmud-8063361`);
    await page.waitForSelector('[data-world-clock][data-ready="true"]');
    expect(await cities()).toEqual(['sao-paulo-3448439', 'ngerulmud-8063361']);
    expect(await page.textContent('[data-city="ngerulmud-8063361"]')).toContain('Pacific/Palau');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
