/**
 * The one shape every calculation has. A tool is declared once here and every front end
 * (HTTP routes, MCP tools, OpenAPI, status inventory, calculator pages) is derived from it.
 */
import type { z } from 'zod';
import { WEEKDAYS } from './instant.ts';
import type { WorkMeter, WorkRule } from './work.ts';
import type { FormLabel } from './form-labels.ts';

/**
 * The families: the one grouping of the tools. A family's name is its folder (engine/<family>/), its MCP
 * toolset (`--toolsets time,date`: a client loads the families it needs and pays for those tools only)
 * and its calculator pages' category, whose heading is its `title`. The status document's families (the
 * contract's list) are read off each route by service/inventory.ts, so the published URL paths stay.
 */
export const FAMILIES = {
  time: { title: 'Time', description: 'Current time, local time at coordinates, time in a zone, converting between zones' },
  date: { title: 'Dates', description: 'Date differences, adding to dates, business days between dates, week numbers, calendar conversion' },
  holidays: { title: 'Holidays', description: 'Public holidays and business days by country and subdivision' },
  geo: { title: 'Geography', description: 'WGS84 distances, midpoints, bounding boxes, places nearby, terrain elevation' },
  places: { title: 'Places', description: 'Places by name in any language: coordinates, time zone and population (GeoNames)' },
  sky: {
    title: 'Sun, Moon and planets',
    description: 'The Sun, Moon and planets: sun position, sunrise and twilights, moon phases, seasons, eclipses, the sky from a place, ephemeris',
  },
  planning: { title: 'Planning', description: 'Meetings across time zones and recurring events' },
  utility: { title: 'Utility', description: 'The daily tagline' },
} as const;
export type Family = keyof typeof FAMILIES;
export const FAMILY_NAMES = Object.keys(FAMILIES) as Family[];

/** MCP's word for a family (`--toolsets`, `MCP_TOOLSETS`, `toolsets://catalogue`): the same groups, the same names. */
export type Toolset = Family;
export const TOOLSET_NAMES: Toolset[] = FAMILY_NAMES;

/**
 * How the cache middleware may store a result:
 * - `deterministic`: same input, same output, forever;
 * - `deterministic-unless-now`: deterministic when the input names its instant or date, never when it
 *   falls back to the clock (the tool's `usesClock` says which);
 * - `never`: depends on the clock every time.
 */
export type CachePolicy = 'deterministic' | 'deterministic-unless-now' | 'never';

/** A source of terrain elevation (a third-party service), injected so tests can use a local one. */
export interface ElevationProvider {
  /** Provider and data set, as named in provenance (e.g. "Open-Meteo", "Copernicus DEM GLO-90"). */
  readonly provider: string;
  readonly dataset: string;
  /**
   * Elevation in metres of each point, in order. Throws ToolUnavailableError when the provider cannot
   * answer; never returns an invented value.
   */
  elevations(points: readonly { lat: number; lon: number }[]): Promise<number[]>;
}

/** What a tool may use besides its input: injected so tests can pin the clock and the providers. */
export interface ToolContext {
  /** The current instant. */
  now: () => Date;
  /** Terrain elevation; absent where no provider is configured (the tool then throws ToolUnavailableError). */
  elevation?: ElevationProvider;
  /**
   * The form of the answer's `provenance`: compact (releases and method ids; the default) or full (with
   * each id's long explanation). engine/provenance-catalogue.ts builds both.
   */
  provenance?: 'compact' | 'full';
  /**
   * Work spent in loops no estimate foresees (engine/work.ts); absent in callers that do not price
   * calls (the site's pages, tests).
   */
  meter?: WorkMeter;
}

export const systemContext: ToolContext = { now: () => new Date() };

