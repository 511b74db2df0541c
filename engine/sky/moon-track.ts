/**
 * The Moon's track over a span of days at one observer, cheap to evaluate: what SunTrack
 * (engine/sky/sun-track.ts) does for the Sun, for a body that moves 13° a day instead of 1°.
 *
 * At each node, one a day, astronomy-engine gives the Moon's geocentric vector of date (GeoMoon, rotated by
 * Rotation_EQJ_EQD: what Equator(Moon, …, ofdate) starts from) and GAST − ERA; between nodes both are
 * interpolated by the quintic through the six nearest nodes (the cubic of the Sun's track would need a node
 * every few hours for the Moon), ERA is exact and the observer's position is subtracted exactly, so the
 * Moon's ~1° of diurnal parallax is kept. Against Equator + Horizon: under 1″ in altitude and hour angle
 * (see the test), a fraction of a second of time, the searches themselves stopping at 0.1 s.
 *
 * TrackDay answers the rise, set and transit from this track as it does for the Sun. The Moon's declination
 * changes by up to 6.6°/day (the Sun's by 0.4°), so the altitude is monotonic between culminations except
 * within s²/2k ≈ 0.012°/cos φ of an extremum (s ≤ 6.6°/day, k = cos φ cos δ·(347.8°/day)², cos δ ≥ 0.87):
 * the margin, past which a culmination near the horizon is left to astronomy-engine's search, is more than
 * six times that.
 */
import * as Astronomy from 'astronomy-engine';
import { DAY_MS } from '../instant.ts';
import { BodyTrack } from './sun-track.ts';

const KM_PER_AU = Astronomy.KM_PER_AU;
/** astronomy-engine's radius for the Moon's rise and set (MOON_EQUATORIAL_RADIUS_KM). */
export const MOON_RADIUS_AU = 1738.1 / KM_PER_AU;

/** Days between nodes. */
const STEP_MS = DAY_MS;
/** The Moon's mean hour-angle rate, 360.9856 − 13.176 °/day, per millisecond (it varies by a few per cent). */
const HOUR_ANGLE_RATE = (360.9856 - 13.1764) / DAY_MS;
/** Lagrange denominators of the quintic through nodes at −2..3. */
const DENOMINATORS = [-120, 24, -12, 12, -24, 120];

export class MoonTrack extends BodyTrack {
  private readonly w = new Float64Array(6);

  /** The track from `fromMs` to `toMs` (epoch ms) for an observer (its height in `observer.height`, metres). */
  constructor(observer: Astronomy.Observer, fromMs: number, toMs: number) {
    // The culminations bounding a day lie within 13 hours of it; TrackDay starts looking a day before.
    super(observer, fromMs, toMs, {
      stepMs: STEP_MS,
      nodesBefore: 2,
      nodesAfter: 3,
      padMs: 2 * DAY_MS,
      vector: (time) => Astronomy.RotateVector(Astronomy.Rotation_EQJ_EQD(time), Astronomy.GeoMoon(time)),
      radiusAu: MOON_RADIUS_AU,
      rate: HOUR_ANGLE_RATE,
      newtonSteps: 10,
      margin: [2e-3, 0.08],
    });
  }

  /** Evaluates the track at `ms`: `alt`, `limb` (SearchRiseSet's upper limb), `hourAngle`, `sinDec`, `cosDec`. */
  at(ms: number): this {
    const u = (ms - this.t0) / this.stepMs;
    const k = Math.min(this.n - 4, Math.max(2, Math.floor(u)));
    const p = u - k;
    const w = this.w;
    for (let j = 0; j < 6; j++) {
      let prod = 1;
      for (let m = 0; m < 6; m++) if (m !== j) prod *= p - (m - 2);
      w[j] = prod / DENOMINATORS[j];
    }
    const nd = this.nodes;
    const a = 4 * (k - 2);
    let x = 0;
    let y = 0;
    let z = 0;
    let g = 0;
    for (let j = 0; j < 6; j++) {
      const i = a + 4 * j;
      x += w[j] * nd[i];
      y += w[j] * nd[i + 1];
      z += w[j] * nd[i + 2];
      g += w[j] * nd[i + 3];
    }
    return this.place(ms, x, y, z, g);
  }
}
