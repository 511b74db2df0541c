/**
 * The engine's front door: everything service/, http/, mcp/, scripts/, bench/, bin/ and the site's build
 * use of the engine, and nothing else reaches into a family's files (test/architecture.test.ts holds it).
 * Code bundled into a page imports engine/browser/index.ts instead, which carries nothing that reads
 * the server's files. Tests may import any engine file: they pin each family's parts.
 */
export { DATA_PACKS, countryHolidays, holidayCountries } from './browser/calculator-data.ts';
export { installedReleases, installedVersion, startNodeEngine } from './data-node.ts';
export { daysFromCivil, fromEpochDay } from './date/calendar.ts';
export { LUNISOLAR_FIRST_YEAR, LUNISOLAR_LAST_YEAR, packYear } from './date/lunisolar-data.ts';
export type { LunisolarCalendar } from './date/lunisolar-data.ts';
export { MAX_ECHO, clipEcho, quoteEcho } from './echo.ts';
export { createOpenMeteoElevation } from './geo/open-meteo-elevation.ts';
export { probeEphemeris } from './health.ts';
export {
  HOLIDAY_TYPES,
  buildJurisdiction,
  clearHolidayCaches,
  computeYear,
  holidayCountryCodes,
  holidaySubdivisionCodes,
  holidaysInYear,
  jurisdiction,
  preloadHolidayData,
  supportedCountries,
} from './holidays/calendar-data.ts';
export type { HolidayDay, Jurisdiction } from './holidays/calendar-data.ts';
export { forgetEarthPositions } from './holidays/earth-positions.ts';
export { dayListBytes, instanceBytes } from './holidays/holiday-cache.ts';
export { CALL_UNITS, yearUnits } from './holidays/holiday-work.ts';
export { resolveCountry } from './holidays/jurisdiction-names.ts';
export { OFFICIAL_RELEASE } from './holidays/official/layer.ts';
export { IsoDate, Latitude, Longitude, int } from './inputs.ts';
export { DAY_MS, formatUtc } from './instant.ts';
export type { Admin1Manifest } from './places/dataset.ts';
export { CITIES500_FILE, CITIES500_PACKAGE, CITIES500_VERSION } from './places/dataset.ts';
export { indexFile } from './places/index-file.ts';
export { nameOf } from './places/name-table.ts';
export { placeRecord } from './places/records.ts';
export { loadPlaces, places, placesIfReady, placesOnFirstNeed, startPlaces, type PlacesStatus } from './places/place-names.ts';
export { zoneOfPlace } from './places/place-zones.ts';
export { completePlaceNames, describeHit, searchIndex } from './places/search-places.ts';
export { MAX_RANGE_DAYS } from './planning/meeting-times.ts';
export { meetingTimetable } from './planning/meeting-timetable.ts';
export { PROVENANCE_MODES, provenanceCatalogue } from './provenance-catalogue.ts';
export type { ProvenanceMode } from './provenance-catalogue.ts';
export { BOUNDARY_RELEASE_BY_GEO_TZ, sources, versionOf, versions } from './provenance.ts';
export { declaredTools, registry, toolByName } from './registry.ts';
export { SKY_FIRST_YEAR, SKY_LAST_YEAR } from './sky/moon-phases.ts';
export { seasonEvents } from './sky/seasons.ts';
export { localTimeAt, wallTimeAt } from './time/local-time.ts';
export { ZoneArgument, timeInZone, timeInZoneAt } from './time/time-in-zone.ts';
export type { ZoneData } from './time/tzdb-data.ts';
export { tzdbNames, tzdbRelease, zoneDataWindow, zoneTable } from './time/tzdb.ts';
export { lookupZones } from './time/zone-lookup.ts';
export { boundaryZonesWithoutRules, resolveZone, zoneNames } from './time/zone-names.ts';
export { completeZones } from './time/zone-suggest.ts';
export { EXAMPLE_CLOCK, FAMILIES, FAMILY_NAMES, TOOLSET_NAMES, ToolInputError, ToolUnavailableError, asSentence, exampleInput, systemContext } from './tool.ts';
export type { AnyTool, CalculatorMeta, FormLabel, ToolContext, Toolset } from './tool.ts';
export { describeErrors, formatIssues, validateInput } from './validate.ts';
export type { FieldError } from './validate.ts';
export { MAX_WORK_UNITS, WORK_UNITS_PER_CREDIT, WorkMeter, creditsSpent, estimateOf, priceOf } from './work.ts';
