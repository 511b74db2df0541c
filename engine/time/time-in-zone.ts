/**
 * `get_time_in_zone` (GET /v1/time/zone): the local time in a named zone, now or at an instant. The
 * zone may be an IANA name in any letter case, a legacy spelling (answered under its canonical name),
 * a common abbreviation (answered for a documented zone, the others listed), a Windows zone ID, a fixed
 * offset (answered as the zone `+05:30`) or a one-zone country code (zone-names.ts resolveZone); omitted,
 * it is UTC.
 *
 * @example
 * run({ timezone: 'Asia/Kathmandu', at: '2026-11-22T08:00:00Z' })
 * //=> { timezone: 'Asia/Kathmandu', local_time: '2026-11-22T13:45:00+05:45', utc_offset: '+05:45',
 * //     abbreviation: '+0545', dst: false, day_of_week: 'Sunday', next_transition: null, ... }
 * run({ timezone: 'CST', at: '2026-07-01T12:00:00Z' })
 * //=> { timezone: 'America/Chicago', local_time: '2026-07-01T07:00:00-05:00', abbreviation: 'CDT',
 * //     resolved_from: 'abbreviation', candidates: ['Asia/Shanghai', 'America/Havana', ...],
 * //     note: 'CST is ambiguous (also +08:00 in Asia/Shanghai, -05:00 in America/Havana): answered for
 * //     America/Chicago, which observes CDT (-05:00) at this instant; America/Mexico_City keeps CST
 * //     (-06:00) all year.', ... }
 */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool, type ToolContext, TIME_ZONE, DATE_AND_TIME } from '../tool.ts';
import { InstantOrNow, Provenance } from '../inputs.ts';
import { formatOffset, formatUtc } from '../instant.ts';
import { catalogueEntry, fixedProvenance, TIMEZONE_BOUNDARIES, TZDB } from '../provenance-catalogue.ts';
import { ABBREVIATIONS, clockFields, DST_RULE, LocalTimeResult } from './local-time.ts';
import { zoneRulesAt, type ZoneRules } from './zone-rules.ts';
import { abbreviationWindow, MAX_ZONE_INPUT, type ResolvedZone, resolveZone, zoneInputProblem } from './zone-names.ts';
import { suggestZones } from './zone-suggest.ts';
import { quoteEcho } from '../echo.ts';

export function unknownZoneMessage(input: string): string {
  // Zone names are short (MAX_ZONE_INPUT): 40 characters of an unknown one say enough.
  const shown = quoteEcho(input, 40);
  const suggestions = input.length <= MAX_ZONE_INPUT ? suggestZones(input, 3) : [];
  if (!suggestions.length) return `unknown time zone ${shown}; give an IANA name such as Europe/Paris or an abbreviation such as CET`;
  const list = suggestions.length === 1 ? suggestions[0] : `${suggestions.slice(0, -1).join(', ')} or ${suggestions.at(-1)}`;
  const etc = /^Etc\/GMT([+-])(\d+)$/.exec(suggestions[0]);
  const posix = etc ? ` (Etc/GMT signs are inverted: ${suggestions[0]} is UTC${etc[1] === '+' ? '-' : '+'}${etc[2].padStart(2, '0')}:00)` : '';
  return `unknown time zone ${shown}; did you mean ${list}?${posix}`;
}

/** The longest place name read (search_places' `q` rule); a longer input is an unknown zone at once. */
const MAX_PLACE_NAME = 200;

/**
 * Place names as zones (`Tokyo`, `São Paulo, BR`): an input that is no zone name, has no '/' and breaks
 * no zone-input rule is carried as a pending place name (its zone empty), resolved when the tool runs by
 * the places layer (engine/places/place-zones.ts: the zone at the best match, or a 400 on the field when
 * nothing matches). Nothing here knows the places index.
 */
function pendingPlace(input: string): ResolvedZone | null {
  if (input.includes('/') || input.length > MAX_PLACE_NAME || zoneInputProblem(input)) return null;
  return { zone: '', resolved_from: 'place', input, pending: true };
}

/**
 * A zone argument: IANA name (any letter case), legacy spelling, abbreviation, Windows zone ID, fixed
 * offset or one-zone country code, resolved while the input is validated, so an unknown zone is a 400
 * on this field with suggestions (or why: an offset beyond ±14:00, a country's several zones). An empty
 * value counts as omitted.
 */
export const ZoneArgument = z
  .string({ error: 'must be an IANA time-zone name such as Europe/Paris, or an abbreviation such as CET' })
  .transform((value, ctx): ResolvedZone | undefined => {
    const input = value.trim();
    if (!input) return undefined;
    const resolved = resolveZone(input) ?? pendingPlace(input);
    if (!resolved) {
      ctx.addIssue({ code: 'custom', message: zoneInputProblem(input) ?? unknownZoneMessage(input), input: value });
      return z.NEVER;
    }
    return resolved;
  })
  .describe('IANA name, abbreviation (CET), Windows ID, offset (+05:30), country (JP) or place (Tokyo); default UTC');

