/**
 * `node --import tsx bench/work.ts [tool ...]`: what a call of each heavy case costs in CPU, against the
 * work its tool declares (engine/work.ts: a unit is about a microsecond of server CPU on the reference
 * 2-core machine). Each case runs once cold (caches the engine keeps between calls emptied where it
 * can: the first call of that shape) and then warm five times; a declared estimate should be at least
 * the cold cost, so that no credit buys more than 25 ms and no call more than 250 ms. Prints one line
 * per case; exits 1 when a case costs more CPU than its declaration (or its metered work) allows, with
 * 25% room for noise.
 */
import { startNodeEngine } from '../engine/index.ts';
import { registry } from '../engine/index.ts';
import type { AnyTool } from '../engine/index.ts';
import { validateInput } from '../engine/index.ts';
import { creditsSpent, MAX_WORK_UNITS, priceOf, WorkMeter } from '../engine/index.ts';

startNodeEngine(false); // the engine over node_modules' data (engine/start.ts)

interface Case {
  tool: string;
  what: string;
  input: Record<string, unknown>;
}

const zones = [
  'America/Los_Angeles',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'America/Sao_Paulo',
  'Africa/Lagos',
  'Asia/Dubai',
  'Pacific/Auckland',
  'America/Chicago',
  'Europe/Moscow',
  'Asia/Shanghai',
  'Asia/Singapore',
  'America/Mexico_City',
  'Africa/Johannesburg',
  'Europe/Paris',
  'Asia/Kathmandu',
  'America/Halifax',
];
const countries = ['US', 'US', 'GB', 'DE', 'IN', 'JP', 'AU', 'BR', 'NG', 'AE', 'NZ', 'US', 'RU', 'CN', 'SG', 'MX', 'ZA', 'FR', 'IN', 'CA'];
/** The costliest holiday countries (lunisolar dates, equinoxes: engine/holidays/holiday-work.ts). */
const lunisolar = ['TW', 'HK', 'CN', 'VN', 'KR', 'MY', 'JP', 'SG'];

export const CASES: Case[] = [
  // The first call of the process pays for loading the ephemeris and zone data (the server does at start).
  { tool: 'sun_events', what: 'warm-up', input: { lat: 10, lon: 10, date: '2026-01-01' } },
  { tool: 'sun_events', what: 'warm-up', input: { lat: 89.9, lon: 10, date: '2026-01-01', days: 2 } },
  { tool: 'moon_events', what: 'warm-up', input: { lat: 89.9, lon: 10, date: '2026-01-01', days: 2 } },
  ...[1, 31, 120, 366].flatMap((days) =>
    [0, 51.5, 78.2, 89.9].map((lat) => ({ tool: 'sun_events', what: `${days} days at ${lat}°`, input: { lat, lon: 10, date: '2026-01-01', days } })),
  ),
  ...[1, 31, 120, 366].flatMap((days) =>
    [0, 51.5, 78.2, 89.9].map((lat) => ({ tool: 'moon_events', what: `${days} days at ${lat}°`, input: { lat, lon: 10, date: '2026-01-01', days } })),
  ),
  ...[1, 5, 20].flatMap((count) => [
    { tool: 'eclipses', what: `${count} solar, global`, input: { kind: 'solar', after: '2026-01-01', count } },
    { tool: 'eclipses', what: `${count} solar at Madrid`, input: { kind: 'solar', after: '2026-01-01', count, lat: 40.4, lon: -3.7 } },
    { tool: 'eclipses', what: `${count} lunar at Madrid`, input: { kind: 'lunar', after: '2026-01-01', count, lat: 40.4, lon: -3.7 } },
  ]),
  ...[4, 100].map((count) => ({ tool: 'moon_phases', what: `${count} phases`, input: { start: '2026-01-01', count } })),
  ...[2, 5, 20].flatMap((n) =>
    [7, 31].flatMap((days) =>
      [15, 60].map((step) => ({
        tool: 'find_meeting_times',
        what: `${n} participants × ${days} days every ${step} min`,
        input: {
          participants: zones.slice(0, n).map((timezone, i) => ({ timezone, country: countries[i] })),
          start_date: '2026-03-01',
          end_date: `2026-03-${String(days).padStart(2, '0')}`,
          step_minutes: step,
          duration_minutes: 480,
          limit: 50,
        },
      })),
    ),
  ),
  {
    tool: 'find_meeting_times',
    what: '4 lunisolar countries × 31 days',
    input: {
      participants: lunisolar.slice(0, 4).map((country) => ({ timezone: 'UTC', country })),
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      step_minutes: 15,
    },
  },
  {
    tool: 'find_meeting_times',
    what: '8 lunisolar countries across new year',
    input: { participants: lunisolar.map((country) => ({ timezone: 'UTC', country })), start_date: '2026-12-15', end_date: '2027-01-14', step_minutes: 15 },
  },
  {
    tool: 'count_business_days_in_jurisdiction',
    what: 'TW, 9 years, all types',
    input: { country: 'TW', start: '2020-01-01', end: '2028-12-31', types: ['public', 'bank', 'school', 'optional', 'observance'] },
  },
  {
    tool: 'count_business_days_in_jurisdiction',
    what: 'DE, 100 years, all types',
    input: { country: 'DE', start: '1950-01-01', end: '2049-12-31', types: ['public', 'bank', 'school', 'optional', 'observance'] },
  },
  { tool: 'next_holidays', what: 'AU-VIC school from 1900', input: { country: 'AU', subdivision: 'VIC', after: '1900-01-01', types: ['school'], count: 20 } },
];

