/**
 * JSON writers compiled from output schemas, once per schema, the way engine/fast-parse.ts compiles
 * input parsers: every front end writes a tool's answer with {@link jsonWriterOf}`(tool.output)`, so the
 * API, MCP and anything else write the same text, keys in the schema's order.
 *
 * What a writer writes, for a value its schema describes:
 * - objects: the schema's keys in the schema's order; keys the schema does not name are left out (the
 *   schema is the contract; test/service/json-writer.test.ts holds every tool's answer free of them);
 *   an optional key whose value is undefined is left out, a default's absent value is written as the
 *   default;
 * - strings, numbers, booleans exactly as JSON.stringify writes them (non-finite numbers → null,
 *   -0 → 0); enums and literals from their JSON written once; arrays element by element;
 * - records, unions, tuples, dates, unknown, any, loose objects and anything else: JSON.stringify.
 * A value of another type than its schema's (a bug) is written by JSON.stringify, so the text stays
 * JSON; `undefined` where a value is required is written null. The input is never changed.
 *
 * A frozen object whose schema holds only primitives (a tool's shared provenance, a zone's next
 * transition) cannot change, so its JSON is written once and remembered (a WeakMap per schema part).
 *
 * Objects are compiled to code (`new Function`): one expression per object, each key's JSON text a
 * literal, so an answer is one string concatenation. The code comes from our own schemas only: keys
 * are written into it through JSON.stringify, never anything a client sent.
 */
import type { z } from 'zod';

/** The JSON text of a value of the schema it was compiled from. */
export type JsonWriter = (value: unknown) => string;

interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const internalsOf = (schema: z.ZodType) => (schema as unknown as { _zod: { optin?: string; optout?: string } })._zod;

/** JSON.stringify, and `null` for what it writes nothing for (undefined, functions, symbols). */
const anyJson: JsonWriter = (v) => JSON.stringify(v) ?? 'null';

// Characters JSON.stringify escapes: quote, backslash, controls, and surrogates (it escapes lone ones;
// a string with a paired one is simply written by JSON.stringify too).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON.stringify writes it: most need no escape and are quoted as they are. */
const stringJson: JsonWriter = (v) => (typeof v !== 'string' ? anyJson(v) : NEEDS_ESCAPE.test(v) ? JSON.stringify(v) : '"' + v + '"');
const numberJson: JsonWriter = (v) => (typeof v !== 'number' ? anyJson(v) : Number.isFinite(v) ? '' + v : 'null');
const booleanJson: JsonWriter = (v) => (v === true ? 'true' : v === false ? 'false' : anyJson(v));

/** Writers of each schema part, so a schema used in several answers (or front ends) is compiled once. */
const compiled = new WeakMap<z.ZodType, JsonWriter>();

/** The writer of a schema, compiled the first time it is asked for. */
export function jsonWriterOf(schema: z.ZodType): JsonWriter {
  let writer = compiled.get(schema);
  if (writer === undefined) compiled.set(schema, (writer = compile(schema)));
  return writer;
}

/** Schema parts whose values are primitives (no object that could change). */
function isPrimitive(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': case 'number': case 'boolean': case 'enum': case 'literal': case 'null':
      return true;
    case 'optional': case 'nullable': case 'readonly':
      return isPrimitive(def.innerType as z.ZodType);
    default:
      return false;
  }
}

/** Objects and records holding only primitives: a frozen one cannot change. */
function isFlat(def: Def): boolean {
  return def.type === 'record'
    ? isPrimitive(def.valueType as z.ZodType)
    : Object.values(def.shape as Record<string, z.ZodType>).every(isPrimitive);
}

/** The writer of a flat object or record, remembering the JSON of frozen values. */
function rememberingFrozen(write: JsonWriter): JsonWriter {
  const written = new WeakMap<object, string>();
  return (v) => {
    let json = written.get(v as object);
    if (json !== undefined) return json;
    if (typeof v !== 'object' || v === null || !Object.isFrozen(v)) return write(v);
    written.set(v, (json = write(v)));
    return json;
  };
}

