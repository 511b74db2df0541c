/**
 * Calculation routes, generated from the registry: one small handler per tool that authenticates,
 * reads the query or JSON body, validates with the tool's own schema, runs it and answers JSON.
 */
import type { H3Event } from 'h3';
import { ToolInputError, ToolUnavailableError, type AnyTool, type ToolContext } from '../../engine/tool.ts';
import { queryReader, validateInput } from '../../engine/validate.ts';
import { authenticate, type KeyRing } from '../middleware/auth.ts';
import { isDeterministic, type ResponseCache } from '../middleware/cache.ts';
import { invalid, problem } from '../middleware/problem.ts';

export const MAX_BODY_BYTES = 64 * 1024;

export interface ToolRouteDeps {
  keys: KeyRing;
  cache: ResponseCache;
  ctx: ToolContext;
}

/** The parsed JSON body, or the problem response to answer with (413, 415, 400). */
export async function readJsonBody(req: Request): Promise<unknown | Response> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    return problem(415, { detail: `The body must be JSON sent with Content-Type: application/json (got ${type ? `'${type}'` : 'no Content-Type'}).` });
  }
  const tooLarge = () => problem(413, { detail: `The body is larger than ${MAX_BODY_BYTES} bytes (64 KiB).` });
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > MAX_BODY_BYTES) return tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) { await reader.cancel().catch(() => {}); return tooLarge(); }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return invalid([{ field: 'body', message: 'is required: send a JSON object' }]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return invalid([{ field: 'body', message: `is not valid JSON (${(error as Error).message})` }]);
  }
}

export function toolHandler(tool: AnyTool, deps: ToolRouteDeps) {
  const readQuery = tool.http.method === 'GET' ? queryReader(tool) : null;
  const publicCacheControl = tool.auth === 'public' ? 'public' : 'private';
  return async (event: H3Event): Promise<Response | string> => {
    const req = event.req;
    if (tool.auth === 'key') {
      const caller = authenticate(deps.keys, req.headers);
      if (caller instanceof Response) return caller;
      event.context.caller = caller;
    }
    let raw: unknown;
    if (readQuery) {
      const { input, errors } = readQuery(event.url.searchParams);
      if (errors.length) return invalid(errors);
      raw = input;
    } else {
      const body = await readJsonBody(req);
      if (body instanceof Response) return body;
      raw = body;
    }
    const checked = validateInput(tool.input, raw);
    if (!checked.ok) return invalid(checked.errors);

    const deterministic = isDeterministic(tool, checked.data);
    const key = deterministic && deps.cache.mode !== 'off' ? `${tool.name}:${JSON.stringify(checked.data)}` : null;
    let body = key === null ? undefined : deps.cache.get(key);
    const status = key === null ? 'BYPASS' : body === undefined ? 'MISS' : 'HIT';
    if (body === undefined) {
      try {
        body = JSON.stringify(await tool.run(checked.data, deps.ctx));
      } catch (error) {
        if (error instanceof ToolInputError) return invalid(error.errors);
        if (error instanceof ToolUnavailableError) return problem(error.status, { detail: error.message, headers: { 'retry-after': '30' } });
        throw error;
      }
      if (key !== null) deps.cache.set(key, body);
    }
    event.context.cacheStatus = status;
    const maxAge = tool.maxAgeSeconds?.(checked.data, deps.ctx);
    // Headers on event.res and a string body let h3/srvx write the answer without a web stream.
    const headers = event.res.headers;
    headers.set('content-type', 'application/json; charset=utf-8');
    headers.set('x-cache', status);
    headers.set('cache-control', maxAge !== undefined ? `${publicCacheControl}, max-age=${maxAge}` : deterministic ? `${publicCacheControl}, max-age=86400` : 'no-store');
    return body;
  };
}
