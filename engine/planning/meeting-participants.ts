/**
 * The participants of `find_meeting_times`: their input schema, and the one function that turns a
 * participant as written into what the search needs (zone rules, work hours, workdays, holiday
 * jurisdiction). A participant is located by `timezone` (every zone input get_time_in_zone reads) or by
 * `lat` + `lon` (the boundary lookup of get_local_time); a `place` name, once the shared place resolver
 * exists, is one more branch of {@link resolveParticipant}.
 *
 * @example
 * resolveParticipant({ label: 'London', timezone: resolveZone('Europe/London'), work_start: '09:00',
 *   work_end: '17:00', workdays: [1, 2, 3, 4, 5] }, 0)
 * //=> { label: 'London', timezone: 'Europe/London', country: 'GB', countryFrom: 'zone', ... }
 */
import { z } from 'zod';
import { int, num } from '../inputs.ts';
import { ToolInputError } from '../tool.ts';
import { isSupportedCountry, jurisdiction, type Jurisdiction } from '../holidays/calendar-data.ts';
import { CountryCode, countryOf, SubdivisionCode, subdivisionProblem } from '../holidays/holiday-inputs.ts';
import { resolveSubdivision } from '../holidays/jurisdiction-names.ts';
import type { ZoneTable } from '../time/tzdb-data.ts';
import { rulesOf } from '../time/tzdb.ts';
import { ZoneArgument } from '../time/time-in-zone.ts';
import { PlaceText, resolvePlace } from '../places/place-input.ts';
import { settleZone } from '../places/place-zones.ts';
import { TIME_PATTERN } from '../time/wall-clock.ts';
import { zoneCountry } from '../time/zone-input.ts';
import { lookupZones } from '../time/zone-lookup.ts';
import type { ResolvedZone } from '../time/zone-names.ts';

export const MIN_PARTICIPANTS = 2;
export const MAX_PARTICIPANTS = 20;
export const DEFAULT_WORK_START = '09:00';
export const DEFAULT_WORK_END = '17:00';
export const DEFAULT_WORKDAYS: readonly number[] = [1, 2, 3, 4, 5];

// Checked by refine, not regex: the pattern would cost every tools/list 80 bytes for what "HH:MM" says.
const ClockTime = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a time written HH:MM') })
  .refine((s) => TIME_PATTERN.test(s), 'must be a time written HH:MM, 00:00..23:59');

// Latitude and Longitude without their descriptions (the participant's own says what they are).
const Lat = num().min(-90, 'must be ≥ -90').max(90, 'must be ≤ 90');
const Lon = num().min(-180, 'must be ≥ -180').max(180, 'must be ≤ 180');

const Workdays = z
  .array(int().min(1, 'must be an ISO weekday 1..7 (1 = Monday)').max(7, 'must be an ISO weekday 1..7 (7 = Sunday)'), {
    error: 'must be a list of ISO weekdays 1..7',
  })
  .min(1, 'must list at least one ISO weekday')
  .max(7, 'must list at most 7 weekdays')
  .superRefine((days, ctx) => {
    days.forEach((day, i) => {
      const first = days.indexOf(day);
      if (first < i) ctx.addIssue({ code: 'custom', path: [i], message: `repeats workdays[${first}] (weekdays must be distinct)`, input: day });
    });
  });

export const Participant = z
  .strictObject({
    label: z
      .string({ error: 'must be a text' })
      .trim()
      // refine, not min/max: the same rule without 30 bytes of every tools/list
      .refine((s) => s.length >= 1 && s.length <= 100, 'must be 1..100 characters long')
      .optional(),
    timezone: ZoneArgument.optional().describe('IANA, abbreviation, Windows ID, offset or place'),
    lat: Lat.optional(),
    lon: Lon.optional(),
    place: PlaceText.optional(),
    work_start: ClockTime.default(DEFAULT_WORK_START),
    work_end: ClockTime.default(DEFAULT_WORK_END).describe('Local; ≤ work_start: next day'),
    workdays: Workdays.default(() => [...DEFAULT_WORKDAYS]).describe('ISO weekdays'),
    country: CountryCode.optional().describe("Holidays (code or name); default: the zone's"),
    subdivision: SubdivisionCode.optional().describe('ISO 3166-2 or name'),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: p[path as keyof typeof p] });
    const coordinates = p.lat !== undefined || p.lon !== undefined;
    if (p.place !== undefined && (coordinates || p.timezone !== undefined)) issue('place', 'give one of timezone, place, or lat and lon');
    else if (p.timezone !== undefined && coordinates)
      issue(p.lat !== undefined ? 'lat' : 'lon', 'cannot be given with timezone: give timezone, or lat and lon');
    else if (p.timezone === undefined && p.place === undefined && !coordinates) issue('timezone', 'is required: give timezone, place, or lat and lon');
    else if (p.lat !== undefined && p.lon === undefined) issue('lon', 'is required with lat');
    else if (p.lon !== undefined && p.lat === undefined) issue('lat', 'is required with lon');
    if (p.work_start === p.work_end && TIME_PATTERN.test(p.work_start))
      issue('work_end', 'must differ from work_start (work hours may cross midnight: 22:00 to 06:00)');
    const problem = p.country !== undefined && p.subdivision !== undefined ? subdivisionProblem(p.country, p.subdivision) : undefined;
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['subdivision'], message: problem.message, input: p.subdivision, params: { candidates: problem.candidates } });
  });
