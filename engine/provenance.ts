/**
 * Names and versions of the data behind answers, so every `provenance` block says exactly what produced
 * it: plain values from engine/package-versions.ts (generated from node_modules, checked by a test), so
 * the server and a calculator page name the same versions without reading any file.
 */
import { DATA_RELEASES, PACKAGE_VERSIONS } from './package-versions.ts';

/** The version of a package provenance names (engine/data-node.ts PROVENANCE_PACKAGES lists them). */
export function versionOf(pkg: string): string {
  if (!Object.hasOwn(PACKAGE_VERSIONS, pkg))
    throw new Error(`${pkg} is not in engine/package-versions.ts (add it to PROVENANCE_PACKAGES, then npm run versions)`);
  return PACKAGE_VERSIONS[pkg];
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
   * the release zone.tab's build names, which engine/data-node.ts checks against the rules it loads.
   */
  tzdb: DATA_RELEASES.tzdb,
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
