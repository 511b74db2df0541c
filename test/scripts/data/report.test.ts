/** `npm run data`: the data-currency report (scripts/data/report.ts) and its release arithmetic. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { releasesBehind } from '../../../scripts/data/releases.ts';

describe('releasesBehind (tzdb names: year + letter)', () => {
  it.each([
    ['2026f', '2026f', 0],
    ['2026f', '2026g', 1],
    ['2026f', '2026h', 2],
    ['2026f', '2026a', 0], // older on the registry: not behind
    ['2026f', '2027a', 1], // a new year: at least its releases so far
    ['2026f', '2027c', 3],
    ['2027a', '2026z', 0],
  ])('%s against %s: %i', (shipped, newest, n) => {
    expect(releasesBehind(shipped, newest)).toBe(n);
  });
});

describe('npm run data -- --offline', () => {
  it('names every data set an answer names, with its shipped release', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/data/report.ts', '--offline'], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    for (const row of ['tzdb (zone rules)', 'tzdb backzone', 'time-zone boundaries', 'holidays', 'places', 'CLDR', 'ephemeris']) {
      expect(r.stdout).toMatch(new RegExp(`^${row.replace(/[()]/g, '\\$&')}\\s+\\S`, 'm'));
    }
    expect(r.stdout).toContain('2026f (moment-timezone 0.6.6)');
    expect(r.stdout).toContain('not asked (--offline)');
  });
});
