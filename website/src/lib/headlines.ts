/**
 * The answer card's headline (issue 32, point 6): the answer in a few words, large, above the tool's
 * sentence (the detail, smaller, website/src/lib/answers.ts). "Sunrise 07:22 · sunset 17:29", "30 days",
 * "15,347.6 km (9,536.6 mi)", "Week 48 of 2026": numbers rounded for reading, dates and phases in
 * words, no field or enum names. One per calculator's tool, read from the tool's result (the same
 * result the sentence and the JSON show); a tool without one, or a result it cannot read, has none and
 * the sentence stands alone. Browser-safe: the page's script words each new answer with it.
 */
import { ANSWER_WORDS } from '../../../engine/browser/index.ts';
import { valueWords } from './plain-words.ts';

const { plural, clock, day } = ANSWER_WORDS;
// biome-ignore lint/suspicious/noExplicitAny: a headline reads the fields of its tool's result
type Result = any;

/** A number grouped and rounded for reading: `15,347.6`. */
const num = (v: number, digits = 1) => v.toLocaleString('en-GB', { maximumFractionDigits: digits });
/** A calendar date (YYYY-MM-DD) as people write it: `Friday 1 March 2024`. */
const dateWords = (date: string) => day(`${date}T12:00:00Z`);
/** A latitude and longitude to 2 decimals (about a kilometre): `70.34° N, 97.02° E`. */
const position = (lat: number, lon: number) => `${Math.abs(lat).toFixed(2)}° ${lat < 0 ? 'S' : 'N'}, ${Math.abs(lon).toFixed(2)}° ${lon < 0 ? 'W' : 'E'}`;
/** A distance in kilometres, under 1 km in metres: `4.7 km`, `434 m`. */
const distance = (km: number) => (km < 1 ? `${Math.round(km * 1000)} m` : `${num(km)} km`);
/** A zone's place as people write it: `Asia/Kathmandu` → `Kathmandu`, `America/North_Dakota/New_Salem` → `New Salem`. */
const zonePlace = (zone: string) => (zone.includes('/') ? zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ') : zone);
const sentenceCase = (s: string) => `${s[0].toUpperCase()}${s.slice(1)}`;
const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
/** An azimuth (degrees from north) as one of 8 directions. */
const direction = (deg: number) => COMPASS[Math.round((((deg % 360) + 360) % 360) / 45) % 8];
/** A local time and its day, with its zone's place if given: `13:45 in Kathmandu, Sunday 22 November 2026`. */
const whenLocal = (iso: string, zone?: string) => `${clock(iso)}${zone ? ` in ${zonePlace(zone)}` : ''}, ${day(iso)}`;

const HEADLINES: Record<string, (r: Result, input: Record<string, unknown>) => string> = {
  date_add: (r) => dateWords(r.result),
  date_difference: (r) => plural(r.days, 'day'),
  count_business_days: (r) => plural(r.business_days, 'business day'),
  // From another calendar's date: its Gregorian date; from a Gregorian date (or today): its Hebrew and Islamic dates.
  convert_calendar: (r, input) => {
    if (input.calendar && input.calendar !== 'gregory' && input.calendar !== 'iso8601') return dateWords(r.date);
    const named = ['hebrew', 'islamic-umalqura'].map((id) => r.calendars.find((c: Result) => c.calendar === id)?.formatted);
    return named.filter(Boolean).join(' · ');
  },
  date_info: (r) => `Week ${r.iso_week} of ${r.iso_week_year}`,
  geo_distance: (r) => `${num(r.kilometers)} km (${num(r.miles)} mi)`,
  geo_midpoint: (r) => position(r.midpoint.lat, r.midpoint.lon),
  geo_bounding_box: (r) => `${position(r.min_lat, r.min_lon)} to ${position(r.max_lat, r.max_lon)}`,
  geo_nearby: (r) => (r.places.length ? `${r.places[0].name}, ${distance(r.places[0].distance_km)} away` : 'No place within the radius'),
  search_places: (r) => {
    const p = r.places[0];
    return p ? [p.name, p.admin1, p.country_name].filter(Boolean).join(', ') : 'No place of that name';
  },
  list_holidays: (r) => `${plural(r.holidays.length, 'holiday')} in ${r.year}`,
  next_holidays: (r) => (r.holidays.length ? `${r.holidays[0].name}: ${dateWords(r.holidays[0].date)}` : 'No holiday ahead'),
  is_business_day: (r) =>
    r.business_day
      ? 'Yes, a business day'
      : `No: ${r.reason === 'holiday' ? r.holiday?.name : r.adjusted_day ? `day off for ${r.adjusted_day.name}` : 'the weekend'}`,
  get_time_in_zone: (r) => whenLocal(r.local_time, r.timezone),
  get_local_time: (r) => whenLocal(r.local_time),
  convert_time: (r) => whenLocal(r.target.local_time, r.target.timezone),
  sun_events: (r) => {
    const d = r.days[0];
    if (d.sun_status === 'midnight_sun') return 'Midnight sun: the Sun does not set';
    if (d.sun_status === 'polar_night') return 'Polar night: the Sun does not rise';
    return `Sunrise ${d.sunrise ? clock(d.sunrise) : 'none'} · sunset ${d.sunset ? clock(d.sunset) : 'none'}`;
  },
  moon_events: (r) => {
    const d = r.days[0];
    return `Moonrise ${d.moonrise ? clock(d.moonrise) : 'none'} · moonset ${d.moonset ? clock(d.moonset) : 'none'}`;
  },
  moon_phases: (r) =>
    r.phases.length ? `${sentenceCase(valueWords(r.phases[0].phase))}: ${day(r.phases[0].local_time ?? r.phases[0].at)}` : 'No phase listed',
  seasons: (r) => {
    const on = (name: string) => {
      const e = r.events.find((x: Result) => x.event === name);
      return e ? day(e.local_time ?? e.at).replace(/^\S+ | \d+$/g, '') : '?';
    };
    return `Equinoxes ${on('march_equinox')} and ${on('september_equinox')} · solstices ${on('june_solstice')} and ${on('december_solstice')}`;
  },
  eclipses: (r) => {
    const e = r.eclipses[0];
    return e ? `${sentenceCase(e.type)} ${e.kind} eclipse: ${day(e.peak)}` : `No ${r.kind} eclipse found`;
  },
  sky_positions: (r) => {
    const up = r.bodies.filter((b: Result) => b.above_horizon).map((b: Result) => b.body);
    return up.length ? `Above the horizon: ${up.join(', ')}` : 'None above the horizon';
  },
  ephemeris: (r) => {
    const mars = r.bodies.find((b: Result) => b.body === 'Mars')?.geocentric;
    return mars ? `Mars is ${num(mars.distance_au, 3)} AU from the Earth` : `${r.bodies.length} bodies listed`;
  },
  solar_position: (r) => {
    const el = r.apparent_elevation_deg ?? r.elevation_deg;
    return `The Sun is ${num(Math.abs(el))}° ${el < 0 ? 'below' : 'above'} the horizon, to the ${direction(r.azimuth_deg)}`;
  },
  find_meeting_times: (r) => {
    if (!r.count) return 'No slot fits';
    const slot = r.slots[0];
    const times = slot.participants.map((p: Result) => `${p.label} ${clock(p.local_start)}`).join(' · ');
    return `${day(slot.participants[0].local_start)}: ${times}`;
  },
  expand_recurrence: (r) => (r.count ? `${plural(r.count, 'date')}, the first ${day(r.occurrences[0].local_time)}` : 'No dates in the range'),
};

/** The headline of `tool`'s answer `result`, or undefined (no headline for that tool, or a result it cannot read). */
export function headlineOf(tool: string, result: unknown, input: Record<string, unknown> = {}): string | undefined {
  const words = Object.hasOwn(HEADLINES, tool) ? HEADLINES[tool] : undefined;
  if (!words || result === null || typeof result !== 'object') return undefined;
  try {
    const text = words(result, input);
    return text && !/undefined|NaN/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The tools that have a headline (every calculator's, test/website/plain-words.test.ts checks). */
export const HEADLINE_TOOLS: readonly string[] = Object.keys(HEADLINES);
