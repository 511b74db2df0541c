/**
 * The provenance of a `find_meeting_times` answer: the method `time.meeting-slots` (how slots are found
 * and ranked, the cost curve of meeting-cost.ts in words) and the data and zone methods the answer used.
 */
import type { ToolContext } from '../tool.ts';
import type { ProvenanceValue } from '../inputs.ts';
import { CALENDAR, catalogueEntry, fixedProvenance, TIMEZONE_BOUNDARIES, TZDB } from '../provenance-catalogue.ts';
import { HOLIDAY_DATA, OFFICIAL_DATA } from '../holidays/holiday-inputs.ts';
import { PLACE_NAMES, PLACE_SEARCH } from '../places/search-places.ts';
import { BOUNDARY_LOOKUP, NAUTICAL_ZONE } from '../time/local-time.ts';
import type { MeetingParticipant } from './meeting-participants.ts';
import { COST_TEXT } from './meeting-cost.ts';
import { ZONE_BY_NAME } from '../time/time-in-zone.ts';

const MEETING_SLOTS = catalogueEntry({
  id: 'time.meeting-slots',
  kind: 'method',
  summary: 'meeting slots ranked by a cost per minute outside local work hours, night costing most',
  text:
    "each participant works from work_start to work_end local time (IANA rules) on their workdays among their own local dates start_date..end_date, public holidays of their country off (and an official calendar's weekdays off; its weekend days worked are worked); " +
    'slots start every step_minutes from 00:00 UTC and are candidates while someone works throughout; ranked by cost summed over participants, then earliest, where ' +
    `${COST_TEXT} (minutes outside work hours are reported beside it, unweighted)`,
});

/** Provenance by what the answer used (zone names, coordinates, holidays, place names): a few frozen forms. */
const provenanceForms = new Map<string, (ctx?: ToolContext) => ProvenanceValue>();
export function meetingProvenance(participants: readonly MeetingParticipant[], ctx: ToolContext): ProvenanceValue {
  const named = participants.some((p) => p.resolved.resolved_from !== 'coordinates');
  const land = participants.some((p) => 'resolution' in p.resolved && p.resolved.resolution === 'land');
  const sea = participants.some((p) => 'resolution' in p.resolved && p.resolved.resolution === 'ocean');
  const holidays = participants.some((p) => p.jurisdiction);
  const places = participants.some((p) => p.resolved.resolved_from === 'place');
  const key = `${named}${land}${sea}${holidays}${places}`;
  let form = provenanceForms.get(key);
  if (!form) {
    const methods = [
      MEETING_SLOTS,
      ...(named ? [ZONE_BY_NAME] : []),
      ...(land ? [BOUNDARY_LOOKUP] : []),
      ...(sea ? [NAUTICAL_ZONE] : []),
      ...(places ? [PLACE_SEARCH] : []),
    ];
    const data = [
      TZDB,
      ...(land || sea || places ? [TIMEZONE_BOUNDARIES] : []),
      ...(holidays ? [HOLIDAY_DATA, OFFICIAL_DATA] : []),
      ...(places ? [PLACE_NAMES] : []),
      CALENDAR,
    ];
    provenanceForms.set(key, (form = fixedProvenance({ data, methods })));
  }
  return form(ctx);
}
