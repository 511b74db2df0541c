/// <reference lib="dom" />
/**
 * A calculator page's own part (the day-length chart, the moon calendar, ...) in the browser: drawn by the
 * build for the page's built answer (lib/built-parts.ts: the build day's, or the worked example), redrawn
 * for each answer the form gets (its `calculator:result` event, the tool's input and result), back to the
 * build's drawing on `calculator:reset`. `draw` returns the part's
 * HTML (the lib renderers', which escape every text) or null when the answer is not one it draws.
 */
export interface Answer {
  input: Record<string, unknown>;
  result: Record<string, unknown>;
}

export function answerPart(selector: string, draw: (answer: Answer) => string | null | Promise<string | null>): void {
  const root = document.querySelector<HTMLElement>(selector);
  if (!root) return;
  const status = root.querySelector<HTMLElement>('[data-part-status]')!;
  const body = root.querySelector<HTMLElement>('[data-part-body]')!;
  const built = { status: status.textContent, body: body.innerHTML };
  let latest = 0;
  document.addEventListener('calculator:result', async (event) => {
    const answer = (event as CustomEvent<Answer>).detail;
    const ticket = ++latest;
    root.setAttribute('aria-busy', 'true');
    try {
      const html = await draw(answer);
      if (ticket !== latest || html === null) return;
      body.innerHTML = html;
      status.textContent = 'For your inputs.';
      root.dataset.drawn = 'answer';
    } catch (error) {
      if (ticket !== latest) return;
      body.innerHTML = '';
      status.textContent = `This could not be drawn for your inputs: ${(error as Error).message}.`;
      root.dataset.drawn = 'error';
    } finally {
      if (ticket === latest) root.removeAttribute('aria-busy');
    }
  });
  document.addEventListener('calculator:reset', () => {
    latest++;
    body.innerHTML = built.body;
    status.textContent = built.status;
    root.dataset.drawn = 'built';
  });
  root.dataset.ready = 'true';
}

/**
 * Installs the engine's tzdb release as the page carries it (the observatory's zone data) in the page's
 * engine data (website/src/scripts/page-engine.ts); fetched once, on the first answer.
 */
export const useZoneData = (path: string): Promise<void> => import('./page-engine.ts').then((engine) => engine.useZoneWindow(path));
