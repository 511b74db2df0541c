/**
 * `daily_tagline`: one tagline per UTC date, the same for every caller all day.
 *
 * Day d (days since 0001-01-01) gets tagline (d × STEP) mod N. STEP is coprime to N, so the map is a
 * permutation of the list walked with a fixed stride: consecutive days never repeat (that would need
 * STEP ≡ 0 mod N) and every tagline appears exactly once in any N consecutive days. STEP is the
 * coprime nearest N/φ, so neighbouring days land far apart in the list and usually in other categories.
 */
import { z } from 'zod';
import { CLOCK_DEPENDENT, defineTool } from '../tool.ts';
import { IsoDate, Provenance } from '../inputs.ts';
import { DAY_MS } from '../instant.ts';
import { CALENDAR, catalogueEntry, fixedProvenance } from '../provenance-catalogue.ts';
import { TAGLINES, TAGLINE_CATEGORIES, type Tagline } from './taglines.ts';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The stride: the integer nearest N/φ that is coprime to N (searching outward from N/φ). */
function chooseStep(n: number): number {
  if (n < 2) throw new Error('daily_tagline needs at least two taglines so consecutive days can differ');
  const target = Math.round(n / ((1 + Math.sqrt(5)) / 2));
  for (let delta = 0; ; delta++) {
    for (const candidate of [target - delta, target + delta]) {
      if (candidate > 0 && candidate < n && gcd(candidate, n) === 1) return candidate;
    }
  }
}

export const TAGLINE_CYCLE_DAYS = TAGLINES.length;
export const TAGLINE_STEP = chooseStep(TAGLINE_CYCLE_DAYS);

/**
 * Days since 0001-01-01 in the proleptic Gregorian calendar (0 for that date). Pure integer
 * arithmetic (Hinnant's days_from_civil), so years below 100 need no Date workarounds.
 */
export function dayNumber(isoDate: string): number {
  const [y0, m, d] = isoDate.split('-').map(Number);
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  // era * 146097 + doe counts from 0000-03-01; 0001-01-01 is day 306 of that count.
  return era * 146_097 + doe - 306;
}

/** The tagline for a `YYYY-MM-DD` date (already validated). */
export function taglineForDate(isoDate: string): Tagline {
  const index = (dayNumber(isoDate) * TAGLINE_STEP) % TAGLINE_CYCLE_DAYS;
  return TAGLINES[index];
}

/** `YYYY-MM-DD` of an instant's UTC date. */
export function utcDateOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Seconds from `now` to the next 00:00:00Z, rounded up so the answer is 1..86400 and a cache never
 * holds today's tagline past midnight: 1 at 23:59:59Z, 86400 at exactly 00:00:00Z. UTC days here are
 * 86,400 s long, as in every POSIX and JavaScript clock (leap seconds are not counted).
 */
export function secondsUntilNextUtcMidnight(now: Date): number {
  const ms = now.getTime();
  const nextMidnight = (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
  return Math.ceil((nextMidnight - ms) / 1000);
}

const TAGLINE_LIST = catalogueEntry({
  id: 'taglines',
  kind: 'data',
  value: `${TAGLINE_CYCLE_DAYS} curated taglines in ${TAGLINE_CATEGORIES.length} categories`,
  summary: 'the fixed list the daily tagline is chosen from',
  text: `${TAGLINE_CYCLE_DAYS} curated taglines in ${TAGLINE_CATEGORIES.length} categories`,
});

const DAILY_ROTATION = catalogueEntry({
  id: 'tagline.daily-rotation',
  kind: 'method',
  summary: 'one tagline per UTC day, by a fixed step through the list',
  text:
    `index = (days since 0001-01-01 × ${TAGLINE_STEP}) mod ${TAGLINE_CYCLE_DAYS} over a fixed list; ` +
    'same tagline all UTC day, a different one the next day',
});

const CLOCK = catalogueEntry({
  id: 'clock',
  kind: 'detail',
  summary: 'where the date or instant of the answer came from',
  text: 'the date or instant given in the request, or else read from the API host system clock',
});

const taglineParts = (clock: string) => ({
  data: [TAGLINE_LIST, CALENDAR],
  methods: [DAILY_ROTATION],
  details: [CLOCK],
  texts: { calendar: 'proleptic Gregorian calendar, UTC dates', clock },
});
const fromClock = fixedProvenance(taglineParts('UTC date read from the API host system clock'));
const fromRequest = fixedProvenance(taglineParts('date given in the request'));

const DailyTaglineResult = z.object({
  date: z.string().describe('UTC date of the tagline, YYYY-MM-DD'),
  tagline: z.string().describe('The tagline, one line'),
  category: z.enum(TAGLINE_CATEGORIES).describe('Topic'),
  provenance: Provenance,
});

/**
 * The tagline of a UTC date.
 *
 * @example
 * await dailyTagline.run({ date: '2026-11-22' }, systemContext);
 * //=> { date: '2026-11-22', category: 'calendar',
 * //     tagline: 'Astronomers call 1 BC year 0 and 2 BC year -1, so date arithmetic stays arithmetic.', ... }
 */
export const dailyTagline = defineTool({
  name: 'daily_tagline',
  family: 'utility',
  title: 'Tagline of the day',
  description:
    'The tagline of the day: one short, checked line about time zones, calendars, geodesy, the Sun, astronomy or precise ' +
    'calculation, with its category. The same for every caller all UTC day; ' +
    `each tagline once per ${TAGLINE_CYCLE_DAYS}-day cycle.`,
  http: { method: 'GET', path: '/api/v1/utility/tagline' },
  auth: 'public',
  cache: 'deterministic-unless-now',
  usesClock: (input) => input.date === undefined,
  // Asked for "today", the answer holds until the next UTC midnight, so clients may reuse it until then.
  maxAgeSeconds: (input, ctx) => (input.date === undefined ? secondsUntilNextUtcMidnight(ctx.now()) : undefined),
  input: z.strictObject({
    date: IsoDate.optional().describe('UTC date YYYY-MM-DD, 0001..9999; default today (UTC)'),
  }),
  output: DailyTaglineResult,
  examples: [
    {
      input: { date: '2026-11-22' },
      expect: { date: '2026-11-22' },
      source: 'the date asked for, echoed as the day the tagline belongs to',
    },
  ],
  annotations: CLOCK_DEPENDENT,
  run: (input, ctx) => {
    const date = input.date ?? utcDateOf(ctx.now());
    const { category, text } = taglineForDate(date);
    return {
      date,
      tagline: text,
      category,
      provenance: (input.date === undefined ? fromClock : fromRequest)(ctx),
    };
  },
});
