/**
 * The names the answers print, without cities500.txt: each place's name and ascii name and each
 * posting's matched name copied out of the raw file into one UTF-8 buffer, every distinct text once
 * (9 MB for cities500's 31 MB; Springfield is stored once for its dozens of places), and the offsets
 * that pointed into the raw file made to point into it. engine/places/build.ts packs it at the end of a
 * build, so the server keeps neither the raw file nor its alternate names it never prints.
 */
import { yieldToEventLoop } from '../utility/loading.ts';

/** Offsets remapped between two yields to the event loop. */
const SLICE = 1 << 16;

/**
 * Packs the texts raw[start, end) that `ranges` name (each a flat array of start, end pairs, or a
 * start array and an end array) into one buffer, remapping every range in place to its text there.
 */
export async function packNames(raw: Buffer, pairs: Uint32Array[], split: [Uint32Array, Uint32Array][]): Promise<Buffer> {
  const at = new Map<string, number>();
  const chunks: Buffer[] = [];
  let size = 0;
  const place = (start: number, end: number): number => {
    // latin1: one character a byte, so equal bytes are equal keys (the text itself is UTF-8).
    const text = raw.toString('latin1', start, end);
    let offset = at.get(text);
    if (offset === undefined) {
      offset = size;
      at.set(text, offset);
      chunks.push(raw.subarray(start, end));
      size += end - start;
    }
    return offset;
  };
  for (const flat of pairs) {
    for (let i = 0; i < flat.length; i += 2) {
      const offset = place(flat[i], flat[i + 1]);
      flat[i + 1] = offset + (flat[i + 1] - flat[i]);
      flat[i] = offset;
      if (i % SLICE === 0) await yieldToEventLoop();
    }
  }
  for (const [starts, ends] of split) {
    for (let i = 0; i < starts.length; i++) {
      const offset = place(starts[i], ends[i]);
      ends[i] = offset + (ends[i] - starts[i]);
      starts[i] = offset;
      if (i % SLICE === 0) await yieldToEventLoop();
    }
  }
  return Buffer.concat(chunks, size);
}
