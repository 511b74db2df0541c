/** `eclipses` (GET /v1/astronomy/eclipses): the next solar or lunar eclipses, worldwide or visible from a place. */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool } from '../tool.ts';
import { int, IsoDate, num, Provenance } from '../inputs.ts';
import { formatUtc } from '../instant.ts';
import { catalogueEntry, EPHEMERIS, fixedProvenance, TIMEZONE_BOUNDARIES, TZDB } from '../provenance-catalogue.ts';
import { lookupZones } from '../time/zone-lookup.ts';
import { ZoneArgument } from '../time/time-in-zone.ts';
import { PLACE_SEARCH_YEARS, searchEclipses } from './eclipse-search.ts';

const FIRST = '1700-01-01';
const LAST = '2200-12-31';

const EclipsesInput = z
  .strictObject({
    kind: z.enum(['solar', 'lunar'], { error: 'must be solar or lunar' }),
    after: IsoDate.refine((d) => d >= FIRST && d <= LAST, `must lie between ${FIRST} and ${LAST}`)
      .optional()
      .describe('YYYY-MM-DD; default today'),
    count: int().min(1, 'must be ≥ 1').max(20, 'must be ≤ 20').optional().describe('default 3'),
    // Bare, without the shared descriptions: the listing's budget (the description says what they are).
    lat: num().min(-90, 'must be ≥ -90').max(90, 'must be ≤ 90').optional(),
    lon: num().min(-180, 'must be ≥ -180').max(180, 'must be ≤ 180').optional(),
    timezone: ZoneArgument.optional().describe("Default: the place's zone"),
  })
  .superRefine((input, ctx) => {
    if (input.lat !== undefined && input.lon === undefined) ctx.addIssue({ code: 'custom', path: ['lon'], message: 'is required with lat' });
    if (input.lon !== undefined && input.lat === undefined) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'is required with lon' });
    // A place name (engine/place-input.ts) stands for lat and lon.
    if (input.timezone !== undefined && input.lat === undefined && input.lon === undefined && !('place' in input && input.place !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['timezone'], message: 'applies to local circumstances: give lat and lon (or place) too' });
    }
  });

const time = z.string().nullable();
const Local = z
  .object({
    type: z.enum(['total', 'annular', 'partial', 'penumbral']),
    partial_begin: time,
    total_begin: time,
    peak: z.string(),
    total_end: time,
    partial_end: time,
    magnitude: z.number(),
    obscuration_fraction: z.number().optional().describe('Solar: fraction of the disc covered at peak'),
    altitude_deg: z.number().describe('Sun or Moon at peak, refracted, degrees'),
  })
  .nullable()
  .describe('Seen from lat, lon: local times with offset; null without a place');

const Entry = z.object({
  kind: z.enum(['solar', 'lunar']),
  type: z.enum(['total', 'annular', 'hybrid', 'partial', 'penumbral']),
  peak: z.string().describe('Greatest eclipse, UTC'),
  magnitude: z.number().describe('Solar: at greatest eclipse; lunar: umbral (penumbral for penumbral eclipses)'),
  penumbral_begin: time.optional(),
  partial_begin: time.optional(),
  total_begin: time.optional(),
  total_end: time.optional(),
  partial_end: time.optional(),
  penumbral_end: time.optional(),
  local: Local,
});

const EclipsesResult = z.object({
  kind: z.enum(['solar', 'lunar']),
  after: z.string().describe('YYYY-MM-DD searched from'),
  eclipses: z.array(Entry).describe('In time order; lunar entries add contacts (UTC, null when absent)'),
  note: z.string().optional().describe('Why fewer than count are listed'),
  provenance: Provenance,
});

const SEARCH = catalogueEntry({
  id: 'sky.eclipses',
  kind: 'method',
  summary: "eclipses by astronomy-engine's shadow searches; magnitudes with NASA's constants",
  text:
    "astronomy-engine's global and local solar and lunar eclipse searches (peak = shadow axis closest to the Earth's centre, " +
    'or to the observer); solar magnitude from the shadow cones at greatest eclipse (ratio of diameters when central, Meeus ch. 54 ' +
    'when partial), hybrid when total there but annular where the path meets the terminator; lunar magnitudes with the shadow ' +
    `enlarged 2 % (Chauvenet) as NASA's catalogue; with a place, at most ${PLACE_SEARCH_YEARS} years are searched`,
});

const globalProvenance = fixedProvenance({ data: [EPHEMERIS], methods: [SEARCH] });
const localProvenance = fixedProvenance({ data: [EPHEMERIS, TIMEZONE_BOUNDARIES, TZDB], methods: [SEARCH] });

