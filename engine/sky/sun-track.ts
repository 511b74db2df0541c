/**
 * The Sun's track over a span of days at one observer, cheap to evaluate: the geometry astronomy-engine's
 * Equator + Horizon compute (apparent topocentric place of date, geometric altitude), with the costly
 * parts (VSOP87, precession, nutation: ~40 µs) taken once every 3 days instead of at every step of every
 * search (~110 µs an Equator + Horizon, some 40 of them a search, 13 searches a day).
 *
 * At each node astronomy-engine gives the Sun's apparent geocentric vector of date (GeoVector with
 * aberration, rotated by Rotation_EQJ_EQD) and Greenwich apparent sidereal time; between nodes the vector
 * and GAST − ERA (precession in RA plus the equation of the equinoxes, both slow) are interpolated by the
 * cubic through the four nearest nodes, ERA itself is exact, and the observer's own position
 * (astronomy-engine's `terra`, same ellipsoid and height) is subtracted exactly, so the diurnal parallax
 * is kept. Against Equator + Horizon: 0.05″ at worst in altitude and hour angle (8,000 random instants,
 * 1700–2200, |lat| ≤ 89°), a few milliseconds of time, where the searches stop at 0.1 s.
 *
 * `TrackDay.crossing` answers what InternalSearchAltitude answers (the first time at or after the day's
 * start at which the altitude crosses a value in a direction) from the culminations: between an upper and
 * a lower culmination the altitude is monotonic, except within s²/2k of an extremum (s: the altitude's
 * drift from the change of declination, ≤ sin(φ − δ)·0.4°/day; k: its curvature, cos φ cos δ·(2π)² rad/day²),
 * at most 3.5e-5°/(cos φ cos δ). Where a culmination comes within `margin` (more than 5 times that) of the
 * altitude sought, the answer is left to astronomy-engine's search: `undefined` from here means "ask it".
 *
 * Over 300 lines: the tracks (BodyTrack and the Sun's; the Moon's is moon-track.ts) and TrackDay, the
 * searches over a track that both bodies' rise, set and transit use, read together.
 */
import * as Astronomy from 'astronomy-engine';
import { DAY_MS } from '../instant.ts';

const J2000_MS = Date.UTC(2000, 0, 1, 12);
const DEG = Math.PI / 180;
// astronomy-engine 2.1.19's constants (astronomy.js), so the geometry is the library's.
export const EARTH_FLATTENING = 0.996647180302104;
export const EARTH_EQUATORIAL_RADIUS_KM = 6378.1366;
const KM_PER_AU = Astronomy.KM_PER_AU;
export const SUN_RADIUS_AU = 695_700 / KM_PER_AU;

/** Earth rotation angle at `ut` days from J2000, degrees in [0, 360): astronomy-engine's `era`. */
export function era(ut: number): number {
  const theta = 360 * ((0.779057273264 + 0.00273781191135448 * ut + (ut % 1)) % 1);
  return theta < 0 ? theta + 360 : theta;
}

export const wrap180 = (deg: number) => deg - 360 * Math.round(deg / 360);

/** Beyond this latitude the diurnal circle is too small for the culminations to bound the searches: the caller searches. */
export const TRACK_MAX_LATITUDE = 89;

/** Days between the track's nodes: the cubic through four nodes 3 days apart stays within 0.05″ of Equator + Horizon (see above). */
const STEP_DAYS = 3;
const STEP_MS = STEP_DAYS * DAY_MS;
/** The Sun's hour angle turns about 360° a day (359.0..360.1): degrees per millisecond, for the Newton steps. */
const HOUR_ANGLE_RATE = 360 / DAY_MS;

/**
 * What TrackDay needs of a body's track: its last evaluation (`at`), the hour angle's rate for the Newton
 * steps, the culminations (`hourAngleTime`), and the margin within which a culmination grazes an altitude.
 */
export interface Track {
  readonly sinLat: number;
  readonly cosLat: number;
  readonly margin: number;
  /** The hour angle's mean rate, degrees per millisecond. */
  readonly rate: number;
  alt: number;
  limb: number;
  hourAngle: number;
  cosDec: number;
  sinDec: number;
  at(ms: number): this;
  hourAngleTime(fromMs: number, targetDeg: number): number;
}

