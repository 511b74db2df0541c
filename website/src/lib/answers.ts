/**
 * The page's direct answer: the tool's declared sentence (its calculator's `answer`) about a result,
 * led by the inputs. Browser-safe.
 */
import { ANSWER_WORDS, type AnswerWords } from '../../../engine/browser/index.ts';
import { describeInput, text as asText } from './calls.ts';
import { monthWords, valueWords } from './plain-words.ts';

/** An input's words on a calculator form (website/src/lib/labels.ts): its label and unit. */
export type InputWords = Record<string, { label: string; unit?: string; options?: Readonly<Record<string, string>> }>;

/** A named place whose position a page filled in (`London`): the lead names it before its coordinates (any pair's). */
export interface NamedPlace {
  name: string;
  lat: number;
  lon: number;
}

const degrees = (v: number, positive: string, negative: string) => `${Math.abs(Number(v.toFixed(4)))}° ${v < 0 ? negative : positive}`;
const isObject = (v: unknown) => v !== null && typeof v === 'object';

/**
 * The inputs as a person reads them, in the form's words: `51.5074° N 0.1278° W, date 2026-06-21,
 * time zone Europe/London` (a coordinate pair as one position, each other input by its label and unit,
 * yes/no for switches, a count for a list of objects). Without the form's words (llms.txt, agents'
 * material), the inputs by their API names.
 */
export function describeForPeople(input: Record<string, unknown>, words?: InputWords, place?: NamedPlace | readonly NamedPlace[]): string {
  if (!words) return describeInput(input);
  const parts: string[] = [];
  const done = new Set<string>();
  for (const [name, value] of Object.entries(input)) {
    if (done.has(name)) continue;
    const pair = /^(.*)(lat|lon)$/.exec(name)?.[1];
    const [lat, lon] = pair === undefined ? [] : [input[`${pair}lat`], input[`${pair}lon`]];
    if (typeof lat === 'number' && typeof lon === 'number') {
      done.add(`${pair}lat`).add(`${pair}lon`);
      const position = `${degrees(lat, 'N', 'S')} ${degrees(lon, 'E', 'W')}`;
      const known = [place ?? []].flat().find((p) => p.lat === lat && p.lon === lon);
      const named = known ? `${known.name} (${position})` : position;
      parts.push(`${pair ? `${pair.replace(/_$/, '')} ` : ''}${named}`);
      continue;
    }
    const word = words[name];
    const label = word ? `${word.label[0].toLowerCase()}${word.label.slice(1)}` : name;
    const unit = !word?.unit ? '' : word.unit === '°' ? '°' : ` ${word.unit}`;
    // "N eclipses", "at most N results", "1 month": a count worded once, not "eclipses to list 1", "months 1 months".
    const counted = /^(.+) to list$/.exec(label)?.[1] ?? /^most (.+)$/.exec(label)?.[1] ?? (word?.unit && word.unit === label ? label : undefined);
    if (typeof value === 'boolean') parts.push(`${label}: ${value ? 'yes' : 'no'}`);
    else if (Array.isArray(value) && value.some(isObject)) parts.push(`${value.length} ${label}`);
    else if (typeof value === 'number' && counted)
      parts.push(`${label.startsWith('most ') ? 'at most ' : ''}${value} ${value === 1 ? counted.replace(/s$/, '') : counted}`);
    else if (typeof value === 'string' && (word?.options || /^[a-z]+(_[a-z]+)+$/.test(value))) {
      // "solar eclipse", "Hebrew calendar", "phase waning gibbous": the value's words, not its API spelling.
      const said = valueWords(value, word?.options);
      parts.push(!word?.options ? `${label} ${said}` : said.toLowerCase().includes(label) ? `${said[0].toLowerCase()}${said.slice(1)}` : `${said} ${label}`);
    } else if (typeof value === 'string' && /^M\d\d/.test(value))
      parts.push(`${label} ${monthWords(value, asText(input.calendar))}`.replace(/^month month/, 'month'));
    else parts.push(`${label} ${asText(value)}${unit}`);
  }
  return parts.join(', ');
}

// biome-ignore lint/suspicious/noExplicitAny: a sentence reads the fields of any tool's result
export type AnswerSentence = (result: any, words: AnswerWords) => string;

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
  words?: InputWords,
  place?: NamedPlace | readonly NamedPlace[],
): { lead: string; text: string } {
  const shown = roundForReading(result) as Record<string, unknown>;
  let text: string | undefined;
  try {
    text = sentence?.(shown, ANSWER_WORDS);
  } catch {
    text = undefined;
  }
  const asked = describeForPeople(input, words, place);
  // "From 2026-11-27:", not "For from 2026-11-27:".
  const lead = /^(from|after|before) /.test(asked) ? `${asked[0].toUpperCase()}${asked.slice(1)}:` : `For ${asked}:`;
  if (text && !text.includes('undefined')) return { lead, text };
  const scalars = Object.entries(shown)
    .filter(([, v]) => typeof v !== 'object' || v === null)
    .slice(0, 4);
  return { lead, text: `${scalars.map(([k, v]) => `${k} = ${v}`).join(', ') || 'see the full result below'}.` };
}

/** One sentence: the input and the headline of the engine's answer, its numbers rounded for reading. */
export function directAnswer(
  sentence: AnswerSentence | undefined,
  input: Record<string, unknown>,
  result: Record<string, unknown>,
  words?: InputWords,
  place?: NamedPlace | readonly NamedPlace[],
): string {
  const { lead, text } = answerParts(sentence, input, result, words, place);
  return `${lead} ${text}`;
}