/** Calculator page metadata (drives the website). The page's category is the tool's family. */
export interface CalculatorMeta<O extends z.ZodType = z.ZodType> {
  slug: string;
  name?: string;
  formula: string;
  assumptions: string[];
  keywords?: string[];
  /**
   * Where the calculator page computes answers. True: on the visitor's machine, with the tool's own module
   * and the shipped data it reads (tz rules, holiday rules, CLDR tables: the page's engine data,
   * engine/browser/page-data.ts, fetched as the computation reads it). `'with-timezone'`: there too when the input names a time zone; without one
   * the place's zone needs the server's boundary lookup, so the page asks the API. False: only on the
   * server (the boundary lookup, the places index, elevation).
   */
  browser: boolean | 'with-timezone';
  /**
   * How the page's form shows each input, by input name: label, unit and control (engine/form-labels.ts:
   * `{ date: dateInput('Date') }`). {@link defineTool} asks for every input of the schema.
   */
  labels: Readonly<Record<string, FormLabel>>;
  /**
   * The page's direct answer: one plain sentence about a result (reads its fields; computes nothing).
   * A page loads the tool's module and words every answer with it, the API's too for a tool the server
   * computes (test/website/answers.test.ts checks it over the examples).
   */
  answer: (result: z.output<O>, words: AnswerWords) => string;
}

/** Recursively optional: the part of an answer an example pins. */
export type DeepPartial<T> = T extends readonly (infer E)[] ? readonly DeepPartial<E>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/**
 * A worked example: an input, and part of the answer it must give, with the published source those
 * values come from. The registry test runs every example (clock pinned to {@link EXAMPLE_CLOCK}) and
 * matches `expect`; OpenAPI, the docs, the MCP tool and the calculator page show the first one.
 */
export interface ToolExample<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: z.input<I>;
  expect: DeepPartial<z.input<O>>;
  /** Where the expected values come from (a published table, a standard, an almanac). */
  source: string;
}

/** The clock examples run at: the instant the worked examples and the site's build-time answers use. */
export const EXAMPLE_CLOCK = '2026-11-22T08:00:00Z';

/**
 * What a call does to the world, declared per tool and given to MCP clients as the tool's annotations
 * (destructiveHint is the opposite of readOnlyHint).
 */
export interface ToolAnnotations {
  /** Changes nothing anywhere (every calculation). */
  readOnlyHint: boolean;
  /**
   * Calling again with the same input gives the same answer and has no further effect. The contract sets
   * it false for "now"-dependent tools (their answer moves with the clock), true for every other.
   */
  idempotentHint: boolean;
  /** Asks a third party (a network provider) rather than only the shipped data. */
  openWorldHint: boolean;
}

/** A calculation over shipped data: reads nothing outside the process, changes nothing. */
export const CALCULATION: ToolAnnotations = Object.freeze({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });

/**
 * A calculation whose answer can come from the clock (an omitted instant or date means now or today): it
 * changes nothing, but the same call later can answer differently, so it is not idempotent (the contract's
 * rule for "now"-dependent tools).
 */
export const CLOCK_DEPENDENT: ToolAnnotations = Object.freeze({ readOnlyHint: true, idempotentHint: false, openWorldHint: false });

export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** MCP tool name: snake_case, verb first. */
  name: string;
  /** Its family: the folder its module is in, its MCP toolset and its page's category ({@link FAMILIES}). */
  family: Family;
  title: string;
  /**
   * Written for a model and a developer, at most 400 characters (every client reads every tool's before
   * its first call): what it answers, when to call it instead of reasoning, units, limits. No worked
   * examples: `examples` feed the docs, OpenAPI and the calculator page.
   */
  description: string;
  http: { method: 'GET' | 'POST'; path: string };
  auth: 'public' | 'key';
  cache: CachePolicy;
  /** For `deterministic-unless-now`: true when this input falls back to the clock. */
  usesClock?: (input: z.output<I>) => boolean;
  input: I;
  output: O;
  /** Worked examples, the first one shown everywhere (OpenAPI, docs, MCP, the calculator page). */
  examples: readonly [ToolExample<I, O>, ...ToolExample<I, O>[]];
  annotations: ToolAnnotations;
  calculator?: CalculatorMeta<O>;
  /**
   * How the call's work grows with its input (engine/work.ts): an upper bound in work units and the field
   * that drives it. Absent: an ordinary call, one credit. Over the limit: a 400 naming that field, before
   * any work; otherwise the call costs one credit per 25 ms of declared work.
   */
  work?: WorkRule<z.output<I>>;
  /** How many seconds a client may reuse this answer, when that is not "forever" or "never". */
  maxAgeSeconds?: (input: z.output<I>, ctx: ToolContext) => number | undefined;
  run: (input: z.output<I>, ctx: ToolContext) => z.input<O> | Promise<z.input<O>>;
}

