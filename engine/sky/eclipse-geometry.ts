/**
 * Eclipse magnitudes and the hybrid type, which astronomy-engine's eclipse searches do not report. The
 * geometry is the shadow cones of astronomy-engine's own search (Sun and Moon vectors with light time and
 * aberration), sized with the constants of NASA's eclipse catalogues (Espenak), so the numbers compare
 * with theirs.
 */
import { Body, GeoMoon, GeoVector, KM_PER_AU, ObserverVector, type AstroTime, type Observer, type Vector } from 'astronomy-engine';

const SUN_RADIUS_KM = 696_000; // NASA's eclipse bulletins: 959.63″ at 1 AU
const EARTH_RADIUS_KM = 6378.137;
/** NASA's lunar radius k (in Earth radii): 0.272508 for penumbral contacts, 0.272281 for the central phase. */
const MOON_RADIUS_KM = 0.2725076 * EARTH_RADIUS_KM;
const MOON_CENTRAL_RADIUS_KM = 0.272281 * EARTH_RADIUS_KM;
/** The Earth's limb in the fundamental plane, in equatorial radii, as Meeus uses it for partial eclipses (ch. 54). */
const LIMB = 0.9972;

interface Cone {
  /** Distance of the target from the shadow axis, km. */
  r: number;
  /** Umbral radius in the plane of the target, km: positive inside a total shadow, negative for annular. */
  k: number;
  /** Penumbral radius there, km. */
  p: number;
  /** km along the axis per km of cone radius: dk/dz and dp/dz per km toward the shadowing body. */
  dk: number;
  dp: number;
}

/** The shadow cone of a sphere of radius `radiusKm` at `body`, lit by the Sun along `dir`, at the plane of `target` (all AU). */
function cone(target: Vector, dir: Vector, radiusKm: number): Cone {
  const len2 = dir.x * dir.x + dir.y * dir.y + dir.z * dir.z;
  const u = (dir.x * target.x + dir.y * target.y + dir.z * target.z) / len2;
  const r = KM_PER_AU * Math.hypot(u * dir.x - target.x, u * dir.y - target.y, u * dir.z - target.z);
  const sunToBodyKm = KM_PER_AU * Math.sqrt(len2);
  return {
    r,
    k: SUN_RADIUS_KM - (1 + u) * (SUN_RADIUS_KM - radiusKm),
    p: -SUN_RADIUS_KM + (1 + u) * (SUN_RADIUS_KM + radiusKm),
    dk: (SUN_RADIUS_KM - radiusKm) / sunToBodyKm,
    dp: (SUN_RADIUS_KM + radiusKm) / sunToBodyKm,
  };
}

/** The Moon's shadow at the plane through the Earth's centre (the fundamental plane), or through an observer. */
function moonShadow(time: AstroTime, radiusKm: number, observer?: Observer): Cone {
  const s = GeoVector(Body.Sun, time, true);
  const m = GeoMoon(time);
  const o = observer ? ObserverVector(time, observer, false) : { x: 0, y: 0, z: 0 };
  const targetFromMoon = { x: o.x - m.x, y: o.y - m.y, z: o.z - m.z } as Vector;
  const sunToMoon = { x: m.x - s.x, y: m.y - s.y, z: m.z - s.z } as Vector;
  return cone(targetFromMoon, sunToMoon, radiusKm);
}

/**
 * Eclipse magnitude an observer sees at an instant: the fraction of the Sun's diameter covered
 * ((p − r) / (p − k) in the observer's plane across the shadow), or in the central phase the ratio of
 * the apparent diameters ((p + k) / (p − k)). 0 outside the penumbra.
 */
export function localSolarMagnitude(time: AstroTime, observer: Observer): number {
  const central = moonShadow(time, MOON_CENTRAL_RADIUS_KM, observer);
  if (central.r < Math.abs(central.k)) return (central.p + central.k) / (central.p - central.k);
  const c = moonShadow(time, MOON_RADIUS_KM, observer);
  return Math.max(0, (c.p - c.r) / (c.p - central.k));
}

export interface SolarGeometry {
  /** Eclipse magnitude at greatest eclipse: the fraction of the Sun's diameter covered, or the ratio of diameters in the central phase. */
  magnitude: number;
  /** |gamma|: the shadow axis's least distance from the Earth's centre, equatorial radii. */
  gamma: number;
  /** True when a central eclipse is total at greatest eclipse but annular where its path meets the terminator. */
  hybrid: boolean;
}

/**
 * Magnitude and hybrid flag of a solar eclipse at its greatest eclipse (`peak`, the shadow axis closest to
 * the Earth's centre). Central (`central` true: the axis meets the Earth): magnitude is the ratio of the
 * Moon's to the Sun's apparent diameter on the axis at the Earth's surface; the eclipse is hybrid when
 * total there but annular in the fundamental plane, where the path meets the sunrise and sunset
 * terminator (Meeus ch. 54's test). Partial: Meeus's magnitude at the point of the limb nearest the axis.
 */
export function solarGeometry(peak: AstroTime, central: boolean): SolarGeometry {
  const c = moonShadow(peak, MOON_CENTRAL_RADIUS_KM);
  const gamma = c.r / EARTH_RADIUS_KM;
  if (central) {
    // Move from the fundamental plane up to the surface point on the axis, toward the Moon.
    const zeta = EARTH_RADIUS_KM * Math.sqrt(Math.max(0, 1 - gamma * gamma));
    const k = c.k + zeta * c.dk;
    const p = c.p - zeta * c.dp;
    return { magnitude: (p + k) / (p - k), gamma, hybrid: k > 0 && c.k < 0 };
  }
  const pen = moonShadow(peak, MOON_RADIUS_KM);
  const fromAxis = pen.r - LIMB * EARTH_RADIUS_KM;
  return { magnitude: (pen.p - fromAxis) / (pen.p - c.k), gamma, hybrid: false };
}

export interface LunarMagnitudes {
  umbral: number;
  penumbral: number;
}

/**
 * Umbral and penumbral magnitudes at a lunar eclipse's peak, with the Earth's shadow enlarged by 2 %
 * (Chauvenet), as NASA's lunar eclipse catalogue does: ρu = 1.02 (0.998340 πm − s + πs),
 * ρp = 1.02 (0.998340 πm + s + πs); magnitude = (ρ + rm − d) / (2 rm), d the Moon's distance from the
 * shadow axis, all angles geocentric.
 */
export function lunarMagnitudes(peak: AstroTime): LunarMagnitudes {
  const s = GeoVector(Body.Sun, peak, true);
  const m = GeoMoon(peak);
  const sunKm = KM_PER_AU * Math.hypot(s.x, s.y, s.z);
  const moonKm = KM_PER_AU * Math.hypot(m.x, m.y, m.z);
  const piMoon = Math.asin(EARTH_RADIUS_KM / moonKm);
  const piSun = Math.asin(EARTH_RADIUS_KM / sunKm);
  const sunRadius = Math.asin(SUN_RADIUS_KM / sunKm);
  const moonRadius = Math.asin(MOON_RADIUS_KM / moonKm);
  const cos = -(s.x * m.x + s.y * m.y + s.z * m.z) / ((sunKm * moonKm) / (KM_PER_AU * KM_PER_AU));
  const d = Math.acos(Math.min(1, Math.max(-1, cos)));
  const umbra = 1.02 * (0.99834 * piMoon - sunRadius + piSun);
  const penumbra = 1.02 * (0.99834 * piMoon + sunRadius + piSun);
  return { umbral: (umbra + moonRadius - d) / (2 * moonRadius), penumbral: (penumbra + moonRadius - d) / (2 * moonRadius) };
}
