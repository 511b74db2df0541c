/**
 * The new tools' own parts of their calculator pages (website/src/components/*.astro): the renderers the
 * build and the pages' scripts share, checked against the engine's tools, and one lean Chromium pass over
 * the built pages (the shared site build, one browser, one page) that each part is there and redraws for
 * an answer the form hands it (`calculator:result`).
 */
import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHolidays } from '../../engine/holidays/list-holidays.ts';
import { sunEventsTool } from '../../engine/sky/sun-events.ts';
import { seasons } from '../../engine/sky/seasons.ts';
import { moonPhases } from '../../engine/sky/moon-phases.ts';
import { eclipses } from '../../engine/sky/eclipses.ts';
import { type EclipseAnswer, renderEclipseList } from '../../website/src/lib/eclipse-list.ts';
import { dateInfo } from '../../engine/date/date-info.ts';
import { convertCalendarTool } from '../../engine/date/convert-calendar.ts';
import { type ConvertedAnswer, renderCalendarTable } from '../../website/src/lib/calendar-table.ts';
import { monthWeeks, renderWeekCalendar } from '../../website/src/lib/week-calendar.ts';
import { equinoxFromTable, equinoxTable, renderSeasons, seasonsOf } from '../../website/src/lib/season-list.ts';
import { moonMonth, moonPicture, renderMoonCalendar } from '../../website/src/lib/moon-calendar.ts';
import { daylight, renderSunYear, sunYear } from '../../website/src/lib/sun-year.ts';
import type { AnyTool } from '../../engine/tool.ts';
import { todayIn } from '../../engine/time/zone-rules.ts';
import { chromiumAvailable, collectErrors, launchChromium } from '../fixtures/chromium.ts';
import { fixedClock, runTool } from '../helpers.ts';
import { buildSite, startSite } from './build-site.ts';

describe('sunrise and sunset: the year of day length', () => {
  const oslo = sunYear(59.9133, 10.7389, 'Europe/Oslo', '2026-03-10');

  it('is sun_events’ own table of the year', async () => {
    const answer = await runTool(sunEventsTool, { lat: 59.9133, lon: 10.7389, date: '2026-01-01', days: 365, timezone: 'Europe/Oslo' });
    expect(oslo.days).toEqual(answer.days);
  });

  it('has its longest day at the June solstice and its shortest at the December solstice (Oslo)', async () => {
    const { events } = await runTool(seasons, { year: 2026, timezone: 'Europe/Oslo' });
    const dateOf = (name: string) => events.find((e) => e.event === name)!.local_time!.slice(0, 10);
    const html = renderSunYear(oslo);
    expect(html).toContain(`data-longest="${dateOf('june_solstice')}"`);
    expect(html).toContain(`data-shortest="${dateOf('december_solstice')}"`);
    expect(html).toMatch(/<title id="sun-year-title">[^<]+<\/title><desc id="sun-year-desc">/);
    expect(html).toContain('<tr class="marked" aria-current="date"><th scope="row">2026-03-10</th>');
  });

  it('shows polar night empty and midnight sun full (80° N)', () => {
    const north = sunYear(80, 0, 'Etc/GMT', '2019-12-21');
    const day = (date: string) => north.days.find((d) => d.date === date)!;
    expect(day('2019-12-21').sun_status).toBe('polar_night');
    expect(daylight(day('2019-12-21'))).toEqual([]);
    expect(daylight(day('2019-06-21'))).toEqual([[0, 24]]);
    expect(renderSunYear(north)).toContain('Polar night (the Sun never rises)');
  });

  it('escapes what comes from the answer', () => {
    const html = renderSunYear({ ...oslo, timezone: '<b>Europe/Oslo</b>' });
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;');
  });
});

describe('moon phases: the month calendar', () => {
  it('marks each principal phase on moon_phases’ date, at its time (UTC days)', async () => {
    const { phases } = await runTool(moonPhases, { start: '2026-01-01', count: 4 });
    const month = moonMonth('2026-01-01');
    const marked = month.days.filter((d) => d.principal).map((d) => ({ phase: d.principal!.phase, date: d.date, minute: d.principal!.time.slice(0, 16) }));
    expect(marked).toEqual(phases.map((p) => ({ phase: p.phase, date: p.at.slice(0, 10), minute: p.at.slice(0, 16) })));
    expect(month.days.find((d) => d.date === '2026-01-03')!.illumination).toBeGreaterThan(0.99);
  });

  it('dates the phases by local days in a zone (Tokyo)', async () => {
    const { phases } = await runTool(moonPhases, { start: '2000-01-01', count: 4, timezone: 'Asia/Tokyo' });
    const month = moonMonth('2000-01-21', 'Asia/Tokyo');
    const full = month.days.find((d) => d.principal?.phase === 'full_moon')!;
    const answer = phases.find((p) => p.phase === 'full_moon')!;
    expect(full.date).toBe(answer.local_time!.slice(0, 10));
    expect(full.principal!.time).toBe(answer.local_time);
    const html = renderMoonCalendar(month);
    expect(html).toContain('<td data-date="2000-01-21" data-phase="full_moon" class="principal marked" aria-current="date">');
    expect(html).toContain('Full moon: 2000-01-21 13:41 UTC+09:00');
  });

  it('draws the lit part from the fraction, on the right while waxing', () => {
    expect(moonPicture(0, true)).not.toContain('class="lit"');
    expect(moonPicture(1, false)).toContain('<circle class="lit"');
    expect(moonPicture(0.25, true)).toContain('A10 10 0 0 1 12 22A5 10 0 0 0 12 2Z');
    expect(moonPicture(0.75, false)).toContain('A10 10 0 0 0 12 22A5 10 0 0 0 12 2Z');
  });
});

