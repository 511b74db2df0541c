/**
 * The value twin of service/json-writer.ts: what a tool's answer is as a plain JSON value, keys in its
 * output schema's order, built from the answer object (never by parsing the writer's text back). MCP's
 * `structuredContent` is this value, so `JSON.stringify(jsonValueOf(schema)(v))` is exactly the text
 * `jsonWriterOf(schema)(v)` writes (test/service/json-value.test.ts holds every tool's examples to it).
 *
 * The same rules as the writer's: an object's schema keys in the schema's order, keys it does not name
 * left out, an optional key whose value is undefined left out, a default's absent value as the default;
 * a loose object's schema keys first, then its others in their order; strings, finite numbers (-0 as
 * 0) and booleans as they are; records, unions, tuples, dates and anything else, and a value of
 * another type than its schema's, as JSON.stringify would write them (toJSON, non-finite numbers and
 * undefined array elements as null, undefined object values left out); `undefined` where a value is
 * required is null.
 */
import type { z } from 'zod';

/** A plain JSON value of the schema it was built for. */
export type JsonValueOf = (value: unknown) => unknown;

interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def; optin?: string; optout?: string } })._zod;

/** An own key on a new object: `__proto__` stays a key, as JSON.parse makes it. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** What JSON.stringify would write `v` as, as a value (undefined for what it leaves out). */
function plain(v: unknown, key: string): unknown {
  if (typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON(k: string): unknown }).toJSON(key);
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? v + 0 : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object': {
      if (v === null) return null;
      if (v instanceof Number || v instanceof String || v instanceof Boolean) return plain(v.valueOf(), key);
      if (Array.isArray(v)) return v.map((x, i) => plain(x, String(i)) ?? null);
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        const x = plain((v as Record<string, unknown>)[k], k);
        if (x !== undefined) put(out, k, x);
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** JSON.stringify's value, null for what it writes nothing for. */
const anyValue: JsonValueOf = (v) => plain(v, '') ?? null;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A key that may be absent from the value (optional, or of a type that accepts undefined). */
function mayBeAbsent(schema: z.ZodType): boolean {
  const internals = defOf(schema);
  if (internals.def.type === 'default') return false;
  return internals.optin === 'optional' || internals.optout === 'optional';
}

const built = new WeakMap<z.ZodType, JsonValueOf>();

/** The value builder of a schema, built the first time it is asked for. */
export function jsonValueOf(schema: z.ZodType): JsonValueOf {
  let of = built.get(schema);
  if (of === undefined) built.set(schema, (of = build(schema)));
  return of;
}

function build(schema: z.ZodType): JsonValueOf {
  const def = defOf(schema).def;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const catchall = def.catchall as z.ZodType | undefined;
      if (Object.hasOwn(shape, '__proto__')) return anyValue;
      const keys = Object.keys(shape);
      if (catchall !== undefined && defOf(catchall).def.type !== 'never') {
        return (v) => {
          if (!isObject(v)) return anyValue(v);
          const own = Object.keys(v);
          const ordered: Record<string, unknown> = Object.create(null);
          for (const k of [...keys.filter((k) => Object.hasOwn(v, k)), ...own.filter((k) => !keys.includes(k))]) ordered[k] = v[k];
          return anyValue(ordered);
        };
      }
      const fields = keys.map((key) => ({ key, absent: mayBeAbsent(shape[key]), of: partValue(shape[key]) }));
      return (v) => {
        if (!isObject(v)) return anyValue(v);
        const out: Record<string, unknown> = {};
        for (const { key, absent, of } of fields) {
          const x = v[key];
          if (!(absent && x === undefined)) put(out, key, of(x));
        }
        return out;
      };
    }
    case 'record':
      return anyValue;
    case 'array': {
      const element = partValue(def.element as z.ZodType);
      return (v) => (Array.isArray(v) ? v.map((x) => element(x)) : anyValue(v));
    }
    default:
      return partValue(schema);
  }
}

/** The value of one schema part (json-writer.ts `Code.write`). */
function partValue(schema: z.ZodType): JsonValueOf {
  const def = defOf(schema).def;
  switch (def.type) {
    case 'string':
      return (x) => (typeof x === 'string' ? x : anyValue(x));
    case 'number':
      return (x) => (typeof x === 'number' && Number.isFinite(x) ? x + 0 : anyValue(x));
    case 'boolean':
      return (x) => (typeof x === 'boolean' ? x : anyValue(x));
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values(def.entries as Record<string, unknown>) : (def.values as unknown[]);
      return (x) => (values.includes(x) ? anyValue(values[values.indexOf(x)]) : anyValue(x));
    }
    case 'optional':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return partValue(def.innerType as z.ZodType);
    case 'nullable': {
      const inner = partValue(def.innerType as z.ZodType);
      return (x) => (x === null ? null : inner(x));
    }
    case 'default': {
      const inner = partValue(def.innerType as z.ZodType);
      const fallback = jsonValueOf(def.innerType as z.ZodType)(def.defaultValue);
      return (x) => (x === undefined ? structuredClone(fallback) : inner(x));
    }
    // A tool returns the pipe's input (`run` answers z.input of its output schema).
    case 'pipe':
      return partValue(def.in as z.ZodType);
    case 'object':
    case 'array':
    case 'record':
      return (x) => jsonValueOf(schema)(x);
    default:
      return anyValue;
  }
}
