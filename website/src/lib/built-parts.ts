/**
 * What the build draws in a calculator page's own parts below its answer (the month and year of sunrises,
 * the moon calendar, the month of moonrises, the eclipse and season lists, the week and calendar tables,
 * the converter's places, the meeting planner's timetable), for the answer the page was built with
 * (lib/now-answer.ts's pageAnswer): the build day's, for London, on a page that opens on now and here, as
 * the answer card above says; else the worked example's. Parts that need their own computation (a year of
 * sunrises, a month of moonrises, the other kind of eclipse) are computed here with the engine for that
 * answer's input, as the page's scripts (website/src/scripts/) compute them for each later answer with
 * the same lib renderers. Build time only (it runs the tools through lib/site.ts's solve).
 */
import { meetingTimetable, zoneTable } from '../../../engine/index.ts';
import { renderCalendarTable, type ConvertedAnswer } from './calendar-table.ts';
import { type ConvertAnswer, DEFAULT_TARGETS, type TargetRow } from './converter-targets.ts';
import { type EclipseAnswer, renderWorldEclipses } from './eclipse-list.ts';
import { renderIcsLink, renderSlotChoices, renderTimetable } from './meeting-planner.ts';
import { moonMonth, renderMoonCalendar } from './moon-calendar.ts';
import { monthRun, type MoonMonthAnswer, renderMoonMonth } from './moon-month.ts';
import { dayWords } from './now-here.ts';
import { renderSeasons, type SeasonsAnswer } from './season-list.ts';
import { type Calculator, solve } from './site.ts';
import { renderSunMonthAndYear, sunYear } from './sun-year.ts';
import { renderWeekCalendar } from './week-calendar.ts';

/** The answer a part is drawn for: the tool's input and result, as the page's form got them. */
export interface PartAnswer {
  input: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** What a part says it is drawn for, in words: the answer card's answer (the build day's) or the worked example. */
export const partStatus = (isNow: boolean): string => (isNow ? 'For the answer above.' : 'For the worked example.');

/** The input's time zone when it names one. */
const zoneOf = (input: Record<string, unknown>): string | undefined =>
  typeof input.timezone === 'string' && input.timezone.trim() ? input.timezone.trim() : undefined;

/** Sunrise and sunset: the month of the answer's first day and the year's day length, at its place. */
export function sunYearPart({ result }: PartAnswer): string {
  const r = result as { lat: number; lon: number; timezone: string; elevation_m: number; days: { date: string }[] };
  return renderSunMonthAndYear(sunYear(r.lat, r.lon, r.timezone, r.days[0].date, r.elevation_m));
}

/** Moon phases: the month of the answer's start, in the input's zone (else UTC days). */
export const moonCalendarPart = ({ input, result }: PartAnswer): string => renderMoonCalendar(moonMonth(result.start as string, zoneOf(input)));

/** Moonrise and moonset: the tool run for every day of the month of the answer's first day, that day marked. */
export async function moonMonthPart(calc: Calculator, { input, result }: PartAnswer): Promise<string> {
  const r = result as unknown as MoonMonthAnswer;
  const marked = r.days[0].date;
  const month = (await solve(calc.tool, {
    lat: r.lat,
    lon: r.lon,
    timezone: r.timezone,
    ...monthRun(marked),
    ...(input.elevation_m === undefined ? {} : { elevation_m: input.elevation_m }),
  })) as MoonMonthAnswer;
  return renderMoonMonth(month, marked);
}

/** Eclipses: the next ones worldwide of the answer's kind and the other, each as seen from the input's place (if any). */
export async function eclipsePart(calc: Calculator, { input, result }: PartAnswer): Promise<{ html: string; status: string }> {
  const answer = result as unknown as EclipseAnswer;
  const place = typeof input.lat === 'number' && typeof input.lon === 'number' ? { lat: input.lat, lon: input.lon, timezone: zoneOf(input) } : undefined;
  const request = { kind: answer.kind, after: answer.after, count: Number(input.count ?? 3), place };
  const html = await renderWorldEclipses(request, answer, async (i) => (await solve(calc.tool, i)) as EclipseAnswer);
  return { html, status: `the eclipses after ${dayWords(answer.after)}${place ? '' : ', no place given'}` };
}

/** Equinoxes and solstices: the year's four seasons, the last ended by the next year's March equinox. */
export const seasonPart = ({ input, result }: PartAnswer, marchEquinox: (year: number) => number): string => {
  const answer = result as unknown as SeasonsAnswer;
  return renderSeasons(answer, marchEquinox(answer.year + 1), zoneOf(input));
};

/** Week number: the month of the answer's date with its ISO weeks. */
export const weekPart = ({ result }: PartAnswer): string => renderWeekCalendar(result.date as string);

/** Calendar converter: the answer's date in every calendar. */
export const calendarPart = ({ result }: PartAnswer): string => renderCalendarTable(result as unknown as ConvertedAnswer);

/**
 * Time-zone converter: the answer in its own target zone, then the same source time in each zone of the
 * page's starting list (`extras`: lib/converter-targets.ts's, less the worked example's own zones; the
 * page's script starts from it) that the answer does not show already (the build's London source).
 */
export async function converterPart(calc: Calculator, { input, result }: PartAnswer): Promise<{ rows: TargetRow[]; extras: string[] }> {
  const answer = result as unknown as ConvertAnswer;
  const example = new Set([calc.example.source_timezone, calc.example.target_timezone]);
  const extras = DEFAULT_TARGETS.filter((z) => !example.has(z));
  const shown = new Set([answer.source.timezone, answer.target.timezone]);
  const rows: TargetRow[] = [{ typed: String(input.target_timezone ?? ''), answer }];
  for (const zone of extras.filter((z) => !shown.has(z))) {
    const convert = { time: answer.source.local_time.slice(0, 19), source_timezone: answer.source.timezone, target_timezone: zone };
    rows.push({ typed: zone, answer: (await solve(calc.tool, convert)) as ConvertAnswer });
  }
  return { rows, extras };
}

type MeetingRequest = Parameters<typeof meetingTimetable>[0];
type MeetingAnswer = Parameters<typeof meetingTimetable>[1] & { slots: Parameters<typeof renderSlotChoices>[0] };

/** Meeting planner: the proposed slots, the first slot's day as a timetable, and its .ics file stamped `stampMs`. */
export function meetingPart({ input, result }: PartAnswer, stampMs: number, host: string): { slots: string; table: string; ics: string } {
  const answer = result as unknown as MeetingAnswer;
  const request = input as unknown as MeetingRequest;
  return {
    slots: renderSlotChoices(answer.slots),
    table: answer.slots.length ? renderTimetable(meetingTimetable(request, answer, 0, zoneTable)) : '',
    ics: answer.slots.length ? renderIcsLink(answer.slots[0], 0, { stampMs, host }) : '',
  };
}
