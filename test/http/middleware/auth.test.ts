/** The key ring: environment keys by constant-time digest comparison, provisioned keys by digest. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprint, KeyRing } from '../../../http/middleware/auth.ts';

const hex = (s: string) => createHash('sha256').update(s).digest('hex');

describe('KeyRing', () => {
  const ring = new KeyRing([
    { customer: 'acme', key: 'acme-key-0123456789' },
    { customer: '', key: 'anon-key-0123456789' },
  ]);

  it('finds environment keys; a key that differs in one character, a prefix or an extension is not a key', () => {
    expect(ring.identify('acme-key-0123456789')).toEqual({ customerId: 'acme', keyFingerprint: fingerprint('acme-key-0123456789'), source: 'environment' });
    expect(ring.identify('anon-key-0123456789')?.customerId).toBe(fingerprint('anon-key-0123456789'));
    for (const wrong of ['acme-key-0123456788', 'Acme-key-0123456789', 'acme-key-012345678', 'acme-key-01234567890', '', ' ']) {
      expect(ring.identify(wrong)).toBeNull();
    }
  });

  it('finds exactly the equal key among keys of many lengths, environment and provisioned alike', () => {
    // Random keys, and presented keys that are one of them, a prefix, an extension, a one-character change,
    // or the same characters beyond the 16-bit range (a different string of the same length).
    let seed = 3;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = (n: number) => Array.from({ length: n }, () => String.fromCharCode(33 + Math.floor(rnd() * 94))).join('');
    const env = Array.from({ length: 5 }, (_, i) => ({ customer: `c${i}`, key: word(1 + Math.floor(rnd() * 40)) }));
    const provisioned = Array.from({ length: 3 }, () => word(1 + Math.floor(rnd() * 40)));
    const r = new KeyRing(env);
    r.setProvisioned(provisioned.map((k, i) => ({ customer_id: `p${i}`, key_hash: hex(k), fingerprint: `f${i}` })));
    const all = [...env.map((e) => e.key), ...provisioned];
    for (let k = 0; k < 5_000; k++) {
      const base = all[Math.floor(rnd() * all.length)];
      const at = Math.floor(rnd() * base.length);
      const presented = [
        base,
        base.slice(0, at),
        base + word(1),
        base.slice(0, at) + word(1) + base.slice(at + 1),
        '\u{1F600}' + base.slice(2),
        word(base.length),
      ][k % 6];
      const envAt = env.findIndex((e) => e.key === presented),
        provAt = provisioned.indexOf(presented);
      const expected = envAt >= 0 ? `c${envAt}` : provAt >= 0 ? `p${provAt}` : null;
      expect(r.identify(presented)?.customerId ?? null, JSON.stringify(presented)).toBe(expected);
    }
  });

  it('the fingerprint is the first 12 hex digits of SHA-256 (FIPS 180-4: sha256("abc") = ba7816bf8f01…)', () => {
    expect(fingerprint('abc')).toBe('ba7816bf8f01');
  });

  it('finds provisioned keys by digest and forgets revoked ones', () => {
    const r = new KeyRing([]);
    r.setProvisioned([
      { customer_id: 'c1', key_hash: hex('live-key-0123456789'), fingerprint: 'f1' },
      { customer_id: 'c2', key_hash: hex('gone-key-0123456789'), fingerprint: 'f2', revoked_at: '2026-11-01T00:00:00Z' },
    ]);
    expect(r.identify('live-key-0123456789')).toEqual({ customerId: 'c1', keyFingerprint: 'f1', source: 'provisioned' });
    expect(r.identify('gone-key-0123456789')).toBeNull();
    expect(r.size).toBe(1);
  });
});
