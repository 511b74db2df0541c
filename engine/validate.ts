/**
 * Checking input against a tool's schema, and turning zod issues into the `{field, message}` list that
 * every front end shows (HTTP 400 `errors`, MCP `isError` text). One place, so the wording never
 * diverges. Reading a query string into input is the front ends' (service/query.ts).
 */
import type { z } from 'zod';
import { clipEcho } from './echo.ts';
import { fastParserOf, UNSURE, type FastParse } from './fast-parse.ts';

export interface FieldError {
  field: string;
  message: string;
  /** What an ambiguous or unknown name may have meant (a holiday country or subdivision), when the engine knows. */
  candidates?: { code: string; name: string }[];
}

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

/** `['points', 3, 'lat']` → `points[3].lat`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

const article = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);
const TYPE_WORDS: Record<string, string> = { int: 'whole number', object: 'JSON object', record: 'JSON object', array: 'list' };

/** A message a person can act on, for any zod issue (our own custom messages pass through). */
function messageOf(issue: z.core.$ZodIssue): string {
  const m = issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(m)) return 'is required';
      if (m.startsWith('Invalid input')) return `must be ${article(TYPE_WORDS[issue.expected] ?? issue.expected)}`;
      return m;
    case 'too_big':
    case 'too_small': {
      if (!/^Too (big|small)/.test(m)) return m;
      const big = issue.code === 'too_big';
      const limit = big ? (issue as { maximum: number | bigint }).maximum : (issue as { minimum: number | bigint }).minimum;
      const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at ${big ? 'most' : 'least'} ${limit} item${Number(limit) === 1 ? '' : 's'}`;
      if (issue.origin === 'string') return `must be at ${big ? 'most' : 'least'} ${limit} character${Number(limit) === 1 ? '' : 's'} long`;
      return `must be ${big ? (inclusive ? '≤' : '<') : inclusive ? '≥' : '>'} ${limit}`;
    }
    case 'invalid_value':
      return m.startsWith('Invalid') ? `must be one of: ${issue.values.map(String).join(', ')}` : m;
    case 'invalid_union':
      return m === 'Invalid input' ? 'has an invalid value' : m;
    default:
      return m;
  }
}

/** Field errors listed in one answer at most; the rest are counted ("and 80 more"). */
export const MAX_LISTED_ERRORS = 10;
/** Longest field name echoed back (a client's unknown key is its own text). */
export const MAX_FIELD = 80;
/**
 * Longest message echoed back. Messages are the engine's own text, quoting at most 200 characters of a
 * value (engine/echo.ts); the longest is a country's list of zones (`US` has 29: 676 characters), which
 * the contract has a 400 list in full.
 */
const MAX_MESSAGE = 700;

/**
 * The first {@link MAX_LISTED_ERRORS} errors (names and messages clipped), and the sentence that reads
 * them out (`Invalid parameters: lat must be ≤ 90; lon is required; and 3 more`, no closing stop): the
 * HTTP 400's `detail` and `errors`, and the MCP tool error's text, so an error stays small whatever was
 * sent and reads the same on either transport.
 */
export function describeErrors(errors: readonly FieldError[]): { listed: FieldError[]; text: string } {
  const listed = errors
    .slice(0, MAX_LISTED_ERRORS)
    .map((e) => ({ ...e, field: clipEcho(e.field, MAX_FIELD, false), message: clipEcho(e.message, MAX_MESSAGE, false) }));
  const more = errors.length - listed.length;
  const fields = new Set(errors.map((e) => e.field));
  const text = `Invalid ${fields.size === 1 ? 'parameter' : 'parameters'}: ${listed.map((e) => `${e.field} ${e.message}`).join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
  return { listed, text };
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      // The key is the client's own text: clipped, as every echo is (engine/echo.ts).
      for (const key of issue.keys)
        out.push({ field: fieldPath([...issue.path, clipEcho(key, MAX_FIELD, false)]), message: 'is not a known parameter of this operation' });
    } else {
      const candidates = issue.code === 'custom' ? (issue.params as { candidates?: FieldError['candidates'] } | undefined)?.candidates : undefined;
      out.push({ field: fieldPath(issue.path) || 'body', message: messageOf(issue), ...(candidates?.length ? { candidates } : {}) });
    }
  }
  return out;
}

const fastParsers = new WeakMap<z.ZodType, FastParse | null>();

/**
 * The tool's input, or the field errors. Valid input usually takes the parser compiled from the same
 * schema ({@link fastParserOf}); anything it is not sure of, every error included, is zod's to answer.
 */
export function validateInput<T extends z.ZodType>(schema: T, raw: unknown): Validated<z.output<T>> {
  let fast = fastParsers.get(schema);
  if (fast === undefined) fastParsers.set(schema, (fast = fastParserOf(schema)));
  if (fast) {
    const data = fast(raw);
    if (data !== UNSURE) return { ok: true, data: data as z.output<T> };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: formatIssues(parsed.error.issues) };
}
