import { describe, expect, it } from 'vitest';
import { jsonRequestLogger, quotedJson, type RequestLogLine } from '../../../http/middleware/request-log.ts';

describe('quotedJson', () => {
  it('is JSON.stringify of the string, remembered or not, past its bound of 4,096 strings', () => {
    const tricky = ['Europe/London', 'a"b', 'back\\slash', 'line\nbreak', '\u2028', 'é', '\u{1F600}', '\ud800', ''];
    for (const s of tricky) expect([quotedJson(s), quotedJson(s)]).toEqual([JSON.stringify(s), JSON.stringify(s)]);
    for (let i = 0; i < 10_000; i++) expect(quotedJson(`zone-${i % 5000}"`)).toBe(JSON.stringify(`zone-${i % 5000}"`));
    for (const s of tricky) expect(quotedJson(s)).toBe(JSON.stringify(s));
  });
});

describe('jsonRequestLogger', () => {
  it('writes each line as JSON of its fields, in order, across batches and changing routes, customers and cache states', () => {
    const chunks: string[] = [];
    const logger = jsonRequestLogger((chunk) => chunks.push(chunk));
    const lines: RequestLogLine[] = Array.from({ length: 5000 }, (_, i) => ({
      route: i % 700 < 350 ? '/v1/time' : '/v1/geo/places',
      method: 'GET',
      status: i % 1000 === 999 ? 400 : 200,
      latency_ms: (i % 97) / 7,
      customer_id: i % 1500 < 750 ? 'acme' : null,
      key_fingerprint: i % 1500 < 750 ? '0123456789ab' : null,
      cache: i % 3 === 0 ? 'HIT' : 'MISS',
    }));
    for (const line of lines) logger.log(line);
    logger.flush();
    // More than one batch of 2,048 lines was written, the last by flush().
    expect(chunks.length).toBeGreaterThan(2);
    const written = chunks
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(written).toHaveLength(lines.length);
    written.forEach((entry, i) => {
      const { time, level, type, ...fields } = entry;
      expect({ level, type }).toEqual({ level: 'info', type: 'request' });
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(fields).toEqual(lines[i]);
    });
  });
});
