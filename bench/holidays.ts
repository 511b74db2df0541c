/**
 * `node --import tsx bench/holidays.ts [cpu|memory|tools] [jurisdiction ...]`: what holiday work costs
 * against what the engine declares, for every jurisdiction of date-holidays (571 in 3.37.0) or those named.
 * - cpu: CPU time to compute one year of a jurisdiction's holidays cold (no Earth position memoised, the
 *   least of three runs, the worst of 16 years from 1900 to 2200) against holiday-work.ts's yearUnits,
 *   and building each jurisdiction's rules against CALL_UNITS. `BENCH_ROWS=file` writes every figure.
 * - memory: heap bytes of a cached instance and of a year's holiday-day list, each jurisdiction weighed in
 *   a process of its own (a sample of 20 unless named), against holiday-cache.ts's weights.
 * - tools: each holiday tool's costliest inputs, cold (after one call of the jurisdiction: a process's
 *   first costs up to twice, once) and warm, against the work it declares and meters.
 * Exits 1 when something costs more than declared, with 25% room for noise (as bench/work.ts allows), or
 * weighs more than its weight. Run it on an idle machine where possible: CPU time grows under load.
 */
import { startNodeEngine } from '../engine/index.ts';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildJurisdiction,
  clearHolidayCaches,
  computeYear,
  holidaysInYear,
  HOLIDAY_TYPES,
  jurisdiction,
  supportedCountries,
  type HolidayDay,
  type Jurisdiction,
} from '../engine/index.ts';
import { forgetEarthPositions } from '../engine/index.ts';
import { dayListBytes, instanceBytes } from '../engine/index.ts';
import { CALL_UNITS, yearUnits } from '../engine/index.ts';
import { registry } from '../engine/index.ts';
import { validateInput } from '../engine/index.ts';
import { WorkMeter } from '../engine/index.ts';

startNodeEngine(false); // the engine over node_modules' data (engine/start.ts)

const mode = process.argv[2] ?? 'cpu';
const YEARS = [1900, 1935, 1969, 1971, 2000, 2024, 2025, 2026, 2050, 2079, 2081, 2099, 2101, 2150, 2199, 2200];
const name = ([c, s]: [string, string | null]) => (s ? `${c}-${s}` : c);
/** Every jurisdiction, or those named after the mode (`TW US-NY`). */
const only = new Set(process.argv.slice(3));
const codes = supportedCountries()
  .flatMap((c) => [[c.code, null] as [string, string | null], ...c.subdivisions.map((s): [string, string | null] => [c.code, s.code])])
  .filter((code) => !only.size || only.has(name(code)));

const cpuUs = (f: () => unknown): number => {
  const t0 = process.cpuUsage();
  f();
  const used = process.cpuUsage(t0);
  return used.user + used.system;
};
/** CPU time of a call that may answer a promise (the registry's runs do), µs. */
const cpuUsAsync = async (f: () => unknown): Promise<number> => {
  const t0 = process.cpuUsage();
  await f();
  const used = process.cpuUsage(t0);
  return used.user + used.system;
};
const leastOf = (runs: number, f: () => unknown) => Math.min(...Array.from({ length: runs }, () => cpuUs(f)));
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
let failures = 0;