export type ParticipantInput = z.output<typeof Participant>;

/**
 * A participant whose `timezone` is a place name (pending, its zone still empty; engine/places/
 * place-input.ts settles such arguments at the top of an input only) resolved by the places layer: 503
 * while a starting server still loads the index, 400 naming the field when the name matches no place.
 * Any other participant as given.
 */
export async function settlePlaceZone(p: ParticipantInput, index: number): Promise<ParticipantInput> {
  if (p.place !== undefined) {
    // A place name: its coordinates, whose zone the boundary lookup gives (and its country the holidays).
    const { place } = await resolvePlace(p.place, `participants[${index}].place`);
    return { ...p, place: undefined, lat: place.lat, lon: place.lon, label: p.label ?? place.name };
  }
  if (!p.timezone?.pending) return p;
  return { ...p, timezone: await settleZone(p.timezone, `participants[${index}].timezone`) };
}

/** A participant ready for the search. */
export interface MeetingParticipant {
  label: string;
  /** The zone answers name: canonical IANA, Etc/GMT±N at sea, or a fixed offset such as +05:30. */
  timezone: string;
  table: ZoneTable;
  /** How the zone was found: the zone input's resolution, or the boundary lookup. */
  resolved: ResolvedZone | { resolved_from: 'coordinates'; resolution: 'land' | 'ocean' };
  work_start: string;
  work_end: string;
  workdays: readonly number[];
  /** Holiday country (ISO alpha-2) and subdivision suffix, and where the country came from. */
  country: string | null;
  subdivision: string | null;
  country_from: 'given' | 'zone' | null;
  jurisdiction: Jurisdiction | null;
}

/** Zone inputs that name one country's zone; abbreviations and Windows IDs stand for zones of several. */
const ONE_COUNTRY = new Set(['iana', 'alias', 'country', 'coordinates']);

/**
 * A participant as written → its zone, work hours and holiday jurisdiction. The country for holidays
 * is the one given, else the zone's own (zoneCountry: zone.tab's line for it) when the zone was named
 * for one country (an IANA name or link, a country code, coordinates on land; a place name gives its
 * place's country) and the holiday data covers it; otherwise none, and no holidays are counted for
 * that participant.
 */
export function resolveParticipant(p: ParticipantInput, index: number): MeetingParticipant {
  const field = (name: string) => `participants[${index}].${name}`;
  let timezone: string;
  let resolved: MeetingParticipant['resolved'];
  if (p.timezone !== undefined) {
    if (p.timezone.pending) throw new Error(`${field('timezone')}: a place name not settled (settlePlaceZone first)`);
    timezone = p.timezone.zone;
    resolved = p.timezone;
  } else if (p.lat !== undefined && p.lon !== undefined) {
    const found = lookupZones(p.lat, p.lon);
    timezone = found.zones[0];
    resolved = { resolved_from: 'coordinates', resolution: found.resolution };
  } else {
    throw new ToolInputError([{ field: field('timezone'), message: 'is required: give timezone, place, or lat and lon' }]);
  }
  // A place name's own country (Geneva: CH), else the country a zone names.
  const own = 'place' in resolved && resolved.place ? resolved.place.country : ONE_COUNTRY.has(resolved.resolved_from) ? zoneCountry(timezone) : undefined;
  const country = p.country !== undefined ? countryOf(p.country).code : own && isSupportedCountry(own) ? own : undefined;
  let subdivision: string | null = null;
  if (p.subdivision !== undefined) {
    if (!country) throw new ToolInputError([{ field: field('country'), message: `is required with subdivision (no country follows from ${timezone})` }]);
    const checked = resolveSubdivision(country, p.subdivision);
    if ('error' in checked)
      throw new ToolInputError([{ field: field('subdivision'), message: checked.error, ...(checked.candidates ? { candidates: checked.candidates } : {}) }]);
    subdivision = checked.code;
  }
  return {
    // Unlabelled: the zone answered, or the place name as written (Tokyo, not Asia/Tokyo).
    label: p.label ?? ('place' in resolved && resolved.place ? resolved.input : timezone),
    timezone,
    table: rulesOf(timezone === 'UTC' ? 'Etc/UTC' : timezone),
    resolved,
    work_start: p.work_start,
    work_end: p.work_end,
    workdays: p.workdays,
    country: country ?? null,
    subdivision,
    country_from: p.country !== undefined ? 'given' : country ? 'zone' : null,
    jurisdiction: country ? jurisdiction(country, subdivision) : null,
  };
}
