/**
 * The calculators that open on now and here by a rule of their own (website/src/lib/now-rules.ts, issue
 * 32), pinned for a fixed build instant (never today's clock): the input the build computes for London
 * and the one a visitor's place gives, the caption that says so, and the engine's answer for it. The
 * calendar facts are the Gregorian calendar's (28 November 2026 is a Saturday); the United Kingdom's
 * holidays are GOV.UK's bank holidays for England and Wales 2026 (Christmas Day Friday 25 December,
 * Boxing Day Saturday 26 December, substitute day Monday 28 December); Saudi Arabia's weekend is
 * Friday and Saturday (CLDR weekData, weekendStart fri, weekendEnd sat); the cities' positions are tzdb's
 * zone.tab (datasets/tzdb/zone-tab.json).
 */
import '../../website/src/lib/engine-server.ts';
import { describe, expect, it } from 'vitest';
import { toolByName } from '../../engine/index.ts';
import { directAnswer } from '../../website/src/lib/answers.ts';
import { inputWords } from '../../website/src/lib/labels.ts';
import { pageAnswer } from '../../website/src/lib/now-answer.ts';
import { LONDON, placeOfZone } from '../../website/src/lib/now-here.ts';
import { nearestZoneCity, OPENINGS, openingInput, opensOnNowAndHere } from '../../website/src/lib/now-rules.ts';
import { formValues } from '../../website/src/lib/form-values.ts';
import { calculators, solve } from '../../website/src/lib/site.ts';

const BUILT = Date.parse('2026-11-28T15:00:00Z');
const calc = (name: string) => calculators.find((c) => c.tool.name === name)!;
const listHolidays = (at: number) => async (input: Record<string, unknown>) =>
  (await solve(toolByName('list_holidays')!, input, { now: () => new Date(at) })) as Record<string, unknown>;
/** A visitor's opening (their zone's city, the instant `at`), as the page's script asks for it. */
const opening = (name: string, zone: string, at = BUILT) => openingInput(calc(name).tool, formValues(calc(name)), placeOfZone(zone), at, listHolidays(at));

/** The page's sentence for the built answer, as [slug].astro words it. */
async function built(name: string, at = BUILT) {
  const page = await pageAnswer(calc(name), LONDON, at);
  const { tool } = calc(name);
  return { ...page, answer: directAnswer(tool.calculator!.answer, page.input, page.result, inputWords(tool, Object.keys(page.input)), page.places) };
}

const SINGAPORE_END = { lat: 1.359167, lon: 103.989444 }; // the worked example's Changi end (GeodSolve's SIN)
const NEW_YORK_END = { lat: 40.639722, lon: -73.778889 }; // its JFK end

describe('the rules', () => {
  it('cover the date and geometry calculators that opened on another year or place, and only calculators with a page', () => {
    expect(Object.keys(OPENINGS).sort()).toEqual([
      'count_business_days',
      'date_add',
      'date_difference',
      'expand_recurrence',
      'geo_bounding_box',
      'geo_distance',
      'geo_midpoint',
      'geo_nearby',
      'search_places',
    ]);
    for (const name of Object.keys(OPENINGS)) expect(opensOnNowAndHere(calc(name).tool), name).toBe(true);
  });

  it("names an end by zone.tab's nearest city within 50 km, or not at all", () => {
    expect(nearestZoneCity(NEW_YORK_END.lat, NEW_YORK_END.lon)).toBe('New York');
    expect(nearestZoneCity(SINGAPORE_END.lat, SINGAPORE_END.lon)).toBe('Singapore');
    expect(nearestZoneCity(30, -40)).toBeUndefined(); // mid-Atlantic
  });
});