describe('eclipses: the list with local circumstances', () => {
  const dallas = { kind: 'solar', after: '2024-04-01', count: 1, lat: 32.78, lon: -96.8, timezone: 'America/Chicago' };

  it('words the answer’s local circumstances at the place, contacts to the second', async () => {
    const answer = (await runTool(eclipses, dallas)) as EclipseAnswer;
    const local = answer.eclipses[0].local!;
    const html = renderEclipseList(answer, true);
    expect(html).toContain('<h3>Total solar eclipse, 2024-04-08</h3>');
    expect(html).toContain('<strong>Seen from the place</strong> as a total eclipse');
    for (const t of [local.partial_begin, local.total_begin, local.peak, local.total_end, local.partial_end])
      expect(html).toContain(`<time datetime="${t}">${t!.slice(0, 10)} ${t!.slice(11, 19)} UTC−05:00</time>`);
    expect(html).toMatch(/totality lasts [34] min \d+ s/);
  });

  it('marks the contacts below the horizon and says how the place sees it (Madrid, 2028-01-26: it ends after sunset)', async () => {
    const answer = (await runTool(eclipses, { kind: 'solar', after: '2028-01-20', count: 1, lat: 40.4168, lon: -3.7038 })) as EclipseAnswer;
    const html = renderEclipseList(answer, true);
    expect(html).toContain('as a partial eclipse (it ends after the Sun sets): magnitude');
    expect(html).toContain('data-visibility="ends_below_horizon"');
    expect(html).toContain('<th scope="col">Altitude of the Sun</th>');
    expect(html).toMatch(
      /<tr class="below-horizon"><th scope="row">Partial eclipse ends<\/th><td><time[^>]*>[^<]*<\/time><\/td><td>-\d+\.\d° \(below the horizon\)<\/td><\/tr>/,
    );
    expect(html.match(/below-horizon/g)).toHaveLength(1);
  });

  it('says when no place was given, and lists a lunar eclipse’s contacts in UTC', async () => {
    const answer = (await runTool(eclipses, { kind: 'lunar', after: '2025-03-01', count: 1 })) as EclipseAnswer;
    const html = renderEclipseList(answer, false);
    expect(html).toContain('No place given');
    expect(html).toContain(`<time datetime="${answer.eclipses[0].total_begin}">`);
    expect(renderEclipseList({ ...answer, eclipses: [], note: '<i>none</i>' }, true)).toContain('&lt;i&gt;none&lt;/i&gt;');
  });
});

describe('equinoxes and solstices: the four seasons', () => {
  it('takes each event’s time from the answer and measures each season to the next event', async () => {
    const answer = await runTool(seasons, { year: 2026, timezone: 'Australia/Sydney' });
    const next = await runTool(seasons, { year: 2027, timezone: 'Australia/Sydney' });
    const at = (events: typeof answer.events, name: string) => events.find((e) => e.event === name)!;
    const nextEquinox = Date.parse(at(next.events, 'march_equinox').at);
    const four = seasonsOf(answer, nextEquinox);
    expect(four.map((s) => s.time)).toEqual(
      ['march_equinox', 'june_solstice', 'september_equinox', 'december_solstice'].map((n) => at(answer.events, n).local_time),
    );
    expect(four[3].lengthMs).toBe(Date.parse(at(next.events, 'march_equinox').at) - Date.parse(at(answer.events, 'december_solstice').at));
    // A tropical year in all, and the northern summer the longest season (the Earth is farthest from the Sun in July).
    expect(four.reduce((sum, s) => sum + s.lengthMs, 0) / 86_400_000).toBeCloseTo(365.24, 1);
    expect(Math.max(...four.map((s) => s.lengthMs))).toBe(four[1].lengthMs);
    const html = renderSeasons(answer, nextEquinox, 'Australia/Sydney');
    expect(html).toContain('<td>summer in the north, winter in the south</td>');
    expect(html).toContain('<span class="nowrap">2026-12-22</span> 07:50 UTC+11:00');
    expect(html).toMatch(/perihelion \(nearest the Sun\) 2026-01-0\d/);
  });

  it('reads the next March equinox back from the table the build writes into the page', () => {
    const table = equinoxTable(2026, [Date.parse('2026-03-20T14:45:36Z'), Date.parse('2027-03-20T20:24:42Z')]);
    expect(equinoxFromTable(table, 2027)).toBe(Date.parse('2027-03-20T20:24:42Z'));
    expect(equinoxFromTable(table, 2028)).toBeUndefined();
  });
});

