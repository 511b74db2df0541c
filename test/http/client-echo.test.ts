/**
 * What a client sends is quoted back in a problem at most 200 characters long (engine/echo.ts), so a
 * 15 KB header or a 500-character rule never comes back whole: the real server on loopback.
 */
import { serve } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';

const KEY = 'client-echo-key-0123456789';
const SITE = 'https://site.example';
const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, SITE_URL: SITE, RATE_LIMIT_PER_MINUTE: '0' }) });
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  server = serve(app, { port: 0, hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
  await server.ready();
  base = server.url!.replace(/\/$/, '');
});
afterAll(() => server.close(true));

/** The problem's text and detail; it is a problem+json. */
async function problemOf(res: Response): Promise<{ text: string; detail: string }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const text = await res.text();
  return { text, detail: (JSON.parse(text) as { detail: string }).detail };
}

describe('echoes of client input are clipped to 200 characters', () => {
  it('415: a 15 KB Content-Type is quoted by its first 200 characters and its length', async () => {
    const type = `application/${'x'.repeat(15_000)}`;
    const res = await fetch(`${base}/v1/time/batch`, { method: 'POST', headers: { 'x-api-key': KEY, 'content-type': type }, body: '{}' });
    expect(res.status).toBe(415);
    const { text, detail } = await problemOf(res);
    expect(detail).toBe(`The body must be JSON sent with Content-Type: application/json (got '${type.slice(0, 200)}…' (15012 characters)).`);
    expect(text.length).toBeLessThan(600);
  });

  it('404: a long path', async () => {
    const path = `/v1/${'p'.repeat(8_000)}`;
    const res = await fetch(base + path, { headers: { 'x-api-key': KEY } });
    expect(res.status).toBe(404);
    const { text, detail } = await problemOf(res);
    expect(detail).toBe(`No route ${path.slice(0, 200)}… (8004 characters). The routes are listed at /openapi.json and /v1/status.`);
    expect(text.length).toBeLessThan(600);
  });

  it('403: a long Origin refused by the CORS preflight', async () => {
    const origin = `https://${'o'.repeat(10_000)}.example`;
    const res = await fetch(`${base}/v1/time`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    expect(res.status).toBe(403);
    const { text, detail } = await problemOf(res);
    expect(detail).toContain(`Origin ${origin.slice(0, 200)}… (10016 characters) is not allowed`);
    expect(text.length).toBeLessThan(600);
  });

  it('400: a rule value of 480 characters is quoted by 200 of them (the engine quotes it)', async () => {
    const rrule = `FREQ=WEEKLY;BYDAY=${'MO,'.repeat(160)}`;
    const res = await fetch(`${base}/v1/time/recurrence`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ rrule, start: '2026-01-05T09:00', timezone: 'Europe/Paris' }),
    });
    expect(res.status).toBe(400);
    const { detail } = await problemOf(res);
    const list = 'MO,'.repeat(160);
    expect(detail).toContain(`BYDAY: empty item in the list '${list.slice(0, 200)}…' (480 characters)`);
    expect(detail).not.toContain(list.slice(0, 201));
  });
});
