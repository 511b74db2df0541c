/**
 * The Moon's phase over a run of local days (moon_events), found once for the run: the elongation at each
 * day's noon, the principal phases searched only where two samples bracket one, the last new moon by one
 * SearchMoonPhase. Answers what sky.ts's moonState answers day by day (three MoonPhase and a 31-day search each).
 */
import * as Astronomy from 'astronomy-engine';
import { DAY_MS } from '../instant.ts';
import { round } from '../numbers.ts';
import type { LocalDay } from './local-day-events.ts';

const MOON = Astronomy.Body.Moon;

const QUARTER_NAMES = ['new_moon', 'first_quarter', 'full_moon', 'last_quarter'] as const;

/** astronomy-engine's LongitudeOffset (not exported): an angle in (−180, 180]. */
function longitudeOffset(diff: number): number {
  let offset = diff;
  while (offset <= -180) offset += 360;
  while (offset > 180) offset -= 360;
  return offset;
}

/** The phases of a run of local days, found once for all of them. */
export interface PhaseTable {
  /** MoonPhase (Moon − Sun ecliptic longitude) at each day's noon. */
  elongation: number[];
  /** The principal phases within the run, in time order. */
  quarters: { quarter: number; ms: number }[];
  /** The last new moon before the first noon (SearchMoonPhase's, as moonState finds it). */
  firstNew: number;
}

/**
 * The phases of local days with the given noons: the elongation at the days' bounds and noons (astronomy-engine's
 * MoonPhase, 11–15°/day, so never a whole quarter between two samples), each principal phase found by
 * astronomy-engine's Search (0.1 s, SearchMoonPhase's tolerance) within the samples that bracket it, and one
 * SearchMoonPhase back from the first noon for the last new moon. One search a quarter instead of one a day.
 */
export function phaseTable(days: LocalDay[], noons: number[]): PhaseTable {
  const elongationAt = (ms: number) => Astronomy.MoonPhase(Astronomy.MakeTime(new Date(ms)));
  const elongation = noons.map(elongationAt);
  const samples: { ms: number; e: number }[] = [{ ms: days[0].startMs, e: elongationAt(days[0].startMs) }];
  noons.forEach((ms, i) => {
    if (ms > samples[samples.length - 1].ms) samples.push({ ms, e: elongation[i] });
  });
  const end = days[days.length - 1].endMs;
  if (end > samples[samples.length - 1].ms) samples.push({ ms: end, e: elongationAt(end) });
  const quarters: { quarter: number; ms: number }[] = [];
  for (let i = 1; i < samples.length; i++) {
    const [a, b] = [samples[i - 1], samples[i]];
    for (let quarter = 0; quarter < 4; quarter++) {
      const fa = longitudeOffset(a.e - 90 * quarter);
      const fb = longitudeOffset(b.e - 90 * quarter);
      if (!(fa < 0 && fb >= 0 && fb - fa < 90)) continue;
      const offset = (t: Astronomy.AstroTime) => longitudeOffset(Astronomy.MoonPhase(t) - 90 * quarter);
      const time =
        fb === 0
          ? Astronomy.MakeTime(new Date(b.ms))
          : Astronomy.Search(offset, Astronomy.MakeTime(new Date(a.ms)), Astronomy.MakeTime(new Date(b.ms)), {
              dt_tolerance_seconds: 0.1,
              init_f1: fa,
              init_f2: fb,
            });
      if (time) quarters.push({ quarter, ms: time.date.getTime() });
    }
  }
  const firstNew = Astronomy.SearchMoonPhase(0, Astronomy.MakeTime(new Date(noons[0])), -31)!.date.getTime();
  return { elongation, quarters, firstNew };
}

/**
 * The phase at local noon as moonState answers it, the principal phase of the date and the last new moon
 * read from the run's table; the illuminated fraction at noon is astronomy-engine's Illumination.
 */
export function phaseFromTable(table: PhaseTable, index: number, noonMs: number, day: LocalDay) {
  const elongation = table.elongation[index];
  // [dayStart, next midnight): a phase exactly at midnight belongs to the day it begins; a skipped date has none.
  const principal = table.quarters.find((q) => q.ms >= day.startMs && q.ms < day.endMs);
  let lastNew = table.firstNew;
  for (const q of table.quarters) if (q.quarter === 0 && q.ms <= noonMs && q.ms > lastNew) lastNew = q.ms;
  const angle = round(((elongation % 360) + 360) % 360, 6);
  return {
    phase_name: principal
      ? QUARTER_NAMES[principal.quarter]
      : elongation < 180
        ? elongation < 90
          ? ('waxing_crescent' as const)
          : ('waxing_gibbous' as const)
        : elongation < 270
          ? ('waning_gibbous' as const)
          : ('waning_crescent' as const),
    illumination_fraction: round(Astronomy.Illumination(MOON, Astronomy.MakeTime(new Date(noonMs))).phase_fraction, 4),
    phase_angle_deg: angle === 360 ? 0 : angle,
    age_days: round((noonMs - lastNew) / DAY_MS, 4),
  };
}
