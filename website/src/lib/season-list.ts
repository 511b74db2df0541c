/**
 * Equinoxes and solstices' part of its page: the year's four events as a table, each with the season it
 * begins in the northern and southern hemispheres and that season's length (to the next event; the
 * December solstice's season runs to the next year's March equinox, which the caller gives: the build from
 * the seasons tool's own seasonEvents, the page from the table of those the build wrote into it), and the
 * Earth's perihelion and aphelion in a sentence. Times as the answer writes them: local with a zone, UTC
 * otherwise. Nothing is computed here but differences of the answer's instants.
 */
import { daysText, escapeHtml, whenHtml, whenText } from './tool-parts.ts';

interface SeasonEvent {
  event: string;
  at: string;
  local_time?: string;
  distance_au?: number;
}
export interface SeasonsAnswer {
  year: number;
  events: SeasonEvent[];
}

const FOUR = [
  { event: 'march_equinox', name: 'March equinox', north: 'spring', south: 'autumn' },
  { event: 'june_solstice', name: 'June solstice', north: 'summer', south: 'winter' },
  { event: 'september_equinox', name: 'September equinox', north: 'autumn', south: 'spring' },
  { event: 'december_solstice', name: 'December solstice', north: 'winter', south: 'summer' },
] as const;

export interface Season {
  event: string;
  name: string;
  north: string;
  south: string;
  /** The event's time as the answer writes it (local with a zone). */
  time: string;
  /** Until the next event, milliseconds. */
  lengthMs: number;
}

/** The four seasons a year's answer begins, with their lengths (the last to `nextEquinoxMs`, the next year's March equinox). */
export function seasonsOf(answer: SeasonsAnswer, nextEquinoxMs: number): Season[] {
  const find = (name: string) => answer.events.find((e) => e.event === name)!;
  const ends = [...FOUR.slice(1).map((f) => Date.parse(find(f.event).at)), nextEquinoxMs];
  return FOUR.map((f, i) => {
    const e = find(f.event);
    return { ...f, time: e.local_time ?? e.at, lengthMs: ends[i] - Date.parse(e.at) };
  });
}

/** The March equinoxes of `first`..`last` as the build writes them into the page: whole epoch seconds, comma-separated. */
export const equinoxTable = (first: number, equinoxMs: number[]): string => `${first}:${equinoxMs.map((ms) => Math.round(ms / 1000)).join(',')}`;

/** The March equinox of `year` from such a table (epoch ms), undefined outside it. */
export function equinoxFromTable(table: string, year: number): number | undefined {
  const [first, list] = table.split(':');
  const seconds = list?.split(',')[year - Number(first)];
  return seconds ? Number(seconds) * 1000 : undefined;
}

/** The table of the four events and the apsides' sentence; `zone` is the form's timezone (the answer's local times are in it). */
export function renderSeasons(answer: SeasonsAnswer, nextEquinoxMs: number, zone?: string): string {
  const rows = seasonsOf(answer, nextEquinoxMs)
    .map(
      (s) =>
        `<tr data-event="${s.event}"><th scope="row">${s.name}</th><td><time datetime="${escapeHtml(s.time)}">${whenHtml(s.time)}</time></td>` +
        `<td>${s.north} in the north, ${s.south} in the south</td><td data-length-ms="${s.lengthMs}">${daysText(s.lengthMs)}</td></tr>`,
    )
    .join('');
  const apsides = answer.events
    .filter((e) => e.event === 'perihelion' || e.event === 'aphelion')
    .map(
      (e) =>
        `${e.event === 'perihelion' ? 'perihelion (nearest the Sun)' : 'aphelion (farthest from the Sun)'} ${escapeHtml(whenText(e.local_time ?? e.at))}, ${e.distance_au} AU`,
    );
  const where = zone ? `local time in ${escapeHtml(zone)}` : 'UTC';
  return (
    `<section class="table-scroll" tabindex="0" aria-label="The seasons (scrolls sideways when narrow)"><table class="season-table"><caption>The seasons of ${answer.year} (${where}): each event, the season it begins and how long that season lasts</caption>` +
    `<thead><tr><th scope="col">Event</th><th scope="col">Date and time</th><th scope="col">Begins</th><th scope="col">Season lasts</th></tr></thead><tbody>${rows}</tbody></table></section>` +
    (apsides.length ? `<p>The Earth in ${answer.year}: ${apsides.join('; ')}.</p>` : '')
  );
}
