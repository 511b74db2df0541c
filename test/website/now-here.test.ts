/**
 * Now and here (issue 32), in Chromium: a calculator page opens on the visitor's moment, zone and their
 * zone's city (zone.tab: Europe/Berlin → Berlin, 52.5° N 13.3667° E), the converter on the current wall
 * time in the visitor's zone, a current time ticks; the home page's clock ticks, its device-clock offset
 * is measured against the API's GET /v1/time/utc (a "could not reach" line when it cannot be), and its
 * sunrise, Moon and holiday are the visitor's city's. Date and geometry calculators open by their rules
 * (lib/now-rules.ts): business days from today with the country's holidays, a distance from the city.
 * Clocks are waited for with waitForFunction only.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { todayIn } from '../../engine/time/zone-rules.ts';
import { directAnswer, type NamedPlace } from '../../website/src/lib/answers.ts';
import { dayWords } from '../../website/src/lib/now-here.ts';
import { inputWords } from '../../website/src/lib/labels.ts';
import { renderResultTable } from '../../website/src/lib/result-table.ts';
import { serveSite } from '../../website/serve.ts';
import { chromiumAvailable, collectErrors, launchChromium } from '../fixtures/chromium.ts';
import { runTool } from '../helpers.ts';
import { serve, type Served } from '../serve.ts';
import { apiBaseUrl, buildSite } from './build-site.ts';

/** The engine's answer in Node, worded as the page words it (its lead naming the place). */
async function engineSentence(name: string, input: Record<string, unknown>, place?: NamedPlace | NamedPlace[]) {
  const tool = registry.find((t) => t.name === name)!;
  const result = tool.output.parse(await tool.run(tool.input.parse(input), { now: () => new Date() })) as Record<string, unknown>;
  return directAnswer(tool.calculator!.answer, input, result, inputWords(tool, Object.keys(input)), place);
}

const zoneTool = registry.find((t) => t.name === 'get_time_in_zone')!;

