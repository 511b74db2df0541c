/**
 * Place names as zones (`Tokyo`, `São Paulo, BR`): installed into time-in-zone.ts's zone arguments when
 * the engine's registry loads (engine/place-input.ts imports this), so every timezone, source_timezone
 * and target_timezone reads them; the browser's calculators, which load tools without the registry, do
 * not. A name read before the place-name index was loaded is settled when the tool runs.
 */
import { type PlaceNames, placeNames, placeNamesIfReady } from './geo/place-names.ts';
import { describeHit, searchIndex } from './geo/search-places.ts';
import { unknownZoneMessage, usePlaceZones } from './time/time-in-zone.ts';
import type { ResolvedZone } from './time/zone-names.ts';
import { ToolInputError } from './tool.ts';

/** The zone a place name gives (time-in-zone.ts's zone arguments): the zone at the best match, the other matches' zones as candidates. */
function zoneOfPlace(ix: PlaceNames, input: string): ResolvedZone | null {
  const hits = searchIndex(ix, input, { limit: 4 });
  if (hits.length === 0) return null;
  const [best, ...rest] = hits.map((h) => ({ hit: h, found: describeHit(ix, h) }));
  const zone = best.found.timezone;
  const candidates = [...new Set(rest.filter((r) => r.hit.exact === best.hit.exact).map((r) => r.found.timezone))].filter((z) => z !== zone);
  const { name, country, admin1, geonames_id } = best.found;
  return { zone, resolved_from: 'place', input, place: { name, country, admin1, geonames_id }, ...(candidates.length ? { candidates } : {}) };
}

usePlaceZones((input) => {
  const ix = placeNamesIfReady();
  return ix ? zoneOfPlace(ix, input) : undefined;
});

/** Whether a zone argument names a place whose zone is not known yet (the index had not loaded). */
export function zonesPending(args: Record<string, unknown>): boolean {
  for (const value of Object.values(args)) {
    const zone = value as ResolvedZone | undefined;
    if (zone && typeof zone === 'object' && zone.resolved_from === 'place' && zone.pending) return true;
  }
  return false;
}

/** Whether a zone argument came from a place name (resolved already): what settleZones answers when nothing is pending. */
export function zonesFromPlace(args: Record<string, unknown>): boolean {
  for (const value of Object.values(args)) {
    const zone = value as ResolvedZone | undefined;
    if (zone && typeof zone === 'object' && zone.resolved_from === 'place') return true;
  }
  return false;
}

/**
 * Zone arguments read as place names: the pending ones (read before the index was loaded) resolved now,
 * waiting for the index (or 503 while the server loads it); true when any zone came from a place.
 */
export async function settleZones(args: Record<string, unknown>): Promise<boolean> {
  let fromPlace = false;
  for (const [field, value] of Object.entries(args)) {
    const zone = value as ResolvedZone | undefined;
    if (!zone || typeof zone !== 'object' || zone.resolved_from !== 'place') continue;
    fromPlace = true;
    if (!zone.pending) continue;
    const found = zoneOfPlace(await placeNames(), zone.input);
    if (!found) throw new ToolInputError([{ field, message: unknownZoneMessage(zone.input) }]);
    args[field] = found;
  }
  return fromPlace;
}
