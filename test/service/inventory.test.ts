/**
 * Service routes are declared once (service/inventory.ts): each has its own name and its own method and
 * path, and the API serves each with the handler its name keys (http/app.ts; the table's type makes a
 * missing or extra handler a compile error, this checks what the types cannot: no name twice).
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { methodsByPath, routeInventory, serviceRoutes } from '../../service/inventory.ts';
import { loadSettings } from '../../service/settings.ts';
import { fixedClock } from '../helpers.ts';

describe('service routes', () => {
  it('each has a name and a method and path of its own', () => {
    expect(new Set(serviceRoutes.map((r) => r.id)).size).toBe(serviceRoutes.length);
    const all = routeInventory();
    expect(new Set(all.map((r) => `${r.method} ${r.path}`)).size).toBe(all.length);
    expect(all.filter((r) => !r.tool).map((r) => r.id)).toEqual(serviceRoutes.map((r) => r.id));
  });

  it('the API routes each one (no 404 or 405), and answers 405 with its methods otherwise', async () => {
    const { app } = createApp({
      settings: loadSettings({ TIME_API_KEYS: 'agent:inventory-key-0123456', RATE_LIMIT_PER_MINUTE: '0' }),
      ctx: fixedClock('2026-11-22T08:00:00Z'),
    });
    for (const route of serviceRoutes) {
      const path = route.path.replace(':token', 'abcdefabcdefabcdefabcdef');
      const res = await app.fetch(new Request(`http://x${path}`, { method: route.method, headers: { 'x-api-key': 'inventory-key-0123456' } }));
      expect([404, 405].includes(res.status) && /No route|not allowed/.test(await res.text()), `${route.method} ${route.path}`).toBe(false);
    }
    const res = await app.fetch(new Request('http://x/v1/status', { method: 'DELETE' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe([...(methodsByPath(routeInventory()).get('/v1/status') ?? []), 'HEAD', 'OPTIONS'].join(', '));
  });
});
