/**
 * The shape every batch tool answers with: `{ count, results, provenance }`, results in input order,
 * each without its own provenance, which is the same for every item and stated once for the batch.
 */
import type { ProvenanceValue } from './inputs.ts';
import { BATCH, fixedProvenance, type ProvenanceParts } from './provenance-catalogue.ts';

export function runBatch<T, R extends { provenance: unknown }>(
  items: readonly T[],
  one: (item: T) => R,
  provenance: ProvenanceValue,
): { count: number; results: Omit<R, 'provenance'>[]; provenance: ProvenanceValue } {
  const results = items.map((item) => {
    const { provenance: _same, ...fields } = one(item);
    return fields;
  });
  return { count: results.length, results, provenance };
}

/** A batch's provenance: the single-item tool's (named `sameAs`), with the batch explained in the full form. */
export const batchProvenance = (single: ProvenanceParts, sameAs: string, how = 'in input order') =>
  fixedProvenance({
    ...single,
    details: [...(single.details ?? []), BATCH],
    texts: { ...single.texts, batch: `Every item computed as ${sameAs} does, ${how}; this provenance applies to every result.` },
  });
