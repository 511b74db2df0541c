/**
 * A city page's month table body: a row a local day with sunrise, sunset and daylight (sun_events) and
 * the Moon lit at local noon with the principal phase of the day (moon-calendar.ts's month, as
 * moon_events finds it). Written by the build and, for a new month, by the page (city-page-live.ts).
 */
import { type SunDay, phaseWords, shortDay, sunCells } from './city-pages-words.ts';
import { type MoonDay, moonPicture } from './moon-calendar.ts';

/** The rows of a month, `today`'s marked as the current date. */
export function monthRows(sun: SunDay[], moon: MoonDay[], today: string): string {
  const moonByDate = new Map(moon.map((m) => [m.date, m]));
  return sun
    .map((d) => {
      const m = moonByDate.get(d.date);
      const lit = m
        ? `${moonPicture(m.illumination, m.waxing)}${Math.round(m.illumination * 100)} %${m.principal ? `<strong class="phase">${phaseWords(m.principal.phase)}</strong>` : ''}`
        : '';
      return (
        `<tr data-date="${d.date}"${d.date === today ? ' aria-current="date"' : ''}><th scope="row" class="nowrap">${shortDay(d.date)}</th>` +
        `${sunCells(d)}<td>${lit}</td></tr>`
      );
    })
    .join('');
}
