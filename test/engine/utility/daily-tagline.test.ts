import { describe, expect, it } from 'vitest';
import {
  dailyTagline,
  dayNumber,
  secondsUntilNextUtcMidnight,
  TAGLINE_CYCLE_DAYS,
  TAGLINE_STEP,
  taglineForDate,
} from '../../../engine/utility/daily-tagline.ts';
import { TAGLINE_CATEGORIES, TAGLINES } from '../../../engine/utility/taglines.ts';
import { explanationsOf, fixedClock, inputErrors, runTool, withFullProvenance } from '../../helpers.ts';

/** `YYYY-MM-DD` of the UTC date `n` days after `start` (Date handles years below 100 via setUTCFullYear). */
function addDays(start: string, n: number): string {
  const [y, m, d] = start.split('-').map(Number);
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d + n);
  return `${String(t.getUTCFullYear()).padStart(4, '0')}-${t.toISOString().slice(5, 10)}`;
}

/** Days from 0001-01-01 to a date, counted by Date (setUTCFullYear keeps years below 100 as written). */
function daysSince0001(date: string): number {
  const utc = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number);
    const t = new Date(0);
    t.setUTCFullYear(y, m - 1, d);
    return t.getTime();
  };
  return (utc(date) - utc('0001-01-01')) / 86_400_000;
}

/**
 * The rule engine/utility/daily-tagline.ts documents, worked out here: day d (days since 0001-01-01) gets
 * tagline (d × STEP) mod N, STEP the integer nearest N/φ that is coprime to N (searching outward from N/φ).
 */
function documentedTagline(date: string) {
  const n = TAGLINES.length;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const target = Math.round(n / ((1 + Math.sqrt(5)) / 2));
  let step = 0;
  for (let delta = 0; !step; delta++) step = [target - delta, target + delta].find((c) => c > 0 && c < n && gcd(c, n) === 1) ?? 0;
  return { step, tagline: TAGLINES[(daysSince0001(date) * step) % n] };
}

describe('daily_tagline', () => {
  it('answers the JSDoc example', async () => {
    expect(dailyTagline.examples[0].input).toEqual({ date: '2026-11-22' });
    const result = await runTool(dailyTagline, dailyTagline.examples[0].input);
    const { step, tagline } = documentedTagline('2026-11-22');
    expect(TAGLINE_STEP).toBe(step);
    expect(result).toMatchObject({ date: '2026-11-22', category: tagline.category, tagline: tagline.text });
    expect(result.provenance.method).toBe('tagline.daily-rotation');
    const full = await runTool(dailyTagline, dailyTagline.examples[0].input, withFullProvenance());
    expect(explanationsOf(full.provenance)['tagline.daily-rotation']).toContain(`× ${TAGLINE_STEP}) mod ${TAGLINE_CYCLE_DAYS}`);
  });

  it('defaults to the UTC date of the clock', async () => {
    // 23:30 on the 21st at UTC-05:00 is already the 22nd in UTC.
    const result = await runTool(dailyTagline, {}, fixedClock('2026-11-21T23:30:00-05:00'));
    expect(result.date).toBe('2026-11-22');
    expect(result.tagline).toBe(taglineForDate('2026-11-22').text);
  });

  it('declares a public, clock-dependent-only-without-date tool', () => {
    expect(dailyTagline.http).toEqual({ method: 'GET', path: '/api/v1/utility/tagline' });
    expect(dailyTagline.auth).toBe('public');
    expect(dailyTagline.cache).toBe('deterministic-unless-now');
    expect(dailyTagline.usesClock?.({})).toBe(true);
    expect(dailyTagline.usesClock?.({ date: '2026-11-22' })).toBe(false);
  });

  it('counts days from 0001-01-01 like the JavaScript Date does', () => {
    expect(dayNumber('0001-01-01')).toBe(0);
    expect(dayNumber('1970-01-01')).toBe(719_162); // CPython: date(1970, 1, 1).toordinal() − 1
    expect(daysSince0001('1970-01-01')).toBe(719_162);
    for (const date of ['0001-03-01', '1582-10-15', '1900-03-01', '2000-02-29', '2024-12-31', '9999-12-31']) {
      const [y, m, d] = date.split('-').map(Number);
      const t = new Date(0);
      t.setUTCFullYear(y, m - 1, d);
      expect(dayNumber(date), date).toBe(dayNumber('1970-01-01') + t.getTime() / 86_400_000);
    }
  });

  it('rejects invalid dates and unknown parameters', () => {
    expect(inputErrors(dailyTagline, { date: '2026-02-30' })).toEqual([{ field: 'date', message: 'is not a real date (2026-02 has 28 days)' }]);
    expect(inputErrors(dailyTagline, { date: '0000-12-31' })[0].field).toBe('date');
    expect(inputErrors(dailyTagline, { date: 'today' })[0].field).toBe('date');
    expect(inputErrors(dailyTagline, { day: '2026-11-22' }).length).toBeGreaterThan(0);
  });
});

