/**
 * The holiday caches stay within their byte budgets however many jurisdictions and years are asked for,
 * and date-holidays keeps no year it computed (engine/holidays/holiday-cache.ts, calendar-data.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  clearHolidayCaches,
  holidayCacheStats,
  holidaysInYear,
  HOLIDAY_TYPES,
  jurisdiction,
  supportedCountries,
} from '../../../engine/holidays/calendar-data.ts';
import { ByteLru, dayListBytes, INSTANCE_BUDGET_BYTES, instanceBytes, YEAR_BUDGET_BYTES } from '../../../engine/holidays/holiday-cache.ts';

const every = supportedCountries().flatMap((c) => [
  [c.code, null] as [string, string | null],
  ...c.subdivisions.map((s): [string, string | null] => [c.code, s.code]),
]);

describe('ByteLru', () => {
  it('the byte-bounded LRU keeps the most recently used entries within its budget', () => {
    const cache = new ByteLru<string, number>(100);
    cache.set('a', 1, 40);
    cache.set('b', 2, 40);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3, 40); // 120 bytes: b, the least recently used, goes
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size, cache.bytes]).toEqual([1, 3, 2, 80]);
    cache.set('big', 4, 90); // fits alone: everything older goes
    expect([cache.get('a'), cache.get('c'), cache.size, cache.bytes]).toEqual([undefined, undefined, 1, 90]);
    cache.set('huge', 5, 101); // heavier than the whole budget: not kept, nothing evicted for it
    expect([cache.get('huge'), cache.get('big'), cache.bytes]).toEqual([undefined, 4, 90]);
    cache.set('big', 6, 10); // replaced: its old weight no longer counts
    expect([cache.get('big'), cache.bytes]).toEqual([6, 10]);
    expect(
      cache.getOrCreate(
        'd',
        () => 7,
        () => 20,
      ),
    ).toBe(7);
    expect(
      cache.getOrCreate(
        'd',
        () => 8,
        () => 20,
      ),
    ).toBe(7);
    expect(cache.bytes).toBe(30);
  });
});

describe('the holiday caches', () => {
  it('hold at most their budgets of instances, however many jurisdictions are asked for', () => {
    clearHolidayCaches();
    let weighed = 0;
    for (const code of every) weighed += instanceBytes(jurisdiction(...code).rules.length);
    expect(weighed).toBeGreaterThan(2 * INSTANCE_BUDGET_BYTES); // every one of the 571 was built and weighed
    const { jurisdictions } = holidayCacheStats();
    expect(jurisdictions.bytes).toBeLessThanOrEqual(INSTANCE_BUDGET_BYTES);
    expect(jurisdictions.bytes).toBeGreaterThan(INSTANCE_BUDGET_BYTES * 0.9); // full, not emptied
    expect(jurisdictions.entries).toBeLessThan(every.length);
  });

  it('hold at most their budget of years, and weigh each as its days', { tags: ['sweep'], timeout: 60_000 }, () => {
    clearHolidayCaches();
    const gb = jurisdiction('GB', 'ENG');
    holidaysInYear(gb, 2026, ['public']);
    // 2025 and 2026 computed (a year needs the one before), all types, whatever the types asked for.
    const twoYears = [2025, 2026].map((y) => holidaysInYear(gb, y, HOLIDAY_TYPES).length);
    expect(holidayCacheStats().years.entries).toBe(3); // 2024..2026
    expect(holidayCacheStats().years.bytes).toBeGreaterThanOrEqual(dayListBytes(twoYears[0]) + dayListBytes(twoYears[1]));
    // Years of cheap jurisdictions until the weights pass twice the budget.
    let weighed = 0;
    for (const code of every.filter(([, s]) => s === null)) {
      const j = jurisdiction(...code);
      for (let year = 1990; year < 2030; year++) weighed += dayListBytes(holidaysInYear(j, year, HOLIDAY_TYPES).length);
      if (weighed > 2 * YEAR_BUDGET_BYTES) break;
    }
    expect(weighed).toBeGreaterThan(2 * YEAR_BUDGET_BYTES);
    const { years } = holidayCacheStats();
    expect(years.bytes).toBeLessThanOrEqual(YEAR_BUDGET_BYTES);
    expect(years.bytes).toBeGreaterThan(YEAR_BUDGET_BYTES * 0.9);
  }); // about 5,000 jurisdiction-years: ~3 s idle

  it("leave date-holidays no memory of the years it computed (its rules' per-year caches)", () => {
    // date-holidays-parser's DateFn keeps every year each rule computed in `cache` (a Map that only grows)
    // and the last in `event`: with 128 instances kept, years 1900-2200 of every country filled a 192 MB
    // heap (issue 28). A renamed field fails here rather than leaking quietly.
    const tw = jurisdiction('TW', null);
    for (let year = 2000; year < 2010; year++) holidaysInYear(tw, year, HOLIDAY_TYPES);
    // A rule unset is `false`, which has no `fn` either.
    const table = (tw.hd as unknown as { holidays: Record<string, { fn?: { cache?: unknown; event?: unknown } }> }).holidays;
    const rules = Object.values(table).flatMap((r) => (r?.fn ? [r.fn] : []));
    expect(rules.length).toBe(tw.rules.length);
    for (const fn of rules) {
      expect(fn.cache).toBeInstanceOf(Map);
      expect((fn.cache as Map<number, unknown>).size).toBe(0);
      expect(fn.event).toBeUndefined();
    }
  });
});
