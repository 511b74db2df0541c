/**
 * Geocentric astrometric and heliocentric positions of the Sun, Moon and planets: the pure calculation
 * behind the `ephemeris` tool. It imports nothing but astronomy-engine and numbers.ts, so a browser page can run it.
 */
import * as Astronomy from 'astronomy-engine';
import { round, roundInPeriod } from '../numbers.ts';

export const EPHEMERIS_BODIES = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
export type EphemerisBody = (typeof EPHEMERIS_BODIES)[number];

export const EPHEMERIS_FRAME = 'J2000 equatorial; ecliptic of J2000';

/** The span the tool answers for: inside it astronomy-engine is checked against JPL Horizons. */
export const EPHEMERIS_MIN_MS = Date.UTC(1900, 0, 1, 0, 0, 0);
/** Exclusive: every instant of 2100-12-31 is inside. */
export const EPHEMERIS_END_MS = Date.UTC(2101, 0, 1, 0, 0, 0);

export interface GeocentricPosition {
  x_au: number;
  y_au: number;
  z_au: number;
  distance_au: number;
  right_ascension_deg: number;
  right_ascension_hours: number;
  declination_deg: number;
  ecliptic_longitude_deg: number;
  ecliptic_latitude_deg: number;
}
export interface HeliocentricPosition {
  x_au: number;
  y_au: number;
  z_au: number;
  distance_au: number;
  ecliptic_longitude_deg: number;
  ecliptic_latitude_deg: number;
}
export interface BodyPosition {
  body: EphemerisBody;
  geocentric: GeocentricPosition;
  heliocentric: HeliocentricPosition | null;
}

/** 1e-10 AU = 15 m, far below the model's own error; angles to 1e-7° (0.4 mas). */
const AU_DIGITS = 10;
const DEG_DIGITS = 7;

const EQJ_TO_ECL = Astronomy.Rotation_EQJ_ECL();

/** Mean ecliptic and equinox of J2000 (not astronomy-engine's `Ecliptic`, which is the true ecliptic of date). */
function eclipticOfJ2000(eqj: Astronomy.Vector): { lon: number; lat: number } {
  const sphere = Astronomy.SphereFromVector(Astronomy.RotateVector(EQJ_TO_ECL, eqj));
  return { lon: sphere.lon, lat: sphere.lat };
}

function geocentric(eqj: Astronomy.Vector): GeocentricPosition {
  const eq = Astronomy.EquatorFromVector(eqj);
  const ecl = eclipticOfJ2000(eqj);
  return {
    x_au: round(eqj.x, AU_DIGITS),
    y_au: round(eqj.y, AU_DIGITS),
    z_au: round(eqj.z, AU_DIGITS),
    distance_au: round(eq.dist, AU_DIGITS),
    right_ascension_deg: roundInPeriod(eq.ra * 15, DEG_DIGITS, 360),
    right_ascension_hours: roundInPeriod(eq.ra, DEG_DIGITS + 1, 24),
    declination_deg: round(eq.dec, DEG_DIGITS),
    ecliptic_longitude_deg: roundInPeriod(ecl.lon, DEG_DIGITS, 360),
    ecliptic_latitude_deg: round(ecl.lat, DEG_DIGITS),
  };
}

function heliocentric(eqj: Astronomy.Vector): HeliocentricPosition {
  const ecl = eclipticOfJ2000(eqj);
  return {
    x_au: round(eqj.x, AU_DIGITS),
    y_au: round(eqj.y, AU_DIGITS),
    z_au: round(eqj.z, AU_DIGITS),
    distance_au: round(eqj.Length(), AU_DIGITS),
    ecliptic_longitude_deg: roundInPeriod(ecl.lon, DEG_DIGITS, 360),
    ecliptic_latitude_deg: round(ecl.lat, DEG_DIGITS),
  };
}

/**
 * Astrometric geocentric vector, J2000 mean equator (EQJ): the body where it was when the light now
 * arriving left it, seen from where the Earth is now; no aberration, no light deflection.
 * `GeoVector` does this for the Sun and planets; for the Moon it returns the geometric position, so the
 * Moon is back-dated here the same way (the difference, the Earth's motion during the 1.3 s light time,
 * is about 20″).
 */
function astrometricGeoVector(body: EphemerisBody, time: Astronomy.AstroTime): Astronomy.Vector {
  const id = Astronomy.Body[body];
  if (body === 'Moon') return Astronomy.BackdatePosition(time, Astronomy.Body.Earth, id, false);
  return Astronomy.GeoVector(id, time, false);
}

/**
 * Positions of the Sun, Moon and the planets Mercury..Pluto at `atMs` (epoch milliseconds, UTC taken as
 * UT1), in that order. Geocentric: astrometric, J2000 mean equator, and mean ecliptic of J2000.
 * Heliocentric: geometric (no light time), same frames; `null` for the Sun.
 *
 * @example
 * bodyPositions(Date.parse('2021-06-06T00:00:00Z')).bodies[4].geocentric.right_ascension_deg
 * // ≈ 118.567 (Mars; JPL Horizons astrometric 118.566848°)
 */
export function bodyPositions(atMs: number): { at_ms: number; frame: typeof EPHEMERIS_FRAME; bodies: BodyPosition[] } {
  const time = Astronomy.MakeTime(new Date(atMs));
  const bodies = EPHEMERIS_BODIES.map(
    (body): BodyPosition => ({
      body,
      geocentric: geocentric(astrometricGeoVector(body, time)),
      heliocentric: body === 'Sun' ? null : heliocentric(Astronomy.HelioVector(Astronomy.Body[body], time)),
    }),
  );
  return { at_ms: atMs, frame: EPHEMERIS_FRAME, bodies };
}
