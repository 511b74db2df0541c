/**
 * engine/places/records.ts: what answers print of a place, read from the index's records (the index
 * file on a server). The records of the places printed last are kept (4,096), so a place asked for
 * again needs no read; a matched name is read in one piece unless it is longer than 62 bytes.
 */
import { describe, expect, it } from 'vitest';
import { buildFromData } from '../../../engine/places/build.ts';
import type { PlaceNames, PlaceRecords } from '../../../engine/places/layout.ts';
import { placeRecord, postingName } from '../../../engine/places/records.ts';

const row = (id: number, name: string, alternates: string) =>
  [id, name, name, alternates, '48.1', '11.5', 'P', 'PPL', 'DE', '', '02', '', '', '', '1000', '', '100', 'Europe/Berlin', '2023-01-01'].join('\t');

/** The index with its records behind a reader that counts the reads and the bytes asked for. */
async function counted(...rows: string[]) {
  const { index } = await buildFromData(Buffer.from(`${rows.join('\n')}\n`), new Map([['DE.02', 'Bavaria']]));
  const reads: number[] = [];
  const inner = index.records;
  const records: PlaceRecords = {
    length: inner.length,
    read: (offset, size) => {
      reads.push(size);
      return inner.read(offset, size);
    },
  };
  return { ix: { ...index, records } as PlaceNames, reads };
}

describe('place records', () => {
  it('a place printed again is answered from the recent records, without a read', async () => {
    const { ix, reads } = await counted(row(1, 'Alpha', ''), row(2, 'Beta', ''));
    const first = placeRecord(ix, 0);
    expect(first).toEqual({ geonamesId: 1, elevation: Number.NaN, name: 'Alpha', asciiName: 'Alpha' });
    expect(reads).toHaveLength(1);
    expect(placeRecord(ix, 0)).toBe(first);
    expect(reads).toHaveLength(1);
    expect(placeRecord(ix, 1).name).toBe('Beta');
    expect(reads).toHaveLength(2);
  });

  it('a matched name of up to 62 bytes takes one read of its place in the table and one of 64 bytes; a longer one, one more', async () => {
    const long = 'Ł'.repeat(40); // 80 bytes of UTF-8
    const { ix, reads } = await counted(row(1, 'Alpha', `Alfa,${long}`));
    const postings = Array.from({ length: ix.postingPlace.length }, (_, p) => p);
    const names = postings.map((p) => {
      reads.length = 0;
      return { name: postingName(ix, p), reads: [...reads] };
    });
    expect(names.find((n) => n.name === 'Alfa')?.reads).toEqual([4, 64]);
    expect(names.find((n) => n.name === long)?.reads).toEqual([4, 64, 80]);
  });
});
