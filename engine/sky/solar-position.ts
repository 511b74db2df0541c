/** `solar_position`: where the Sun is in the sky for an observer, and how light it is. */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, type ToolContext, latitude, longitude, measure, DATE_AND_TIME } from '../tool.ts';
import { InstantOrNow, Latitude, Longitude, num, Provenance, type ProvenanceValue } from '../inputs.ts';
import { formatUtc } from '../instant.ts';
import { catalogueEntry, EPHEMERIS, fixedProvenance, modeOf, provenanceOf } from '../provenance-catalogue.ts';
import { DAYLIGHT_LIMITS_DEG, DAYLIGHT_STATES, SPA_REFRACTION_FLOOR_DEG, sunPosition, type SunPosition } from './sun-position.ts';

export { daylightState, isaPressureHpa, spaRefractionDeg, sunPosition } from './sun-position.ts';
export type { Daylight, SunPosition, SunPositionInput } from './sun-position.ts';

export const SolarPositionInput = z.strictObject({
  lat: Latitude,
  lon: Longitude,
  at: InstantOrNow,
  elevation_m: num()
    .min(-500, 'must be ≥ -500')
    .max(9000, 'must be ≤ 9000')
    .optional()
    .describe('Observer height above sea level; default 0 (parallax, default pressure)'),
  pressure_hpa: num().min(1, 'must be ≥ 1').max(1100, 'must be ≤ 1100').optional().describe('For refraction; default ISA at elevation_m'),
  temperature_c: num().min(-90, 'must be ≥ -90').max(60, 'must be ≤ 60').optional().describe('For refraction; default 15'),
});

const deg = (what: string) => z.number().describe(what);

export const SolarPositionResult = z.object({
  at: z.string().describe('The instant the position is for, UTC ISO-8601 with Z (the given at, or now when it was omitted)'),
  azimuth_deg: deg("Azimuth of the Sun's centre, degrees clockwise from true north, 0..360"),
  elevation_deg: deg('Geometric (airless) topocentric elevation of the centre, degrees'),
  apparent_elevation_deg: deg('Elevation with refraction (NREL SPA), degrees'),
  zenith_deg: deg('90 − apparent_elevation_deg, degrees'),
  hour_angle_deg: deg('Local hour angle, degrees, -180..180, negative before transit'),
  declination_deg: deg('Topocentric apparent declination of date, degrees'),
  right_ascension_deg: deg('Topocentric apparent right ascension of date, degrees 0..360'),
  equation_of_time_min: deg('Apparent minus mean solar time, minutes'),
  daylight: z.enum(DAYLIGHT_STATES).describe('By geometric elevation e: day e > -0.833°; civil ≥ -6°; nautical ≥ -12°; astronomical ≥ -18°; night below'),
  atmosphere: z
    .object({
      pressure_hpa: z.number(),
      pressure_source: z.enum(['given', 'ISA']),
      temperature_c: z.number(),
      temperature_source: z.enum(['given', 'ISA']),
    })
    .describe('Pressure and temperature used for refraction, each given or ISA'),
  provenance: Provenance,
});
export type SolarPosition = z.output<typeof SolarPositionResult>;

const FRAMES = catalogueEntry({
  id: 'sun.frames',
  kind: 'detail',
  summary: "the frame of the Sun's topocentric position",
  text:
    'topocentric apparent place of date (light time, aberration, precession, nutation, parallax for the ' +
    'observer at elevation_m on the IERS 2003 ellipsoid, a = 6378.1366 km, 1/f = 298.2564); azimuth from true north; ' +
    'hour angle from Greenwich apparent sidereal time',
});

const refractionText = (atmosphere: string) =>
  `NREL SPA, Reda & Andreas (2008) eq. 42, ${atmosphere}; applied only when the geometric ` +
  `elevation is ≥ ${SPA_REFRACTION_FLOOR_DEG.toFixed(5)}° (the Sun's upper limb can still be seen)`;

const REFRACTION = catalogueEntry({
  id: 'sun.refraction',
  kind: 'detail',
  summary: 'atmospheric refraction of the apparent elevation',
  text: refractionText(
    'with the given pressure P and temperature T, else the ISA ones (1013.25 hPa at sea level reduced to elevation_m by the ISA barometric formula; 15 °C)',
  ),
});

const DELTA_T = catalogueEntry({
  id: 'sun.delta-t',
  kind: 'detail',
  summary: 'ΔT = TT − UT, and UTC taken as UT1',
  text:
    'ΔT = TT − UT from the Espenak & Meeus (2006) polynomials built into astronomy-engine; the instant is ' +
    'taken as UT1 (|UT1 − UTC| < 0.9 s, about 0.004° of hour angle)',
});

const EQUATION_OF_TIME = catalogueEntry({
  id: 'sun.equation-of-time',
  kind: 'detail',
  summary: 'how the equation of time is computed',
  text:
    'Greenwich hour angle of the Sun (apparent sidereal time minus geocentric apparent right ' +
    'ascension of date) / 15 + 12 h − UT, normalised to ±12 h, in minutes',
});

const DAYLIGHT = catalogueEntry({
  id: 'sun.daylight',
  kind: 'detail',
  summary: 'the elevation thresholds of day and the three twilights',
  text:
    `geometric elevation thresholds ${DAYLIGHT_LIMITS_DEG.day}°, ${DAYLIGHT_LIMITS_DEG.civil}°, ` +
    `${DAYLIGHT_LIMITS_DEG.nautical}°, ${DAYLIGHT_LIMITS_DEG.astronomical}°`,
});

