/**
 * The Sun's topocentric position for an observer on the Earth: the pure calculation behind the
 * `solar_position` tool. It imports nothing but astronomy-engine and the kernel's instant.ts and numbers.ts,
 * so a browser page can run it as is.
 */
import * as Astronomy from 'astronomy-engine';
import { DAY_MS } from '../instant.ts';
import { round } from '../numbers.ts';

export const DAYLIGHT_STATES = ['day', 'civil_twilight', 'nautical_twilight', 'astronomical_twilight', 'night'] as const;
export type Daylight = (typeof DAYLIGHT_STATES)[number];

/**
 * Where each daylight state ends, as geometric (unrefracted) elevation of the Sun's centre in degrees.
 * −0.833° is the sunrise/sunset convention of the almanacs and of NREL SPA: 34′ of refraction at the
 * horizon plus the Sun's 16′ semi-diameter, i.e. the upper limb on the apparent horizon.
 */
export const DAYLIGHT_LIMITS_DEG = { day: -0.833, civil: -6, nautical: -12, astronomical: -18 } as const;

/**
 * The daylight state for a geometric solar elevation. Boundaries: `day` strictly above −0.833°;
 * `civil_twilight` from −0.833° down to and including −6°; `nautical_twilight` below −6° to −12°
 * inclusive; `astronomical_twilight` below −12° to −18° inclusive; `night` below −18°.
 *
 * @example daylightState(-0.833) // 'civil_twilight'; daylightState(-0.8329) // 'day'
 */
export function daylightState(elevationDeg: number): Daylight {
  if (elevationDeg > DAYLIGHT_LIMITS_DEG.day) return 'day';
  if (elevationDeg >= DAYLIGHT_LIMITS_DEG.civil) return 'civil_twilight';
  if (elevationDeg >= DAYLIGHT_LIMITS_DEG.nautical) return 'nautical_twilight';
  if (elevationDeg >= DAYLIGHT_LIMITS_DEG.astronomical) return 'astronomical_twilight';
  return 'night';
}

/** ISA sea-level pressure (hPa) and temperature (°C) used when the caller gives none. */
export const ISA_SEA_LEVEL = { pressureHpa: 1013.25, temperatureC: 15 } as const;

/**
 * ISA barometric formula for the troposphere (ICAO Doc 7488, lapse rate 6.5 K/km):
 * P = 1013.25 · (1 − 2.25577·10⁻⁵ · h)^5.25588 hPa, h in metres (valid −500..11000 m). h is read as
 * geopotential height; at 9 km it is 13 m below the height above sea level, a 0.2 % change of pressure.
 */
export function isaPressureHpa(elevationM: number): number {
  return ISA_SEA_LEVEL.pressureHpa * (1 - 2.25577e-5 * elevationM) ** 5.25588;
}

/** SPA applies refraction only while the Sun's upper limb may still be seen: e0 ≥ −(0.26667° + 0.5667°). */
export const SPA_REFRACTION_FLOOR_DEG = -(0.26667 + 0.5667);

/**
 * Atmospheric refraction in degrees for a geometric elevation `e0` (degrees), NREL SPA
 * (Reda & Andreas 2008, eq. 42): Δe = (P/1010)·(283/(273+T))·1.02 / (60·tan(e0 + 10.3/(e0 + 5.11))),
 * the tangent's argument in degrees; 0 below {@link SPA_REFRACTION_FLOOR_DEG}.
 *
 * @example spaRefractionDeg(39.872046, 820, 11) // ≈ 0.016332 (SPA Table A5.2: Δe)
 */
export function spaRefractionDeg(e0: number, pressureHpa: number, temperatureC: number): number {
  if (e0 < SPA_REFRACTION_FLOOR_DEG) return 0;
  const argDeg = e0 + 10.3 / (e0 + 5.11);
  return ((pressureHpa / 1010) * (283 / (273 + temperatureC)) * 1.02) / (60 * Math.tan(argDeg * Astronomy.DEG2RAD));
}

export interface SunPositionInput {
  lat: number;
  lon: number;
  /** The instant, epoch milliseconds (UTC, taken as UT1). */
  atMs: number;
  elevationM?: number;
  pressureHpa?: number;
  temperatureC?: number;
}

