/** `eclipses` (GET /v1/astronomy/eclipses): the next solar or lunar eclipses, worldwide or visible from a place. */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, latitude, longitude, dateInput, wholeNumber, TIME_ZONE } from '../tool.ts';
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
    // A place name (engine/places/place-input.ts) stands for lat and lon.
    if (input.timezone !== undefined && input.lat === undefined && input.lon === undefined && !('place' in input && input.place !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['timezone'], message: 'applies to local circumstances: give lat and lon (or place) too' });
    }
  });

const time = z.string().nullable();
const Contact = z.object({
  contact: z.enum(['penumbral_begin', 'partial_begin', 'total_begin', 'peak', 'total_end', 'partial_end', 'penumbral_end']),
  time: z.string().describe('Local time with offset'),
  altitude_deg: z.number().describe('Centre, refracted, degrees'),
  visible: z.boolean().describe('Upper limb above the horizon, as for rise and set (34′ refraction)'),
});
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
    visibility: z
      .enum(['full', 'begins_below_horizon', 'ends_below_horizon', 'begins_and_ends_below_horizon', 'interrupted'])
      .describe('Seen in full, or the body rises (begins_…) or sets (ends_…) during it; interrupted: sets and rises again'),
    contacts: z.array(Contact).describe('The contacts that happen, in time order (lunar: penumbral ones too), each seen or below the horizon'),
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
    `enlarged 2 % (Chauvenet) as NASA's catalogue; with a place, at most ${PLACE_SEARCH_YEARS} years are searched. ` +
    "Seen from a place: each contact's altitude is the Sun's or Moon's topocentric centre with standard refraction, and it is visible when " +
    'the upper limb is above the horizon of sunrise, sunset, moonrise and moonset (geometric altitude plus semidiameter above −34′); ' +
    'visibility is full (visible at every contact, and at the lower culmination if one falls between), begins_below_horizon or ' +
    'ends_below_horizon (the first or the last contact below it), begins_and_ends_below_horizon, or interrupted (it sets and rises again ' +
    'between contacts). A solar eclipse is listed when the Sun’s refracted centre is above the horizon at its beginning or end ' +
    "(astronomy-engine's local search), a lunar one when the Moon is up at peak by that rise/set horizon",
});

/** How a place sees an eclipse, in the answer's words. */
const seenWords = (visibility: string, body: string): string =>
  ({
    full: 'seen in full',
    begins_below_horizon: `beginning before the ${body} rises`,
    ends_below_horizon: `ending after the ${body} sets`,
    begins_and_ends_below_horizon: `beginning before the ${body} rises and ending after it sets`,
    interrupted: `with the ${body} below the horizon for part of it`,
  })[visibility] ?? visibility;

const globalProvenance = fixedProvenance({ data: [EPHEMERIS], methods: [SEARCH] });
const localProvenance = fixedProvenance({ data: [EPHEMERIS, TIMEZONE_BOUNDARIES, TZDB], methods: [SEARCH] });

export const eclipses = defineTool({
  name: 'eclipses',
  family: 'sky',
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
    formula:
      "astronomy-engine's eclipse searches: the peak is when the shadow axis passes closest to the Earth's centre (or to the observer); magnitude = covered fraction of the Sun's diameter (ratio of diameters when central), lunar magnitudes with NASA's 2 % shadow enlargement",
    assumptions: [
      'Times are UTC (ΔT from the Espenak & Meeus polynomials), whole seconds; local times use the place’s zone from the boundary lookup or timezone.',
      'With a place, a solar eclipse is listed when some phase happens with the Sun above the horizon, a lunar eclipse when the Moon is above the horizon at peak.',
      'Each contact seen from a place says whether the Sun or Moon is above the horizon then, by the horizon of sunrise and sunset (upper limb, 34′ of refraction); the eclipse says whether it is seen in full or begins or ends below the horizon.',
      `With a place the search looks at most ${PLACE_SEARCH_YEARS} years ahead; dates 1700..2200.`,
      'Very faint penumbral lunar eclipses and grazing solar eclipses may be classified differently from NASA (shadow and Earth models).',
    ],
    keywords: ['next solar eclipse', 'next lunar eclipse', 'eclipse visible from', 'eclipse times'],
    browser: 'with-timezone',
    labels: {
      kind: { label: 'Eclipse', control: 'select', options: { solar: 'Solar eclipse', lunar: 'Lunar eclipse' } },
      after: dateInput('After', true),
      count: wholeNumber('Eclipses to list', undefined, 1),
      lat: latitude(),
      lon: longitude(),
      timezone: TIME_ZONE,
    },
    answer: (r, w) => {
      const e = r.eclipses[0];
      if (!e) return `No ${r.kind} eclipse found after ${r.after}.`;
      const where = e.local
        ? ` (seen here as ${e.local.type}, peak at ${w.time(e.local.peak)}, ${seenWords(e.local.visibility, e.kind === 'solar' ? 'Sun' : 'Moon')})`
        : '';
      return `The next ${r.kind} eclipse after ${r.after} is ${e.type === 'annular' ? 'an' : 'a'} ${e.type} eclipse peaking at ${w.time(e.peak)}${where}.`;
    },
  },
  // bench/work.ts, 2-core machine: 20 solar eclipses seen from a place cost 72-85 ms of CPU, 20 lunar ones
  // 30-38 ms (their contacts marked above or below the horizon: ~8 positions an eclipse, 40 µs each), 20 found
  // worldwide 17 ms: so many units an eclipse, by what is searched (a place name is a place).
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
