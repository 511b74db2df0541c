/** The JSON writers compiled from output schemas: the text every front end writes for an answer. */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { registry } from '../../engine/registry.ts';
import { localTime, localTimeAt, LocalTimeResult } from '../../engine/time/local-time.ts';
import { localTimes } from '../../engine/time/local-times.ts';
import type { AnyTool } from '../../engine/tool.ts';
import { startElevationServer } from '../../scripts/elevation-stand-in.ts';
import { jsonWriterOf } from '../../service/json-writer.ts';
import { fixedClock, edgeAndRandomPoints, prng } from '../helpers.ts';

const elevation = await startElevationServer();
afterAll(() => elevation.close());
const ctx = { ...fixedClock('2026-11-22T08:00:00Z'), elevation: createOpenMeteoElevation(elevation.url) };

/**
 * The writer's text, held to two oracles: zod's own parse of the result, written by JSON.stringify
 * (zod builds the object in the schema's key order and drops keys the schema does not name), and
 * JSON.stringify of the result itself, parsed back: the same data, so the result carries no key
 * the schema leaves out.
 */
function expectWrittenInSchemaOrder(schema: z.ZodType, result: unknown) {
  const text = jsonWriterOf(schema)(result);
  expect(text).toBe(JSON.stringify(schema.parse(result)));
  expect(JSON.parse(text)).toStrictEqual(JSON.parse(JSON.stringify(result)));
}

/** A deep copy that throws on any change to it or to anything in it. */
function untouchable<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const refuse = () => {
    throw new Error('the writer changed its input');
  };
  return new Proxy(value, {
    // A frozen object's own values must be given as they are (a proxy's invariant); they cannot be changed anyway.
    get: (target, key) => (Object.isFrozen(target) ? Reflect.get(target, key) : untouchable(Reflect.get(target, key))),
    set: refuse,
    deleteProperty: refuse,
    defineProperty: refuse,
    setPrototypeOf: refuse,
    preventExtensions: refuse,
  });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('every tool', () => {
  it.each(registry.map((t) => [t.name, t] as const))(
    '%s: its examples written in schema order, nothing left out, input untouched',
    async (_name, tool: AnyTool) => {
      for (const example of tool.examples) {
        const result = await tool.run(tool.input.parse(example.input), ctx);
        expectWrittenInSchemaOrder(tool.output, result);
        const write = jsonWriterOf(tool.output);
        expect(write(untouchable(result))).toBe(write(result));
        expect(write(deepFreeze(structuredClone(result)))).toBe(write(result));
      }
    },
  );

  it('is compiled once per schema', () => {
    for (const tool of registry) expect(jsonWriterOf(tool.output)).toBe(jsonWriterOf(tool.output));
  });
});

describe('get_local_time and get_local_times on random points (land, sea, poles, antimeridian) and instants (1850–2100)', () => {
  const rand = prng(99);
  const points = edgeAndRandomPoints(rand);

  it('writes each answer as zod orders it, keys in the schema order (unix_seconds after utc_time)', () => {
    for (const [i, p] of points.entries()) {
      const ms = Math.floor(Date.UTC(1850, 0, 1) + rand() * (Date.UTC(2100, 0, 1) - Date.UTC(1850, 0, 1)));
      const result = localTimeAt(p.lat, p.lon, i % 3 ? ms : Date.parse('2026-07-01T12:00:00Z'));
      expectWrittenInSchemaOrder(localTime.output, result);
    }
    const text = jsonWriterOf(LocalTimeResult)(localTimeAt(48.8566, 2.3522, Date.parse('2026-07-01T12:00:00Z')));
    expect(Object.keys(JSON.parse(text))).toEqual(Object.keys(LocalTimeResult.shape).filter((k) => k !== 'note'));
    // Before 1970 the answer carries `note`, in its schema place (after resolution).
    const before1970 = jsonWriterOf(LocalTimeResult)(localTimeAt(52.3676, 4.9041, Date.parse('1937-07-01T12:00:00Z')));
    expect(Object.keys(JSON.parse(before1970))).toEqual(Object.keys(LocalTimeResult.shape));
  });

  it('writes 100-point batches the same way', () => {
    for (let k = 0; k < 4; k++) {
      const at = Date.UTC(1900 + k * 50, 5, 1);
      const batch = localTimes.run({ at, points: points.slice(k * 100, k * 100 + 100) }, ctx);
      expectWrittenInSchemaOrder(localTimes.output, batch);
    }
  });
});

