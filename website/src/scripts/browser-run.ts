/// <reference lib="dom" />
/**
 * How a calculator page computes in the browser: it loads the module that declares the tool (its
 * `calculator.answer` words every answer, the API's too), and for a tool declared to run in a page it
 * computes with it over the page's engine data (website/src/scripts/page-engine.ts), fetching each pack
 * of data as the computation turns out to read it (the tzdb release, CLDR's tables, a country's holiday
 * rules). Tools declared `browser: 'with-timezone'` compute here unless the input gives a place (lat,
 * lon) without a time zone: the place's zone needs the server's boundary lookup (the page then asks the
 * API with the visitor's key, or says what it needs).
 */
import { type AnyTool, loadHolidayNames, loadZoneNames } from '../../../engine/browser/index.ts';
import { queryReader } from '../../../service/query.ts';
import { TOOL_MODULES } from 'virtual:browser-tools';
import { withPageData } from './page-engine.ts';

export { withPageData };

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

/** The module that declares a tool (for its answer sentence), or undefined for a tool without a page. */
export async function loadToolDeclaration(name: string): Promise<AnyTool | undefined> {
  return TOOL_MODULES[name]?.();
}

/** The tool's module when the page computes it, or undefined for a tool that only the server computes. */
export async function loadBrowserTool(name: string): Promise<AnyTool | undefined> {
  const tool = await loadToolDeclaration(name);
  return tool?.calculator?.browser ? tool : undefined;
}

const BOUNDARY_LOOKUP = "the place's time zone, which the server finds from its time-zone boundaries: give a time zone (timezone) to compute it here";
const placeNames = (names: string[]) =>
  `the server's places index to read ${names.map((n) => `'${n}'`).join(', ')} as a place (this page reads time-zone names, abbreviations, offsets, Windows IDs, country codes and the names of the site's list of places)`;

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
 * Whether the page computes these inputs itself; false when they need the server's data: a place's zone
 * (the boundary lookup), or a zone input the page cannot read as a zone (a place name: the places index).
 */
export async function runsInPage(name: string, params: URLSearchParams): Promise<boolean> {
  need = '';
  const participants = participantsOf(params);
  // A place without a zone: its zone is the boundary lookup's, on the server.
  const placed = (p: { has: (k: string) => boolean; get: (k: string) => unknown }) => (p.has('lat') || p.has('lon')) && !p.get('timezone');
  const located = participants.some((p) => p.lat !== undefined || p.lon !== undefined || p.place !== undefined);
  const withTimezone = (await loadToolDeclaration(name))?.calculator?.browser === 'with-timezone';
  if ((withTimezone && placed({ has: (k) => params.has(k), get: (k) => params.get(k)?.trim() })) || located) {
    need = BOUNDARY_LOOKUP;
    return false;
  }
  const zoneInputs = [
    ...[...params].filter(([k, v]) => k.endsWith('timezone') && v.trim()).map(([, v]) => v.trim()),
    ...participants.map((p) => p.timezone).filter((z): z is string => typeof z === 'string' && z.trim() !== ''),
  ];
  if (zoneInputs.length) {
    const { resolveZone, zoneInputProblem } = await loadZoneNames();
    const unread = await withPageData(() => zoneInputs.filter((z) => !resolveZone(z) && !zoneInputProblem(z)));
    if (unread.length) {
      need = placeNames(unread);
      return false;
    }
  }
  return true;
}

/** What the last inputs runsInPage refused need from the server, in words. */
export const serverNeed = (_name: string): string => need || 'data held by the server';

/**
 * The regions (subdivisions) of a country as the holiday data names them, for a region field's list
 * (the holiday tools' pages, which compute here); [] when the country has none.
 */
export async function subdivisionsOf(country: string): Promise<{ code: string; name: string }[]> {
  const text = country.trim();
  if (!text) return [];
  const [{ supportedCountries }, { resolveCountry }] = await loadHolidayNames();
  return withPageData(() => {
    const resolved = resolveCountry(text);
    const code = 'code' in resolved ? resolved.code : text.toUpperCase();
    return supportedCountries().find((c) => c.code === code)?.subdivisions ?? [];
  });
}

/** Whether a region (code or name) is one of the country's (code or name); undefined while the country is not read (typed halfway). */
export async function regionOfCountry(country: string, region: string): Promise<boolean | undefined> {
  const [, { resolveCountry, resolveSubdivision }] = await loadHolidayNames();
  return withPageData(() => {
    const resolved = resolveCountry(country.trim());
    return 'code' in resolved ? 'code' in resolveSubdivision(resolved.code, region) : undefined;
  });
}
