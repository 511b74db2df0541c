/**
 * The city pages (/time/<country>/<city>/): which places get one and at which address, their words, and
 * in the built site: a page for London, Tokyo and small capitals, its numbers the engine's for the build
 * instant, canonical link and JSON-LD, under 60 KB gzipped, in the sitemap, catalog and llms.txt.
 * The pages in Chromium are in city-pages-browser.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CITIES500_FILE, holidayCountryCodes, toolByName } from '../../engine/index.ts';
import { assignSlugs, chooseRows, cityPlaces, slugOf } from '../../website/src/lib/city-pages-list.ts';
import { pageTitle } from '../../website/src/lib/city-pages.ts';
import {
  clockWords,
  dateWords,
  moonWords,
  nextChangeWords,
  phaseItems,
  type Span,
  sunCells,
  sunWords,
  zoneLabel,
} from '../../website/src/lib/city-pages-words.ts';
import { SITE_URL, buildSite } from './build-site.ts';
import { CITY_PAGE_SAMPLE } from './site-pages.ts';
import { pageWeight } from './city-pages-weight.ts';

async function answer<T>(name: string, input: Record<string, unknown>, at: string): Promise<T> {
  const tool = toolByName(name)!;
  return tool.output.parse(await tool.run(tool.input.parse(input), { now: () => new Date(at) })) as T;
}

/** The zone's offset at `at` and its next changes, as get_time_in_zone gives them. */
async function spansFrom(zone: string, at: string, changes: number): Promise<Span[]> {
  type Now = { utc_offset_seconds: number; abbreviation: string | null; dst: boolean; next_transition: { at: string } | null };
  const now = await answer<Now>('get_time_in_zone', { timezone: zone, at }, at);
  const spans: Span[] = [{ fromMs: Date.parse(at), offset: now.utc_offset_seconds, abbreviation: now.abbreviation, dst: now.dst }];
  let next = now.next_transition;
  while (next && spans.length <= changes) {
    const then = await answer<Now>('get_time_in_zone', { timezone: zone, at: next.at }, at);
    spans.push({ fromMs: Date.parse(next.at), offset: then.utc_offset_seconds, abbreviation: then.abbreviation, dst: then.dst });
    next = then.next_transition;
  }
  return spans;
}

describe('which places get a page, and their addresses', () => {
  it('slugs are lower-case ASCII words', () => {
    expect(slugOf('São Paulo')).toBe('sao-paulo');
    expect(slugOf('Côte d’Ivoire')).toBe('cote-d-ivoire');
    expect(slugOf('Nuku‘alofa')).toBe('nuku-alofa');
    expect(slugOf('Düsseldorf')).toBe('dusseldorf');
    expect(slugOf('Łódź')).toBe('lodz');
    expect(slugOf('St. Barthélemy')).toBe('st-barthelemy');
  });

  it('places sharing a name in one country take their division, then their GeoNames id', () => {
    const place = (geonamesId: number, asciiName: string, division: string | null, country = 'US', countryName = 'United States') => ({
      geonamesId,
      asciiName,
      division,
      country,
      countryName,
    });
    // GeoNames 5746545 Portland, Oregon and 4975802 Portland, Maine.
    const paths = assignSlugs([
      place(5746545, 'Portland', 'Oregon'),
      place(4975802, 'Portland', 'Maine'),
      place(1, 'Springfield', 'Illinois'),
      place(2, 'Portland', 'Victoria', 'AU', 'Australia'),
      place(3, 'Changzhi', 'Shanxi', 'CN', 'China'),
      place(4, 'Changzhi', 'Shanxi', 'CN', 'China'),
    ]).map((p) => p.path);
    expect(paths).toEqual([
      '/time/united-states/portland-oregon/',
      '/time/united-states/portland-maine/',
      '/time/united-states/springfield/',
      '/time/australia/portland/',
      '/time/china/changzhi-shanxi-3/',
      '/time/china/changzhi-shanxi-4/',
    ]);
  });

  it('the most populous places and every capital, sections of places left out', () => {
    const row = (id: number, feature: string, population: number) => ({ id, name: `P${id}`, ascii: `P${id}`, feature, country: 'XX', population });
    const chosen = chooseRows([row(1, 'PPL', 900), row(2, 'PPLC', 10), row(3, 'PPLA', 800), row(4, 'PPL', 100)], 2);
    expect(chosen.map((r) => [r.id, r.capital])).toEqual([
      [1, false],
      [3, false],
      [2, true],
    ]);
  });

  it('the list: over 1,000 places, every capital of cities500 once, unique addresses, London and Vaduz where expected', async () => {
    const places = await cityPlaces();
    const capitals = readFileSync(CITIES500_FILE, 'utf8')
      .split('\n')
      .filter((line) => line.split('\t')[7] === 'PPLC')
      .map((line) => Number(line.split('\t')[0]));
    expect(places.length).toBeGreaterThan(1000);
    expect(
      places
        .filter((p) => p.capital)
        .map((p) => p.geonamesId)
        .sort(),
    ).toEqual([...capitals].sort());
    expect(new Set(places.map((p) => p.path)).size).toBe(places.length);
    for (const p of places) expect(p.path).toMatch(/^\/time\/[a-z0-9-]+\/[a-z0-9-]+\/$/);
    const byPath = new Map(places.map((p) => [p.path, p]));
    // GeoNames 2643743 London (PPLC), 1850147 Tokyo, 3042030 Vaduz, 2110394 Funafuti.
    expect(byPath.get('/time/united-kingdom/london/')).toMatchObject({ geonamesId: 2643743, timezone: 'Europe/London', capital: true });
    expect(byPath.get('/time/japan/tokyo/')).toMatchObject({ geonamesId: 1850147, timezone: 'Asia/Tokyo' });
    expect(byPath.get('/time/liechtenstein/vaduz/')).toMatchObject({ geonamesId: 3042030, timezone: 'Europe/Vaduz', capital: true });
    expect(byPath.get('/time/tuvalu/funafuti/')).toMatchObject({ geonamesId: 2110394, timezone: 'Pacific/Funafuti', capital: true });
    for (const path of CITY_PAGE_SAMPLE) if (path.split('/').length === 5) expect(byPath.has(path), path).toBe(true);
  });
});

