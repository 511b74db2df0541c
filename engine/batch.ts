/**
 * The shape every batch tool answers with: `{ count, results, provenance }`, results in input order,
 * each without its own provenance, which is the same for every item and stated once for the batch.
 */
export function runBatch<T, R extends { provenance: Record<string, string> }>(
  items: readonly T[],
  one: (item: T) => R,
  sameAs: string,
): { count: number; results: Omit<R, 'provenance'>[]; provenance: Record<string, string> } {
  let shared: Record<string, string> = {};
  const results = items.map((item) => {
    const { provenance, ...fields } = one(item);
    shared = provenance;
    return fields;
  });
  return {
    count: results.length,
    results,
    provenance: { ...shared, batch: `Every item computed as ${sameAs} does, in input order; this provenance applies to every result.` },
  };
}
