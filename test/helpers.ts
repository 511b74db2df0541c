/** Shared test helpers: run a tool the way every front end does (schema in, run, schema out). */
import { createServer, type AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { z } from 'zod';
import { Latitude } from '../engine/inputs.ts';
import { CALCULATION, defineTool, type ToolContext, type ToolDefinition } from '../engine/tool.ts';
import { validateInput } from '../engine/validate.ts';

/** A clock pinned to one instant. */
export const fixedClock = (iso: string): ToolContext => ({ now: () => new Date(iso) });

/** A context asking for full provenance (each id's long explanation), by default at the examples' clock. */
export const withFullProvenance = (ctx: ToolContext = fixedClock('2026-11-22T08:00:00Z')): ToolContext => ({ ...ctx, provenance: 'full' });

/** The long explanations of a full provenance, by id. */
export const explanationsOf = (provenance: unknown): Record<string, string> => (provenance as { explanations?: Record<string, string> }).explanations ?? {};

/**
 * Parses `input` with the tool's input schema, runs it, checks the result against the tool's own
 * output schema, and returns the result. Fails the test on any schema error.
 */
export async function runTool<I extends z.ZodType, O extends z.ZodType>(
  tool: ToolDefinition<I, O>,
  input: unknown,
  ctx: ToolContext = fixedClock('2026-11-22T08:00:00Z'),
): Promise<z.output<O>> {
  const parsed = validateInput(tool.input, input);
  if (!parsed.ok) throw new Error(`input rejected: ${JSON.stringify(parsed.errors)}`);
  const result = await tool.run(parsed.data as z.output<I>, ctx);
  const checked = tool.output.safeParse(result);
  expect(checked.success, checked.success ? '' : JSON.stringify(checked.error.issues)).toBe(true);
  return checked.data as z.output<O>;
}

/** The issues the tool's input schema reports, as `{field, message}` exactly as the API's 400 lists them. */
export function inputErrors(tool: ToolDefinition, input: unknown): { field: string; message: string }[] {
  const checked = validateInput(tool.input, input);
  return checked.ok ? [] : checked.errors;
}

/** mulberry32: a fixed-seed generator of floats in [0, 1), so every run tests the same inputs. */
export function prng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A TCP port free on loopback right now (for a server a test starts). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as AddressInfo;
        srv.close(() => resolve(port));
      })
      .on('error', reject);
  });

/** A small tool with an input of every kind a query carries (number, boolean, array, string, enum). */
export const probeTool = defineTool({
  name: 'probe',
  family: 'time',
  title: 'probe',
  description: 'probe',
  http: { method: 'GET', path: '/probe' },
  auth: 'public',
  cache: 'never',
  examples: [{ input: { lat: 1 }, expect: {}, source: 'none' }],
  annotations: CALCULATION,
  input: z.strictObject({
    lat: Latitude,
    flag: z.boolean().optional(),
    days: z.array(z.number().int()).optional(),
    name: z.string().optional(),
    kind: z.enum(['a', 'b']).optional(),
  }),
  output: z.object({}),
  run: () => ({}),
});

/**
 * 400 points: the edges first (poles, antimeridian, Greenwich, Kathmandu, Lord Howe, open sea), then
 * random ones from a fixed seed, latitudes at 5 decimals or 1.
 */
export function edgeAndRandomPoints(rand: () => number): { lat: number; lon: number }[] {
  const special = [
    [90, 0],
    [-90, 0],
    [0, 180],
    [0, -180],
    [51.4779, -0.0015],
    [27.7172, 85.324],
    [-31.55, 159.08],
    [0, -140],
  ];
  const points = special.map(([lat, lon]) => ({ lat, lon }));
  while (points.length < 400) points.push({ lat: Number((rand() * 180 - 90).toFixed(rand() < 0.5 ? 5 : 1)), lon: rand() * 360 - 180 });
  return points;
}

/**
 * Polls `ready` every `everyMs` (a throw counts as not yet: a server still starting refuses connections)
 * until it holds; after `tries` polls, throws an error with `failure()`'s text (a server's output).
 */
export async function waitUntil(ready: () => Promise<boolean>, failure: () => string, tries = 600, everyMs = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    try {
      if (await ready()) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(failure());
}
