/**
 * The places index and its one lifecycle: GeoNames cities500 with its alternate names and first-level
 * division names (engine/places/dataset.ts), one index serving name search (search_places, the `place`
 * input of coordinate tools, place names as zones) and nearest-place queries (geo_nearby).
 *
 * Read from its index file (engine/places/index-file.ts) when one was written for the same data and
 * code, else built (engine/places/build.ts; about 10 s of a core) and written there for the next start.
 * An index file that cannot be read is set aside under a new name and reported in the status, never
 * overwritten or trusted. A server starts the load in the background once it listens
 * ({@link startPlaces}); a script or a test loads it when first asked ({@link loadPlaces}).
 */
import { readFile, rename } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { ToolUnavailableError } from '../tool.ts';
import { buildFromData } from './build.ts';
import { ADMIN1_FILE, ADMIN1_MANIFEST, CITIES500_FILE, CITIES500_VERSION, parseAdmin1 } from './dataset.ts';
import { indexFile, readIndexFile, writeIndexFile } from './index-file.ts';
import type { Built, PlaceNames, PlacesStats } from './layout.ts';

export type { PlaceNames, PlacesStats } from './layout.ts';
export { CITIES500_VERSION };
/** Where the division names come from, as provenance names them. */
export const DIVISIONS_SOURCE = `GeoNames admin1CodesASCII (${ADMIN1_MANIFEST.rows} divisions, from ${ADMIN1_MANIFEST.obtained_from.package} ${ADMIN1_MANIFEST.obtained_from.version})`;

export type PlacesStatus = ({ ready: true } & PlacesStats) | { ready: false; error: string };

/** How long a request waits for a places index that is loading in the background. */
const LOADING_WAIT_MS = 3_000;

const statsOf = (ix: PlaceNames) => ({ places: ix.count, names: ix.keyAt.length - 1, postings: ix.postingPlace.length });

/** The two files of the dataset: cities500.txt's bytes and the division names. */
async function readDataset(): Promise<{ raw: Buffer; divisions: Map<string, string> }> {
  const [raw, admin1] = await Promise.all([readFile(CITIES500_FILE), readFile(ADMIN1_FILE, 'utf8')]);
  return { raw, divisions: parseAdmin1(admin1) };
}

async function build(): Promise<Built> {
  const started = performance.now();
  const { raw, divisions } = await readDataset();
  const file = indexFile();
  let setAside: string | undefined;
  try {
    const read = await readIndexFile(file, raw);
    if (read) {
      const { index, blockMs } = read;
      built = index;
      const stats = { ...statsOf(index), build_ms: performance.now() - started, longest_block_ms: blockMs, source: 'cache' as const };
      return { index, stats };
    }
  } catch (error) {
    setAside = `${file}.unreadable-${Date.now()}`;
    await rename(file, setAside).catch(() => {});
    setAside += ` (${error instanceof Error ? error.message : String(error)})`;
  }
  const result = await buildFromData(raw, divisions);
  built = result.index;
  const written = await writeIndexFile(file, result.index).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  return {
    index: result.index,
    stats: {
      ...result.stats,
      ...(setAside ? { cache_set_aside: setAside } : {}),
      ...(typeof written === 'string' ? { cache_not_written: written } : {}),
    },
  };
}

/** The index built from the data now, never from the index file (tests compare the two). */
export async function buildPlacesAfresh(): Promise<PlaceNames> {
  const { raw, divisions } = await readDataset();
  return (await buildFromData(raw, divisions)).index;
}

let building: Promise<Built> | undefined;
let built: PlaceNames | undefined;
let inBackground = false;

function ensureBuild(after?: Promise<unknown>): Promise<PlacesStatus> {
  building ??= after ? after.then(build, build) : build();
  return building.then(
    ({ stats }) => ({ ready: true as const, ...stats }),
    (error: unknown) => {
      building = undefined;
      return { ready: false as const, error: error instanceof Error ? error.message : String(error) };
    },
  );
}

/**
 * Starts loading the index in the background (the server calls it once it listens); until it is
 * loaded, queries answer ToolUnavailableError (503) after a short wait. Never rejects: a failure is
 * reported in the status, and the next query tries again. `after`: start once it settles.
 */
export function startPlaces(after?: Promise<unknown>): Promise<PlacesStatus> {
  inBackground = true;
  return ensureBuild(after);
}

/**
 * Loads the index when a call first needs it, not before: such a call, and those during the load, wait
 * up to a few seconds and then get a ToolUnavailableError (try again shortly) while the load goes on in
 * the background. For the stdio MCP server, whose memory and start-up the index would otherwise weigh
 * on though most calls never name a place.
 */
export function placesOnFirstNeed(): void {
  inBackground = true;
}

/** The index when it is loaded, else undefined (readers that never wait: completions). */
export const placesIfReady = (): PlaceNames | undefined => built;

/** Whether the index is loaded (engine/health.ts's readiness `places`). */
export const placesReady = (): boolean => built !== undefined;

/** The loaded index, waiting for it (tests and scripts, where nothing started it in the background). */
export async function loadPlaces(): Promise<PlaceNames> {
  const status = await ensureBuild();
  if (!status.ready) throw new ToolUnavailableError(`places data unavailable: ${status.error}`);
  return built as PlaceNames;
}

/**
 * The index for a query: at once when loaded; while the background load runs (a server starting), a
 * ToolUnavailableError (503 on the API) after a short wait; where nothing started it (a script, a
 * test), loaded and awaited.
 */
export async function places(): Promise<PlaceNames> {
  if (built) return built;
  if (inBackground) {
    const status = ensureBuild();
    // A server reading the index file is ready within a second of start-up: a request that comes
    // meanwhile waits for it rather than getting a 503; a first build (about 10 s) is not waited for.
    const ready = await Promise.race([
      status,
      new Promise<undefined>((resolve) => {
        const timer = setTimeout(resolve, LOADING_WAIT_MS) as unknown as { unref?: () => void };
        timer.unref?.();
      }),
    ]);
    if (ready?.ready && built) return built;
    throw new ToolUnavailableError(
      'the place-name index is still loading (a second when cached, about 25 s the first time on a machine); try again in 30 seconds, or name the place by coordinates or an IANA zone meanwhile',
    );
  }
  return loadPlaces();
}
