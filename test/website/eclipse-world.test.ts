/**
 * The eclipses page's list (website/src/lib/eclipse-list.ts): the next eclipses worldwide, each seen or not
 * from the place, from the tool asked with and without the place. Pinned to NASA/GSFC's catalogues (Espenak).
 */
import { describe, expect, it } from 'vitest';
import { eclipses } from '../../engine/sky/eclipses.ts';
import { type EclipseAnswer, renderWorldEclipses, seenFromPlace } from '../../website/src/lib/eclipse-list.ts';
import { runTool } from '../helpers.ts';

const run = async (input: Record<string, unknown>) => (await runTool(eclipses, input)) as unknown as EclipseAnswer;
const dallas = { lat: 32.78, lon: -96.8, timezone: 'America/Chicago' };
/** Each eclipse's heading and whether it is seen, by kind, from the part's HTML. */
const seen = (html: string, kind: string) => {
  const part = html.split(`data-eclipse-kind="${kind}"`)[1].split('data-eclipse-kind=')[0];
  return [...part.matchAll(/<h4>([^<]+)<\/h4>.*?data-seen="(\w+)"/g)].map((m) => [m[1], m[2]]);
};

describe('eclipses worldwide, seen or not from the place', () => {
  it('marks each worldwide eclipse seen or not from Dallas, solar first when the form asks for solar', async () => {
    const answer = await run({ kind: 'solar', after: '2024-04-01', count: 3, ...dallas });
    const html = await renderWorldEclipses({ kind: 'solar', after: '2024-04-01', count: 3, place: dallas }, answer, run);
    expect(html.indexOf('data-eclipse-kind="solar"')).toBeLessThan(html.indexOf('data-eclipse-kind="lunar"'));
    // NASA: 2024 Apr 8 total (path over Dallas), 2024 Oct 2 annular (South America), 2025 Mar 29 partial
    // (Europe, north-west Africa); lunar 2024 Sep 18 partial and 2025 Mar 14 total (Moon up over the
    // Americas), 2025 Sep 7 total (18:12 UT: the Moon below Dallas's horizon).
    expect(seen(html, 'solar')).toEqual([
      ['Total solar eclipse, 2024-04-08', 'true'],
      ['Annular solar eclipse, 2024-10-02', 'false'],
      ['Partial solar eclipse, 2025-03-29', 'false'],
    ]);
    expect(seen(html, 'lunar')).toEqual([
      ['Partial lunar eclipse, 2024-09-18', 'true'],
      ['Total lunar eclipse, 2025-03-14', 'true'],
      ['Total lunar eclipse, 2025-09-07', 'false'],
    ]);
    expect(html).toContain('<h3>The next 3 solar eclipses worldwide</h3>');
  });

  it('says no place was given, and asks for a zone when only the answer’s own kind is known', async () => {
    const world = await run({ kind: 'lunar', after: '2025-03-01', count: 1 });
    const none = await renderWorldEclipses({ kind: 'lunar', after: '2025-03-01', count: 1 }, world, run);
    expect(none).toContain('<h3>The next lunar eclipse worldwide</h3>');
    expect(none.match(/data-seen="unknown"/g)).toHaveLength(2);
    const answer = await run({ kind: 'lunar', after: '2025-03-01', count: 1, ...dallas });
    const noZone = await renderWorldEclipses({ kind: 'lunar', after: '2025-03-01', count: 1, place: { lat: 32.78, lon: -96.8 } }, answer, run);
    expect(noZone).toContain("Give the place's time zone to see how solar eclipses are seen there.");
    expect(seen(noZone, 'lunar')).toEqual([['Total lunar eclipse, 2025-03-14', 'true']]);
  });

  it('matches a place’s eclipse to the worldwide one by its peak (within two days), never another', async () => {
    const world = await run({ kind: 'solar', after: '2024-04-01', count: 2 });
    const here = await run({ kind: 'solar', after: '2024-04-01', count: 1, ...dallas });
    const merged = seenFromPlace(world, here);
    expect(merged.eclipses.map((e) => e.local !== null)).toEqual([true, false]);
    const shifted = { ...here, eclipses: here.eclipses.map((e) => ({ ...e, peak: new Date(Date.parse(e.peak) + 3 * 86_400_000).toISOString() })) };
    expect(seenFromPlace(world, shifted).eclipses.every((e) => e.local === null)).toBe(true);
  });
});
