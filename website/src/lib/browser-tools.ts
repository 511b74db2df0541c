/**
 * The tools whose engine code runs in a browser as it is: dates, geodesy, the Sun and the planets. Each
 * loads on demand (its own chunk), so a page fetches only its tool. The others need data held by the
 * server (time-zone boundaries, tz rules, holiday rules, the places index): their pages write the curl
 * command and the MCP call for the visitor's inputs instead.
 */
import type { AnyTool } from '../../../engine/tool.ts';

export const BROWSER_TOOLS: Record<string, () => Promise<AnyTool>> = {
  date_difference: async () => (await import('../../../engine/date/date-difference.ts')).dateDifference as AnyTool,
  date_add: async () => (await import('../../../engine/date/date-add.ts')).dateAdd as AnyTool,
  count_business_days: async () => (await import('../../../engine/date/business-days.ts')).businessDays as AnyTool,
  geo_distance: async () => (await import('../../../engine/geo/geo-distance.ts')).geoDistance as AnyTool,
  geo_midpoint: async () => (await import('../../../engine/geo/geo-midpoint.ts')).geoMidpoint as AnyTool,
  geo_bounding_box: async () => (await import('../../../engine/geo/geo-bounding-box.ts')).geoBoundingBox as AnyTool,
  solar_position: async () => (await import('../../../engine/solar/solar-position.ts')).solarPosition as AnyTool,
  ephemeris: async () => (await import('../../../engine/astronomy/ephemeris.ts')).ephemeris as AnyTool,
};

export const runsInBrowser = (toolName: string): boolean => Object.hasOwn(BROWSER_TOOLS, toolName);