function compile(schema: z.ZodType): JsonWriter {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringJson;
    case 'number':
      return numberJson;
    case 'boolean':
      return booleanJson;
    case 'enum':
      return fromTable(Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fromTable(def.values as unknown[]);
    case 'optional': case 'readonly': case 'nonoptional': case 'catch':
      return jsonWriterOf(def.innerType as z.ZodType);
    case 'nullable': {
      const inner = jsonWriterOf(def.innerType as z.ZodType);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'default': {
      const inner = jsonWriterOf(def.innerType as z.ZodType);
      return (v) => inner(v === undefined ? def.defaultValue : v);
    }
    // A tool returns the pipe's input (`run` answers z.input of its output schema).
    case 'pipe':
      return jsonWriterOf(def.in as z.ZodType);
    case 'array': {
      const element = jsonWriterOf(def.element as z.ZodType);
      return (v) => {
        if (!Array.isArray(v)) return anyJson(v);
        let out = '[';
        for (let i = 0; i < v.length; i++) out += (i === 0 ? '' : ',') + element(v[i]);
        return out + ']';
      };
    }
    case 'record':
      return isFlat(def) ? rememberingFrozen(anyJson) : anyJson;
    case 'object': {
      const write = compileObject(def);
      return isFlat(def) ? rememberingFrozen(write) : write;
    }
    default:
      return anyJson;
  }
}

/** Enum and literal values: each one's JSON written once, found by comparing with each. */
function fromTable(values: unknown[]): JsonWriter {
  const tests = values.map((value, i) => `v === values[${i}] ? ${JSON.stringify(anyJson(value))} : `).join('');
  return new Function('values', 'anyJson', `'use strict'; return (v) => ${tests}anyJson(v);`)(values, anyJson) as JsonWriter;
}

/**
 * An object's writer as one generated expression: `'{"a":' + w0(v["a"]) + ',"b":' + w1(v["b"]) + '}'`,
 * an optional key as `(v["k"] === undefined ? '' : ',"k":' + wN(v["k"]))`. When the first key may be
 * absent, every key is written with its comma and the leading one is cut.
 */
function compileObject(def: Def): JsonWriter {
  const catchall = def.catchall as z.ZodType | undefined;
  const shape = def.shape as Record<string, z.ZodType>;
  // Extra keys are part of a loose object's answer, and `v["__proto__"]` would read the prototype.
  if ((catchall !== undefined && defOf(catchall).type !== 'never') || Object.hasOwn(shape, '__proto__')) return anyJson;
  const keys = Object.keys(shape);
  if (keys.length === 0) return (v) => (typeof v === 'object' && v !== null ? '{}' : anyJson(v));
  const writers = keys.map((key) => jsonWriterOf(shape[key]));
  const mayBeAbsent = keys.map((key) => {
    const field = shape[key];
    if (defOf(field).type === 'default') return false;
    const { optin, optout } = internalsOf(field);
    return optin === 'optional' || optout === 'optional';
  });
  const cutFirstComma = mayBeAbsent[0];
  const parts = keys.map((key, i) => {
    const value = `v[${JSON.stringify(key)}]`;
    // The first key's literal carries the opening brace, unless its comma is to be cut.
    const lead = i > 0 ? ',' : cutFirstComma ? ',' : '{';
    const written = `${JSON.stringify(lead + JSON.stringify(key) + ':')} + w${i}(${value})`;
    return mayBeAbsent[i] ? `(${value} === undefined ? '' : ${written})` : written;
  });
  const body = cutFirstComma ? `'{' + (${parts.join(' + ')}).slice(1) + '}'` : `${parts.join(' + ')} + '}'`;
  const names = writers.map((_, i) => `w${i}`);
  const factory = new Function('anyJson', ...names, `'use strict'; return (v) => (typeof v !== 'object' || v === null ? anyJson(v) : ${body});`);
  return factory(anyJson, ...writers) as JsonWriter;
}
