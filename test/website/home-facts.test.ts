/**
 * The home page's "today, here" in words (website/src/lib/home-facts.ts), from the engine's own tools:
 * Berlin's day, Longyearbyen's polar night and midnight sun (78° N: no sunrise from late October to mid
 * February, no sunset from late April to late August), and a zone without a country (UTC) said so.
 */
import '../../website/src/lib/engine-server.ts';
import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { supportedCountries } from '../../engine/holidays/calendar-data.ts';
import { homeFacts, type RunTool } from '../../website/src/lib/home-facts.ts';
import { placeOfZone } from '../../website/src/lib/now-here.ts';

const runAt =
  (ms: number): RunTool =>
  async (name, input) => {
    const tool = registry.find((t) => t.name === name)!;
    return tool.output.parse(await tool.run(tool.input.parse(input), { now: () => new Date(ms) })) as Record<string, unknown>;
  };
const names = new Map(supportedCountries().map((c) => [c.code, c.name]));
const countryName = (code: string) => names.get(code) ?? code;

describe("the home page's facts", () => {
  it("Berlin on 2026-11-28: its time, zone, sun, Moon and Germany's next public holiday", async () => {
    const at = Date.parse('2026-11-28T11:00:00Z');
    const facts = await homeFacts(placeOfZone('Europe/Berlin'), at, runAt(at), countryName);
    expect(facts).toMatchObject({ time: '12:00', day: 'Saturday 28 November 2026', zone: 'Europe/Berlin, UTC+01:00 (CET)', offsetSeconds: 3600 });
    // Late November at 52.5° N: sunrise just before 08:00 CET, sunset just before 16:00, about 8 hours of daylight.
    expect(facts.sun).toMatch(/^Sunrise 07:[45]\d, sunset 15:[45]\d in Berlin \(8 h \d+ min of daylight\)\.$/);
    expect(facts.moon).toMatch(/^Moon: waning gibbous, \d+% lit\.$/);
    expect(facts.holiday).toBe('Next public holiday in Germany: Christmas Day, Friday 25 December 2026 (in 27 days).');
  });

  it('Longyearbyen: polar night in December, midnight sun in June', async () => {
    const here = placeOfZone('Arctic/Longyearbyen');
    expect(here.city).toBe('Longyearbyen');
    const december = Date.parse('2026-12-21T12:00:00Z');
    expect((await homeFacts(here, december, runAt(december), countryName)).sun).toBe('The Sun does not rise in Longyearbyen today (polar night).');
    const june = Date.parse('2026-06-21T12:00:00Z');
    expect((await homeFacts(here, june, runAt(june), countryName)).sun).toBe('The Sun does not set in Longyearbyen today (midnight sun).');
  });

  it('a zone without a country (UTC) shows London, and no holidays, saying why', async () => {
    const at = Date.parse('2026-11-28T11:00:00Z');
    const facts = await homeFacts(placeOfZone('UTC'), at, runAt(at), countryName);
    expect(facts.zone).toBe('UTC, UTC+00:00 (UTC)');
    expect(facts.sun).toMatch(/ in London /);
    expect(facts.holiday).toBe('Your time zone, UTC, names no country, so no public holidays are shown.');
  });
});
