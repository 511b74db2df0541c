/**
 * Place names as zones (`Tokyo`, `São Paulo, BR`): a zone argument that is no zone name is read as a
 * pending place name (engine/time/time-in-zone.ts's ZoneArgument), and resolved here when the tool runs
 * (engine/places/place-input.ts settles every timezone, source_timezone and target_timezone; the meeting
 * planner its participants' zones): the zone at the best match, or a 400 naming the field when the
 * name matches no place. The browser's calculators, which load tools without the places layer, never
 * run with one: a page asks the API for such inputs (website/src/scripts/browser-run.ts).
 */
import { places } from './place-names.ts';
import { countryOf, latOf, lonOf, type PlaceNames } from './layout.ts';
import { divisionOf, searchIndex } from './search-places.ts';
import { placeRecord } from './records.ts';
import { lookupZones } from '../time/zone-lookup.ts';
import { unknownZoneMessage } from '../time/time-in-zone.ts';
import type { ResolvedZone } from '../time/zone-names.ts';
import { ToolInputError } from '../tool.ts';

/** The zone a place name gives: the zone at the best match, the other matches' zones as candidates; null for no match. */
export function zoneOfPlace(ix: PlaceNames, input: string): ResolvedZone | null {
  const hits = searchIndex(ix, input, { limit: 4 });
  if (hits.length === 0) return null;
  // Only the best match's record is read (engine/places/records.ts); the others give their zones.
  const zoneAt = (place: number) => lookupZones(latOf(ix, place), lonOf(ix, place)).zones[0];
  const [best, ...rest] = hits;
  const zone = zoneAt(best.place);
  const candidates = [...new Set(rest.filter((r) => r.exact === best.exact).map((r) => zoneAt(r.place)))].filter((z) => z !== zone);
  const { name, geonamesId } = placeRecord(ix, best.place);
  const place = { name, country: countryOf(ix, best.place), admin1: divisionOf(ix, best.place), geonames_id: geonamesId };
  return { zone, resolved_from: 'place', input, place, ...(candidates.length ? { candidates } : {}) };
}

/** Whether a value is a zone argument read as a place name and not resolved yet. */
export const isPendingZone = (value: unknown): value is ResolvedZone & { pending: true } =>
  typeof value === 'object' && value !== null && (value as ResolvedZone).resolved_from === 'place' && (value as ResolvedZone).pending === true;

/**
 * A pending zone argument resolved: waiting for the places index (503 while a server loads it), a 400
 * naming `field` with the unknown-zone message (and its suggestions) when the name matches no place.
 */
export async function settleZone(zone: ResolvedZone, field: string): Promise<ResolvedZone> {
  const found = zoneOfPlace(await places(), zone.input);
  if (!found) throw new ToolInputError([{ field, message: unknownZoneMessage(zone.input) }]);
  return found;
}

/** Whether a zone argument names a place whose zone is not resolved yet. */
export function zonesPending(args: Record<string, unknown>): boolean {
  return Object.values(args).some(isPendingZone);
}

/** Whether a zone argument came from a place name (resolved already): what settleZones answers when nothing is pending. */
export function zonesFromPlace(args: Record<string, unknown>): boolean {
  for (const value of Object.values(args)) {
    const zone = value as ResolvedZone | undefined;
    if (zone && typeof zone === 'object' && zone.resolved_from === 'place') return true;
  }
  return false;
}

/** Zone arguments read as place names resolved now (see {@link settleZone}); true when any zone came from a place. */
export async function settleZones(args: Record<string, unknown>): Promise<boolean> {
  let fromPlace = false;
  for (const [field, value] of Object.entries(args)) {
    const zone = value as ResolvedZone | undefined;
    if (!zone || typeof zone !== 'object' || zone.resolved_from !== 'place') continue;
    fromPlace = true;
    if (zone.pending) args[field] = await settleZone(zone, field);
  }
  return fromPlace;
}
