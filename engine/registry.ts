/**
 * Every tool, in one list. Adding a calculation = one file under engine/<family>/ (the family it
 * declares), one line here, one test file: its HTTP route, MCP tool, OpenAPI entry, status line and
 * calculator page appear from this list (docs/adding-a-tool.md).
 */
import type { AnyTool } from './tool.ts';
import { utcTime } from './time/utc-time.ts';
import { localTime } from './time/local-time.ts';
import { localTimes } from './time/local-times.ts';
import { timeInZone } from './time/time-in-zone.ts';
import { convertTime } from './time/convert-time.ts';
import { expandRecurrenceTool } from './planning/expand-recurrence.ts';
import { meetingTimes } from './planning/meeting-times.ts';
import { dateDifference } from './date/date-difference.ts';
import { dateDifferenceBatch } from './date/date-difference-batch.ts';
import { dateAdd } from './date/date-add.ts';
import { businessDays } from './date/business-days.ts';
import { dateInfo } from './date/date-info.ts';
import { convertCalendarTool } from './date/convert-calendar.ts';
import { listHolidayCountries } from './holidays/list-holiday-countries.ts';
import { listHolidays } from './holidays/list-holidays.ts';
import { nextHolidays } from './holidays/next-holidays.ts';
import { isBusinessDay } from './holidays/is-business-day.ts';
import { businessDaysInJurisdiction } from './holidays/business-days-jurisdiction.ts';
import { geoDistance } from './geo/geo-distance.ts';
import { geoDistanceBatch } from './geo/geo-distance-batch.ts';
import { geoNearby } from './geo/geo-nearby.ts';
import { searchPlaces } from './places/search-places.ts';
import { geoElevation } from './geo/geo-elevation.ts';
import { geoMidpoint } from './geo/geo-midpoint.ts';
import { geoBoundingBox } from './geo/geo-bounding-box.ts';
import { solarPosition } from './sky/solar-position.ts';
import { sunEventsTool } from './sky/sun-events.ts';
import { ephemeris } from './sky/ephemeris.ts';
import { moonPhases } from './sky/moon-phases.ts';
import { seasons } from './sky/seasons.ts';
import { eclipses } from './sky/eclipses.ts';
import { skyPositionsTool } from './sky/sky-positions.ts';
import { moonEventsTool } from './sky/moon-events.ts';
import { dailyTagline } from './utility/daily-tagline.ts';
import { withPlaceInput } from './places/place-input.ts';

/** The tools as declared, in the order the status document shows them. */
export const declaredTools: readonly AnyTool[] = [
  utcTime,
  dailyTagline,
  localTime,
  localTimes,
  timeInZone,
  convertTime,
  expandRecurrenceTool,
  meetingTimes,
  dateDifference,
  dateDifferenceBatch,
  dateAdd,
  businessDays,
  dateInfo,
  convertCalendarTool,
  businessDaysInJurisdiction,
  listHolidays,
  listHolidayCountries,
  nextHolidays,
  isBusinessDay,
  geoDistance,
  geoDistanceBatch,
  geoMidpoint,
  geoBoundingBox,
  geoNearby,
  searchPlaces,
  geoElevation,
  solarPosition,
  sunEventsTool,
  ephemeris,
  moonPhases,
  seasons,
  eclipses,
  skyPositionsTool,
  moonEventsTool,
] as unknown as AnyTool[];

/** Every tool as served: with `place` wherever it takes coordinates, and place names as zones (engine/places/place-input.ts). */
export const registry: readonly AnyTool[] = declaredTools.map(withPlaceInput);

export function toolByName(name: string): AnyTool | undefined {
  return registry.find((t) => t.name === name);
}
