/**
 * The year of a date at a place as sun_events computes it, day by day: every local day of the year in the
 * zone (engine's tzdb release) with its sunrise, sunset and day length (engine/sky/sun-day.ts over one
 * SunTrack for the year), for the sunrise-and-sunset page's day-length chart (website/src/lib/sun-year.ts).
 */
import * as Astronomy from 'astronomy-engine';
import { localDays } from './local-day-events.ts';
import { SunTrack } from './sun-track.ts';
import { isLeapYear } from '../instant.ts';
import { type SunDay, sunDay } from './sun-day.ts';

export interface SunYear {
  lat: number;
  lon: number;
  timezone: string;
  year: number;
  /** The asked date, marked on the chart. */
  marked: string;
  days: SunDay[];
}

/** Every local day of `year` at the place in `zone`, as sun_events answers them (days: 365 or 366 from 1 January). */
export function sunYear(lat: number, lon: number, zone: string, marked: string, elevationM = 0): SunYear {
  const year = Number(marked.slice(0, 4));
  const local = localDays(zone, `${marked.slice(0, 4)}-01-01`, isLeapYear(year) ? 366 : 365);
  const observer = new Astronomy.Observer(lat, lon, elevationM);
  const track = new SunTrack(observer, local[0].startMs, local[local.length - 1].endMs);
  return { lat, lon, timezone: zone, year, marked, days: local.map((day) => sunDay(observer, elevationM, zone, day, track)) };
}
