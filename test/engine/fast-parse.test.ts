/**
 * The compiled fast path must never accept what zod refuses, and must return exactly zod's output
 * (values and key order) for what it accepts. Checked part by part on small schemas, then on every
 * registry tool with thousands of inputs mutated from the tool's own examples.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFastParse, fastParserOf, UNSURE } from '../../engine/fast-parse.ts';
import { registry } from '../../engine/registry.ts';
import { Instant, int, Latitude } from '../../engine/inputs.ts';
import { validateInput } from '../../engine/validate.ts';
import { queryReader } from '../../service/query.ts';
import { prng } from '../helpers.ts';

/** Asserts the fast path agrees with zod on `value`; returns true when the fast path answered. */
function agrees(schema: z.ZodType, value: unknown): boolean {
  const fast = compileFastParse(schema)(value);
  const slow = schema.safeParse(value);
  if (fast === UNSURE) return false;
  expect(slow.success, `fast path accepted what zod refuses: ${JSON.stringify(value)}`).toBe(true);
  expect(isDeepStrictEqual(fast, slow.data), `output differs for ${JSON.stringify(value)}`).toBe(true);
  if (fast !== null && typeof fast === 'object') expect(Object.keys(fast)).toEqual(Object.keys(slow.data as object));
  return true;
}

describe('compiled parts agree with zod', () => {
  it('numbers: inclusive and exclusive bounds, whole numbers, non-finite values', () => {
    const s = z.strictObject({ lat: Latitude, n: int(), p: z.number().gt(0).lt(1), i: z.int() });
    const ok = { lat: 90, n: 3, p: 0.5, i: -7 };
    expect(agrees(s, ok)).toBe(true);
    for (const bad of [
      { ...ok, lat: 90.000001 },
      { ...ok, lat: -90.5 },
      { ...ok, n: 1.5 },
      { ...ok, p: 0 },
      { ...ok, p: 1 },
      { ...ok, lat: Number.NaN },
      { ...ok, lat: Infinity },
      { ...ok, lat: '45' },
      { ...ok, i: 2 ** 53 },
    ]) {
      expect(agrees(s, bad)).toBe(false);
      expect(s.safeParse(bad).success).toBe(false);
    }
    expect(agrees(s, { ...ok, lat: -0 })).toBe(true);
  });

  it('strict objects refuse unknown keys (zod names them); stripping objects drop them', () => {
    const strict = z.strictObject({ a: z.string() });
    expect(agrees(strict, { a: 'x', b: 1 })).toBe(false);
    const strip = z.object({ a: z.string() });
    expect(agrees(strip, { a: 'x', b: 1 })).toBe(true);
    expect(compileFastParse(strip)({ a: 'x', b: 1 })).toEqual({ a: 'x' });
  });

  it('optional keys stay absent, defaults fill in, required keys missing go to zod', () => {
    const s = z.strictObject({ a: z.number().optional(), b: z.boolean().default(true), c: z.string() });
    expect(agrees(s, { c: 'x' })).toBe(true);
    expect(compileFastParse(s)({ c: 'x' })).toEqual({ b: true, c: 'x' });
    expect(agrees(s, { a: 1, b: false, c: 'x' })).toBe(true);
    expect(agrees(s, { a: 1 })).toBe(false);
  });

  it('strings with length and pattern checks; enums; literals; nullable', () => {
    const s = z.strictObject({
      code: z
        .string()
        .min(2)
        .max(3)
        .regex(/^[A-Z]+$/),
      unit: z.enum(['km', 'mi']),
      v: z.literal(2),
      note: z.string().nullable(),
    });
    expect(agrees(s, { code: 'GB', unit: 'km', v: 2, note: null })).toBe(true);
    for (const bad of [{ code: 'G' }, { code: 'GBRX' }, { code: 'gb' }, { unit: 'm' }, { v: 3 }, { note: 1 }]) {
      expect(agrees(s, { code: 'GB', unit: 'km', v: 2, note: null, ...bad })).toBe(false);
    }
  });

  it('Instant: a union dispatched by type, then the transform; an issue the transform adds goes to zod', () => {
    const s = z.strictObject({ at: Instant });
    expect(agrees(s, { at: '2026-11-22T08:00:00Z' })).toBe(true);
    expect(agrees(s, { at: 1_763_798_400 })).toBe(true);
    expect(agrees(s, { at: 1_763_798_400_000 })).toBe(true);
    expect(compileFastParse(s)({ at: '2026-11-22T08:00:00+05:45' })).toEqual({ at: Date.parse('2026-11-22T02:15:00Z') });
    for (const bad of ['2026-02-30T00:00:00Z', 'tomorrow', '2026-11-22T08:00:00', 1.5, true, null]) expect(agrees(s, { at: bad })).toBe(false);
  });

  it('arrays with length checks, element by element', () => {
    const s = z.strictObject({
      points: z
        .array(z.strictObject({ lat: Latitude }))
        .min(1)
        .max(2),
    });
    expect(agrees(s, { points: [{ lat: 1 }, { lat: 2 }] })).toBe(true);
    expect(agrees(s, { points: [] })).toBe(false);
    expect(agrees(s, { points: [{ lat: 1 }, { lat: 2 }, { lat: 3 }] })).toBe(false);
    expect(agrees(s, { points: [{ lat: 1 }, { lat: 91 }] })).toBe(false);
  });

  it("an object's own refine and superRefine run on its parsed value: a value they pass is answered, one they fail is left to zod", () => {
    const refined = z.strictObject({ a: z.number(), b: z.number() }).refine((v) => v.a < v.b, 'a must be below b');
    expect(agrees(refined, { a: 1, b: 2 })).toBe(true);
    expect(agrees(refined, { a: 2, b: 1 })).toBe(false);
    const superRefined = z.strictObject({ a: z.number(), b: z.number().optional() }).superRefine((v, ctx) => {
      if (v.b !== undefined && v.a > 0) ctx.addIssue({ code: 'custom', path: ['b'], message: 'must be omitted when a is positive' });
    });
    expect(agrees(superRefined, { a: 1 })).toBe(true);
    expect(agrees(superRefined, { a: -1, b: 3 })).toBe(true);
    expect(agrees(superRefined, { a: 1, b: 3 })).toBe(false);
    // An asynchronous refinement is left to zod.
    const asyncRefined = z.strictObject({ a: z.number() }).refine(async () => true);
    expect(compileFastParse(asyncRefined)({ a: 1 })).toBe(UNSURE);
  });

  it('parts it does not know are parsed by zod itself, and a schema made only of such parts has no fast path', () => {
    expect(fastParserOf(z.record(z.string(), z.number()))).toBeNull();
    const withRecord = z.strictObject({ a: z.record(z.string(), z.number()), b: z.number() });
    expect(fastParserOf(withRecord)).not.toBeNull();
    expect(agrees(withRecord, { a: { x: 1 }, b: 2 })).toBe(true);
    expect(agrees(withRecord, { a: { x: 'y' }, b: 2 })).toBe(false);
  });
});

