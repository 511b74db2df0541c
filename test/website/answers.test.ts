/**
 * The calculators' answer sentences, declared on each tool: a page ships a server tool's sentence as
 * source text to word the API's answers, so each must be self-contained (use only its arguments).
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { ANSWER_WORDS, EXAMPLE_CLOCK } from '../../engine/tool.ts';
import { directAnswer, sentenceFromSource } from '../../website/src/lib/answers.ts';
import { fixedClock } from '../helpers.ts';

const calculators = registry.filter((t) => t.calculator);

describe('answer sentences', () => {
  it.each(calculators.map((t) => [t.name, t] as const))('%s: its sentence works from its source text alone, for every example', async (_name, tool) => {
    const answer = tool.calculator!.answer;
    const shipped = sentenceFromSource(answer.toString());
    for (const example of tool.examples) {
      const result = tool.output.parse(await tool.run(tool.input.parse(example.input), fixedClock(EXAMPLE_CLOCK)));
      const sentence = answer(result, ANSWER_WORDS);
      expect(sentence).not.toContain('undefined');
      expect(sentence).toMatch(/[.!?]$/);
      expect(shipped(result, ANSWER_WORDS)).toBe(sentence);
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
});
