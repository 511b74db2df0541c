/**
 * The built site in real Chromium (playwright-core, Debian's chromium), served by `website/serve.ts`
 * and talking to a real API: calculator forms compute the engine's answers in the browser, permalinks
 * reproduce them, and pages print no console errors.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyPositions } from '../../engine/sky/body-positions.ts';
import { registry } from '../../engine/registry.ts';
import { solarPosition } from '../../engine/sky/solar-position.ts';
import { supportedCountries } from '../../engine/holidays/calendar-data.ts';
import { exampleInput } from '../../engine/tool.ts';
import { browserToolModules } from '../../website/browser-tools.ts';
import { describeForPeople, directAnswer } from '../../website/src/lib/answers.ts';
import { curlCommand, queryString } from '../../website/src/lib/calls.ts';
import { inputWords } from '../../website/src/lib/labels.ts';
import { pageAnswer } from '../../website/src/lib/now-answer.ts';
import { LONDON } from '../../website/src/lib/now-here.ts';
import { calculators } from '../../website/src/lib/site.ts';
import { serve, type Served } from '../serve.ts';
import { chromiumAvailable, collectErrors, launchChromium } from '../fixtures/chromium.ts';
import { runTool } from '../helpers.ts';
import { apiBaseUrl, buildSite, startSite } from './build-site.ts';
import { toolsReadingData } from './page-data-tools.ts';

const browserCalculators = registry.filter((t) => t.calculator?.browser);
const serverCalculators = registry.filter((t) => t.calculator && !t.calculator.browser);
// Browser tools that fetch shipped data (tz rules, holiday rules) are checked in browser-answers.test.ts.
const readingData = await toolsReadingData(browserCalculators);
const dataFree = new Set(browserCalculators.filter((t) => !readingData.has(t.name)).map((t) => t.name));

const VISITOR_KEY = 'browser-test-key-0123456789abcdef';

/** The engine's answer in Node, as the API gives it (input schema, run, output schema); `place` names the pair a page opened on. */
async function engineAnswer(name: string, input: Record<string, unknown>, place?: { name: string; lat: number; lon: number }) {
  const tool = registry.find((t) => t.name === name)!;
  const result = tool.output.parse(await tool.run(tool.input.parse(input), { now: () => new Date() })) as Record<string, unknown>;
  // Worded as a server tool's page words the API's answer: with the sentence its module declares.
  return { result, sentence: directAnswer(tool.calculator!.answer, input, result, inputWords(tool, Object.keys(input)), place) };
}

