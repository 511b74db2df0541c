/**
 * The parts a calculator page draws below its answer (lib/built-parts.ts), as built (issue 32): on a page
 * that opens on now and here they are drawn for the answer card's answer, the engine's at the build's
 * instant for London (lib/now-answer.ts's pageAnswer, its instant read back from the page's
 * data-built-at, which SOURCE_DATE_EPOCH fixes through BUILD_NOW_MS), labelled "For the answer above",
 * each equal to the lib's drawing of that answer and marking the build's day in London; none draws the
 * worked example's (Atlanta on 6 September 2009, the eclipse after 2024-04-01, Hebrew 1 Tishrei 5787).
 * And no built calculator page shows, outside its worked example and developer section, a date of a year
 * other than the build's or the next (the eclipse list's third eclipse of a kind excepted; see below).
 * The lib's drawings are pinned for fixed build instants too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seasonEvents } from '../../engine/index.ts';
import {
  calendarPart,
  converterPart,
  eclipsePart,
  meetingPart,
  moonCalendarPart,
  moonMonthPart,
  type PartAnswer,
  seasonPart,
  sunYearPart,
  weekPart,
} from '../../website/src/lib/built-parts.ts';
import { renderTargets } from '../../website/src/lib/converter-targets.ts';
import { pageAnswer } from '../../website/src/lib/now-answer.ts';
import { dayWords, LONDON, wallTime } from '../../website/src/lib/now-here.ts';
import { opensOnNowAndHere } from '../../website/src/lib/now-rules.ts';
import { type Calculator, calculators } from '../../website/src/lib/site.ts';
import { buildSite, SITE_URL } from './build-site.ts';

let dist = '';
beforeAll(async () => {
  dist = await buildSite();
}, 360_000);

const read = (slug: string) => readFileSync(join(dist, 'calculators', slug, 'index.html'), 'utf8');
const calcOf = (slug: string) => calculators.find((c) => c.slug === slug)!;
const builtAt = (html: string) => Date.parse(/data-built-at="([^"]+)"/.exec(html)![1]);

/** The page's built answer, recomputed for its build instant, with the page and London's day then. */
async function built(slug: string): Promise<{ html: string; calc: Calculator; page: PartAnswer; day: string; at: number }> {
  const html = read(slug);
  const calc = calcOf(slug);
  const at = builtAt(html);
  const page = await pageAnswer(calc, LONDON, at);
  expect(page.isNow, slug).toBe(true);
  return { html, calc, page, day: wallTime(at, LONDON.zone).slice(0, 10), at };
}

/** The part's section (from its marker attribute on): its status words and what its body holds. */
function part(html: string, marker: string): { status: string; rest: string } {
  const section = html.slice(html.indexOf(` ${marker}`));
  const status = /data-(?:part|meeting)-status aria-live="polite">([^<]*)</.exec(section)![1];
  return { status, rest: section };
}

/** Whether the part's body is exactly `expected` (then its closing tag). */
function bodyIs(rest: string, expected: string, open = /<div data-part-body[^>]*>/) {
  const m = open.exec(rest)!;
  const start = m.index + m[0].length;
  expect(rest.slice(start, start + expected.length + 6)).toBe(`${expected}</div>`);
}

const marchEquinox = (year: number) => seasonEvents(year, Date.UTC(year, 0, 1), Date.UTC(year, 0, 1)).find((e) => e.event === 'march_equinox')!.ms;

