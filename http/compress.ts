/**
 * How every answer leaves the app (finalAnswer, called once by the app's finishing step, http/app.ts):
 * with the headers that step adds written in, and compressed when that is worth it.
 *
 * Compression: an answer of {@link MIN_BYTES} or more whose type is text or JSON goes out as brotli or
 * gzip when the request's `Accept-Encoding` takes one (brotli when both are taken at the same weight),
 * with `Vary: Accept-Encoding`; the REST routes and `POST /mcp` alike. What is left as it is: a request
 * with no `Accept-Encoding` (nothing else is looked at then), HEAD, answers without a body (204, 304)
 * or with a `Content-Encoding` already, streamed bodies (an event stream is never buffered; no route
 * streams today), and answers not built as srvx's FastResponse (only the CORS preflight's 204s are
 * not). An ETag stays valid: a compressed answer's strong ETag becomes weak (`W/"…"`: the same content,
 * other bytes), which `If-None-Match` still matches (weak comparison), and a 304 to a request that takes
 * a coding carries the weak form and the Vary its 200 would have (every ETagged answer, the OpenAPI
 * document, is far above the threshold).
 *
 * The threshold is the contract's ("over about 1 KB"): an answer under 1 KiB fits one TCP segment with
 * its headers, so compressing it saves no packet. Above it, compressing costs a fixed set-up whatever
 * the size up to a few KB (zlib and brotli alike; a window or level fitted to the answer changes little):
 * ~10 µs in a loop (bench/compress.ts), ~30 µs of server CPU in the running server (npm run bench, the
 * MCP call taking brotli: 1.4 KB results shrink by ~700 bytes), as much as a whole GET /v1/time. It buys
 * bytes on the wire (a 3 KB answer loses ~2 KB, the 54 KB tools/list becomes ~11 KB for ~73 µs), which
 * cost more than CPU where egress is billed; a deployment that would rather keep the CPU can leave
 * compression to its proxy and strip `Accept-Encoding` there. The fastest levels: brotli quality 1 and
 * gzip level 1, within 10–15% of the default levels' sizes for a fifth of their CPU or less. Up to
 * {@link SYNC_MAX_BYTES} an answer is compressed at once; a larger one (a year of sunrises, the OpenAPI
 * document: 0.3–0.8 ms) on libuv's thread pool, so the event loop does not wait for it.
 */
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { H3Event } from 'h3';
import { FastResponse } from 'srvx';

/** Answers shorter than this go out as they are (see the file comment). */
export const MIN_BYTES = 1024;
/** Answers up to this size are compressed on the event loop; larger ones on the thread pool. */
export const SYNC_MAX_BYTES = 64 * 1024;
/** Of an `Accept-Encoding` header, only the first this many characters are read. */
const MAX_HEADER = 512;

type Coding = 'br' | 'gzip';

/**
 * The coding an `Accept-Encoding` header takes, or null (RFC 9110 §12.5.3): names with weights
 * (`br;q=0.5`; no weight is 1, `q=0` refuses), `*` for any coding not named, `x-gzip` for gzip.
 */
export function acceptedCoding(header: string): Coding | null {
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of header.slice(0, MAX_HEADER).split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key.trim().toLowerCase() === 'q') q = Number(value);
    }
    if (!(q >= 0 && q <= 1)) continue; // a weight that is not one is ignored, as if the name were not there
    if (name === 'br') br = q;
    else if (name === '*') any = q;
    else gz = Math.max(gz ?? 0, q);
  }
  const brWeight = br ?? any ?? 0;
  const gzWeight = gz ?? any ?? 0;
  if (brWeight > 0 && brWeight >= gzWeight) return 'br';
  return gzWeight > 0 ? 'gzip' : null;
}

/** Types worth compressing: JSON (any `+json`), text (not an event stream), XML, JavaScript. */
function compressible(type: string | undefined): boolean {
  if (type === undefined) return false;
  const essence = type.split(';')[0].trim().toLowerCase();
  if (essence.startsWith('text/')) return essence !== 'text/event-stream';
  return (
    essence === 'application/json' || essence.endsWith('+json') || essence.endsWith('/xml') || essence.endsWith('+xml') || essence === 'application/javascript'
  );
}

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP = { level: 1 };
const brotliOptions = (size: number) => ({ params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: size } });

