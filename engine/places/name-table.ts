/**
 * Reading the places index's packed name table (engine/places/build.ts lays it out): an exact name is a
 * binary search over the sorted keys, a prefix the range after it; the places of a range come largest
 * first from a range-maximum tree over the postings. Names are read from the index's records on output.
 */
import type { PlaceNames } from './layout.ts';
import { placeRecord } from './records.ts';

/** Compares key k with `q` (UTF-16 code units): negative, 0, positive; `prefix` counts a key starting with q as equal. */
function compareKey(ix: PlaceNames, k: number, q: string, prefix: boolean): number {
  const from = ix.keyAt[k];
  const len = ix.keyAt[k + 1] - from;
  const n = Math.min(len, q.length);
  for (let i = 0; i < n; i++) {
    const d = ix.keys[from + i] - q.charCodeAt(i);
    if (d !== 0) return d;
  }
  if (prefix && len >= q.length) return 0;
  return len - q.length;
}

/** The first key not below q (`prefix`: not below q as a prefix). */
function lowerBound(ix: PlaceNames, q: string): number {
  let lo = 0;
  let hi = ix.keyAt.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKey(ix, mid, q, false) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Key range [from, to) of the keys equal to q (at most one) and the keys q is a proper prefix of. */
export function keyRange(ix: PlaceNames, q: string): { exact: number; from: number; to: number } {
  const first = lowerBound(ix, q);
  const count = ix.keyAt.length - 1;
  const exact = first < count && compareKey(ix, first, q, false) === 0 ? first : -1;
  let lo = first;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKey(ix, mid, q, true) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return { exact, from: exact >= 0 ? first + 1 : first, to: lo };
}

/** Of two postings, the one of the larger place (the lower index on a tie). */
export function better(pop: Float64Array, postingPlace: Uint32Array, a: number, b: number): number {
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

export { postingName } from './records.ts';
export const nameOf = (ix: PlaceNames, place: number): string => placeRecord(ix, place).name;
