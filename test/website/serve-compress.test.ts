/** site:serve's compression (website/serve-compress.ts): which encoding a request gets, and the bounded cache. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, CompressionCache, compress, isCompressible } from '../../website/serve-compress.ts';

describe('chooseEncoding (RFC 9110 12.5.3 Accept-Encoding)', () => {
  it.each([
    // What browsers send: Chromium and Firefox `gzip, deflate, br, zstd`, Safari `gzip, deflate, br`.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['BR;Q=1', 'br'],
    // Quality values: the higher wins, brotli on a tie; q=0 refuses.
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('isCompressible', () => {
  it.each([
    ['text/html; charset=utf-8', true],
    ['text/javascript; charset=utf-8', true],
    ['text/css; charset=utf-8', true],
    ['application/json; charset=utf-8', true],
    ['application/xml; charset=utf-8', true],
    ['application/manifest+json', true],
    ['image/svg+xml', true],
    ['image/png', false],
    ['image/x-icon', false],
    ['application/octet-stream', false],
  ])('%s: %s', (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

describe('CompressionCache', () => {
  const text = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `line ${i} of a page\n`).join(''));

  it('compresses once per file version and encoding, and the bytes decompress to the file', async () => {
    const cache = new CompressionCache(1 << 20);
    const body = text(500);
    let reads = 0;
    const read = async () => {
      reads++;
      return body;
    };
    const file = { path: '/a.html', size: body.byteLength, mtimeMs: 1 };
    const br = await cache.get(file, 'br', read);
    expect(await cache.get(file, 'br', read)).toBe(br);
    expect(reads).toBe(1);
    expect(brotliDecompressSync(br)).toEqual(body);
    expect(br.byteLength).toBeLessThan(body.byteLength / 4);
    const gz = await cache.get(file, 'gzip', read);
    expect(gunzipSync(gz)).toEqual(body);
    expect(reads).toBe(2);
    // A rebuilt file (new modification time) is compressed again.
    await cache.get({ ...file, mtimeMs: 2 }, 'br', read);
    expect(reads).toBe(3);
  });

  it('never holds more than its bound, dropping the least recently used first', async () => {
    const one = await compress(text(200), 'gzip');
    const cache = new CompressionCache(one.byteLength * 2 + 10);
    let reads = 0;
    const read = async () => {
      reads++;
      return text(200);
    };
    const file = (path: string) => ({ path, size: 1, mtimeMs: 0 });
    await cache.get(file('a'), 'gzip', read);
    await cache.get(file('b'), 'gzip', read);
    await cache.get(file('a'), 'gzip', read); // a used last: b is the one dropped
    await cache.get(file('c'), 'gzip', read);
    expect(cache.size).toBeLessThanOrEqual(cache.maxBytes);
    expect(reads).toBe(3);
    await cache.get(file('a'), 'gzip', read);
    expect(reads).toBe(3);
    await cache.get(file('b'), 'gzip', read);
    expect(reads).toBe(4);
    // A file bigger than the whole bound is compressed and sent, never kept.
    const tiny = new CompressionCache(10);
    await tiny.get(file('a'), 'br', read);
    expect(tiny.size).toBe(0);
  });
});
