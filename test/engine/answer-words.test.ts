/**
 * The words calculator sentences use for engine times (engine/tool.ts ANSWER_WORDS): each time on its own
 * wall clock and offset, to the nearest minute, never the reader's zone.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_WORDS } from '../../engine/tool.ts';

const { time, clock, day, plural } = ANSWER_WORDS;

describe('answer words', () => {
  it('a time on its own wall clock, with its weekday, date and offset', () => {
    // USNO one-day data, Atlanta 2009-09-06 (EDT): sunrise 7:15 a.m.; the engine's 07:14:57 reads as 07:15.
    expect(time('2009-09-06T07:14:57-04:00')).toBe('07:15 on Sunday 6 September 2009 (UTC−04:00)');
    expect(time('2026-11-22T13:45:00+05:45')).toBe('13:45 on Sunday 22 November 2026 (UTC+05:45)');
    expect(time('2026-03-20T14:45:36Z')).toBe('14:46 on Friday 20 March 2026 (UTC)');
    expect(time('2026-03-20T14:45:29.999+00:00')).toBe('14:45 on Friday 20 March 2026 (UTC)');
    expect(clock('2009-09-06T19:56:10-04:00')).toBe('19:56');
    expect(day('2024-02-29T12:00:00Z')).toBe('Thursday 29 February 2024');
  });

  it('rounding carries into the next day, month and year', () => {
    expect(time('2026-12-31T23:59:30+01:00')).toBe('00:00 on Friday 1 January 2027 (UTC+01:00)');
    expect(time('2024-02-28T23:59:45Z')).toBe('00:00 on Thursday 29 February 2024 (UTC)');
    // A clock time alone stays on its own day (a sunset at 23:59:40 is that evening's), as the tables write it.
    expect(clock('2026-06-21T23:59:40+02:00')).toBe('23:59');
    expect(time('1700-01-01T00:00:10Z')).toBe('00:00 on Friday 1 January 1700 (UTC)');
  });

  it('anything that is not an engine time is given back as it is', () => {
    expect(time('2026-11-22')).toBe('2026-11-22');
    expect(clock('(no sunrise)')).toBe('(no sunrise)');
    expect(day('2026-11-22T13:45:00')).toBe('2026-11-22T13:45:00'); // no offset: not an engine time
    expect(plural(1, 'day')).toBe('1 day');
  });
});
