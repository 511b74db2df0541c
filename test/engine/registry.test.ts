/** Every tool in the registry has the one shape the front ends rely on. */
import { afterAll, describe, expect, it } from 'vitest';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { startElevationServer } from '../../scripts/elevation-stand-in.ts';
import { z } from 'zod';
import { registry } from '../../engine/registry.ts';
import { BOUNDARY_RELEASE_BY_GEO_TZ, boundaryRelease, versions } from '../../engine/provenance.ts';
import { FAMILIES } from '../../engine/tool.ts';
import { fixedClock } from '../helpers.ts';

// Open-world tools get their provider from a local server speaking the provider's wire format.
const elevation = await startElevationServer();
afterAll(() => elevation.close());
const provider = createOpenMeteoElevation(elevation.url);
const at = (iso: string) => ({ ...fixedClock(iso), elevation: provider });

describe('registry', () => {
  it('names, routes and MCP names are unique', () => {
    const names = registry.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = registry.map((t) => `${t.http.method} ${t.http.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(registry.map((t) => [t.name, t] as const))('%s is complete and its example answers within its output schema', async (_name, tool) => {
    expect(tool.name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(FAMILIES).toContain(tool.family);
    expect(tool.http.path).toMatch(/^\/(v1|api\/v1)\//);
    expect(tool.title.length).toBeGreaterThan(5);
    expect(tool.description.length, 'a description written for a model: what, units, limits, example').toBeGreaterThan(150);
    if (tool.cache === 'deterministic-unless-now') expect(tool.usesClock).toBeTypeOf('function');
    // Both schemas must convert to JSON Schema: the OpenAPI document and MCP need them.
    expect(() => z.toJSONSchema(tool.input, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(tool.output, { io: 'output' })).not.toThrow();
    const input = tool.input.parse(tool.example);
    const result = await tool.run(input, at('2026-11-22T08:00:00Z'));
    const checked = tool.output.safeParse(result);
    expect(checked.success, checked.success ? '' : JSON.stringify(checked.error.issues)).toBe(true);
    expect(result).toHaveProperty('provenance');
    // Deterministic answers are the same on a second run (they may be cached).
    if (tool.cache !== 'never' && !tool.usesClock?.(input)) expect(await tool.run(input, at('2030-01-01T00:00:00Z'))).toEqual(result);
  });

  it('knows which boundary release the installed geo-tz ships', () => {
    // Upgrading geo-tz without recording its timezone-boundary-builder release here would make
    // provenance name the wrong boundary data.
    expect(BOUNDARY_RELEASE_BY_GEO_TZ[versions.geoTz], `add geo-tz ${versions.geoTz} to BOUNDARY_RELEASE_BY_GEO_TZ`).toBeDefined();
    expect(boundaryRelease).toMatch(/^\d{4}[a-z]$/);
    expect(versions.tzdb).toMatch(/^\d{4}[a-z]$/);
  });
});