describe('week numbers and calendar conversion', () => {
  it('numbers each week of the month as date_info does, the asked date marked', async () => {
    const weeks = monthWeeks('2027-01-01');
    expect(weeks[0].days.map((d) => d.date)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    for (const { week, weekYear, days } of weeks) {
      for (const d of days) {
        const info = await runTool(dateInfo, { date: d.date });
        expect([info.iso_week, info.iso_week_year], d.date).toEqual([week, weekYear]);
      }
    }
    const html = renderWeekCalendar('2027-01-01');
    expect(html).toContain('<th scope="row" data-week="53">53 <small>of 2026</small></th>');
    expect(html).toContain('<td data-date="2027-01-01" class="marked" aria-current="date">1</td>');
    expect(weeks.at(-1)!.days.at(-1)!.date).toBe('2027-01-31');
  });

  it('writes every calendar of the answer as a row, escaped', async () => {
    const answer = (await runTool(convertCalendarTool, { date: '2026-03-20' })) as ConvertedAnswer;
    const html = renderCalendarTable(answer);
    expect(html.match(/<tr data-calendar=/g)).toHaveLength(answer.calendars.length);
    for (const c of answer.calendars) expect(html).toContain(`<td><span class="formatted">${c.formatted}</span>`);
    expect(html).toContain('<th scope="row">Islamic (Umm al-Qura)</th>');
    const hostile = { ...answer, calendars: [{ ...answer.calendars[0], formatted: '<img src=x onerror=alert(1)>' }] };
    expect(renderCalendarTable(hostile)).not.toContain('<img');
  });
});

// ----- in the browser ------------------------------------------------------------------------------

/** Each page's part, and an answer to hand it as the form would (the tool's input and result). */
const PAGES: { path: string; part: string; answer: () => Promise<{ input: Record<string, unknown>; result: unknown }> }[] = [
  {
    path: '/calculators/sunrise-sunset/',
    part: '[data-sun-year]',
    answer: async () => {
      const input = { lat: 69.65, lon: 18.96, date: '2026-03-10' };
      return { input, result: await runTool(sunEventsTool, input) };
    },
  },
  {
    path: '/calculators/public-holidays/',
    part: '[data-result-table]',
    answer: async () => {
      const input = { country: 'DE', year: 2027 };
      return { input, result: await runTool(listHolidays, input) };
    },
  },
  {
    path: '/calculators/moon-phases/',
    part: '[data-moon-calendar]',
    answer: async () => {
      const input = { start: '2000-01-21', timezone: 'Asia/Tokyo' };
      return { input, result: await runTool(moonPhases, input) };
    },
  },
  {
    path: '/calculators/eclipses/',
    part: '[data-eclipse-list]',
    answer: async () => {
      const input = { kind: 'solar', after: '2024-04-01', count: 1, lat: 32.78, lon: -96.8, timezone: 'America/Chicago' };
      return { input, result: await runTool(eclipses, input) };
    },
  },
  {
    path: '/calculators/equinoxes-and-solstices/',
    part: '[data-season-list]',
    answer: async () => {
      const input = { year: 2030, timezone: 'Asia/Tokyo' };
      return { input, result: await runTool(seasons, input) };
    },
  },
  {
    path: '/calculators/week-number/',
    part: '[data-week-calendar]',
    answer: async () => {
      const input = { date: '2026-02-14' };
      return { input, result: await runTool(dateInfo, input) };
    },
  },
  {
    path: '/calculators/calendar-converter/',
    part: '[data-calendar-table]',
    answer: async () => {
      const input = { date: '2000-01-01' };
      return { input, result: await runTool(convertCalendarTool, input) };
    },
  },
];

describe.skipIf(!chromiumAvailable())('the new tools’ parts in Chromium', () => {
  let site: ChildProcess;
  let siteBase = '';
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const dist = await buildSite();
    ({ base: siteBase, proc: site } = await startSite(dist));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    errors = collectErrors(page);
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    site?.kill('SIGTERM');
  });

  it('draws each part at build time and again for an answer, without horizontal scroll or errors', async () => {
    for (const { path, part, answer } of PAGES) {
      await page.goto(siteBase + path);
      const root = page.locator(part);
      await expect(root.locator('[data-part-body]').innerHTML()).resolves.not.toBe('');
      await page.waitForSelector(`${part}[data-ready]`);
      // The form has opened (on now, for a page that computes it: that answer may already be drawn).
      await page.waitForSelector('form[data-ready="true"]');
      const before = await root.locator('[data-part-body]').innerHTML();
      const detail = await answer();
      await root.evaluate((el) => delete (el as HTMLElement).dataset.drawn);
      await page.evaluate((d) => document.querySelector('form')!.dispatchEvent(new CustomEvent('calculator:result', { bubbles: true, detail: d })), detail);
      await page.waitForSelector(`${part}[data-drawn="answer"]`);
      expect(await root.locator('[data-part-body]').innerHTML(), path).not.toBe(before);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it("the week number and the calendar converter open on today in the visitor's own zone, its week drawn", async () => {
    // Kiritimati (+14:00) is on another date than UTC from 10:00 to 24:00 UTC: the page's today is the zone's.
    const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati', viewport: { width: 390, height: 844 } });
    const visitor = await context.newPage();
    const seen = collectErrors(visitor);
    const pages: [string, AnyTool][] = [
      ['/calculators/week-number/', dateInfo as unknown as AnyTool],
      ['/calculators/calendar-converter/', convertCalendarTool as unknown as AnyTool],
    ];
    for (const [path, tool] of pages) {
      const before = Date.now();
      await visitor.goto(siteBase + path);
      await visitor.waitForSelector('form[data-ready="true"]');
      const shown = JSON.parse((await visitor.textContent('[data-live-result]'))!) as { date: string };
      // The day the page opened on, read from the clock before or after it did (midnight may pass between).
      expect([todayIn('Pacific/Kiritimati', before), todayIn('Pacific/Kiritimati', Date.now())], path).toContain(shown.date);
      // Exactly the engine's answer for "today in Pacific/Kiritimati" at that day's clock.
      const clock = fixedClock(`${shown.date}T12:00:00+14:00`);
      expect(shown, path).toEqual(JSON.parse(JSON.stringify(await runTool(tool, { timezone: 'Pacific/Kiritimati' }, clock))));
      expect([await visitor.inputValue('input[name="timezone"]'), await visitor.inputValue('input[name="date"]')], path).toEqual(['Pacific/Kiritimati', '']);
      // Named for the visitor's zone (issue 32: now and here, website/src/scripts/now-here.ts).
      expect(await visitor.textContent('[data-answer-caption]'), path).toMatch(/: your time zone, Pacific\/Kiritimati, today$/);
      expect(new URL(visitor.url()).search, path).toBe(''); // opening writes no address
    }
    // The week number page's month is drawn for today, today marked.
    await visitor.goto(`${siteBase}/calculators/week-number/`);
    await visitor.waitForSelector('[data-week-calendar][data-drawn="answer"]');
    const today = JSON.parse((await visitor.textContent('[data-live-result]'))!).date;
    expect(await visitor.getAttribute('[data-week-calendar] td[aria-current="date"]', 'data-date')).toBe(today);
    expect(seen).toEqual([]);
    await context.close();
  }, 60_000);

  it('the moon calendar turns its pictures as seen from the southern hemisphere, and keeps that for the next answer', async () => {
    await page.goto(`${siteBase}/calculators/moon-phases/`);
    await page.waitForSelector('form[data-ready="true"]');
    // The words shown: the hemisphere not chosen is in the caption too, hidden (innerText leaves it out).
    // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is checked
    const caption = () => page.locator('.moon-calendar caption').innerText();
    const turned = () => page.$eval('.moon-calendar .moon-picture', (svg) => getComputedStyle(svg).transform);
    expect(await caption()).toContain('as seen from the northern hemisphere');
    expect(await turned()).toBe('none');
    await page.check('input[name="seen-from"][value="south"]');
    expect(await caption()).toContain('as seen from the southern hemisphere');
    expect(await turned()).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    const detail = {
      input: { start: '2000-01-21', timezone: 'Asia/Tokyo' },
      result: await runTool(moonPhases, { start: '2000-01-21', timezone: 'Asia/Tokyo' }),
    };
    const root = page.locator('[data-moon-calendar]');
    await root.evaluate((el) => delete (el as HTMLElement).dataset.drawn);
    await page.evaluate((d) => document.querySelector('form')!.dispatchEvent(new CustomEvent('calculator:result', { bubbles: true, detail: d })), detail);
    await page.waitForSelector('[data-moon-calendar][data-drawn="answer"]');
    expect(await caption()).toContain('The Moon in January 2000');
    expect(await caption()).toContain('as seen from the southern hemisphere');
    expect(await turned()).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    expect(errors).toEqual([]);
  }, 60_000);
});
