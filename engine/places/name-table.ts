/**
 * Reading the places index's name table (engine/places/build.ts lays it out): an exact name is a binary
 * search over the sorted keys (engine/places/key-blocks.ts), a prefix the range after it; the places of a range come largest
 * first from a range-maximum tree over the postings. Names are read from the index's records on output.
 */
import type { PlaceNames } from './layout.ts';

export { keyRange } from './key-blocks.ts';

/** Of two postings, the one of the larger place (the lower index on a tie). */
export function better(pop: Uint32Array, postingPlace: Uint32Array, a: number, b: number): number {
  const d = pop[postingPlace[a]] - pop[postingPlace[b]];
  return d > 0 || (d === 0 && a < b) ? a : b;
}

/** The posting of the largest place in postings [from, to) (from < to), by the segment tree. */
function bestIn(ix: PlaceNames, from: number, to: number): number {
  const n = ix.postingPlace.length;
  // Inner nodes are stored; leaf n + p is posting p.
  const node = (i: number) => (i >= n ? i - n : ix.bestPosting[i]);
  let best = -1;
  for (let l = from + n, r = to + n; l < r; l >>= 1, r >>= 1) {
    if (l & 1) {
      const c = node(l++);
      best = best < 0 ? c : better(ix.population, ix.postingPlace, best, c);
    }
    if (r & 1) {
      const c = node(--r);
      best = best < 0 ? c : better(ix.population, ix.postingPlace, best, c);
    }
  }
  return best;
}

/**
 * The postings of [from, to) from the largest place down, lazily: each step takes the best of a
 * remaining range and splits the range around it (a max-heap of ranges), so reading the first k costs
 * O(k log n) however many keys the range spans.
 */
export function* byPopulation(ix: PlaceNames, from: number, to: number): Generator<number> {
  if (from >= to) return;
  // A binary max-heap of [best posting, range start, range end] triples, flattened.
  const heap: number[] = [];
  const larger = (i: number, j: number) => better(ix.population, ix.postingPlace, heap[3 * i], heap[3 * j]) === heap[3 * i];
  const swap = (i: number, j: number) => {
    for (let k = 0; k < 3; k++) [heap[3 * i + k], heap[3 * j + k]] = [heap[3 * j + k], heap[3 * i + k]];
  };
  const push = (a: number, b: number) => {
    if (a >= b) return;
    heap.push(bestIn(ix, a, b), a, b);
    for (let i = heap.length / 3 - 1; i > 0 && larger(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
  };
  push(from, to);
  while (heap.length > 0) {
    const [p, a, b] = heap.slice(0, 3);
    const last = heap.length / 3 - 1;
    swap(0, last);
    heap.length -= 3;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < last && larger(l, top)) top = l;
      if (r < last && larger(r, top)) top = r;
      if (top === i) break;
      swap(i, top);
      i = top;
    }
    yield p;
    push(a, p);
    push(p + 1, b);
  }
}

export { nameOf, postingName } from './records.ts';
