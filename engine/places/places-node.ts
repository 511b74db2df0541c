/**
 * The server's places index (engine/data.ts `PlacesSource`, created by engine/data-node.ts): GeoNames
 * cities500 with its alternate names and first-level division names (engine/places/dataset.ts), one
 * index serving name search (search_places, the `place` input of coordinate tools, place names as zones)
 * and nearest-place queries (geo_nearby), and its one lifecycle.
 *
 * Read from its index file (engine/places/index-file.ts) when one was written for the same data and
 * code (cities500.txt is then only checksummed: the index holds the names it prints), else built (engine/places/build.ts; about 10 s of a core) and written there for the next start.
 * An index file that cannot be read is set aside under a new name and reported in the status, never
 * overwritten or trusted. The API and MCP stdio load it on the first query that needs it (`onFirstNeed`;
 * with PLACE_INDEXES=background, in the background once the API listens: `start`); a script, a test or a work-pool thread loads it when
 * first asked (`load`).
 */
import { readFile, rename } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { PlacesSource } from '../data.ts';
import { ToolUnavailableError } from '../tool.ts';
import { buildFromData } from './build.ts';
import { buildOnce } from './build-lock.ts';
import { ADMIN1_FILE, CITIES500_FILE, parseAdmin1 } from './dataset.ts';
import { indexFile, readIndexFile, writeIndexFile } from './index-file.ts';
import type { Built, PlaceNames, PlacesStatus } from './layout.ts';

/** How long a query waits for a places index that is loading in the background. */
const LOADING_WAIT_MS = 3_000;

const statsOf = (ix: PlaceNames) => ({ places: ix.count, names: ix.keyCount, postings: ix.postingPlace.length });

/** The two files of the dataset: cities500.txt's bytes and the division names. */
async function readDataset(): Promise<{ raw: Buffer; divisions: Map<string, string> }> {
  const [raw, admin1] = await Promise.all([readFile(CITIES500_FILE), readFile(ADMIN1_FILE, 'utf8')]);
  return { raw, divisions: parseAdmin1(admin1) };
}

/** The index from its index file (cities500.txt only checked, not kept), else built from the data and written there. */
async function readOrBuild(): Promise<Built> {
  const started = performance.now();
  const file = indexFile();
  const fromFile = async (): Promise<Built | undefined> => {
    const read = await readIndexFile(file, CITIES500_FILE);
    if (!read) return undefined;
    return {
      index: read.index,
      stats: { ...statsOf(read.index), build_ms: performance.now() - started, longest_block_ms: read.blockMs, source: 'cache' as const },
    };
  };
  let setAside: string | undefined;
  try {
    const read = await fromFile();
    if (read) return read;
  } catch (error) {
    setAside = `${file}.unreadable-${Date.now()}`;
    await rename(file, setAside).catch(() => {});
    setAside += ` (${error instanceof Error ? error.message : String(error)})`;
  }
  // Several processes of one server (npm start's workers) build it once: the others read the file.
  return buildOnce(
    file,
    () => fromFile().catch(() => undefined),
    async () => {
      const { raw, divisions } = await readDataset();
      const result = await buildFromData(raw, divisions);
      const written = await writeIndexFile(file, result.index, raw).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      // Read back from the file it was written to, the index holds what a later start's does (the
      // records and name blocks stay in the file); the built one, if it cannot be.
      const reread = typeof written === 'string' ? undefined : await fromFile().catch(() => undefined);
      return {
        index: reread?.index ?? result.index,
        stats: {
          ...result.stats,
          ...(setAside ? { cache_set_aside: setAside } : {}),
          ...(typeof written === 'string' ? { cache_not_written: written } : {}),
        },
      };
    },
  );
}

/** The index built from the data now, never from the index file (tests compare the two). */
export async function buildPlacesAfresh(): Promise<PlaceNames> {
  const { raw, divisions } = await readDataset();
  return (await buildFromData(raw, divisions)).index;
}

/** The server's places index: nothing read until it is started or first needed (one per engine data: its memory is shared). */
export function nodePlaces(): PlacesSource {
  let building: Promise<Built> | undefined;
  let built: PlaceNames | undefined;
  let inBackground = false;
  /** Told how a load a query started ended (onFirstNeed), once for each attempt. */
  let settled: ((status: PlacesStatus) => void) | undefined;
  let toldOf: Promise<Built> | undefined;

  const load = () =>
    readOrBuild().then((result) => {
      built = result.index;
      return result;
    });

  function ensureBuild(after?: Promise<unknown>): Promise<PlacesStatus> {
    building ??= after ? after.then(load, load) : load();
    return building.then(
      ({ stats }) => ({ ready: true as const, ...stats }),
      (error: unknown) => {
        building = undefined;
        return { ready: false as const, error: error instanceof Error ? error.message : String(error) };
      },
    );
  }

  async function loadPlaces(): Promise<PlaceNames> {
    const status = await ensureBuild();
    if (!status.ready) throw new ToolUnavailableError(`places data unavailable: ${status.error}`);
    return built as PlaceNames;
  }

  return {
    start(after) {
      inBackground = true;
      return ensureBuild(after);
    },
    onFirstNeed(onSettled) {
      inBackground = true;
      settled = onSettled;
    },
    ready: () => built !== undefined,
    ifReady: () => built,
    load: loadPlaces,
    async get() {
      if (built) return built;
      if (!inBackground) return loadPlaces();
      const status = ensureBuild();
      if (settled && building !== toldOf) {
        toldOf = building;
        void status.then(settled);
      }
      // A server reading the index file is ready within a second of start-up: a query that comes
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
    },
  };
}
