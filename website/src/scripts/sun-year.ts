/**
 * The month table and day-length chart of the sunrise and sunset page, redrawn for each answer: the month
 * and the year of the answer's first day at its place and zone, with sun_events' own functions over the
 * engine's zone data.
 */
import { renderSunMonthAndYear, sunYear } from '../lib/sun-year.ts';
import { answerPart, useZoneData } from './answer-part.ts';

answerPart('[data-sun-year]', async ({ result }) => {
  const days = result.days as { date: string }[] | undefined;
  if (!days?.length || typeof result.timezone !== 'string') return null;
  await useZoneData(document.querySelector<HTMLElement>('[data-sun-year]')!.dataset.zoneData!);
  const sy = sunYear(result.lat as number, result.lon as number, result.timezone, days[0].date, (result.elevation_m as number) ?? 0);
  return renderSunMonthAndYear(sy);
});