export interface SunPosition {
  azimuth_deg: number;
  elevation_deg: number;
  apparent_elevation_deg: number;
  zenith_deg: number;
  hour_angle_deg: number;
  declination_deg: number;
  right_ascension_deg: number;
  equation_of_time_min: number;
  daylight: Daylight;
  /** The atmosphere the refraction used, and where each value came from. */
  atmosphere: {
    pressure_hpa: number;
    pressure_source: 'given' | 'ISA';
    temperature_c: number;
    temperature_source: 'given' | 'ISA';
  };
}

const norm360 = (deg: number) => ((deg % 360) + 360) % 360;
/** Into [−180, 180). */
const norm180 = (deg: number) => norm360(deg + 180) - 180;
/** Wrapped, then rounded to 6 decimals; a value that rounds up to the open end wraps to the start (0, −180). */
const angle360 = (deg: number) => {
  const r = round(norm360(deg), 6);
  return r === 360 ? 0 : r;
};
const angle180 = (deg: number) => {
  const r = round(norm180(deg), 6);
  return r === 180 ? -180 : r;
};

/**
 * The Sun as seen by an observer at (`lat`, `lon`, `elevationM`) at `atMs`.
 * Topocentric apparent place of date (light time, aberration, precession, nutation, parallax), from
 * astronomy-engine; refraction by the SPA formula with the given or the ISA atmosphere.
 *
 * @example
 * // NREL SPA worked example (Reda & Andreas 2008, Table A5.2): 2003-10-17 12:30:30 −07:00, Golden CO
 * sunPosition({ lat: 39.742476, lon: -105.1786, atMs: Date.parse('2003-10-17T19:30:30Z'),
 *   elevationM: 1830.14, pressureHpa: 820, temperatureC: 11 })
 * // → zenith_deg ≈ 50.1116, azimuth_deg ≈ 194.3402, equation_of_time_min ≈ 14.64
 */
export function sunPosition(input: SunPositionInput): SunPosition {
  const elevationM = input.elevationM ?? 0;
  const time = Astronomy.MakeTime(new Date(input.atMs));
  const observer = new Astronomy.Observer(input.lat, input.lon, elevationM);

  const topo = Astronomy.Equator(Astronomy.Body.Sun, time, observer, true, true);
  const horizon = Astronomy.Horizon(time, observer, topo.ra, topo.dec);
  const gastDeg = Astronomy.SiderealTime(time) * 15;

  const pressureHpa = input.pressureHpa ?? isaPressureHpa(elevationM);
  const temperatureC = input.temperatureC ?? ISA_SEA_LEVEL.temperatureC;
  const e0 = horizon.altitude;
  const apparent = e0 + spaRefractionDeg(e0, pressureHpa, temperatureC);
  const elevationDeg = round(e0, 6);

  return {
    azimuth_deg: angle360(horizon.azimuth),
    elevation_deg: elevationDeg,
    apparent_elevation_deg: round(apparent, 6),
    zenith_deg: round(90 - apparent, 6),
    hour_angle_deg: angle180(gastDeg + input.lon - topo.ra * 15),
    declination_deg: round(topo.dec, 6),
    right_ascension_deg: angle360(topo.ra * 15),
    equation_of_time_min: round(equationOfTimeMin(time, gastDeg), 5),
    // From the reported elevation, so the state always agrees with the number beside it.
    daylight: daylightState(elevationDeg),
    atmosphere: {
      pressure_hpa: round(pressureHpa, 2),
      pressure_source: input.pressureHpa === undefined ? 'ISA' : 'given',
      temperature_c: temperatureC,
      temperature_source: input.temperatureC === undefined ? 'ISA' : 'given',
    },
  };
}

/**
 * Apparent minus mean solar time, minutes: the Sun's Greenwich hour angle (from Greenwich apparent
 * sidereal time and the geocentric apparent right ascension of date) as time, plus 12 h, minus UT.
 */
function equationOfTimeMin(time: Astronomy.AstroTime, gastDeg: number): number {
  const eqj = Astronomy.GeoVector(Astronomy.Body.Sun, time, true);
  const eqd = Astronomy.RotateVector(Astronomy.Rotation_EQJ_EQD(time), eqj);
  const raDeg = Astronomy.EquatorFromVector(eqd).ra * 15;
  const ghaHours = norm360(gastDeg - raDeg) / 15;
  const utHours = (((time.date.getTime() % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000;
  const eotHours = ((((ghaHours + 12 - utHours) % 24) + 36) % 24) - 12;
  return eotHours * 60;
}
