/** `sky_positions`: where the Sun, the Moon and the planets stand in the sky over a place, and the Moon's phase. */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, type ToolContext, latitude, longitude, measure, DATE_AND_TIME } from '../tool.ts';
import { InstantOrNow, Provenance } from '../inputs.ts';
import { formatUtc } from '../instant.ts';
import { catalogueEntry, EPHEMERIS, fixedProvenance } from '../provenance-catalogue.ts';
import { SolarPositionInput } from './solar-position.ts';
import { MOON_PHASE_NAMES, moonState, SKY_BODIES, skyPositions } from './sky.ts';

/** The contract's span for the sky tools: every instant of 1700-01-01..2200-12-31 UTC. */
const SKY_MIN_MS = Date.UTC(1700, 0, 1);
const SKY_END_MS = Date.UTC(2201, 0, 1);
const RANGE_MESSAGE = 'must lie between 1700-01-01T00:00:00Z and 2200-12-31T23:59:59Z';

// The place and atmosphere exactly as solar_position takes them, so the Sun here is the Sun there.
// Shorter descriptions only, for the MCP listing; the checks (ranges, messages) are solar_position's own.
const solar = SolarPositionInput.shape;
export const SkyPositionsInput = SolarPositionInput.extend({
  at: InstantOrNow.refine((ms) => ms === undefined || (ms >= SKY_MIN_MS && ms < SKY_END_MS), RANGE_MESSAGE).describe(
    'ISO-8601 with Z/offset or epoch s/ms, 1700..2200; omit for now',
  ),
  elevation_m: solar.elevation_m.describe('Above sea level; default 0'),
  pressure_hpa: solar.pressure_hpa.describe('Default ISA'),
  temperature_c: solar.temperature_c.describe('Default 15'),
});

const deg = (what: string) => z.number().describe(`${what}, degrees`);

export const SkyPositionsResult = z.object({
  at: z.string().describe('The instant used (at, or now), UTC ISO-8601 with Z'),
  lat: z.number(),
  lon: z.number(),
  bodies: z
    .array(
      z.object({
        body: z.enum(SKY_BODIES),
        azimuth_deg: deg('From true north, clockwise'),
        altitude_deg: deg('Geometric (airless)'),
        apparent_altitude_deg: deg('Refracted (SPA, as solar_position)'),
        right_ascension_hours: z.number().describe('Topocentric, equator of date, hours'),
        declination_deg: deg('Topocentric, equator of date'),
        distance_au: z.number().describe('From the observer, AU'),
        magnitude: z.number().describe('Visual magnitude'),
        illumination_fraction: z.number().describe('0..1'),
        above_horizon: z.boolean().describe('apparent_altitude_deg > 0'),
      }),
    )
    .describe('Sun, Moon, Mercury..Pluto, in that order'),
  moon: z
    .object({
      phase_name: z.enum(MOON_PHASE_NAMES).describe("Principal phase if its instant falls on at's UTC date"),
      phase_angle_deg: deg('Moon − Sun ecliptic longitude, 0..360'),
      illumination_fraction: z.number().describe('0..1'),
      age_days: z.number().describe('Days since the last new moon'),
    })
    .describe('At the instant'),
  provenance: Provenance,
});
export type SkyPositions = z.output<typeof SkyPositionsResult>;

const provenance = fixedProvenance({
  data: [EPHEMERIS],
  methods: [
    catalogueEntry({
      id: 'sky.positions',
      kind: 'method',
      summary: 'topocentric apparent positions of the Sun, Moon and planets, refracted as solar_position, and the Moon phase',
      text:
        'each body: the topocentric apparent place of date from the ephemeris (light time, aberration, precession, nutation, ' +
        'parallax for elevation_m) turned into azimuth and altitude; refraction by the NREL SPA formula with the given or ISA ' +
        "atmosphere (the Sun is solar_position's own answer); magnitude and illuminated fraction geocentric (astronomy-engine " +
        'Illumination); the Moon phase from the Moon − Sun ecliptic longitude, principal phase named on the UTC date of its instant',
    }),
  ],
});

