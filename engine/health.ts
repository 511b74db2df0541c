/** Readiness probes of the engine's data: time-zone boundaries, ephemeris, the places index (engine/start.ts warms them up). */
import * as Astronomy from 'astronomy-engine';
import { placesReady } from './places/place-names.ts';
import { ready as zoneDataReady } from './time/zone-lookup.ts';

let ephemerisOk = false;

/** Computes one planet position; true when the ephemeris answers with finite numbers. */
export function probeEphemeris(): boolean {
  try {
    const v = Astronomy.GeoVector(Astronomy.Body.Mars, Astronomy.MakeTime(new Date(Date.UTC(2000, 0, 1, 12))), false);
    ephemerisOk = [v.x, v.y, v.z].every(Number.isFinite);
  } catch {
    ephemerisOk = false;
  }
  return ephemerisOk;
}

/** `places`: the places index is loaded (search_places, geo_nearby and place inputs answer 503 until then; /health stays 200). */
export const engineReadiness = () => ({ timezone_data: zoneDataReady(), ephemeris: ephemerisOk, places: placesReady() });