const cpuMs = (f: () => unknown): Promise<{ ms: number; spent: number }> => {
  const t0 = process.cpuUsage();
  return Promise.resolve(f()).then((spent) => {
    const used = process.cpuUsage(t0);
    return { ms: (used.user + used.system) / 1000, spent: Number(spent) || 0 };
  });
};

async function measure(tool: AnyTool, input: unknown) {
  const checked = validateInput(tool.input, input);
  if (!checked.ok) throw new Error(`${tool.name}: ${JSON.stringify(checked.errors)}`);
  const estimate = tool.work?.estimate(checked.data);
  let price: number | string;
  try {
    price = priceOf(tool, checked.data);
  } catch (error) {
    price = `refused (${(error as Error).message.slice(0, 60)})`;
  }
  if (typeof price === 'string') return { estimate, price, cold: 0, warm: 0, spent: 0 };
  const call = async () => {
    const meter = new WorkMeter();
    await tool.run(checked.data, { now: () => new Date('2026-11-28T00:00:00Z'), meter });
    return meter.spent;
  };
  const cold = await cpuMs(call);
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) warm.push((await cpuMs(call)).ms);
  warm.sort((a, b) => a - b);
  return { estimate, price, cold: cold.ms, warm: warm[2], spent: cold.spent };
}

const only = process.argv.slice(2);
let over = 0;
for (const c of CASES) {
  if (only.length && !only.includes(c.tool)) continue;
  const tool = registry.find((t) => t.name === c.tool)!;
  const m = await measure(tool, c.input);
  const units = m.estimate?.units ?? 0;
  const credits = typeof m.price === 'number' ? creditsSpent(m.price, Object.assign(new WorkMeter(), { spent: m.spent })) : m.price;
  const allowed = typeof m.price === 'number' ? Math.max(units, m.spent, 25_000) / 1000 : MAX_WORK_UNITS / 1000;
  const bad = c.what !== 'warm-up' && m.cold > allowed * 1.25;
  if (bad) over++;
  console.log(
    `${bad ? '!!' : '  '} ${c.tool.padEnd(18)} ${c.what.padEnd(38)} cold ${m.cold.toFixed(1).padStart(7)} ms  warm ${m.warm.toFixed(1).padStart(7)} ms  declared ${(units / 1000).toFixed(1).padStart(7)} ms  credits ${credits}`,
  );
}
process.exitCode = over ? 1 : 0;
