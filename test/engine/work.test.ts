/** engine/work.ts: a rule's estimate is made once per parsed input, whoever asks (the price, the API's thread choice). */
import { describe, expect, it, vi } from 'vitest';
import { estimateOf, priceOf, type WorkRule } from '../../engine/work.ts';

describe('estimateOf', () => {
  it('estimates an input object once, and each new input again', () => {
    const estimate = vi.fn((input: { days: number }) => ({ units: 3000 + 40 * input.days, field: 'days', shrink: 'ask for fewer days' }));
    const rule: WorkRule<{ days: number }> = { rule: 'test', estimate };
    const input = { days: 366 };
    expect(priceOf({ work: rule }, input)).toBe(1);
    expect(estimateOf(rule, input)).toEqual({ units: 17_640, field: 'days', shrink: 'ask for fewer days' });
    expect(estimate).toHaveBeenCalledTimes(1);
    expect(estimateOf(rule, { days: 1000 }).units).toBe(43_000);
    expect(estimate).toHaveBeenCalledTimes(2);
  });
});