describe('every registry tool: the fast path never disagrees with zod', () => {
  const POOL: unknown[] = [
    0,
    -0,
    1,
    -1,
    1.5,
    89.99,
    90,
    90.0001,
    -90,
    -90.5,
    180,
    -180,
    180.01,
    1e308,
    -1e308,
    2 ** 53,
    366,
    1e6,
    '',
    ' ',
    'abc',
    '45',
    '2026-11-22',
    '2024-02-29',
    '2023-02-29',
    '1900-01-01',
    '2100-12-31',
    '0000-01-01',
    '2026-11-22T08:00:00Z',
    '2026-03-29T01:30:00+01:00',
    '1700000000',
    'Europe/London',
    'Asia/Calcutta',
    'US',
    'km',
    true,
    false,
    null,
    [],
    [1, 2],
    {},
    { lat: 1, lon: 2 },
    [{ lat: 1, lon: 2 }],
    1_763_798_400,
    1_763_798_400_000,
  ];

  it('agrees on thousands of mutated inputs, and takes the fast path for every tool example', { tags: ['sweep'] }, () => {
    const rand = prng(20261122);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const mutate = (value: unknown, depth: number): unknown => {
      const r = rand();
      if (r < 0.15 || depth > 3) return pick(POOL);
      if (Array.isArray(value)) {
        const out = value.map((v) => (rand() < 0.3 ? mutate(v, depth + 1) : v));
        if (rand() < 0.2) out.push(mutate(value[0], depth + 1));
        if (rand() < 0.1) out.length = 0;
        return out;
      }
      if (value && typeof value === 'object') {
        const out: Record<string, unknown> = rand() < 0.3 ? Object.create(null) : {};
        for (const [k, v] of Object.entries(value)) {
          const q = rand();
          if (q < 0.1) continue;
          out[k] = q < 0.4 ? mutate(v, depth + 1) : v;
        }
        if (rand() < 0.1) out[pick(['extra', 'lat', 'date', 'at', 'points', 'country', '__proto__'])] = pick(POOL);
        return out;
      }
      return rand() < 0.5 ? pick(POOL) : value;
    };

    let fastAnswers = 0,
      zodOnly = 0;
    for (const tool of registry) {
      const fast = fastParserOf(tool.input);
      const examples = tool.examples.map((e) => e.input);
      if (fast) for (const e of examples) expect(fast(e), `${tool.name} example`).not.toBe(UNSURE);
      for (let i = 0; i < 1500; i++) {
        const input = mutate(pick(examples), 0);
        if (!fast) continue;
        if (agrees(tool.input, input)) fastAnswers++;
        else if (tool.input.safeParse(input).success) zodOnly++;
      }
    }
    // The test can fail both ways: a disagreement above, or a fast path that never answers.
    expect(fastAnswers).toBeGreaterThan(1000);
    expect(zodOnly).toBeLessThan(fastAnswers);
  });

  it('GET /v1/time and the batch have a fast path, fed by the query reader as the API feeds it', () => {
    const local = registry.find((t) => t.name === 'get_local_time')!;
    const batch = registry.find((t) => t.name === 'get_local_times')!;
    expect(fastParserOf(local.input)).not.toBeNull();
    expect(fastParserOf(batch.input)).not.toBeNull();
    const { input } = queryReader(local)(new URLSearchParams('lat=27.7172&lon=85.324&at=2026-11-22T08:00:00Z'));
    expect(validateInput(local.input, input)).toEqual({ ok: true, data: { lat: 27.7172, lon: 85.324, at: Date.parse('2026-11-22T08:00:00Z') } });
    // Errors are zod's, word for word.
    const bad = queryReader(local)(new URLSearchParams('lat=91&lon=85.324&at=soon&x=1')).input;
    expect(local.input.safeParse(bad).success).toBe(false);
    const checked = validateInput(local.input, bad);
    expect(checked.ok ? [] : checked.errors.map((e) => e.field).sort()).toEqual(['at', 'lat', 'x']);
  });
});