describe('values', () => {
  const Row = z.object({
    name: z.string(),
    value: z.number(),
    flag: z.boolean(),
    note: z.string().optional(),
    inner: z.object({ at: z.string().nullable(), n: z.number() }).nullable(),
  });
  const write = jsonWriterOf(Row);
  const row = (over: Record<string, unknown>) => ({ name: 'a', value: 1, flag: true, inner: null, ...over });

  it('strings that need escapes: quotes, backslashes, controls, line separators, lone and paired surrogates', () => {
    for (const name of ['say "hi"', 'C:\\tmp', 'a\nb\tc\u0000\u001f', '\u2028\u2029', '\ud800', 'x\udfffy', '😀', 'é', '', '</script>']) {
      expect(write(row({ name }))).toBe(JSON.stringify(row({ name })));
    }
  });

  it('numbers as JSON.stringify writes them: -0 → 0, NaN and ±Infinity → null, exponents kept', () => {
    for (const value of [-0, NaN, Infinity, -Infinity, 1e21, 1e-7, 0.1 + 0.2, -123.456, Number.MAX_SAFE_INTEGER]) {
      expect(write(row({ value }))).toBe(JSON.stringify(row({ value })));
    }
  });

  it('nested nullables, and optional keys left out when absent or undefined', () => {
    expect(write(row({ inner: { at: null, n: 2 } }))).toBe('{"name":"a","value":1,"flag":true,"inner":{"at":null,"n":2}}');
    expect(write(row({ inner: { at: 'x', n: 2 }, note: 'n' }))).toBe('{"name":"a","value":1,"flag":true,"note":"n","inner":{"at":"x","n":2}}');
    expect(write(row({ note: undefined }))).toBe('{"name":"a","value":1,"flag":true,"inner":null}');
    const FirstOptional = jsonWriterOf(z.object({ a: z.string().optional(), b: z.number().optional() }));
    expect(FirstOptional({})).toBe('{}');
    expect(FirstOptional({ b: 2 })).toBe('{"b":2}');
    expect(FirstOptional({ a: 'x', b: 2 })).toBe('{"a":"x","b":2}');
  });

  it('keys in schema order whatever order the result has; keys the schema does not name are left out', () => {
    expect(write({ inner: null, extra: 'no', flag: false, value: 2, name: 'b' })).toBe('{"name":"b","value":2,"flag":false,"inner":null}');
  });

  it('keys that need escapes are written as JSON.stringify writes them; a __proto__ key is left to JSON.stringify', () => {
    const Odd = z.object({ 'say "hi"': z.number(), 'C:\\': z.string(), 'line\n': z.boolean() });
    const odd = { 'say "hi"': 1, 'C:\\': 'x', 'line\n': true };
    expect(jsonWriterOf(Odd)(odd)).toBe(JSON.stringify(odd));
    const proto = JSON.parse('{"__proto__":1,"a":2}');
    expect(jsonWriterOf(z.object({ ['__proto__']: z.number(), a: z.number() }))(proto)).toBe('{"__proto__":1,"a":2}');
  });

  it('enums, literals, defaults, arrays, records and unions', () => {
    const Shape = z.object({
      day: z.enum(['Monday', 'Tuesday']),
      kind: z.literal('x'),
      size: z.number().default(3),
      list: z.array(z.object({ b: z.number(), a: z.number() })),
      map: z.record(z.string(), z.number()),
      either: z.union([z.string(), z.number()]),
    });
    const value = { list: [{ a: 1, b: 2 }], day: 'Tuesday', kind: 'x', map: { z: 1, a: 2 }, either: 4 };
    expect(jsonWriterOf(Shape)(value)).toBe('{"day":"Tuesday","kind":"x","size":3,"list":[{"b":2,"a":1}],"map":{"z":1,"a":2},"either":4}');
    expect(jsonWriterOf(Shape)(value)).toBe(JSON.stringify(Shape.parse(value)));
  });

  it('random values of the right type or not, escapes or not: the same text as a reference writer', () => {
    const DAYS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10'] as const;
    const Flat = z.object({
      s: z.string(),
      n: z.number(),
      b: z.boolean(),
      e: z.enum(['a', 'b', 'c']),
      big: z.enum(DAYS),
      l: z.literal(7),
      o: z.string().optional(),
      nn: z.number().nullable(),
    });
    const optional = new Set(['o']);
    const pool = ['x', 'say "hi"', 'a\\b', '\n', '\ud800', '😀', '', 0, -0, 1.5, NaN, Infinity, true, false, null, undefined, 'a', 'd9', 7, { k: 1 }, [1]];
    const rand = prng(3);
    const pick = () => pool[Math.floor(rand() * pool.length)];
    // Keys in schema order; an absent optional key left out, an absent required one written null.
    const reference = (v: Record<string, unknown>) =>
      `{${Object.keys(Flat.shape)
        .filter((k) => !(optional.has(k) && v[k] === undefined))
        .map((k) => `${JSON.stringify(k)}:${JSON.stringify(v[k]) ?? 'null'}`)
        .join(',')}}`;
    const write = jsonWriterOf(Flat);
    for (let i = 0; i < 5000; i++) {
      // Mostly values of the right type (the fast path), sometimes any value from the pool.
      const right = { s: 'text', n: 2, b: true, e: 'b', big: 'd10', l: 7, o: 'y', nn: null } as Record<string, unknown>;
      const value = Object.fromEntries(Object.entries(right).map(([k, v]) => [k, rand() < 0.8 ? v : pick()]));
      expect(write(value)).toBe(reference(value));
    }
  });

  it('a value of the wrong type (a bug) is still written as JSON', () => {
    const text = write({ name: 5, value: '7', flag: 'yes', inner: 'no' });
    expect(JSON.parse(text)).toEqual({ name: 5, value: '7', flag: 'yes', inner: 'no' });
    expect(jsonWriterOf(z.array(z.string()))([undefined, 'a'])).toBe('[null,"a"]');
  });
});

