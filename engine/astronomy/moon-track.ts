/**
 * The Moon's track over a span of days at one observer, cheap to evaluate: what SunTrack
 * (engine/astronomy/sun-track.ts) does for the Sun, for a body that moves 13° a day instead of 1°.
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
import { EARTH_EQUATORIAL_RADIUS_KM, EARTH_FLATTENING, era, type Track, wrap180 } from './sun-track.ts';

const DAY_MS = 86_400_000;
const J2000_MS = Date.UTC(2000, 0, 1, 12);
const DEG = Math.PI / 180;
const KM_PER_AU = Astronomy.KM_PER_AU;
/** astronomy-engine's radius for the Moon's rise and set (MOON_EQUATORIAL_RADIUS_KM). */
export const MOON_RADIUS_AU = 1738.1 / KM_PER_AU;

/** Days between nodes. */
const STEP_MS = DAY_MS;
/** The Moon's mean hour-angle rate, 360.9856 − 13.176 °/day, per millisecond (it varies by a few per cent). */
const HOUR_ANGLE_RATE = (360.9856 - 13.1764) / DAY_MS;
/** Lagrange denominators of the quintic through nodes at −2..3. */
const DENOMINATORS = [-120, 24, -12, 12, -24, 120];

export class MoonTrack implements Track {
  readonly rate = HOUR_ANGLE_RATE;
  private readonly t0: number;
  private readonly n: number;
  private readonly nodes: Float64Array; // x, y, z (AU, equator of date), GAST − ERA (deg), per node
  readonly sinLat: number;
  readonly cosLat: number;
  private readonly achAu: number;
  private readonly ashAu: number;
  private readonly lon: number;
  readonly margin: number;
  private readonly w = new Float64Array(6);
  alt = 0;
  limb = 0;
  hourAngle = 0;
  cosDec = 1;
  sinDec = 0;

  /** The track from `fromMs` to `toMs` (epoch ms) for an observer (its height in `observer.height`, metres). */
  constructor(observer: Astronomy.Observer, fromMs: number, toMs: number) {
    const phi = observer.latitude * DEG;
    this.sinLat = Math.sin(phi);
    this.cosLat = Math.cos(phi);
    const c = 1 / Math.hypot(this.cosLat, EARTH_FLATTENING * this.sinLat);
    const s = EARTH_FLATTENING * EARTH_FLATTENING * c;
    const htKm = observer.height / 1000;
    this.achAu = (EARTH_EQUATORIAL_RADIUS_KM * c + htKm) / KM_PER_AU;
    this.ashAu = (EARTH_EQUATORIAL_RADIUS_KM * s + htKm) / KM_PER_AU;
    this.lon = observer.longitude;
    this.margin = 2e-3 + 0.08 / Math.max(this.cosLat, 1e-6);
    // The culminations bounding a day lie within 13 hours of it; TrackDay starts looking a day before.
    const first = Math.floor((fromMs - 2 * DAY_MS - J2000_MS) / STEP_MS) - 2;
    this.t0 = J2000_MS + first * STEP_MS;
    this.n = Math.ceil((toMs + 2 * DAY_MS - this.t0) / STEP_MS) + 3;
    this.nodes = new Float64Array(this.n * 4);
    for (let k = 0; k < this.n; k++) {
      const ut = ((first + k) * STEP_MS) / DAY_MS;
      const time = new Astronomy.AstroTime(ut);
      const v = Astronomy.RotateVector(Astronomy.Rotation_EQJ_EQD(time), Astronomy.GeoMoon(time));
      const i = 4 * k;
      this.nodes[i] = v.x;
      this.nodes[i + 1] = v.y;
      this.nodes[i + 2] = v.z;
      this.nodes[i + 3] = wrap180(15 * Astronomy.SiderealTime(time) - era(ut));
    }
  }

  /** Evaluates the track at `ms`: `alt`, `limb` (SearchRiseSet's upper limb), `hourAngle`, `sinDec`, `cosDec`. */
  at(ms: number): this {
    const u = (ms - this.t0) / STEP_MS;
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
    const ut = (ms - J2000_MS) / DAY_MS;
    const theta = (era(ut) + g + this.lon) * DEG;
    const cosT = Math.cos(theta);
    const sinT = Math.sin(theta);
    x -= this.achAu * this.cosLat * cosT;
    y -= this.achAu * this.cosLat * sinT;
    z -= this.ashAu * this.sinLat;
    const rxy = Math.sqrt(x * x + y * y);
    const dist = Math.sqrt(rxy * rxy + z * z);
    this.cosDec = rxy / dist;
    this.sinDec = z / dist;
    this.alt = Math.asin((this.cosLat * (x * cosT + y * sinT) + this.sinLat * z) / dist) / DEG;
    this.limb = this.alt + Math.asin(MOON_RADIUS_AU / dist) / DEG;
    this.hourAngle = wrap180((theta - Math.atan2(y, x)) / DEG);
    return this;
  }

  /** The first instant at or after `fromMs` at which the hour angle is `targetDeg` (0: upper culmination, 180: lower), to 1 ms. */
  hourAngleTime(fromMs: number, targetDeg: number): number {
    let t = fromMs + ((((targetDeg - this.at(fromMs).hourAngle) % 360) + 360) % 360) / HOUR_ANGLE_RATE;
    for (let i = 0; i < 10; i++) {
      const step = wrap180(targetDeg - this.at(t).hourAngle) / HOUR_ANGLE_RATE;
      t += step;
      if (Math.abs(step) < 1) break;
    }
    return t;
  }
}
