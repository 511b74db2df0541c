/**
 * The JSON Schemas the MCP tools/list shows: zod 4's `z.toJSONSchema` of each tool's schema, rewritten
 * into the subset every client reads alike (draft-07 and 2020-12 readers, and the single-`type` dialects
 * some clients map tool schemas onto). The MCP Inspector's `--strict` mode (2.4 and later) warns about
 * anything outside it; `test/mcp/json-schema.test.ts` runs the same checks and more over every tool.
 *
 * - no `$schema`: without it MCP reads 2020-12, and nothing here reads differently under draft-07;
 * - no `type` arrays: `type: ["string", "null"]` becomes `anyOf: [{type: "string"}, {type: "null"}]`,
 *   each keyword going to the branch of the type it constrains;
 * - no ±9007199254740991 bounds, which zod writes on every integer (noise, not a limit of ours);
 * - `const: x` is `enum: [x]` (the same constraint; OpenAPI 3.0 readers have no `const`);
 * - no `propertyNames: {type: "string"}`, which every JSON object key satisfies.
 *
 * tools/list shows these schemas ({@link listedTool}; mcp/server.ts serves the list).
 *
 * The list is read before every conversation, so it is held to a budget (test/mcp/tools-list-budget.test.ts).
 * What it keeps: every field name, type, enum and required input, and each tool's description. What it
 * leaves out, and why, is weighed below (output outline, input string lengths); the texts follow one
 * rule: a description says what the schema cannot, never a bound, default or format the schema states,
 * nor the output field names. What every tool shares (instants with Z or an offset or epoch s/ms by digit
 * count, YYYY-MM-DD dates, WGS84 decimal degrees north and east positive) is said once, in the server's
 * instructions (mcp/server.ts) and the OpenAPI description, so `lat` and `lon` need no text beside their
 * bounds and an instant reads `ISO-8601 with Z/offset, or epoch s/ms`. With 33 tools that took the list
 * from 59,769 bytes to 51,306 (descriptions 11,441 → 8,623, input schemas 18,942 → 15,745, output
 * schemas 22,866 → 20,418), the first 23 tools from 41,730 to 34,250. The OpenAPI document keeps the
 * full schemas (service/openapi.ts).
 */
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AnyTool } from '../engine/index.ts';

export type JsonSchema = { [keyword: string]: unknown };

/** The keywords that constrain only values of one type, so a `type` array's branches can take them. */
const KEYWORDS_OF_TYPE: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems'],
  object: [
    'properties',
    'patternProperties',
    'additionalProperties',
    'unevaluatedProperties',
    'propertyNames',
    'required',
    'dependentRequired',
    'dependentSchemas',
    'minProperties',
    'maxProperties',
  ],
};
KEYWORDS_OF_TYPE.integer = KEYWORDS_OF_TYPE.number;

/** Keywords whose value is one subschema, a list of them, or a map of them (walked by {@link portable}). */
const ONE = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'contentSchema',
];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `type: [a, b]` → `anyOf: [{type: a, ...a's keywords}, {type: b, ...b's keywords}]`; the rest stays. */
function splitTypeArray(node: JsonSchema, types: readonly unknown[]): JsonSchema {
  const rest: JsonSchema = { ...node };
  delete rest.type;
  for (const keyword of Object.values(KEYWORDS_OF_TYPE).flat()) delete rest[keyword];
  const branches = types.map((type) => {
    const branch: JsonSchema = { type };
    for (const keyword of KEYWORDS_OF_TYPE[String(type)] ?? []) if (keyword in node) branch[keyword] = node[keyword];
    return tidy(branch);
  });
  if (!Array.isArray(rest.anyOf)) return { ...rest, anyOf: branches };
  // Already an anyOf: both must hold.
  const { anyOf, ...others } = rest;
  return { ...others, allOf: [{ anyOf }, { anyOf: branches }] };
}

/** The rewrites of one node that do not depend on its subschemas. */
function tidy(node: JsonSchema): JsonSchema {
  if (node.type === 'integer') {
    if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
    if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  }
  if ('const' in node) {
    const { const: value, ...rest } = node;
    node = { ...rest, enum: [value] };
  }
  const names = node.propertyNames;
  if (isSchema(names) && Object.keys(names).length === 1 && names.type === 'string') delete node.propertyNames;
  return node;
}

/**
 * Output schemas are listed as an outline: every field name, its type (`type: "object"` included on
 * nested objects) and enums, without the field texts, `required`, `additionalProperties: false` and
 * the bounds of numbers, strings and arrays. Every output field name carries its unit (`distance_km`,
 * `azimuth_deg`, `utc_offset_seconds`) or is a count, and the texts and bounds stay in the OpenAPI
 * document (`openapi://service`); so the list a client pays for in every conversation stays within its
 * budget (test/mcp/tools-list-budget.test.ts). Weighed, bytes of the whole list (31 tools):
 *
 * - bounds (about 700 bytes): dropped. They describe what we answer (a bearing in [0, 360), a latitude
 *   in [-90, 90]), nothing a model must obey; a client validating structuredContent against a looser
 *   schema still accepts every answer.
 * - `type: "object"` beside `properties` in nested objects (about 640 bytes): kept. Without it the
 *   node constrains only objects and accepts anything else, Ajv's strict mode (`strictTypes`, which
 *   the SDK documents as a client option) refuses to compile it, and readers of single-`type` dialects
 *   lose the node's type (test/mcp/schema-lint.ts: `object-type`).
 * - `enum`s, including one-value ones (`sla_claimed: [false]`): kept, they name the values; the `type`
 *   beside a string or boolean enum (about 640 bytes) is dropped, the values say it (`{"enum": ["land",
 *   "ocean"]}`), and a validator reads the enum alone the same.
 */
