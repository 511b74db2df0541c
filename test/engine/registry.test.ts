/** Every tool in the registry has the one shape the front ends rely on. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { startElevationServer } from '../../scripts/elevation-stand-in.ts';
import { z } from 'zod';
import { declaredTools, registry } from '../../engine/registry.ts';
import { BOUNDARY_RELEASE_BY_GEO_TZ, boundaryRelease, versions } from '../../engine/provenance.ts';
import { type AnyTool, EXAMPLE_CLOCK, FAMILY_NAMES } from '../../engine/tool.ts';
import { STATUS_FAMILIES, statusFamilyOf } from '../../service/inventory.ts';
import { fixedClock } from '../helpers.ts';

// Open-world tools get their provider from a local server speaking the provider's wire format.
const elevation = await startElevationServer();
afterAll(() => elevation.close());
const provider = createOpenMeteoElevation(elevation.url);
const at = (iso: string) => ({ ...fixedClock(iso), elevation: provider });

const decimals = (n: number) => (Number.isInteger(n) ? 0 : (String(n).split('.')[1]?.length ?? 0));

/**
 * Where `actual` differs from an example's `expect`: objects match key by key, arrays element by element
 * from the first (an expected array pins the first elements), a number matches when the answer rounds to
 * it at the decimals it is written with (published values keep their published precision).
 */
