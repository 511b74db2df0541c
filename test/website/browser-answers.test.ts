/**
 * Calculators that compute in the browser with the engine's shipped data (tz rules, CLDR tables, holiday
 * rules), in Chromium: each permalink's answer is byte for byte the JSON the engine gives in Node for the
 * same query (the API's reading of it: queryReader, the tool's schema, its run and output schema), and
 * each page fetches under {@link DATA_LIMIT} gzipped bytes of data. One build, one browser, one page.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { ToolInputError, type AnyTool } from '../../engine/tool.ts';
import { validateInput, type FieldError } from '../../engine/validate.ts';
import { queryReader } from '../../service/query.ts';
import { queryString } from '../../website/src/lib/calls.ts';
import { labelOf } from '../../website/src/lib/labels.ts';
import { chromiumAvailable, collectErrors, launchChromium } from '../fixtures/chromium.ts';
import { buildSite, startSite } from './build-site.ts';
import { toolsReadingData } from './page-data-tools.ts';

/** Most gzipped bytes of data (/calculator-data/, the meeting planner's /observatory/tzdb.json) one calculator page may fetch. */
const DATA_LIMIT = 300 * 1024;

/** Inputs besides the worked examples: the ways people write zones, far dates, a wrong zone. */
const EXTRA: Record<string, Record<string, unknown>[]> = {
  convert_time: [
    { time: '1900-06-01T12:00', source_timezone: 'IST', target_timezone: 'Pacific Standard Time' },
    { time: '2026-10-25T01:30', source_timezone: 'Europe/London', target_timezone: 'UTC+5:30' },
    { time: '2026-01-01T00:00', source_timezone: 'Mars/Olympus', target_timezone: 'UTC' },
  ],
  get_time_in_zone: [
    { timezone: 'asia/calcutta', at: '2031-03-09T10:00:00Z' },
    { timezone: 'EST', at: '1970-01-01T00:00:00Z' },
    { timezone: 'JP', at: '2026-11-22T08:00:00Z' },
  ],
  date_info: [{ date: '2026-11-24', timezone: 'JST' }, { timezone: 'Mars/Olympus' }],
  convert_calendar: [
    { calendar: 'hebrew', year: 5786, month: 'M05L', day: 1 },
    { date: '2026-03-20', timezone: 'UTC+5:30' },
  ],
  list_holidays: [
    { country: 'jp', year: 2027, types: ['public', 'observance'] },
    { country: 'DE', subdivision: 'DE-BY', year: 2026 },
    { country: 'XX', year: 2026 },
    { country: 'Germany', subdivision: 'Bavaria', year: 2026 },
    { country: 'Congo', year: 2026 },
  ],
  is_business_day: [
    { country: 'GF', date: '2026-07-14' },
    { country: 'Canada', subdivision: 'Quebec', date: '2026-06-24' },
  ],
  sun_events: [
    { lat: 60, lon: 0, date: '2019-06-21', timezone: 'Europe/London' },
    { lat: -33.87, lon: 151.21, date: '2026-03-01', days: 3, timezone: 'Australia/Sydney' },
  ],
  eclipses: [{ kind: 'solar', after: '2026-01-01', count: 1, lat: 43.26, lon: -2.93, timezone: 'Europe/Madrid' }],
  moon_phases: [{ start: '2026-03-01', count: 4, timezone: 'America/St_Johns' }],
  find_meeting_times: [
    {
      participants: [
        { label: 'Tokyo', timezone: 'JST' },
        { label: 'Munich', timezone: 'Europe/Berlin', country: 'DE', subdivision: 'BY' },
      ],
      start_date: '2026-12-24',
    },
    {
      participants: [
        { label: 'Here', lat: 48.14, lon: 11.58 },
        { label: 'Paris', timezone: 'Europe/Paris' },
      ],
      start_date: '2026-12-01',
    },
  ],
};

/** Browser tools that fetch shipped data for their examples or the inputs above. */
const browserCalculators = registry.filter((t) => t.calculator?.browser);
const readingData = await toolsReadingData(browserCalculators, EXTRA);
const dataTools = browserCalculators.filter((t) => readingData.has(t.name));

/**
 * What the page cannot compute and says so: a place without a zone (the server's boundary lookup) or a
 * zone input that may be a place name (the server's places index).
 */