/** How a body's track is sampled and shaped (its nodes, its radius, the Newton steps of its culminations). */
export interface TrackShape {
  /** Milliseconds between nodes. */
  stepMs: number;
  /** Nodes before `fromMs − padMs` and after `toMs + padMs` (the interpolation's reach). */
  nodesBefore: number;
  nodesAfter: number;
  padMs: number;
  /** The body's geocentric vector of date (AU) at a node. */
  vector: (time: Astronomy.AstroTime) => Astronomy.Vector;
  /** The body's radius (AU): the upper limb's altitude. */
  radiusAu: number;
  /** The hour angle's mean rate, degrees per millisecond. */
  rate: number;
  /** Newton steps at most for a culmination. */
  newtonSteps: number;
  /** margin = a + b / cos φ (degrees). */
  margin: [number, number];
}

/**
 * What the Sun's and the Moon's tracks share: the observer's geocentric position (astronomy-engine's
 * `terra`), the nodes (the body's vector of date and GAST − ERA), the topocentric place from an
 * interpolated node, and the culminations. Each body interpolates its nodes its own way (`at`).
 */
export abstract class BodyTrack implements Track {
  readonly rate: number;
  protected readonly t0: number;
  protected readonly n: number;
  protected readonly stepMs: number;
  protected readonly nodes: Float64Array; // x, y, z (AU, equator of date), GAST − ERA (deg), per node
  readonly sinLat: number;
  readonly cosLat: number;
  private readonly achAu: number;
  private readonly ashAu: number;
  private readonly lon: number;
  private readonly radiusAu: number;
  private readonly newtonSteps: number;
  /** Altitudes within this of a culmination's are left to astronomy-engine's search (degrees). */
  readonly margin: number;
  // The last evaluation (no allocation per call).
  /** Geometric altitude of the centre, degrees. */
  alt = 0;
  /** Geometric altitude of the upper limb (SearchRiseSet's), degrees. */
  limb = 0;
  /** Hour angle, degrees, −180..180. */
  hourAngle = 0;
  cosDec = 1;
  sinDec = 0;

  /** The track from `fromMs` to `toMs` (epoch ms) for an observer (its height in `observer.height`, metres). */
  constructor(observer: Astronomy.Observer, fromMs: number, toMs: number, shape: TrackShape) {
    const phi = observer.latitude * DEG;
    this.sinLat = Math.sin(phi);
    this.cosLat = Math.cos(phi);
    const c = 1 / Math.hypot(this.cosLat, EARTH_FLATTENING * this.sinLat);
    const s = EARTH_FLATTENING * EARTH_FLATTENING * c;
    const htKm = observer.height / 1000;
    this.achAu = (EARTH_EQUATORIAL_RADIUS_KM * c + htKm) / KM_PER_AU;
    this.ashAu = (EARTH_EQUATORIAL_RADIUS_KM * s + htKm) / KM_PER_AU;
    this.lon = observer.longitude;
    this.rate = shape.rate;
    this.radiusAu = shape.radiusAu;
    this.newtonSteps = shape.newtonSteps;
    this.margin = shape.margin[0] + shape.margin[1] / Math.max(this.cosLat, 1e-6);
    this.stepMs = shape.stepMs;
    const first = Math.floor((fromMs - shape.padMs - J2000_MS) / shape.stepMs) - shape.nodesBefore;
    this.t0 = J2000_MS + first * shape.stepMs;
    this.n = Math.ceil((toMs + shape.padMs - this.t0) / shape.stepMs) + shape.nodesAfter;
    this.nodes = new Float64Array(this.n * 4);
    for (let k = 0; k < this.n; k++) {
      const ut = ((first + k) * shape.stepMs) / DAY_MS;
      const time = new Astronomy.AstroTime(ut);
      const v = shape.vector(time);
      const i = 4 * k;
      this.nodes[i] = v.x;
      this.nodes[i + 1] = v.y;
      this.nodes[i + 2] = v.z;
      this.nodes[i + 3] = wrap180(15 * Astronomy.SiderealTime(time) - era(ut));
    }
  }

  /** Evaluates the track at `ms`: `alt`, `limb`, `hourAngle`, `sinDec`, `cosDec`. */
  abstract at(ms: number): this;

  /** Sets the last evaluation from the body's interpolated geocentric vector of date (AU) and GAST − ERA (deg) at `ms`. */
  protected place(ms: number, gx: number, gy: number, gz: number, g: number): this {
    const ut = (ms - J2000_MS) / DAY_MS;
    const theta = (era(ut) + g + this.lon) * DEG;
    const cosT = Math.cos(theta);
    const sinT = Math.sin(theta);
    const x = gx - this.achAu * this.cosLat * cosT;
    const y = gy - this.achAu * this.cosLat * sinT;
    const z = gz - this.ashAu * this.sinLat;
    const rxy = Math.sqrt(x * x + y * y);
    const dist = Math.sqrt(rxy * rxy + z * z);
    this.cosDec = rxy / dist;
    this.sinDec = z / dist;
    this.alt = Math.asin((this.cosLat * (x * cosT + y * sinT) + this.sinLat * z) / dist) / DEG;
    this.limb = this.alt + Math.asin(this.radiusAu / dist) / DEG;
    this.hourAngle = wrap180((theta - Math.atan2(y, x)) / DEG);
    return this;
  }