describe("the build's answers, for London at 15:00 UTC on 28 November 2026", () => {
  it('date difference: from the build day to 1 January of next year', async () => {
    const page = await built('date_difference');
    expect(page.input).toEqual({ start: '2026-11-28', end: '2027-01-01' });
    expect(page.caption).toBe('Computed when this page was built: days from 28 November 2026 to 1 January 2027');
    // 2 days left in November, 31 in December, and the step into 1 January.
    expect(page.answer).toBe('For start date 2026-11-28, end date 2027-01-01: From 2026-11-28 to 2027-01-01 is 34 days (1 month, 4 days).');
    expect(page.isNow).toBe(true);
  });

  it("the day is the place's: late on 31 December UTC it is already 1 January in Auckland", async () => {
    const at = Date.parse('2026-12-31T23:30:00Z');
    expect((await built('date_difference', at)).input).toEqual({ start: '2026-12-31', end: '2027-01-01' });
    expect((await opening('date_difference', 'Pacific/Auckland', at))!.input).toEqual({ start: '2027-01-01', end: '2028-01-01' });
  });

  it("add to a date: the build day plus the worked example's amounts", async () => {
    const page = await built('date_add');
    expect(page.input).toEqual({ start: '2026-11-28', months: 1, days: 1 });
    expect(page.caption).toBe('Computed when this page was built: 28 November 2026 plus 1 month and 1 day');
    expect(page.answer).toBe('For start date 2026-11-28, 1 month, 1 day: The resulting date is 2026-12-29.');
  });

  it("business days: to the end of the year, with the United Kingdom's public holidays in that span", async () => {
    const page = await built('count_business_days');
    expect(page.input).toEqual({ start: '2026-11-28', end: '2026-12-31', holidays: ['2026-12-25', '2026-12-26', '2026-12-28'] });
    expect(page.caption).toBe(
      'Computed when this page was built: business days from 28 November 2026 to 31 December 2026, the end of the year, with public holidays in United Kingdom',
    );
    // 34 days: 10 Saturdays and Sundays (Boxing Day among them), Christmas Day and the substitute Monday.
    expect(page.result).toMatchObject({ total_days: 34, business_days: 22, weekend_days: 10, holidays_excluded: 2 });
  });

  it('distance and midpoint: from London to the worked example’s end farther from it, both named', async () => {
    for (const [name, words] of [
      ['geo_distance', 'from London to Singapore'],
      ['geo_midpoint', 'halfway from London to Singapore'],
    ] as const) {
      const page = await built(name);
      expect(page.input, name).toEqual({ from_lat: 51.5074, from_lon: -0.1278, to_lat: SINGAPORE_END.lat, to_lon: SINGAPORE_END.lon });
      expect(page.caption, name).toBe(`Computed when this page was built: ${words}`);
      expect(page.answer, name).toMatch(/^From London \(51\.5074° N 0\.1278° W\), to Singapore \(1\.3592° N 103\.9894° E\): /);
    }
    // London to Singapore is about 10,860 km along the geodesic (Heathrow–Changi, 22 km further west, is about 10,880 km).
    const km = (await built('geo_distance')).result.kilometers as number;
    expect(km).toBeGreaterThan(10_800);
    expect(km).toBeLessThan(10_900);
  });

  it("recurring dates: the worked example's rule from the next Monday at its 09:00, in London's zone", async () => {
    const page = await built('expand_recurrence');
    expect(page.input).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', start: '2026-11-30T09:00', timezone: 'Europe/London' });
    expect(page.caption).toBe('Computed when this page was built: occurrences from Monday 30 November 2026 at 09:00 in Europe/London');
    // GMT all winter: 09:00 in London is 09:00 UTC.
    expect(page.answer).toBe(
      'For recurrence rule (RRULE) FREQ=WEEKLY;BYDAY=MO;COUNT=3, first occurrence (local time) 2026-11-30T09:00, time zone Europe/London: ' +
        '3 occurrences in Europe/London: the first at 09:00 on Monday 30 November 2026 (UTC), the last at 09:00 on Monday 14 December 2026 (UTC).',
    );
    // On a Monday the next Monday is a week on, never today (whose 09:00 may be past).
    const monday = Date.parse('2026-11-30T08:00:00Z');
    expect((await opening('expand_recurrence', 'Asia/Tokyo', monday))!.input).toMatchObject({ start: '2026-12-07T09:00', timezone: 'Asia/Tokyo' });
  });

  it("places nearby (the server's alone): London's at the worked example's radius, not Paris's", async () => {
    const page = await built('geo_nearby');
    expect(page.input).toEqual({ lat: 51.5074, lon: -0.1278, radius_km: 10, limit: 3 });
    expect(page.caption).toBe('Computed when this page was built: places within 10 km of London');
    // GeoNames' cities500: London itself is the nearest place to zone.tab's London position.
    const places = page.result.places as { name: string; country: string }[];
    expect(places[0]).toMatchObject({ name: 'London', country: 'GB' });
    expect(places.every((p) => p.country === 'GB')).toBe(true);
  });

  it("place search (the server's alone): the places named London, the capital first", async () => {
    const page = await built('search_places');
    expect(page.input).toMatchObject({ q: 'London' });
    expect(page.caption).toBe('Computed when this page was built: the places named London');
    // GeoNames: London, England (2643743) is the most populous place of that name; London, Ontario follows.
    const places = page.result.places as { name: string; country: string; geonames_id: number }[];
    expect(places[0]).toMatchObject({ name: 'London', country: 'GB', geonames_id: 2643743 });
    expect(places.some((p) => p.country === 'CA')).toBe(true);
  });

  it("bounding box: around London, at the worked example's radius", async () => {
    const page = await built('geo_bounding_box');
    expect(page.input).toEqual({ lat: 51.5074, lon: -0.1278, radius_km: 200 });
    expect(page.caption).toBe('Computed when this page was built: around London within 200 km');
    // 200 km is 1.7986° of latitude on the 6371.0088 km sphere: 51.5074 ± 1.7986.
    expect(page.answer).toMatch(/^For London \(51\.5074° N 0\.1278° W\), radius 200 km: The box runs from latitude 49\.7088 to 53\.306 /);
  });
});

