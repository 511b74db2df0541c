/// <reference lib="dom" />
/**
 * A page's engine (engine/start.ts): started once over the page's data (engine/browser/page-data.ts),
 * empty until packs arrive. `withPageData` computes, and when the computation reads a part the page has
 * not loaded (PageDataMissing names its pack: the tzdb release, CLDR's tables, holiday rules), fetches
 * that pack from /calculator-data/, installs it and computes again; so a page fetches the data its tool
 * reads for the input it is given, found by computing, never from a list kept beside the engine.
 */
import { PageDataMissing, pageEngineData } from '../../../engine/browser/index.ts';
import { startEngine } from '../../../engine/browser/index.ts';
import type { ZoneData } from '../../../engine/browser/index.ts';

const DATA_BASE = '/calculator-data/';

export const pageData = pageEngineData();
startEngine({ data: pageData, warmUp: false });

const packs = new Map<string, Promise<void>>();

/** Fetches and installs a pack of the site's calculator data, once per page. */
export function loadPack(pack: string): Promise<void> {
  let p = packs.get(pack);
  if (!p) {
    p = fetch(`${DATA_BASE}${pack}.json`)
      .then((r) => {
        if (!r.ok) throw new Error(`${DATA_BASE}${pack}.json answered ${r.status}`);
        return r.json();
      })
      .then((json) => pageData.install(pack, json));
    p.catch(() => packs.delete(pack)); // a failed fetch is tried again next time
    packs.set(pack, p);
  }
  return p;
}

/** Most packs one computation may wait for (the release, CLDR's tables, the holiday catalogue, countries' rules). */
const MAX_PACKS = 64;

/** `compute()`, after fetching each pack it turns out to read. */
export async function withPageData<T>(compute: () => T | Promise<T>): Promise<T> {
  for (let fetched = 0; ; fetched++) {
    try {
      return await compute();
    } catch (error) {
      if (!(error instanceof PageDataMissing) || fetched >= MAX_PACKS) throw error;
      await loadPack(error.pack);
    }
  }
}

let zoneWindow: Promise<void> | undefined;

/** Installs a window of the engine's tzdb release (the observatory's zone data at `path`), fetched once. */
export function useZoneWindow(path: string | ZoneData): Promise<void> {
  zoneWindow ??= (typeof path === 'string' ? fetch(path).then((r) => r.json() as Promise<ZoneData>) : Promise.resolve(path)).then((data) =>
    pageData.installZoneWindow(data),
  );
  return zoneWindow;
}

export { PageDataMissing };
