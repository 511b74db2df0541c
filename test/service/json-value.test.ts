/**
 * The value twin of the JSON writers (service/json-value.ts): MCP's structuredContent, whose JSON must
 * be the writer's text byte for byte, built from the answer object and never by parsing that text.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { registry } from '../../engine/registry.ts';
import type { AnyTool } from '../../engine/tool.ts';
import { startElevationServer } from '../../scripts/elevation-stand-in.ts';
import { jsonValueOf } from '../../service/json-value.ts';
import { jsonWriterOf } from '../../service/json-writer.ts';
import { fixedClock } from '../helpers.ts';

const elevation = await startElevationServer();
afterAll(() => elevation.close());
const ctx = { ...fixedClock('2026-11-22T08:00:00Z'), elevation: createOpenMeteoElevation(elevation.url) };

/** The value's JSON is the writer's text, and the value is what that text parses to. */
function expectTwin(schema: z.ZodType, value: unknown) {
  const built = jsonValueOf(schema)(value);
  const text = jsonWriterOf(schema)(value);
  expect(JSON.stringify(built)).toBe(text);
  expect(built).toStrictEqual(JSON.parse(text));
}

describe('every tool', () => {
  it.each(registry.map((t) => [t.name, t] as const))('%s: each example’s answer as a value, its JSON the writer’s text', async (_name, tool: AnyTool) => {
    for (const example of tool.examples) {
      const result = await tool.run(tool.input.parse(example.input), ctx);
      expectTwin(tool.output, result);
      expectTwin(tool.output, await tool.run(tool.input.parse(example.input), { ...ctx, provenance: 'full' }));
    }
  });
});

describe('the writer’s rules, as values', () => {
  const Point = z.strictObject({ name: z.string(), lat: z.number(), note: z.string().optional(), unit: z.string().default('deg') });

  it('keys in the schema’s order, unnamed keys and undefined optionals left out, a default written', () => {
    const value = { lat: 1.5, extra: true, name: 'A', note: undefined };
    expect(Object.keys(jsonValueOf(Point)(value) as object)).toEqual(['name', 'lat', 'unit']);
    expectTwin(Point, value);
    expectTwin(Point, { name: 'B', lat: 2, note: 'n', unit: 'rad' });
  });

  it('numbers as JSON writes them: -0 as 0, non-finite as null; undefined where required as null', () => {
    expect(jsonValueOf(Point)({ name: 'A', lat: -0 })).toStrictEqual({ name: 'A', lat: 0, unit: 'deg' });
    expect(jsonValueOf(Point)({ name: undefined, lat: Number.NaN })).toStrictEqual({ name: null, lat: null, unit: 'deg' });
    expectTwin(Point, { name: 'A', lat: -0 });
    expectTwin(Point, { name: undefined, lat: Number.POSITIVE_INFINITY });
    expectTwin(z.array(z.number()), [1, -0, Number.NaN]);
  });

  it('a loose object: its schema’s keys first, then its others in their order', () => {
    const Loose = z.looseObject({ a: z.number(), b: z.string() });
    const value = { z: 1, b: 'x', y: [undefined, () => 1], a: 2 };
    expect(Object.keys(jsonValueOf(Loose)(value) as object)).toEqual(['a', 'b', 'z', 'y']);
    expectTwin(Loose, value);
  });

  it('records, unions, dates and values of another type as JSON.stringify writes them', () => {
    expectTwin(z.record(z.string(), z.number()), { b: 1, a: Number.NaN, c: undefined });
    expectTwin(z.strictObject({ when: z.union([z.string(), z.number()]), at: z.unknown() }), { when: 3, at: new Date(0) });
    expectTwin(Point, 'not an object');
    expectTwin(Point, { name: 7, lat: '1' });
    expectTwin(z.strictObject({ e: z.enum(['x', 'y']), l: z.literal(3), n: z.string().nullable() }), { e: 'y', l: 3, n: null });
    expectTwin(z.strictObject({ e: z.enum(['x', 'y']) }), { e: 'w' });
  });

  it('a `__proto__` key stays a key, as JSON.parse makes it', () => {
    const value = JSON.parse('{"m":{"__proto__":1,"k":2}}');
    const built = jsonValueOf(z.strictObject({ m: z.record(z.string(), z.number()) }))(value) as { m: object };
    expect(Object.keys(built.m)).toEqual(['__proto__', 'k']);
    expect(Object.getPrototypeOf(built.m)).toBe(Object.prototype);
    expectTwin(z.strictObject({ m: z.record(z.string(), z.number()) }), value);
  });
});
