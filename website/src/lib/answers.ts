/**
 * Plain-language sentences about a result the engine computed: the page's direct answer. Reads fields
 * of the result; computes nothing.
 */
import { describeInput } from './calls.ts';

type R = Record<string, any>;

/** `1 day`, `2 days`. */
const n = (count: number, unit: string) => `${count} ${unit}${Math.abs(count) === 1 ? '' : 's'}`;

const SENTENCES: Record<string, (r: R) => string> = {
  get_local_time: (r) => `The local time is ${r.local_time} in ${r.timezone}.`,
  convert_time: (r) => `${r.source?.local_time} in ${r.source?.timezone} is ${r.target?.local_time} in ${r.target?.timezone}.`,
  date_difference: (r) => `From ${r.start} to ${r.end} is ${n(r.days, 'day')} (${n(r.calendar.years, 'year')}, ${n(r.calendar.months, 'month')}, ${n(r.calendar.days, 'day')}).`,
  date_add: (r) => `The resulting date is ${r.date ?? r.result}.`,
  count_business_days: (r) => `There are ${n(r.business_days, 'business day')} (${n(r.weekend_days, 'weekend day')}, ${n(r.holidays_excluded, 'holiday')} excluded).`,
  get_time_in_zone: (r) => `It is ${r.local_time} in ${r.timezone} (UTC${r.utc_offset}, ${r.abbreviation}${r.dst ? ', daylight saving time' : ''}).`,
  is_business_day: (r) => `${r.date} is ${r.business_day ? 'a business day' : `not a business day (${r.reason === 'holiday' ? `holiday: ${r.holiday?.name}` : 'weekend'})`} in ${r.country}${r.subdivision ? `-${r.subdivision}` : ''}.`,
  next_holidays: (r) => `After ${r.after}: ${r.holidays.map((h: R) => `${h.date} ${h.name} (in ${n(h.days_until, 'day')})`).join('; ')}.`,
  geo_nearby: (r) => (r.places.length
    ? `The nearest place is ${r.places[0].name} (${r.places[0].country}), ${r.places[0].distance_km} km away; ${n(r.places.length, 'place')} listed.`
    : 'No populated place lies within the radius.'),
  list_holidays: (r) => `There are ${n(r.holidays?.length, 'holiday')}, from ${r.holidays?.[0]?.date} to ${r.holidays?.at(-1)?.date}.`,
  geo_distance: (r) => `The distance is ${r.kilometers} km (${r.miles} mi), initial bearing ${r.initial_bearing_deg}° (${r.compass_direction}).`,
  geo_midpoint: (r) => `The midpoint is at latitude ${r.lat ?? r.midpoint?.lat}, longitude ${r.lon ?? r.midpoint?.lon}.`,
  geo_bounding_box: (r) => `The box runs from latitude ${r.min_lat} to ${r.max_lat} and longitude ${r.min_lon} to ${r.max_lon}${r.min_lon > r.max_lon ? ' (across the antimeridian)' : ''}.`,
  ephemeris: (r) => {
    const mars = r.bodies?.find((b: R) => b.body === 'Mars')?.geocentric;
    return `Mars is ${mars.distance_au} AU from the Earth at right ascension ${mars.right_ascension_hours} h, declination ${mars.declination_deg}° (J2000); ${r.bodies.length} bodies are listed.`;
  },
  solar_position: (r) => `The Sun is at azimuth ${r.azimuth_deg}° and elevation ${r.apparent_elevation_deg ?? r.elevation_deg}°.`,
};

/**
 * One sentence: the input and the headline of the engine's answer for tool `toolName`. Browser-safe:
 * the calculator forms write it for what a visitor enters.
 */
export function directAnswer(toolName: string, input: Record<string, unknown>, result: R): string {
  let sentence: string | undefined;
  try { sentence = SENTENCES[toolName]?.(result); } catch { sentence = undefined; }
  const lead = `For ${describeInput(input)}:`;
  if (sentence && !/undefined/.test(sentence)) return `${lead} ${sentence}`;
  const scalars = Object.entries(result).filter(([, v]) => typeof v !== 'object' || v === null).slice(0, 4);
  return `${lead} ${scalars.map(([k, v]) => `${k} = ${v}`).join(', ') || 'see the full result below'}.`;
}
