/**
 * engine/places/key-blocks.ts: the name table in blocks finds what a search over the whole sorted table
 * finds (the exact name, the range of names a query is a proper prefix of), for tables of every size
 * around the block length and names across the UTF-16 order's corners (astral characters sort between
 * U+D7FF and U+E000 by code unit, not by code point).
 */
import { describe, expect, it } from 'vitest';
import { KEY_BLOCK, keyRange, packKeyBlocks } from '../../../engine/places/key-blocks.ts';
import type { PlaceNames } from '../../../engine/places/layout.ts';
import { recordsInMemory } from '../../../engine/places/records.ts';

/** The names sorted by UTF-16 code unit and deduplicated, packed, blocked behind `lead` bytes of other records. */
async function table(names: string[], lead = 5) {
  const sorted = [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const keyAt = new Uint32Array(sorted.length + 1);
  for (let k = 0; k < sorted.length; k++) keyAt[k + 1] = keyAt[k] + sorted[k].length;
  const keys = new Uint16Array(keyAt[sorted.length]);
  for (let k = 0; k < sorted.length; k++) for (let i = 0; i < sorted[k].length; i++) keys[keyAt[k] + i] = sorted[k].charCodeAt(i);
  const blocks = await packKeyBlocks(keys, keyAt, lead);
  const ix = {
    keyCount: sorted.length,
    keyBlockAt: blocks.keyBlockAt,
    blockKeys: blocks.blockKeys,
    blockKeyAt: blocks.blockKeyAt,
    records: recordsInMemory(Buffer.concat([Buffer.alloc(lead, 0xee), blocks.bytes])),
  } as unknown as PlaceNames;
  return { sorted, ix };
}

/** The answer of a scan over the sorted names. */
function scan(sorted: string[], q: string) {
  const exact = sorted.indexOf(q);
  let from = sorted.findIndex((k) => k >= q);
  if (from < 0) from = sorted.length;
  if (exact >= 0) from = exact + 1;
  let to = from;
  while (to < sorted.length && sorted[to].startsWith(q)) to++;
  return { exact, from, to };
}

const ALPHABET = ['a', 'b', 'c', 'é', 'я', '東', '\u{20000}', '\uE000', '\uFFFD', ' '];

describe('name blocks', () => {
  it('answer as a scan of the whole table, for every size around the block length', async () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const word = () => Array.from({ length: 1 + rand(4) }, () => ALPHABET[rand(ALPHABET.length)]).join('');
    for (const size of [0, 1, 2, KEY_BLOCK - 1, KEY_BLOCK, KEY_BLOCK + 1, 3 * KEY_BLOCK + 7]) {
      const { sorted, ix } = await table(Array.from({ length: size * 2 }, word).slice(0, size));
      const queries = ['', ...sorted, ...sorted.map((k) => k.slice(0, 1)), ...Array.from({ length: 300 }, word), '\uFFFF', '\u0000'];
      for (const q of queries) expect(keyRange(ix, q), `${size} names, q ${JSON.stringify(q)}`).toEqual(scan(sorted, q));
    }
  });

  it('refuses a block whose names hold more UTF-16 units than its 16-bit offsets reach', async () => {
    const names = Array.from({ length: KEY_BLOCK }, (_, i) => `${String(i).padStart(3, '0')}${'x'.repeat(1100)}`);
    await expect(table(names)).rejects.toThrow('16-bit offsets');
  });
});
