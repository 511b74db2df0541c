/**
 * `GET /openapi.json` on the real app: the same prebuilt bytes every time under a strong ETag,
 * `If-None-Match` → 304 with no body, and a per-address limit (60 a minute, an IPv6 client by its /64)
 * with a 429 naming the rule; the document itself states the 304 and the 429.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { noneMatch } from '../../http/routes/openapi.ts';
import { OPENAPI_PER_MINUTE } from '../../service/limits.ts';
import { loadSettings } from '../../service/settings.ts';
import { fixedClock } from '../helpers.ts';

const settings = loadSettings({ SITE_URL: 'https://site.example' });
const newApp = () => createApp({ settings, ctx: fixedClock('2026-11-22T08:00:00Z') }).app;

/** A GET from `ip` (srvx sets `req.ip` from the socket; h3's getRequestIP reads it). */
async function get(app: ReturnType<typeof newApp>, ip: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request('http://api.test/openapi.json', { headers });
  Object.defineProperty(request, 'ip', { value: ip });
  return app.fetch(request);
}

describe('GET /openapi.json', () => {
  it('answers the same bytes under one strong ETag; If-None-Match with it is a 304 without a body', async () => {
    const app = newApp();
    const first = await get(app, '192.0.2.1');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/); // strong: no W/ prefix; a SHA-256, base64url
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const body = await first.text();
    expect(JSON.parse(body).openapi).toBe('3.1.0');
    const second = await get(app, '192.0.2.1');
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe(body);

    for (const header of [etag, `W/${etag}`, `"elsewhere", ${etag}`, '*']) {
      const res = await get(app, '192.0.2.1', { 'if-none-match': header });
      expect(res.status, header).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    const stale = await get(app, '192.0.2.1', { 'if-none-match': '"an-older-document"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(body);
    // Another app (a restart, another instance) builds the same bytes: the ETag holds across them.
    expect((await get(newApp(), '192.0.2.1')).headers.get('etag')).toBe(etag);
  });

  it(`is limited to ${OPENAPI_PER_MINUTE} requests a minute per address, 304s included; the 61st is a 429 naming the rule`, async () => {
    const app = newApp();
    for (let i = 0; i < OPENAPI_PER_MINUTE; i++) {
      const res = await get(app, '198.51.100.9', i % 2 ? { 'if-none-match': '*' } : {});
      expect(res.status).toBe(i % 2 ? 304 : 200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(OPENAPI_PER_MINUTE - 1 - i));
    }
    const limited = await get(app, '198.51.100.9');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { detail: string }).detail).toMatch(/at most 60 a minute/);
    expect((await get(app, '198.51.100.10')).status).toBe(200);
    // An IPv6 client counts by its /64: a new address in a limited /64 is limited too.
    for (let i = 0; i < OPENAPI_PER_MINUTE; i++) await get(app, `2001:db8:5:6::${(i + 1).toString(16)}`);
    expect((await get(app, '2001:db8:5:6:1:2:3:4')).status).toBe(429);
    expect((await get(app, '2001:db8:5:7::1')).status).toBe(200);
  });

  it('states the 304 (with its ETag) and the 429 in the document', async () => {
    const doc = (await (await get(newApp(), '192.0.2.2')).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const { responses } = doc.paths['/openapi.json'].get;
    expect(Object.keys(responses).sort()).toEqual(['200', '304', '429']);
    expect(responses['200']).toMatchObject({ headers: { ETag: { schema: { type: 'string' } } } });
    const share = doc.paths['/v1/observatory/share'].post.responses as Record<string, { description: string }>;
    expect(share['429'].description).toContain('SHARES_PER_ADDRESS');
    expect(share['503'].description).toContain('SHARES_MAX');
  });
});

describe('If-None-Match', () => {
  it('compares weakly, lists and * included (RFC 9110 §13.1.2)', () => {
    expect(noneMatch(null, '"a"')).toBe(false);
    expect(noneMatch('"a"', '"a"')).toBe(true);
    expect(noneMatch('W/"a"', '"a"')).toBe(true);
    expect(noneMatch(' "b" ,  "a" ', '"a"')).toBe(true);
    expect(noneMatch('"b"', '"a"')).toBe(false);
    expect(noneMatch('"a', '"a"')).toBe(false);
    expect(noneMatch(' * ', '"a"')).toBe(true);
  });
});
