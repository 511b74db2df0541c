import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../service/settings.ts';

describe('loadSettings', () => {
  it('has working defaults with nothing set', () => {
    const s = loadSettings({});
    expect(s.port).toBe(8787);
    expect(s.host).toBe('127.0.0.1');
    expect(s.cache).toBe('memory');
    expect(s.rateLimitPerMinute).toBe(120);
    expect(s.dataDir).toBe('./data');
    // No site named, no site linked: links to one are left out rather than pointed at a server not running.
    expect(s.siteUrl).toBeUndefined();
    expect(loadSettings({ SITE_URL: ' ' }).siteUrl).toBeUndefined();
    expect(loadSettings({ SITE_URL: 'https://example.org/' }).siteUrl).toBe('https://example.org');
    expect(s.apiKeys).toEqual([]);
    expect(s.corsOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:4321', 'http://127.0.0.1:4321']);
    expect(loadSettings({ NODE_ENV: 'production' }).corsOrigins).toEqual([]);
  });

  it('reads bare and customer-scoped keys', () => {
    const s = loadSettings({ TIME_API_KEYS: 'k1-abcdefgh, acme:k2-abcdefgh' });
    expect(s.apiKeys).toEqual([
      { customer: '', key: 'k1-abcdefgh' },
      { customer: 'acme', key: 'k2-abcdefgh' },
    ]);
  });

  it('derives the CORS allowlist from SITE_URL and PARTNER_ORIGIN', () => {
    const s = loadSettings({ SITE_URL: 'https://www.example.org', PARTNER_ORIGIN: 'https://partner.example.com' });
    expect(s.corsOrigins).toEqual([
      'https://example.org',
      'https://www.example.org',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://localhost:4321',
      'http://127.0.0.1:4321',
      'https://partner.example.com',
    ]);
  });

  it('allows local development origins only outside production', () => {
    const s = loadSettings({ SITE_URL: 'https://example.org', NODE_ENV: 'production' });
    expect(s.corsOrigins).toEqual(['https://example.org', 'https://www.example.org']);
    expect(loadSettings({}).cacheMaxBytes).toBe(64 * 1024 * 1024);
    expect(() => loadSettings({ TIME_API_CACHE_MAX_BYTES: '1000' })).toThrow(/TIME_API_CACHE_MAX_BYTES/);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid setting PORT: must be a whole number 1\.\.65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /PORT/],
    [{ TIME_API_CACHE: 'disk' }, /TIME_API_CACHE: must be one of memory, off, redis/],
    [{ TIME_API_CACHE: 'redis' }, /TIME_API_CACHE: is redis, which needs REDIS_URL/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL/],
    [{ CORS_ORIGINS: '*' }, /CORS_ORIGINS: must list exact origins; wildcards are not allowed/],
    [{ CORS_ORIGINS: 'https://a.example/path' }, /CORS_ORIGINS/],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, /RATE_LIMIT_PER_MINUTE/],
    [{ TIME_API_CUSTOMER_RATE_LIMITS: '{"acme": "many"}' }, /TIME_API_CUSTOMER_RATE_LIMITS/],
    [{ TIME_API_CUSTOMER_RATE_LIMITS: 'acme=5' }, /TIME_API_CUSTOMER_RATE_LIMITS: must be a JSON object/],
    [{ LOG_FORMAT: 'xml' }, /LOG_FORMAT/],
    [{ SITE_URL: 'ftp://x' }, /SITE_URL/],
    [{ ELEVATION_PROVIDER_URL: 'not a url' }, /ELEVATION_PROVIDER_URL/],
  ])('rejects %j with one line naming the setting', (env, message) => {
    expect(() => loadSettings(env)).toThrow(message);
  });

  it('never echoes a key in its error', () => {
    expect(() => loadSettings({ TIME_API_KEYS: 'acme:short' })).toThrow(/at least 8 characters/);
    try {
      loadSettings({ TIME_API_KEYS: 'acme:short' });
    } catch (e) {
      expect((e as Error).message).not.toContain('short"');
    }
    expect(() => loadSettings({ TIME_API_KEYS: 'a:same-key-123,b:same-key-123' })).toThrow(/listed twice/);
  });

  it('caps sockets per peer address when clients connect directly, not behind a proxy (whose address every socket has)', () => {
    const direct = loadSettings({ MAX_CONNECTIONS: '5000' });
    expect(direct.maxConnectionsPerAddress).toBe(1250); // a quarter
    expect(direct.maxPendingConnectionsPerAddress).toBe(64);
    expect(loadSettings({ MAX_CONNECTIONS: '200' }).maxConnectionsPerAddress).toBe(64); // at least 64
    expect(loadSettings({ MAX_CONNECTIONS: '20' }).maxConnectionsPerAddress).toBe(20); // never above the cap itself
    const proxied = loadSettings({ TRUST_PROXY: '1' });
    expect([proxied.maxConnectionsPerAddress, proxied.maxPendingConnectionsPerAddress]).toEqual([0, 0]);
    const set = loadSettings({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '300', MAX_PENDING_CONNECTIONS_PER_ADDRESS: '0' });
    expect([set.maxConnectionsPerAddress, set.maxPendingConnectionsPerAddress]).toEqual([300, 0]);
    expect(() => loadSettings({ MAX_PENDING_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(/MAX_PENDING_CONNECTIONS_PER_ADDRESS: must be a whole number/);
  });

  it('caps live observatory shares per address and in all (0: no cap)', () => {
    expect([loadSettings({}).sharesPerAddress, loadSettings({}).sharesMax]).toEqual([1000, 100_000]);
    expect(loadSettings({ SHARES_PER_ADDRESS: '0', SHARES_MAX: '5' })).toMatchObject({ sharesPerAddress: 0, sharesMax: 5 });
    expect(() => loadSettings({ SHARES_MAX: '-1' })).toThrow(/SHARES_MAX: must be a whole number/);
  });
});
