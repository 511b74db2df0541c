/** The key ring: environment keys by constant-time digest comparison, provisioned keys by digest. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprint, KeyRing } from '../../../http/middleware/auth.ts';

const hex = (s: string) => createHash('sha256').update(s).digest('hex');

describe('KeyRing', () => {
  const ring = new KeyRing([{ customer: 'acme', key: 'acme-key-0123456789' }, { customer: '', key: 'anon-key-0123456789' }]);

  it('finds environment keys; a key that differs in one character, a prefix or an extension is not a key', () => {
    expect(ring.identify('acme-key-0123456789')).toEqual({ customerId: 'acme', keyFingerprint: fingerprint('acme-key-0123456789'), source: 'environment' });
    expect(ring.identify('anon-key-0123456789')?.customerId).toBe(fingerprint('anon-key-0123456789'));
    for (const wrong of ['acme-key-0123456788', 'Acme-key-0123456789', 'acme-key-012345678', 'acme-key-01234567890', '', ' ']) {
      expect(ring.identify(wrong)).toBeNull();
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
