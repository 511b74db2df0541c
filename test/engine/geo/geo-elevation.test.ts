/** geo_elevation, run as every front end runs it, with a provider pointed at a local Open-Meteo look-alike. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geoElevation } from '../../../engine/geo/geo-elevation.ts';
import { createOpenMeteoElevation } from '../../../engine/geo/open-meteo-elevation.ts';
import { ToolUnavailableError, type ElevationProvider, type ToolContext } from '../../../engine/tool.ts';
import { fixedClock, inputErrors, runTool } from '../../helpers.ts';

let server: Server;
let base: string;
let requests = 0;
let down = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const lat = (url.searchParams.get('latitude') ?? '').split(',').map(Number);
    res.writeHead(down ? 400 : 200, { 'content-type': 'application/json' });
    // Open-Meteo's documented example: 52.52, 13.41 → 38.0; the Dead Sea shore lies below sea level.
    res.end(down ? '{"error":true,"reason":"Service is down for maintenance"}' : JSON.stringify({ elevation: lat.map((l) => (l === 52.52 ? 38.0 : -430.5)) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/elevation`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const withProvider = (elevation: ElevationProvider): ToolContext => ({ ...fixedClock('2026-11-22T08:00:00Z'), elevation });

describe('geo_elevation', () => {
  it('answers the declared example from the provider, naming provider and dataset', async () => {
    const r = await runTool(geoElevation, geoElevation.examples[0].input, withProvider(createOpenMeteoElevation(base)));
    expect(r).toEqual({
      lat: 52.52,
      lon: 13.41,
      elevation_m: 38,
      provider: 'Open-Meteo elevation API',
      dataset: 'Copernicus DEM GLO-90',
      provenance: { method: 'geo.elevation-lookup', elevation_provider: 'Open-Meteo elevation API', elevation_dataset: 'Copernicus DEM GLO-90' },
    });
    const full = await runTool(geoElevation, geoElevation.examples[0].input, { ...withProvider(createOpenMeteoElevation(base)), provenance: 'full' });
    expect(full.provenance.explanations).toMatchObject({ 'geo.elevation-lookup': expect.stringContaining('rounded to 5 decimals') });
  });

  it('repeated points are served from the provider cache', async () => {
    const ctx = withProvider(createOpenMeteoElevation(base));
    const before = requests;
    const first = await runTool(geoElevation, { lat: 31.5, lon: 35.5 }, ctx);
    const second = await runTool(geoElevation, { lat: 31.5, lon: 35.5 }, ctx);
    expect(first.elevation_m).toBe(-430.5); // below sea level is a value, not an error
    expect(second).toEqual(first);
    expect(requests - before).toBe(1);
  });

  it('is an open-world, deterministic, key-only tool on GET /v1/geo/elevation', () => {
    expect(geoElevation).toMatchObject({
      name: 'geo_elevation',
      family: 'geo',
      annotations: { readOnlyHint: true, openWorldHint: true },
      cache: 'deterministic',
      auth: 'key',
      http: { method: 'GET', path: '/v1/geo/elevation' },
    });
  });
});

describe('edge cases', () => {
  it('no provider configured: unavailable, never a value', async () => {
    const error = await runTool(geoElevation, { lat: 0, lon: 0 }, fixedClock('2026-11-22T08:00:00Z')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolUnavailableError);
    expect((error as ToolUnavailableError).message).toBe('no elevation provider configured.');
    // The engine names no HTTP status: the API answers 503 (test/http/app.test.ts), MCP a tool error.
    expect(error).not.toHaveProperty('status');
  });

  it('the provider failing: unavailable with its reason', async () => {
    down = true;
    try {
      const error = await runTool(geoElevation, { lat: 10, lon: 10 }, withProvider(createOpenMeteoElevation(base))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolUnavailableError);
      expect((error as Error).message).toBe(
        'Open-Meteo elevation API unavailable: the provider refused the request (HTTP 400): Service is down for maintenance.',
      );
    } finally {
      down = false;
    }
  });

  it('a provider that breaks its contract is not believed', async () => {
    const broken: ElevationProvider = { provider: 'Broken', dataset: 'none', elevations: async () => [] };
    await expect(runTool(geoElevation, { lat: 0, lon: 0 }, withProvider(broken))).rejects.toThrow('Broken unavailable: no elevation returned');
  });

  it('refuses bad coordinates, naming them', () => {
    expect(inputErrors(geoElevation, { lat: 91, lon: 0 })).toEqual([{ field: 'lat', message: 'must be ≤ 90' }]);
    expect(inputErrors(geoElevation, { lat: 0, lon: -181 })).toEqual([{ field: 'lon', message: 'must be ≥ -180' }]);
    expect(inputErrors(geoElevation, { lat: 0 })).toEqual([{ field: 'lon', message: 'is required' }]);
  });
});
