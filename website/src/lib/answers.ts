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

/**
 * A result's numbers as a sentence shows them (the full-precision answer stays in the JSON): distances
 * to 0.1 km (3 significant figures under 1 km), angles to 0.1°, coordinates to 4 decimals (about
 * 11 m), other fractions to at most 3 decimals. Whole numbers, strings and the shape are kept.
 */
export function roundForReading(value: unknown, key = ''): unknown {
  if (typeof value === 'number') return Number.isInteger(value) || !Number.isFinite(value) ? value : roundNumber(value, key);
  if (Array.isArray(value)) return value.map((v) => roundForReading(v, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundForReading(v, k)]));
  }
  return value;
}

const significant = (v: number, digits: number) => Number(v.toPrecision(digits));
const decimals = (v: number, digits: number) => Number(v.toFixed(digits));

function roundNumber(v: number, key: string): number {
  if (/(^|_)(kilometers|miles|km|mi|m)$/.test(key) || /_(km|mi|m)$/.test(key)) return Math.abs(v) >= 1 ? decimals(v, 1) : significant(v, 3);
  if (/(^|_)(lat|lon|latitude|longitude)$/.test(key)) return decimals(v, 4);
  if (/_deg$/.test(key)) return decimals(v, 1);
  return Math.abs(v) >= 1 ? decimals(v, 3) : significant(v, 3);
}

/** The two parts of a direct answer: the inputs it is for, and the sentence. */
export function answerParts(
  sentence: AnswerSentence | undefined,
  input: Record<string, unknown>,
  result: Record<string, unknown>,
): { lead: string; text: string } {
  const shown = roundForReading(result) as Record<string, unknown>;
  let text: string | undefined;
  try {
    text = sentence?.(shown, ANSWER_WORDS);
  } catch {
    text = undefined;
  }
  const lead = `For ${describeInput(input)}:`;
  if (text && !text.includes('undefined')) return { lead, text };
  const scalars = Object.entries(shown)
    .filter(([, v]) => typeof v !== 'object' || v === null)
    .slice(0, 4);
  return { lead, text: `${scalars.map(([k, v]) => `${k} = ${v}`).join(', ') || 'see the full result below'}.` };
}

/** One sentence: the input and the headline of the engine's answer, its numbers rounded for reading. */
export function directAnswer(sentence: AnswerSentence | undefined, input: Record<string, unknown>, result: Record<string, unknown>): string {
  const { lead, text } = answerParts(sentence, input, result);
  return `${lead} ${text}`;
}
