/**
 * What every page and discovery file reads: the site's origins and the calculators, taken from the
 * engine's registry at build time. Presentation only; every number comes from the engine.
 */
import './engine-server.ts';
import { z } from 'zod';
import { registry } from '../../../engine/index.ts';
import { EXAMPLE_CLOCK, exampleInput, FAMILIES, type AnyTool, type CalculatorMeta, type ToolContext } from '../../../engine/index.ts';
import { curlCommand as curlWith } from './calls.ts';
import { calculatorPath } from '../../../service/links.ts';

const trimSlash = (s: string) => s.replace(/\/+$/, '');
export const SITE_URL = trimSlash(process.env.SITE_URL ?? 'http://localhost:4321');
export const API_BASE_URL = trimSlash(process.env.API_BASE_URL ?? 'http://localhost:8787');
export const SITE_NAME = 'Time & Coordinate Calculators';
export const SITE_SUMMARY =
  'Calculators for time zones, dates, business days, holidays, geodesic distance, the Sun and the planets. ' +
  'Every page is built from the same engine that answers the HTTP API and the MCP tools.';

/** The clock a default result is computed with (the examples' own), so a build is reproducible. */
export const BUILD_CLOCK_ISO = EXAMPLE_CLOCK;
export const buildContext: ToolContext = { now: () => new Date(BUILD_CLOCK_ISO) };

/** Legacy calculator slugs and where they moved (answered with 308 by the site server and `_redirects`). */
export const LEGACY_REDIRECTS: Record<string, string> = {
  'day-counter': 'date-difference',
  'great-circle-distance': 'distance',
  'solar-position': 'sun-position',
};

export interface Calculator {
  tool: AnyTool;
  /** With its category: the heading of the tool's family (engine/tool.ts FAMILIES). */
  meta: CalculatorMeta & { name: string; category: string; keywords: string[] };
  /** The input of the tool's first worked example: the page's default state. */
  example: Record<string, unknown>;
  slug: string;
  path: string;
  url: string;
}

export const calculators: Calculator[] = registry
  .filter((t) => t.calculator)
  .map((tool) => {
    const c = tool.calculator!;
    if (!/^[a-z0-9-]+$/.test(c.slug)) throw new Error(`calculator slug must match ^[a-z0-9-]+$: ${c.slug}`);
    const meta = { ...c, name: c.name ?? tool.title, category: FAMILIES[tool.family].title, keywords: c.keywords ?? [] };
    const path = calculatorPath(c.slug);
    return { tool, meta, example: exampleInput(tool), slug: c.slug, path, url: SITE_URL + path };
  });

export const absolute = (path: string) => SITE_URL + path;

/** The engine's answer for an input, exactly as the API serialises it (output schema applied). */
export async function solve(tool: AnyTool, input: unknown, ctx: ToolContext = buildContext): Promise<unknown> {
  const parsed = tool.input.parse(input);
  return tool.output.parse(await tool.run(parsed, ctx));
}

export interface InputField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** The tool's inputs, read from its JSON Schema (the same one OpenAPI and MCP publish). */
export function inputFields(tool: AnyTool): InputField[] {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string | string[]; description?: string; anyOf?: { type?: string }[]; items?: { type?: string } }>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const types = p.type ? [p.type].flat() : (p.anyOf ?? []).map((a) => a.type ?? 'value');
    const type = types.map((t) => (t === 'array' && p.items?.type ? `array of ${p.items.type}` : t)).join(' or ') || 'value';
    return { name, type, required: (schema.required ?? []).includes(name), description: p.description ?? '' };
  });
}

/** `GET /v1/x?a=1&b=2` or a JSON POST, as a curl command against the live API. */
export const curlCommand = (tool: AnyTool, input: Record<string, unknown>) => curlWith(tool, input, API_BASE_URL);

export { describeInput, mcpCall } from './calls.ts';

/**
 * A coordinate pair of a calculator's form that a place name can fill: the tool takes `{prefix}place`
 * beside `{prefix}lat` and `{prefix}lon` (engine/places/place-input.ts adds it to every such tool).
 */
export interface PlacePair {
  prefix: string;
  /** The field's label: Place, From place, To place. */
  label: string;
  /** The zone field a chosen place's zone fills (the plain pair of a tool with `timezone`). */
  zone?: string;
  /** Whether the tool needs the pair when no place is given (eclipses' local circumstances do not). */
  needed: boolean;
}

const PAIR_LABELS: Record<string, string> = { '': 'Place', from_: 'From place', to_: 'To place' };

/** The pairs of a tool's form that a place search fills, in the order of their fields. */
export function placePairs(tool: AnyTool): PlacePair[] {
  const names = new Set(inputFields(tool).map((f) => f.name));
  const shape = (tool.input as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.keys(PAIR_LABELS)
    .filter((p) => names.has(`${p}place`) && names.has(`${p}lat`) && names.has(`${p}lon`))
    .map((prefix) => {
      const lat = shape[`${prefix}lat`] as z.ZodType & { unwrap?: () => z.ZodType };
      const needed = !(lat.unwrap?.() ?? lat).safeParse(undefined).success;
      return { prefix, label: PAIR_LABELS[prefix], needed, ...(prefix === '' && names.has('timezone') ? { zone: 'timezone' } : {}) };
    });
}
