/**
 * Suggestions for a zone name that names nothing (the closest names by edit distance), and completion
 * of a partly typed one.
 */
import { namesByLower, zoneNames } from './zone-names.ts';

/** Edit distance of `a` and `b`, or `limit + 1` as soon as it must exceed `limit` (a row's minimum does). */
function levenshtein(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (cur[j] < best) best = cur[j];
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** Inputs longer than this get no suggestion: the longest zone name has 32 characters. */
const MAX_SUGGESTED_INPUT = 40;

const normalize = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '_');
const city = (s: string) => s.slice(s.lastIndexOf('/') + 1);

/**
 * Up to `n` zone names closest to a mistyped input (edit distance to the full name or to its city
 * part; links count as their canonical zone). A fixed offset such as `UTC+5` suggests `Etc/GMT-5`.
 */
export function suggestZones(input: string, n = 3): string[] {
  const { byLower, aliasByLower } = namesByLower();
  const q = normalize(input);
  const offset = /^(?:utc|gmt)?([+-])(\d{1,2})(?::?00)?$/.exec(q);
  if (offset) {
    const hours = Number(offset[2]);
    // Etc names invert the sign (POSIX): Etc/GMT-5 is UTC+05:00.
    const etc = hours === 0 ? 'UTC' : `Etc/GMT${offset[1] === '+' ? '-' : '+'}${hours}`;
    if (byLower.has(etc.toLowerCase())) return [etc];
  }
  if (!q || q.length > MAX_SUGGESTED_INPUT) return [];
  const qCity = city(q);
  const limit = Math.max(1, Math.floor(q.length / 3));
  const scored = new Map<string, number>();
  const consider = (key: string, zone: string) => {
    const full = levenshtein(q, key, limit);
    const byCity = levenshtein(qCity, city(key), limit) + (q.includes('/') ? 1 : 0);
    const d = Math.min(full, byCity);
    if (d <= limit && d < (scored.get(zone) ?? Infinity)) scored.set(zone, d);
  };
  for (const [key, zone] of byLower) consider(key, zone);
  for (const [key, zone] of aliasByLower) consider(key, zone);
  const ranked = [...scored].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  const best = ranked.length ? ranked[0][1] : 0;
  return ranked
    .filter(([, d]) => d <= best + 1)
    .slice(0, n)
    .map(([zone]) => zone);
}

/** Zone names for argument completion: prefix matches, then city-prefix, then substring; at most 100. */
export function completeZones(prefix: string): string[] {
  const all = zoneNames();
  const q = normalize(prefix);
  if (!q) return all.slice(0, 100);
  const out = new Set<string>();
  for (const n of all) if (n.toLowerCase().startsWith(q)) out.add(n);
  for (const n of all) if (city(n).toLowerCase().startsWith(q)) out.add(n);
  for (const n of all) if (n.toLowerCase().includes(q)) out.add(n);
  return [...out].slice(0, 100);
}
