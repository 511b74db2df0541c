/**
 * The home page's "today, here" (issue 32): the time and zone, sunrise and sunset, the Moon and the next
 * public holiday at a place, from the engine's own tools (get_time_in_zone, sun_events, sky_positions,
 * next_holidays), in words. The same code words the build's answer (London, the build's moment) and the
 * visitor's (their zone's city, now). Browser-safe: `run` computes a tool (the build: the registry; a
 * page: the tool's module over the page's data).
 */
import { dayWords, type Here } from './now-here.ts';
import { valueWords } from './plain-words.ts';

/** Computes a tool for an input, as the API answers (output schema applied). */
export type RunTool = (name: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface HomeFacts {
  /** The place's wall time, `HH:MM`, and the day in words: `Saturday 28 November 2026`. */
  time: string;
  day: string;
  /** `Europe/London, UTC+00:00 (GMT)`. */
  zone: string;
  /** UTC offset in seconds (the page's clock ticks with it). */
  offsetSeconds: number;
  sun: string;
  moon: string;
  /** The next public holiday of the place's country, or why there is none to show. */
  holiday: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** `Friday 25 December 2026` from `2026-12-25` (proleptic Gregorian arithmetic, no zone). */
export const dateWords = (date: string): string => `${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]} ${dayWords(date)}`;

const clock = (local: unknown) => (typeof local === 'string' ? local.slice(11, 16) : undefined);

interface SunDay {
  sunrise: string | null;
  sunset: string | null;
  sun_status: string;
  day_length_seconds: number;
}

function sunWords(day: SunDay | undefined, city: string): string {
  if (!day) return `No sunrise or sunset found for ${city} today.`;
  const rise = clock(day.sunrise);
  const set = clock(day.sunset);
  const hours = Math.floor(day.day_length_seconds / 3600);
  const minutes = Math.round((day.day_length_seconds % 3600) / 60);
  if (rise && set) return `Sunrise ${rise}, sunset ${set} in ${city} (${hours} h ${minutes} min of daylight).`;
  if (rise) return `Sunrise ${rise} in ${city}; the Sun does not set again today.`;
  if (set) return `Sunset ${set} in ${city}; the Sun rose before today began.`;
  return day.sun_status === 'midnight_sun' ? `The Sun does not set in ${city} today (midnight sun).` : `The Sun does not rise in ${city} today (polar night).`;
}

/**
 * The facts for `here` at `nowMs`. `countryName` words a country code (the build: CLDR's names; a page:
 * the browser's display names).
 */
export async function homeFacts(here: Here, nowMs: number, run: RunTool, countryName: (code: string) => string): Promise<HomeFacts> {
  const at = new Date(Math.floor(nowMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const time = (await run('get_time_in_zone', { timezone: here.zone, at })) as {
    local_time: string;
    utc_offset: string;
    utc_offset_seconds: number;
    abbreviation: string;
  };
  const today = time.local_time.slice(0, 10);
  const [sun, sky, holidays] = await Promise.all([
    run('sun_events', { lat: here.lat, lon: here.lon, date: today, timezone: here.zone }),
    run('sky_positions', { lat: here.lat, lon: here.lon, at }),
    here.country ? run('next_holidays', { country: here.country, after: today, count: 1 }).catch(() => undefined) : Promise.resolve(undefined),
  ]);
  const moon = (sky as { moon?: { phase_name: string; illumination_fraction: number } }).moon;
  const next = (holidays as { holidays?: { date: string; name: string; days_until: number }[] } | undefined)?.holidays?.[0];
  const country = here.country ? countryName(here.country) : undefined;
  const abbreviation = /^[A-Z]/.test(time.abbreviation) ? ` (${time.abbreviation})` : '';
  return {
    time: time.local_time.slice(11, 16),
    day: dateWords(today),
    zone: `${here.zone}, UTC${time.utc_offset}${abbreviation}`,
    offsetSeconds: time.utc_offset_seconds,
    sun: sunWords((sun as { days?: SunDay[] }).days?.[0], here.city),
    moon: moon ? `Moon: ${valueWords(moon.phase_name)}, ${Math.round(moon.illumination_fraction * 100)}% lit.` : 'Moon: not computed.',
    holiday: !country
      ? `Your time zone, ${here.zone}, names no country, so no public holidays are shown.`
      : next
        ? `Next public holiday in ${country}: ${next.name}, ${dateWords(next.date)}${next.days_until === 0 ? ' (today)' : next.days_until === 1 ? ' (tomorrow)' : ` (in ${next.days_until} days)`}.`
        : `No public holiday of ${country} is known in the coming year.`,
  };
}
