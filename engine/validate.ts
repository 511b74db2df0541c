/**
 * Checking input against a tool's schema, and turning zod issues into the `{field, message}` list that
 * every front end shows (HTTP 400 `errors`, MCP `isError` text). One place, so the wording never
 * diverges. Reading a query string into input is the front ends' (service/query.ts).
 */
import type { z } from 'zod';
import { fastParserOf, UNSURE, type FastParse } from './fast-parse.ts';

export interface FieldError {
  field: string;
  message: string;
}

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

/** `['points', 3, 'lat']` → `points[3].lat`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

const article = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);
const TYPE_WORDS: Record<string, string> = { int: 'whole number', object: 'JSON object', array: 'list' };

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

export function formatIssues(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: fieldPath([...issue.path, key]), message: 'is not a known parameter of this operation' });
    } else {
      out.push({ field: fieldPath(issue.path) || 'body', message: messageOf(issue) });
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
