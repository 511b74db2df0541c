/**
 * The moon calendar of the moon phases page, redrawn for each answer: the month of the answer's start, in
 * the zone the form asked for (the engine's zone data, fetched then) or in UTC days. The hemisphere switch
 * turns the pictures (and the caption's words) as seen from the north or the south.
 */
import { moonMonth, renderMoonCalendar } from '../lib/moon-calendar.ts';
import { answerPart, useZoneData } from './answer-part.ts';

answerPart('[data-moon-calendar]', async ({ input, result }) => {
  if (typeof result.start !== 'string') return null;
  const zone = typeof input.timezone === 'string' && input.timezone.trim() ? input.timezone.trim() : undefined;
  if (zone) await useZoneData(document.querySelector<HTMLElement>('[data-moon-calendar]')!.dataset.zoneData!);
  return renderMoonCalendar(moonMonth(result.start, zone));
});

for (const radio of document.querySelectorAll<HTMLInputElement>('[data-seen-from]')) {
  radio.addEventListener('change', () => {
    const body = document.querySelector<HTMLElement>('[data-moon-calendar] [data-part-body]');
    if (body && radio.checked) body.dataset.seen = radio.value;
  });
}
