/**
 * History before 1970 from tzdb's `backzone` (datasets/tzdb/backzone.json, built by
 * scripts/data/tzdb-backzone.mjs from Debian's tzdata 2026f-1, which is compiled with backzone).
 * Expected values are tzdb 2026f's own lines (https://data.iana.org/time-zones/releases/tzdata2026f.tar.gz,
 * file `backzone`):
 *   Zone Europe/Amsterdam 0:19:32 - LMT 1835 / 0:19:32 Neth %s 1937 Jul 1 / 0:20 Neth +0020/+0120 1940 May 16 0:00 / …
 *   Zone Asia/Aden 2:59:54 - LMT 1950 / 3:00 - +03
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localTimeAt } from '../../../engine/time/local-time.ts';
import { tzdbRelease } from '../../../engine/time/tzdb.ts';
import { zoneRulesAt } from '../../../engine/time/zone-rules.ts';

const read = (file: string) => readFileSync(new URL(`../../../datasets/tzdb/${file}`, import.meta.url));
const manifest = JSON.parse(read('backzone.manifest.json').toString('utf8'));
const data = JSON.parse(read('backzone.json').toString('utf8')) as { version: string; zones: string[] };

describe('the backzone data', () => {
  it('is of the shipped release, and its manifest names its source and checksum', () => {
    expect(data.version).toBe(tzdbRelease());
    expect(manifest.tzdb_release).toBe(tzdbRelease());
    expect(manifest.zones).toBe(data.zones.length);
    expect(manifest.sha256).toBe(createHash('sha256').update(read('backzone.json')).digest('hex'));
    expect(manifest.source.url).toMatch(/^http:\/\/deb\.debian\.org\/debian\/pool\/main\/t\/tzdata\/tzdata_2026f-\d+_all\.deb$/);
  });
});

describe('zones tzdb merged answer with their own history before 1970', () => {
  it.each([
    // [zone, instant, offset seconds, abbreviation]
    ['Europe/Amsterdam', '1937-07-01T12:00:00Z', 4800, '+0120'], // Dutch summer time on the new +00:20 standard
    ['Europe/Amsterdam', '1930-01-01T12:00:00Z', 1172, 'AMT'], // Amsterdam Mean Time, +0:19:32
    ['Europe/Amsterdam', '1834-06-01T12:00:00Z', 1172, 'LMT'], // LMT until 1835
    ['Asia/Aden', '1940-01-01T00:00:00Z', 10794, 'LMT'], // +2:59:54 until 1950
    ['Asia/Aden', '1950-06-01T00:00:00Z', 10800, '+03'],
  ])('%s at %s', (zone, iso, offset, abbreviation) => {
    const r = zoneRulesAt(zone, Date.parse(iso));
    expect({ offset: r.utc_offset_seconds, abbreviation: r.abbreviation }).toEqual({ offset, abbreviation });
  });

  it('the zone they were merged into keeps its own (Brussels 1937: +01:00 WEST)', () => {
    const r = zoneRulesAt('Europe/Brussels', Date.parse('1937-07-01T12:00:00Z'));
    expect([r.utc_offset_seconds, r.abbreviation]).toEqual([3600, 'WEST']);
  });

  it('from 1970 on, nothing changes (Amsterdam in 2026 is CET/CEST like Brussels)', () => {
    for (const iso of ['1970-01-01T00:00:00Z', '1977-07-01T00:00:00Z', '2026-01-15T00:00:00Z', '2026-07-15T00:00:00Z']) {
      const a = zoneRulesAt('Europe/Amsterdam', Date.parse(iso));
      const b = zoneRulesAt('Europe/Brussels', Date.parse(iso));
      expect([a.utc_offset_seconds, a.abbreviation], iso).toEqual([b.utc_offset_seconds, b.abbreviation]);
    }
  });

  it('at a coordinate: Amsterdam (52.37, 4.90) on 1 July 1937 is +01:20, with seconds where tzdb has them', () => {
    expect(localTimeAt(52.3676, 4.9041, Date.parse('1937-07-01T12:00:00Z')).utc_offset).toBe('+01:20');
    expect(localTimeAt(12.7855, 45.0187, Date.parse('1940-01-01T00:00:00Z')).utc_offset).toBe('+02:59:54');
  });
});

describe('an answer before 1970 at a coordinate', () => {
  it('says the boundaries are today’s; from 1970 on, and at sea, no note', () => {
    expect(localTimeAt(52.3676, 4.9041, Date.parse('1937-07-01T12:00:00Z')).note).toMatch(/^Before 1970: .*today's boundaries/);
    expect(localTimeAt(52.3676, 4.9041, Date.parse('1970-01-01T00:00:00Z'))).not.toHaveProperty('note');
    expect(localTimeAt(0, -30, Date.parse('1937-07-01T12:00:00Z'))).not.toHaveProperty('note');
  });
});
