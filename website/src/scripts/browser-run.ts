/// <reference lib="dom" />
/**
 * How a calculator page computes in the browser: it fetches the data files the tool's module reads
 * (the packs website/browser-tools.ts found in its imports, website/src/lib/calculator-data.ts), installs
 * them where the engine's `require` finds them in a page (engine/browser/node-builtins.ts), then loads the
 * tool's own module; before each computation it fetches what the input asks for besides (a country's
 * holiday rules). Tools declared `browser: 'with-timezone'` compute here unless the input gives a place
 * (lat, lon) without a time zone: the place's zone needs the server's boundary lookup (the page then asks
 * the API with the visitor's key, or says what it needs).
 */
import type { AnyTool } from '../../../engine/tool.ts';
import { installFiles } from '../../../engine/browser/node-builtins.ts';
import { BROWSER_DATA, BROWSER_TOOLS, WITH_TIMEZONE } from 'virtual:browser-tools';

const DATA_BASE = '/calculator-data/';

const packs = new Map<string, Promise<unknown>>();

/** A pack of the site's calculator data, fetched once per page. */
function fetchPack(pack: string): Promise<unknown> {
  let p = packs.get(pack);
  if (!p) {
    p = fetch(`${DATA_BASE}${pack}.json`).then((r) => {
      if (!r.ok) throw new Error(`${DATA_BASE}${pack}.json answered ${r.status}`);
      return r.json();
    });
    p.catch(() => packs.delete(pack)); // a failed fetch is tried again next time
    packs.set(pack, p);
  }
  return p;
}

let holidays: ReturnType<typeof import('../../../engine/browser/date-holidays.ts').pageHolidays> | undefined;

async function install(pack: string): Promise<void> {
  const data = await fetchPack(pack);
  if (pack !== 'holidays') return installFiles(data as Record<string, unknown>);
  const { pageHolidays } = await import('../../../engine/browser/date-holidays.ts');
  holidays ??= pageHolidays(data as Parameters<typeof pageHolidays>[0]);
  installFiles({ 'date-holidays': holidays.Holidays });
}

/** The tool's module with its data installed, or undefined for a tool that only the server computes. */
export async function loadBrowserTool(name: string): Promise<AnyTool | undefined> {
  const loader = BROWSER_TOOLS[name];
  if (!loader) return undefined;
  await Promise.all((BROWSER_DATA[name] ?? []).map(install));
  return loader();
}

/**
 * Whether the page computes these inputs itself (after fetching what they ask for: the holiday rules of
 * the countries named); false when they need the server's data (a place's zone by the boundary lookup).
 */
export async function runsInPage(name: string, params: URLSearchParams): Promise<boolean> {
  // A place without a zone: its zone is the boundary lookup's, on the server.
  if (WITH_TIMEZONE.includes(name) && (params.has('lat') || params.has('lon')) && !params.get('timezone')?.trim()) return false;
  if (holidays) {
    const codes = ['country', 'countries'].flatMap((k) => params.getAll(k).flatMap((v) => v.split(','))).map((c) => c.trim().toUpperCase());
    const wanted = codes.filter((c) => holidays!.has(c) && !holidays!.hasRules(c));
    const parts = await Promise.all(wanted.map((c) => fetchPack(`holidays-${c}`)));
    for (const [i, part] of parts.entries()) holidays.addRules(part as { holidays: Record<string, unknown> }, wanted[i]);
  }
  return true;
}

/** What a tool's answer needs from the server when the page cannot compute it, in words. */
export const serverNeed = (name: string): string =>
  WITH_TIMEZONE.includes(name)
    ? "the place's time zone, which the server finds from its time-zone boundaries: give a time zone (timezone) to compute it here"
    : 'data held by the server';
