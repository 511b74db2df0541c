/** The engine's shared rounding (engine/numbers.ts) and its day in milliseconds (engine/instant.ts). */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../engine/instant.ts';
import { round, roundInPeriod } from '../../engine/numbers.ts';
import { roundTo } from '../../engine/geo/geodesic.ts';

describe('round', () => {
  it('rounds as the decimal form does: halves away from zero, read from the double itself', () => {
    expect(round(1.23456789, 6)).toBe(1.234568);
    expect(round(-0.125, 2)).toBe(-0.13);
    expect(round(0.125, 2)).toBe(0.13);
    expect(round(1.005, 2)).toBe(1); // 1.005 is 1.00499999999999989… as a double
    expect(round(12.5, 0)).toBe(13);
  });

  it('never answers −0', () => {
    expect(Object.is(round(-0.0000001, 6), 0)).toBe(true);
    expect(Object.is(round(-0, 3), 0)).toBe(true);
  });

  it('differs from geodesic.ts roundTo, which scales first: they are two roundings, not one', () => {
    expect(round(154.7385, 3)).toBe(154.738);
    expect(roundTo(154.7385, 3)).toBe(154.739);
  });
});

describe('roundInPeriod', () => {
  it('brings a value into [0, period) and rounds it; the rounded open end wraps to 0', () => {
    expect(roundInPeriod(-90, 6, 360)).toBe(270);
    expect(roundInPeriod(725.25, 1, 360)).toBe(5.3);
    expect(roundInPeriod(359.99999999, 6, 360)).toBe(0);
    expect(roundInPeriod(23.999999999, 7, 24)).toBe(0);
    expect(Object.is(roundInPeriod(-0.0000000001, 6, 360), 0)).toBe(true);
  });
});

describe('DAY_MS', () => {
  it('is a UTC day in milliseconds', () => {
    expect(DAY_MS).toBe(Date.UTC(2026, 0, 2) - Date.UTC(2026, 0, 1));
  });
});
