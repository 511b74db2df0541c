/** Ad-hoc: per-request cost of GET /v1/time through app.fetch (no sockets). Not part of npm run bench. */
import { find } from 'geo-tz/all';
import { createApp } from '../http/app.ts';
import { loadSettings } from '../http/settings.ts';
import { warmUp } from '../engine/health.ts';
import { localTimeAt } from '../engine/time/local-time.ts';

warmUp();
const KEY = 'bench-key-0123456789abcdef';
const { app } = createApp({ settings: loadSettings({ TIME_API_KEYS: KEY, TIME_API_CACHE: 'off' }) });
let seed = 42;
const rand = () => { seed = (seed * 1664525 + 1013904223) >>> 0; return seed / 2 ** 32; };
const pts: [number, number][] = [];
while (pts.length < 10000) { const lat = rand() * 135 - 60, lon = rand() * 360 - 180; if (!find(lat, lon).every((z) => z.startsWith('Etc/'))) pts.push([+lat.toFixed(5), +lon.toFixed(5)]); }
const at = Date.parse('2026-07-01T12:00:00Z');
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  for (const [la, lo] of pts) localTimeAt(la, lo, at);
  const engine = (performance.now() - t) / pts.length;
  t = performance.now();
  for (const [la, lo] of pts) JSON.stringify(localTimeAt(la, lo, at));
  const engineJson = (performance.now() - t) / pts.length;
  t = performance.now();
  for (const [la, lo] of pts) {
    const r = await app.fetch(new Request(`http://x/v1/time?lat=${la}&lon=${lo}&at=2026-07-01T12:00:00Z`, { headers: { 'x-api-key': KEY } }));
    await r.text();
  }
  const full = (performance.now() - t) / pts.length;
  t = performance.now();
  for (let i = 0; i < pts.length; i++) { const r = await app.fetch(new Request(`http://x/`)); await r.text(); }
  const index = (performance.now() - t) / pts.length;
  console.log(`round ${round}: engine ${(engine * 1000).toFixed(1)} µs, +json ${(engineJson * 1000).toFixed(1)} µs, app.fetch /v1/time ${(full * 1000).toFixed(1)} µs, app.fetch / ${(index * 1000).toFixed(1)} µs`);
}
