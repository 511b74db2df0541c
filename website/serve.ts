/**
 * `npm run site:serve`: serves the built site (website/dist) with h3. Real 308s for the rules in the
 * built `_redirects` (so the server and static hosts follow the same list), its 200 rules as rewrites
 * (the share viewer page for every `/observatory/share/<token>/`), the site's 404 page with status 404
 * for unknown paths, and content types by extension. Every answer carries a Content-Security-Policy
 * (a page's own: {@link pagePolicy}), Referrer-Policy and `X-Content-Type-Options: nosniff`; text answers
 * are brotli- or gzip-compressed as the request accepts (./serve-compress.ts).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { H3, serve } from 'h3';
import { loadSettings } from '../service/settings.ts';
import { chooseEncoding, CompressionCache, isCompressible, MIN_COMPRESS_BYTES } from './serve-compress.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};
/** Files whose type is not what their extension says. */
const TYPE_BY_PATH: Record<string, string> = {
  '/manifest.json': 'application/manifest+json',
  '/_redirects': 'text/plain; charset=utf-8',
};

/**
 * Sent with every answer. Referrer-Policy: another site (the API included) learns the origin a request
 * came from, never the page's path (an observatory share's token is in it); same-origin requests keep
 * the whole address, and their Origin header, which no-referrer would turn into `null` on a POST.
 */
const COMMON_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' };
/** The policy of an answer that is no page (a script, style sheet, JSON or SVG file, a redirect): nothing loads, nothing frames it. */
const NOT_A_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** `type` values of a script element that runs (JSON-LD and other data blocks do not, and CSP leaves them alone). */
const RUNS = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The Content-Security-Policy of a built page, read from the page itself (the site's own files, never
 * a client's text): scripts and styles from the site, plus the page's inline scripts and `<style>`
 * elements by their SHA-256 (Astro inlines small ones); requests to the site and to the API its
 * `data-api-base` names (never `'unsafe-eval'`: a page words answers with the tool's own module); no
 * plugins, no `<base>`, forms to the site only, and no framing.
 */
export function pagePolicy(html: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const api = new Set<string>();
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1].trim().toLowerCase() ?? '';
    if (RUNS.has(type)) scripts.add(sha256(body));
  }
  for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(sha256(body));
  for (const [, base] of html.matchAll(/\sdata-api-base="([^"]+)"/g)) {
    const url = URL.canParse(base) ? new URL(base) : null;
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) api.add(url.origin);
  }
  const list = (values: Set<string>) => [...values].map((v) => ` ${v}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${list(scripts)}`,
    `style-src 'self'${list(styles)}`,
    `connect-src 'self'${list(api)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Security headers and the content type of a page answer. */
const pageHeaders = (html: string) => ({ ...COMMON_HEADERS, 'Content-Type': TYPES['.html'], 'Content-Security-Policy': pagePolicy(html) });
/** Security headers of any other answer. */
const otherHeaders = (headers: Record<string, string> = {}) => ({ ...COMMON_HEADERS, 'Content-Security-Policy': NOT_A_PAGE_POLICY, ...headers });

export interface RedirectRule {
  to: string;
  status: number;
}

/**
 * The `from to status` lines of a `_redirects` file (the Netlify/Cloudflare format): exact paths, and
 * paths ending in `*` that match every path under them. Status 200 is a rewrite, 3xx a redirect.
 */
export function parseRedirects(text: string): (pathname: string) => RedirectRule | undefined {
  const exact = new Map<string, RedirectRule>();
  const prefixes: [string, RedirectRule][] = [];
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#')) continue;
    const rule = { to, status: Number(status ?? 301) };
    if (from.endsWith('*')) prefixes.push([from.slice(0, -1), rule]);
    else exact.set(from, rule);
  }
  return (pathname) => exact.get(pathname) ?? prefixes.find(([prefix]) => pathname.startsWith(prefix))?.[1];
}

async function fileAt(path: string): Promise<{ path: string; size: number; mtimeMs: number } | undefined> {
  try {
    const s = await stat(path);
    if (s.isFile()) return { path, size: s.size, mtimeMs: s.mtimeMs };
    if (s.isDirectory()) return fileAt(join(path, 'index.html'));
  } catch {
    /* not there */
  }
  return undefined;
}

/** Compressed files kept by `site:serve` (the 4.9 MB of built text files: 0.9 MB brotli, 1.0 MB gzip). */
export const COMPRESSION_CACHE_BYTES = 16 * 1024 * 1024;

export async function createSiteApp(distDir: string, options: { cacheBytes?: number } = {}): Promise<H3> {
  const root = resolve(distDir);
  const cache = new CompressionCache(options.cacheBytes ?? COMPRESSION_CACHE_BYTES);
  /**
   * A text answer's body and headers for the request's Accept-Encoding: compressed (brotli or gzip) when
   * it accepts one and the file is worth it, `Vary: Accept-Encoding` on every text answer either way.
   */
  const encoded = async (
    req: Request,
    type: string,
    file: { path: string; size: number; mtimeMs: number },
    read: () => Promise<Buffer>,
  ): Promise<{ body?: Buffer<ArrayBuffer>; headers: Record<string, string> }> => {
    if (!isCompressible(type)) return { headers: {} };
    const encoding = file.size >= MIN_COMPRESS_BYTES ? chooseEncoding(req.headers.get('accept-encoding')) : undefined;
    if (!encoding) return { headers: { Vary: 'Accept-Encoding' } };
    const body = await cache.get(file, encoding, read);
    return { body, headers: { Vary: 'Accept-Encoding', 'Content-Encoding': encoding } };
  };
  const redirects = parseRedirects(await readFile(join(root, '_redirects'), 'utf8').catch(() => ''));
  const notFound = await readFile(join(root, '404.html'));
  const notFoundHeaders = pageHeaders(notFound.toString('utf8'));
  const notFoundFile = { path: join(root, '404.html'), size: notFound.byteLength, mtimeMs: 0 };
  const app = new H3();

  app.use(async (event) => {
    const req = event.req;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers: otherHeaders({ Allow: 'GET, HEAD' }) });
    }
    const url = new URL(req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/__invalid__';
    }

    const rule = redirects(pathname);
    if (rule && rule.status !== 200) return new Response(null, { status: rule.status, headers: otherHeaders({ Location: rule.to + url.search }) });
    if (rule) pathname = rule.to; // a rewrite: this address shows that file

    const target = normalize(join(root, pathname));
    const inside = target === root || target.startsWith(root + sep);
    const file = inside && !pathname.includes('\0') ? await fileAt(target) : undefined;
    if (file && !pathname.endsWith('/') && file.path.endsWith(`${sep}index.html`) && !pathname.endsWith('index.html')) {
      // The address is built from the normalised path inside the site, never from what the client sent:
      // `//evil.example%2F..%2Fcalculators` would otherwise redirect off-site (`//evil.example/...`).
      const inSite = relative(root, target).split(sep).filter(Boolean).map(encodeURIComponent).join('/');
      return new Response(null, { status: 308, headers: otherHeaders({ Location: `/${inSite}${inSite ? '/' : ''}${url.search}` }) });
    }
    if (!file) {
      const packed = await encoded(req, TYPES['.html'], notFoundFile, async () => notFound);
      const body = packed.body ?? notFound;
      const headers = { ...notFoundHeaders, ...packed.headers, 'Content-Length': String(body.byteLength) };
      return new Response(req.method === 'HEAD' ? null : body, { status: 404, headers });
    }
    const type = TYPE_BY_PATH[pathname] ?? TYPES[extname(file.path)] ?? 'application/octet-stream';
    // A page is read whole, HEAD too: its policy is read from it (the file as served now, rebuilt or not).
    const raw = type === TYPES['.html'] || req.method !== 'HEAD' ? await readFile(file.path) : null;
    const packed = await encoded(req, type, file, async () => raw ?? readFile(file.path));
    const body = packed.body ?? raw;
    const headers = {
      ...(type === TYPES['.html'] ? pageHeaders(raw!.toString('utf8')) : otherHeaders({ 'Content-Type': type })),
      ...packed.headers,
      'Content-Length': String(body?.byteLength ?? file.size),
    };
    return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers });
  });
  return app;
}