const OUTLINE_DROPS = new Set([
  'description',
  'additionalProperties',
  'required',
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  ...['minLength', 'maxLength', 'minItems', 'maxItems'],
]);

/**
 * Input schemas are listed whole (every bound a caller must keep: the texts rely on them, a count's
 * 1..100, a year's 1900..2200) but for the length bounds of strings (about 430 bytes): a place name's
 * 1..200 characters, a subdivision code's one or more. No name a model would send comes near them (an
 * empty subdivision is described as "omit"); the server still checks them and names the field and the
 * rule in its error, and the OpenAPI document lists them.
 */
const INPUT_DROPS = new Set(['minLength', 'maxLength']);

/** What a listing leaves out: `full` (the OpenAPI-like schema, made portable), `input`, `outline` (output). */
const DROPS = { full: new Set<string>(), input: INPUT_DROPS, outline: OUTLINE_DROPS };
export type Listing = keyof typeof DROPS;

/**
 * Every answer's `provenance` is outlined as an object and no more: its ids (method, data releases) are
 * explained by the `provenance://methods` resource, and its full schema (with provenance=full's
 * `explanations`) is in the OpenAPI document; spelled out in each of the tools it would cost the list
 * about 4 KB. The same for the `place` and `place_alternatives` a place-name input adds (same shape in
 * every tool that takes coordinates: engine/places/place-input.ts; spelled out in the OpenAPI document), at
 * any depth: each result of a batch of points or pairs carries its own (about 1.3 KB in
 * get_local_times and geo_distance_batch).
 */
function outlineShared(schema: JsonSchema): JsonSchema {
  const node: JsonSchema = { ...schema };
  if (isSchema(schema.items)) node.items = outlineShared(schema.items);
  if (Array.isArray(schema.anyOf)) node.anyOf = schema.anyOf.map((branch) => (isSchema(branch) ? outlineShared(branch) : branch));
  const properties = schema.properties;
  if (!isSchema(properties)) return node;
  const outlined: JsonSchema = {};
  for (const [key, value] of Object.entries(properties)) {
    if (key === 'provenance' || key.endsWith('place')) outlined[key] = { type: 'object' };
    else if (key.endsWith('place_alternatives')) outlined[key] = { type: 'array', items: { type: 'object' } };
    else outlined[key] = isSchema(value) ? outlineShared(value) : value;
  }
  return { ...node, properties: outlined };
}

/** An outline's enum of strings or booleans says its type: `{type: "string", enum: [...]}` → `{enum: [...]}`. */
function enumOnly(node: JsonSchema): JsonSchema {
  const { type, enum: values } = node;
  if ((type !== 'string' && type !== 'boolean') || !Array.isArray(values) || !values.every((v) => typeof v === type)) return node;
  const { type: _type, ...rest } = node;
  return rest;
}

/** A schema made portable (see the file comment), less what its listing drops: a new object, the input untouched. */
export function portable(schema: JsonSchema, listing: Listing = 'full'): JsonSchema {
  const node: JsonSchema = {};
  const drops = DROPS[listing];
  const walk = (v: unknown) => (isSchema(v) ? portable(v, listing) : v);
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === '$schema') continue;
    if (drops.has(keyword) && (keyword !== 'additionalProperties' || value === false)) continue;
    if (ONE.includes(keyword) && isSchema(value)) node[keyword] = portable(value, listing);
    else if (LIST.includes(keyword) && Array.isArray(value)) node[keyword] = value.map(walk);
    else if (MAP.includes(keyword) && isSchema(value)) node[keyword] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    else node[keyword] = value;
  }
  if (Array.isArray(node.type) && node.type.length === 1) node.type = node.type[0];
  if (Array.isArray(node.type)) return splitTypeArray(node, node.type);
  return listing === 'outline' ? enumOnly(tidy(node)) : tidy(node);
}

const cache = { input: new WeakMap<object, JsonSchema>(), output: new WeakMap<object, JsonSchema>() };

/** The JSON Schema a tool's zod schema is listed with (`io`: which side of its transforms). */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  let json = cache[io].get(schema);
  if (!json) {
    json = portable(z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema, io === 'output' ? 'outline' : 'input');
    if (io === 'output') json = outlineShared(json);
    cache[io].set(schema, json);
  }
  return json;
}

/**
 * A tool as tools/list shows it: its name, title, description, the portable schemas and its
 * annotations. The title once, at the top (MCP reads annotations.title only where the tool has none);
 * no `execution`: its taskSupport "forbidden" is what an absent one means.
 */
export function listedTool(tool: AnyTool, annotations: ToolAnnotations & { title?: string }): Tool {
  const { title: _title, ...rest } = annotations;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolJsonSchema(tool.input, 'input') as Tool['inputSchema'],
    annotations: rest,
    outputSchema: toolJsonSchema(tool.output, 'output') as Tool['outputSchema'],
  };
}
