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
 * - loose objects (a provenance, whose keys vary by answer): the schema's keys first, then the others in
 *   their order, as zod orders them, by JSON.stringify;
 * - records, unions, tuples, dates, unknown, any and anything else: JSON.stringify.
 * A value of another type than its schema's (a bug) is written by JSON.stringify, so the text stays
 * JSON; `undefined` where a value is required is written null. The input is never changed.
 *
 * A frozen object or record holding only primitives (a zone's next transition), or a loose object frozen
 * all the way down (a tool's shared provenance), cannot change, so its JSON is written once and remembered
 * (a WeakMap per schema part).
 *
 * Each object, array and record schema is compiled to a function of its own (`new Function`). An object
 * is written, when each of its required primitive values has its schema's type and, for a string, holds
 * no character JSON escapes (nearly always), as one concatenation of literals and values, key texts and
 * quotes in the literals, as a hand-written writer would; otherwise value by value, exactly. Strings are
 * tested, not trusted, even those the engine formats itself. Code generated per schema also keeps each
 * call site's type feedback to one schema. It comes from our own schemas only: keys and values are
 * written into it through JSON.stringify, never anything a client sent.
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

/** A loose object's writer: its schema's keys first, then the others in their own order (as zod orders them). */
const looseJson = (keys: string[]) => (v: Record<string, unknown>) => {
  const own = Object.keys(v);
  if (keys.every((k, i) => own[i] === k)) return anyJson(v);
  const ordered: Record<string, unknown> = Object.create(null); // a `__proto__` key stays a key
  for (const k of [...keys.filter((k) => Object.hasOwn(v, k)), ...own.filter((k) => !keys.includes(k))]) ordered[k] = v[k];
  return anyJson(ordered);
};

/** Whether nothing in a frozen value can change: every object it holds is frozen too. */
const deepFrozen = (v: object): boolean => Object.isFrozen(v) && Object.values(v).every((x) => typeof x !== 'object' || x === null || deepFrozen(x));

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
    case 'string':
    case 'number':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
      return true;
    case 'optional':
    case 'nullable':
    case 'readonly':
      return isPrimitive(def.innerType as z.ZodType);
    default:
      return false;
  }
}

/** A key that may be absent from the value (optional, or of a type that accepts undefined). */
function mayBeAbsent(schema: z.ZodType): boolean {
  if (defOf(schema).type === 'default') return false;
  const { optin, optout } = internalsOf(schema);
  return optin === 'optional' || optout === 'optional';
}

function compile(schema: z.ZodType): JsonWriter {
  const def = defOf(schema);
  const code = new Code();
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const catchall = def.catchall as z.ZodType | undefined;
      // `v["__proto__"]` would read the prototype.
      if (Object.hasOwn(shape, '__proto__')) return anyJson;
      // Extra keys are part of a loose object's answer.
      if (catchall !== undefined && defOf(catchall).type !== 'never') {
        return code.compile(code.objectOnly(code.rememberingFrozen(`json = ${code.ref(looseJson(Object.keys(shape)))}(v);`, true)));
      }
      const written = code.object(shape);
      return code.compile(code.objectOnly(Object.values(shape).every(isPrimitive) ? code.rememberingFrozen(`json = ${written};`) : `return ${written};`));
    }
    case 'record': {
      const written = `${code.ref(anyJson)}(v)`;
      return code.compile(code.objectOnly(isPrimitive(def.valueType as z.ZodType) ? code.rememberingFrozen(`json = ${written};`) : `return ${written};`));
    }
    case 'array': {
      const t = code.temp();
      const element = code.write(def.element as z.ZodType, t);
      return code.compile(`if (!Array.isArray(v)) return ${code.ref(anyJson)}(v);
        let out = '[';
        for (let i = 0; i < v.length; i++) { ${t} = v[i]; out += (i === 0 ? '' : ',') + ${element}; }
        return out + ']';`);
    }
    default:
      return code.compile(`return ${code.write(schema, 'v')};`);
  }
}

