/**
 * The Earth's perihelion and aphelion: the minima and maxima of the distance between the centres of the
 * Sun and the Earth itself (not the Earth–Moon barycentre, whose apsides the Moon's pull on the Earth moves
 * by up to a day and a half), from VSOP87's radius series (engine/sky/earth-radius-series.ts, 578 terms).
 *
 * astronomy-engine's own Earth apsis (`SearchPlanetApsis`, from a radius series cut to 17 terms) is 10–108
 * minutes off USNO in 2020–2030 and up to 131 min off the full series in 1700–2200: it only finds each
 * apsis roughly. The instant is then where dR/dt, summed term by term from the series, changes sign,
 * found by regula falsi in a bracket of 3 hours either side (a day if that fails) to 0.1 s. Within a day of
 * every apsis 1700–2200, d²R/dt² (the orbit's a·e·n² ≈ 4.9e-6 AU/day², and the Moon's monthly pull) stays
 * between 3.1e-6 and 6.8e-6 AU/day² (perihelion; that negated at aphelion), so dR/dt crosses zero once there.
 *
 * Against USNO "Earth's Seasons and Apsides" (UT to the minute), whole-second answers are at most 69 s off
 * in 2020–2030 (the 2030-01-03 perihelion, USNO 10:12) and 115 s in 1800–2100 (the 2096-07-05 aphelion),
 * measured on every USNO apsis: the minute's rounding, the series' truncation (4 s at most against the full
 * series), VSOP87 against the JPL ephemeris USNO uses, and ΔT.
 */
import { type AstroTime, Body, MakeTime, NextPlanetApsis, SearchPlanetApsis } from 'astronomy-engine';
import { DAY_MS } from '../instant.ts';
import { EARTH_RADIUS_SERIES } from './earth-radius-series.ts';

const DAYS_PER_MILLENNIUM = 365_250;
/** Half the bracket around astronomy-engine's apsis: 3 hours (it is at most 131 min off, 1700–2200), else a day. */
const BRACKETS_DAYS = [0.125, 1];
/** Where the search stops: a step under 1e-6 day (0.09 s), well inside the whole second an answer shows. */
const TOLERANCE_DAYS = 1e-6;
/** More than the search ever takes (bisection alone would need 21 steps). */
const MAX_STEPS = 60;

export type ApsisKind = 'perihelion' | 'aphelion';
export interface EarthApsis {
  kind: ApsisKind;
  time: AstroTime;
  /** The Sun–Earth distance then, AU. */
  distanceAu: number;
}

/** The Sun–Earth distance (AU) at `tt` days of TT from J2000 (TT for TDB: they differ by 2 ms at most). */
export function earthSunDistance(tt: number): number {
  const t = tt / DAYS_PER_MILLENNIUM;
  let au = 0;
  for (let k = EARTH_RADIUS_SERIES.length - 1; k >= 0; k--) {
    const terms = EARTH_RADIUS_SERIES[k];
    let sum = 0;
    for (let i = 0; i < terms.length; i += 3) sum += terms[i] * Math.cos(terms[i + 1] + terms[i + 2] * t);
    au = au * t + sum;
  }
  return au;
}

/**
 * dR/dt, AU per day, at `tt` days of TT from J2000: Σ_k T^k Σ −A·ν·sin(φ + ν·T) + k·T^(k−1) Σ A·cos(φ + ν·T),
 * per millennium. R_0's cosines are not needed (k = 0), which saves most of the work.
 */
export function earthSunDistanceRate(tt: number): number {
  const t = tt / DAYS_PER_MILLENNIUM;
  let rate = 0;
  let power = 1; // T^k
  let lower = 0; // T^(k−1)
  for (let k = 0; k < EARTH_RADIUS_SERIES.length; k++) {
    const terms = EARTH_RADIUS_SERIES[k];
    let sines = 0;
    let cosines = 0;
    for (let i = 0; i < terms.length; i += 3) {
      const angle = terms[i + 1] + terms[i + 2] * t;
      sines += terms[i] * terms[i + 2] * Math.sin(angle);
      if (k > 0) cosines += terms[i] * Math.cos(angle);
    }
    rate += k * lower * cosines - power * sines;
    lower = power;
    power *= t;
  }
  return rate / DAYS_PER_MILLENNIUM;
}

/** The Earth's apsis of `kind` within a day of `nearUt` (days of UT from J2000). */
export function refineApsis(kind: ApsisKind, nearUt: number): EarthApsis {
  // Below zero before a perihelion, above after it; the other way round at an aphelion.
  const sign = kind === 'perihelion' ? 1 : -1;
  const rising = (ut: number) => sign * earthSunDistanceRate(MakeTime(ut).tt);
  let before = nearUt;
  let after = nearUt;
  let atBefore = 0;
  let atAfter = 0;
  for (const half of BRACKETS_DAYS) {
    [before, atBefore, after, atAfter] = [nearUt - half, rising(nearUt - half), nearUt + half, rising(nearUt + half)];
    if (atBefore < 0 && atAfter > 0) break;
  }
  if (!(atBefore < 0 && atAfter > 0)) throw new Error(`no ${kind} of the Earth within a day of ${MakeTime(nearUt).toString()}`);
  // Regula falsi, Illinois variant (the secant through the bracket's ends, where a parabola through R
  // has its vertex; an end kept twice has its value halved): about 4 steps to TOLERANCE_DAYS, against 21 halvings.
  let estimate = nearUt;
  let kept = 0; // which end the last step kept: -1 before, 1 after
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = (before * atAfter - after * atBefore) / (atAfter - atBefore);
    const value = rising(next);
    const moved = Math.abs(next - estimate);
    estimate = next;
    if (value < 0) {
      [before, atBefore] = [next, value];
      if (kept === -1) atAfter /= 2;
      kept = -1;
    } else {
      [after, atAfter] = [next, value];
      if (kept === 1) atBefore /= 2;
      kept = 1;
    }
    if (moved < TOLERANCE_DAYS || value === 0) {
      const time = MakeTime(estimate);
      return { kind, time, distanceAu: earthSunDistance(time.tt) };
    }
  }
  throw new Error(`the Earth's ${kind} near ${MakeTime(nearUt).toString()} did not converge`);
}

/**
 * The Earth's apsides in time order, every one within [fromMs, toMs) and perhaps one either side (the
 * caller keeps those it wants): astronomy-engine's apsides from a day before `fromMs` to a day after
 * `toMs`, each refined (refining moves none by as much as a day).
 */
export function earthApsides(fromMs: number, toMs: number): EarthApsis[] {
  const found: EarthApsis[] = [];
  for (
    let rough = SearchPlanetApsis(Body.Earth, new Date(fromMs - DAY_MS));
    rough.time.date.getTime() < toMs + DAY_MS;
    rough = NextPlanetApsis(Body.Earth, rough)
  ) {
    found.push(refineApsis(rough.kind === 0 ? 'perihelion' : 'aphelion', rough.time.ut));
  }
  return found;
}
