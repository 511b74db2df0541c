/**
 * A country's weekend from CLDR week data, read through `Intl.Locale` (ICU's copy of CLDR bundled
 * with the runtime), not from a hand-kept table. CLDR records the current weekend only: historic
 * changes (the UAE moved from Friday–Saturday to Saturday–Sunday in 2022) are not modelled.
 */
import { WEEKDAYS } from '../tool.ts';

interface WeekInfo { firstDay: number; weekend?: number[]; minimalDays: number }
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** Saturday and Sunday: what CLDR itself answers for a region it has no week data for. */
const CLDR_DEFAULT_WEEKEND: readonly number[] = [6, 7];

/** CLDR week data of a region: `getWeekInfo()` on newer runtimes, the `weekInfo` getter on Node 20. */
function weekInfo(country: string): WeekInfo | undefined {
  const locale = new Intl.Locale(`und-${country}`) as LocaleWithWeekInfo;
  if (typeof locale.getWeekInfo === 'function') return locale.getWeekInfo();
  return locale.weekInfo;
}

export const weekInfoAvailable = weekInfo('US') !== undefined;
const accessor = typeof (new Intl.Locale('und-US') as LocaleWithWeekInfo).getWeekInfo === 'function' ? 'getWeekInfo()' : 'weekInfo';

const cache = new Map<string, readonly number[]>();

/**
 * The weekend of a country (ISO 3166-1 alpha-2) as ascending ISO weekdays, 1 = Monday … 7 = Sunday.
 *
 * @example cldrWeekend('SA') // [5, 6] (Friday, Saturday)
 */
export function cldrWeekend(country: string): readonly number[] {
  const code = country.toUpperCase();
  let weekend = cache.get(code);
  if (!weekend) {
    const days = weekInfo(code)?.weekend ?? CLDR_DEFAULT_WEEKEND;
    weekend = Object.freeze([...days].sort((a, b) => a - b));
    // Bounded by the supported countries, which are the only codes the input schemas let through.
    cache.set(code, weekend);
  }
  return weekend;
}

export const weekendNames = (weekend: readonly number[]): string =>
  weekend.length ? weekend.map((d) => WEEKDAYS[d - 1]).join(', ') : 'none';

/** Where weekends come from, for provenance. */
export const WEEKEND_SOURCE = weekInfoAvailable
  ? `CLDR ${process.versions.cldr ?? '?'} week data (ICU ${process.versions.icu ?? '?'}) via Intl.Locale('und-<country>').${accessor}: the current weekend; historic weekend changes are not modelled`
  : 'this runtime has no CLDR week data (Intl.Locale weekInfo); Saturday and Sunday assumed';

/** Provenance line for one country's weekend. */
export const weekendProvenance = (country: string, weekend: readonly number[]): string =>
  `${weekendNames(weekend)} (${country}), from ${WEEKEND_SOURCE}`;
