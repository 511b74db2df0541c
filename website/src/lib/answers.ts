/**
 * The page's direct answer: the tool's declared sentence (its calculator's `answer`) about a result,
 * led by the inputs. Browser-safe.
 */
import { ANSWER_WORDS, type AnswerWords } from '../../../engine/tool.ts';
import { describeInput } from './calls.ts';

// biome-ignore lint/suspicious/noExplicitAny: a sentence reads the fields of any tool's result
export type AnswerSentence = (result: any, words: AnswerWords) => string;

/**
 * A sentence from its source text, as a page carries it for tools whose module cannot run in a browser
 * (their answers come from the API). The text is the site build's own (the declaration's function,
 * self-contained by contract), never anything a visitor sent.
 */
export const sentenceFromSource = (source: string): AnswerSentence => new Function(`return (${source});`)() as AnswerSentence;

/** One sentence: the input and the headline of the engine's answer. */
export function directAnswer(sentence: AnswerSentence | undefined, input: Record<string, unknown>, result: Record<string, unknown>): string {
  let text: string | undefined;
  try {
    text = sentence?.(result, ANSWER_WORDS);
  } catch {
    text = undefined;
  }
  const lead = `For ${describeInput(input)}:`;
  if (text && !text.includes('undefined')) return `${lead} ${text}`;
  const scalars = Object.entries(result)
    .filter(([, v]) => typeof v !== 'object' || v === null)
    .slice(0, 4);
  return `${lead} ${scalars.map(([k, v]) => `${k} = ${v}`).join(', ') || 'see the full result below'}.`;
}