describe('taglines', () => {
  it('has at least 100 taglines in at least 6 categories, each used', () => {
    expect(TAGLINES.length).toBeGreaterThanOrEqual(100);
    expect(TAGLINE_CATEGORIES.length).toBeGreaterThanOrEqual(6);
    for (const category of TAGLINE_CATEGORIES) {
      expect(TAGLINES.filter((t) => t.category === category).length, category).toBeGreaterThanOrEqual(15);
    }
  });

  it('has no duplicates, and each is one clean line of at most 120 characters', () => {
    expect(new Set(TAGLINES.map((t) => t.text.toLowerCase())).size).toBe(TAGLINES.length);
    for (const { text } of TAGLINES) {
      expect(text.length, text).toBeLessThanOrEqual(120);
      expect(text, text).toBe(text.trim());
      expect(text, text).not.toMatch(/[\n\r\t]| {2}/);
      expect(text, text).toMatch(/[.!?]$/);
    }
  });
});

describe('edge cases', () => {
  it('gives the same answer at 00:00:00Z and 23:59:59Z of one UTC date', async () => {
    const first = await runTool(dailyTagline, {}, fixedClock('2026-03-29T00:00:00Z'));
    const last = await runTool(dailyTagline, {}, fixedClock('2026-03-29T23:59:59.999Z'));
    expect(last).toEqual(first);
    expect(first.date).toBe('2026-03-29');
  });

  it('changes at UTC midnight', async () => {
    const before = await runTool(dailyTagline, {}, fixedClock('2026-03-29T23:59:59Z'));
    const after = await runTool(dailyTagline, {}, fixedClock('2026-03-30T00:00:00Z'));
    expect(after.date).toBe('2026-03-30');
    expect(after.tagline).not.toBe(before.tagline);
  });

  it('differs between every two adjacent days over 3,650 consecutive days', async () => {
    let previous = await runTool(dailyTagline, { date: '2024-01-01' });
    for (let n = 1; n < 3650; n++) {
      const current = await runTool(dailyTagline, { date: addDays('2024-01-01', n) });
      expect(current.tagline, `${previous.date} → ${current.date}`).not.toBe(previous.tagline);
      previous = current;
    }
    expect(previous.date).toBe('2033-12-28');
  });

  it('reaches every tagline exactly once in one cycle, wherever the cycle starts', () => {
    const lastCycleStart = addDays('9999-12-31', -(TAGLINE_CYCLE_DAYS - 1));
    for (const start of ['0001-01-01', '2026-11-22', lastCycleStart]) {
      const seen = new Set<string>();
      for (let n = 0; n < TAGLINE_CYCLE_DAYS; n++) seen.add(taglineForDate(addDays(start, n)).text);
      expect(seen.size, start).toBe(TAGLINES.length);
    }
  });

  it('lets the date parameter override the clock', async () => {
    const result = await runTool(dailyTagline, { date: '2000-01-01' }, fixedClock('2026-11-22T08:00:00Z'));
    expect(result.date).toBe('2000-01-01');
    expect(result.tagline).toBe(taglineForDate('2000-01-01').text);
    const full = await runTool(dailyTagline, { date: '2000-01-01' }, withFullProvenance(fixedClock('2026-11-22T08:00:00Z')));
    expect(explanationsOf(full.provenance).clock).toBe('date given in the request');
    const fromClock = await runTool(dailyTagline, {}, withFullProvenance());
    expect(explanationsOf(fromClock.provenance).clock).toBe('UTC date read from the API host system clock');
  });

  it('handles the leap day and the ends of the supported calendar', async () => {
    for (const date of ['2024-02-29', '0001-01-01', '9999-12-31']) {
      const result = await runTool(dailyTagline, { date });
      expect(result.date).toBe(date);
      expect(TAGLINES.some((t) => t.text === result.tagline && t.category === result.category)).toBe(true);
    }
    const around = ['2024-02-28', '2024-02-29', '2024-03-01'].map((d) => taglineForDate(d).text);
    expect(around[1]).not.toBe(around[0]);
    expect(around[2]).not.toBe(around[1]);
  });

  it('sets max-age to the seconds left in the UTC day', () => {
    expect(secondsUntilNextUtcMidnight(new Date('2026-11-22T23:59:59Z'))).toBe(1);
    expect(secondsUntilNextUtcMidnight(new Date('2026-11-22T00:00:00Z'))).toBe(86_400);
    expect(secondsUntilNextUtcMidnight(new Date('2026-11-22T23:59:59.999Z'))).toBe(1);
    expect(secondsUntilNextUtcMidnight(new Date('2026-11-22T00:00:00.001Z'))).toBe(86_400);
    expect(secondsUntilNextUtcMidnight(new Date('2026-11-22T12:00:00Z'))).toBe(43_200);
    // DST changes local clocks, not the UTC day: the answer stays within 1..86400.
    expect(secondsUntilNextUtcMidnight(new Date('2026-03-29T00:59:59+00:00'))).toBe(82_801);
  });
});
