/** `ephemeris`: where the Sun, the Moon and the planets are, seen from the Earth's centre and from the Sun. */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, dateInput, DATE_AND_TIME } from '../tool.ts';
import { InstantOrNow, Provenance } from '../inputs.ts';
import { formatUtc, isoDateProblem, parseInstant } from '../instant.ts';
import { catalogueEntry, EPHEMERIS, fixedProvenance } from '../provenance-catalogue.ts';
import { bodyPositions, EPHEMERIS_BODIES, EPHEMERIS_END_MS, EPHEMERIS_FRAME, EPHEMERIS_MIN_MS } from './body-positions.ts';

export { bodyPositions, EPHEMERIS_BODIES, EPHEMERIS_FRAME } from './body-positions.ts';
export type { BodyPosition, EphemerisBody, GeocentricPosition, HeliocentricPosition } from './body-positions.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
export const EPHEMERIS_RANGE_MESSAGE = 'must lie between 1900-01-01T00:00:00Z and 2100-12-31T23:59:59Z';

/**
 * `YYYY-MM-DD` (00:00 UTC of that day), or an instant as everywhere else in the API (ISO-8601 with Z or
 * offset, epoch seconds or milliseconds); the tool receives epoch milliseconds.
 */
export const EphemerisDate = z
  .union([z.string(), z.number()], {
    error: (iss) => (iss.input === undefined ? 'is required' : 'must be a date YYYY-MM-DD or an ISO-8601 instant with Z or offset'),
  })
  .transform((value, ctx) => {
    let ms: number;
    const text = typeof value === 'string' ? value.trim() : value;
    if (typeof text === 'string' && DATE_ONLY.test(text)) {
      const problem = isoDateProblem(text);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem, input: value });
        return z.NEVER;
      }
      const [y, m, d] = text.split('-').map(Number);
      const midnight = new Date(0);
      midnight.setUTCFullYear(y, m - 1, d); // not Date.UTC, which reads years 0..99 as 1900..1999
      ms = midnight.getTime();
    } else {
      const parsed = parseInstant(text);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error, input: value });
        return z.NEVER;
      }
      ms = parsed.ms;
    }
    if (ms < EPHEMERIS_MIN_MS || ms >= EPHEMERIS_END_MS) {
      ctx.addIssue({ code: 'custom', message: EPHEMERIS_RANGE_MESSAGE, input: value });
      return z.NEVER;
    }
    return ms;
  })
  .describe('YYYY-MM-DD (00:00 UTC) or an instant as at; 1900..2100 UTC');

const inRange = (ms: number) => ms >= EPHEMERIS_MIN_MS && ms < EPHEMERIS_END_MS;

/**
 * `at` as every tool takes it, or the older `date` (which also takes a bare day); neither means now. Both
 * name the same thing, so giving both is refused rather than one silently winning.
 */
export const EphemerisInput = z
  .strictObject({
    at: InstantOrNow.refine((ms) => ms === undefined || inRange(ms), EPHEMERIS_RANGE_MESSAGE).describe(`${InstantOrNow.description}; 1900..2100 UTC`),
    date: EphemerisDate.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.at !== undefined && input.date !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['at'], message: 'must not be given together with date (both set the instant: give one)', input: input.at });
    }
  });

const au = (what: string) => z.number().describe(`${what}, AU`);
const deg = (what: string) => z.number().describe(`${what}, degrees`);

const Geocentric = z
  .object({
    x_au: au('x, to the J2000 equinox'),
    y_au: au('y, 90° east on the J2000 equator'),
    z_au: au('z, to the J2000 north pole'),
    distance_au: au("Distance from the Earth's centre"),
    right_ascension_deg: deg('Right ascension, J2000, 0..360'),
    right_ascension_hours: z.number().describe('Right ascension, J2000, hours 0..24'),
    declination_deg: deg('Declination, J2000'),
    ecliptic_longitude_deg: deg('Ecliptic longitude, J2000, 0..360'),
    ecliptic_latitude_deg: deg('Ecliptic latitude, J2000'),
  })
  .describe('Geocentric astrometric (light-time corrected, no aberration, as JPL Horizons)');

const Heliocentric = z
  .object({
    x_au: au('x, to the J2000 equinox'),
    y_au: au('y, 90° east on the J2000 equator'),
    z_au: au('z, to the J2000 north pole'),
    distance_au: au("Distance from the Sun's centre"),
    ecliptic_longitude_deg: deg('Ecliptic longitude, J2000, 0..360'),
    ecliptic_latitude_deg: deg('Ecliptic latitude, J2000'),
  })
  .describe('Heliocentric geometric (no light time), J2000 equatorial axes');

export const EphemerisResult = z.object({
  at: z.string().describe('The instant used (from at or date, or now), UTC ISO-8601 with Z'),
  frame: z.literal(EPHEMERIS_FRAME).describe('Vectors, RA/Dec: J2000 mean equator and equinox; ecliptic angles: mean ecliptic of J2000'),
  bodies: z
    .array(
      z.object({
        body: z.enum(EPHEMERIS_BODIES),
        geocentric: Geocentric,
        heliocentric: Heliocentric.nullable().describe('Null for the Sun'),
      }),
    )
    .describe('One entry per body, in the order of the body enum'),
  provenance: Provenance,
});
export type Ephemeris = z.output<typeof EphemerisResult>;

