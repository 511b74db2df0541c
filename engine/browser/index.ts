/**
 * The engine's front door for code bundled into a page (website/src/scripts and what they import): the
 * page's data (page-data.ts, the packs a page fetches), the one startEngine() and the calculations the
 * site's own scripts call. Nothing here reads the server's files; engine/index.ts is the server's door.
 */
export { PageDataMissing, pageEngineData } from './page-data.ts';
export { CALENDAR_NAMES } from '../date/calendar-names.ts';
export { civilFromDays, daysFromCivil, isoWeekOf, isoWeekday } from '../date/calendar.ts';
export { DAY_MS, daysInMonth, formatLocal, formatUtc, formatWall } from '../instant.ts';
export { meetingTimetable } from '../planning/meeting-timetable.ts';
export type { Timetable, TimetableAnswer, TimetableRequest } from '../planning/meeting-timetable.ts';
export { EPHEMERIS_END_MS, EPHEMERIS_MIN_MS } from '../sky/body-positions.ts';
export { searchEclipses } from '../sky/eclipse-search.ts';
export type { EclipseEntry } from '../sky/eclipse-search.ts';
export { localDays } from '../sky/local-day-events.ts';
export type { LocalDay } from '../sky/local-day-events.ts';
export { normalizeName } from '../places/normalize.ts';
export { phaseFromTable, phaseTable } from '../sky/moon-phase-table.ts';
export { runSkyPositions } from '../sky/sky-positions.ts';
export type { SkyPositions } from '../sky/sky-positions.ts';
export { ORRERY_BODIES, orreryPositions } from '../sky/sky.ts';
export type { MoonState, OrreryBody, SkyBody } from '../sky/sky.ts';
export type { SunDay } from '../sky/sun-day.ts';
export { sunPath } from '../sky/sun-path.ts';
export type { SunPath } from '../sky/sun-path.ts';
export { DAYLIGHT_LIMITS_DEG } from '../sky/sun-position.ts';
export { sunRiseSet } from '../sky/sun-rise-set.ts';
export type { SunRiseSet } from '../sky/sun-rise-set.ts';
export { sunYear } from '../sky/sun-year.ts';
export type { SunYear } from '../sky/sun-year.ts';
export { startEngine } from '../start.ts';
export { fixedOffsetTable, zoneLookup } from '../time/tzdb-data.ts';
export type { ZoneData, ZoneTable } from '../time/tzdb-data.ts';
export { TIME_PATTERN, instantOfDateTime, localDayBounds, localParts, wallMsOf } from '../time/wall-clock.ts';
export type { LocalParts } from '../time/wall-clock.ts';
export { instantOfLocal, offsetSecondsAt } from '../time/zone-rules.ts';
export { ANSWER_WORDS, ToolInputError } from '../tool.ts';
export type { AnswerWords, AnyTool } from '../tool.ts';
export { validateInput } from '../validate.ts';
export type { FieldError } from '../validate.ts';

/** The zone-name reader, in a chunk of its own fetched on first need (a form's zone fields). */
export const loadZoneNames = () => import('../time/zone-names.ts');
/** The holiday catalogue and country-name reader, in chunks of their own (a region field's list). */
export const loadHolidayNames = () => Promise.all([import('../holidays/calendar-data.ts'), import('../holidays/jurisdiction-names.ts')]);
/** The Sun's position at a place (astronomy-engine), in a chunk of its own (the world clock's day and night). */
export const loadSunPosition = () => import('../sky/sun-position.ts');
