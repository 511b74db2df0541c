/**
 * Numbers as answers write them: rounding to a number of decimals. Kernel (imports nothing, no family's,
 * no zod), so every family and the browser pages can use it. A day in milliseconds is instant.ts's DAY_MS.
 *
 * Two roundings differ from `round` and stay with their tools, whose answers they fix: geo/geodesic.ts's
 * roundTo scales first (154.7385 → 154.739 at 3 digits, where round gives 154.738), and eclipse-search.ts's
 * roundHalfUp takes halves up (−0.125 → −0.12 at 2 digits, where round gives −0.13).
 */

/**
 * `x` to `digits` decimals as its decimal form rounds (`Number(x.toFixed(digits))`: halves away from
 * zero, read from the double's exact value, so 1.005 → 1.00); −0 becomes 0.
 */
export const round = (x: number, digits: number): number => {
  const r = Number(x.toFixed(digits));
  return Object.is(r, -0) ? 0 : r;
};

/** `x` brought into [0, period), then rounded; a value that rounds up to the open end wraps to 0. */
export const roundInPeriod = (x: number, digits: number, period: number): number => {
  const r = round(((x % period) + period) % period, digits);
  return r === period ? 0 : r;
};
