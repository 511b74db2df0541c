/**
 * date-holidays with astronomia's Earth positions memoised (engine/holidays/earth-positions.ts) answers
 * exactly what it answers without: every holiday of every jurisdiction, compared with a process that
 * loads date-holidays alone. The memo stays within its entries and hands out copies.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { jurisdiction, preloadHolidayData } from '../../../engine/holidays/calendar-data.ts';
import { forgetEarthPositions, MEMO_ENTRIES, memoiseEarthPositions, memoisedPositions } from '../../../engine/holidays/earth-positions.ts';

const require = createRequire(import.meta.url);
const { holidayHash } = require('../../fixtures/holiday-hash.cjs') as { holidayHash: (years: number[]) => string };

interface Position {
  lon: number;
  lat: number;
  range: number;
}
const { planetposition } = require('astronomia') as {
  planetposition: { Planet: { new (series: unknown): { position(jde: number): Position }; prototype: { position: { memoised?: boolean } } } };
};

describe('Earth positions memoised for date-holidays', () => {
  it('are memoised once date-holidays is loaded, and change no holiday of any jurisdiction', async () => {
    preloadHolidayData();
    expect(planetposition.Planet.prototype.position.memoised).toBe(true);
    expect(memoiseEarthPositions(require)).toBe(true); // done already: the same wrapper stays
    // Years with every calendar's rules in force (Islamic ones 1970..2080, Hebrew ones to 2100) and the data's ends.
    const years = [1900, 1999, 2026, 2079, 2200];
    // The process of its own runs while this one hashes (the two took turns: about half the time on two cores).
    const child = spawn(process.execPath, ['test/fixtures/holiday-hash.cjs', ...years.map(String)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const alone = { stdout: '', stderr: '' };
    child.stdout.on('data', (d) => {
      alone.stdout += d;
    });
    child.stderr.on('data', (d) => {
      alone.stderr += d;
    });
    const closed = new Promise((resolve) => child.once('close', resolve));
    await new Promise((r) => setImmediate(r)); // let the child start before this process's event loop is held
    const memoised = holidayHash(years);
    await closed;
    expect(alone.stderr).toBe('');
    expect(alone.stdout).toMatch(/^[0-9a-f]{64}$/);
    expect(memoised).toBe(alone.stdout);
  }, 120_000); // every jurisdiction, five years, in each process (TW alone ~55 ms a year without the memo): ~10 s idle

  it('hold at most MEMO_ENTRIES positions per planet', () => {
    forgetEarthPositions();
    const tw = jurisdiction('TW', null);
    let most = 0;
    for (let year = 1900; year <= 2200; year += 5) {
      tw.hd.getHolidays(year); // some 300 positions a year apart from its neighbours'
      for (const n of memoisedPositions()) {
        expect(n).toBeLessThanOrEqual(MEMO_ENTRIES);
        most = Math.max(most, n);
      }
    }
    expect(most).toBeGreaterThan(MEMO_ENTRIES * 0.8); // filled, then emptied whole
  });

  it('hand out a copy of the position each time: a caller changing one changes nothing for the next', () => {
    // A planet of one term per series: lon = 1 rad, lat = 0, range = 1 AU at any date.
    const planet = new planetposition.Planet({ name: 'test', type: 'B', L: { 0: [[1, 0, 0]] }, B: { 0: [[0, 0, 0]] }, R: { 0: [[1, 0, 0]] } });
    const first = planet.position(2451545);
    first.range = -1;
    const again = planet.position(2451545);
    expect(again).not.toBe(first);
    expect(again.range).toBe(1);
    expect(again.lon).toBe(first.lon);
  });
});
