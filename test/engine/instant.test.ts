import { describe, expect, it } from 'vitest';
import { Instant } from '../../engine/inputs.ts';
import { formatLocal, formatOffset, formatUtc, isoDateProblem, parseInstant } from '../../engine/instant.ts';

describe('parseInstant', () => {
  it.each([
    ['2026-11-22T08:00:00Z', Date.UTC(2026, 10, 22, 8)],
    ['2026-11-22T09:00:00+01:00', Date.UTC(2026, 10, 22, 8)],
    ['2026-11-22T02:15:00-0545', Date.UTC(2026, 10, 22, 8)],
    ['2026-11-22 08:00Z', Date.UTC(2026, 10, 22, 8)],
    ['2026-11-22T08:00:00.123456789Z', Date.UTC(2026, 10, 22, 8, 0, 0, 123)],
    ['1795334400', 1795334400000], // epoch seconds, 10 digits
    ['1795334400000', 1795334400000], // epoch milliseconds, 13 digits
    ['-86400', -86400000],
    ['0', 0],
  ])('%s', (text, ms) => {
    expect(parseInstant(text)).toEqual({ ms });
  });

  it('reads JSON numbers like their digits', () => {
    expect(parseInstant(1795334400)).toEqual({ ms: 1795334400000 });
    expect(parseInstant(1795334400000)).toEqual({ ms: 1795334400000 });
    expect(parseInstant(1.5)).toHaveProperty('error');
  });

  describe('edge cases', () => {
    it('years before 100 are not read as 19xx', () => {
      expect(parseInstant('0001-01-01T00:00:00Z')).toEqual({ ms: Date.parse('0001-01-01T00:00:00Z') });
      expect(parseInstant('0099-12-31T23:59:59Z')).toEqual({ ms: Date.parse('0099-12-31T23:59:59Z') });
      expect(parseInstant('1900-01-01T00:00:00Z')).toEqual({ ms: Date.UTC(1900, 0, 1) });
    });
    it('leap days, and the last instant', () => {
      expect(parseInstant('2024-02-29T12:00:00Z')).toEqual({ ms: Date.UTC(2024, 1, 29, 12) });
      expect(parseInstant('2023-02-29T12:00:00Z')).toEqual({ error: 'is not a real date (2023-02 has 28 days)' });
      expect(parseInstant('9999-12-31T23:59:59.999Z')).toEqual({ ms: Date.parse('9999-12-31T23:59:59.999Z') });
      expect(parseInstant('0001-01-01T00:00:00+01:00')).toHaveProperty('error', 'must lie between 0001-01-01 and 9999-12-31');
    });
    it('a local time without offset is ambiguous', () => {
      expect(parseInstant('2026-03-08T02:30:00')).toEqual({ error: 'needs Z or a UTC offset (a local time without offset is ambiguous)' });
    });
    it('reads YYYY-MM-DDTHH:MM:SSZ (read without a regex) as the same instant written +00:00, errors included', () => {
      // 20,000 strings of that shape with digits that are often out of range, and now and then a stray character.
      let seed = 7;
      const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const digits = (n: number, max: number) => String(Math.floor(rnd() * max)).padStart(n, '0');
      let valid = 0;
      for (let k = 0; k < 20_000; k++) {
        const chars = [
          ...`${digits(4, rnd() < 0.1 ? 10 : 2100)}-${digits(2, 14)}-${digits(2, 32)}${'TtT x'[k % 5]}${digits(2, 25)}:${digits(2, 61)}:${digits(2, 61)}${'ZzZZ+'[k % 5]}`,
        ];
        if (rnd() < 0.05) chars[Math.floor(rnd() * 20)] = '/0a9-:Z '[Math.floor(rnd() * 8)];
        const text = chars.join('');
        if (!/[Zz]$/.test(text)) continue;
        const viaOffset = parseInstant(text.slice(0, 19) + '+00:00');
        expect(parseInstant(text), text).toEqual(viaOffset);
        if ('ms' in viaOffset) {
          valid++;
          expect(parseInstant(text)).toEqual({ ms: Date.parse(text.slice(0, 10) + 'T' + text.slice(11, 19) + 'Z') });
        }
      }
      expect(valid).toBeGreaterThan(5_000);
    });
    it.each(['', 'now', '2026-11-22', '2026-11-22T24:00:00Z', '2026-11-22T08:60Z', '12345678901234', '2026-11-22T08:00:00+25:00'])('rejects %j', (text) => {
      expect(parseInstant(text)).toHaveProperty('error');
    });
  });
});

describe('Instant schema', () => {
  it('gives the tool epoch milliseconds', () => {
    expect(Instant.parse('2026-11-22T08:00:00Z')).toBe(1795334400000);
    expect(Instant.safeParse({}).success).toBe(false);
  });
});

describe('isoDateProblem', () => {
  it('accepts real dates of 0001..9999 only', () => {
    expect(isoDateProblem('2024-02-29')).toBeNull();
    expect(isoDateProblem('1900-02-29')).toBe('is not a real date (1900-02 has 28 days)'); // 1900 is not a leap year
    expect(isoDateProblem('2000-02-29')).toBeNull(); // 2000 is
    expect(isoDateProblem('0000-01-01')).toBe('year must be 0001..9999');
    expect(isoDateProblem('2026-13-01')).toBe('month must be 01..12');
    expect(isoDateProblem('2026-1-1')).toBe('must be a date written YYYY-MM-DD');
  });
});

describe('formatting', () => {
  it('writes instants, offsets and local times as the contract shows', () => {
    expect(formatUtc(Date.UTC(2026, 10, 22, 8))).toBe('2026-11-22T08:00:00Z');
    expect(formatUtc(Date.UTC(2026, 10, 22, 8, 0, 0, 5))).toBe('2026-11-22T08:00:00.005Z');
    expect(formatOffset(20700)).toBe('+05:45');
    expect(formatOffset(-10800)).toBe('-03:00');
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatOffset(1521)).toBe('+00:25:21'); // Paris mean time, tzdb Europe/Paris LMT
    expect(formatOffset(-17_762)).toBe('-04:56:02'); // New York mean time, tzdb America/New_York LMT -4:56:02
    expect(formatOffset(-36_000)).toBe('-10:00');
    expect(formatLocal(Date.UTC(2026, 10, 22, 8), 3600)).toBe('2026-11-22T09:00:00+01:00');
  });
});

describe('formatting agrees with Date.prototype.toISOString', () => {
  it('over instants from 0001 to 9999, with and without milliseconds', () => {
    const iso = (ms: number) => {
      const s = new Date(ms).toISOString();
      return s.endsWith('.000Z') ? s.slice(0, -5) + 'Z' : s;
    };
    let seed = 7;
    const rand = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const min = Date.parse('0001-01-01T00:00:00Z'),
      max = Date.parse('9999-12-31T23:59:59.999Z');
    const cases = [min, max, 0, -1, 951782400000 /* 2000-02-29 */, -2208988800000 /* 1900-01-01 */];
    for (let i = 0; i < 20000; i++) {
      const ms = Math.floor(min + rand() * (max - min));
      cases.push(ms, ms - (ms % 1000));
    }
    for (const ms of cases) expect(formatUtc(ms)).toBe(iso(ms));
  });
  it('local times beyond 9999 keep the expanded-year form', () => {
    // 9999-12-31T23:59:59Z at +14:00 is already year 10000 locally (ISO 8601 expanded year).
    expect(formatLocal(Date.parse('9999-12-31T23:59:59Z'), 14 * 3600)).toBe('+010000-01-01T13:59:59+14:00');
  });
});