describe("the parts below the answer, drawn for the build day's answer in London", () => {
  it('every page with such a part opens on now and here', () => {
    for (const slug of [
      'sunrise-sunset',
      'moon-phases',
      'moonrise-moonset',
      'eclipses',
      'equinoxes-and-solstices',
      'week-number',
      'calendar-converter',
      'time-zone-converter',
      'meeting-planner',
    ]) {
      expect(opensOnNowAndHere(calcOf(slug).tool), slug).toBe(true);
    }
  });

  it("sunrise and sunset: the month and the year at London, the build's day marked", async () => {
    const { html, page, day } = await built('sunrise-sunset');
    const { status, rest } = part(html, 'data-sun-year');
    expect(status).toBe('For the answer above.');
    const drawn = sunYearPart(page);
    bodyIs(rest, drawn);
    expect(drawn).toContain(`<tr class="marked" aria-current="date" data-date="${day}">`);
    expect(drawn).toContain(`every day of ${dayWords(day).replace(/^\d+ /, '')} at 51.5074, -0.1278 (local time, Europe/London)`);
    expect(drawn).not.toContain('2009');
  });

  it("moon phases: the month of the build's day in London's local days", async () => {
    const { html, page, day } = await built('moon-phases');
    const { status, rest } = part(html, 'data-moon-calendar');
    expect(status).toBe('For the answer above.');
    const drawn = moonCalendarPart(page);
    bodyIs(rest, drawn);
    expect(drawn).toContain(`<td data-date="${day}" class="marked" aria-current="date">`);
    expect(drawn).toContain('(local days in Europe/London)');
  });

  it("moonrise and moonset: the tool run for every day of the build's month in London, the day marked", async () => {
    const { html, calc, page, day } = await built('moonrise-moonset');
    const { status, rest } = part(html, 'data-moon-month');
    expect(status).toBe('For the answer above.');
    const drawn = await moonMonthPart(calc, page);
    bodyIs(rest, drawn);
    expect(drawn).toContain(`<tr class="marked" aria-current="date" data-date="${day}">`);
    const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
    expect(drawn.match(/<tr[^>]* data-date="/g)).toHaveLength(new Date(Date.UTC(y, m, 0)).getUTCDate());
    expect(drawn).not.toContain('2009-09');
  });

  it("eclipses: the next ones after the build's day, as seen from London", async () => {
    const { html, calc, page, day } = await built('eclipses');
    const { status, rest } = part(html, 'data-eclipse-list');
    expect(status).toBe(`For the answer above: the eclipses after ${dayWords(day)}.`);
    const { html: drawn } = await eclipsePart(calc, page);
    bodyIs(rest, drawn);
    expect(page.input).toMatchObject({ after: day, lat: LONDON.lat, lon: LONDON.lon, timezone: LONDON.zone });
    // The worked example's eclipse (8 April 2024) and its year are gone.
    expect(drawn).not.toMatch(/2024/);
  });

  it("equinoxes and solstices: the build's year in London's time", async () => {
    const { html, page, day } = await built('equinoxes-and-solstices');
    const { status, rest } = part(html, 'data-season-list');
    expect(status).toBe('For the answer above.');
    const drawn = seasonPart(page, marchEquinox);
    bodyIs(rest, drawn);
    expect(drawn).toContain(`The seasons of ${day.slice(0, 4)} (local time in Europe/London)`);
  });

  it("week number: the build's month with its ISO weeks, the day marked", async () => {
    const { html, page, day } = await built('week-number');
    const { status, rest } = part(html, 'data-week-calendar');
    expect(status).toBe('For the answer above.');
    const drawn = weekPart(page);
    bodyIs(rest, drawn);
    expect(drawn).toContain(`<td data-date="${day}" class="marked" aria-current="date">`);
    expect(drawn).not.toContain('2027-01-01'); // the worked example's day
  });

  it("calendar converter: the build's day in every calendar, not the example's Hebrew new year", async () => {
    const { html, page, day } = await built('calendar-converter');
    const { status, rest } = part(html, 'data-calendar-table');
    expect(status).toBe('For the answer above.');
    const drawn = calendarPart(page);
    bodyIs(rest, drawn);
    expect(drawn).toContain(`<th scope="row">Gregorian</th><td><span class="formatted">${dayWords(day)}</span>`);
    expect(drawn).not.toContain('5787 AM'); // 1 Tishrei 5787, the worked example
  });

  it("time-zone converter: the build's minute in London in the target zone and the starting list's", async () => {
    const { html, calc, page, at } = await built('time-zone-converter');
    const { status, rest } = part(html, 'data-converter-places');
    expect(status).toBe('For the answer above.');
    const { rows, extras } = await converterPart(calc, page);
    bodyIs(rest, renderTargets(rows));
    expect(page.input).toMatchObject({ time: wallTime(at, LONDON.zone), source_timezone: LONDON.zone });
    // The page's starting list, less London, the answer's source, already shown.
    expect(extras).toEqual(['UTC', 'America/New_York', 'Europe/London', 'Asia/Tokyo']);
    expect(rows.map((r) => ('answer' in r ? r.answer.target.timezone : r.problem))).toEqual(['Asia/Kathmandu', 'UTC', 'America/New_York', 'Asia/Tokyo']);
    expect(rest).toContain(`data-defaults="${JSON.stringify(extras).replace(/"/g, '&#34;')}"`);
    const data = JSON.parse(
      /data-built="([^"]*)"/
        .exec(rest)![1]
        .replace(/&#34;|&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&'),
    ) as PartAnswer;
    expect(data).toEqual(JSON.parse(JSON.stringify({ input: page.input, result: page.result })));
  });

  it("meeting planner: the slots from the build's day, the first's timetable and .ics file stamped at the build", async () => {
    const { html, page, day, at } = await built('meeting-planner');
    const { status, rest } = part(html, 'data-meeting-planner');
    expect(status).toBe('For the answer above.');
    const drawn = meetingPart(page, at, new URL(SITE_URL).host);
    bodyIs(rest, drawn.slots, /<div data-meeting-slots>/);
    bodyIs(rest, drawn.table, /<div data-meeting-table>/);
    expect(rest).toContain(`<p data-meeting-download>${drawn.ics}</p>`);
    expect(page.input.start_date).toBe(day);
    const first = (page.result.slots as { start: string }[])[0].start;
    expect(first >= day).toBe(true);
    const stamp = new Date(at).toISOString().replace(/[-:]/g, '').slice(0, 15);
    expect(decodeURIComponent(drawn.ics)).toContain(`DTSTAMP:${stamp}Z`);
  });
});

describe('the parts for a fixed build instant', () => {
  it('sunrise and sunset on 21 June 2026 at noon: June in London, the day marked', async () => {
    const page = await pageAnswer(calcOf('sunrise-sunset'), LONDON, Date.UTC(2026, 5, 21, 12));
    const drawn = sunYearPart(page);
    expect(drawn).toContain('<tr class="marked" aria-current="date" data-date="2026-06-21">');
    expect(drawn).toContain('every day of June 2026 at 51.5074, -0.1278 (local time, Europe/London)');
  });

  it("the converter at 00:30 on New Year's Day 2031 in London: New York's row on the day before, without its year", async () => {
    const calc = calcOf('time-zone-converter');
    const page = await pageAnswer(calc, LONDON, Date.UTC(2031, 0, 1, 0, 30));
    const { rows } = await converterPart(calc, page);
    const text = renderTargets(rows)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    // tzdb: New York on EST (UTC−05:00), Kathmandu +05:45, Tokyo +09:00 all year.
    expect(text).toContain('New York America/New_York Tue 31 Dec 19:30 (previous day) EST UTC−05:00 −5 h');
    expect(text).toContain('Kathmandu Asia/Kathmandu Wed 1 Jan 06:15');
    expect(text).not.toMatch(/2030/);
  });

  it('eclipses after 28 November 2026: the third of each kind reaches the year after next', async () => {
    const calc = calcOf('eclipses');
    const page = await pageAnswer(calc, LONDON, Date.UTC(2026, 10, 28, 12));
    const { html, status } = await eclipsePart(calc, page);
    expect(status).toBe('the eclipses after 28 November 2026');
    // NASA, Five Millennium Catalog of Solar (and Lunar) Eclipses: annular 2027-02-06, total 2027-08-02,
    // annular 2028-01-26; penumbral lunar 2027-02-20, 2027-07-18 and 2027-08-17.
    expect([...html.matchAll(/eclipse, (\d{4}-\d\d-\d\d)/g)].map((m) => m[1])).toEqual([
      '2027-02-06',
      '2027-08-02',
      '2028-01-26',
      '2027-02-20',
      '2027-07-18',
      '2027-08-17',
    ]);
  });
});

describe('no date of another year below the answer', () => {
  // Dates as a page shows them: 2026-11-28, 28 November 2026, November 2026.
  const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
  const DATE = new RegExp(`(?<!\\.\\.)\\b(\\d{4})-\\d\\d-\\d\\d\\b(?!\\.\\.)|\\b(?:\\d{1,2} )?(?:${MONTHS}) (\\d{4})\\b(?! BE)`, 'g');

  /** What a person reads of a page from its main content to its developer section (which holds the worked example). */
  const visible = (html: string) =>
    html
      .slice(html.indexOf('<main'), html.indexOf('<section class="reference"'))
      .replace(/<(script|style|datalist|template)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|&#160;/g, ' ');

  it("reads dates as written, not a field's limits (1900-01-01..2200-12-31) or a Buddhist Era year", () => {
    const years = (s: string) => [...s.matchAll(DATE)].map((m) => Number(m[1] ?? m[2]));
    expect(years('from 2009-09-06, 6 September 2009 and in September 2009')).toEqual([2009, 2009, 2009]);
    expect(years('YYYY-MM-DD, 1912-01-01..2100-12-31; Buddhist 28 November 2569 BE')).toEqual([]);
  });

  it("every calculator page shows only the build's year and the next", () => {
    const slugs = readdirSync(join(dist, 'calculators'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(slugs.length).toBe(calculators.length);
    const year = new Date(builtAt(read('date-difference'))).getUTCFullYear();
    for (const slug of slugs) {
      const text = visible(read(slug));
      expect(text.length, slug).toBeGreaterThan(500);
      // The eclipse list names the next three eclipses of each kind worldwide: about six months apart, the
      // third after a build late in a year falls in the year after next (2028-01-26 after November 2026).
      // No part shows the year before: on New Year's night in London the converter's New York row is
      // "Tue 31 Dec 19:30 (previous day)", without its year (pinned above), and every other part starts on
      // the build's day in London.
      const last = slug === 'eclipses' ? year + 2 : year + 1;
      const wrong = [...text.matchAll(DATE)].map((m) => ({ year: Number(m[1] ?? m[2]), text: m[0] })).filter((d) => d.year < year || d.year > last);
      expect(wrong, slug).toEqual([]);
    }
  });
});
