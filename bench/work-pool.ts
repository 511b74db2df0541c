/**
 * What the work pool (service/work-pool.ts) costs: a worker's start-up, the round trip of a light call
 * through the pool against the same call on this thread, the RSS an idle warm worker adds, and a first
 * place-name lookup in a worker (which loads its own copy of the index). Prints one JSON line; the
 * figures in docs/architecture.md come from it. Compiled, as `npm start` runs the server:
 *
 *   node scripts/build-server.mjs --no-place-index --outdir .build/pool-bench bench/work-pool.ts \
 *     && node --max-old-space-size=192 .build/pool-bench/bench/work-pool.js
 *
 * or from the sources: node --import tsx bench/work-pool.ts
 */
import { startNodeEngine } from '../engine/index.ts';
import { toolByName } from '../engine/index.ts';
import { validateInput } from '../engine/index.ts';
import { createWorkPool } from '../service/work-pool.ts';

startNodeEngine(false); // the engine over node_modules' data (engine/start.ts)

const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)];
const round = (n: number, digits = 0) => Number(n.toFixed(digits));

function parsed(name: string, input: unknown): unknown {
  const checked = validateInput(toolByName(name)!.input, input);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.data;
}

const light = parsed('date_difference', { start: '2024-02-28', end: '2024-03-01' });
const tool = toolByName('date_difference')!;
const ctx = { now: () => new Date() };
for (let i = 0; i < 2_000; i++) tool.run(light as never, ctx);
await settle();
const rssBefore = rssMb();

let t = performance.now();
const pool = createWorkPool({ size: 1, maxQueue: 10_000 });
await pool.warm();
const startMs = performance.now() - t;
await settle();
const rssWarm = rssMb();

for (let i = 0; i < 300; i++) await pool.run(tool.name, light, { nowMs: Date.now() });
const direct: number[] = [];
const pooled: number[] = [];
for (let i = 0; i < 2_000; i++) {
  t = performance.now();
  tool.run(light as never, ctx);
  direct.push(performance.now() - t);
  t = performance.now();
  const outcome = await pool.run(tool.name, light, { nowMs: Date.now() });
  pooled.push(performance.now() - t);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
}

t = performance.now();
const place = await pool.run('sun_events', parsed('sun_events', { place: 'Lisbon', date: '2009-01-01' }), { nowMs: Date.now() });
const placeMs = performance.now() - t;
if (!place.ok) throw new Error(JSON.stringify(place));
await settle();
const rssPlace = rssMb();
await pool.close();

process.stdout.write(
  JSON.stringify({
    node: process.version,
    worker_start_ms: round(startMs),
    worker_rss_mb: round(rssWarm - rssBefore),
    direct_median_us: round(percentile(direct, 0.5) * 1000, 1),
    pool_median_us: round(percentile(pooled, 0.5) * 1000, 1),
    pool_p99_us: round(percentile(pooled, 0.99) * 1000, 1),
    first_place_lookup_ms: round(placeMs),
    place_index_rss_mb: round(rssPlace - rssWarm),
  }) + '\n',
);