  /** The first instant at or after `fromMs` at which the hour angle is `targetDeg` (0: upper culmination, 180: lower), to 1 ms. */
  hourAngleTime(fromMs: number, targetDeg: number): number {
    let t = fromMs + ((((targetDeg - this.at(fromMs).hourAngle) % 360) + 360) % 360) / this.rate;
    for (let i = 0; i < this.newtonSteps; i++) {
      const step = wrap180(targetDeg - this.at(t).hourAngle) / this.rate;
      t += step;
      if (Math.abs(step) < 1) break;
    }
    return t;
  }
}

export class SunTrack extends BodyTrack {
  /** The track from `fromMs` to `toMs` (epoch ms) for an observer (its height in `observer.height`, metres). */
  constructor(observer: Astronomy.Observer, fromMs: number, toMs: number) {
    // Nodes from two steps before `fromMs − 1 day` to two after `toMs + 1 day`: the culminations
    // bounding a day lie within 13 hours of it.
    super(observer, fromMs, toMs, {
      stepMs: STEP_MS,
      nodesBefore: 1,
      nodesAfter: 2,
      padMs: DAY_MS,
      vector: (time) => Astronomy.RotateVector(Astronomy.Rotation_EQJ_EQD(time), Astronomy.GeoVector(Astronomy.Body.Sun, time, true)),
      radiusAu: SUN_RADIUS_AU,
      rate: HOUR_ANGLE_RATE,
      newtonSteps: 4,
      margin: [1e-3, 2e-4],
    });
  }

  at(ms: number): this {
    const u = (ms - this.t0) / this.stepMs;
    const k = Math.min(this.n - 3, Math.max(1, Math.floor(u)));
    const p = u - k;
    // Lagrange weights of the cubic through nodes k − 1, k, k + 1, k + 2.
    const pm = p + 1;
    const p1 = p - 1;
    const p2 = p - 2;
    const w0 = (-p * p1 * p2) / 6;
    const w1 = (pm * p1 * p2) / 2;
    const w2 = (-pm * p * p2) / 2;
    const w3 = (pm * p * p1) / 6;
    const nd = this.nodes;
    const a = 4 * (k - 1);
    return this.place(
      ms,
      w0 * nd[a] + w1 * nd[a + 4] + w2 * nd[a + 8] + w3 * nd[a + 12],
      w0 * nd[a + 1] + w1 * nd[a + 5] + w2 * nd[a + 9] + w3 * nd[a + 13],
      w0 * nd[a + 2] + w1 * nd[a + 6] + w2 * nd[a + 10] + w3 * nd[a + 14],
      w0 * nd[a + 3] + w1 * nd[a + 7] + w2 * nd[a + 11] + w3 * nd[a + 15],
    );
  }
}

/** A point of a day where the altitude is known: a culmination (kind ±1) or an end of the day (kind 0). */
interface Knot {
  ms: number;
  kind: 1 | -1 | 0;
  alt: number;
  limb: number;
}

/**
 * One local day [startMs, endMs) on a track: its culminations, and the first crossing of an altitude in a
 * direction (what astronomy-engine's InternalSearchAltitude answers started at the day's first instant).
 */
export class TrackDay {
  /** The last culmination before the day, those within it, and the first after it. */
  private readonly culms: Knot[] = [];
  /** The day's start, its culminations, its end. */
  private readonly knots: Knot[] = [];

  constructor(
    private readonly track: Track,
    private readonly startMs: number,
    private readonly endMs: number,
  ) {
    const knot = (ms: number, kind: 1 | -1 | 0): Knot => {
      track.at(ms);
      return { ms, kind, alt: track.alt, limb: track.limb };
    };
    const upper = track.hourAngleTime(startMs - DAY_MS, 0);
    const lower = track.hourAngleTime(startMs - DAY_MS, 180);
    let [ms, kind]: [number, 1 | -1] = upper < lower ? [upper, 1] : [lower, -1];
    for (;;) {
      const next: [number, 1 | -1] = [track.hourAngleTime(ms + DAY_MS / 4, kind === 1 ? 180 : 0), kind === 1 ? -1 : 1];
      if (next[0] > startMs || this.culms.length) this.culms.push(knot(ms, kind)); // from the last one before the start
      if (ms > endMs) break;
      [ms, kind] = next;
    }
    this.knots.push(knot(startMs, 0), ...this.culms.filter((c) => c.ms > startMs && c.ms < endMs), knot(endMs, 0));
  }

