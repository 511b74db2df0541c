/**
 * The calculators' answer sentences, declared on each tool: a page loads the tool's module and words
 * every answer (the API's too, for server tools) with its sentence.
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { ANSWER_WORDS, EXAMPLE_CLOCK } from '../../engine/tool.ts';
import { describeForPeople, directAnswer } from '../../website/src/lib/answers.ts';
import { inputWords } from '../../website/src/lib/labels.ts';
import { fixedClock } from '../helpers.ts';

const calculators = registry.filter((t) => t.calculator);

describe('answer sentences', () => {
  it.each(calculators.map((t) => [t.name, t] as const))('%s: its sentence words every example', async (_name, tool) => {
    const answer = tool.calculator!.answer;
    for (const example of tool.examples) {
      const result = tool.output.parse(await tool.run(tool.input.parse(example.input), fixedClock(EXAMPLE_CLOCK)));
      const sentence = answer(result, ANSWER_WORDS);
      expect(sentence).not.toContain('undefined');
      expect(sentence).toMatch(/[.!?]$/);
    }
  });

  it('leads with the inputs, and falls back to the headline fields when a sentence cannot be written', () => {
    const sentence = (r: { n: number }, w: typeof ANSWER_WORDS) => `There are ${w.plural(r.n, 'day')}.`;
    expect(directAnswer(sentence, { start: '2024-01-01' }, { n: 1 })).toBe('For start=2024-01-01: There are 1 day.');
    expect(directAnswer(sentence, { a: 1 }, { n: 2 })).toBe('For a=1: There are 2 days.');
    expect(
      directAnswer(
        () => {
          throw new Error('no');
        },
        { a: 1 },
        { n: 2, x: 'y' },
      ),
    ).toBe('For a=1: n = 2, x = y.');
    expect(directAnswer(undefined, { a: 1 }, { nested: {} })).toBe('For a=1: see the full result below.');
  });

  it('words counts, choices and month codes as people write them (issue 32: "eclipses to list 1", "months 1 months", "For from")', async () => {
    const tool = (name: string) => registry.find((t) => t.name === name)!;
    const lead = (name: string, input: Record<string, unknown>) => describeForPeople(input, inputWords(tool(name), Object.keys(input)));
    expect(lead('eclipses', { kind: 'solar', after: '2024-04-01', count: 1 })).toBe('solar eclipse, after 2024-04-01, 1 eclipse');
    expect(lead('date_add', { start: '2024-01-31', months: 1, days: 2 })).toBe('start date 2024-01-31, 1 month, 2 days');
    expect(lead('next_holidays', { country: 'US', count: 2 })).toBe('country US, 2 holidays');
    expect(lead('search_places', { q: 'München', limit: 1 })).toMatch(/, at most 1 result$/);
    // Month codes by name in their calendar (Hebrew M01 is Tishri; Chinese M05L the leap fifth month).
    expect(lead('convert_calendar', { calendar: 'hebrew', year: 5787, month: 'M01', day: 1 })).toBe('Hebrew calendar, year 5787, month Tishri, day 1');
    expect(lead('convert_calendar', { calendar: 'chinese', year: 2025, month: 'M06L', day: 1 })).toBe(
      'Chinese calendar, year 2025, month Leap Sixth Month, day 1',
    );
    expect(lead('convert_calendar', { calendar: 'islamic-tbla', year: 1447, month: 'M09', day: 1 })).toBe(
      'Islamic (tabular, astronomical epoch) calendar, year 1447, month 9, day 1',
    );
    // A zone keeps its underscore; a lead that begins "from" is not "For from".
    expect(lead('sun_events', { lat: 0, lon: 0, timezone: 'America/New_York' })).toBe('0° N 0° E, time zone America/New_York');
    const phases = tool('moon_phases');
    const result = phases.output.parse(await phases.run(phases.input.parse({ start: '2026-01-01' }), fixedClock(EXAMPLE_CLOCK))) as Record<string, unknown>;
    expect(directAnswer(phases.calculator!.answer, { start: '2026-01-01' }, result, inputWords(phases, ['start']))).toMatch(/^From 2026-01-01: /);
  });

  it('leaves out zero parts of a difference: "27 days", not "0 years, 0 months, 27 days"', async () => {
    const tool = registry.find((t) => t.name === 'date_difference')!;
    const say = async (start: string, end: string) =>
      tool.calculator!.answer(tool.output.parse(await tool.run(tool.input.parse({ start, end }), fixedClock(EXAMPLE_CLOCK))), ANSWER_WORDS);
    expect(await say('2026-11-01', '2026-11-28')).toBe('From 2026-11-01 to 2026-11-28 is 27 days.');
    expect(await say('2024-01-31', '2024-03-01')).toBe('From 2024-01-31 to 2024-03-01 is 30 days (1 month, 1 day).');
    expect(await say('2025-01-01', '2026-01-01')).toBe('From 2025-01-01 to 2026-01-01 is 365 days (1 year).');
  });

  it("names the inputs in the form's words for people: a coordinate pair as one position, labels, units, yes/no", () => {
    const tool = registry.find((t) => t.name === 'geo_distance')!;
    const input = { from_lat: 48.8566, from_lon: 2.3522, to_lat: -33.8688, to_lon: -151.20931 };
    expect(describeForPeople(input, inputWords(tool, Object.keys(input)))).toBe('from 48.8566° N 2.3522° E, to 33.8688° S 151.2093° W');
    const sun = registry.find((t) => t.name === 'sun_events')!;
    const asked = { lat: 0, lon: 0, date: '2026-06-21', timezone: 'Europe/London', elevation_m: 120 };
    expect(describeForPeople(asked, inputWords(sun, Object.keys(asked)))).toBe(
      '0° N 0° E, date 2026-06-21, time zone Europe/London, height above the terrain 120 m',
    );
    const days = registry.find((t) => t.name === 'count_business_days')!;
    const span = { start: '2024-01-01', end: '2024-03-01', include_end: true };
    expect(describeForPeople(span, inputWords(days, Object.keys(span)))).toBe('start date 2024-01-01, end date 2024-03-01, count the end date: yes');
    // Without the form's words (llms.txt, agents): the API's names.
    expect(describeForPeople(span)).toBe('start=2024-01-01, end=2024-03-01, include_end=true');
    // A half-given pair stays two inputs; a list of objects is counted.
    expect(
      describeForPeople(
        { lat: 10, participants: [{ timezone: 'UTC' }, { timezone: 'Asia/Tokyo' }] },
        { lat: { label: 'Latitude', unit: '°' }, participants: { label: 'Participants' } },
      ),
    ).toBe('latitude 10°, 2 participants');
  });
});
