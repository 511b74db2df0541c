/**
 * What sun_events and moon_events both start from: the place's zone (the boundary lookup, or the zone
 * the caller named), the run of local days the table covers (checked against the supported dates), and
 * the provenance that says how the zone was found.
 */
import { ToolInputError, type ToolContext } from '../tool.ts';
import { type CatalogueEntry, EPHEMERIS, fixedProvenance, TIMEZONE_BOUNDARIES, TZDB } from '../provenance-catalogue.ts';
import { lookupZones } from '../time/zone-lookup.ts';
import { BOUNDARY_LOOKUP, NAUTICAL_ZONE } from '../time/local-time.ts';
import { ZONE_BY_NAME } from '../time/time-in-zone.ts';
import { addDays, type LocalDay, localDateAt, localDays } from './local-day-events.ts';

/** The dates the sky tools answer for (the contract's range). */
export const FIRST_DATE = '1700-01-01';
export const LAST_DATE = '2200-12-31';
export const DATE_RANGE = `must be between ${FIRST_DATE} and ${LAST_DATE}`;

export type ZoneFrom = 'land' | 'ocean' | 'named';

export interface PlaceDaysRequest {
  lat: number;
  lon: number;
  date?: string;
  days?: number;
  timezone?: { zone: string };
}

export interface PlaceDays {
  zone: string;
  zoneFrom: ZoneFrom;
  days: LocalDay[];
}

/** The zone and local days of a table from `date` (default: today there), `days` long. */
export function placeDays(input: PlaceDaysRequest, nowMs: number): PlaceDays {
  const lookup = input.timezone ? null : lookupZones(input.lat, input.lon);
  const zone = input.timezone?.zone ?? lookup!.zones[0];
  const count = input.days ?? 1;
  const first = input.date ?? localDateAt(zone, nowMs);
  if (first < FIRST_DATE || first > LAST_DATE) throw new ToolInputError([{ field: 'date', message: `today (${first}) ${DATE_RANGE}` }]);
  const last = addDays(first, count - 1);
  if (last > LAST_DATE) throw new ToolInputError([{ field: 'days', message: `the table would end on ${last}; the last supported date is ${LAST_DATE}` }]);
  return { zone, zoneFrom: lookup ? lookup.resolution : 'named', days: localDays(zone, first, count) };
}

/** A day table's provenance by how its zone was found: the method, the zone's own method, the data. */
export function placeDaysProvenance(method: CatalogueEntry, details: readonly CatalogueEntry[]) {
  const parts = { data: [EPHEMERIS, TIMEZONE_BOUNDARIES, TZDB], details };
  const byZone = {
    land: fixedProvenance({ ...parts, methods: [method, BOUNDARY_LOOKUP] }),
    ocean: fixedProvenance({ ...parts, methods: [method, NAUTICAL_ZONE] }),
    named: fixedProvenance({ ...parts, methods: [method, ZONE_BY_NAME] }),
  };
  return (zoneFrom: ZoneFrom, ctx: ToolContext) => byZone[zoneFrom](ctx);
}