describe('frozen values', () => {
  it('a frozen provenance is written once and remembered', () => {
    let reads = 0;
    const provenance = Object.freeze({
      get tzdb() {
        reads++;
        return '2026f';
      },
    });
    const write = jsonWriterOf(z.object({ a: z.number(), provenance: z.record(z.string(), z.string()) }));
    expect(write({ a: 1, provenance })).toBe('{"a":1,"provenance":{"tzdb":"2026f"}}');
    expect(write({ a: 2, provenance })).toBe('{"a":2,"provenance":{"tzdb":"2026f"}}');
    expect(reads).toBe(1);
  });

  it('remembered per schema: the same frozen object under another schema is written by that schema', () => {
    const shared = Object.freeze({ b: 2, a: 1 });
    expect(jsonWriterOf(z.object({ a: z.number() }))(shared)).toBe('{"a":1}');
    expect(jsonWriterOf(z.object({ a: z.number(), b: z.number() }))(shared)).toBe('{"a":1,"b":2}');
  });

  it('a frozen object holding objects that can still change is written each time', () => {
    const inner = { n: 1 };
    const outer = Object.freeze({ inner });
    const write = jsonWriterOf(z.object({ inner: z.object({ n: z.number() }) }));
    expect(write(outer)).toBe('{"inner":{"n":1}}');
    inner.n = 2;
    expect(write(outer)).toBe('{"inner":{"n":2}}');
  });

  it('a loose object (provenance): schema keys first, then the others in order; remembered only when frozen all through', () => {
    const write = jsonWriterOf(z.object({ method: z.string() }).catchall(z.union([z.string(), z.record(z.string(), z.string())])));
    expect(write({ tzdb: '2026f', method: 'm', explanations: { m: 'x' } })).toBe('{"method":"m","tzdb":"2026f","explanations":{"m":"x"}}');
    const inner = { m: 'x' };
    const shallow = Object.freeze({ method: 'm', explanations: inner });
    expect(write(shallow)).toBe('{"method":"m","explanations":{"m":"x"}}');
    inner.m = 'y';
    expect(write(shallow)).toBe('{"method":"m","explanations":{"m":"y"}}');
    let reads = 0;
    const deep = Object.freeze({
      method: 'm',
      get tzdb() {
        reads++;
        return '2026f';
      },
      explanations: Object.freeze({ m: 'x' }),
    });
    expect(write(deep)).toBe('{"method":"m","tzdb":"2026f","explanations":{"m":"x"}}');
    const once = reads;
    expect(write(deep)).toBe(write(deep));
    expect(reads).toBe(once);
    const proto = JSON.parse('{"__proto__":"p","method":"m"}');
    expect(write(proto)).toBe('{"method":"m","__proto__":"p"}');
  });
});
