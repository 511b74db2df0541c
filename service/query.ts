/**
 * Reading a query string into a tool's input, as the API reads GET parameters and the website's
 * calculator forms read theirs: values typed by the tool's schema, lists comma-separated or repeated.
 */
import type { z } from 'zod';
import type { AnyTool } from '../engine/index.ts';
import type { ProvenanceMode } from '../engine/index.ts';
import type { FieldError } from '../engine/index.ts';

/** How a query value is read: as a number, a boolean, a string, or a comma-separated list of one of those. */
export type QueryValueType = 'number' | 'boolean' | 'string' | { array: QueryValueType };
type Base = QueryValueType;

/** The JSON type a query value should be read as, from the schema (unwrapping optional, pipes, ...). */
function baseType(schema: z.ZodType): Base {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return baseType(def.innerType as z.ZodType);
    case 'pipe':
      return baseType(def.in as z.ZodType);
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return { array: baseType(def.element as z.ZodType) };
    default:
      return 'string';
  }
}

/** A query number longer than this is no number (it stays text, and the schema says so): 64 characters. */
export const MAX_NUMBER_LENGTH = 64;

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * A decimal number in text: optional spaces, an optional sign, digits with at most one `.` (at least one
 * digit), an optional exponent (`e`, optional sign, digits), optional spaces. One pass, no regex (a
 * backtracking pattern took over a second on a 15,000-digit value), at most {@link MAX_NUMBER_LENGTH}.
 */
export function numericText(v: string): boolean {
  if (v.length > MAX_NUMBER_LENGTH) return false;
  let i = 0;
  const n = v.length;
  while (i < n && isSpace(v.charCodeAt(i))) i++;
  if (i < n && (v.charCodeAt(i) === 43 || v.charCodeAt(i) === 45)) i++;
  let digits = 0,
    dot = false;
  for (; i < n; i++) {
    const c = v.charCodeAt(i);
    if (isDigit(c)) digits++;
    else if (c === 46 && !dot) dot = true;
    else break;
  }
  if (digits === 0) return false;
  if (i < n && (v.charCodeAt(i) === 101 || v.charCodeAt(i) === 69)) {
    i++;
    if (i < n && (v.charCodeAt(i) === 43 || v.charCodeAt(i) === 45)) i++;
    const start = i;
    while (i < n && isDigit(v.charCodeAt(i))) i++;
    if (i === start) return false;
  }
  while (i < n && isSpace(v.charCodeAt(i))) i++;
  return i === n;
}

/**
 * Digits with at most one `.` and at least one digit, after an optional `-`: the common case of
 * {@link numericText}, checked first (coordinates are read on every GET).
 */
function plainDecimal(v: string): boolean {
  if (v.length > MAX_NUMBER_LENGTH) return false;
  let digits = 0,
    dots = 0;
  for (let i = v.charCodeAt(0) === 45 /* - */ ? 1 : 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 /* . */ && ++dots === 1) continue;
    else return false;
  }
  return digits > 0;
}

/**
 * One query value read as `type`; a value that does not parse stays a string, so a schema names it
 * (also used by the website's forms for tools whose schema is not in the page).
 */
export function coerce(value: string, type: Base): unknown {
  if (type === 'number') return plainDecimal(value) || numericText(value) ? Number(value) : value;
  if (type === 'boolean') return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
  if (typeof type === 'object') return value === '' ? [] : value.split(',').map((v) => coerce(v.trim(), type.array));
  return value;
}

export type QueryReader = (params: URLSearchParams | string) => { input: Record<string, unknown>; errors: FieldError[] };

/** A query string that reads the same split on `&` and `=` as decoded by URLSearchParams: no `%`, no `+`. */
const PLAIN_QUERY = /^[^%+]*$/;

/**
 * Builds, once per tool, a reader from query parameters (URLSearchParams, or the raw `?a=1&b=2` search
 * string of the request) to the tool's input object: numbers and booleans are read as such when the
 * schema asks for them (a value that does not parse stays a string, so the schema names it), lists are
 * comma-separated or repeated, and a scalar given twice is an error. A raw search string with nothing
 * to decode is split directly, as URLSearchParams would split it; any other goes through URLSearchParams.
 */
export function queryReader(tool: AnyTool): QueryReader {
  const shape = (tool.input as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const types = new Map(Object.entries(shape).map(([k, s]) => [k, baseType(s)]));
  return (params) => {
    const input: Record<string, unknown> = {};
    let errors: FieldError[] | undefined;
    const add = (key: string, value: string) => {
      const type = types.get(key) ?? 'string';
      if (typeof type === 'object') {
        const items = coerce(value, type) as unknown[];
        const before = Object.hasOwn(input, key) ? (input[key] as unknown[]) : undefined;
        set(key, before ? before.concat(items) : items);
      } else if (Object.hasOwn(input, key)) {
        if (!errors?.some((e) => e.field === key)) (errors ??= []).push({ field: key, message: 'is given more than once' });
      } else {
        set(key, coerce(value, type));
      }
    };
    // A parameter named `__proto__` becomes an own property (an unknown parameter), never the prototype.
    const set = (key: string, value: unknown) => {
      if (key === '__proto__') Object.defineProperty(input, key, { value, enumerable: true, writable: true, configurable: true });
      else input[key] = value;
    };
    if (typeof params === 'string' && PLAIN_QUERY.test(params)) {
      const search = params.charCodeAt(0) === 63 /* ? */ ? params.slice(1) : params;
      let at = 0;
      while (at <= search.length) {
        let end = search.indexOf('&', at);
        if (end < 0) end = search.length;
        if (end > at) {
          const eq = search.indexOf('=', at);
          if (eq < 0 || eq > end) add(search.slice(at, end), '');
          else add(search.slice(at, eq), search.slice(eq + 1, end));
        }
        at = end + 1;
      }
    } else {
      for (const [key, value] of typeof params === 'string' ? new URLSearchParams(params) : params) add(key, value);
    }
    return { input, errors: errors ?? [] };
  };
}

/**
 * The flag every calculation route takes besides its tool's input, on GET and POST alike: `provenance=full`
 * asks for the long explanations, `compact` (the default) for releases and method ids.
 */
export const PROVENANCE_FLAG = 'provenance';
const PROVENANCE_RULE = 'must be full or compact';

/** The form a flag value asks for (absent: compact), or the error naming the flag. */
export function provenanceMode(value: unknown): ProvenanceMode | FieldError {
  if (value === undefined || value === 'compact') return 'compact';
  return value === 'full' ? 'full' : { field: PROVENANCE_FLAG, message: PROVENANCE_RULE };
}

/** Takes the flag out of a GET route's query input, before the tool's strict schema reads the rest. */
export function takeProvenanceFlag(input: Record<string, unknown>): ProvenanceMode | FieldError {
  if (!Object.hasOwn(input, PROVENANCE_FLAG)) return 'compact';
  const value = input[PROVENANCE_FLAG];
  delete input[PROVENANCE_FLAG];
  return provenanceMode(value);
}

/** The flag in the query string of a POST route (whose input is its body). */
export function provenanceFlagOf(search: string): ProvenanceMode | FieldError {
  if (search.length <= 1) return 'compact';
  const values = new URLSearchParams(search).getAll(PROVENANCE_FLAG);
  return values.length > 1 ? { field: PROVENANCE_FLAG, message: 'is given more than once' } : provenanceMode(values[0]);
}