describe("a city page's words", () => {
  it('the next clock change, from the tzdb: the EU switch (Directive 2000/84/EC, last Sunday of March at 01:00 UTC)', async () => {
    const spans = await spansFrom('Europe/London', '2026-11-28T12:00:00Z', 2);
    expect(zoneLabel(spans[0])).toBe('GMT (UTC+00:00)');
    expect(nextChangeWords(spans, Date.parse('2026-11-28T12:00:00Z'))).toBe(
      'On Sunday 28 March 2027 at 01:00 the clocks go forward one hour to 02:00 BST (UTC+01:00).',
    );
    // After it, the autumn change: last Sunday of October, 01:00 UTC.
    expect(nextChangeWords(spans, Date.parse('2027-04-01T00:00:00Z'))).toBe(
      'On Sunday 31 October 2027 at 02:00 the clocks go back one hour to 01:00 GMT (UTC+00:00).',
    );
  });

  it("Lord Howe Island's half-hour change (NSW Daylight Saving Act: first Sunday in October, 02:00 local)", async () => {
    const spans = await spansFrom('Australia/Lord_Howe', '2027-07-01T00:00:00Z', 1);
    expect(nextChangeWords(spans, Date.parse('2027-07-01T00:00:00Z'))).toBe(
      'On Sunday 3 October 2027 at 02:00 the clocks go forward 30 minutes to 02:30 UTC+11:00.',
    );
  });

  it("titles fit search results' 70 characters with the site's name, cut at a word when nothing fits", () => {
    expect(pageTitle(['Time in London, United Kingdom', 'Time in London'])).toBe('Time in London, United Kingdom');
    expect(pageTitle(['Time in Palikir - National Government Center, Micronesia', 'Time in Palikir - National Government Center'])).toBe(
      'Time in Palikir - National…',
    );
  });

  it('a zone without changes has none; polar night and midnight sun in words', async () => {
    expect(nextChangeWords(await spansFrom('Asia/Tokyo', '2026-11-28T12:00:00Z', 1), Date.parse('2026-11-28T12:00:00Z'))).toBeNull();
    const [north] = (
      await answer<{ days: Parameters<typeof sunWords>[0][] }>('sun_events', { lat: 78.22, lon: 15.65, date: '2026-12-21' }, '2026-11-28T12:00:00Z')
    ).days;
    expect(sunWords(north)).toBe('The Sun does not rise today (polar night).');
    expect(sunCells(north)).toContain('Sun down all day');
    expect(dateWords('2027-01-01')).toBe('Friday 1 January 2027');
    expect(clockWords('2026-11-28T07:39:31+00:00')).toBe('07:40');
  });
});