export const ResolvedFrom = z
  .enum(['iana', 'alias', 'abbreviation', 'windows', 'offset', 'country', 'place', 'default'])
  .describe('iana: IANA name, any case; alias: legacy name or link; offset: fixed offset zone; default: omitted, UTC');

/** The zone an omitted argument stands for. */
export const DEFAULT_ZONE = 'UTC';

/** One sentence on what was assumed in reading a zone argument, or undefined when nothing was. */
export function resolutionNote(field: string, resolved: ResolvedZone | undefined, rules: ZoneRules): string | undefined {
  if (!resolved) return `${field} omitted: answered for ${DEFAULT_ZONE}.`;
  const { zone, input, abbreviation } = resolved;
  if (resolved.resolved_from === 'alias') return `${input} is a legacy name or tzdb link: answered for ${zone}.`;
  if (resolved.resolved_from === 'windows') return `${input} is a Windows zone ID: answered for ${zone} (CLDR windowsZones, territory 001).`;
  if (resolved.resolved_from === 'offset') return `${input} is a fixed offset: answered as ${zone} all year, no DST.`;
  if (resolved.resolved_from === 'country') return `${input} is a country code: answered for ${zone}, its one zone.`;
  if (resolved.resolved_from === 'place' && resolved.place) {
    const { name, admin1, country, geonames_id } = resolved.place;
    const others = resolved.candidates?.length ? '; candidates lists the zones of other places of that name' : '';
    return `${input} is a place name: answered for ${zone}, the zone at ${[name, admin1, country].filter(Boolean).join(', ')} (GeoNames ${geonames_id})${others}.`;
  }
  if (resolved.resolved_from !== 'abbreviation' || !abbreviation) return undefined;
  if (abbreviation.conventional) return `${abbreviation.name} is a conventional abbreviation, not one tzdb uses: answered for ${zone}.`;
  const name = abbreviation.name;
  const elsewhere =
    rules.utc_offset_seconds !== abbreviation.offset_seconds && rules.abbreviation.toUpperCase() !== name.toUpperCase() && zone !== DEFAULT_ZONE;
  // When the zone has moved to another abbreviation (EST asked, New York on EDT), say so, and name the
  // zones that keep the asked abbreviation's offset all year.
  let observes = '';
  if (elsewhere) {
    observes = `, which observes ${rules.abbreviation} (${formatOffset(rules.utc_offset_seconds)}) at this instant`;
    const keeps = (resolved.other_meanings ?? []).filter((m) => m.all_year && m.offset_seconds === abbreviation.offset_seconds);
    if (keeps.length) observes += `; ${keeps.map((m) => m.zone).join(', ')} keeps ${name} (${formatOffset(keeps[0].offset_seconds)}) all year`;
  }
  const otherOffsets = (resolved.other_meanings ?? []).filter((m) => m.offset_seconds !== abbreviation.offset_seconds);
  if (otherOffsets.length) {
    const also = otherOffsets.map((m) => `${formatOffset(m.offset_seconds)} in ${m.zone}`).join(', ');
    return `${name} is ambiguous (also ${also}): answered for ${zone}${observes}.`;
  }
  const others = resolved.candidates?.length ? '; candidates lists other zones that use it' : '';
  return `${name} is an abbreviation, not a zone: answered for ${zone}${observes}${others}.`;
}

/** The resolution fields of an answer: `resolved_from` and `candidates` when they say something. */
export function resolutionFields(resolved: ResolvedZone | undefined): { resolved_from?: z.output<typeof ResolvedFrom>; candidates?: string[] } {
  if (!resolved) return { resolved_from: 'default' };
  const out: { resolved_from?: z.output<typeof ResolvedFrom>; candidates?: string[] } = { resolved_from: resolved.resolved_from };
  if (resolved.candidates?.length) out.candidates = resolved.candidates;
  return out;
}

export const ZONE_NAMES = catalogueEntry({
  id: 'time.zone-names',
  kind: 'detail',
  summary: 'which zone names are accepted and how legacy spellings are answered',
  text: `IANA tzdb ${TZDB.value} zones and links (zone.tab, zone1970.tab, backward), zone list of ${TIMEZONE_BOUNDARIES.value} (comprehensive); legacy spellings and links answered under the current name`,
});

const window = abbreviationWindow();

export const ABBREVIATION_RESOLUTION = catalogueEntry({
  id: 'time.abbreviation-resolution',
  kind: 'detail',
  summary: 'how an ambiguous abbreviation (IST, CST) picks its zone and candidates',
  text: `documented primary zone per abbreviation; candidates are the zones using it in tzdb ${TZDB.value} data between ${formatUtc(window.start_ms).slice(0, 10)} and ${formatUtc(window.end_ms).slice(0, 10)}`,
});

export const ZONE_BY_NAME = catalogueEntry({
  id: 'time.zone-by-name',
  kind: 'method',
  summary: 'zone from its name, offset from its IANA rules',
  text: 'zone by IANA name (letter case ignored; tzdb links to their canonical zone; abbreviations to a documented zone); offset, abbreviation, DST and next transition from its IANA rules at the instant',
});

