/** The eclipses page's list, reworded for each answer the form gets (nothing computed in the page). */
import { type EclipseAnswer, renderEclipseList } from '../lib/eclipse-list.ts';
import { answerPart } from './answer-part.ts';

answerPart('[data-eclipse-list]', ({ input, result }) => {
  if (!Array.isArray(result.eclipses)) return null;
  const place = ['lat', 'lon', 'place'].some((name) => input[name] !== undefined && input[name] !== '');
  return renderEclipseList(result as unknown as EclipseAnswer, place);
});