describe.skipIf(!chromiumAvailable())('now and here in Chromium', () => {
  let site: { url: string; close(): Promise<void> };
  let api: Served;
  let browser: Browser;

  beforeAll(async () => {
    const dist = await buildSite();
    site = await serveSite(dist, 0);
    api = await serve({ env: { SITE_URL: site.url, CORS_ORIGINS: site.url } });
    browser = await launchChromium();
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await site?.close();
  });

  /** A visitor in `timezoneId` whose requests to the built pages' API go to this file's API. */
  async function visitor(timezoneId: string): Promise<BrowserContext> {
    const context = await browser.newContext({ timezoneId });
    const apiBase = apiBaseUrl();
    await context.route(`${apiBase}/**`, (route) => route.continue({ url: api.base + route.request().url().slice(apiBase.length) }));
    return context;
  }

  it("a Berlin visitor's sunrise page opens on today in Berlin, named so", async () => {
    const context = await visitor('Europe/Berlin');
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/calculators/sunrise-sunset/`);
    await page.waitForSelector('form[data-ready="true"][data-state="done"]');
    // zone.tab: DE +5230+01322 Europe/Berlin.
    expect([await page.inputValue('input[name="lat"]'), await page.inputValue('input[name="lon"]')]).toEqual(['52.5', '13.3667']);
    expect(await page.inputValue('input[name="timezone"]')).toBe('Europe/Berlin');
    const date = await page.inputValue('input[name="date"]');
    expect([todayIn('Europe/Berlin', Date.now() - 60_000), todayIn('Europe/Berlin', Date.now())]).toContain(date);
    expect(await page.textContent('[data-answer-caption]')).toBe('Sunrise and sunset in Berlin, today');
    const expected = await engineSentence(
      'sun_events',
      { lat: 52.5, lon: 13.3667, date, timezone: 'Europe/Berlin' },
      { name: 'Berlin', lat: 52.5, lon: 13.3667 },
    );
    expect(expected).toMatch(/^For Berlin \(52\.5° N 13\.3667° E\), .* the Sun rises at \d\d:\d\d and sets at \d\d:\d\d \(Europe\/Berlin\)\.$/);
    expect(await page.textContent('[data-ai-context="direct-answer"]')).toBe(expected);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("a Berlin visitor's business days run from today to the end of the year, with Germany's public holidays", async () => {
    const context = await visitor('Europe/Berlin');
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/calculators/business-days/`);
    await page.waitForSelector('form[data-ready="true"][data-state="done"]');
    const start = await page.inputValue('input[name="start"]');
    expect([todayIn('Europe/Berlin', Date.now() - 60_000), todayIn('Europe/Berlin', Date.now())]).toContain(start);
    const end = `${start.slice(0, 4)}-12-31`;
    expect(await page.inputValue('input[name="end"]')).toBe(end);
    // Germany's public holidays from today through 31 December, as the engine lists them (date-holidays' DE rules).
    const listed = (await runTool(registry.find((t) => t.name === 'list_holidays')!, {
      country: 'DE',
      year: Number(start.slice(0, 4)),
      types: ['public'],
    })) as {
      holidays: { date: string }[];
    };
    const holidays = [...new Set(listed.holidays.map((h) => h.date).filter((d) => d >= start && d <= end))];
    expect(await page.textContent('[data-answer-caption]')).toBe(
      `Business days from today, ${dayWords(start)}, to ${dayWords(end)}, the end of the year, with public holidays in Germany, your time zone's country`,
    );
    const input = { start, end, ...(holidays.length ? { holidays } : {}) };
    expect(await page.textContent('[data-ai-context="direct-answer"]')).toBe(await engineSentence('count_business_days', input));
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("a Tokyo visitor's distance runs from Tokyo to the worked example's far end, New York, both named", async () => {
    const context = await visitor('Asia/Tokyo');
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/calculators/distance/`);
    await page.waitForSelector('form[data-ready="true"][data-state="done"]');
    // zone.tab: JP +353916+1394441 Asia/Tokyo; the example's other end is JFK (GeodSolve's 40:38:23N 073:46:44W).
    const fields = await Promise.all(['from_lat', 'from_lon', 'to_lat', 'to_lon'].map((n) => page.inputValue(`input[name="${n}"]`)));
    expect(fields).toEqual(['35.6544', '139.7447', '40.639722', '-73.778889']);
    expect(await page.textContent('[data-answer-caption]')).toBe("From Tokyo, your time zone's city, to New York");
    const input = { from_lat: 35.6544, from_lon: 139.7447, to_lat: 40.639722, to_lon: -73.778889 };
    const expected = await engineSentence('geo_distance', input, [
      { name: 'Tokyo', lat: 35.6544, lon: 139.7447 },
      { name: 'New York', lat: 40.639722, lon: -73.778889 },
    ]);
    expect(expected).toMatch(/^From Tokyo \(35\.6544° N 139\.7447° E\), to New York \(40\.6397° N 73\.7789° W\): The distance is 10\d{3}\.\d km/);
    expect(await page.textContent('[data-ai-context="direct-answer"]')).toBe(expected);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a Tokyo visitor\'s recurring dates, and their "In detail" table, start on the next Monday at 09:00 in Tokyo', async () => {
    const context = await visitor('Asia/Tokyo');
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/calculators/recurring-event-dates/`);
    const built = await page.locator('[data-result-table] [data-part-body]').innerHTML();
    await page.waitForSelector('form[data-ready="true"][data-state="done"]');
    await page.waitForSelector('[data-result-table][data-drawn="answer"]');
    const input = {
      rrule: await page.inputValue('[name="rrule"]'),
      start: await page.inputValue('[name="start"]'),
      timezone: await page.inputValue('[name="timezone"]'),
    };
    expect(input.timezone).toBe('Asia/Tokyo');
    expect(input.start).toMatch(/T09:00$/);
    expect(new Date(`${input.start.slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
    const tool = registry.find((t) => t.name === 'expand_recurrence')!;
    const result = (await runTool(tool, input)) as Record<string, unknown>;
    const table = page.locator('[data-result-table]');
    expect(await table.locator('[data-part-status]').textContent()).toBe('For your inputs.');
    expect(await table.locator('[data-part-body]').innerHTML()).toBe(renderResultTable('expand_recurrence', result));
    // Tokyo is 9 hours ahead of UTC all year: 09:00 there is midnight UTC, unlike the built page's London.
    expect(await table.locator('tbody tr').first().textContent()).toContain(`${input.start.slice(0, 10)} 09:00 UTC+09:00`);
    expect(await table.locator('[data-part-body]').innerHTML()).not.toBe(built);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("a Tokyo visitor's parts below the answer are redrawn for today in Tokyo, the build's London ones gone", async () => {
    const context = await visitor('Asia/Tokyo');
    const page = await context.newPage();
    const errors = collectErrors(page);
    const parts: [string, string][] = [
      ['/calculators/sunrise-sunset/', '[data-sun-year]'],
      ['/calculators/moonrise-moonset/', '[data-moon-month]'],
      ['/calculators/moon-phases/', '[data-moon-calendar]'],
      ['/calculators/week-number/', '[data-week-calendar]'],
    ];
    for (const [path, part] of parts) {
      await page.goto(`${site.url}${path}`);
      expect(await page.textContent(`${part} [data-part-status]`), path).toMatch(/^For (the answer above|your inputs)\.$/);
      await page.waitForSelector(`${part}[data-drawn="answer"]`);
      expect(await page.textContent(`${part} [data-part-status]`), path).toBe('For your inputs.');
      // The visitor's today in Tokyo is the day marked (read after the page has opened: midnight may pass).
      expect([todayIn('Asia/Tokyo', Date.now() - 60_000), todayIn('Asia/Tokyo', Date.now())], path).toContain(
        await page.getAttribute(`${part} [aria-current="date"][data-date]`, 'data-date'),
      );
      if (part !== '[data-week-calendar]') expect(await page.textContent(`${part} caption`), path).not.toContain('Europe/London');
    }
    // The converter: the visitor's minute in Tokyo, then the starting list's places, London among them.
    await page.goto(`${site.url}/calculators/time-zone-converter/`);
    await page.waitForSelector('[data-converter-places][data-drawn="answer"]');
    const zones = await page.$$eval('[data-converter-targets] tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-zone')));
    expect(zones).toEqual(['Asia/Tokyo', 'Asia/Kathmandu', 'UTC', 'America/New_York', 'Europe/London']);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("the observatory opens on the visitor's zone's city; a zone without one keeps Greenwich", async () => {
    for (const [zone, name, tz, lat] of [
      ['Asia/Tokyo', 'Tokyo', 'Asia/Tokyo', /^35\.65/], // zone.tab: JP +353916+1394441 Asia/Tokyo
      ['UTC', 'Greenwich', 'Europe/London', /^51\.47/],
    ] as const) {
      const context = await visitor(zone);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${site.url}/observatory/`);
      await page.waitForSelector('#observatory-form[data-ready="true"]');
      expect([await page.inputValue('#observatory-form [name="name"]'), await page.inputValue('#observatory-form [name="tz"]')], zone).toEqual([name, tz]);
      expect(await page.inputValue('#observatory-form [name="lat"]'), zone).toMatch(lat);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 60_000);

  it('the converter opens on the current wall time in the visitor\'s zone, and its "now" ticks', async () => {
    const context = await visitor('America/New_York');
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/calculators/time-zone-converter/`);
    await page.waitForSelector('form[data-ready="true"][data-state="done"]');
    expect(await page.inputValue('input[name="source_timezone"]')).toBe('America/New_York');
    const time = await page.inputValue('input[name="time"]');
    // The wall time in New York now, to the minute (a minute may turn while the page opens).
    const wall = (ms: number) => {
      const t = registry.find((x) => x.name === 'get_time_in_zone')!;
      return t.run(t.input.parse({ timezone: 'America/New_York', at: new Date(ms).toISOString() }), { now: () => new Date(ms) });
    };
    const local = [(await wall(Date.now() - 60_000)) as { local_time: string }, (await wall(Date.now())) as { local_time: string }].map((r) =>
      r.local_time.slice(0, 16),
    );
    expect(local).toContain(time);
    expect(await page.textContent('[data-answer-caption]')).toBe('Time zone converter: your time zone, America/New_York, now');
    expect(await page.textContent('[data-ai-context="direct-answer"]')).not.toContain('required');
    const first = await page.textContent('[data-now-clock]');
    expect(first).toMatch(/^Now: \d\d:\d\d:\d\d in America\/New_York, \d\d:\d\d:\d\d in \S+$/);
    await page.waitForFunction((before) => document.querySelector('[data-now-clock]')?.textContent !== before, first, { timeout: 5000 });
    // Another from-zone: the local time moves to that zone's now, and the clock follows.
    await page.fill('input[name="source_timezone"]', 'Asia/Tokyo');
    await page.waitForFunction(() => /^Now: \d\d:\d\d:\d\d in Asia\/Tokyo, /.test(document.querySelector('[data-now-clock]')?.textContent ?? ''));
    const tokyo = await page.inputValue('input[name="time"]');
    const inTokyo = await Promise.all(
      [Date.now() - 60_000, Date.now()].map((ms) => runTool(zoneTool, { timezone: 'Asia/Tokyo', at: new Date(ms).toISOString() }, { now: () => new Date(ms) })),
    );
    expect(inTokyo.map((r) => (r as { local_time: string }).local_time.slice(0, 16))).toContain(tokyo);
    // A time typed for another moment is no current time: the clock goes.
    await page.fill('input[name="time"]', '2020-01-01T09:00');
    await page.waitForFunction(() => (document.querySelector('[data-now-clock]') as HTMLElement).hidden);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("a permalink that asks for the time now (the home page's question) ticks too", async () => {
    const context = await visitor('Europe/Berlin');
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/calculators/time-in-time-zone/?timezone=Asia%2FTokyo`);
    await page.waitForSelector('form[data-ready="true"][data-state="done"]');
    const first = await page.textContent('[data-now-clock]');
    expect(first).toMatch(/^Now: \d\d:\d\d:\d\d in Asia\/Tokyo$/);
    await page.waitForFunction((before) => document.querySelector('[data-now-clock]')?.textContent !== before, first, { timeout: 5000 });
    expect(await page.textContent('[data-answer-caption]')).toBe('Your answer');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("the home page's clock ticks, measures the device clock against the API, and gives the visitor's city's day", async () => {
    const context = await visitor('Europe/Berlin');
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${site.url}/`);
    await page.waitForSelector('[data-home-now][data-ready="true"]');
    const first = await page.textContent('[data-home-clock]');
    expect(first).toMatch(/^\d\d:\d\d:\d\d$/);
    await page.waitForFunction((before) => document.querySelector('[data-home-clock]')?.textContent !== before, first, { timeout: 5000 });
    expect(await page.textContent('[data-home-offset]')).toMatch(
      /^Your device clock (agrees with the time server to within ± (\d+ ms|\d+\.\d+ s)|is (\d+ ms|\d+\.\d+ s) (behind|ahead of) the time server \(± (\d+ ms|\d+\.\d+ s)\))\. Measured against http/,
    );
    expect(await page.textContent('[data-home-caption]')).toBe("Your time, with today in Berlin, your time zone's city");
    expect(await page.textContent('[data-home-zone]')).toMatch(/^Time zone: Europe\/Berlin, UTC\+0[12]:00 \(CES?T\)\.$/);
    expect(await page.textContent('[data-home-sun]')).toMatch(/^Sunrise \d\d:\d\d, sunset \d\d:\d\d in Berlin \(\d+ h \d+ min of daylight\)\.$/);
    expect(await page.textContent('[data-home-moon]')).toMatch(
      /^Moon: (new moon|waxing crescent|first quarter|waxing gibbous|full moon|waning gibbous|last quarter|waning crescent), \d+% lit\.$/,
    );
    expect(await page.textContent('[data-home-holiday]')).toMatch(
      /^Next public holiday in Germany: .+, \w+day \d+ \w+ \d{4} \((today|tomorrow|in \d+ days)\)\.$/,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('the home page says plainly when the time server cannot be reached', async () => {
    const context = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
    await context.route(`${apiBaseUrl()}/**`, (route) => route.abort('connectionrefused'));
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await page.waitForSelector('[data-home-now][data-ready="true"]');
    expect(await page.textContent('[data-home-offset]')).toMatch(/^Could not reach the time server \(http:\/\/127\.0\.0\.1:\d+\/v1\/time\/utc\)/);
    // Asia/Kolkata is zone.tab's (IN +2232+08822).
    expect(await page.textContent('[data-home-sun]')).toMatch(/ in Kolkata /);
    await context.close();
  }, 60_000);
});
