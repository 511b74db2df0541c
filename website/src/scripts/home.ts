/// <reference lib="dom" />
/**
 * The home page's first screen (issue 32): the visitor's time, ticking every second, their zone in
 * words, their device clock's offset against the API's public `GET /v1/time/utc`, and today's sunrise,
 * sunset, Moon and next public holiday for their zone's city (lib/home-facts.ts, computed here with the
 * engine's own tools over the page's data). The build's answer for London stays in the HTML until then.
 */
import { formatWall, validateInput } from '../../../engine/browser/index.ts';
import { measureOffset, offsetWords, SAMPLES } from '../lib/clock-offset.ts';
import { homeFacts, type RunTool } from '../lib/home-facts.ts';
import { loadBrowserTool } from './browser-run.ts';
import { visitorHere } from './now-here.ts';
import { withPageData } from './page-engine.ts';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector);
const say = (selector: string, text: string) => {
  const el = $(selector);
  if (el) el.textContent = text;
};

/** A tool computed in the page, as the API answers it (its schema, its run, its output schema). */
const runHere: RunTool = async (name, input) => {
  const tool = await loadBrowserTool(name);
  if (!tool) throw new Error(`${name} is not computed in pages`);
  return withPageData(async () => {
    const checked = validateInput(tool.input, input);
    if (!checked.ok) throw new Error(checked.errors.map((e) => `${e.field} ${e.message}`).join('; '));
    return tool.output.parse(await tool.run(checked.data, { now: () => new Date() })) as Record<string, unknown>;
  });
};

const countryName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

async function showOffset(apiBase: string) {
  try {
    say(
      '[data-home-offset]',
      `${offsetWords(await measureOffset(apiBase))} Measured against ${apiBase}/v1/time/utc, half the quickest of ${SAMPLES} round trips.`,
    );
  } catch {
    say('[data-home-offset]', `Could not reach the time server (${apiBase}/v1/time/utc), so your device clock's offset is not known.`);
  }
}

/** Today's date and year in the quick forms (the visitor's calendar), where the build wrote its own. */
function quickForms() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  for (const el of document.querySelectorAll<HTMLInputElement>('[data-this-year]')) el.value = String(now.getFullYear());
  for (const el of document.querySelectorAll<HTMLInputElement>('[data-today]')) el.value = today;
  for (const el of document.querySelectorAll<HTMLInputElement>('[data-year-end]')) el.value = `${now.getFullYear()}-12-31`;
}

async function setUp(root: HTMLElement) {
  quickForms();
  const apiBase = (root.dataset.apiBase ?? '').replace(/\/+$/, '');
  const offset = showOffset(apiBase);
  const here = await visitorHere();
  const facts = await homeFacts(here, Date.now(), runHere, countryName);
  const clock = $('[data-home-clock]');
  const tick = () => {
    if (clock) clock.textContent = formatWall(Date.now() + facts.offsetSeconds * 1000).slice(11, 19);
  };
  tick();
  setInterval(tick, 1000);
  say(
    '[data-home-caption]',
    here.stated ? `Your time, with today in ${here.city} (${here.stated})` : `Your time, with today in ${here.city}, your time zone's city`,
  );
  say('[data-home-day]', facts.day);
  say('[data-home-zone]', `Time zone: ${facts.zone}.`);
  say('[data-home-sun]', facts.sun);
  say('[data-home-moon]', facts.moon);
  say('[data-home-holiday]', facts.holiday);
  await offset;
  root.dataset.ready = 'true';
}

const root = $('[data-home-now]');
if (root) {
  setUp(root).catch((error: Error) => {
    say('[data-home-caption]', `Your time could not be computed here (${error.message}); the answer below is the build's.`);
    root.dataset.ready = 'true';
  });
}
