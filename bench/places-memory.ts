/**
 * What the loaded places index holds in the process: the engine started (no warm-up), memory read after
 * a full collection, the index loaded from its index file (built and written first where there is none:
 * run it twice), memory read again after a collection; the difference is the index's retained size.
 * Run with gc exposed; the engine of another checkout (an older index format) is measured by naming its
 * folder, its index file sharing node_modules/.cache/places with this one's:
 *
 *   node --expose-gc --import tsx bench/places-memory.ts [checkout folder]
 *
 * Prints one JSON line: the index format, and the MB of V8 heap, of array buffers (typed arrays, the
 * kd-tree) and of resident memory the index added.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const engine = await import(pathToFileURL(join(root, 'engine/index.ts')).href);
const { INDEX_FORMAT } = await import(pathToFileURL(join(root, 'engine/places/index-file.ts')).href);

const settled = async () => {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
  return process.memoryUsage();
};

engine.startNodeEngine(false);
const before = await settled();
const index = await engine.loadPlaces();
const after = await settled();
const mb = (bytes: number) => Math.round((bytes / 1e6) * 100) / 100;
console.log(
  JSON.stringify({
    format: INDEX_FORMAT,
    places: index.count,
    heap_mb: mb(after.heapUsed - before.heapUsed),
    array_buffers_mb: mb(after.arrayBuffers - before.arrayBuffers),
    external_mb: mb(after.external - before.external),
    retained_mb: mb(after.heapUsed - before.heapUsed + after.external - before.external),
    rss_mb: mb(after.rss - before.rss),
    rss_total_mb: mb(after.rss),
  }),
);