/** What every answer for named zones uses (the rules wording is get_local_time's). */
export const NAMED_ZONE_PARTS = { data: [TZDB], details: [ABBREVIATIONS, DST_RULE, ZONE_NAMES, ABBREVIATION_RESOLUTION] } as const;

/** Provenance of answers for named zones: frozen, one per form, written once. */
export const namedZoneProvenance = fixedProvenance({ ...NAMED_ZONE_PARTS, methods: [ZONE_BY_NAME] });

const s = LocalTimeResult.shape;

export const TimeInZoneResult = z.object({
  timezone: z.string().describe('Canonical IANA zone answered for, or a fixed offset (+05:30)'),
  local_time: s.local_time,
  utc_time: s.utc_time,
  utc_offset: s.utc_offset,
  utc_offset_seconds: s.utc_offset_seconds,
  abbreviation: s.abbreviation,
  dst: s.dst,
  day_of_week: s.day_of_week,
  next_transition: s.next_transition,
  resolved_from: ResolvedFrom.optional(),
  candidates: z.array(z.string()).optional().describe('Abbreviation or Windows ID: other zones it stands for (≤ 10)'),
  note: z.string().optional().describe('What was assumed reading the input (omitted zone, ambiguous abbreviation, legacy name)'),
  provenance: Provenance,
});
export type TimeInZoneResult = z.output<typeof TimeInZoneResult>;

/** The local time in an already resolved zone (undefined: omitted, UTC) at an instant (epoch ms). */
export function timeInZoneAt(resolved: ResolvedZone | undefined, ms: number, ctx?: ToolContext): TimeInZoneResult {
  const timezone = resolved?.zone ?? DEFAULT_ZONE;
  const rules = zoneRulesAt(timezone, ms);
  const note = resolutionNote('timezone', resolved, rules);
  return {
    timezone,
    ...clockFields(ms, rules),
    ...resolutionFields(resolved),
    ...(note ? { note } : {}),
    provenance: namedZoneProvenance(ctx),
  };
}

export const timeInZone = defineTool({
  name: 'get_time_in_zone',
  family: 'time',
  title: 'Time in a named time zone',
  description: [
    'Local time in a time zone, now or at an instant, with its UTC offset, DST flag and next offset change.',
    'Call it instead of working out offsets or DST yourself. An ambiguous abbreviation (IST) answers for one zone, the others in candidates.',
  ].join(' '),
  http: { method: 'GET', path: '/v1/time/zone' },
  auth: 'key',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.at === undefined,
  input: z.strictObject({ timezone: ZoneArgument.optional(), at: InstantOrNow }),
  output: TimeInZoneResult,
  examples: [
    {
      input: { timezone: 'Asia/Kathmandu', at: '2026-11-22T08:00:00Z' },
      expect: { timezone: 'Asia/Kathmandu', local_time: '2026-11-22T13:45:00+05:45', utc_offset_seconds: 20700, dst: false, next_transition: null },
      source: 'IANA tzdb, file asia, Zone Asia/Kathmandu: +05:45 since 1986, no DST',
    },
    {
      input: { timezone: 'Asia/Calcutta', at: '2026-11-22T08:00:00Z' },
      expect: { timezone: 'Asia/Kolkata', local_time: '2026-11-22T13:30:00+05:30', abbreviation: 'IST' },
      source: 'IANA tzdb: file backward links Asia/Calcutta to Asia/Kolkata; file asia, Zone Asia/Kolkata: IST +05:30 since 1945',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  calculator: {
    slug: 'time-in-time-zone',
    name: 'Time in a time zone',
    formula:
      'local time = instant + UTC offset of the zone at that instant (IANA tz rules); dst = offset above the lowest offset in force within half a year either side',
    assumptions: [
      'Zones are IANA names (letter case ignored); legacy names answer as their canonical zone (Asia/Calcutta → Asia/Kolkata).',
      'A common abbreviation (CET, EST, IST, ...) resolves to one documented zone; the other zones that use it are listed.',
      'A Windows zone ID (Pacific Standard Time) answers for CLDR’s zone of it; a one-zone country code (JP) for that zone.',
      'A fixed offset (+05:30, UTC+2) answers as that offset all year: no DST, no transitions.',
      'Offsets and transitions come from the IANA tzdb release the service ships (named in provenance.tzdb).',
    ],
    keywords: ['current time in time zone', 'time zone offset', 'what time is it in', 'UTC offset'],
    browser: true,
    labels: {
      timezone: TIME_ZONE,
      at: DATE_AND_TIME,
    },
    answer: (r, w) =>
      `It is ${w.clock(r.local_time)} on ${w.day(r.local_time)} in ${r.timezone} (UTC${r.utc_offset}, ${r.abbreviation}${r.dst ? ', daylight saving time' : ''}).`,
  },
  run: (input, ctx) => timeInZoneAt(input.timezone, input.at ?? ctx.now().getTime(), ctx),
});
