/**
 * Names and versions of the data behind answers, read from the installed packages once at start-up, so
 * every `provenance` block says exactly what produced it. The site's browser bundle replaces this module
 * by its values (website/astro.config.mjs), so it holds values, not logic (versionOf aside).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Set by scripts/build-package.mjs: the version of every package the project depends on, as they were
 * when dist/ was compiled (its bundled packages are no longer installed beside it). Undefined otherwise.
 */
declare const __PACKAGE_VERSIONS__: Record<string, string> | undefined;

/** The installed version of a package (some, like geo-tz, do not export their package.json). */
export function versionOf(pkg: string): string {
  if (typeof __PACKAGE_VERSIONS__ === 'object' && Object.hasOwn(__PACKAGE_VERSIONS__, pkg)) return __PACKAGE_VERSIONS__[pkg];
  for (let dir = dirname(require.resolve(pkg)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const meta = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (meta.name === pkg) return meta.version;
  }
  return 'unknown';
}

/**
 * timezone-boundary-builder release shipped by each geo-tz version (from geo-tz's release notes:
 * 8.1.5 = 2025c, 8.1.6 = 2026a, 8.1.8 = 2026c, 8.1.9 = 2026d). A test fails when geo-tz is upgraded
 * without adding its release here, so provenance never names the wrong boundary data.
 */
export const BOUNDARY_RELEASE_BY_GEO_TZ: Record<string, string> = {
  '8.1.5': '2025c',
  '8.1.6': '2026a',
  '8.1.8': '2026c',
  '8.1.9': '2026d',
};

export const versions = {
  geoTz: versionOf('geo-tz'),
  astronomyEngine: versionOf('astronomy-engine'),
  geographiclib: versionOf('geographiclib-geodesic'),
  momentTimezone: versionOf('moment-timezone'),
  dateHolidays: versionOf('date-holidays'),
  rrule: versionOf('rrule'),
  internationalizedDate: versionOf('@internationalized/date'),
  /**
   * The IANA tzdb release the project ships (the rules every offset comes from; never the runtime's ICU):
   * the release zone.tab's build names, which engine/time/tzdb.ts checks against its zones' on load. Read
   * here from that small file, so the kernel imports no family and loads no zone rules.
   */
  tzdb: (require('moment-timezone/data/meta/latest.json') as { version: string }).version,
};

export const boundaryRelease = BOUNDARY_RELEASE_BY_GEO_TZ[versions.geoTz] ?? 'unknown';

/**
 * The releases /health and /v1/status name (answers name theirs through engine/provenance-catalogue.ts,
 * where each id's long explanation lives).
 */
export const sources = {
  timezoneBoundaries: `timezone-boundary-builder ${boundaryRelease} (comprehensive), geo-tz ${versions.geoTz}`,
  tzdb: versions.tzdb,
} as const;