if (mode === 'cpu') {
  // Every code path compiled first: the first jurisdictions measured would otherwise pay for the JIT.
  for (const code of codes) {
    const j = buildJurisdiction(...code);
    computeYear(j, 2020);
    computeYear(j, 1950);
  }
  const rows: { code: [string, string | null]; j: string; rules: number; ms: number; year: number; declared: number; buildMs: number }[] = [];
  for (const code of codes) {
    const buildMs = leastOf(3, () => buildJurisdiction(...code)) / 1000;
    const j = buildJurisdiction(...code);
    let worst = 0;
    let worstYear = 0;
    for (const year of YEARS) {
      const us = leastOf(3, () => {
        forgetEarthPositions();
        computeYear(j, year);
      });
      if (us > worst) [worst, worstYear] = [us, year];
    }
    rows.push({ code, j: name(code), rules: j.rules.length, ms: worst / 1000, year: worstYear, declared: yearUnits(j) / 1000, buildMs });
  }
  rows.sort((a, b) => b.ms - a.ms);
  // BENCH_ROWS=file: every jurisdiction's figures as JSON, to fit holiday-work.ts's constants.
  if (process.env.BENCH_ROWS) writeFileSync(process.env.BENCH_ROWS, JSON.stringify(rows.map((r) => ({ ...r, rules: jurisdiction(...r.code).rules }))));
  for (const r of rows.slice(0, 25)) {
    console.log(
      `${r.j.padEnd(8)} ${String(r.rules).padStart(3)} rules  ${r.ms.toFixed(2).padStart(6)} ms a year (worst ${r.year})  declared ${r.declared.toFixed(2)}`,
    );
  }
  const ms = rows.map((r) => r.ms);
  console.log(
    `a year, cold: median ${quantile(ms, 0.5).toFixed(2)} ms, p90 ${quantile(ms, 0.9).toFixed(2)}, p99 ${quantile(ms, 0.99).toFixed(2)}, max ${ms[0].toFixed(2)}`,
  );
  const ratios = rows.map((r) => ({ j: r.j, ratio: r.ms / r.declared })).sort((a, b) => b.ratio - a.ratio);
  console.log(
    `measured / declared: median ${quantile(
      ratios.map((r) => r.ratio),
      0.5,
    ).toFixed(2)}, worst ${ratios
      .slice(0, 5)
      .map((r) => `${r.j} ${r.ratio.toFixed(2)}`)
      .join(', ')}`,
  );
  const over = ratios.filter((r) => r.ratio > 1.25);
  if (over.length) console.log(`!! over the declared work by more than 25%: ${over.map((r) => r.j).join(' ')}`);
  failures += over.length;
  const builds = rows.map((r) => r.buildMs).sort((a, b) => b - a);
  console.log(`building the rules: median ${quantile(builds, 0.5).toFixed(2)} ms, max ${builds[0].toFixed(2)} ms (declared ${CALL_UNITS / 1000})`);
  if (builds[0] > (CALL_UNITS / 1000) * 1.25) failures++;
  // Warm: a year already cached, all types asked for (the merge, filter and sort of every call).
  const tw = jurisdiction('TW', null);
  for (let y = 2000; y <= 2100; y++) holidaysInYear(tw, y, HOLIDAY_TYPES);
  const warm = leastOf(3, () => {
    for (let y = 2000; y <= 2099; y++) holidaysInYear(tw, y, HOLIDAY_TYPES);
  });
  console.log(`a year, warm (TW, all types): ${(warm / 100).toFixed(1)} µs`);
}

/**
 * The memory modes weigh in a process of their own per jurisdiction: heap figures after a full collection
 * are reliable for the first thing a process measures, not for the next (earlier garbage and heap
 * growth blur them by tens of KB).
 */
if (mode === 'memory') {
  // The jurisdictions named, or a sample: the fewest and the most rules, lunisolar ones, and the common.
  const sample = only.size
    ? [...only]
    : ['IN', 'CK-Pukapuka', 'GB', 'US', 'US-VA', 'DE', 'ES-GA', 'FR', 'MX', 'PH', 'PL', 'JP', 'TW', 'CN', 'MY-06', 'SG', 'AR', 'AD', 'XK', 'VU'];
  for (const code of sample) {
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), 'weigh', code], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`${code}: ${child.stderr}`);
    const w = JSON.parse(child.stdout) as { rules: number; instance: number; list: number; days: number };
    const [instanceWeight, listWeight] = [instanceBytes(w.rules), dayListBytes(w.days)];
    const bad = w.instance > instanceWeight || w.list > listWeight;
    if (bad) failures++;
    console.log(
      `${bad ? '!!' : '  '} ${code.padEnd(12)} ${String(w.rules).padStart(3)} rules: instance ${(w.instance / 1024).toFixed(1).padStart(6)} KB (weight ${(instanceWeight / 1024).toFixed(1)})` +
        `  a year's list of ${w.days.toFixed(1)} days ${w.list.toFixed(0).padStart(5)} bytes (weight ${listWeight.toFixed(0)})`,
    );
  }
}

