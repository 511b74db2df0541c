/** The calendar converter's table, rewritten for each answer. */
import { type ConvertedAnswer, renderCalendarTable } from '../lib/calendar-table.ts';
import { answerPart } from './answer-part.ts';

answerPart('[data-calendar-table]', ({ result }) => (Array.isArray(result.calendars) ? renderCalendarTable(result as unknown as ConvertedAnswer) : null));
