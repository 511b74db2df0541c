/**
 * Shared WGS84 geodesic helpers on GeographicLib (C. F. F. Karney, "Algorithms for geodesics",
 * J. Geodesy 87, 43–55, 2013): distances are exact to about 15 nanometres for any pair of points,
 * nearly antipodal ones included, where haversine (a sphere, up to 0.5 % off) and Vincenty (fails to
 * converge near the antipode) are not good enough. Every geo tool takes its distances from here.
 *
 * Conventions:
 * - bearings are degrees clockwise from true north, normalised to [0, 360);
 * - at a pole "north" is undefined, so a bearing there is measured from the meridian of the longitude
 *   given for that point (GeographicLib's convention): (90, 0) → (0, 0) is 180, (90, 0) → (0, 90) is 90;
 * - coincident points (same latitude and longitude, −180 ≡ 180, or the same pole at any longitude) are
 *   0 m apart with both bearings 0 by definition: GeographicLib would report 180 there (GeodSolve80),
 *   an artefact of its choice among infinitely many equally valid azimuths;
 * - exactly antipodal points are joined by more than one shortest geodesic; the one GeographicLib
 *   picks is reported (for two points on the equator it runs over the north pole).
 *
 * @example
 * inverse({ lat: 40.6, lon: -73.8 }, { lat: 49.01666667, lon: 2.55 })   // JFK → Paris CDG, GeodSolve0
 * // → { distance_m: 5853226.26…, initial_bearing_deg: 53.47022…, final_bearing_deg: 111.59367…, coincident: false }
 */
import geodesicLib from 'geographiclib-geodesic';
import { catalogueEntry, type CatalogueEntry, type ProvenanceParts } from '../provenance-catalogue.ts';
import { versions } from '../provenance.ts';

const { Geodesic } = geodesicLib;
const WGS84 = Geodesic.WGS84;

/** WGS84 defining parameters: semi-major axis a (metres) and flattening f. */
export const ELLIPSOID = { name: 'WGS84', a_m: 6378137, inverse_flattening: 298.257223563 } as const;
export const ELLIPSOID_DESCRIPTION = `${ELLIPSOID.name} (a = ${ELLIPSOID.a_m} m, f = 1/${ELLIPSOID.inverse_flattening})`;

export const GEODESIC = catalogueEntry({
  id: 'geodesic',
  kind: 'data',
  value: `geographiclib-geodesic ${versions.geographiclib} (${ELLIPSOID.name})`,
  summary: 'geodesic library and ellipsoid of distances and bearings',
  text: `WGS84 ellipsoid geodesics, Karney (2013) algorithms, geographiclib-geodesic ${versions.geographiclib}; ellipsoid ${ELLIPSOID_DESCRIPTION}`,
});

/** The provenance parts of every answer computed from a WGS84 geodesic. */
export const geodesicParts = (method: CatalogueEntry): ProvenanceParts => ({ data: [GEODESIC], methods: [method] });

export interface LatLon {
  /** Degrees, −90..90. */
  lat: number;
  /** Degrees, −180..180. */
  lon: number;
}

export interface InverseSolution {
  /** Length of the shortest geodesic, metres (unrounded). */
  distance_m: number;
  /** Direction of travel at `from`, degrees clockwise from north, [0, 360). */
  initial_bearing_deg: number;
  /** Direction of travel on arrival at `to` (not the bearing back to `from`), [0, 360). */
  final_bearing_deg: number;
  /** True when the two points are the same place. */
  coincident: boolean;
}

/** Degrees in [0, 360), never −0, never exactly 360. Values already in range are returned untouched. */
export function normalizeBearing(deg: number): number {
  if (deg >= 0 && deg < 360) return deg === 0 ? 0 : deg;
  const r = ((deg % 360) + 360) % 360; // −1e-17 lands on 360 here
  return r >= 360 || r === 0 ? 0 : r;
}

/** `x` rounded half away from zero to `decimals` places; −0 becomes 0. */
export function roundTo(x: number, decimals: number): number {
  const k = 10 ** decimals;
  const r = (Math.sign(x) * Math.round(Math.abs(x) * k)) / k;
  return r === 0 ? 0 : r;
}

/** A bearing rounded to `decimals` places and kept in [0, 360) (359.9999999 rounds to 0, not 360). */
export function roundBearing(deg: number, decimals: number): number {
  return normalizeBearing(roundTo(normalizeBearing(deg), decimals));
}

/** −180 and 180 are one meridian. */
function sameLongitude(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) === 360;
}

/** The inverse geodesic problem: how far, and in which directions, from `from` to `to`. */
export function inverse(from: LatLon, to: LatLon): InverseSolution {
  const r = WGS84.Inverse(from.lat, from.lon, to.lat, to.lon, Geodesic.DISTANCE | Geodesic.AZIMUTH);
  const distance = r.s12 ?? NaN;
  // Same place: equal coordinates, or the same pole at any longitude. GeographicLib already answers
  // s12 = 0 for these (with an arbitrary azimuth); the explicit test keeps that independent of it.
  const samePlace = from.lat === to.lat && (sameLongitude(from.lon, to.lon) || Math.abs(from.lat) === 90);
  if (samePlace || distance === 0) {
    return { distance_m: 0, initial_bearing_deg: 0, final_bearing_deg: 0, coincident: true };
  }
  return {
    distance_m: distance,
    initial_bearing_deg: normalizeBearing(r.azi1 ?? NaN),
    final_bearing_deg: normalizeBearing(r.azi2 ?? NaN),
    coincident: false,
  };
}

/**
 * The point halfway along the shortest geodesic from `from` to `to` (equal geodesic distance from
 * both ends, on the path itself: not the mean of the coordinates, not the great-circle midpoint),
 * with the full geodesic length. Coincident points give the point itself. At a pole the longitude
 * is whatever GeographicLib carries along the path (any longitude names the pole).
 */
export function midpoint(from: LatLon, to: LatLon): LatLon & { distance_m: number } {
  const line = WGS84.InverseLine(from.lat, from.lon, to.lat, to.lon, Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.DISTANCE_IN);
  const half = line.Position(line.s13 / 2, Geodesic.LATITUDE | Geodesic.LONGITUDE);
  const lat = half.lat2 ?? NaN;
  const lon = half.lon2 ?? NaN;
  return { lat: lat === 0 ? 0 : lat, lon: lon === 0 ? 0 : lon, distance_m: line.s13 };
}

/** The 16 compass points, clockwise from north. */
export const COMPASS_POINTS = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/**
 * The 16-point compass name for a bearing. Each point owns the 22.5° sector centred on it, closed on
 * its counter-clockwise edge: N is [348.75, 11.25), NNE is [11.25, 33.75), and so on.
 */
export function compass16(bearingDeg: number): CompassPoint {
  return COMPASS_POINTS[Math.floor(normalizeBearing(bearingDeg) / 22.5 + 0.5) % 16];
}
