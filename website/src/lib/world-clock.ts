/**
 * The world clock's rows (/world-clock/): each city's wall time, date, offset from the visitor and
 * day or night, drawn at build time for the default cities and every second in the browser
 * (website/src/scripts/world-clock.ts) with the same code. Offsets come from the engine's tzdb release
 * (never the browser's zone data), day and night from the engine's Sun position at the city.
 *
 * A city is kept in the address as a token: its folded name and GeoNames id (`london-2643743`), read
 * back through the places pack (the id picks among places of one name).
 */
import { escapeHtml } from './tool-parts.ts';

/** A city on the clock: what the places pack says of it. */
export interface ClockCity {
  id: number;
  name: string;
  label: string;
  lat: number;
  lon: number;
  timezone: string;
}

/** `London, England, United Kingdom` (id 2643743) → `london-2643743`. */
export const cityToken = (city: { id: number; name: string }, fold: (s: string) => string): string => `${fold(city.name).replace(/ /g, '-')}-${city.id}`;

/** A token's name (to search the pack) and id; undefined for text that is no token. */
export function readToken(token: string): { name: string; id: number } | undefined {
  const m = /^(.+)-(\d+)$/.exec(token.trim());
  return m ? { name: m[1].replace(/-/g, ' '), id: Number(m[2]) } : undefined;
}

/** The tokens of an address's `cities` (comma-separated), without repeats. */
export const tokensOf = (text: string | null): string[] => [
  ...new Set(
    (text ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter((t) => readToken(t)),
  ),
];

/** Cities the clock opens on after the visitor's own (when the address and the browser's storage name none). */
export const WORLD_CITIES = ['london-2643743', 'new-york-city-5128581', 'tokyo-1850147', 'sydney-2147714'];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `+5 h 30 min` of seconds east of UTC, as people write an offset: `UTC+5:30`. */
export function utcOffsetWords(seconds: number): string {
  const sign = seconds < 0 ? '−' : '+';
  const minutes = Math.round(Math.abs(seconds) / 60);
  return `UTC${sign}${Math.floor(minutes / 60)}${minutes % 60 ? `:${String(minutes % 60).padStart(2, '0')}` : ''}`;
}

/** How a city's clock stands to the visitor's: `same time as you`, `5 h 30 min ahead`, `1 h behind`. */
export function offsetFromYou(seconds: number): string {
  const minutes = Math.round(Math.abs(seconds) / 60);
  if (minutes === 0) return 'same time as you';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${[h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ')} ${seconds > 0 ? 'ahead' : 'behind'}`;
}

/** Day, twilight or night, from the engine's daylight state at the city. */
export const daylightWords = (state: string): string => (state === 'day' ? 'Day' : state === 'night' ? 'Night' : 'Twilight');

export interface ClockRow {
  city: ClockCity;
  /** `14:05:09` */
  time: string;
  /** `Saturday 28 November` */
  date: string;
  utcOffset: string;
  fromYou: string;
  daylight: string;
}

/** A city's row at `nowMs`, its offset in seconds east of UTC and the visitor's. */
export function clockRow(city: ClockCity, nowMs: number, offsetS: number, hereOffsetS: number, daylight: string): ClockRow {
  const wall = new Date(nowMs + offsetS * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    city,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`,
    date: `${WEEKDAYS[wall.getUTCDay()]} ${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]}`,
    utcOffset: utcOffsetWords(offsetS),
    fromYou: offsetFromYou(offsetS - hereOffsetS),
    daylight: daylightWords(daylight),
  };
}

/** One row as HTML (its remove button named for the city); `fromYou` false where the visitor is not known (the build). */
export function renderClockRow(row: ClockRow, token: string, fromYou = true): string {
  const e = escapeHtml;
  return (
    `<li class="clock-row" data-city="${e(token)}" data-daylight="${e(row.daylight.toLowerCase())}">` +
    `<span class="clock-city"><strong>${e(row.city.name)}</strong> <small>${e(row.city.label.slice(row.city.name.length).replace(/^, /, ''))}</small></span>` +
    `<span class="clock-time" data-clock-time>${e(row.time)}</span>` +
    `<span class="clock-date" data-clock-date>${e(row.date)}</span>` +
    `<span class="clock-meta"><span data-clock-daylight>${e(row.daylight)}</span> · <span data-clock-offset>${e(fromYou ? row.fromYou : row.utcOffset)}</span> · ${e(row.city.timezone)}</span>` +
    `<button type="button" class="secondary" data-remove-city="${e(token)}" aria-label="Remove ${e(row.city.name)}" hidden>Remove</button>` +
    '</li>'
  );
}
