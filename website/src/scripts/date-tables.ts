/** The week number page's calendar and the calendar converter's table, redrawn for each answer. */
import { type ConvertedAnswer, renderCalendarTable, renderWeekCalendar } from '../lib/date-tables.ts';
import { answerPart } from './answer-part.ts';

answerPart('[data-week-calendar]', ({ result }) => (typeof result.date === 'string' && 'iso_week' in result ? renderWeekCalendar(result.date) : null));
answerPart('[data-calendar-table]', ({ result }) => (Array.isArray(result.calendars) ? renderCalendarTable(result as unknown as ConvertedAnswer) : null));
