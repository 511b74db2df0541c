/** `npm run site:serve` over a real socket: 308s, the 404 page, content types, security headers, compression. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app.ts';
import { loadSettings } from '../../service/settings.ts';
import { corsHint } from '../../website/serve.ts';
import { freePort } from '../helpers.ts';
import { ROOT, apiBaseUrl, buildSite } from './build-site.ts';

let child: ChildProcess | undefined;
let base = '';
let dist = '';
let printed = '';

beforeAll(async () => {
  dist = await buildSite();
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'website/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, SITE_PORT: String(port), SITE_DIST_DIR: dist },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child!.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('serving')) resolve();
    });
    child!.stderr!.on('data', (d) => {
      output += d;
    });
    child!.on('exit', (code) => reject(new Error(`site server exited ${code}: ${output}`)));
  });
  base = `http://127.0.0.1:${port}`;
  printed = output;
}, 360_000);

afterAll(() => {
  child?.kill('SIGTERM');
});

const get = (path: string, init: RequestInit = {}) => fetch(base + path, { redirect: 'manual', ...init });

/** The bytes as sent (fetch would decompress them), with the headers. */
const raw = (path: string, headers: Record<string, string>, method = 'GET') =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('site server', () => {
  it.each([
    ['/calculators/day-counter/', '/calculators/date-difference/'],
    ['/calculators/day-counter', '/calculators/date-difference/'],
    ['/calculators/great-circle-distance/', '/calculators/distance/'],
    ['/calculators/solar-position/?lat=1', '/calculators/sun-position/?lat=1'],
    ['/calculators', '/calculators/'],
    // Never off-site: a path that normalises into the site redirects to that path only.
    ['//evil.example%2F..%2Fcalculators', '/calculators/'],
    ['/%2F%2Fevil.example%2F..%2Fcalculators', '/calculators/'],
    ['/observatory/..//calculators', '/calculators/'],
  ])('%s answers 308 → %s', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(to);
  });

  it('serves pages and the target of every redirect with 200', async () => {
    for (const path of ['/', '/calculators/', '/calculators/date-difference/', '/calculators/distance/', '/calculators/sun-position/']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  it('shows every share address with the one share viewer page (a rewrite, not a redirect), as _redirects says', async () => {
    const viewer = readFileSync(join(dist, 'observatory/share/index.html'), 'utf8');
    expect(viewer).toContain('<meta name="robots" content="noindex">');
    expect(readFileSync(join(dist, '_redirects'), 'utf8')).toContain('/observatory/share/* /observatory/share/index.html 200');
    for (const path of [`/observatory/share/${'A'.repeat(32)}/`, '/observatory/share/whatever', '/observatory/share/']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text(), path).toBe(viewer);
    }
  });

  it('answers unknown paths with the site 404 page and status 404', async () => {
    const notFound = readFileSync(join(dist, '404.html'), 'utf8');
    for (const path of ['/nope', '/calculators/no-such-calculator/', '/../package.json', '/%2e%2e/package.json']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toBe(notFound);
    }
  });

  it.each([
    ['/manifest.json', 'application/manifest+json'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/llms.txt', 'text/plain; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/calculator-catalog.json', 'application/json; charset=utf-8'],
    ['/openapi.json', 'application/json; charset=utf-8'],
    ['/.well-known/ai-plugin.json', 'application/json; charset=utf-8'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/icon-192.png', 'image/png'],
  ])('%s is served as %s', async (path, type) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("prints its origin, and how to start the API for it when the API's default CORS list lacks it", () => {
    expect(printed.split('\n')[0]).toBe(`site: serving ${dist} on ${base}/`);
    // The test's free port is not the default 4321, so the hint names the variable to set.
    if (!base.endsWith(':4321')) expect(printed).toContain(`CORS_ORIGINS=${base} for live answers and shares`);
  });

  it('the default address (http://127.0.0.1:4321) is one the API started with its defaults accepts: a preflight from it is allowed', async () => {
    const origin = 'http://127.0.0.1:4321';
    expect(corsHint(origin)).toBeUndefined();
    expect(corsHint('http://127.0.0.1:4999')).toMatch(/CORS_ORIGINS=http:\/\/127\.0\.0\.1:4999/);
    const { app } = createApp({ settings: loadSettings({}) });
    for (const [from, allowed] of [
      [origin, origin],
      ['http://localhost:4321', 'http://localhost:4321'],
      ['http://127.0.0.1:4999', null],
    ] as const) {
      const res = await app.fetch(
        new Request('http://127.0.0.1:8787/v1/time?lat=0&lon=0', {
          method: 'OPTIONS',
          headers: { Origin: from, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
        }),
      );
      expect(res.headers.get('access-control-allow-origin'), from).toBe(allowed);
    }
  });

  it('without a build it says how to make one and exits 1 (no stack trace)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'website/serve.ts'], {
      cwd: ROOT,
      env: { ...process.env, SITE_PORT: '0', SITE_DIST_DIR: join(dist, 'no-such-folder') },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`site: no built site in ${join(dist, 'no-such-folder')}; run \`npm run site:build\` first\n`);
  });

  it('every answer carries nosniff, a Referrer-Policy and a Content-Security-Policy that no page may frame', async () => {
    for (const [path, status, init] of [
      ['/', 200],
      ['/calculators/distance/', 200],
      [`/observatory/share/${'A'.repeat(32)}/`, 200],
      ['/nope', 404],
      ['/calculators', 308],
      ['/calculators/day-counter/', 308],
      ['/favicon.svg', 200],
      ['/robots.txt', 200],
      ['/openapi.json', 200],
      ['/', 405, { method: 'POST' }],
      ['/', 200, { method: 'HEAD' }],
    ] as const) {
      const res = await get(path, init);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy'), path).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    }
    // Anything but a page may load nothing (an SVG or a script opened on its own).
    expect((await get('/favicon.svg')).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("a page's policy admits its own inline scripts and styles by hash, and the API it calls; never eval (a server tool's page words answers with its module)", async () => {
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const api = apiBaseUrl();
    for (const page of ['observatory/', 'calculators/local-time-at-coordinates/', 'calculators/distance/', '']) {
      const html = readFileSync(join(dist, page, 'index.html'), 'utf8');
      const res = await get(`/${page}`);
      const policy = new Map(
        res.headers
          .get('content-security-policy')!
          .split('; ')
          .map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const),
      );
      const inlineScripts = [...html.matchAll(/<script( type="module")?>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[2]));
      const inlineStyles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]));
      expect(inlineScripts.length, page).toBeGreaterThan(0);
      expect(policy.get('default-src'), page).toEqual(["'self'"]);
      expect(new Set(policy.get('script-src')), page).toEqual(new Set(["'self'", ...inlineScripts]));
      expect(new Set(policy.get('style-src')), page).toEqual(new Set(["'self'", ...inlineStyles]));
      expect(policy.get('connect-src'), page).toEqual(html.includes('data-api-base=') ? ["'self'", api] : ["'self'"]);
      expect(policy.get('object-src'), page).toEqual(["'none'"]);
      expect(policy.get('base-uri'), page).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), page).toEqual(["'none'"]);
    }
    // The pages this checks include one with an inline style and a server tool's calculator.
    expect(readFileSync(join(dist, 'observatory/index.html'), 'utf8')).toContain('<style>');
    // No page carries an answer sentence as source text (a server tool's page loads the tool's module).
    expect(readFileSync(join(dist, 'calculators/local-time-at-coordinates/index.html'), 'utf8')).not.toContain(' data-answer=');
    expect(readFileSync(join(dist, 'calculators/distance/index.html'), 'utf8')).not.toContain(' data-answer=');
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await get('/', { method: 'POST' })).status).toBe(405);
    expect((await get('/', { method: 'HEAD' })).status).toBe(200);
  });

  it('compresses text answers with brotli or gzip as Accept-Encoding asks, with Vary, as static hosts do', async () => {
    const page = readFileSync(join(dist, 'calculators/distance/index.html'));
    const br = await raw('/calculators/distance/', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(brotliDecompressSync(br.body)).toEqual(page);
    expect(br.body.byteLength).toBeLessThan(page.byteLength / 3);
    // The page's policy is the page's own, compressed or not.
    expect(br.headers['content-security-policy']).toBe((await get('/calculators/distance/')).headers.get('content-security-policy'));

    const gz = await raw('/calculators/distance/', { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(page);

    const plain = await raw('/calculators/distance/', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toEqual(page);
    expect((await raw('/calculators/distance/', {})).body).toEqual(page);

    // HEAD says what GET would send.
    const head = await raw('/calculators/distance/', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(String(br.body.byteLength));
    expect(head.body.byteLength).toBe(0);

    // Scripts, JSON, XML, SVG and the 404 page too; PNG (compressed already) never.
    const script = /<script type="module" src="([^"]+)"/.exec(page.toString('utf8'))![1];
    for (const path of [script, '/openapi.json', '/sitemap.xml', '/favicon.svg', '/calculator-data/zones.json', '/nope']) {
      const res = await raw(path, { 'Accept-Encoding': 'gzip, br' });
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers.vary, path).toBe('Accept-Encoding');
      const sent = brotliDecompressSync(res.body);
      if (path === '/nope') expect(res.status).toBe(404);
      else expect(sent, path).toEqual(readFileSync(join(dist, decodeURIComponent(path))));
    }
    const png = await raw('/icon-192.png', { 'Accept-Encoding': 'gzip, br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
  });
});