/**
 * The tool's run, named so the observatory page draws its sky with this very function (same input,
 * same numbers as the API and MCP answer); synchronous, so a page can call it while drawing.
 */
export function runSkyPositions(input: z.output<typeof SkyPositionsInput>, ctx: ToolContext): z.input<typeof SkyPositionsResult> {
  const atMs = input.at ?? ctx.now().getTime();
  const bodies = skyPositions({
    lat: input.lat,
    lon: input.lon,
    atMs,
    elevationM: input.elevation_m,
    pressureHpa: input.pressure_hpa,
    temperatureC: input.temperature_c,
  });
  return { at: formatUtc(atMs), lat: input.lat, lon: input.lon, bodies, moon: moonState(atMs), provenance: provenance(ctx) };
}

export const skyPositionsTool = defineTool({
  name: 'sky_positions',
  family: 'sky',
  title: 'Sun, Moon and planets in the sky',
  description:
    'Sun, Moon and planets to Pluto for an observer: azimuth, altitude (geometric; refracted as solar_position), RA/Dec, ' +
    'distance, magnitude, lit fraction; Moon phase. Call it instead of guessing what is up. Within 1′ of JPL Horizons.',
  http: { method: 'GET', path: '/v1/astronomy/sky' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.at === undefined,
  input: SkyPositionsInput,
  output: SkyPositionsResult,
  examples: [
    {
      input: { lat: 39.742476, lon: -105.1786, at: '2003-10-17T19:30:30Z', elevation_m: 1830.14, pressure_hpa: 820, temperature_c: 11 },
      expect: { bodies: [{ body: 'Sun', azimuth_deg: 194.34, apparent_altitude_deg: 39.888, declination_deg: -9.316 }] },
      source: 'NREL SPA worked example: Reda & Andreas, NREL/TP-560-34302 (2008), Table A5.2 (azimuth 194.34024°, zenith 50.11162°, δ′ −9.316179°)',
    },
    {
      input: { lat: 38.9, lon: -77.03, at: '2026-01-03T10:03:00Z' },
      expect: { moon: { phase_name: 'full_moon', phase_angle_deg: 180, illumination_fraction: 1 } },
      source: 'USNO, Phases of the Moon 2026: full moon 2026 January 3, 10:03 UT',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'planets-in-the-sky',
    name: 'Planets in the sky',
    formula:
      "topocentric apparent place of each body from astronomy-engine, turned into azimuth and altitude in the observer's horizon frame; " +
      'refraction by the SPA formula (as the Sun position page); Moon phase from the Moon − Sun ecliptic longitude',
    assumptions: [
      'Coordinates are WGS84 decimal degrees; elevation in metres above sea level.',
      'Refraction uses the given pressure and temperature, or the ISA atmosphere at the elevation and 15 °C.',
      'Magnitude and illuminated fraction are geocentric.',
      "The Moon's principal phase is named on the UTC date of its instant.",
    ],
    keywords: ['planets tonight', 'what planets are visible', 'moon position', 'altitude azimuth', 'sky now'],
    // The module is browser-safe (the observatory bundles runSkyPositions): no zone, no boundary lookup.
    browser: true,
    labels: {
      lat: latitude(),
      lon: longitude(),
      at: DATE_AND_TIME,
      elevation_m: measure('Elevation', 'm'),
      pressure_hpa: measure('Air pressure', 'hPa'),
      temperature_c: measure('Air temperature', '°C'),
    },
    answer: (r, w) => {
      const up = r.bodies.filter((b) => b.above_horizon).map((b) => b.body);
      return `At ${w.time(r.at)}, ${up.length ? up.join(', ') : 'none of the Sun, Moon and planets'} ${up.length === 1 ? 'is' : 'are'} above the horizon; the Moon is ${r.moon.phase_name.replaceAll('_', ' ')}, ${Math.round(r.moon.illumination_fraction * 100)}% lit.`;
    },
  },
  run: runSkyPositions,
});
