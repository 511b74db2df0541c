/**
 * Nothing a client sends gets a 500: every route, fed fixed-seed random and hostile values for each of
 * its parameters (and for unknown ones), answers 2xx or a 4xx problem.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createOpenMeteoElevation } from '../../engine/geo/open-meteo-elevation.ts';
import { registry } from '../../engine/registry.ts';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';
import { startElevationServer } from '../../scripts/elevation-stand-in.ts';
import { fixedClock } from '../helpers.ts';

const KEY = 'fuzz-key-0123456789';
const elevation = await startElevationServer();
afterAll(() => elevation.close());
const { app } = createApp({
  settings: loadSettings({ TIME_API_KEYS: KEY, RATE_LIMIT_PER_MINUTE: '0' }),
  ctx: { ...fixedClock('2026-11-22T08:00:00Z'), elevation: createOpenMeteoElevation(elevation.url, { timeoutMs: 500 }) },
});

let seed = 20261122;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const HOSTILE: unknown[] = [
  '',
  ' ',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '1_000',
  '١٢',
  '９０',
  '%00',
  '\u0000',
  '😀',
  '../../etc/passwd',
  '<script>',
  "' OR 1=1",
  '__proto__',
  'constructor',
  'a'.repeat(5000),
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '10000-01-01',
  '2026-11-22T25:00:00Z',
  '2026-11-22T08:00:00+99:99',
  '99999999999999999999',
  '-99999999999999',
  'GB-',
  'XX',
  'gb-eng',
  'Europe/Nowhere',
  'EST5EDT',
  'UTC+5',
  -1,
  0,
  1,
  90,
  90.0000001,
  -180,
  180.5,
  1e308,
  -1e308,
  2 ** 53,
  0.1 + 0.2,
  123456789012,
  1795334400,
  true,
  false,
  null,
  [],
  [1, 2],
  {},
  { lat: 1 },
  [[[]]],
  { __proto__: { polluted: true } },
];

function randomValue(): unknown {
  return rand() < 0.8 ? pick(HOSTILE) : Array.from({ length: Math.floor(rand() * 120) }, () => pick(HOSTILE));
}

async function send(tool: (typeof registry)[number], input: Record<string, unknown>) {
  if (tool.http.method === 'GET') {
    const qs = Object.entries(input)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
      .join('&');
    return app.fetch(new Request(`http://api.test${tool.http.path}?${qs}`, { headers: { 'x-api-key': KEY } }));
  }
  return app.fetch(
    new Request(`http://api.test${tool.http.path}`, {
      method: 'POST',
      body: JSON.stringify(input),
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    }),
  );
}

describe('no input gets a 500', () => {
  it.each(registry.map((t) => [t.name, t] as const))('%s', async (_name, tool) => {
    const shape = Object.keys((tool.input as unknown as z.ZodObject).shape ?? {});
    const statuses = new Map<number, number>();
    for (let i = 0; i < 150; i++) {
      // Start from the valid example and spoil one to three fields (sometimes an unknown one).
      const input: Record<string, unknown> = { ...(tool.examples[0].input as Record<string, unknown>) };
      const spoil = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < spoil; k++) input[rand() < 0.9 && shape.length ? pick(shape) : pick(['extra', '__proto__', 'constructor'])] = randomValue();
      const res = await send(tool, input);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, `${JSON.stringify(input).slice(0, 300)} → ${await res.clone().text()}`).toBeLessThan(500);
      if (res.status >= 400) expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect(statuses.get(400)).toBeGreaterThan(0);
  });

  describe('edge cases', () => {
    it('hostile bodies on POST routes', async () => {
      for (const tool of registry.filter((t) => t.http.method === 'POST')) {
        for (const body of [
          '{',
          '"x"',
          '123',
          'true',
          '{"__proto__":{"admin":true}}',
          '[{}]',
          '{"points":{"length":1e9}}',
          `{"pairs":[${'{},'.repeat(5000)}{}]}`,
        ]) {
          const res = await app.fetch(
            new Request(`http://api.test${tool.http.path}`, { method: 'POST', body, headers: { 'x-api-key': KEY, 'content-type': 'application/json' } }),
          );
          expect(res.status, `${tool.name} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        }
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });
});