function needsServer(tool: AnyTool, query: string): RegExp | undefined {
  const params = new URLSearchParams(query);
  if (params.get('participants')?.includes('"lat"') || (tool.calculator?.browser === 'with-timezone' && params.has('lat') && !params.has('timezone'))) {
    return /: this answer needs the place's time zone, which the server finds from its time-zone boundaries: give a time zone \(timezone\) to compute it here; give an API key/;
  }
  if (query.includes('Mars')) return /: this answer needs the server's places index to read 'Mars\/Olympus' as a place/;
  return undefined;
}

/** The engine's answer in Node for a query, as the page computes it (the API reads the query the same way). */
async function inNode(tool: AnyTool, query: string, body: Record<string, unknown>): Promise<{ result?: unknown; errors?: FieldError[] }> {
  // A GET tool reads the query; a POST tool (the meeting planner) the input as a JSON body.
  const { input, errors } = tool.http.method === 'GET' ? queryReader(tool)(new URLSearchParams(query)) : { input: body, errors: [] };
  if (errors.length) return { errors };
  const checked = validateInput(tool.input, input);
  if (!checked.ok) return { errors: checked.errors };
  try {
    return { result: tool.output.parse(await tool.run(checked.data, { now: () => new Date() })) };
  } catch (error) {
    if (error instanceof ToolInputError) return { errors: error.errors };
    throw error;
  }
}

describe.skipIf(!chromiumAvailable())('calculators computing with shipped data, in Chromium', () => {
  let site: ChildProcess;
  let siteBase = '';
  let dist = '';
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const fetched: string[] = [];

  beforeAll(async () => {
    dist = await buildSite();
    ({ base: siteBase, proc: site } = await startSite(dist));
    browser = await launchChromium();
    page = await browser.newPage();
    errors = collectErrors(page);
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    site?.kill('SIGTERM');
  });

  const gzipped = (path: string) => gzipSync(readFileSync(join(dist, path))).length;

  it('every tool that needs shipped data is a browser calculator here', () => {
    expect(dataTools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        ...['convert_time', 'get_time_in_zone', 'expand_recurrence', 'list_holidays', 'next_holidays', 'is_business_day'],
        ...['sun_events', 'moon_events', 'moon_phases', 'seasons', 'eclipses', 'find_meeting_times'],
      ]),
    );
  });

  for (const tool of dataTools) {
    it(`${tool.name}: each permalink shows the engine's JSON, byte for byte, with under 300 KB of data`, async () => {
      let fetchedData = 0;
      for (const input of [...tool.examples.map((e) => e.input as Record<string, unknown>), ...(EXTRA[tool.name] ?? [])]) {
        const query = queryString(input);
        fetched.length = 0;
        await page.goto(`${siteBase}/calculators/${tool.calculator!.slug}/?${query}`);
        await page.waitForSelector('form[data-ready="true"]');
        const needs = needsServer(tool, query);
        if (needs) {
          expect(await page.textContent('[data-ai-context="direct-answer"]'), query).toMatch(needs);
          expect(await page.isVisible('[data-live-result]'), query).toBe(false);
          continue;
        }
        const expected = await inNode(tool, query, input);
        if (expected.errors) {
          expect(await page.getAttribute('form[data-calculator]', 'data-state'), query).toBe('invalid');
          expect(await page.textContent('[data-ai-context="direct-answer"]'), query).toBe(
            `Check the inputs: ${expected.errors.map((e) => `${labelOf(tool, e.field)?.label ?? e.field} ${e.message}`).join('; ')}.`,
          );
        } else {
          expect(await page.getAttribute('form[data-calculator]', 'data-state'), query).toBe('done');
          expect(await page.textContent('[data-live-result]'), query).toBe(JSON.stringify(expected.result, null, 2));
        }
        // A page fetches the packs a computation reads: none for an input that reads no data (a UTC answer).
        const data = fetched.filter((p) => p.startsWith('/calculator-data/') || p.endsWith('/tzdb.json'));
        fetchedData += data.length;
        expect(
          data.reduce((sum, p) => sum + gzipped(p), 0),
          query,
        ).toBeLessThan(DATA_LIMIT);
      }
      expect(fetchedData, 'data fetched for some input').toBeGreaterThan(0);
      expect(errors).toEqual([]);
    }, 60_000);
  }
});
