/**
 * The answer a page carries without JavaScript (issue 32): a time calculator's is the engine's at the
 * build's moment for London (51.5074° N 0.1278° W, Europe/London), stated so, and its meta description
 * says it, naming no year before the build's (no worked example from another year: the eclipse after
 * 2024-04-01, sunrise in Atlanta in 2009); the worked example keeps its own section. The zone → city data
 * is tzdb's zone.tab (datasets/tzdb/zone-tab.json, from Debian's tzdata of the shipped release). The
 * date and geometry calculators open on the build's day and London by their rules (lib/now-rules.ts;
 * test/website/now-rules.test.ts pins each for a fixed instant), and no built page's meta description
 * names another year.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import meta from 'moment-timezone/data/meta/latest.json' with { type: 'json' };
import zoneTab from '../../datasets/tzdb/zone-tab.json' with { type: 'json' };
import { registry } from '../../engine/registry.ts';
import { exampleInput } from '../../engine/tool.ts';
import { directAnswer } from '../../website/src/lib/answers.ts';
import { FORM_DEFAULTS } from '../../website/src/lib/form-values.ts';
import { inputWords } from '../../website/src/lib/labels.ts';
import { cityOfZone, LONDON, nowInput, placeOfZone, takesPlace, timeDependent } from '../../website/src/lib/now-here.ts';
import { pageAnswer } from '../../website/src/lib/now-answer.ts';
import { OPENINGS, opensOnNowAndHere } from '../../website/src/lib/now-rules.ts';
import { hasResultTable, renderResultTable } from '../../website/src/lib/result-table.ts';
import { calculators } from '../../website/src/lib/site.ts';
// @ts-expect-error: a plain ES module script without types
import { isoCoordinate, parseZoneTab } from '../../scripts/data/tzdb-zone-tab.mjs';
import { buildSite } from './build-site.ts';

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe("zone.tab's cities", () => {
  it("reads zone.tab's ISO 6709 positions, signs and seconds included (tzdata 2026f's lines)", () => {
    // GB +513030-0000731 Europe/London; US +404251-0740023 America/New_York; AU -3352+15113 Australia/Sydney.
    expect(isoCoordinate('-0000731', 3)).toBe(-0.1253);
    expect(parseZoneTab('GB\t+513030-0000731\tEurope/London\nUS\t+404251-0740023\tAmerica/New_York\tEastern (most areas)\n# x\n')).toEqual({
      'Europe/London': [51.5083, -0.1253, 'GB'],
      'America/New_York': [40.7142, -74.0064, 'US'],
    });
    expect((zoneTab.zones as Record<string, unknown>)['Australia/Sydney']).toEqual([-33.8667, 151.2167, 'AU']);
  });

  it("has every zone of the shipped release's zone.tab, each with a country that release gives it", () => {
    const zones = zoneTab.zones as unknown as Record<string, [number, number, string]>;
    expect(zoneTab.version).toBe(meta.version);
    expect(Object.keys(zones).sort()).toEqual(Object.keys(meta.zones).sort());
    for (const [name, [lat, lon, country]] of Object.entries(zones)) {
      // zone.tab's one country per line (Europe/Simferopol: UA; zone1970.tab, as moment's meta, has RU and UA).
      expect((meta.zones as Record<string, { countries: string[] }>)[name].countries, name).toContain(country);
      expect(Math.abs(lat) <= 90 && Math.abs(lon) <= 180, name).toBe(true);
    }
  });

  it("names a zone's city and country; a link is read as its zone; UTC falls back to London, stated", () => {
    expect(placeOfZone('America/New_York')).toEqual({ city: 'New York', lat: 40.7142, lon: -74.0064, zone: 'America/New_York', country: 'US' });
    expect(cityOfZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(placeOfZone('Asia/Calcutta', (z) => (z === 'Asia/Calcutta' ? 'Asia/Kolkata' : undefined))).toMatchObject({
      city: 'Kolkata',
      zone: 'Asia/Kolkata',
      country: 'IN',
    });
    expect(placeOfZone('Etc/UTC')).toEqual({ ...LONDON, zone: 'Etc/UTC', country: undefined, stated: 'your time zone, Etc/UTC, names no city' });
  });
});

describe("the build's answer", () => {
  let dist = '';
  beforeAll(async () => {
    dist = await buildSite();
  }, 360_000);
  const read = (path: string) => readFileSync(join(dist, path), 'utf8');

  const timed = registry.filter((t) => t.calculator && timeDependent(t));
  it('covers the time calculators of issue 32', () => {
    expect(timed.map((t) => t.calculator!.slug)).toEqual(
      expect.arrayContaining(['sunrise-sunset', 'moonrise-moonset', 'eclipses', 'planets-in-the-sky', 'time-zone-converter', 'week-number', 'meeting-planner']),
    );
  });

  it.each(timed.map((t) => [t.calculator!.slug, t] as const))("%s: the answer and meta description are the build day's, for London", async (slug, tool) => {
    const html = read(`calculators/${slug}/index.html`);
    const builtAt = /data-built-at="([^"]+)"/.exec(html)?.[1];
    expect(builtAt).toBeDefined();
    const nowMs = Date.parse(builtAt!);
    // The form's opening values: the worked example's, at the help's default where it narrows one (lib/form-values.ts).
    const input = nowInput(tool, { ...exampleInput(tool), ...FORM_DEFAULTS[tool.calculator!.slug] }, LONDON, nowMs)!;
    const result = tool.output.parse(await tool.run(tool.input.parse(input), { now: () => new Date(nowMs) })) as Record<string, unknown>;
    const place = takesPlace(tool) ? { name: 'London', lat: 51.5074, lon: -0.1278 } : undefined;
    const answer = directAnswer(tool.calculator!.answer, input, result, inputWords(tool, Object.keys(input)), place);
    const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)![1]);
    expect(description).toBe(`${tool.title}. ${answer}`);
    const year = new Date(nowMs).getUTCFullYear();
    const years = [...description.matchAll(/\b(1[5-9]\d\d|2\d\d\d)\b/g)].map((m) => Number(m[1]));
    expect(
      years.filter((y) => y < year),
      description,
    ).toEqual([]);
    const caption = decode(/data-answer-caption>([^<]*)</.exec(html)![1]);
    expect(caption).toMatch(new RegExp(`^Computed when this page was built, for (London on )?\\d+ \\w+ ${year}$`));
    if (takesPlace(tool)) expect(caption).toContain('London');
    // The worked example keeps its own section.
    expect(html).toContain('data-ai-context="default-result"');
    expect(html).toContain('data-example-answer');
  });

  it.each(Object.keys(OPENINGS))("%s: the page carries the build day's answer for London by its rule, and says so", async (name) => {
    const calc = calculators.find((c) => c.tool.name === name)!;
    const html = read(`calculators/${calc.slug}/index.html`);
    const nowMs = Date.parse(/data-built-at="([^"]+)"/.exec(html)![1]);
    const page = await pageAnswer(calc, LONDON, nowMs);
    const answer = directAnswer(calc.tool.calculator!.answer, page.input, page.result, inputWords(calc.tool, Object.keys(page.input)), page.places);
    expect(decode(/<meta name="description" content="([^"]*)"/.exec(html)![1])).toBe(`${calc.tool.title}. ${answer}`);
    expect(decode(/data-answer-caption>([^<]*)</.exec(html)![1])).toBe(page.caption);
    expect(page.caption).toMatch(/^Computed when this page was built: /);
    expect(html).toContain('data-example-answer');
  });

  const tabled = calculators.filter((c) => hasResultTable(c.tool.name) && opensOnNowAndHere(c.tool));
  it.each(tabled.map((c) => [c.slug, c] as const))('%s: the "In detail" table is the build day\'s answer\'s, as the answer card above', async (slug, calc) => {
    const html = read(`calculators/${slug}/index.html`);
    const page = await pageAnswer(calc, LONDON, Date.parse(/data-built-at="([^"]+)"/.exec(html)![1]));
    const table = renderResultTable(calc.tool.name, page.result);
    expect(table).not.toBe('');
    const part = html.slice(html.indexOf('data-result-table'));
    expect(part).toMatch(/^[^>]*>\s*<h2[^>]*>In detail<\/h2>\s*<p data-part-status aria-live="polite">For the answer above.<\/p>/);
    const body = part.indexOf('<div data-part-body>') + '<div data-part-body>'.length;
    expect(part.slice(body, body + table.length + 6)).toBe(`${table}</div>`);
  });

  it("recurring dates: the table lists the build day's occurrences from the next Monday in London, none of the worked example's", async () => {
    const calc = calculators.find((c) => c.tool.name === 'expand_recurrence')!;
    const html = read(`calculators/${calc.slug}/index.html`);
    const page = await pageAnswer(calc, LONDON, Date.parse(/data-built-at="([^"]+)"/.exec(html)![1]));
    const body = /data-result-table[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)![1];
    const rows = [...body.matchAll(/<tr><th scope="row" class="nowrap">(\w{3} [^<]+)<\/th>/g)].map((m) => m[1]);
    const occurrences = page.result.occurrences as { local_time: string }[];
    // The worked example's rule (every Monday, 3 times) from the page's start, a Monday at 09:00 London time (GMT or BST).
    expect(occurrences).toHaveLength(3);
    expect(rows).toEqual(occurrences.map((o) => `Mon ${o.local_time.slice(0, 10)} 09:00 ${o.local_time.endsWith('+01:00') ? 'UTC+01:00' : 'UTC'}`));
    expect(occurrences[0].local_time.slice(0, 16)).toBe(page.input.start);
    // The worked example's own occurrences (New York, March 2026) are in its section only.
    const example = exampleInput(calc.tool) as { start: string };
    expect(body).not.toContain(example.start.slice(0, 10));
  });

  it("no page's meta description names a year but the build's (or the next, as New Year's Day or a coming eclipse)", () => {
    const year = new Date(Date.parse(/data-built-at="([^"]+)"/.exec(read('calculators/date-difference/index.html'))![1])).getUTCFullYear();
    const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    for (const path of pages) {
      const description = decode(/<meta name="description" content="([^"]*)"/.exec(read(path))?.[1] ?? '');
      const years = [...description.matchAll(/\b(1[5-9]\d\d|2\d\d\d)\b/g)].map((m) => Number(m[1]));
      expect(
        years.filter((y) => y !== year && y !== year + 1),
        `${path}: ${description}`,
      ).toEqual([]);
    }
  });

  it("the home page carries London's time, sun, Moon and next holiday at the build, stated so", () => {
    const html = read('index.html');
    expect(html).toMatch(/data-home-caption>Computed when this page was built, for London on \w+day \d+ \w+ \d{4}; your own time needs JavaScript</);
    expect(html).toMatch(/data-home-sun>Sunrise \d\d:\d\d, sunset \d\d:\d\d in London \(\d+ h \d+ min of daylight\)\.</);
    expect(html).toMatch(/data-home-moon>Moon: [a-z ]+, \d+% lit\.</);
    expect(html).toMatch(/data-home-holiday>Next public holiday in United Kingdom: /);
    expect(html).toMatch(/data-home-zone>Time zone: Europe\/London, UTC\+0[01]:00 \((GMT|BST)\)\.</);
  });
});
