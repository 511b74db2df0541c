/**
 * The equinoxes and solstices page's table, redrawn for each answer; the next year's March equinox (the
 * end of the last season) comes from the table of them the build wrote into the page.
 */
import { equinoxFromTable, renderSeasons, type SeasonsAnswer } from '../lib/season-list.ts';
import { answerPart } from './answer-part.ts';

answerPart('[data-season-list]', ({ input, result }) => {
  if (!Array.isArray(result.events) || typeof result.year !== 'number') return null;
  const zone = typeof input.timezone === 'string' && input.timezone.trim() ? input.timezone.trim() : undefined;
  const next = equinoxFromTable(document.querySelector<HTMLElement>('[data-season-list]')!.dataset.marchEquinoxes ?? '', result.year + 1);
  if (next === undefined) throw new Error(`the March equinox of ${result.year + 1} is not in this page`);
  return renderSeasons(result as unknown as SeasonsAnswer, next, zone);
});