export const eclipses = defineTool({
  name: 'eclipses',
  family: 'astronomy',
  title: 'Next solar or lunar eclipses',
  description:
    'Next solar or lunar eclipses peaking from a date (UTC, 1700..2200): type, peak, magnitude, lunar contacts; with lat, lon only ' +
    `those visible there, with local times (${PLACE_SEARCH_YEARS}-year search). Peaks within 3 min of NASA.`,
  http: { method: 'GET', path: '/v1/astronomy/eclipses' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.after === undefined,
  input: EclipsesInput,
  output: EclipsesResult,
  examples: [
    {
      input: { kind: 'solar', after: '2024-04-01', count: 1 },
      expect: { eclipses: [{ type: 'total', magnitude: 1.06 }] },
      source:
        'NASA/GSFC, Espenak, Five Millennium Catalog of Solar Eclipses: 2024 Apr 08, total, greatest eclipse 18:18:29 TD, ΔT 74 s (18:17:15 UT), magnitude 1.0566',
    },
    {
      input: { kind: 'lunar', after: '2025-03-01', count: 1 },
      expect: { eclipses: [{ type: 'total', magnitude: 1.18 }] },
      source: 'NASA/GSFC, Espenak, Catalog of Lunar Eclipses: 2001 to 2100: 2025 Mar 14, total, greatest eclipse 06:59 UT, umbral magnitude 1.183',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'eclipses',
    name: 'Eclipses',
    category: 'Moon and sky',
    formula:
      "astronomy-engine's eclipse searches: the peak is when the shadow axis passes closest to the Earth's centre (or to the observer); magnitude = covered fraction of the Sun's diameter (ratio of diameters when central), lunar magnitudes with NASA's 2 % shadow enlargement",
    assumptions: [
      'Times are UTC (ΔT from the Espenak & Meeus polynomials), whole seconds; local times use the place’s zone from the boundary lookup or timezone.',
      'With a place, a solar eclipse is listed when some phase happens with the Sun above the horizon, a lunar eclipse when the Moon is above the horizon at peak.',
      `With a place the search looks at most ${PLACE_SEARCH_YEARS} years ahead; dates 1700..2200.`,
      'Very faint penumbral lunar eclipses and grazing solar eclipses may be classified differently from NASA (shadow and Earth models).',
    ],
    keywords: ['next solar eclipse', 'next lunar eclipse', 'eclipse visible from', 'eclipse times'],
    browser: 'with-timezone',
    answer: (r, w) => {
      const e = r.eclipses[0];
      if (!e) return `No ${r.kind} eclipse found after ${r.after}.`;
      const where = e.local ? ` (seen here as ${e.local.type}, peak at ${w.time(e.local.peak)})` : '';
      return `The next ${r.kind} eclipse after ${r.after} is ${e.type === 'annular' ? 'an' : 'a'} ${e.type} eclipse peaking at ${w.time(e.peak)}${where}.`;
    },
  },
  // bench/work.ts, 2-core machine: 20 solar eclipses seen from a place cost 82-84 ms of CPU, 20 lunar ones
  // 31-34 ms, 20 found worldwide 17 ms: so many units an eclipse, by what is searched (a place name is a place).
  work: {
    rule: 'about 3 ms and, an eclipse, 5 ms (solar, seen from a place), 2 ms (lunar, from a place) or 1 ms (worldwide): up to five credits',
    estimate: (input) => {
      const local = input.lat !== undefined || ('place' in input && input.place !== undefined);
      const each = local ? (input.kind === 'solar' ? 5000 : 2000) : 1000;
      return { units: 3000 + (input.count ?? 3) * each, field: 'count', shrink: 'ask for fewer eclipses in one call' };
    },
  },
  run: (input, ctx) => {
    const after = input.after ?? formatUtc(ctx.now().getTime()).slice(0, 10);
    const afterMs = Date.parse(`${after}T00:00:00Z`);
    const count = input.count ?? 3;
    if (input.lat === undefined || input.lon === undefined) {
      const found = searchEclipses({ kind: input.kind, afterMs, count });
      return { kind: input.kind, after, eclipses: found.eclipses, ...(found.note ? { note: found.note } : {}), provenance: globalProvenance(ctx) };
    }
    const zone = input.timezone?.zone ?? lookupZones(input.lat, input.lon).zones[0];
    const found = searchEclipses({ kind: input.kind, afterMs, count, place: { lat: input.lat, lon: input.lon, zone } });
    return { kind: input.kind, after, eclipses: found.eclipses, ...(found.note ? { note: found.note } : {}), provenance: localProvenance(ctx) };
  },
});
