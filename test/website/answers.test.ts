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
