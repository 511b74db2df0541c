/**
 * A country's weekend from CLDR week data, shipped with the project (the `cldr-core` package's
 * supplemental/weekData.json), not from the runtime's ICU copy of CLDR, which differs between Node
 * lines (CLDR 44 on Node 20, 48 on Node 24) and would make the same request answer differently.
 * CLDR records the current weekend only: historic changes (the UAE moved from Friday–Saturday to
 * Saturday–Sunday in 2022) are not modelled.
 */
import { engineData } from '../data.ts';
import { WEEKDAYS } from '../instant.ts';
import { DATA_RELEASES } from '../package-versions.ts';
import { versionOf } from '../provenance.ts';
import { catalogueEntry } from '../provenance-catalogue.ts';
const ISO_DAY: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };

const cache = new Map<string, readonly number[]>();

/**
 * The weekend of a country (ISO 3166-1 alpha-2) as ascending ISO weekdays, 1 = Monday … 7 = Sunday:
 * CLDR's weekendStart through weekendEnd, the world's ("001") where the country has none of its own.
 *
 * @example cldrWeekend('SA') // [5, 6] (Friday, Saturday)
 */
export function cldrWeekend(country: string): readonly number[] {
  const code = country.toUpperCase();
  let weekend = cache.get(code);
  if (!weekend) {
    const { weekendStart, weekendEnd } = engineData().weekends();
    const start = ISO_DAY[Object.hasOwn(weekendStart, code) ? weekendStart[code] : weekendStart['001']];
    const end = ISO_DAY[Object.hasOwn(weekendEnd, code) ? weekendEnd[code] : weekendEnd['001']];
    const days: number[] = [];
    for (let d = start; ; d = (d % 7) + 1) {
      days.push(d);
      if (d === end) break;
    }
    weekend = Object.freeze(days.sort((a, b) => a - b));
    // Bounded by the supported countries, which are the only codes the input schemas let through.
    cache.set(code, weekend);
  }
  return weekend;
}

export const weekendNames = (weekend: readonly number[]): string => (weekend.length ? weekend.map((d) => WEEKDAYS[d - 1]).join(', ') : 'none');

/** Where weekends come from, for provenance. */
export const WEEKEND_SOURCE = `CLDR ${DATA_RELEASES.cldr} week data (cldr-core ${versionOf('cldr-core')}, supplemental/weekData.json): the current weekend; historic weekend changes are not modelled`;

/** Provenance line for one country's weekend. */
export const weekendProvenance = (country: string, weekend: readonly number[]): string => `${weekendNames(weekend)} (${country}), from ${WEEKEND_SOURCE}`;

export const WEEKEND_DATA = catalogueEntry({
  id: 'weekend',
  kind: 'data',
  value: `CLDR ${DATA_RELEASES.cldr}`,
  summary: "a country's weekend days",
  text: `per country from ${WEEKEND_SOURCE}`,
});
