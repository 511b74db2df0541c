import { describe, expect, it } from 'vitest';
import { serialize } from '../../http/routes/tools.ts';

describe('serialize', () => {
  const provenance = Object.freeze({ tzdb: '2025c', method: 'x' });
  it('splices a frozen provenance in and parses back to the same value', () => {
    const result = { a: 1, b: [1, 2], provenance };
    const text = serialize(result);
    expect(JSON.parse(text)).toEqual(result);
    expect(text.endsWith(`"provenance":${JSON.stringify(provenance)}}`)).toBe(true);
    expect(result.provenance).toBe(provenance); // left as it was
    expect(serialize(result)).toBe(text); // second time from the cache
  });
  describe('edge cases', () => {
    it('an object holding only provenance, a frozen result, and no provenance at all', () => {
      expect(serialize({ provenance })).toBe(`{"provenance":${JSON.stringify(provenance)}}`);
      const frozen = Object.freeze({ a: 1, provenance });
      expect(JSON.parse(serialize(frozen))).toEqual(frozen);
      expect(serialize({ a: 1, provenance: { tzdb: 'x' } })).toBe('{"a":1,"provenance":{"tzdb":"x"}}');
      expect(serialize([1, 2])).toBe('[1,2]');
      expect(serialize(null)).toBe('null');
    });
  });
});
