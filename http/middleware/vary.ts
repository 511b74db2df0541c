/**
 * `Vary` as one list with each header once. Several steps may vary an answer (CORS on Origin, and any
 * later one on Accept-Encoding or the like), and a preflight names Origin itself before the finishing
 * step adds it again, so every step merges rather than appends.
 */

/** Adds `names` to the answer's Vary, keeping each header once (compared case-insensitively). */
export function addVary(headers: Headers, ...names: string[]): void {
  const current = headers.get('vary');
  const listed = current === null ? names : [...current.split(','), ...names];
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of listed) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    // `*` already says the answer varies on everything: nothing else adds to it.
    if (name === '*') {
      headers.set('vary', '*');
      return;
    }
    seen.add(key);
    kept.push(name);
  }
  const merged = kept.join(', ');
  if (merged !== current) headers.set('vary', merged);
}
