/** Seeded random dates for the date tests: reproducible, and biased toward month ends and leap days. */
import { daysInMonth, isLeapYear } from '../../../engine/instant.ts';
import { fromEpochDay, MAX_EPOCH_DAY, MIN_EPOCH_DAY, toEpochDay } from '../../../engine/date/calendar.ts';

/** mulberry32: a small seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomInt = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A date in 0001..9999: uniform, or (often) a month's last day or 29 February. */
export function randomDate(random: () => number): string {
  const pick = random();
  if (pick < 0.5) return fromEpochDay(randomInt(random, MIN_EPOCH_DAY, MAX_EPOCH_DAY));
  let year = randomInt(random, 1, 9999);
  if (pick < 0.7) {
    while (!isLeapYear(year)) year = randomInt(random, 1, 9999);
    return `${pad(year, 4)}-02-29`;
  }
  const month = randomInt(random, 1, 12);
  const day = daysInMonth(year, month) - randomInt(random, 0, 3);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** A date within `maxDays` of `date`, kept inside 0001..9999. */
export function nearbyDate(random: () => number, date: string, maxDays: number): string {
  const day = toEpochDay(date) + randomInt(random, -maxDays, maxDays);
  return fromEpochDay(Math.min(MAX_EPOCH_DAY, Math.max(MIN_EPOCH_DAY, day)));
}