function compressSync(coding: Coding, body: Uint8Array): Buffer {
  return coding === 'br' ? brotliCompressSync(body, brotliOptions(body.byteLength)) : gzipSync(body, GZIP);
}

function compressAsync(coding: Coding, body: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out));
    if (coding === 'br') brotliCompress(body, brotliOptions(body.byteLength), done);
    else gzip(body, GZIP, done);
  });
}

/** What srvx's FastResponse hands its server (status, flat header list, body); private to srvx. */
interface NodeParts {
  status: number;
  statusText?: string;
  headers: string[];
  body?: unknown;
}
type WithParts = Response & { _toNodeResponse?: () => NodeParts };

const NO_BODY = new Set([101, 204, 205, 206, 304]);

/** `Vary` with Accept-Encoding added (once). */
function varied(current: string | undefined): string {
  if (current === undefined || current.trim() === '') return 'Accept-Encoding';
  if (current.trim() === '*' || current.toLowerCase().includes('accept-encoding')) return current;
  return `${current}, Accept-Encoding`;
}

const weak = (etag: string) => (etag.startsWith('W/') ? etag : `W/${etag}`);

/**
 * The answer as it goes out: the header pairs of `set` written in (each replacing any header of its
 * name), and its body compressed when the request takes a coding and the answer is worth it (see the
 * file comment). A FastResponse is rebuilt from its parts, so no Headers object is made for `set` (about
 * 1.5 µs an answer); any other answer gets `set` through its Headers, and is never compressed.
 */
export function finalAnswer(event: H3Event, response: Response, set: readonly [string, string][] = []): Response | Promise<Response> {
  const header = event.req.method === 'HEAD' ? null : event.req.headers.get('accept-encoding');
  const coding = header === null ? null : acceptedCoding(header);
  const toParts = (response as WithParts)._toNodeResponse;
  if (typeof toParts !== 'function') {
    for (const [name, value] of set) response.headers.set(name, value);
    return response;
  }
  const negotiated = coding !== null && (response.status === 304 || !NO_BODY.has(response.status));
  if (!negotiated && set.length === 0) return response;
  // Reading the parts consumes the answer: from here on, a new one is returned in every case.
  const parts = toParts.call(response);
  const pairs: [string, string][] = [];
  let type: string | undefined;
  let vary: string | undefined;
  let etag: string | undefined;
  let encoded = false;
  for (let i = 0; i < parts.headers.length; i += 2) {
    const name = parts.headers[i];
    const value = parts.headers[i + 1];
    if (set.some(([n]) => n === name)) continue;
    if (name === 'content-type') type = value;
    else if (name === 'content-encoding') encoded = true;
    else if (name === 'vary') {
      vary = vary === undefined ? value : `${vary}, ${value}`;
      continue;
    } else if (name === 'etag') {
      etag = value;
      continue;
    }
    pairs.push([name, value]);
  }
  for (const pair of set) pairs.push([pair[0], pair[1]]);
  const init = { status: parts.status, statusText: parts.statusText, headers: pairs };
  const same = () => {
    if (vary !== undefined) pairs.push(['vary', vary]);
    if (etag !== undefined) pairs.push(['etag', etag]);
    return new FastResponse(parts.body as BodyInit | null, init);
  };
  if (coding === null || !negotiated) return same();
  if (parts.status === 304) {
    // A 304 says what its 200 would: for a request taking a coding, the weak ETag and the Vary.
    if (etag === undefined) return same();
    pairs.push(['vary', varied(vary)], ['etag', weak(etag)]);
    return new FastResponse(null, init);
  }
  const body = parts.body;
  const text = typeof body === 'string';
  if (!text && !(body instanceof Uint8Array)) return same(); // no body, or a stream
  const size = text ? Buffer.byteLength(body) : body.byteLength;
  if (encoded || size < MIN_BYTES || !compressible(type)) return same();
  const bytes = text ? Buffer.from(body) : body;
  const compressed = (out: Buffer) => {
    for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i][0] === 'content-length') pairs.splice(i, 1);
    pairs.push(['content-encoding', coding], ['vary', varied(vary)]);
    if (etag !== undefined) pairs.push(['etag', weak(etag)]);
    return new FastResponse(out as Uint8Array<ArrayBuffer>, init);
  };
  if (bytes.byteLength <= SYNC_MAX_BYTES) return compressed(compressSync(coding, bytes));
  // Should the thread pool fail, the answer goes out as it is.
  return compressAsync(coding, bytes).then(compressed, same);
}