const detail = (id: string, summary: string, text: string) => catalogueEntry({ id: `ephemeris.${id}`, kind: 'detail', summary, text });

const PROVENANCE = fixedProvenance({
  data: [EPHEMERIS],
  methods: [
    catalogueEntry({
      id: 'ephemeris.positions',
      kind: 'method',
      summary: 'J2000 positions of the Sun, Moon and planets: geocentric astrometric, heliocentric geometric',
      text: 'each body from the ephemeris at the instant: geocentric astrometric and heliocentric geometric positions, J2000 equatorial and ecliptic',
    }),
  ],
  details: [
    detail(
      'frames',
      'the J2000 equatorial and ecliptic frames',
      'EQJ: J2000 mean equator and equinox (aligned with the ICRF to well under the model error); ecliptic: ' +
        'mean ecliptic and equinox of J2000 (astronomy-engine Rotation_EQJ_ECL: obliquity 84381.406″ = 23.4392794°, ' +
        "IAU 2006; JPL Horizons' ecliptic uses 84381.448″, 0.04″ apart)",
    ),
    detail(
      'geocentric',
      'what the geocentric positions are (astrometric)',
      "astrometric: the body at the time its light left it, seen from the Earth's centre at the requested " +
        'instant; no aberration, no gravitational light deflection (JPL Horizons "astrometric RA/DEC")',
    ),
    detail('heliocentric', 'what the heliocentric positions are (geometric)', 'geometric: position at the requested instant, no light time'),
    detail(
      'delta-t',
      'ΔT = TT − UT, and its extrapolation after the present',
      'ΔT = TT − UT from the Espenak & Meeus (2006) polynomials built into astronomy-engine; the instant is taken ' +
        'as UT1. After the present ΔT is an extrapolation (about 200 s in 2100, where JPL Horizons keeps TT − UTC at ' +
        '69.184 s), which can shift the Moon by up to about 1′',
    ),
    detail('range', 'the span of instants answered', '1900-01-01T00:00:00Z..2100-12-31T23:59:59Z, the span checked against JPL Horizons'),
  ],
});

export const ephemeris = defineTool({
  name: 'ephemeris',
  family: 'sky',
  title: 'Positions of the Sun, Moon and planets',
  description:
    'Positions of the Sun, Moon and planets Mercury–Pluto at an instant, J2000: geocentric astrometric and heliocentric (null for ' +
    'the Sun). Call it instead of recalling planet positions. ~1′ accuracy. Sun in a local sky: solar_position.',
  http: { method: 'GET', path: '/v1/astronomy/ephemeris' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.at === undefined && input.date === undefined,
  input: EphemerisInput,
  output: EphemerisResult,
  examples: [
    {
      input: { at: '2000-01-01T12:00:00Z' },
      expect: {
        at: '2000-01-01T12:00:00Z',
        bodies: [{ body: 'Sun', geocentric: { distance_au: 0.983, declination_deg: -23.0 }, heliocentric: null }, { body: 'Moon' }],
      },
      source:
        "The Astronomical Almanac for the Year 2000, Sun, January 1: declination −23°02′ at 12h; Earth at perihelion on January 3 at 0.98333 au (USNO, Earth's Seasons and Apsides)",
    },
    {
      input: { date: '2021-06-06T00:00:00Z' },
      expect: {
        bodies: [
          { body: 'Sun' },
          { body: 'Moon' },
          { body: 'Mercury' },
          { body: 'Venus' },
          { body: 'Mars', geocentric: { right_ascension_deg: 118.57, declination_deg: 22.21 } },
        ],
      },
      source:
        'JPL Horizons observer table, Mars (499), geocentric astrometric RA/Dec 118.566848°, 22.211104° at 2021-06-06 00:00 UT (kept in cosinekitty/astronomy, generate/galactic/mars.txt)',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'planet-positions',
    name: 'Planet positions',
    formula: 'geocentric astrometric and heliocentric positions of the Sun, Moon and planets from astronomy-engine models at the instant, J2000 frame',
    assumptions: ['Dates from 1900-01-01 to 2100-12-31.', 'A plain date means 00:00 UTC.', 'Accuracy about 1 arcminute or better.'],
    keywords: ['planet positions', 'ephemeris', 'where is Mars', 'right ascension declination'],
    browser: true,
    labels: {
      at: DATE_AND_TIME,
      date: dateInput('Date (00:00 UTC)'),
    },
    answer: (r) => {
      const mars = r.bodies.find((b) => b.body === 'Mars')?.geocentric;
      return mars
        ? `Mars is ${mars.distance_au.toFixed(3)} AU from the Earth at right ascension ${mars.right_ascension_hours.toFixed(2)} h, declination ${mars.declination_deg.toFixed(2)}° (J2000); ${r.bodies.length} bodies are listed.`
        : `${r.bodies.length} bodies are listed.`;
    },
  },
  run: (input, ctx) => {
    const { at_ms, frame, bodies } = bodyPositions(input.at ?? input.date ?? ctx.now().getTime());
    return { at: formatUtc(at_ms), frame, bodies, provenance: PROVENANCE(ctx) };
  },
});
