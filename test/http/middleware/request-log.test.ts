import { describe, expect, it } from 'vitest';
import { quotedJson } from '../../../http/middleware/request-log.ts';

describe('quotedJson', () => {
  it('is JSON.stringify of the string, remembered or not, past its bound of 4,096 strings', () => {
    const tricky = ['Europe/London', 'a"b', 'back\\slash', 'line\nbreak', '\u2028', 'é', '\u{1F600}', '\ud800', ''];
    for (const s of tricky) expect([quotedJson(s), quotedJson(s)]).toEqual([JSON.stringify(s), JSON.stringify(s)]);
    for (let i = 0; i < 10_000; i++) expect(quotedJson(`zone-${i % 5000}"`)).toBe(JSON.stringify(`zone-${i % 5000}"`));
    for (const s of tricky) expect(quotedJson(s)).toBe(JSON.stringify(s));
  });
});
