/** The week number page's calendar, redrawn for each answer. */
import { renderWeekCalendar } from '../lib/week-calendar.ts';
import { answerPart } from './answer-part.ts';

answerPart('[data-week-calendar]', ({ result }) => (typeof result.date === 'string' && 'iso_week' in result ? renderWeekCalendar(result.date) : null));