/** Generated code: the values it refers to are passed in as the parameters of its factory. */
class Code {
  private readonly names: string[] = [];
  private readonly values: unknown[] = [];
  private temps = 0;

  /** A name in the generated code for a value of ours. */
  ref(value: unknown): string {
    this.names.push(`c${this.names.length}`);
    this.values.push(value);
    return this.names[this.names.length - 1];
  }

  /** A variable of the generated function. */
  temp(): string {
    return `t${this.temps++}`;
  }

  /**
   * An expression writing variable `x` for a schema part: strings, numbers, booleans, enums, literals
   * and their optional, nullable and default forms inline; objects, arrays and records by calling their
   * own compiled writer; the rest by JSON.stringify.
   */
  write(schema: z.ZodType, x: string): string {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
        return `(typeof ${x} === 'string' && !${this.ref(NEEDS_ESCAPE)}.test(${x}) ? '"' + ${x} + '"' : ${this.ref(anyJson)}(${x}))`;
      case 'number':
        // x - x is 0 for finite numbers only; '' + x writes them as JSON.stringify does (-0 as 0).
        return `(typeof ${x} === 'number' && ${x} - ${x} === 0 ? '' + ${x} : ${this.ref(anyJson)}(${x}))`;
      case 'boolean':
        return `(${x} === true ? 'true' : ${x} === false ? 'false' : ${this.ref(anyJson)}(${x}))`;
      case 'enum':
        return this.oneOf(Object.values(def.entries as Record<string, unknown>), x);
      case 'literal':
        return this.oneOf(def.values as unknown[], x);
      case 'optional':
      case 'readonly':
      case 'nonoptional':
      case 'catch':
        return this.write(def.innerType as z.ZodType, x);
      case 'nullable':
        return `(${x} === null ? 'null' : ${this.write(def.innerType as z.ZodType, x)})`;
      case 'default':
        return `(${x} === undefined ? ${JSON.stringify(jsonWriterOf(def.innerType as z.ZodType)(def.defaultValue))} : ${this.write(def.innerType as z.ZodType, x)})`;
      // A tool returns the pipe's input (`run` answers z.input of its output schema).
      case 'pipe':
        return this.write(def.in as z.ZodType, x);
      case 'object':
      case 'array':
      case 'record':
        return `${this.ref(jsonWriterOf(schema))}(${x})`;
      default:
        return `${this.ref(anyJson)}(${x})`;
    }
  }

  /** Variable `x` is one of these values: their JSON, found by comparing with each. */
  private oneOf(values: unknown[], x: string): string {
    return `(${values.map((value) => `${x} === ${this.ref(value)} ? ${JSON.stringify(anyJson(value))} : `).join('')}${this.ref(anyJson)}(${x}))`;
  }

  /**
   * How a required key's value is written in the fast path, between the key's literals: the test it
   * must pass (its schema's type, and for a string no character JSON escapes) and whether it goes
   * between quotes; null for a schema part that has no such form.
   */
  private plain(schema: z.ZodType, x: string): { test: string; quoted: boolean } | null {
    const def = defOf(schema);
    switch (def.type) {
      case 'readonly':
        return this.plain(def.innerType as z.ZodType, x);
      case 'string':
        return { test: `typeof ${x} === 'string' && !${this.ref(NEEDS_ESCAPE)}.test(${x})`, quoted: true };
      case 'number':
        return { test: `typeof ${x} === 'number' && ${x} - ${x} === 0`, quoted: false };
      case 'boolean':
        return { test: `typeof ${x} === 'boolean'`, quoted: false };
      case 'enum':
      case 'literal': {
        const values = def.type === 'enum' ? Object.values(def.entries as Record<string, unknown>) : (def.values as unknown[]);
        const test = values.length > 8 ? `${this.ref(new Set(values))}.has(${x})` : `(${values.map((value) => `${x} === ${this.ref(value)}`).join(' || ')})`;
        if (values.every((value) => typeof value === 'string' && !NEEDS_ESCAPE.test(value))) return { test, quoted: true };
        if (values.every((value) => typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))) return { test, quoted: false };
        return null;
      }
      default:
        return null;
    }
  }

  /**
   * An object of this shape in `v`, as one expression. Its keys are read once, into variables; then,
   * when every required primitive value passes its test (nearly always), it is written as one
   * concatenation of literals and values, as a hand-written writer would (`'{"a":"' + t0 + '","b":' +
   * t1 + '}'`); otherwise each value by its own exact expression, an optional key as `(t2 === undefined
   * ? '' : ',"k":' + <t2 written>)`, and when the first key may be absent every key is written with its
   * comma and the leading one cut.
   */
  object(shape: Record<string, z.ZodType>): string {
    const keys = Object.keys(shape);
    if (keys.length === 0) return `'{}'`;
    const temps = keys.map(() => this.temp());
    const reads = keys.map((key, i) => `${temps[i]} = v[${JSON.stringify(key)}]`).join(', ');
    const absent = keys.map((key) => mayBeAbsent(shape[key]));
    const keyText = (i: number) => (i > 0 || absent[0] ? ',' : '{') + JSON.stringify(keys[i]) + ':';
    const exact = keys.map((key, i) => {
      const written = `${JSON.stringify(keyText(i))} + ${this.write(shape[key], temps[i])}`;
      return absent[i] ? `(${temps[i]} === undefined ? '' : ${written})` : written;
    });
    const general = absent[0] ? `'{' + (${exact.join(' + ')}).slice(1) + '}'` : `${exact.join(' + ')} + '}'`;
    const plains = keys.map((key, i) => (absent[i] ? null : this.plain(shape[key], temps[i])));
    if (absent[0] || plains.every((p) => p === null)) return `(${reads}, ${general})`;
    const pieces: string[] = [];
    let literal = '';
    for (const [i, p] of plains.entries()) {
      if (p) {
        pieces.push(JSON.stringify(literal + keyText(i) + (p.quoted ? '"' : '')), temps[i]);
        literal = p.quoted ? '"' : '';
      } else if (absent[i]) {
        pieces.push(JSON.stringify(literal), exact[i]);
        literal = '';
      } else {
        pieces.push(JSON.stringify(literal + keyText(i)), this.write(shape[keys[i]], temps[i]));
        literal = '';
      }
    }
    pieces.push(JSON.stringify(literal + '}'));
    const fast = pieces.filter((piece) => piece !== '""').join(' + ');
    const tests = plains
      .filter((p) => p !== null)
      .map((p) => p.test)
      .join(' && ');
    return `(${reads}, ${tests} ? ${fast} : ${general})`;
  }

  /** Statements returning the `json` that `compute` sets for `v`, remembered when `v` is frozen (`deep`: all through). */
  rememberingFrozen(compute: string, deep = false): string {
    const memo = this.ref(new WeakMap<object, string>());
    return `let json = ${memo}.get(v);
      if (json !== undefined) return json;
      ${compute}
      if (Object.isFrozen(v)${deep ? ` && ${this.ref(deepFrozen)}(v)` : ''}) ${memo}.set(v, json);
      return json;`;
  }

  /** Statements that write any value of `v` but an object by JSON.stringify, and then run `body`. */
  objectOnly(body: string): string {
    return `if (typeof v !== 'object' || v === null) return ${this.ref(anyJson)}(v);
      ${body}`;
  }

  /** The function `(v) => { body }`. */
  compile(body: string): JsonWriter {
    const temps = Array.from({ length: this.temps }, (_, i) => `t${i}`);
    const factory = new Function(
      ...this.names,
      `'use strict'; return (v) => {
      ${temps.length ? `let ${temps.join(', ')};` : ''}
      ${body}
    };`,
    );
    return factory(...this.values) as JsonWriter;
  }
}
