import { MakeTime } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { earthApsides, earthSunDistance, earthSunDistanceRate, refineApsis } from '../../../engine/sky/earth-apsides.ts';
import { EARTH_RADIUS_SERIES } from '../../../engine/sky/earth-radius-series.ts';
import { fullRadiusSeries, keptTerms, type Term, vsop87BEarth } from '../../../scripts/earth-radius-series.ts';
import { USNO_APSIDES_2020_2030 } from '../../fixtures/reference/sky-events.ts';

/**
 * The Earth's apsides from VSOP87's radius series (Bretagnon & Francou 1988, version B, as astronomia
 * ships it) against USNO "Earth's Seasons and Apsides" (aa.usno.navy.mil/data/Earth_Seasons, UT to the
 * minute; test/fixtures/reference/sky-events.ts): within the 2 minutes the seasons tool states, 2020–2030.
 */
const full = await fullRadiusSeries();
const J2000_JD = 2451545;
const utOf = (iso: string) => (Date.parse(iso) - Date.UTC(2000, 0, 1, 12)) / 86_400_000;
const yearWindow = (from: number, to: number) => earthApsides(Date.UTC(from, 0, 1), Date.UTC(to + 1, 0, 1));

/** dR/dt of the full series, AU per day: the reference the 578 kept terms are measured against. */
function fullRate(tt: number): number {
  const t = tt / 365_250;
  let rate = 0;
  for (const [k, terms] of full.entries()) {
    let [sines, cosines] = [0, 0];
    for (const [a, phase, nu] of terms) [sines, cosines] = [sines + a * nu * Math.sin(phase + nu * t), cosines + a * Math.cos(phase + nu * t)];
    rate += (k > 0 ? k * t ** (k - 1) * cosines : 0) - t ** k * sines;
  }
  return rate / 365_250;
}

describe('the Sun–Earth distance from VSOP87', () => {
  it('ships the generator’s choice of the full series: every term that can move dR/dT by 5e-6 AU per millennium in 1700–2300', () => {
    const kept = keptTerms(full);
    expect(EARTH_RADIUS_SERIES.map((terms) => terms.length / 3)).toEqual([451, 113, 12, 2]);
    expect(EARTH_RADIUS_SERIES.map((terms) => [...terms])).toEqual(kept.map((terms: Term[]) => terms.flat()));
  });

  it('agrees with astronomia’s own evaluation of the full series within what the dropped terms can add up to (2.3e-7 AU)', async () => {
    // astronomia's own evaluator (its package ships no types): an implementation independent of the engine's.
    const planetposition = await import(new URL('../../../node_modules/astronomia/src/planetposition.js', import.meta.url).href);
    const earth: { position2000: (jde: number) => { range: number } } = new planetposition.Planet(await vsop87BEarth());
    for (const jd of [2341972.5, 2433282.5, 2461043.5, 2524593.5]) {
      // 1700-01-01, 1950-01-01, 2026-01-03, 2200-01-01 (TT)
      expect(Math.abs(earthSunDistance(jd - J2000_JD) - earth.position2000(jd).range)).toBeLessThan(2.3e-7);
    }
  });

  it('gives dR/dt as the derivative of R (a central difference of 0.01 day agrees to 1e-11 AU/day; the rate itself reaches 2.9e-4)', () => {
    for (const tt of [-100_000, 0, 9500.25, 73_000]) {
      const h = 0.01;
      expect(Math.abs(earthSunDistanceRate(tt) - (earthSunDistance(tt + h) - earthSunDistance(tt - h)) / (2 * h))).toBeLessThan(1e-11);
    }
  });
});

describe("the Earth's perihelion and aphelion", () => {
  const decade = yearWindow(2020, 2030).filter((a) => a.time.date.getUTCFullYear() >= 2020 && a.time.date.getUTCFullYear() <= 2030);
  it.each(USNO_APSIDES_2020_2030.map((row) => [row.source, row] as const))('%s: within 2 minutes', (_source, row) => {
    const usno = Date.parse(`${row.expected.at.slice(0, -1)}:00Z`);
    const apsis = decade.find((a) => a.kind === row.input.event && Math.abs(a.time.date.getTime() - usno) < 86_400_000)!;
    expect(Math.abs(apsis.time.date.getTime() - usno) / 1000).toBeLessThanOrEqual(row.tolerance!);
  });

  it('finds every apsis of 2020–2030, and no other, alternating, each where the full series puts it to 5 s', () => {
    expect(decade.map((a) => a.kind)).toEqual(USNO_APSIDES_2020_2030.map((row) => row.input.event));
    for (const apsis of decade) {
      const sign = apsis.kind === 'perihelion' ? 1 : -1;
      // The full series' rate 5 s either side of the answer has the signs of the two sides of its apsis.
      expect(sign * fullRate(MakeTime(apsis.time.ut - 5 / 86_400).tt)).toBeLessThan(0);
      expect(sign * fullRate(MakeTime(apsis.time.ut + 5 / 86_400).tt)).toBeGreaterThan(0);
    }
  });

  it('finds one in every window the seasons tool asks for (years 1700–2200 in any zone), alternating, 171 to 195 days apart', () => {
    // From a day before 1700 begins at UTC+14 to a day after 2200 ends at UTC−12, and a day more.
    const all = earthApsides(Date.UTC(1699, 11, 29), Date.UTC(2201, 0, 3));
    for (const [i, apsis] of all.entries()) {
      // a(1 − e) and a(1 + e), a = 1.000001 AU, e = 0.0167 (the Astronomical Almanac's elements), ± the Moon's pull.
      expect(apsis.distanceAu).toBeGreaterThan(apsis.kind === 'perihelion' ? 0.983 : 1.016);
      expect(apsis.distanceAu).toBeLessThan(apsis.kind === 'perihelion' ? 0.984 : 1.017);
      if (i === 0) continue;
      expect(apsis.kind).not.toBe(all[i - 1].kind);
      expect(apsis.time.ut - all[i - 1].time.ut).toBeGreaterThan(171);
      expect(apsis.time.ut - all[i - 1].time.ut).toBeLessThan(195);
    }
  });

  it('refines from half a day away to the same second (the day-wide bracket), and names the kind where there is none within a day', () => {
    const aphelion = utOf('2023-07-06T20:06:00Z');
    const at = refineApsis('aphelion', aphelion).time.date.getTime();
    expect(Math.abs(refineApsis('aphelion', aphelion - 0.5).time.date.getTime() - at)).toBeLessThan(1000);
    expect(Math.abs(refineApsis('aphelion', aphelion + 0.5).time.date.getTime() - at)).toBeLessThan(1000);
    expect(() => refineApsis('aphelion', aphelion + 3)).toThrow(/no aphelion of the Earth within a day/);
    expect(() => refineApsis('perihelion', aphelion)).toThrow(/no perihelion/);
  });
});