describe.skipIf(!chromiumAvailable())('the site in Chromium', () => {
  let site: ChildProcess;
  let siteBase = '';
  let api: Served;
  let browser: Browser;

  beforeAll(async () => {
    const dist = await buildSite();
    ({ base: siteBase, proc: site } = await startSite(dist));
    // The API the pages were built against, allowing the site's origin.
    api = await serve({
      port: Number(new URL(apiBaseUrl()).port),
      env: { SITE_URL: siteBase, CORS_ORIGINS: siteBase, TIME_API_KEYS: `site-visitor:${VISITOR_KEY}` },
    });
    browser = await launchChromium();
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    site?.kill('SIGTERM');
    await api?.stop();
  });

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(siteBase + path);
    return { page, errors };
  }
  const directAnswerOf = (page: Page) => page.textContent('[data-ai-context="direct-answer"]');

  it('the site build loads the module of every calculator (its answer sentence; its run where declared to run in a browser)', async () => {
    expect(Object.keys(await browserToolModules()).sort()).toEqual(
      registry
        .filter((t) => t.calculator)
        .map((t) => t.name)
        .sort(),
    );
  });

  // One test per calculator and input, each with time of its own: together they took over 20 s while
  // another process kept one of the two cores busy.
  for (const tool of browserCalculators.filter((t) => dataFree.has(t.name))) {
    for (const [i, example] of tool.examples.entries()) {
      const input = example.input as Record<string, unknown>;
      it(`${tool.name}, example ${i + 1}: a permalink shows the engine's answer`, async () => {
        const { page, errors } = await open(`/calculators/${tool.calculator!.slug}/?${queryString(input)}`);
        await page.waitForSelector('form[data-ready="true"]');
        const expected = await engineAnswer(tool.name, input);
        expect(await directAnswerOf(page), tool.name).toBe(expected.sentence);
        expect(JSON.parse((await page.textContent('[data-live-result]'))!), tool.name).toEqual(expected.result);
        expect(errors, tool.name).toEqual([]);
        await page.close();
      }, 60_000);
    }
  }

  it('date difference: typing and submitting computes, the address becomes the permalink, opening it reproduces', async () => {
    const { page, errors } = await open('/calculators/date-difference/');
    await page.waitForSelector('form[data-ready="true"]');
    await page.fill('input[name="start"]', '2024-02-28');
    await page.fill('input[name="end"]', '2024-03-01');
    await page.click('form[data-calculator] button[type="submit"]');
    await page.waitForSelector('form[data-state="done"]');
    expect(new URL(page.url()).search).toBe('?start=2024-02-28&end=2024-03-01');
    // 2024 is a leap year: 28 Feb → 1 Mar is 2 days (29 Feb in between).
    const expected = await engineAnswer('date_difference', { start: '2024-02-28', end: '2024-03-01' });
    expect(expected.result).toMatchObject({ days: 2 });
    expect(await directAnswerOf(page)).toBe(expected.sentence);
    expect(await page.getAttribute('[data-permalink]', 'href')).toBe('/calculators/date-difference/?start=2024-02-28&end=2024-03-01');
    expect(await page.textContent('[data-live-curl]')).toContain('/v1/date/difference?start=2024-02-28&end=2024-03-01');

    const again = await open('/calculators/date-difference/?start=2024-02-28&end=2024-03-01');
    await again.page.waitForSelector('form[data-ready="true"]');
    expect(await directAnswerOf(again.page)).toBe(expected.sentence);
    expect(await again.page.inputValue('input[name="start"]')).toBe('2024-02-28');

    // Back to the page as built: the build's answer (from the build's day, lib/now-rules.ts) again.
    await page.goBack();
    await page.waitForFunction(() => location.search === '');
    const builtAt = Date.parse((await page.getAttribute('.answer-card', 'data-built-at'))!);
    const asBuilt = await pageAnswer(calculators.find((c) => c.tool.name === 'date_difference')!, LONDON, builtAt);
    const example = await engineAnswer('date_difference', asBuilt.input);
    await page.waitForFunction((text) => document.querySelector('[data-ai-context="direct-answer"]')?.textContent === text, example.sentence);
    expect([...errors, ...again.errors]).toEqual([]);
    await page.close();
    await again.page.close();
  });

  it('a time calculator opens on now; its answer follows typing without Calculate, and bad input replaces it; the header search opens a calculator', async () => {
    const { page, errors } = await open('/calculators/sun-position/');
    await page.waitForSelector('form[data-ready="true"]');
    // "now" and "here" are filled in the browser (the visitor's zone's city, now-here.ts); the build's answer stays in the HTML for crawlers.
    const at = await page.inputValue('input[name="at"]');
    expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(120_000);
    const place = { lat: Number(await page.inputValue('input[name="lat"]')), lon: Number(await page.inputValue('input[name="lon"]')) };
    const city = /^Sun position in (.+?)( \(.+\))?, now$/.exec((await page.textContent('[data-answer-caption]'))!)![1];
    expect(await directAnswerOf(page)).toBe((await engineAnswer('solar_position', { ...place, at }, { name: city, ...place })).sentence);
    await page.fill('input[name="elevation_m"]', '0');
    const typed = await engineAnswer('solar_position', { ...place, at, elevation_m: 0 }, { name: city, ...place });
    await page.waitForFunction((text) => document.querySelector('[data-ai-context="direct-answer"]')?.textContent === text, typed.sentence);
    expect(JSON.parse((await page.textContent('[data-live-result]'))!)).toEqual(typed.result);
    expect(new URL(page.url()).search).toBe(''); // typing writes the permalink, not the history
    await page.fill('input[name="lat"]', '91');
    await page.waitForFunction(() => document.querySelector('[data-ai-context="direct-answer"]')?.textContent === 'Check the inputs: Latitude must be ≤ 90.');
    expect(await page.isVisible('[data-live-details]')).toBe(false);
    expect(await page.getAttribute('input[name="lat"]', 'aria-invalid')).not.toBeNull();

    // The header's search: a calculator's name opens its page; other words open /calculators/ filtered.
    await page.fill('#site-search', 'Distance between two coordinates');
    await Promise.all([page.waitForURL('**/calculators/distance/'), page.press('#site-search', 'Enter')]);
    await page.fill('#site-search', 'sunrise');
    await Promise.all([page.waitForURL('**/calculators/?q=sunrise'), page.press('#site-search', 'Enter')]);
    await page.waitForSelector('[data-filter-status]:not(:empty)');
    const shown = await page.$$eval('[data-search]:not([hidden]) a', (links) => links.map((a) => a.getAttribute('href')));
    expect(shown).toContain('/calculators/sunrise-sunset/');
    expect(shown).not.toContain('/calculators/distance/');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"Use my location" fills a coordinate pair from the browser\'s geolocation, and says so when it is refused', async () => {
    // Reykjavík; the browser grants the page its location.
    const page = await browser.newPage({ geolocation: { latitude: 64.135481, longitude: -21.895411, accuracy: 20 }, permissions: ['geolocation'] });
    const errors = collectErrors(page);
    await page.goto(`${siteBase}/calculators/bounding-box/`);
    await page.waitForSelector('form[data-ready="true"]');
    await page.click('[data-here=""]');
    await page.waitForFunction(() => (document.querySelector('input[name="lat"]') as HTMLInputElement).value === '64.13548');
    expect(await page.inputValue('input[name="lon"]')).toBe('-21.89541');
    // The place box names the position by the places pack's nearest place (GeoNames 3413829, Reykjavík, 64.13548 -21.89541).
    await page.waitForFunction(() => (document.querySelector('#input-place') as HTMLInputElement).value !== 'Your location');
    expect(await page.inputValue('#input-place')).toBe('Your location, near Reykjavík, Capital Region, Iceland');
    expect(await page.textContent('[data-here-status=""]')).toBe('Your location (in Reykjavík, Capital Region, Iceland), to about 20 m.');
    const expected = (await engineAnswer('geo_bounding_box', { lat: 64.13548, lon: -21.89541, radius_km: 200 })).sentence;
    await page.waitForFunction((text) => document.querySelector('[data-ai-context="direct-answer"]')?.textContent === text, expected);
    // No permission: the field says the browser did not share it, and the centre stays the one the page opened on.
    const refused = await open('/calculators/bounding-box/');
    await refused.page.waitForSelector('form[data-ready="true"]');
    const opened = await refused.page.inputValue('input[name="lat"]');
    await refused.page.click('[data-here=""]');
    await refused.page.waitForFunction(() => document.querySelector('[data-here-status=""]')?.textContent?.includes('did not share'));
    expect(await refused.page.inputValue('input[name="lat"]')).toBe(opened);
    expect([...errors, ...refused.errors]).toEqual([]);
    await page.close();
    await refused.page.close();
  });

  it('"Use my location" sets the zone field to the browser\'s own zone, so the Sun is answered in the visitor\'s zone', async () => {
    // Issue 32: a Berlin visitor's position was answered in the example's America/New_York ("rises at 01:50").
    const context = await browser.newContext({
      timezoneId: 'Europe/Berlin',
      geolocation: { latitude: 52.52, longitude: 13.405, accuracy: 30 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${siteBase}/calculators/sunrise-sunset/`);
    await page.waitForSelector('form[data-ready="true"]');
    // The page opened on the visitor's zone and its city (now-here.ts); their position is another.
    expect(await page.inputValue('input[name="timezone"]')).toBe('Europe/Berlin');
    await page.click('[data-here=""]');
    // The position arrives when the browser gives it (the page may still be filling its opening city's).
    await page.waitForFunction(() => {
      const value = (name: string) => (document.querySelector(`input[name="${name}"]`) as HTMLInputElement).value;
      return value('timezone') === 'Europe/Berlin' && value('lat') === '52.52' && value('lon') === '13.405';
    });
    // The nearest place of the pack: Mitte, Berlin's central district (nearer than Berlin's own point, 52.52437 13.41053).
    await page.waitForFunction(() => document.querySelector('[data-here-status=""]')?.textContent?.startsWith('Your location ('));
    expect(await page.textContent('[data-here-status=""]')).toBe(
      'Your location (in Mitte, State of Berlin, Germany), to about 30 m; your time zone, Europe/Berlin.',
    );
    const date = await page.inputValue('input[name="date"]');
    const expected = (await engineAnswer('sun_events', { lat: 52.52, lon: 13.405, date, timezone: 'Europe/Berlin' })).sentence;
    expect(expected).toContain('(Europe/Berlin)');
    await page.waitForFunction((text) => document.querySelector('[data-ai-context="direct-answer"]')?.textContent === text, expected);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('bad input names the field and the rule, as the API does; nothing is computed', async () => {
    const { page, errors } = await open('/calculators/distance/?from_lat=91&from_lon=0&to_lat=0&to_lon=abc');
    await page.waitForSelector('form[data-state="invalid"]');
    expect(await directAnswerOf(page)).toBe('Check the inputs: From latitude must be ≤ 90; To longitude must be a number.');
    expect(await page.isVisible('[data-form-errors]')).toBe(true);
    expect(await page.getAttribute('input[name="from_lat"]', 'aria-invalid')).not.toBeNull();
    expect(await page.getAttribute('input[name="to_lat"]', 'aria-invalid')).toBeNull();
    expect(await page.isVisible('[data-live-result]')).toBe(false);
    await page.fill('input[name="from_lat"]', '0');
    await page.fill('input[name="to_lon"]', '10');
    await page.click('form[data-calculator] button[type="submit"]');
    await page.waitForSelector('form[data-state="done"]');
    expect(await page.getAttribute('input[name="from_lat"]', 'aria-invalid')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the home page's quick answers open their calculator on the visitor's question", async () => {
    const { page, errors } = await open('/');
    const thisYear = String(new Date().getFullYear());
    expect(await page.inputValue('#quick-year')).toBe(thisYear);
    await page.fill('#quick-zone', 'Asia/Tokyo');
    await page.click('form[action="/calculators/time-in-time-zone/"] button[type="submit"]');
    await page.waitForSelector('form[data-calculator][data-state="done"]');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/calculators/time-in-time-zone/?timezone=Asia%2FTokyo');
    expect(await directAnswerOf(page)).toMatch(/^For time zone Asia\/Tokyo: It is \d\d:\d\d on \w+day \d+ \w+ \d{4} in Asia\/Tokyo \(UTC\+09:00, JST\)\.$/);
    await page.goto(`${siteBase}/`);
    await page.fill('#quick-country', 'FR');
    await page.click('form[action="/calculators/public-holidays/"] button[type="submit"]');
    await page.waitForSelector('form[data-calculator][data-state="done"]');
    expect(new URL(page.url()).search).toBe(`?country=FR&year=${thisYear}`);
    expect(await page.locator('[data-result-table] caption').textContent()).toMatch(/^\d+ holidays$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('meeting planner: participants are rows of name and zone that write the JSON the form sends, and follow JSON typed by hand', async () => {
    const { page, errors } = await open('/calculators/meeting-planner/');
    await page.waitForSelector('form[data-ready="true"]');
    await page.waitForSelector('[data-participants-editor]:not([hidden])');
    const fields = (name: string) => page.$$eval(`[data-participant-field="${name}"]`, (els) => els.map((e) => (e as HTMLInputElement).value));
    expect(await fields('label')).toEqual(['London', 'New York']);
    expect(await fields('timezone')).toEqual(['Europe/London', 'America/New_York']);
    await page.click('[data-add-participant]');
    await page.keyboard.type('Tokyo office'); // the new row's name field has the focus
    await page.fill('.participant-row:last-child [data-participant-field="timezone"]', 'Asia/Tokyo');
    const three = [
      { label: 'London', timezone: 'Europe/London' },
      { label: 'New York', timezone: 'America/New_York' },
      { label: 'Tokyo office', timezone: 'Asia/Tokyo' },
    ];
    expect(JSON.parse(await page.inputValue('textarea[name="participants"]'))).toEqual(three);
    // The answer follows the rows as it follows typing, and is the engine's for the three.
    await page.waitForFunction(() => document.querySelector('[data-ai-context="direct-answer"]')?.textContent?.startsWith('For 3 participants'));
    await page.waitForSelector('form[data-state="done"]');
    // The planner opened on today (now-here.ts): the answer is the engine's for that first day.
    const expected = await engineAnswer('find_meeting_times', { participants: three, start_date: await page.inputValue('input[name="start_date"]') });
    expect(JSON.parse((await page.textContent('[data-live-result]'))!)).toEqual(expected.result);
    await page.click('button[aria-label="Remove participant 2 (New York)"]');
    expect(JSON.parse(await page.inputValue('textarea[name="participants"]'))).toEqual([three[0], three[2]]);
    // JSON typed by hand (with fields the rows do not edit) redraws the rows and keeps those fields.
    const typed = [
      { label: 'Lisbon', timezone: 'Europe/Lisbon', work_start: '08:00', work_end: '16:00' },
      { label: 'Delhi', timezone: 'Asia/Kolkata' },
    ];
    // The JSON is collapsed while the rows show (issue 32: no raw JSON box in a person's way); one click opens it.
    expect(await page.isVisible('textarea[name="participants"]')).toBe(false);
    await page.click('[data-participants-json] summary');
    await page.fill('textarea[name="participants"]', JSON.stringify(typed));
    expect(await fields('label')).toEqual(['Lisbon', 'Delhi']);
    await page.fill('.participant-row:first-child [data-participant-field="label"]', 'Lisboa');
    expect(JSON.parse(await page.inputValue('textarea[name="participants"]'))).toEqual([{ ...typed[0], label: 'Lisboa' }, typed[1]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('holiday types are ticks sent as one list; the region field lists the regions of the country typed', async () => {
    const { page, errors } = await open('/calculators/public-holidays/?country=DE&year=2026&types=public,observance');
    await page.waitForSelector('form[data-ready="true"]');
    expect(await page.isChecked('input[name="types"][value="public"]')).toBe(true);
    expect(await page.isChecked('input[name="types"][value="observance"]')).toBe(true);
    expect(await page.isChecked('input[name="types"][value="bank"]')).toBe(false);
    const regions = () => page.$$eval('#subdivision-codes option', (os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    // Germany's Länder, as the holiday data names them (the API's list_holiday_countries has the same).
    const germany = supportedCountries().find((c) => c.code === 'DE')!.subdivisions;
    await page.waitForFunction(() => document.getElementById('subdivision-codes')?.dataset.subdivisionsOf === 'DE');
    expect(await regions()).toEqual(germany.map((d) => [d.code, d.name]));
    expect(germany.map((d) => d.code)).toContain('BY');
    await page.fill('input[name="country"]', 'GB');
    await page.waitForFunction(() => document.getElementById('subdivision-codes')?.dataset.subdivisionsOf === 'GB');
    expect((await regions()).map(([code]) => code)).toContain('SCT');
    await page.fill('input[name="subdivision"]', 'SCT');
    await page.uncheck('input[name="types"][value="observance"]');
    await page.check('input[name="types"][value="bank"]');
    await page.click('form[data-calculator] button[type="submit"]');
    await page.waitForSelector('form[data-state="done"]');
    const input = { country: 'GB', year: 2026, subdivision: 'SCT', types: 'public,bank' };
    expect(new URL(page.url()).search).toBe(`?${queryString(input)}`);
    const expected = await engineAnswer('list_holidays', { ...input, types: ['public', 'bank'] });
    expect(JSON.parse((await page.textContent('[data-live-result]'))!)).toEqual(expected.result);
    expect(await directAnswerOf(page)).toMatch(/^For country GB, year 2026, region SCT, holiday types public,bank: /);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('server calculators write the curl command and MCP call for the inputs, and say where the answer comes from', async () => {
    expect(serverCalculators.map((t) => t.name)).toContain('get_local_time');
    const { page, errors } = await open('/calculators/local-time-at-coordinates/?lat=-33.8688&lon=151.2093&at=2026-01-15T00:00:00Z');
    await page.waitForSelector('form[data-ready="true"]');
    expect(await directAnswerOf(page)).toContain('For 33.8688° S 151.2093° E, date and time 2026-01-15T00:00:00Z: this answer needs data held by the server');
    expect(await page.textContent('[data-live-curl]')).toBe(
      `curl -H "Authorization: Bearer $API_KEY" '${apiBaseUrl()}/v1/time?lat=-33.8688&lon=151.2093&at=2026-01-15T00%3A00%3A00Z'`,
    );
    expect(JSON.parse((await page.textContent('[data-live-mcp]'))!)).toEqual({
      method: 'tools/call',
      params: { name: 'get_local_time', arguments: { lat: -33.8688, lon: 151.2093, at: '2026-01-15T00:00:00Z' } },
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a server calculator with an API key asks the live API and shows its answer; the key never enters the address', async () => {
    const input = { lat: 53.3498, lon: -6.2603, at: '2026-07-01T12:00:00Z' };
    const { page, errors } = await open(`/calculators/local-time-at-coordinates/?${queryString(input)}`);
    await page.waitForSelector('form[data-ready="true"]');
    await page.fill('[data-api-key]', VISITOR_KEY);
    await page.click('form[data-calculator] button[type="submit"]');
    await page.waitForSelector('[data-live-result]:not([hidden])', { state: 'attached' });
    // Dublin summer: IST, UTC+01:00, daylight saving time by the engine's documented rule.
    const expected = await engineAnswer('get_local_time', input);
    expect(expected.result).toMatchObject({ utc_offset: '+01:00', abbreviation: 'IST', dst: true });
    expect(await directAnswerOf(page)).toBe(expected.sentence);
    expect(JSON.parse((await page.textContent('[data-live-result]'))!)).toEqual(expected.result);
    expect(page.url()).not.toContain(VISITOR_KEY);

    // A wrong key: the API's 401 is said as such, not as a mistake in the inputs.
    await page.fill('[data-api-key]', 'not-a-key-of-this-api');
    await page.click('form[data-calculator] button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('[data-ai-context="direct-answer"]')?.textContent?.startsWith('The live API did not answer'));
    expect(await directAnswerOf(page)).toMatch(/^The live API did not answer: API answered 401/);
    expect(errors.filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e))).toEqual([]);
    await page.close();
  });

  it('a place without a time zone: the page says it needs the boundary lookup, and with a key asks the API', async () => {
    const input = { lat: 60, lon: 0, date: '2019-06-21' };
    const { page, errors } = await open(`/calculators/sunrise-sunset/?${queryString(input)}`);
    await page.waitForSelector('form[data-ready="true"]');
    expect(await directAnswerOf(page)).toMatch(/: this answer needs the place's time zone, which the server finds from its time-zone boundaries/);
    await page.fill('[data-api-key]', VISITOR_KEY);
    await page.click('form[data-calculator] button[type="submit"]');
    await page.waitForSelector('[data-live-result]:not([hidden])', { state: 'attached' }); // in the collapsed "Full answer (JSON)"
    expect(JSON.parse((await page.textContent('[data-live-result]'))!)).toEqual((await engineAnswer('sun_events', input)).result);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a place name fills the coordinates without a key: the places pack's matches listed as the visitor types, chosen by keyboard or pointer; a server form sends the name or the chosen coordinates, never both", async () => {
    // The API loads its place-name index when first asked (PLACE_INDEXES=on-demand in tests): asked here first, for the server form below.
    expect((await fetch(`${apiBaseUrl()}/v1/geo/places?q=Berlin&limit=1`, { headers: { authorization: `Bearer ${VISITOR_KEY}` } })).status).toBe(200);
    const { page, errors } = await open('/calculators/distance/');
    await page.waitForSelector('form[data-ready="true"]');
    expect(await page.textContent('label[for="input-from_place"]')).toBe('From place');
    expect(await page.$('[data-api-key]')).toBeNull(); // a page computed here needs no key for place names
    // The name replaces the pair's coordinates; the site's places pack lists the matches, no API asked.
    await page.fill('#input-from_place', 'Reykjav');
    expect(await page.inputValue('input[name="from_lat"]')).toBe('');
    await page.waitForSelector('[data-place-field="from_"][data-state="listed"]');
    expect(await page.getAttribute('#input-from_place', 'aria-expanded')).toBe('true');
    // GeoNames 3413829: Reykjavík, Capital Region, IS, population 118,918, 64.13548 -21.89541.
    expect(await page.textContent('#list-from_place [role="option"]')).toBe('Reykjavík, Capital Region, Iceland · population 118,918');
    await page.keyboard.press('ArrowDown');
    expect(await page.getAttribute('#input-from_place', 'aria-activedescendant')).toBe('list-from_place-0');
    expect(await page.getAttribute('#list-from_place-0', 'aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('#input-from_place', 'aria-expanded')).toBe('false');
    expect([await page.inputValue('input[name="from_lat"]'), await page.inputValue('input[name="from_lon"]')]).toEqual(['64.13548', '-21.89541']);
    // GeoNames 2950159: Berlin, 52.52437 13.41053; chosen with the pointer.
    await page.fill('#input-to_place', 'Berlin');
    await page.waitForSelector('[data-place-field="to_"][data-state="listed"]');
    await page.click('#list-to_place [role="option"] >> nth=0');
    expect([await page.inputValue('input[name="to_lat"]'), await page.inputValue('input[name="to_lon"]')]).toEqual(['52.52437', '13.41053']);
    // The page computes in the browser: the answer follows the choice before Calculate is pressed.
    const coordinates = { from_lat: 64.13548, from_lon: -21.89541, to_lat: 52.52437, to_lon: 13.41053 };
    const distance = (await engineAnswer('geo_distance', coordinates)).sentence;
    await page.waitForFunction((text) => document.querySelector('[data-ai-context="direct-answer"]')?.textContent === text, distance);
    await page.click('form[data-calculator] button[type="submit"]');
    await page.waitForSelector('form[data-state="done"]');
    expect(new URL(page.url()).search).toBe(`?${queryString(coordinates)}`);
    expect(await directAnswerOf(page)).toBe(distance);

    // A calculator with a zone: the choice fills the zone too, and the page computes with the coordinates and zone.
    const sun = await open('/calculators/sunrise-sunset/');
    await sun.page.waitForSelector('form[data-ready="true"]');
    await sun.page.fill('#input-place', 'Reykjav');
    await sun.page.waitForSelector('[data-place-field=""][data-state="listed"]');
    await sun.page.keyboard.press('Enter'); // the first match
    expect(await sun.page.inputValue('input[name="timezone"]')).toBe('Atlantic/Reykjavik');
    await sun.page.fill('input[name="date"]', '2019-06-21'); // the page opened on today
    await sun.page.focus('#input-place');
    await sun.page.keyboard.press('Enter'); // the list is closed: this one submits
    await sun.page.waitForSelector('[data-live-result]:not([hidden])', { state: 'attached' });
    const input = { lat: 64.13548, lon: -21.89541, date: '2019-06-21', timezone: 'Atlantic/Reykjavik' };
    expect(new URL(sun.page.url()).search).toBe(`?${queryString(input)}`);
    expect(JSON.parse((await sun.page.textContent('[data-live-result]'))!)).toEqual((await engineAnswer('sun_events', input)).result);
    // The chosen zone is emptied with the coordinates when another name is typed.
    await sun.page.fill('#input-place', 'Nairobi');
    expect([await sun.page.inputValue('input[name="lat"]'), await sun.page.inputValue('input[name="timezone"]')]).toEqual(['', '']);
    // A server calculator: a name typed and not chosen is sent as place (the coordinates emptied): the API resolves it.
    const local = await open('/calculators/local-time-at-coordinates/');
    await local.page.waitForSelector('form[data-ready="true"]');
    await local.page.fill('[data-api-key]', VISITOR_KEY);
    await local.page.fill('#input-place', 'Nairobi');
    expect(await local.page.inputValue('input[name="lat"]')).toBe('');
    await local.page.click('form[data-calculator] button[type="submit"]');
    await local.page.waitForFunction(() => document.querySelector('[data-live-result]')?.textContent?.includes('Nairobi'));
    const sent = new URLSearchParams(new URL(local.page.url()).search);
    expect([sent.get('place'), sent.has('lat'), sent.has('lon')]).toEqual(['Nairobi', false, false]);
    // GeoNames 184745: Nairobi, KE, -1.28333 36.81667.
    expect(JSON.parse((await local.page.textContent('[data-live-result]'))!)).toMatchObject({
      place: { name: 'Nairobi', geonames_id: 184745, lat: -1.28333, lon: 36.81667 },
    });
    expect([...errors, ...sun.errors, ...local.errors]).toEqual([]);
    await page.close();
    await sun.page.close();
    await local.page.close();
  }, 60_000);

  it("every server calculator: a permalink of its example writes that call and says the answer is the API's", async () => {
    for (const tool of serverCalculators) {
      const input = exampleInput(tool);
      const { page, errors } = await open(`/calculators/${tool.calculator!.slug}/?${queryString(input)}`);
      await page.waitForSelector('form[data-ready="true"]');
      expect(await directAnswerOf(page), tool.name).toMatch(
        new RegExp(
          `^For ${describeForPeople(input, inputWords(tool, Object.keys(input))).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: this answer needs data held by the server`,
        ),
      );
      expect(await page.textContent('[data-live-curl]'), tool.name).toBe(curlCommand(tool, input, apiBaseUrl()));
      expect(errors, tool.name).toEqual([]);
      await page.close();
    }
  }, 120_000); // one page per server calculator: real work gets real time on a busy machine

  it('on a phone, the filled form is folded over the answer; Calculate folds it again, the answer in view', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = collectErrors(phone);
    await phone.goto(`${siteBase}/calculators/business-days/`);
    await phone.waitForSelector('form[data-ready="true"]');
    const inView = () =>
      phone.evaluate(() => {
        const r = document.querySelector('.answer-card')!.getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0;
      });
    expect(await inView()).toBe(true); // the form folded to one line (issue 32: the answer on the first screen)
    await phone.click('[data-form-edit]');
    await phone.fill('input[name="end"]', '2099-12-31'); // after the start the page opened on (today)
    await phone.click('form[data-calculator] button[type="submit"]');
    await phone.waitForSelector('form[data-state="done"][data-fold="closed"]');
    await phone.waitForFunction(() => {
      const r = document.querySelector('.answer-card')!.getBoundingClientRect();
      return r.top >= 0 && r.top < innerHeight;
    });
    expect(errors).toEqual([]);
    await phone.close();
  });

  it('meeting planner: the chosen slot’s day as a timetable with headers, redrawn for a live answer, and its .ics file', async () => {
    // As built (without JavaScript: with it, the page opens on the visitor's today, now-here.ts), the build
    // day's answer (lib/built-parts.ts): the worked example's London and New York from the build's day.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    let page = await noScript.newPage();
    const errors = collectErrors(page);
    await page.goto(`${siteBase}/calculators/meeting-planner/`);
    const rowHeaders = () => page.locator('[data-meeting-timetable] tbody th[scope="row"]').allTextContents();
    const slotColumns = () => page.locator('[data-meeting-timetable] thead th[data-in-slot]').allTextContents();
    const icsText = async () => decodeURIComponent((await page.getAttribute('[data-meeting-ics]', 'href'))!.replace(/^data:text\/calendar;charset=utf-8,/, ''));
    const cell = (row: number, column: number) =>
      page.$eval(`[data-meeting-timetable] tbody tr:nth-child(${row}) td:nth-of-type(${column})`, (td) => [td.textContent, (td as HTMLElement).dataset.state]);

    const builtAt = Date.parse((await page.getAttribute('[data-built-at]', 'data-built-at'))!);
    const asBuilt = await pageAnswer(calculators.find((c) => c.slug === 'meeting-planner')!, LONDON, builtAt);
    const first = (asBuilt.result.slots as { start: string; end: string; participants: { local_start: string }[] }[])[0];
    const [london, newYork] = first.participants.map((p) => p.local_start.slice(11, 16));
    const compact = (iso: string) => iso.replace(/[-:]/g, '').slice(0, 15);
    expect(await page.textContent('[data-meeting-status]')).toBe('For the answer above.');
    // The best hour is 09:00 in New York, within London's working day: the columns are London's day, hour
    // by hour (the meeting's column London's hour); cell states are in words too.
    expect(newYork).toBe('09:00');
    expect(await rowHeaders()).toEqual(['London Europe/London', 'New York America/New_York']);
    expect(await slotColumns()).toEqual([`${london}▼ (meeting)`]);
    const column = Number(london.slice(0, 2)) + 1;
    expect(await cell(1, column)).toEqual([`${london} ●, at work, meeting`, 'work']);
    expect(await cell(2, column)).toEqual(['09:00 ●, at work, meeting', 'work']);
    const built = await icsText();
    expect(built).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    // Stamped at the build's instant (DTSTAMP is UTC, to the second).
    for (const line of [
      `DTSTART:${compact(first.start)}Z`,
      `DTEND:${compact(first.end)}Z`,
      `DTSTAMP:${compact(new Date(builtAt).toISOString())}Z`,
      'SUMMARY:Meeting: London\\, New York',
    ]) {
      expect(built.split('\r\n')).toContain(line);
    }
    expect(built).toMatch(new RegExp(`\\r\\nUID:${compact(first.start)}Z-[0-9a-f]{8}@localhost:4321\\r\\n`));
    expect(built.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);

    // A live answer for San Francisco, London and Bangalore: the timetable follows San Francisco's day.
    const input = {
      participants: [
        { label: 'San Francisco', timezone: 'America/Los_Angeles' },
        { label: 'London', timezone: 'Europe/London' },
        { label: 'Bangalore', timezone: 'Asia/Kolkata' },
      ],
      start_date: '2026-11-30',
    };
    await noScript.close();
    const live = await open(`/calculators/meeting-planner/?${queryString(input)}`);
    page = live.page;
    await page.waitForSelector('[data-meeting-planner][data-ready="true"]');
    await page.waitForSelector('form[data-ready="true"]'); // the form fills in once the page's data is loaded
    expect(JSON.parse(await page.inputValue('textarea[name="participants"]'))).toEqual(input.participants);
    await page.fill('[data-api-key]', VISITOR_KEY);
    await page.click('form[data-calculator] button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('[data-meeting-status]')?.textContent === 'For your inputs: 10 slots proposed.');
    await page.waitForSelector('[data-meeting-planner][data-drawn="0"]');
    expect(await rowHeaders()).toEqual(['San Francisco America/Los_Angeles', 'London Europe/London', 'Bangalore Asia/Kolkata']);
    // 15:00–16:00 UTC: 07:00 in San Francisco (off, but not at night), 15:00 in London (at work) and 20:30
    // in Bangalore (off): the best slot costs the edge of one day and an evening, not anyone's night.
    expect(await slotColumns()).toEqual(['15:00▼ (meeting)']);
    expect(await cell(1, 8)).toEqual(['07:00, off, meeting', 'off']);
    expect(await cell(2, 8)).toEqual(['15:00 ●, at work, meeting', 'work']);
    expect(await cell(3, 8)).toEqual(['20:30, off, meeting', 'off']);
    expect((await icsText()).split('\r\n')).toContain('DTSTART:20261130T150000Z');
    expect(await page.locator('[data-meeting-slots] li').allTextContents()).not.toContainEqual(expect.stringContaining('night for'));

    // Another slot from the list: the timetable and the .ics file follow it.
    await page.check('[data-meeting-slot][value="1"]');
    await page.waitForSelector('[data-meeting-planner][data-drawn="1"]');
    expect(await slotColumns()).toEqual(['15:00▼ (meeting)', '16:00▼ (meeting)']);
    expect((await icsText()).split('\r\n')).toContain('DTSTART:20261130T153000Z');
    expect(page.url()).not.toContain(VISITOR_KEY);
    expect([...errors, ...live.errors]).toEqual([]);
    await page.close();
  }, 60_000);

  /** `data-*` numbers of every body mark in a poster, by body. */
  const marks = (page: Page, svg: string, attribute: string) =>
    page.$$eval(`${svg} [data-body]`, (els, a) => Object.fromEntries(els.map((el) => [el.getAttribute('data-body'), Number(el.getAttribute(a))])), attribute);

  it('the observatory draws the orrery and the sky for the form in the browser, and its permalink reproduces them', async () => {
    const { page, errors } = await open('/observatory/');
    await page.waitForSelector('#orrery-svg');
    await page.fill('#obs-date', '2026-03-20');
    await page.fill('#obs-time', '12:00');
    await page.click('#observatory-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('#obs-summary')?.textContent?.includes('2026-03-20'));
    // Greenwich in March is on GMT: 12:00 local is 12:00 UTC.
    const atMs = Date.parse('2026-03-20T12:00:00Z');
    const longitudes = await marks(page, '#orrery-svg', 'data-lon-deg');
    const helio = bodyPositions(atMs).bodies.filter((b) => b.heliocentric && b.body !== 'Moon'); // the orrery has no Moon
    for (const b of helio) expect(longitudes[b.body], b.body).toBeCloseTo(b.heliocentric!.ecliptic_longitude_deg, 3);
    // The Earth is seen from the Sun opposite to where the Sun is seen from the Earth.
    const sunLon = bodyPositions(atMs).bodies[0].geocentric.ecliptic_longitude_deg;
    expect(Math.abs(((((longitudes.Earth - sunLon) % 360) + 360) % 360) - 180)).toBeLessThan(0.01);
    // The sky chart's Sun where the engine's solar_position puts it (the same astronomy-engine model).
    const sun = (await runTool(solarPosition, { lat: 51.4769, lon: -0.0005, at: '2026-03-20T12:00:00Z' })) as {
      azimuth_deg: number;
      apparent_elevation_deg: number;
    };
    const az = await marks(page, '#sky-svg', 'data-az-deg');
    const alt = await marks(page, '#sky-svg', 'data-alt-deg');
    expect(az.Sun).toBeCloseTo(sun.azimuth_deg, 1);
    expect(alt.Sun).toBeCloseTo(sun.apparent_elevation_deg, 1);

    const permalink = new URL(page.url());
    expect(Object.fromEntries(permalink.searchParams)).toMatchObject({
      lat: '51.4769',
      lng: '-0.0005',
      date: '2026-03-20',
      time: '12:00',
      tz: 'Europe/London',
    });
    const again = await open(permalink.pathname + permalink.search);
    await again.page.waitForFunction(() => document.querySelector('#obs-summary')?.textContent?.includes('2026-03-20'));
    expect(await marks(again.page, '#orrery-svg', 'data-lon-deg')).toEqual(longitudes);

    // Out of the ephemeris range: said next to the form, nothing redrawn, no exception.
    await page.fill('#obs-date', '1850-01-01');
    await page.click('#observatory-form button[type="submit"]');
    await page.waitForSelector('#obs-date[aria-invalid="true"]');
    expect(await page.textContent('#obs-errors')).toMatch(/1900/);
    expect(await marks(page, '#orrery-svg', 'data-lon-deg')).toEqual(longitudes);
    expect([...errors, ...again.errors]).toEqual([]);
    await page.close();
    await again.page.close();
  });

  it("the observatory's sunrise and sunset, Moon phase and next eclipses are what the live API's sun_events, sky_positions and eclipses answer", async () => {
    // Sydney on the day its clocks go back (a 25-hour local day), in the southern hemisphere: the page's
    // zone rules come from its own tzdb.json (the browser bundle's tzdb.ts), the API's from the server.
    const view = { lat: '-33.8688', lng: '151.2093', date: '2026-04-05', time: '20:00', tz: 'Australia/Sydney' };
    const { page, errors } = await open(`/observatory/?${new URLSearchParams({ name: 'Sydney', ...view })}`);
    await page.waitForFunction(() => document.querySelector('#obs-sun-events')?.textContent?.includes('2026-04-05'));
    type Answer = {
      days: { sunrise: string | null; sunset: string | null; sun_status: string }[];
      moon: { phase_name: string; illumination_fraction: number; age_days: number };
      eclipses: { peak: string; type: string }[];
    };
    const ask = async (path: string, query: Record<string, string>) => {
      const response = await fetch(`${apiBaseUrl()}${path}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${VISITOR_KEY}` } });
      expect(response.status, path).toBe(200);
      return (await response.json()) as Answer;
    };
    const place = { lat: view.lat, lon: view.lng };
    const events = (await ask('/v1/solar/events', { ...place, date: view.date, timezone: view.tz })).days[0];
    const sunEl = await page.$eval('#obs-sun-events', (el) => ({ ...(el as HTMLElement).dataset }));
    expect(sunEl).toEqual({ sunrise: events.sunrise, sunset: events.sunset, sunStatus: events.sun_status });
    expect(await page.getAttribute('#sun-path-svg [data-event="sunset"]', 'data-local')).toBe(events.sunset);

    const moon = (await ask('/v1/astronomy/sky', { ...place, at: '2026-04-05T10:00:00Z' })).moon; // 20:00 AEST (+10:00)
    const moonEl = await page.$eval('#obs-moon', (el) => ({ ...(el as HTMLElement).dataset }));
    expect(moonEl).toEqual({ phase: moon.phase_name, illumination: String(moon.illumination_fraction), ageDays: String(moon.age_days) });
    expect(await page.$('#moon-phase-svg')).not.toBeNull();

    for (const kind of ['solar', 'lunar']) {
      const next = (await ask('/v1/astronomy/eclipses', { kind, after: view.date, count: '1' })).eclipses[0];
      const here = (await ask('/v1/astronomy/eclipses', { kind, after: view.date, count: '1', ...place, timezone: view.tz })).eclipses[0];
      const item = await page.$eval(`#obs-eclipses [data-eclipse="${kind}"]`, (el) => ({ ...(el as HTMLElement).dataset }));
      expect(item, kind).toMatchObject({ peak: next.peak, type: next.type, visibleHere: String(here?.peak === next.peak) });
    }
    expect(await page.getAttribute('#obs-almanac a', 'href')).toBe('/calculators/eclipses/');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a poster shared from the observatory opens at its address and draws from the API; unknown and expired links say so', async () => {
    const { page, errors } = await open('/observatory/?name=Kathmandu&lat=27.7172&lng=85.324&date=2026-11-22&time=18:30&tz=Asia%2FKathmandu');
    await page.waitForFunction(() => document.querySelector('#obs-summary')?.textContent?.includes('Kathmandu'));
    const longitudes = await marks(page, '#orrery-svg', 'data-lon-deg');
    await page.selectOption('#share-poster', 'orrery');
    await page.fill('#share-ttl', '7');
    await page.click('#share-button');
    await page.waitForSelector('#share-result[data-state="created"]');
    const link = (await page.getAttribute('#share-link', 'href'))!;
    expect(link).toMatch(new RegExp(`^${siteBase}/observatory/share/[A-Za-z0-9_-]{32}/$`));

    const viewer = await open(new URL(link).pathname);
    await viewer.page.waitForSelector('[data-share-status][data-state="ready"]');
    expect(await viewer.page.textContent('#share-heading')).toBe('Orrery: Kathmandu, 2026-11-22 at 18:30 (Asia/Kathmandu, UTC+05:45)');
    // The API resolved 18:30 in Kathmandu (+05:45) to 12:45 UTC: the same planets as the page drew.
    expect(await marks(viewer.page, '#share-figure #orrery-svg', 'data-lon-deg')).toEqual(longitudes);
    expect(await viewer.page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex');
    // From the share to the same view in the observatory, all its posters drawn for that instant.
    await viewer.page.click('#share-open');
    await viewer.page.waitForFunction(() => document.querySelector('#obs-summary')?.textContent?.includes('the instant 2026-11-22T12:45:00Z'));
    expect(await marks(viewer.page, '#orrery-svg', 'data-lon-deg')).toEqual(longitudes);
    expect([...errors, ...viewer.errors]).toEqual([]);

    // A well-formed token nobody created: the API answers 404 (the browser logs that request, nothing else).
    const unknown = await open(`/observatory/share/${'A'.repeat(32)}/`);
    await unknown.page.waitForSelector('[data-share-status][data-state="missing"]');
    expect(await unknown.page.textContent('[data-share-status]')).toBe('This share link has expired or does not exist.');
    expect(unknown.errors.filter((e) => !/Failed to load resource: the server responded with a status of 404/.test(e))).toEqual([]);

    // An expired share: its stored expiry moved into the past on the API's own store.
    const token = link.split('/').at(-2)!;
    const file = findFile(api.dataDir, token);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    stored.$expires_at = stored.$value.expires_at = '2026-01-01T00:00:00Z';
    writeFileSync(file, JSON.stringify(stored));
    const expired = await open(new URL(link).pathname);
    await expired.page.waitForSelector('[data-share-status][data-state="missing"]');
    expect(await expired.page.textContent('[data-share-status]')).toBe('This share link has expired or does not exist.');

    // Not a token at all: said without asking the API.
    const malformed = await open('/observatory/share/not-a-token/');
    await malformed.page.waitForSelector('[data-share-status][data-state="missing"]');
    expect(await malformed.page.textContent('[data-share-status]')).toMatch(/^Unknown share link/);
    expect(malformed.errors).toEqual([]);
    for (const p of [page, viewer.page, unknown.page, expired.page, malformed.page]) await p.close();
  });
});

/** The file under `dir` whose name contains `token` (a share in the file store). */
function findFile(dir: string, token: string): string {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.includes(token)) return join(entry.parentPath, entry.name);
  }
  throw new Error(`no file for ${token} under ${dir}`);
}
