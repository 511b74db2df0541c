/**
 * `site:serve`'s compression, as static hosts do it: text answers (pages, scripts, style sheets, JSON,
 * XML, SVG, plain text) are sent brotli- or gzip-compressed when the request's Accept-Encoding takes one
 * (brotli first, by quality value: RFC 9110 12.5.3), with `Vary: Accept-Encoding` so caches keep the
 * encodings apart. A file is compressed once per version (its path, size and modification time) and kept
 * in a cache bounded in bytes, the least recently used entries dropped first.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Content types worth compressing (images such as PNG are compressed already). */
export const isCompressible = (type: string): boolean =>
  /^text\/|^application\/(json|xml|javascript|manifest\+json)|^image\/svg\+xml/.test(type);

/** Below this size the encoding's own overhead outweighs what it saves (a redirect, an empty file). */
export const MIN_COMPRESS_BYTES = 256;

/**
 * The encoding to send for an Accept-Encoding header: `br` or `gzip` when it accepts one (q > 0, by name
 * or by `*`), the higher quality value first and brotli on a tie; undefined for none (identity).
 */
export function chooseEncoding(header: string | null | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const of = (name: Encoding) => q.get(name) ?? (name === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses `body`: brotli at quality 9 (text mode), gzip at level 9; each file once, then cached. */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer<ArrayBuffer>> {
  // zlib allocates its own ArrayBuffer for the output (never a shared one)
  return (encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipAsync(body, { level: 9 })) as Promise<Buffer<ArrayBuffer>>;
}

/** Compressed files by version and encoding, at most `maxBytes` of them (least recently used dropped first). */
export class CompressionCache {
  private readonly entries = new Map<string, Buffer<ArrayBuffer>>();
  private bytes = 0;
  constructor(readonly maxBytes: number) {}

  /** Bytes held now (never more than `maxBytes`). */
  get size(): number {
    return this.bytes;
  }

  /** The compressed body of a file version, compressed now when not cached. */
  async get(key: { path: string; size: number; mtimeMs: number }, encoding: Encoding, body: () => Promise<Buffer>): Promise<Buffer<ArrayBuffer>> {
    const id = `${encoding}\0${key.path}\0${key.size}\0${key.mtimeMs}`;
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id); // most recently used last
      this.entries.set(id, hit);
      return hit;
    }
    const packed = await compress(await body(), encoding);
    if (packed.byteLength <= this.maxBytes) {
      this.entries.set(id, packed);
      this.bytes += packed.byteLength;
      for (const [old, value] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.entries.delete(old);
        this.bytes -= value.byteLength;
      }
    }
    return packed;
  }
}
