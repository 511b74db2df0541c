/**
 * Small helpers of the indexes that load in the background (places nearby, place names): a yield to the
 * event loop between slices of work, so requests are answered while an index builds, and an interner
 * that keeps one copy of each repeated string (country and division codes), so the heap stays small.
 */

/** Resolves after the event loop has run its pending I/O callbacks. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A function returning one shared instance of each distinct string it is given. */
export function interner(): (s: string) => string {
  const interned = new Map<string, string>();
  return (s) => {
    const known = interned.get(s);
    if (known !== undefined) return known;
    interned.set(s, s);
    return s;
  };
}
