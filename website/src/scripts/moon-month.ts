/**
 * The month table of the moonrise and moonset page, redrawn for each answer: the tool run again in the page
 * for every day of the month of the answer's first day, at its place and in its zone (the answer names it).
 */
import { monthRun, type MoonMonthAnswer, renderMoonMonth } from '../lib/moon-month.ts';
import { answerPart } from './answer-part.ts';
import { runPageTool } from './part-tool.ts';

answerPart('[data-moon-month]', async ({ input, result }) => {
  const days = result.days as { date: string }[] | undefined;
  if (!days?.length || typeof result.timezone !== 'string') return null;
  const marked = days[0].date;
  const month = await runPageTool('moon_events', {
    lat: result.lat,
    lon: result.lon,
    timezone: result.timezone,
    ...monthRun(marked),
    ...(input.elevation_m === undefined || input.elevation_m === '' ? {} : { elevation_m: input.elevation_m }),
  });
  return renderMoonMonth(month as unknown as MoonMonthAnswer, marked);
});
