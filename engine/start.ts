/**
 * The engine's one start-up, used by the API (http/boot.ts, http/app.ts), the MCP stdio server
 * (mcp/stdio.ts), the work-pool threads, scripts, tests and a calculator page: binds the data it computes
 * over (engine/data.ts: node_modules on the server, the fetched packs in a page), then warms up what the
 * first request would otherwise wait for (the boundary index and a tile, the ephemeris), now or when the
 * caller says (MCP stdio connects first and warms up after a quiet second). Binding reads no file.
 */
import { bindEngineData, type EngineData } from './data.ts';
import { engineReadiness, probeEphemeris } from './health.ts';
import { warmUp as warmUpZones } from './time/zone-lookup.ts';

export interface EngineStart {
  /** The data the engine computes over (engine/data-node.ts nodeEngineData(), engine/browser/page-data.ts). */
  data: EngineData;
  /** Warm up now (default), or leave it to the caller's `engine.warmUp()` (`false`). */
  warmUp?: boolean;
}

export interface Engine {
  readonly data: EngineData;
  /** Loads the boundary index and one tile, and probes the ephemeris. */
  warmUp(): void;
  /** What /health reports of the engine: the boundary data, the ephemeris, the place-name index. */
  readiness(): ReturnType<typeof engineReadiness>;
}

let started: Engine | undefined;

/** Starts the engine over `data` (a later start over other data replaces it: a page's, a test's). */
export function startEngine(options: EngineStart): Engine {
  if (started?.data === options.data) {
    if (options.warmUp !== false) started.warmUp();
    return started;
  }
  bindEngineData(options.data);
  const engine: Engine = {
    data: options.data,
    warmUp() {
      warmUpZones();
      probeEphemeris();
    },
    readiness: engineReadiness,
  };
  started = engine;
  if (options.warmUp !== false) engine.warmUp();
  return engine;
}

/** The engine started last, if any (the API's app, when its caller started it). */
export const startedEngine = (): Engine | undefined => started;
