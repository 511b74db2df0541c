/**
 * The eclipses page's part, redrawn for each answer the form gets: the next eclipses worldwide of the
 * answer's kind and the other (the tool run again in the page, without the place), each with how it is seen
 * from the form's place (the answer's own list for its kind; the tool run with the place and its zone for
 * the other kind).
 */
import { type EclipseAnswer, renderWorldEclipses } from '../lib/eclipse-list.ts';
import { answerPart } from './answer-part.ts';
import { runPageTool } from './part-tool.ts';

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

answerPart('[data-eclipse-list]', async ({ input, result }) => {
  if (!Array.isArray(result.eclipses)) return null;
  const answer = result as unknown as EclipseAnswer;
  const located = given(input.lat) && given(input.lon);
  const named = given(input.place);
  // A place the API found from its name has no coordinates here: only the answer's own kind is known for it.
  const place = located
    ? { lat: Number(input.lat), lon: Number(input.lon), timezone: given(input.timezone) ? String(input.timezone) : undefined }
    : named
      ? { lat: Number.NaN, lon: Number.NaN }
      : undefined;
  const count = given(input.count) ? Number(input.count) : 3;
  return renderWorldEclipses(
    { kind: answer.kind, after: answer.after, count, place },
    answer,
    async (i) => (await runPageTool('eclipses', i)) as unknown as EclipseAnswer,
  );
});