export type AnyTool = ToolDefinition<z.ZodType, z.ZodType>;

/** The input of a tool's first worked example. */
export const exampleInput = (tool: AnyTool): Record<string, unknown> => tool.examples[0].input as Record<string, unknown>;

/** A label for every input of the schema (so a new input cannot reach the page's form without its words). */
type EveryInputLabelled<I extends z.ZodType> = { calculator?: { labels: { readonly [K in keyof z.input<I>]-?: FormLabel } } };

export function defineTool<I extends z.ZodType, O extends z.ZodType>(def: ToolDefinition<I, O> & EveryInputLabelled<I>): ToolDefinition<I, O> {
  if (!/^[a-z][a-z0-9_]*$/.test(def.name)) throw new Error(`tool name must be snake_case: ${def.name}`);
  return def;
}

export { asSentence, ToolInputError, ToolUnavailableError } from './errors.ts';
export {
  DATE_AND_TIME,
  dateInput,
  type FormLabel,
  latitude,
  longitude,
  measure,
  MOST_RESULTS,
  SMALLEST_POPULATION,
  textInput,
  TIME_ZONE,
  wholeNumber,
  withPlaceLabels,
} from './form-labels.ts';

/** Helpers a calculator's answer sentence may use (passed in, so the sentence stays self-contained). */
export interface AnswerWords {
  /** `1 day`, `2 days`. */
  plural: (count: number, unit: string) => string;
  /**
   * An engine time (ISO 8601 with its offset) as people read it, on its own wall clock, to the nearest
   * minute: `07:15 on Sunday 6 September 2009 (UTC−04:00)`; anything else as given.
   */
  time: (iso: string) => string;
  /**
   * The wall-clock time of an engine time to the nearest minute, `07:15`, within its own day (23:59 at most:
   * a sunset at 23:59:40 is on its date, as the page's tables write it); anything else as given.
   */
  clock: (iso: string) => string;
  /** The day of that minute, `Sunday 6 September 2009`; anything else as given. */
  day: (iso: string) => string;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ENGINE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An engine time's wall clock rounded to the minute (a carry runs into the date), and its offset. */
function wallMinute(iso: string): { at: Date; offset: string } | undefined {
  const m = ENGINE_TIME.exec(iso);
  if (!m) return undefined;
  const at = new Date(0);
  at.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  at.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6] ?? 0) + 30, 0);
  at.setUTCSeconds(0);
  return { at, offset: m[7] === 'Z' || m[7] === '+00:00' ? 'UTC' : `UTC${m[7].replace('-', '−')}` };
}

const hhmm = (at: Date) => `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
const dayText = (at: Date) => `${WEEKDAYS[(at.getUTCDay() + 6) % 7]} ${at.getUTCDate()} ${MONTH_NAMES[at.getUTCMonth()]} ${at.getUTCFullYear()}`;

export const ANSWER_WORDS: AnswerWords = {
  plural: (count, unit) => `${count} ${unit}${Math.abs(count) === 1 ? '' : 's'}`,
  time: (iso) => {
    const w = wallMinute(iso);
    return w ? `${hhmm(w.at)} on ${dayText(w.at)} (${w.offset})` : iso;
  },
  clock: (iso) => {
    const w = wallMinute(iso);
    if (!w) return iso;
    return w.at.getUTCDate() === Number(iso.slice(8, 10)) ? hhmm(w.at) : '23:59';
  },
  day: (iso) => {
    const w = wallMinute(iso);
    return w ? dayText(w.at) : iso;
  },
};