if (mode === 'weigh') {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const code = [...codes][0];
  // Every code path and lazily loaded table this jurisdiction uses, first.
  const warm = buildJurisdiction(...code);
  for (let y = 1900; y <= 2200; y++) computeYear(warm, y);
  forgetEarthPositions();
  // Twenty instances, each having computed a year (as a cached one has: its names looked up).
  let before = heap();
  const copies: Jurisdiction[] = [];
  for (let i = 0; i < 20; i++) {
    const j = buildJurisdiction(...code);
    computeYear(j, 2026);
    copies.push(j);
  }
  forgetEarthPositions();
  const instance = (heap() - before - 8 * copies.length) / copies.length;
  // Ten times every year of the data, kept as the year cache keeps them.
  before = heap();
  const lists: HolidayDay[][] = [];
  for (let round = 0; round < 10; round++) for (let y = 1900; y <= 2200; y++) lists.push(computeYear(warm, y));
  forgetEarthPositions();
  const list = (heap() - before - 8 * lists.length) / lists.length;
  const days = lists.reduce((n, l) => n + l.length, 0) / lists.length;
  console.log(JSON.stringify({ rules: copies[0].rules.length, instance, list, days }));
}

if (mode === 'tools') {
  const ctx = (meter: WorkMeter) => ({ now: () => new Date('2026-11-28T00:00:00Z'), meter });
  const ALL = [...HOLIDAY_TYPES];
  const cases: { tool: string; input: Record<string, unknown> }[] = [];
  for (const country of ['TW', 'HK', 'VN', 'CN', 'KR', 'JP', 'MY', 'US', 'DE']) {
    cases.push({ tool: 'list_holidays', input: { country, year: 2026, types: ALL } });
    cases.push({ tool: 'is_business_day', input: { country, date: '2026-02-17', types: ALL } });
    cases.push({ tool: 'next_holidays', input: { country, after: '2026-12-30', count: 20, types: ALL } });
    cases.push({ tool: 'next_holidays', input: { country, after: '1900-01-01', count: 20, types: ['school'] } });
    for (const years of [1, 3, 10, 100]) {
      cases.push({
        tool: 'count_business_days_in_jurisdiction',
        input: { country, start: '2000-01-01', end: `${2000 + years - 1}-12-31`, types: ALL },
      });
    }
  }
  // The first call of a jurisdiction in a process costs up to twice its next ones, once (its zone data
  // loaded, its code paths compiled; holiday-work.ts): a year no case asks for, first, for each.
  for (const country of new Set(cases.map((c) => c.input.country as string))) computeYear(jurisdiction(country, null), 1960);
  for (const c of cases) {
    const tool = registry.find((t) => t.name === c.tool)!;
    const checked = validateInput(tool.input, c.input);
    if (!checked.ok) {
      console.log(`   ${c.tool.padEnd(36)} ${JSON.stringify(c.input).slice(0, 70)} refused: ${checked.errors[0].field} ${checked.errors[0].message}`);
      continue;
    }
    const estimate = tool.work?.estimate(checked.data as never);
    if (estimate && estimate.units > 250_000) {
      console.log(`   ${c.tool.padEnd(36)} ${JSON.stringify(c.input).slice(0, 70)} refused by work: ${(estimate.units / 1000).toFixed(0)} ms declared`);
      continue;
    }
    clearHolidayCaches();
    forgetEarthPositions();
    const meter = new WorkMeter();
    const cold = await cpuUsAsync(() => tool.run(checked.data as never, ctx(meter)));
    let warm = Infinity;
    for (let i = 0; i < 3; i++) warm = Math.min(warm, await cpuUsAsync(() => tool.run(checked.data as never, ctx(new WorkMeter()))));
    const declared = Math.max(estimate?.units ?? 0, meter.spent);
    const bad = cold > declared * 1.25;
    if (bad) failures++;
    console.log(
      `${bad ? '!!' : '  '} ${c.tool.padEnd(36)} ${JSON.stringify(c.input)
        .replace(/"types":\[[^\]]*\]/, 'all types')
        .slice(0, 70)
        .padEnd(
          70,
        )} cold ${(cold / 1000).toFixed(1).padStart(6)} ms  warm ${(warm / 1000).toFixed(2).padStart(6)} ms  declared ${(declared / 1000).toFixed(1).padStart(6)} ms`,
    );
  }
}

process.exitCode = failures ? 1 : 0;
