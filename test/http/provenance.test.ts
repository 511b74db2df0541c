/**
 * The `provenance` query flag of every calculation route: compact by default, `full` adds the long
 * explanations, anything else is a 400 naming the flag; GET and POST alike; cached apart; in OpenAPI.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { registry } from '../../engine/registry.ts';
import { exampleInput } from '../../engine/tool.ts';
import { createApp } from '../../http/app.ts';
import { startElevationServer } from '../../scripts/elevation-stand-in.ts';
import { loadSettings } from '../../service/settings.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'test-key-0123456789';
const settings = loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0' });
const elevation = await startElevationServer();
afterAll(() => elevation.close());
const { app } = createApp({ settings, ctx: { ...fixedClock('2026-11-22T08:00:00Z'), elevation: createOpenMeteoElevation(elevation.url) } });

const call = (path: string, init: RequestInit = {}) =>
  app.fetch(new Request(`http://api.test${path}`, { ...init, headers: { 'x-api-key': KEY, 'content-type': 'application/json', ...init.headers } }));
const query = (input: Record<string, unknown>) =>
  Object.entries(input)
    .map(([k, v]) => `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`)
    .join('&');
/** A tool's first example over HTTP, with extra query text (`provenance=full`). */
const example = (tool: (typeof registry)[number], extra = '') => {
  const input = exampleInput(tool);
  if (tool.http.method === 'POST') return call(`${tool.http.path}${extra ? `?${extra}` : ''}`, { method: 'POST', body: JSON.stringify(input) });
  return call(`${tool.http.path}?${[query(input), extra].filter(Boolean).join('&')}`);
};

// biome-ignore lint/suspicious/noExplicitAny: answers of many routes
const bodyOf = async (res: Response): Promise<any> => res.json();

describe('provenance=compact|full', () => {
  it.each(registry.map((t) => [`${t.http.method} ${t.http.path}`, t] as const))('%s: compact by default, full on request', async (_route, tool) => {
    const compact = await example(tool);
    expect(compact.status).toBe(200);
    const { provenance } = await bodyOf(compact);
    expect(provenance.explanations).toBeUndefined();
    expect(Buffer.byteLength(JSON.stringify(provenance))).toBeLessThanOrEqual(300);
    expect(await bodyOf(await example(tool, 'provenance=compact'))).toMatchObject({ provenance });
    const full = await example(tool, 'provenance=full');
    expect(full.status).toBe(200);
    const fullProvenance = (await bodyOf(full)).provenance;
    expect(fullProvenance).toMatchObject(provenance);
    expect(Object.keys(fullProvenance.explanations)).toEqual(expect.arrayContaining(provenance.method.split(', ')));
  });

  it.each([
    ['GET', '/v1/time?lat=1&lon=1&provenance=verbose'],
    ['GET', '/v1/time?lat=1&lon=1&provenance='],
    ['GET', '/v1/time?lat=1&lon=1&provenance=FULL'],
    ['POST', '/v1/time/batch?provenance=long'],
  ])('%s %s → 400 naming provenance and its rule', async (method, path) => {
    const res = await call(path, method === 'POST' ? { method, body: JSON.stringify({ points: [{ lat: 1, lon: 1 }] }) } : {});
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await bodyOf(res);
    expect(body.errors).toEqual([{ field: 'provenance', message: 'must be full or compact' }]);
    expect(body.detail).toBe('Invalid parameter: provenance must be full or compact.');
  });

  it('a bad flag is named with the input errors; given twice, it says so', async () => {
    const both = await bodyOf(await call('/v1/time?lat=91&lon=1&provenance=x'));
    expect(both.errors).toEqual([
      { field: 'provenance', message: 'must be full or compact' },
      { field: 'lat', message: 'must be ≤ 90' },
    ]);
    const twice = await bodyOf(await call('/v1/time?lat=1&lon=1&provenance=full&provenance=full'));
    expect(twice.errors).toEqual([{ field: 'provenance', message: 'is given more than once' }]);
    const postTwice = await bodyOf(await call('/v1/time/batch?provenance=full&provenance=compact', { method: 'POST', body: '{"points":[{"lat":1,"lon":1}]}' }));
    expect(postTwice.errors).toEqual([{ field: 'provenance', message: 'is given more than once' }]);
  });

  it('the two forms are two cache entries', async () => {
    const path = '/v1/geo/distance?from_lat=10&from_lon=20&to_lat=30&to_lon=40';
    expect((await call(path)).headers.get('x-cache')).toBe('MISS');
    const full = await call(`${path}&provenance=full`);
    expect(full.headers.get('x-cache')).toBe('MISS');
    expect((await bodyOf(full)).provenance.explanations).toBeDefined();
    const hit = await call(`${path}&provenance=full`);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect((await bodyOf(hit)).provenance.explanations).toBeDefined();
    const compact = await call(path);
    expect(compact.headers.get('x-cache')).toBe('HIT');
    expect((await bodyOf(compact)).provenance.explanations).toBeUndefined();
  });

  it('OpenAPI documents the flag on every calculation route, GET and POST', async () => {
    const doc = await bodyOf(await app.fetch(new Request('http://api.test/openapi.json')));
    for (const tool of registry) {
      const op = doc.paths[tool.http.path][tool.http.method.toLowerCase()];
      expect(op.parameters, `${tool.http.method} ${tool.http.path}`).toContainEqual(
        expect.objectContaining({
          name: 'provenance',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['compact', 'full'], default: 'compact' },
        }),
      );
    }
    expect(doc.paths['/health'].get.parameters).toBeUndefined();
  });
});