function mismatches(actual: unknown, expected: unknown, path = 'result'): string[] {
  if (typeof expected === 'number') {
    const ok = typeof actual === 'number' && Number(actual.toFixed(decimals(expected))) === expected;
    return ok ? [] : [`${path}: ${JSON.stringify(actual)}, expected ${expected}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length < expected.length)
      return [`${path}: ${JSON.stringify(actual)?.slice(0, 200)}, expected at least ${expected.length} elements`];
    return expected.flatMap((e, i) => mismatches(actual[i], e, `${path}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return [`${path}: ${JSON.stringify(actual)}, expected an object`];
    return Object.entries(expected).flatMap(([k, e]) => mismatches((actual as Record<string, unknown>)[k], e, `${path}.${k}`));
  }
  return Object.is(actual, expected) ? [] : [`${path}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];
}

describe('registry', () => {
  it('names, routes and MCP names are unique', () => {
    const names = registry.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = registry.map((t) => `${t.http.method} ${t.http.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(registry.map((t) => [t.name, t] as const))('%s is complete and its example answers within its output schema', async (_name, tool) => {
    expect(tool.name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(FAMILY_NAMES).toContain(tool.family);
    expect(STATUS_FAMILIES, 'its route is under a status family (service/inventory.ts)').toContain(statusFamilyOf(tool));
    expect(tool.http.path).toMatch(/^\/(v1|api\/v1)\//);
    expect(tool.title.length).toBeGreaterThan(5);
    expect(tool.description.length, 'a description written for a model: what it answers, when to call it, units, limits').toBeGreaterThan(150);
    if (tool.cache === 'deterministic-unless-now') expect(tool.usesClock).toBeTypeOf('function');
    // Both schemas must convert to JSON Schema: the OpenAPI document and MCP need them.
    expect(() => z.toJSONSchema(tool.input, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(tool.output, { io: 'output' })).not.toThrow();
    const input = tool.input.parse(tool.examples[0].input);
    const result = await tool.run(input, at(EXAMPLE_CLOCK));
    const checked = tool.output.safeParse(result);
    expect(checked.success, checked.success ? '' : JSON.stringify(checked.error.issues)).toBe(true);
    expect(result).toHaveProperty('provenance');
    // Deterministic answers are the same on a second run (they may be cached).
    if (tool.cache !== 'never' && !tool.usesClock?.(input)) expect(await tool.run(input, at('2030-01-01T00:00:00Z'))).toEqual(result);
  });

  it.each(registry.flatMap((t) => t.examples.map((e, i) => [`${t.name} #${i + 1}`, t, e] as const)))(
    'example %s gives the published answer its source names',
    async (_name, tool, example) => {
      expect(example.source.length, 'name the source of the expected values').toBeGreaterThan(20);
      expect(Object.keys(example.expect as object).length, 'an example pins part of the answer').toBeGreaterThan(0);
      const result = await tool.run(tool.input.parse(example.input), at(EXAMPLE_CLOCK));
      expect(mismatches(tool.output.parse(result), example.expect), example.source).toEqual([]);
    },
  );

  it('describes every tool in at most 400 characters: the whole tools/list is read before every conversation', () => {
    const long = registry.filter((t) => t.description.length > 400).map((t) => `${t.name}: ${t.description.length} characters`);
    expect(long, 'what it answers, when to call it, units and limits; worked examples belong in `examples`').toEqual([]);
  });

  it("imports each tool from a module in its family's folder, engine/<family>/", async () => {
    const registryFile = readFileSync(join(process.cwd(), 'engine/registry.ts'), 'utf8');
    const moduleOf = new Map<AnyTool, string>();
    for (const [, path] of registryFile.matchAll(/^import \{[^}]*\} from '\.\/([^']+)';$/gm)) {
      const exported = await import(pathToFileURL(join(process.cwd(), 'engine', path)).href);
      for (const value of Object.values(exported)) if (declaredTools.includes(value as AnyTool)) moduleOf.set(value as AnyTool, path);
    }
    for (const tool of declaredTools) {
      const path = moduleOf.get(tool);
      expect(path, `${tool.name}: engine/registry.ts imports it from its module`).toBeDefined();
      expect(path?.split('/')[0], `${tool.name} is declared in engine/${path}`).toBe(tool.family);
    }
  });

  it('the example matcher fails where it should', () => {
    expect(mismatches({ a: 1.23456 }, { a: 1.235 })).toEqual([]);
    expect(mismatches({ a: 1.2344 }, { a: 1.235 })).toHaveLength(1);
    expect(mismatches({ a: [{ b: 'x' }, { b: 'y' }] }, { a: [{ b: 'x' }] })).toEqual([]);
    expect(mismatches({ a: [{ b: 'x' }] }, { a: [{ b: 'x' }, { b: 'y' }] })).toHaveLength(1);
    expect(mismatches({ a: null }, { a: { b: 1 } })).toHaveLength(1);
    expect(mismatches({ a: 'CET' }, { a: 'CEST' })).toEqual(['result.a: "CET", expected "CEST"']);
  });

  it('declares what each tool does to the world, and a page for browser tools with an input to try besides the first', () => {
    for (const tool of registry) {
      expect(tool.annotations.readOnlyHint, tool.name).toBe(true);
      if (tool.calculator?.browser) expect(tool.examples.length, `${tool.name}: a second example`).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(registry.flatMap((t) => t.examples.map((e, i) => [`${t.name} #${i + 1}`, t, e] as const)))(
    'example %s: compact provenance (releases and method ids) in at most 300 bytes of JSON',
    async (_name, tool, example) => {
      const { provenance } = (await tool.run(tool.input.parse(example.input), at(EXAMPLE_CLOCK))) as { provenance: Record<string, unknown> };
      expect(Buffer.byteLength(JSON.stringify(provenance)), JSON.stringify(provenance)).toBeLessThanOrEqual(300);
      expect(provenance.method).toBeTypeOf('string');
      expect(provenance).not.toHaveProperty('explanations');
    },
  );

  it('knows which boundary release the installed geo-tz ships', () => {
    // Upgrading geo-tz without recording its timezone-boundary-builder release here would make
    // provenance name the wrong boundary data.
    expect(BOUNDARY_RELEASE_BY_GEO_TZ[versions.geoTz], `add geo-tz ${versions.geoTz} to BOUNDARY_RELEASE_BY_GEO_TZ`).toBeDefined();
    expect(boundaryRelease).toMatch(/^\d{4}[a-z]$/);
    expect(versions.tzdb).toMatch(/^\d{4}[a-z]$/);
  });
});
