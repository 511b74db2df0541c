/** `Vary` lists each header once, whichever steps of the app add to it. */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../http/app.ts';
import { addVary } from '../../../http/middleware/vary.ts';
import { loadSettings } from '../../../service/settings.ts';
import { fixedClock } from '../../helpers.ts';

const KEY = 'vary-test-key-0123456789';
const ORIGIN = 'https://site.example';
// Every step a keyed calculation passes: key, rate limit, cache, CORS, the request log.
const { app } = createApp({
  settings: loadSettings({ TIME_API_KEYS: KEY, SITE_URL: ORIGIN, RATE_LIMIT_PER_MINUTE: '600', TIME_API_CACHE: 'memory' }),
  ctx: fixedClock('2026-11-22T08:00:00Z'),
  logger: { log: () => {}, flush: () => {} },
});

const varyOf = (res: Response) => (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
const once = (list: string[]) => expect(list.length, list.join(', ')).toBe(new Set(list).size);

describe('Vary', () => {
  it('merges without repeating a header, in any letter case', () => {
    const headers = new Headers({ vary: 'origin, Accept-Encoding' });
    addVary(headers, 'Origin', 'accept-encoding', 'Accept-Language');
    expect(headers.get('vary')).toBe('origin, Accept-Encoding, Accept-Language');
    const doubled = new Headers({ vary: 'Origin, Origin' });
    addVary(doubled, 'Origin');
    expect(doubled.get('vary')).toBe('Origin');
    const empty = new Headers();
    addVary(empty, 'Origin');
    expect(empty.get('vary')).toBe('Origin');
    const everything = new Headers({ vary: '*' });
    addVary(everything, 'Origin');
    expect(everything.get('vary')).toBe('*');
  });

  it('a keyed calculation with an Origin (miss, hit, no key, preflight) names each header once', async () => {
    const send = (init: RequestInit & { key?: boolean } = {}) => {
      const headers = new Headers(init.headers);
      headers.set('origin', ORIGIN);
      if (init.key !== false) headers.set('x-api-key', KEY);
      return app.fetch(new Request('http://api.test/v1/time?lat=48.8566&lon=2.3522&at=2026-11-22T08:00:00Z', { ...init, headers }));
    };
    const miss = await send();
    const hit = await send();
    expect([miss.headers.get('x-cache'), hit.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(miss.headers.get('ratelimit-limit')).toBe('600');
    const answers = [miss, hit, await send({ key: false }), await send({ method: 'OPTIONS', headers: { 'access-control-request-method': 'GET' } })];
    for (const res of answers) {
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(varyOf(res)).toContain('origin');
      once(varyOf(res));
    }
    const refused = await app.fetch(
      new Request('http://api.test/v1/time', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } }),
    );
    expect(refused.status).toBe(403);
    expect(varyOf(refused)).toEqual(['origin']);
  });
});
