/**
 * `npm run docs`: regenerates docs/routes.md's examples (between the `routes:start` and `routes:end`
 * markers) from the route inventory: a curl example for every route and the answer the engine really
 * gives to it (with the clock pinned, so the text only changes when the code or data change).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createOpenMeteoElevation } from '../engine/geo/open-meteo-elevation.ts';
import { createApp } from '../http/app.ts';
import { startElevationServer } from './elevation-stand-in.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore } from '../http/store/index.ts';
import { loadSettings } from '../service/settings.ts';
import type { RouteInfo } from '../service/inventory.ts';

const KEY = 'YOUR_KEY';
const CLOCK = '2026-11-22T08:00:00Z';
// The elevation provider is a third party this machine cannot reach: its example is answered by the
// tests' local server that speaks the provider's wire format, and the page says so beside it.
const elevationServer = await startElevationServer();
// Shares need a store: a throwaway one in a temporary folder.
const dataDir = mkdtempSync(join(tmpdir(), 'tca-docs-'));
const store = await createStore({ dataDir, redisUrl: null });
const { app, routes } = createApp({
  settings: loadSettings({ TIME_API_KEYS: `docs:${KEY}`, RATE_LIMIT_PER_MINUTE: '0' }),
  store,
  ctx: { now: () => new Date(CLOCK), elevation: createOpenMeteoElevation(elevationServer.url) },
});
/** Request bodies of service routes (calculation routes use their tool's example). */
const SERVICE_BODIES: Record<string, unknown> = {
  'POST /v1/observatory/share': { poster: 'sky', date: '2026-12-21', location: { name: 'Greenwich', lat: 51.4769, lng: -0.0005 }, time: '21:30', ttl_days: 7 },
};
let lastShareToken = '';

const BASE = 'http://127.0.0.1:8787';
const FAMILY_TITLES: Record<string, string> = {
  public: 'Public routes (no key)', time: 'Time', date: 'Dates', holiday: 'Holidays', geospatial: 'Geodesy',
  solar: 'Sun', astronomy: 'Planets', monitoring: 'Monitoring', account: 'Account', observatory: 'Observatory',
};

/** Long answers are shortened for reading: lists keep their first items, the rest is counted. */
function abridge(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) {
    const keep = depth === 0 ? 3 : 2;
    const head = value.slice(0, keep).map((v) => abridge(v, depth + 1));
    return value.length > keep ? [...head, `… ${value.length - keep} more`] : head;
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abridge(v, depth + 1)]));
  return value;
}

async function example(route: RouteInfo): Promise<string> {
  const tool = route.tool;
  const auth = route.auth === 'key' ? ` -H 'Authorization: Bearer ${KEY}'` : '';
  let curl: string;
  let request: Request;
  const serviceBody = SERVICE_BODIES[`${route.method} ${route.path}`];
  if (!tool && serviceBody) {
    const body = JSON.stringify(serviceBody);
    curl = `curl -s${auth} -H 'Content-Type: application/json' \\\n  -d '${body}' '${BASE}${route.path}'`;
    request = new Request(`${BASE}${route.path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  } else if (!tool || tool.http.method === 'GET') {
    const query = tool ? Object.entries(tool.example as Record<string, unknown>).map(([k, v]) => `${k}=${encodeURIComponent(String(v)).replace(/%3A/gi, ':').replace(/%2C/gi, ',')}`).join('&') : '';
    const path = `${route.path.replace(':token', lastShareToken)}${query ? `?${query}` : ''}`;
    curl = `curl -s${auth} '${BASE}${path}'`;
    request = new Request(`${BASE}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
  } else {
    const body = JSON.stringify(tool.example);
    curl = `curl -s${auth} -H 'Content-Type: application/json' \\\n  -d '${body}' '${BASE}${route.path}'`;
    request = new Request(`${BASE}${route.path}`, { method: 'POST', body, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' } });
  }
  const res = await app.fetch(request);
  const full = (await res.json()) as { openapi: string; info: { title: string; version: string }; paths: Record<string, unknown> };
  const shown = route.path === '/openapi.json'
    ? { openapi: full.openapi, info: { title: full.info.title, version: full.info.version }, paths: `… ${Object.keys(full.paths).length} paths` }
    : abridge(full);
  const token = (full as { token?: unknown }).token;
  if (typeof token === 'string') lastShareToken = token;
  const note = tool?.openWorld ? ' The answer below comes from a local stand-in that speaks the provider\'s wire format; real values come from the provider.' : '';
  const heading = `#### \`${route.method} ${route.path}\`${tool ? ` · MCP \`${tool.name}\`` : ''}\n\n${route.summary}.${note}`;
  return `${heading}\n\n\`\`\`sh\n${curl}\n\`\`\`\n\`\`\`json\n${JSON.stringify(shown, null, 2)}\n\`\`\``;
}

const parts: string[] = [`<!-- routes:start (generated by \`npm run docs\` from the route inventory; answers computed by the engine with the clock at ${CLOCK}) -->`];
for (const family of [...new Set(routes.map((r) => r.family))]) {
  parts.push(`### ${FAMILY_TITLES[family] ?? family}`);
  for (const route of routes.filter((r) => r.family === family)) parts.push(await example(route));
}
parts.push('<!-- routes:end -->');

const FILE = 'docs/routes.md';
const doc = readFileSync(FILE, 'utf8');
const start = doc.indexOf('<!-- routes:start');
const end = doc.indexOf('<!-- routes:end -->');
if (start < 0 || end < 0) throw new Error(`${FILE} has no routes:start/routes:end markers`);
writeFileSync(FILE, doc.slice(0, start) + parts.join('\n\n') + doc.slice(end + '<!-- routes:end -->'.length));
await elevationServer.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(`${FILE}: ${routes.length} routes written`);
