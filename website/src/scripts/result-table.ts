/**
 * The "In detail" table of a list answer (holidays, occurrences, places, bodies), redrawn for each answer
 * the form gets, whether the page computed it or the API answered it.
 */
import { renderResultTable } from '../lib/result-table.ts';
import { answerPart } from './answer-part.ts';

const tool = document.querySelector<HTMLElement>('[data-result-table]')?.dataset.tool ?? '';
answerPart('[data-result-table]', ({ result }) => renderResultTable(tool, result) || '<p>Nothing to list for these inputs.</p>');
