/** tzdb release names (`2026f`: year and letter), compared for `npm run data` (scripts/data/report.ts). */

/**
 * How many releases `shipped` is behind `newest` (tzdb names: year + letter). Across a year the count of
 * the old year's later releases is unknown: it is taken as zero, so the figure is a lower bound.
 */
export function releasesBehind(shipped: string, newest: string): number {
  const parse = (r: string) => ({ year: Number(r.slice(0, 4)), n: r.charCodeAt(4) - 96 });
  const a = parse(shipped);
  const b = parse(newest);
  if (b.year < a.year || (b.year === a.year && b.n <= a.n)) return 0;
  return b.year === a.year ? b.n - a.n : b.n;
}