const TOPOCENTRIC = catalogueEntry({
  id: 'sun.topocentric',
  kind: 'method',
  summary: "the Sun's topocentric apparent position, refracted by the SPA formula",
  text:
    "the Sun's apparent position of date from the ephemeris, seen from the observer (parallax), turned into azimuth " +
    "and elevation in the observer's horizon frame; the apparent elevation refracted by the NREL SPA formula",
});

const SOLAR_PARTS = { data: [EPHEMERIS], methods: [TOPOCENTRIC], details: [FRAMES, REFRACTION, DELTA_T, EQUATION_OF_TIME, DAYLIGHT] } as const;
const compact = fixedProvenance(SOLAR_PARTS);

/** The answer's provenance; the full form says which pressure and temperature refracted it. */
function provenanceFor(result: SunPosition, elevationM: number, ctx: ToolContext): ProvenanceValue {
  if (modeOf(ctx) === 'compact') return compact(ctx);
  const { pressure_hpa, pressure_source, temperature_c, temperature_source } = result.atmosphere;
  const pressure =
    pressure_source === 'given'
      ? `P = ${pressure_hpa} hPa (given)`
      : `P = ${pressure_hpa} hPa (ISA: 1013.25 hPa at sea level reduced to ${elevationM} m by the ISA barometric formula)`;
  const temperature = temperature_source === 'given' ? `T = ${temperature_c} °C (given)` : `T = ${temperature_c} °C (ISA sea-level temperature)`;
  return provenanceOf({ ...SOLAR_PARTS, texts: { [REFRACTION.id]: refractionText(`${pressure}, ${temperature}`) } }, 'full');
}

export const solarPosition = defineTool({
  name: 'solar_position',
  family: 'sky',
  title: 'Sun position for an observer',
  description:
    'Where the Sun is for an observer: azimuth, elevation (geometric and refracted), zenith, hour angle, RA/Dec, equation of time, ' +
    'day/twilight/night. Call it instead of estimating sun angles. ' +
    'Within 0.001° of NREL SPA; less accurate before ~1800 and after 2100 (ΔT).',
  http: { method: 'GET', path: '/v1/solar/position' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.at === undefined,
  input: SolarPositionInput,
  output: SolarPositionResult,
  examples: [
    {
      input: {
        lat: 39.742476,
        lon: -105.1786,
        at: '2003-10-17T12:30:30-07:00',
        elevation_m: 1830.14,
        pressure_hpa: 820,
        temperature_c: 11,
      },
      expect: {
        at: '2003-10-17T19:30:30Z',
        zenith_deg: 50.112,
        azimuth_deg: 194.34,
        declination_deg: -9.316,
        hour_angle_deg: 11.106,
        right_ascension_deg: 202.227,
        equation_of_time_min: 14.64,
      },
      source:
        'NREL SPA worked example: Reda & Andreas, NREL/TP-560-34302 (2008), Table A5.2 (zenith 50.11162°, azimuth 194.34024°, δ′ −9.316179°, H′ 11.10629°, α′ 202.22704°, E 14.641503 min)',
    },
    {
      input: { lat: 78.2232, lon: 15.6267, at: '2026-12-21T12:00:00Z' },
      expect: { elevation_deg: -12 },
      source:
        'polar night at Longyearbyen: sin h = sin φ sin δ + cos φ cos δ cos H with δ = −23.44° at the December solstice (Astronomical Almanac) and H ≈ 16° at 12:00 UT gives h ≈ −12.1°',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'sun-position',
    name: 'Sun position',
    formula:
      "topocentric Sun position from astronomy-engine at the instant, turned into azimuth and elevation in the observer's horizon frame; refraction by the SPA formula from pressure and temperature",
    assumptions: [
      'Coordinates are WGS84 decimal degrees; elevation in metres.',
      'Refraction uses the given pressure and temperature, or the ISA atmosphere at the elevation and 15 °C.',
      'Far from the present the unknown ΔT dominates the error.',
      'Refraction near the horizon is an estimate.',
    ],
    keywords: ['sun position', 'solar azimuth', 'solar elevation', 'sun angle'],
    browser: true,
    labels: {
      lat: latitude(),
      lon: longitude(),
      at: DATE_AND_TIME,
      elevation_m: measure('Elevation', 'm'),
      pressure_hpa: { ...measure('Air pressure', 'hPa'), help: 'For refraction; by default the standard atmosphere at the elevation above' },
      temperature_c: measure('Air temperature', '°C'),
    },
    answer: (r) => `The Sun is at azimuth ${r.azimuth_deg.toFixed(1)}° and elevation ${(r.apparent_elevation_deg ?? r.elevation_deg).toFixed(1)}°.`,
  },
  run: (input, ctx) => {
    const atMs = input.at ?? ctx.now().getTime();
    const result = sunPosition({
      lat: input.lat,
      lon: input.lon,
      atMs,
      elevationM: input.elevation_m,
      pressureHpa: input.pressure_hpa,
      temperatureC: input.temperature_c,
    });
    return { at: formatUtc(atMs), ...result, provenance: provenanceFor(result, input.elevation_m ?? 0, ctx) };
  },
});