describe("a visitor's opening", () => {
  it("New York and Tokyo go to the far end of the example, Singapore's to New York", async () => {
    const ends = async (zone: string) => {
      const o = (await opening('geo_distance', zone))!;
      return [o.input.to_lat, o.places.map((p) => p.name)];
    };
    expect(await ends('America/New_York')).toEqual([SINGAPORE_END.lat, ['New York', 'Singapore']]);
    expect(await ends('Asia/Singapore')).toEqual([NEW_YORK_END.lat, ['Singapore', 'New York']]);
    expect(await ends('Asia/Tokyo')).toEqual([NEW_YORK_END.lat, ['Tokyo', 'New York']]);
  });

  it("business days take the country's weekend (Saudi Arabia: Friday and Saturday); a zone without a country, weekends only", async () => {
    const riyadh = (await opening('count_business_days', 'Asia/Riyadh'))!;
    expect(riyadh.input).toEqual({ start: '2026-11-28', end: '2026-12-31', weekend: [5, 6] });
    const utc = (await opening('count_business_days', 'Etc/UTC'))!;
    expect(utc.input).toEqual({ start: '2026-11-28', end: '2026-12-31' });
    expect(utc.says!({ today: 'today, 28 November 2026,', here: 'London', zone: 'Etc/UTC' })).toBe(
      'Business days from today, 28 November 2026, to 31 December 2026, the end of the year, weekends only (your time zone names no country)',
    );
  });

  it("says what it is for in the visitor's words", async () => {
    const o = (await opening('geo_distance', 'America/New_York'))!;
    const newYork = {
      today: 'today, 28 November 2026,',
      here: "New York, your time zone's city,",
      country: 'United States',
      zone: 'your time zone, America/New_York',
    };
    expect(o.says!(newYork)).toBe("From New York, your time zone's city, to Singapore");
    const d = (await opening('date_difference', 'America/New_York'))!;
    expect(d.says!(newYork)).toBe('Days from today, 28 November 2026, to 1 January 2027');
    const r = (await opening('expand_recurrence', 'America/New_York'))!;
    expect(r.says!(newYork)).toBe('Occurrences from Monday 30 November 2026 at 09:00 in your time zone, America/New_York');
  });
});