  /** The upper culmination within the day, with the centre's geometric altitude; null when none. */
  transit(): { ms: number; altitudeDeg: number } | null {
    const c = this.culms.find((k) => k.kind === 1 && k.ms >= this.startMs && k.ms < this.endMs);
    return c ? { ms: c.ms, altitudeDeg: c.alt } : null;
  }

  /**
   * The first instant in the day at which the centre's geometric altitude (`limb`: the upper limb's)
   * crosses `target` going `direction` (+1 up, −1 down), to 20 ms; null when none; undefined when a
   * culmination comes within the track's margin of the target, where the caller should search instead.
   */
  crossing(target: number, direction: 1 | -1, limb = false): number | null | undefined {
    const value = (k: Knot) => (limb ? k.limb : k.alt);
    for (const c of this.culms) if (Math.abs(value(c) - target) < this.track.margin) return undefined;
    for (let i = 1; i < this.knots.length; i++) {
      const a = this.knots[i - 1];
      const b = this.knots[i];
      if (direction * (value(a) - target) < 0 && direction * (value(b) - target) >= 0) {
        const ms = this.solve(target, direction, limb, a.ms, b.ms);
        return ms < this.endMs ? ms : null;
      }
    }
    return null;
  }

  /**
   * The root in [a, b], where the altitude is monotonic: Newton steps with the diurnal rate of the altitude,
   * d(sin h)/dt = −cos φ cos δ sin H · dH/dt (the change of declination, 0.4°/day at most, only slows the
   * convergence), started from the hour angle cos H = (sin h − sin φ sin δ)/(cos φ cos δ) at the middle of
   * the interval, kept inside the bracket by bisection.
   */
  private solve(target: number, direction: 1 | -1, limb: boolean, a: number, b: number): number {
    const tr = this.track;
    const { sinLat, cosLat } = tr;
    let t = (a + b) / 2;
    tr.at(t);
    const cosH = (Math.sin((target - (limb ? tr.limb - tr.alt : 0)) * DEG) - sinLat * tr.sinDec) / (cosLat * tr.cosDec);
    if (Math.abs(cosH) < 1) {
      const guess = t + wrap180((direction * -Math.acos(cosH)) / DEG - tr.hourAngle) / tr.rate;
      if (guess > a && guess < b) t = guess;
    }
    for (let i = 0; i < 40; i++) {
      tr.at(t);
      const g = direction * ((limb ? tr.limb : tr.alt) - target);
      if (g < 0) a = t;
      else b = t;
      const rate = (-cosLat * tr.cosDec * Math.sin(tr.hourAngle * DEG) * tr.rate) / Math.cos(tr.alt * DEG);
      const step = -g / (direction * rate);
      let next = t + step;
      if (!(next > a && next < b)) next = (a + b) / 2;
      if (Math.abs(next - t) < 20 || b - a < 20) return next;
      t = next;
    }
    return t;
  }
}

/**
 * The altitude SearchRiseSet looks for the upper limb at: the horizon's dip for an eye `metersAboveGround`
 * above the ground, less 34′ of refraction scaled by the air's density at the ground (astronomy-engine's
 * HorizonDipAngle and Atmosphere, which it does not export separately).
 */
export function riseSetAltitude(observer: Astronomy.Observer, metersAboveGround: number): number {
  const phi = observer.latitude * DEG;
  const sinphi = Math.sin(phi);
  const cosphi = Math.cos(phi);
  const c = 1 / Math.hypot(cosphi, sinphi * EARTH_FLATTENING);
  const s = c * EARTH_FLATTENING * EARTH_FLATTENING;
  const htKm = (observer.height - metersAboveGround) / 1000;
  const ach = EARTH_EQUATORIAL_RADIUS_KM * c + htKm;
  const ash = EARTH_EQUATORIAL_RADIUS_KM * s + htKm;
  const radiusM = 1000 * Math.hypot(ach * cosphi, ash * sinphi);
  const k = 0.175 * (1 - (6.5e-3 / 283.15) * (observer.height - (2 / 3) * metersAboveGround)) ** 3.256;
  const dip = -(Math.sqrt((2 * (1 - k) * metersAboveGround) / radiusM) / (1 - k)) / DEG;
  return dip - (34 / 60) * Astronomy.Atmosphere(observer.height - metersAboveGround).density;
}
