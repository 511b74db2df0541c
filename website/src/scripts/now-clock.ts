/// <reference lib="dom" />
/**
 * Where a calculator's answer is the current time (time in a zone, the converter's now, local time at
 * coordinates), a clock under it ticks every second (issue 32): each zone's wall time to the second from
 * the answer's own UTC offsets, with no recomputation and no Intl zone data. It shows while the answer's
 * instant is this minute, and goes for an answer about another moment.
 */
import { formatWall } from '../../../engine/browser/index.ts';

/** A current time's parts of an answer: each zone's name and UTC offset (seconds). */
function clocksOf(result: Record<string, unknown>): { zone: string; offset: number }[] {
  const one = (r: unknown) => {
    const x = r as { timezone?: string; utc_offset_seconds?: number } | undefined;
    return x && typeof x.timezone === 'string' && typeof x.utc_offset_seconds === 'number' ? [{ zone: x.timezone, offset: x.utc_offset_seconds }] : [];
  };
  return [...one(result), ...one(result.source), ...one(result.target)];
}

/** The answer's instant, when it has one (`utc_time`). */
const instantOf = (result: Record<string, unknown>) => (typeof result.utc_time === 'string' ? Date.parse(result.utc_time) : Number.NaN);

/**
 * A clock that ticks under an answer that is the current time (within the minute it was computed for):
 * each zone's wall time to the second, from the answer's own offsets. Hidden for any other answer.
 */
export function setUpTicking(form: HTMLFormElement, card: HTMLElement | null) {
  if (!card) return;
  const clock = Object.assign(document.createElement('p'), { className: 'now-clock' });
  clock.dataset.nowClock = '';
  clock.hidden = true;
  card.querySelector('[data-ai-context="direct-answer"]')?.after(clock);
  let zones: { zone: string; offset: number }[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const now = Date.now();
    clock.textContent = `Now: ${zones.map((z) => `${formatWall(now + z.offset * 1000).slice(11, 19)} in ${z.zone}`).join(', ')}`;
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    clock.hidden = true;
  };
  form.addEventListener('calculator:reset', stop);
  form.addEventListener('calculator:result', (event) => {
    const { result } = (event as CustomEvent<{ result: Record<string, unknown> }>).detail;
    zones = clocksOf(result);
    // A current time: the answer's instant is this minute (an instant the visitor typed for another moment does not tick).
    const current = Math.abs(instantOf(result) - Date.now()) < 60_000;
    if (!zones.length || !current) return stop();
    tick();
    clock.hidden = false;
    timer ??= setInterval(tick, 1000);
  });
}
