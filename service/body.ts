/**
 * Reading a JSON request body, capped at {@link MAX_BODY_BYTES} while it streams (413 past it, nothing
 * buffered beyond): the one body reader of the REST routes and the MCP endpoint.
 */
import type { IncomingMessage } from 'node:http';
import { clipEcho, quoteEcho } from '../engine/index.ts';
import { MAX_BODY_BYTES } from './limits.ts';
import { invalid, problem } from './problem.ts';

const TOO_LARGE = Symbol('too large');
const UNREADABLE = Symbol('unreadable');
type BodyRead = Uint8Array[] | typeof TOO_LARGE | typeof UNREADABLE;

/**
 * The body's bytes, stopping as soon as they pass {@link MAX_BODY_BYTES}. Under the Node server the
 * request's own stream is read directly: srvx would otherwise wrap it in a web ReadableStream first,
 * which cost ~6% of a 100-point batch request. Elsewhere (`app.fetch`) the web stream is read.
 */
function readBody(req: Request): Promise<BodyRead> {
  const node = (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  if (node && !req.bodyUsed) {
    return new Promise((resolve) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      const finish = (result: BodyRead) => {
        node.off('data', onData).off('end', onEnd).off('error', onFail).off('close', onFail);
        resolve(result);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.byteLength;
        // Stop reading: the client is told 413 and the connection closes, rather than draining the rest.
        if (size > MAX_BODY_BYTES) {
          node.pause();
          finish(TOO_LARGE);
        } else chunks.push(chunk);
      };
      const onEnd = () => finish(chunks);
      const onFail = () => finish(UNREADABLE);
      if (node.readableEnded) {
        resolve(UNREADABLE);
        return;
      }
      node.on('data', onData).on('end', onEnd).on('error', onFail).on('close', onFail);
    });
  }
  return (async () => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (req.body) {
      const reader = req.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > MAX_BODY_BYTES) {
          await reader.cancel().catch(() => {});
          return TOO_LARGE;
        }
        chunks.push(value);
      }
    }
    return chunks;
  })();
}

/** The parsed JSON body, or the problem response to answer with (413, 415, 400). */
export async function readJsonBody(req: Request): Promise<unknown | Response> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    return problem(415, { detail: `The body must be JSON sent with Content-Type: application/json (got ${type ? quoteEcho(type) : 'no Content-Type'}).` });
  }
  const tooLarge = () => problem(413, { detail: `The body is larger than ${MAX_BODY_BYTES} bytes (64 KiB).`, headers: { connection: 'close' } });
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > MAX_BODY_BYTES) return tooLarge();
  const read = await readBody(req);
  if (read === TOO_LARGE) return tooLarge();
  if (read === UNREADABLE) return invalid([{ field: 'body', message: 'could not be read to its end (the connection closed)' }]);
  const chunks = read;
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return invalid([{ field: 'body', message: 'is required: send a JSON object' }]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return invalid([{ field: 'body', message: `is not valid JSON (${clipEcho((error as Error).message)})` }]);
  }
}
