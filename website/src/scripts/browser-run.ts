/// <reference lib="dom" />
/**
 * How a calculator page computes in the browser: it fetches the data files the tool's module reads
 * (the packs website/browser-tools.ts found in its imports, engine/browser/calculator-data.ts), installs
 * them where the engine's `require` finds them in a page (engine/browser/node-builtins.ts), then loads the
 * tool's own module; before each computation it fetches what the input asks for besides (a country's
 * holiday rules). Tools declared `browser: 'with-timezone'` compute here unless the input gives a place
 * (lat, lon) without a time zone: the place's zone needs the server's boundary lookup (the page then asks
 * the API with the visitor's key, or says what it needs).
 */
import type { AnyTool } from '../../../engine/tool.ts';
import { installFiles } from '../../../engine/browser/node-builtins.ts';
import { queryReader } from '../../../service/query.ts';
import { BROWSER_DATA, BROWSER_TOOLS, WITH_TIMEZONE } from 'virtual:browser-tools';

const DATA_BASE = '/calculator-data/';

/**
 * The tool's input from the form's fields, as the API reads the same request: a GET tool's query
 * (queryReader); a POST tool's JSON body, where a list or object typed as JSON (the meeting planner's
 * participants) is that value and the other fields are read as a query would be.
 */
export function readInput(tool: AnyTool, params: URLSearchParams): ReturnType<ReturnType<typeof queryReader>> {
  if (tool.http.method === 'GET') return queryReader(tool)(params);
  const json = new Map<string, unknown>();
  const rest = new URLSearchParams();
  for (const [key, value] of params) {
    if (/^\s*[[{]/.test(value)) {
      try {
        json.set(key, JSON.parse(value));
        continue;
      } catch {
        // not JSON: read as typed (the schema names the field)
      }
    }
    rest.append(key, value);
  }
  const { input: read, errors } = queryReader(tool)(rest);
  for (const [key, value] of json) read[key] = value;
  // In the form's order (the answer's lead names the inputs so), whichever way each was read.
  const input: typeof read = {};
  for (const key of params.keys()) if (key in read) input[key] = read[key];
  for (const [key, value] of Object.entries(read)) if (!(key in input)) input[key] = value;
  return { input, errors };
}

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

const BOUNDARY_LOOKUP = "the place's time zone, which the server finds from its time-zone boundaries: give a time zone (timezone) to compute it here";
const placeNames = (names: string[]) =>
  `the server's places index to read ${names.map((n) => `'${n}'`).join(', ')} as a place (this page reads time-zone names, abbreviations, offsets, Windows IDs and country codes)`;

/** Why the last inputs runsInPage saw need the server ('' when they did not). */
let need = '';

/** A participant of a JSON list (the meeting planner's `participants`), as typed. */
type Participant = { timezone?: unknown; lat?: unknown; lon?: unknown; place?: unknown; country?: unknown };

function participantsOf(params: URLSearchParams): Participant[] {
  try {
    const list = JSON.parse(params.get('participants') ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((p): p is Participant => typeof p === 'object' && p !== null) : [];
  } catch {
    return []; // the tool's own validation names the field
  }
}

/**
 * Whether the page computes these inputs itself (after fetching what they ask for: the holiday rules of
 * the countries named or implied by a zone); false when they need the server's data: a place's zone (the
 * boundary lookup), or a zone input the page cannot read as a zone (a place name: the places index).
 */
export async function runsInPage(name: string, params: URLSearchParams): Promise<boolean> {
  need = '';
  const participants = participantsOf(params);
  // A place without a zone: its zone is the boundary lookup's, on the server.
  const placed = (p: { has: (k: string) => boolean; get: (k: string) => unknown }) => (p.has('lat') || p.has('lon')) && !p.get('timezone');
  const located = participants.some((p) => p.lat !== undefined || p.lon !== undefined || p.place !== undefined);
  if ((WITH_TIMEZONE.includes(name) && placed({ has: (k) => params.has(k), get: (k) => params.get(k)?.trim() })) || located) {
    need = BOUNDARY_LOOKUP;
    return false;
  }
  const zoneInputs = [
    ...[...params].filter(([k, v]) => k.endsWith('timezone') && v.trim()).map(([, v]) => v.trim()),
    ...participants.map((p) => p.timezone).filter((z): z is string => typeof z === 'string' && z.trim() !== ''),
  ];
  const countries = ['country', 'countries'].flatMap((k) => params.getAll(k).flatMap((v) => v.split(',')));
  if (zoneInputs.length && (BROWSER_DATA[name] ?? []).includes('zones')) {
    const [{ resolveZone, zoneInputProblem }, { zoneCountry }] = await Promise.all([
      import('../../../engine/time/zone-names.ts'),
      import('../../../engine/time/zone-input.ts'),
    ]);
    const unread = zoneInputs.filter((z) => !resolveZone(z) && !zoneInputProblem(z));
    if (unread.length) {
      need = placeNames(unread);
      return false;
    }
    for (const p of participants) {
      const zone = typeof p.timezone === 'string' ? resolveZone(p.timezone)?.zone : undefined;
      countries.push(typeof p.country === 'string' ? p.country : ((zone && zoneCountry(zone)) ?? ''));
    }
  }
  if (holidays) {
    const codes = [...new Set(await Promise.all(countries.map(countryCode)))];
    const wanted = codes.filter((c) => holidays!.has(c) && !holidays!.hasRules(c));
    const parts = await Promise.all(wanted.map((c) => fetchPack(`holidays-${c}`)));
    for (const [i, part] of parts.entries()) holidays.addRules(part as { holidays: Record<string, unknown> }, wanted[i]);
  }
  return true;
}

/** What the last inputs runsInPage refused need from the server, in words. */
export const serverNeed = (_name: string): string => need || 'data held by the server';

/**
 * The regions (subdivisions) of a country as the holiday data names them, for a region field's list;
 * [] where the page has no holiday data (a tool the server computes) or the country has none.
 */
export async function subdivisionsOf(country: string): Promise<{ code: string; name: string }[]> {
  if (!holidays) return [];
  const [{ supportedCountries }, code] = await Promise.all([import('../../../engine/holidays/calendar-data.ts'), countryCode(country)]);
  return supportedCountries().find((c) => c.code === code)?.subdivisions ?? [];
}

/** A holiday country as typed (a code or a name such as Germany) → its code; the text upper-cased when it names none. */
async function countryCode(typed: string): Promise<string> {
  const text = typed.trim();
  if (!holidays || !text) return text.toUpperCase();
  const { resolveCountry } = await import('../../../engine/holidays/jurisdiction-names.ts');
  const resolved = resolveCountry(text);
  return 'code' in resolved ? resolved.code : text.toUpperCase();
}