/**
 * What `site:serve` says when the API, started with its defaults (no `CORS_ORIGINS`, not production),
 * would refuse the pages' calls from `origin` (live answers, place search and shares need CORS); nothing
 * when its default list has the origin (`http://127.0.0.1:4321`, the default address, is in it).
 */
export function corsHint(origin: string): string | undefined {
  if (loadSettings({}).corsOrigins.includes(origin)) return undefined;
  return `the API's default CORS list does not include ${origin}: start it with CORS_ORIGINS=${origin} for live answers and shares`;
}

/**
 * The built site served on `hostname:port` (port 0: a free one), as `npm run site:serve` does; the tests and
 * `npm run site:screenshots` serve it in their own process with this. `url` is the origin, without a slash.
 */
export async function serveSite(distDir: string, port: number, hostname = '127.0.0.1'): Promise<{ url: string; close(): Promise<void> }> {
  const server = serve(await createSiteApp(distDir), { port, hostname, silent: true, gracefulShutdown: false });
  await server.ready();
  return { url: new URL(server.url!).origin, close: () => server.close(true) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.SITE_PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`SITE_PORT must be a port number 0..65535, got ${process.env.SITE_PORT}\n`);
    process.exit(1);
  }
  const dist = process.env.SITE_DIST_DIR ?? fileURLToPath(new URL('./dist', import.meta.url));
  if (!(await stat(join(dist, 'index.html')).catch(() => null))) {
    process.stderr.write(`site: no built site in ${dist}; run \`npm run site:build\` first\n`);
    process.exit(1);
  }
  const server = await serveSite(dist, port, process.env.SITE_HOST ?? '127.0.0.1');
  const hint = corsHint(server.url);
  process.stdout.write(`site: serving ${dist} on ${server.url}/\n${hint ? `site: ${hint}\n` : ''}`); // one write: one chunk for whoever waits for it
  const stop = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
