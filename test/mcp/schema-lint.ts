/**
 * Strict portability checks of a tool's listed JSON Schemas: the MCP Inspector's `--strict` rules
 * (2.12.0: bare boolean schemas, `type` arrays, remote `$ref`, schemas that constrain nothing) and ours
 * on top, for the subset every client reads alike; then each schema is checked against the draft-07 and
 * 2020-12 meta-schemas and compiled by Ajv in strict mode under both. A finding names the tool, the
 * schema (`inputSchema.properties.at`) and the rule.
 */
import { Ajv, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

type Node = Record<string, unknown>;
export interface Finding {
  tool: string;
  path: string;
  rule: string;
  issue: string;
}

/** Keywords whose value is a subschema, a list of subschemas, or a map of them. */
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
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];
/** Where `true`/`false` is a value of the keyword rather than a schema (the Inspector allows these). */
const BOOLEAN_OK = ['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems'];
/** What a schema here may say: validation and annotation keywords draft-07 and 2020-12 read alike. */
const KNOWN = new Set([
  ...['type', 'enum', 'const', 'description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format'],
  ...['items', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'properties', 'required', 'additionalProperties', 'patternProperties'],
  ...['propertyNames', 'minProperties', 'maxProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else'],
]);
/** Inspector's list: a schema with none of these accepts anything (`if` counts with `then`/`else`). */
const CONSTRAINING = new Set([...KNOWN, '$ref', '$dynamicRef', '$recursiveRef', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'unevaluatedProperties']);
for (const annotation of ['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'if', 'then', 'else'])
  CONSTRAINING.delete(annotation);
const FORMATS = new Set(['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'uuid', 'regex']);
const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);
const OBJECT_KEYWORDS = ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'];

const child = (path: string, key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every rule of one node (not its subschemas). */
function lintNode(node: Node, path: string, keyword: string | undefined, add: (path: string, rule: string, issue: string) => void) {
  for (const key of Object.keys(node))
    if (!KNOWN.has(key)) add(path, 'keyword', `\`${key}\` is not in the subset every client reads (draft-07 = 2020-12, no $schema, no references)`);
  const { type } = node;
  if (Array.isArray(type)) add(path, 'type-array', `\`type\` is an array (${JSON.stringify(type)}): write anyOf branches of one type each`);
  else if (type !== undefined && !TYPES.has(type as string)) add(path, 'type', `\`type\` ${JSON.stringify(type)} is not a JSON Schema type`);
  if ('nullable' in node) add(path, 'nullable', '`nullable` is OpenAPI 3.0, not JSON Schema: write anyOf [..., {"type": "null"}]');
  if ('const' in node) add(path, 'const', '`const` (draft-06) is unknown to OpenAPI 3.0 readers: a one-value `enum` says the same');
  const names = node.propertyNames;
  if (isNode(names) && Object.keys(names).length === 1 && names.type === 'string')
    add(path, 'property-names', '`propertyNames: {type: "string"}` says nothing');
  if (type === 'array' && !isNode(node.items)) add(path, 'array-items', 'an array schema without an `items` schema');
  if (type !== 'object' && !Array.isArray(type) && OBJECT_KEYWORDS.some((k) => k in node)) add(path, 'object-type', 'object keywords without `type: "object"`');
  if (node.minimum === Number.MIN_SAFE_INTEGER || node.maximum === Number.MAX_SAFE_INTEGER)
    add(path, 'safe-integer', 'the ±9007199254740991 bounds zod writes on integers');
  if (typeof node.format === 'string' && !FORMATS.has(node.format)) add(path, 'format', `format ${JSON.stringify(node.format)} is not a standard one`);
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) add(path, 'remote-ref', `\`$ref\` points outside the document (${node.$ref})`);
  const constrains = Object.keys(node).some((k) => CONSTRAINING.has(k)) || ('if' in node && ('then' in node || 'else' in node));
  if (!constrains && keyword !== 'not') add(path, 'untyped-schema', 'the schema constrains nothing (the object spelling of a bare `true`)');
}

function walk(value: unknown, path: string, keyword: string | undefined, add: (path: string, rule: string, issue: string) => void) {
  if (typeof value === 'boolean') {
    if (!keyword || !BOOLEAN_OK.includes(keyword)) add(path, 'boolean-schema', `bare \`${value}\` where a schema object is expected`);
    return;
  }
  if (!isNode(value)) return;
  lintNode(value, path, keyword, add);
  for (const [key, sub] of Object.entries(value)) {
    if (ONE.includes(key)) {
      if (Array.isArray(sub)) add(child(path, key), 'tuple', `\`${key}\` as a list is a tuple, read differently by draft-07 and 2020-12`);
      else walk(sub, child(path, key), key, add);
    } else if (LIST.includes(key) && Array.isArray(sub)) for (const [i, s] of sub.entries()) walk(s, `${child(path, key)}[${i}]`, key, add);
    else if (MAP.includes(key) && isNode(sub)) for (const [name, s] of Object.entries(sub)) walk(s, child(child(path, key), name), key, add);
  }
}

const AJV_OPTIONS: Options = { strict: true, strictTypes: true, strictTuples: true, strictRequired: true, allErrors: true, validateFormats: false };
/** Ajv under each dialect, strict, formats not validated (the `format` rule names the ones we allow). */
export const dialects = { 'draft-07': new Ajv(AJV_OPTIONS), '2020-12': new Ajv2020(AJV_OPTIONS) };

/** The findings for one listed tool: the rules above, then meta-schema validity and Ajv's strict mode. */
export function lintTool(tool: { name: string; inputSchema: unknown; outputSchema?: unknown }): Finding[] {
  const findings: Finding[] = [];
  for (const kind of ['inputSchema', 'outputSchema'] as const) {
    const schema = tool[kind];
    if (schema === undefined) continue;
    const add = (path: string, rule: string, issue: string) => findings.push({ tool: tool.name, path, rule, issue });
    if (!isNode(schema) || schema.type !== 'object') add(kind, 'root', 'an MCP tool schema is an object schema');
    walk(schema, kind, undefined, add);
    // Read under each dialect in turn, whatever `$schema` says (the `keyword` rule reports a `$schema`).
    const { $schema: _dialect, ...body } = isNode(schema) ? schema : {};
    for (const [dialect, ajv] of Object.entries(dialects)) {
      if (!ajv.validateSchema(body)) add(kind, `meta-schema ${dialect}`, ajv.errorsText(ajv.errors));
      try {
        ajv.compile(body);
      } catch (error) {
        add(kind, `ajv-strict ${dialect}`, (error as Error).message);
      }
    }
  }
  return findings;
}

/** Findings as lines, for a readable test failure. */
export const formatFindings = (findings: readonly Finding[]) => findings.map((f) => `${f.tool} ${f.path}: [${f.rule}] ${f.issue}`).join('\n');
