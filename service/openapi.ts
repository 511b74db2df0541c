/**
 * The OpenAPI 3.1 document, generated from the route inventory and each tool's zod schemas, so the
 * document cannot describe a route, parameter or field the server does not have.
 */
import { MAX_WORK_UNITS, WORK_UNITS_PER_CREDIT } from '../engine/index.ts';
import { z } from 'zod';
import { EXAMPLE_CLOCK, exampleInput, systemContext, type AnyTool } from '../engine/index.ts';
import { PROVENANCE_MODES } from '../engine/index.ts';
import { MAX_BODY_BYTES } from './limits.ts';
import { PROVENANCE_FLAG } from './query.ts';
import type { RouteInfo } from './inventory.ts';
import { SERVICE, VERSION } from './identity.ts';

type Schema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Schema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Schema;
  return rest;
};

const problemRef = { $ref: '#/components/schemas/Problem' };
const CREDITS_HEADER = {
  description: 'Credits this call cost: its price from its declared work (0 when refused before any work)',
  schema: { type: 'integer', minimum: 0 },
};
const problemResponse = (description: string) => ({ description, content: { 'application/problem+json': { schema: problemRef } } });

const PROBLEM_SCHEMA: Schema = {
  type: 'object',
  description: 'RFC 9457 problem details. `errors` names each offending field (query parameter name or JSON path such as points[3].lat).',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', example: 'about:blank' },
    title: { type: 'string', example: 'Bad Request' },
    status: { type: 'integer', example: 400 },
    detail: { type: 'string', example: 'Invalid parameter: lat must be ≤ 90.' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string', example: 'lat' },
          message: { type: 'string', example: 'must be ≤ 90' },
          candidates: {
            type: 'array',
            description: 'What an ambiguous or unknown country or subdivision name may mean (holiday inputs)',
            items: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } },
          },
        },
      },
    },
  },
};

const ETAG_HEADER = { description: 'Strong validator of the answer (send it back in If-None-Match)', schema: { type: 'string' } };

/** The flag every calculation route takes besides its tool's input (service/query.ts reads it). */
const PROVENANCE_PARAMETER: Schema = {
  name: PROVENANCE_FLAG,
  in: 'query',
  required: false,
  description: 'The form of `provenance`: compact (data releases and method ids) or full (also `explanations`, each id explained).',
  schema: { type: 'string', enum: PROVENANCE_MODES, default: 'compact' },
};

/** An example answer computed by the engine itself, with a pinned clock so the document is stable. */
async function exampleOutput(tool: AnyTool): Promise<unknown> {
  try {
    const input = tool.input.parse(exampleInput(tool));
    return await tool.run(input, { ...systemContext, now: () => new Date(EXAMPLE_CLOCK) });
  } catch {
    return undefined;
  }
}

/** A keyed calculation's price rule in words (engine/work.ts); a public one is free. */
function priceText(route: RouteInfo & { tool: AnyTool }): string {
  if (route.auth !== 'key') return 'Free: no key, no credits.';
  const rule = route.tool.work?.rule;
  return rule
    ? `Price: ${rule} (one credit per ${WORK_UNITS_PER_CREDIT / 1000} ms of declared work; over ${MAX_WORK_UNITS / 1000} ms: 400 naming the field). The answer's \`X-Credits-Charged\` says what it cost.`
    : "Price: one credit. The answer's `X-Credits-Charged` says what it cost.";
}

