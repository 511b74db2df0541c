/**
 * Issue 32 (point 6): no tool, field or enum names in what a person reads. The built pages' visible text,
 * outside the developer material (the collapsed `<details>`: formula, inputs of the tool, worked example
 * JSON, API and MCP; the /developers/ pages; the permalink, an address) and code, holds no snake_case word
 * (tool names such as list_holiday_countries, enum values such as waning_gibbous), no month code (M01), no
 * calendar id (islamic-tbla, gregory) and no "ISO 3166". In Chromium, every calculator page as a phone
 * shows it once its script has answered (on now), its form opened and its help shown, says the same;
 * and every calculator's answer has a headline, short and in plain words (website/src/lib/headlines.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { CALENDAR_IDS } from '../../engine/date/calendar-systems.ts';
import { CALENDAR_NAMES } from '../../engine/date/calendar-names.ts';
import { serveSite } from '../../website/serve.ts';
import { HEADLINE_TOOLS, headlineOf } from '../../website/src/lib/headlines.ts';
import { queryString } from '../../website/src/lib/calls.ts';
import { calendarWords, eraWords } from '../../website/src/lib/plain-words.ts';
import { dateWords } from '../../website/src/scripts/calculator-controls.ts';
import { calculators, solve } from '../../website/src/lib/site.ts';
import { chromiumAvailable, collectErrors, launchChromium } from '../fixtures/chromium.ts';
import { buildSite } from './build-site.ts';
import { openSettled } from './site-pages.ts';

let dist = '';
beforeAll(async () => {
  dist = await buildSite();
}, 360_000);

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? htmlFiles(p) : e.name.endsWith('.html') ? [p] : [];
  });
}

/** The text a person reads on a page: no scripts, styles, collapsed sections, code or attributes. */
function visibleText(html: string): string {
  let text = html;
  // The permalink is an address (its query names are the API's).
  text = text.replace(/<a\b[^>]*data-permalink[^>]*>[\s\S]*?<\/a>/gi, ' ');
  for (const tag of ['script', 'style', 'template', 'pre', 'code', 'datalist']) {
    text = text.replace(new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`, 'gi'), ' ');
  }
  // Collapsed sections, innermost first (a section may hold another).
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(/<details\b(?:(?!<details\b)[\s\S])*?<\/details>/gi, ' ');
  }
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\s+/g, ' ');
}

const MACHINE_WORDS: [string, RegExp][] = [
  [
    'a tool name',
    new RegExp(
      `\\b(${registry
        .filter((t) => t.name.includes('_'))
        .map((t) => t.name)
        .join('|')})\\b`,
      'g',
    ),
  ],
  ['a snake_case word', /\b[a-z]+(?:_[a-z0-9]+)+\b/g],
  ['a month code', /\bM\d\dL?\b/g],
  ['ISO 3166', /ISO 3166/g],
  // A calendar's id where its name is another word: islamic-tbla, gregory, iso8601 (hebrew is "Hebrew").
  [
    'a calendar id',
    new RegExp(
      `\\b(${CALENDAR_IDS.filter(
        (id) =>
          !CALENDAR_NAMES[id]
            .toLowerCase()
            .split(/[^a-z0-9]+/)
            .includes(id),
      ).join('|')})\\b`,
      'g',
    ),
  ],
];

/** Each machine word of `text`, with what it is and its surroundings. */
const machineWords = (text: string): string[] =>
  MACHINE_WORDS.flatMap(([what, pattern]) =>
    [...text.matchAll(pattern)].map((m) => `${what} "${m[0]}" in "…${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40)}…"`),
  );

describe('plain words on the built pages', () => {
  it('finds machine words in visible text, and none in a collapsed section or code', () => {
    const text = visibleText(
      '<p>The Moon is waning_gibbous in M01</p><details><summary>API</summary><p>list_holiday_countries</p></details><code>sun_events</code>',
    );
    expect(text.match(MACHINE_WORDS[1][1])).toEqual(['waning_gibbous']);
    expect(text.match(MACHINE_WORDS[2][1])).toEqual(['M01']);
    expect(machineWords('Islamic (tabular, astronomical epoch) islamic-tbla Hebrew gregory iso8601 ISO 8601').map((w) => w.split(' in ')[0])).toEqual([
      'a calendar id "islamic-tbla"',
      'a calendar id "gregory"',
      'a calendar id "iso8601"',
    ]);
  });

  it('no page shows a tool name, an enum value, a month code or ISO 3166 outside the developer material', () => {
    const found: string[] = [];
    // The developers' pages (API reference, MCP) are developer material throughout.
    for (const file of htmlFiles(dist).filter((f) => !relative(dist, f).startsWith('developers/'))) {
      for (const word of machineWords(visibleText(readFileSync(file, 'utf8')))) found.push(`${relative(dist, file)}: ${word}`);
    }
    expect(found).toEqual([]);
  });

  it("every calculator's built page leads its answer with a headline: short, plain words", () => {
    const found: string[] = [];
    for (const calc of calculators) {
      const html = readFileSync(join(dist, 'calculators', calc.slug, 'index.html'), 'utf8');
      const m = /<p class="answer-headline" data-answer-headline(?<hidden> hidden)?[^>]*>(?<text>[^<]*)<\/p>/.exec(html);
      const text = m?.groups?.text ?? '';
      // A new tool's headline is optional (docs/adding-a-tool.md): without one its sentence stands alone.
      if (!HEADLINE_TOOLS.includes(calc.tool.name)) {
        if (!m?.groups?.hidden || text) found.push(`${calc.slug}: a headline for a tool that has none`);
        continue;
      }
      if (!m || m.groups?.hidden || !text) found.push(`${calc.slug}: no headline`);
      else if (text.length > 80) found.push(`${calc.slug}: a headline of ${text.length} characters, "${text}"`);
      for (const word of machineWords(text)) found.push(`${calc.slug}: ${word}`);
    }
    expect(found).toEqual([]);
    // Every entry is a calculator's tool (none left behind by a renamed or removed tool).
    expect(HEADLINE_TOOLS.filter((name) => !calculators.some((c) => c.tool.name === name))).toEqual([]);
    // Every calculator shipped today has one (a count, so that the guide's new tool, without one, passes in its scratch copy).
    expect(calculators.filter((c) => HEADLINE_TOOLS.includes(c.tool.name)).length).toBeGreaterThanOrEqual(26);
  });
});

describe('words for what a form holds', () => {
  it('writes dates, local times and instants as people do, and leaves other text as it is', () => {
    expect(dateWords('2026-11-28')).toBe('28 Nov 2026');
    expect(dateWords('2026-11-22T09:00')).toBe('22 Nov 2026, 09:00');
    expect(dateWords('2026-11-28T12:09:17Z')).toBe('28 Nov 2026, 12:09 UTC');
    expect(dateWords('Europe/London')).toBe('Europe/London');
    expect(dateWords('2026-13-01')).toBe('2026-13-01');
  });

  it('names calendars in help texts and eras as the converted dates write them', () => {
    // The calendar converter's help for its year (the API's words): ids become the names its select shows.
    expect(calendarWords('Era year for japanese, roc; related ISO year for chinese, dangi')).toBe(
      'Era year for Japanese, Republic of China (Minguo); related ISO year for Chinese, Korean (Dangi)',
    );
    expect(calendarWords('islamic-tbla, not islamic')).toBe('Islamic (tabular, astronomical epoch), not islamic');
    // 1 Tishri 5787 AM, 1 Shawwal 1447 AH, Reiwa 1; the Ethiopian era (Amete Mihret, code am) is written EC.
    expect(['am', 'ah', 'reiwa', 'roc', 'shaka'].map((era) => eraWords(era))).toEqual(['AM', 'AH', 'Reiwa', 'Minguo', 'Saka']);
    expect(eraWords('am', 'ethiopic')).toBe('EC');
  });
});

// The headlines of worked examples whose answers are published (the tools' own examples cite them).
describe('answer headlines', () => {
  const example = (tool: string, input: Record<string, unknown>) => {
    const t = registry.find((x) => x.name === tool)!;
    return solve(t, input).then((result) => headlineOf(tool, result, input));
  };

  it('words published answers: the 2024 total solar eclipse, Rosh Hashanah 5787, ISO week 53 of 2026', async () => {
    // NASA Five Millennium Canon: the total solar eclipse of 8 April 2024 (greatest eclipse 18:17 UT).
    expect(await example('eclipses', { kind: 'solar', after: '2024-04-01', count: 1 })).toBe('Total solar eclipse: Monday 8 April 2024');
    // hebcal.com: 1 Tishri 5787 is Saturday 12 September 2026 (a Hebrew date in: its Gregorian date out).
    expect(await example('convert_calendar', { calendar: 'hebrew', year: 5787, month: 'M01', day: 1 })).toBe('Saturday 12 September 2026');
    // KACST Umm al-Qura: 1 Shawwal 1447 is Friday 20 March 2026 (a Gregorian date in: its Hebrew and Islamic dates out).
    expect(await example('convert_calendar', { date: '2026-03-20' })).toMatch(/^\d+ \S+ 5786 · 1 Shawwal 1447 AH$/);
    // ISO 8601: 2027-01-01 (a Friday) is in week 53 of 2026.
    expect(await example('date_info', { date: '2027-01-01' })).toBe('Week 53 of 2026');
  });

  it('rounds numbers for reading and says no field or enum name', async () => {
    // Paris to the nearest place (0.434 km) in metres; JFK to Singapore Changi grouped, to 0.1 km.
    expect(await example('geo_nearby', { lat: 48.8566, lon: 2.3522, radius_km: 10, limit: 3 })).toBe('Paris, 434 m away');
    expect(await example('geo_distance', { from_lat: 40.6397, from_lon: -73.7789, to_lat: 1.3592, to_lon: 103.9894 })).toBe('15,347.6 km (9,536.6 mi)');
    expect(await example('moon_phases', { start: '2026-01-01' })).toBe('Full moon: Saturday 3 January 2026');
    expect(await example('is_business_day', { country: 'SA', date: '2026-11-20' })).toBe('No: the weekend');
  });

  it('has none for a tool without one or a result it cannot read', () => {
    expect(headlineOf('no_such_tool', { days: 1 })).toBeUndefined();
    expect(headlineOf('date_difference', { start: '2024-01-01' })).toBeUndefined();
    expect(headlineOf('date_difference', null)).toBeUndefined();
  });
});

describe.skipIf(!chromiumAvailable())('plain words on a phone, once each calculator has answered', () => {
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await serveSite(await buildSite(), 0);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    errors = collectErrors(page);
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('no calculator page shows a tool, field or enum name, its form opened and its help shown', async () => {
    const found: string[] = [];
    for (const calc of calculators) {
      await openSettled(page, `${site.url}/calculators/${calc.slug}/`);
      // The form folded to its line on a phone: opened, with each field's help.
      await page.click('[data-form-edit]');
      await page.click('[data-help-toggle]');
      // The text a person reads: the developer material (code, the permalink, "How it works, and for developers") left out.
      const text = await page.evaluate(() => {
        for (const el of document.querySelectorAll<HTMLElement>('pre, code, [data-permalink], .reference')) el.style.display = 'none';
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text (no closed sections, no hidden help) is what is checked
        return document.body.innerText;
      });
      expect(text, calc.slug).toContain('Help for each field');
      for (const word of machineWords(text)) found.push(`${calc.slug}: ${word}`);
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it("no calculator's answer to any of its tool's worked examples (a permalink) shows one", async () => {
    const found: string[] = [];
    for (const calc of calculators) {
      for (const { input } of calc.tool.examples) {
        const path = `/calculators/${calc.slug}/?${queryString(input as Record<string, unknown>)}`;
        await openSettled(page, site.url + path);
        const text = await page.evaluate(() => {
          for (const el of document.querySelectorAll<HTMLElement>('pre, code, [data-permalink], .reference')) el.style.display = 'none';
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
          return document.body.innerText;
        });
        for (const word of machineWords(text)) found.push(`${path}: ${word}`);
      }
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
});
