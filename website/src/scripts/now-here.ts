/// <reference lib="dom" />
/**
 * A calculator opens on now and here (issue 32): the visitor's zone (Intl's resolvedOptions), its
 * city and country (lib/now-here.ts, tzdb's zone.tab; a link such as Asia/Calcutta read as its zone by
 * the engine's zone names), today on the visitor's clock; the caption names the place ("Sunrise and
 * sunset in Berlin, today"), or says what a date or geometry calculator's rule chose (lib/now-rules.ts:
 * "Days from today, 28 November 2026, to 1 January 2027", "From Tokyo, your time zone's city, to New
 * York"; a business-day count's holidays come from the page's list_holidays). Loaded by a page when it opens without inputs (it carries zone.tab's
 * positions, about 7 KB gzipped); the ticking clock of a current time is ./now-clock.ts.
 */
import { loadZoneNames, type AnyTool } from '../../../engine/browser/index.ts';
import type { NamedPlace } from '../lib/answers.ts';
import { queryString } from '../lib/calls.ts';
import { dayWords, isInstant, placeOfZone, takesPlace, wallTime, type Here } from '../lib/now-here.ts';
import { firstLetter, openingInput } from '../lib/now-rules.ts';
import { withPageData } from './page-engine.ts';
import { runPageTool } from './part-tool.ts';

/** The visitor's zone as the browser names it (UTC when it names none). */
export const visitorZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The visitor's place: their zone's city, or (a link) its zone's, or London, stated so. */
export async function visitorHere(zone = visitorZone()): Promise<Here> {
  const direct = placeOfZone(zone);
  if (!direct.stated) return direct;
  const { resolveZone } = await loadZoneNames();
  return withPageData(() => placeOfZone(zone, (z) => resolveZone(z)?.zone)).catch(() => direct);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The visitor's own wall clock (the browser's clock is in the visitor's zone), `YYYY-MM-DDTHH:MM`. */
const ownWall = (now: Date) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;

/** A country's English name (the browser's display names), or its code. */
const countryName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** The caption of the answer a page opens on: what, where and when, in words. */
export function nowCaption(name: string, tool: AnyTool, input: Record<string, unknown>, here: Here): string {
  const when = isInstant(tool) ? 'now' : 'year' in input && !('date' in input) && !('after' in input) ? 'this year' : 'today';
  const stated = here.stated ? ` (${here.stated})` : '';
  if (takesPlace(tool)) return `${name} in ${here.city}${stated}, ${when}`;
  if ('country' in input && here.country) return `${name}: ${countryName(here.country)}, your time zone's country, ${when}`;
  if ('timezone' in input || 'source_timezone' in input) return `${name}: your time zone, ${here.zone}, ${when}`;
  return `${name}, ${when}`;
}

export interface Opening {
  params: URLSearchParams;
  caption: string;
  here: Here;
  /** The places the inputs' coordinates stand for (the visitor's city; a distance's far end), named in the answer's lead. */
  places: NamedPlace[];
}

/**
 * The inputs a calculator opens on: the page's inputs (`current`, the build's) moved to now and the
 * visitor's place (lib/now-rules.ts: by a rule of the tool's, or its "now" fields); undefined for a tool
 * that opens on its worked example.
 */
export async function openingOf(tool: AnyTool, current: Record<string, unknown>, name: string): Promise<Opening | undefined> {
  const here = await visitorHere();
  const nowMs = Date.now();
  // The visitor's today and wall time from the browser's clock; another zone's (a stated place) from the engine's rules.
  const wall = here.zone === visitorZone() || !here.stated ? ownWall(new Date(nowMs)) : undefined;
  const opening = await withPageData(() => openingInput(tool, current, here, nowMs, (input) => runPageTool('list_holidays', input), wall));
  if (!opening) return undefined;
  const { input, places, says } = opening;
  const date = await withPageData(() => (wall ?? wallTime(nowMs, here.zone)).slice(0, 10));
  const today = `today, ${dayWords(date)},`;
  const hereWords = here.stated ? `${here.city} (${here.stated})` : `${here.city}, your time zone's city,`;
  const country = here.country && `${countryName(here.country)}, your time zone's country`;
  const zone = `your time zone, ${here.zone}`;
  const caption = says ? firstLetter(says({ today, here: hereWords, country, zone }), true) : nowCaption(name, tool, input, here);
  return { params: new URLSearchParams(queryString(input)), caption, here, places };
}

/**
 * The converter's "now" follows its from-zone: while its local time is the one the page filled (`filled`)
 * or empty, another from-zone moves it to that zone's current wall time (the engine's rules), so the
 * answer stays "now" rather than this zone's clock read in another.
 */
export function followNowZone(form: HTMLFormElement, filled: string) {
  const zone = form.querySelector<HTMLInputElement>('input[name="source_timezone"]');
  const time = form.querySelector<HTMLInputElement>('input[name="time"]');
  if (!zone || !time) return;
  let last = filled;
  zone.addEventListener('input', async () => {
    if (time.value !== '' && time.value !== last) return; // a time the visitor chose stays
    const { resolveZone } = await loadZoneNames();
    const wall = await withPageData(() => {
      const resolved = resolveZone(zone.value)?.zone;
      return resolved ? wallTime(Date.now(), resolved) : undefined;
    }).catch(() => undefined);
    if (!wall || (time.value !== '' && time.value !== last)) return;
    time.value = last = wall;
    time.dispatchEvent(new Event('input', { bubbles: true })); // the answer follows, as for typing
  });
}