async function toolOperation(route: RouteInfo & { tool: AnyTool }): Promise<Schema> {
  const { tool } = route;
  const input = jsonSchema(tool.input, 'input');
  const op: Schema = {
    operationId: tool.name,
    summary: tool.title,
    description: `${tool.description}\n\n${priceText(route)}\n\nMCP tool: \`${tool.name}\`.`,
    tags: [route.family],
    'x-mcp-tool': tool.name,
    'x-cache': tool.cache,
    ...(route.auth === 'key' ? { 'x-price': tool.work?.rule ?? 'one credit' } : {}),
  };
  if (tool.http.method === 'GET') {
    const props = (input.properties ?? {}) as Record<string, Schema>;
    const required = new Set((input.required ?? []) as string[]);
    op.parameters = Object.entries(props).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      description: schema.description,
      schema: schema.type === 'array' ? schema : { ...schema, description: undefined },
      ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
      example: exampleInput(tool)[name],
    }));
    (op.parameters as Schema[]).push(PROVENANCE_PARAMETER);
  } else {
    op.parameters = [PROVENANCE_PARAMETER];
    op.requestBody = {
      required: true,
      description: `JSON body, at most ${MAX_BODY_BYTES} bytes.`,
      content: {
        'application/json': {
          schema: input,
          examples: Object.fromEntries(tool.examples.map((e, i) => [`example_${i + 1}`, { summary: e.source, value: e.input }])),
        },
      },
    };
  }
  const example = await exampleOutput(tool);
  op.responses = {
    200: {
      description: 'The result',
      ...(route.auth === 'key' ? { headers: { 'X-Credits-Charged': CREDITS_HEADER } } : {}),
      content: { 'application/json': { schema: jsonSchema(tool.output, 'output'), ...(example === undefined ? {} : { example }) } },
    },
    400: problemResponse('Invalid parameter or body; `errors` names each field'),
    ...(route.auth === 'key'
      ? {
          401: problemResponse('Missing or invalid API key'),
          402: problemResponse('The credit balance is lower than the call’s price'),
          429: problemResponse('Rate limit (in credits a minute) reached; see Retry-After'),
        }
      : {}),
    ...(tool.http.method === 'POST' ? { 413: problemResponse('Body over 64 KiB'), 415: problemResponse('Body is not JSON') } : {}),
    503: problemResponse('A data provider is unavailable; no value is invented'),
  };
  if (route.auth === 'key') op.security = [{ bearerAuth: [] }, { apiKeyHeader: [] }];
  else op.security = [];
  return op;
}

function serviceOperation(route: RouteInfo): Schema {
  const params = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const problems = Object.fromEntries(Object.entries(route.problems ?? {}).map(([status, text]) => [status, problemResponse(text)]));
  return {
    operationId: route.path === '/' ? 'service_index' : route.path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_'),
    summary: route.summary,
    tags: [route.family],
    security: route.auth === 'key' ? [{ bearerAuth: [] }, { apiKeyHeader: [] }] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body.schema, 'input'), example: route.body.example } } } }
      : {}),
    responses: {
      [route.method === 'POST' ? 201 : 200]: {
        description: route.summary,
        content: { 'application/json': { schema: route.response ? jsonSchema(route.response, 'output') : { type: 'object' } } },
        ...(route.conditional ? { headers: { ETag: ETAG_HEADER } } : {}),
      },
      ...(route.conditional ? { 304: { description: 'Not Modified: If-None-Match named the current ETag; no body', headers: { ETag: ETAG_HEADER } } } : {}),
      ...(route.auth === 'key' ? { 401: problemResponse('Missing or invalid API key'), 429: problemResponse('Rate limit reached; see Retry-After') } : {}),
      ...(route.path === '/health' || route.path === '/v1/canary' ? { 503: { description: 'Not ready, or a check failed' } } : {}),
      ...problems,
    },
  };
}

export async function buildOpenApi(routes: RouteInfo[], serverUrl: string): Promise<Schema> {
  const paths: Record<string, Schema> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = route.tool ? await toolOperation(route as RouteInfo & { tool: AnyTool }) : serviceOperation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Time, Date, Geo, Solar and Astronomy API',
      version: VERSION,
      description: [
        `Service \`${SERVICE}\`. One calculation engine for time zones, dates, geodesy, the Sun and the planets.`,
        'Every calculation answer carries `provenance`: the data releases (time-zone boundaries, tzdb, ephemeris, ...) and the ids of the methods that produced it; the query flag `provenance=full` adds `explanations`, the long text of each id.',
        'Calculation routes need an API key (`Authorization: Bearer <key>` or `X-API-Key: <key>`). Errors are RFC 9457 problem+json naming the offending field.',
        `A call costs credits in proportion to its work: one for an ordinary answer, one more per ${WORK_UNITS_PER_CREDIT / 1000} ms of declared work (each operation's \`x-price\` says how its work grows); a call asking for more than ${MAX_WORK_UNITS / 1000} ms is refused before any work (400 naming the field), an input refused before any work is free, and work that ends in an error after real effort is charged. \`X-Credits-Charged\` on every keyed answer says what it cost; the rate limit counts credits.`,
        'Instants are ISO-8601 with Z or an offset, or epoch seconds (≤ 11 digits) or milliseconds (12–13 digits); dates are YYYY-MM-DD (proleptic Gregorian, 0001..9999); coordinates are decimal degrees (WGS84), north and east positive.',
        'Unknown query parameters and body fields are rejected (400), so a misspelt optional parameter never silently falls back to a default.',
      ].join('\n\n'),
    },
    servers: [{ url: serverUrl }],
    security: [],
    tags: [...new Set(routes.map((r) => r.family))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key as a bearer token' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
      schemas: { Problem: PROBLEM_SCHEMA },
    },
  };
}