describe('the built city pages', () => {
  let dist = '';
  beforeAll(async () => {
    dist = await buildSite();
  }, 360_000);
  const read = (path: string) => readFileSync(join(dist, path, 'index.html'), 'utf8');
  const pageData = (html: string) => JSON.parse(/<script type="application\/json" id="city-page-data">([\s\S]*?)<\/script>/.exec(html)![1]);
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, '')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');

  it.each(['/time/united-kingdom/london/', '/time/japan/tokyo/', '/time/liechtenstein/vaduz/', '/time/tuvalu/funafuti/'])(
    "%s: the engine's numbers for the build instant",
    async (path) => {
      const html = read(path);
      const data = pageData(html);
      const place = (await cityPlaces()).find((p) => p.path === path)!;
      const at = data.built as string;
      const where = { lat: place.lat, lon: place.lon, timezone: place.timezone };
      const now = await answer<{ local_time: string }>('get_time_in_zone', { timezone: place.timezone, at }, at);
      expect(data.date).toBe(now.local_time.slice(0, 10));
      expect(data.spans[0].offset).toBe((await spansFrom(place.timezone, at, 0))[0].offset);
      const first = `${data.date.slice(0, 7)}-01`;
      const days = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)), 0)).getUTCDate();
      const sun = await answer<{ days: Parameters<typeof sunWords>[0][] }>('sun_events', { ...where, date: first, days }, at);
      const rows = [...html.matchAll(/<tr data-date="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)];
      expect(rows.map((r) => r[1])).toEqual(sun.days.map((d) => d.date));
      for (const [i, d] of sun.days.entries()) expect(rows[i][2]).toContain(sunCells(d));
      expect(text(html)).toContain(sunWords(sun.days.find((d) => d.date === data.date)!));
      const moon = await answer<{ days: Parameters<typeof moonWords>[0][] }>('moon_events', { ...where, date: data.date }, at);
      expect(text(html)).toContain(moonWords(moon.days[0]));
      const phases = await answer<{ phases: { phase: string; local_time: string }[] }>('moon_phases', { start: first, count: 5, timezone: place.timezone }, at);
      expect(html).toContain(phaseItems(phases.phases.filter((p) => p.local_time.startsWith(data.date.slice(0, 7)))));
      if (!holidayCountryCodes().includes(place.country)) {
        expect(text(html)).toContain(`The holiday data this site uses has no rules for ${place.countryName}.`);
        return;
      }
      const after = new Date(Date.parse(`${data.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const holidays = await answer<{ holidays: { date: string; name: string }[] }>('next_holidays', { country: place.country, after, count: 5 }, at);
      const listed = [...html.matchAll(/<li data-date="([^"]+)"(?! hidden)[^>]*>/g)].map((m) => m[1]);
      expect(listed).toEqual(holidays.holidays.map((h) => h.date));
      expect(html).toContain(`Time in ${place.name}`);
    },
  );

  it('canonical link, City and BreadcrumbList JSON-LD with the place', async () => {
    const html = read('/time/united-kingdom/london/');
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/time/united-kingdom/london/">`);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    const city = blocks.find((b) => b['@type'] === 'City');
    // GeoNames 2643743: London, 51.50853 N, 0.12574 W.
    expect(city).toMatchObject({
      name: 'London',
      url: `${SITE_URL}/time/united-kingdom/london/`,
      geo: { '@type': 'GeoCoordinates', latitude: 51.50853, longitude: -0.12574 },
      containedInPlace: { '@type': 'Country', name: 'United Kingdom', identifier: 'GB' },
    });
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Time & Coordinate Calculators',
      'Time in cities',
      'United Kingdom',
      'London',
    ]);
  });

  it('every city page is built, linked from /time/ and its country page, and in the sitemap, catalog and llms.txt', async () => {
    const places = await cityPlaces();
    const index = read('/time/');
    const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
    const catalog = JSON.parse(readFileSync(join(dist, 'calculator-catalog.json'), 'utf8'));
    const llms = readFileSync(join(dist, 'llms.txt'), 'utf8');
    expect(catalog.cityPages.count).toBe(places.length);
    const catalogUrls = new Set(catalog.cityPages.pages.map((p: { url: string }) => p.url));
    const countryPages = new Map<string, string>();
    for (const p of places) {
      const country = `/time/${p.countrySlug}/`;
      if (!countryPages.has(country)) countryPages.set(country, read(country));
      const html = read(p.path);
      expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${p.path}">`);
      // Search results cut longer titles (html-validate's long-title rule, checked here for every page).
      expect(/<title>([^<]*)<\/title>/.exec(html)![1].length, p.path).toBeLessThanOrEqual(70);
      expect(index).toContain(`href="${p.path}"`);
      expect(countryPages.get(country)).toContain(`href="${p.path}"`);
      expect(sitemap).toContain(`<loc>${SITE_URL}${p.path}</loc>`);
      expect(catalogUrls.has(`${SITE_URL}${p.path}`)).toBe(true);
    }
    for (const country of countryPages.keys()) expect(llms).toContain(`](${SITE_URL}${country})`);
    expect(llms).toContain(`[Time in cities](${SITE_URL}/time/)`);
  }, 60_000);

  it('each page weighs under 60 KB gzipped (HTML, CSS and the scripts it loads; data packs and what a later day fetches aside)', () => {
    for (const path of CITY_PAGE_SAMPLE) {
      if (path.split('/').length !== 5) continue;
      const weight = pageWeight(dist, path);
      expect(weight.total, `${path}: ${JSON.stringify(weight)}`).toBeLessThan(60 * 1024);
    }
  });
});
