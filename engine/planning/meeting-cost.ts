/**
 * What a meeting slot costs each participant, by where its minutes fall in their local day: a minute at
 * work costs nothing, a minute at the edge of the working day (up to 2 hours before a work interval
 * starts or after it ends) 1, any other minute from 07:00 to 22:00 local (the evening, the early morning,
 * a day off) 3, and a minute of night (22:00–07:00 local) 10. Being at work wins over night (a night shift
 * costs nothing), night over the edge. So 01:00 for one participant (60 × 10 = 600 for an hour) weighs
 * far more than 07:00 for one and 21:00 for another (60 × 1 + 60 × 3 = 240): the ranking prefers
 * everyone awake to fewest minutes outside work.
 *
 * A participant's cost is a step function of the UTC instant; its running integral (`cum`) makes the
 * cost of any slot two look-ups.
 *
 * @example
 * const p = costProfile(workIntervals(plan, dates, off), nightIntervals(plan.table, first, last));
 * costBetween(p, Date.parse('2026-11-30T09:00Z'), Date.parse('2026-11-30T10:00Z')) / 60_000 //=> 600 (01:00–02:00 in San Francisco)
 */
import { instantOfWall, type ZoneTable } from '../time/tzdb-data.ts';
import { DAY_MS } from '../instant.ts';

const HOUR_MS = 3_600_000;

/** The parts of a participant's day, cheapest first: their index orders them by weight. */
export const PERIODS = ['work', 'edge', 'off_hours', 'night'] as const;
export type Period = (typeof PERIODS)[number];
/** Cost of a minute in each period. */
export const PERIOD_WEIGHTS: Readonly<Record<Period, number>> = { work: 0, edge: 1, off_hours: 3, night: 10 };
const WEIGHTS = PERIODS.map((p) => PERIOD_WEIGHTS[p]);
const OFF_HOURS = PERIODS.indexOf('off_hours');
/** How far before and after work hours the edge of the working day reaches. */
export const EDGE_HOURS = 2;
const EDGE_MS = EDGE_HOURS * HOUR_MS;
/** Night, local wall clock: from 22:00 to 07:00 the next morning. */
export const NIGHT_START = '22:00';
export const NIGHT_END = '07:00';
const NIGHT_START_MS = 22 * HOUR_MS;
const NIGHT_END_MS = 7 * HOUR_MS;

/** The words the provenance and the docs use for the curve. */
export const COST_TEXT =
  `a minute at work costs 0, at the edge of the working day (up to ${EDGE_HOURS} h before or after work hours) ${PERIOD_WEIGHTS.edge}, ` +
  `other hours ${NIGHT_END}–${NIGHT_START} local (evening, early morning, days off) ${PERIOD_WEIGHTS.off_hours}, ` +
  `night (${NIGHT_START}–${NIGHT_END} local) ${PERIOD_WEIGHTS.night}; at work wins over night, night over the edge`;

/**
 * The nights beginning on the local dates `firstDay`..`lastDay` (epoch days) as sorted, disjoint UTC
 * intervals [start, end) (flattened): 22:00 local to 07:00 the next day, through the zone's rules.
 */
export function nightIntervals(table: ZoneTable, firstDay: number, lastDay: number): number[] {
  const out: number[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const a = Math.max(instantOfWall(table, day * DAY_MS + NIGHT_START_MS).ms, out.length ? out[out.length - 1] : -Infinity);
    const b = instantOfWall(table, (day + 1) * DAY_MS + NIGHT_END_MS).ms;
    if (b > a) out.push(a, b);
  }
  return out;
}

/** A participant's cost as a step function: the period from each breakpoint on, and the cost accrued before it. */
export interface CostProfile {
  /** Breakpoints, UTC epoch ms, ascending; before the first and after the last the period is off_hours. */
  at: number[];
  /** Index into PERIODS from each breakpoint to the next. */
  period: number[];
  /** Weighted milliseconds from at[0] to each breakpoint. */
  cum: number[];
}

/** The profile of one participant from their work intervals and nights (both sorted, disjoint, flattened). */
export function costProfile(work: readonly number[], nights: readonly number[]): CostProfile {
  const points = new Set<number>(nights);
  for (let i = 0; i < work.length; i += 2) {
    points
      .add(work[i] - EDGE_MS)
      .add(work[i])
      .add(work[i + 1])
      .add(work[i + 1] + EDGE_MS);
  }
  const sorted = [...points].sort((a, b) => a - b);
  const at: number[] = [];
  const period: number[] = [];
  let w = 0; // the first work interval ending after the instant
  let n = 0; // the first night ending after it
  for (let k = 0; k < sorted.length; k++) {
    // Each period holds over a whole segment between breakpoints: classify it by its first instant.
    const m = sorted[k];
    while (w < work.length && work[w + 1] <= m) w += 2;
    while (n < nights.length && nights[n + 1] <= m) n += 2;
    let p = OFF_HOURS;
    if (w < work.length && work[w] <= m) p = 0;
    else if (n < nights.length && nights[n] <= m) p = PERIODS.indexOf('night');
    else if ((w < work.length && m >= work[w] - EDGE_MS) || (w > 0 && m < work[w - 1] + EDGE_MS)) p = PERIODS.indexOf('edge');
    if (period.length && period[period.length - 1] === p) continue;
    at.push(m);
    period.push(p);
  }
  const cum: number[] = [];
  for (let k = 0; k < at.length; k++) cum.push(k ? cum[k - 1] + WEIGHTS[period[k - 1]] * (at[k] - at[k - 1]) : 0);
  return { at, period, cum };
}

/** The last breakpoint at or before `t` (-1 before the first), searching forward from `from`. */
function segmentAt(p: CostProfile, t: number, from = 0): number {
  let k = p.at[from] <= t ? from : -1;
  while (k + 1 < p.at.length && p.at[k + 1] <= t) k++;
  return k;
}

/** Weighted milliseconds from at[0] (or 0 for an empty profile) to `t`. */
function accrued(p: CostProfile, t: number, k: number): number {
  if (k < 0) return p.at.length ? WEIGHTS[OFF_HOURS] * (t - p.at[0]) : WEIGHTS[OFF_HOURS] * t;
  return p.cum[k] + WEIGHTS[p.period[k]] * (t - p.at[k]);
}

/**
 * A cursor over a profile for instants that mostly increase (slot starts in time order): the weighted
 * milliseconds of [s, e).
 */
export function costCursor(p: CostProfile): (s: number, e: number) => number {
  let ks = -1;
  let ke = -1;
  return (s, e) => {
    ks = segmentAt(p, s, ks >= 0 && p.at[ks] <= s ? ks : 0);
    ke = segmentAt(p, e, ke >= 0 && p.at[ke] <= e ? ke : 0);
    return accrued(p, e, ke) - accrued(p, s, ks);
  };
}

/** Weighted milliseconds of [s, e). */
export const costBetween = (p: CostProfile, s: number, e: number): number => costCursor(p)(s, e);

/** The costliest period [s, e) touches. */
export function worstPeriod(p: CostProfile, s: number, e: number): Period {
  let k = segmentAt(p, s);
  let worst = k < 0 ? OFF_HOURS : p.period[k];
  for (k++; k < p.at.length && p.at[k] < e; k++) worst = Math.max(worst, p.period[k]);
  return PERIODS[worst];
}
