/**
 * The eclipse searches behind `eclipses`: astronomy-engine's global and local searches, with NASA-style
 * magnitudes and the hybrid type from eclipse-geometry.ts, each contact seen from a place marked above or
 * below the horizon (eclipse-visibility.ts), and a bound on how far a search for a place looks, so no
 * request costs more than about a second of CPU whatever the place.
 */
import {
  Body,
  NextGlobalSolarEclipse,
  NextLocalSolarEclipse,
  NextLunarEclipse,
  Observer,
  SearchGlobalSolarEclipse,
  SearchLocalSolarEclipse,
  SearchLunarEclipse,
  type AstroTime,
  type LunarEclipseInfo,
} from 'astronomy-engine';
import { DAY_MS, formatLocal, formatUtc } from '../instant.ts';
import { offsetSecondsAt } from '../time/zone-rules.ts';
import { localSolarMagnitude, lunarMagnitudes, solarGeometry } from './eclipse-geometry.ts';
import { type ContactName, contactsSeen, seenAt, type Visibility } from './eclipse-visibility.ts';

export type EclipseKindName = 'solar' | 'lunar';
export type EclipseType = 'total' | 'annular' | 'hybrid' | 'partial' | 'penumbral';

/** A search with a place looks at most this many years past `after` (every place sees an eclipse far more often). */
export const PLACE_SEARCH_YEARS = 40;
/** Peaks are listed up to the end of the supported range, 2200-12-31. */
export const LAST_PEAK_MS = Date.UTC(2201, 0, 1);
const YEAR_MS = 365.2425 * DAY_MS;

export interface LocalCircumstances {
  type: 'total' | 'annular' | 'partial' | 'penumbral';
  partial_begin: string | null;
  total_begin: string | null;
  peak: string;
  total_end: string | null;
  partial_end: string | null;
  magnitude: number;
  obscuration_fraction?: number;
  altitude_deg: number;
  visibility: Exclude<Visibility, 'none'>;
  contacts: LocalContact[];
}

export interface LocalContact {
  contact: ContactName;
  time: string;
  altitude_deg: number;
  visible: boolean;
}

export interface EclipseEntry {
  kind: EclipseKindName;
  type: EclipseType;
  peak: string;
  magnitude: number;
  penumbral_begin?: string | null;
  partial_begin?: string | null;
  total_begin?: string | null;
  total_end?: string | null;
  partial_end?: string | null;
  penumbral_end?: string | null;
  local: LocalCircumstances | null;
}

export interface EclipseSearch {
  kind: EclipseKindName;
  afterMs: number;
  count: number;
  place?: { lat: number; lon: number; zone: string };
}

/** Math.round of x·10^digits: halves go up (−0.125 → −0.12 at 2 digits), −0 stays; not numbers.ts's round (halves away from zero). */
const roundHalfUp = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const wholeSecond = (ms: number) => Math.round(ms / 1000) * 1000;
const utc = (t: AstroTime) => formatUtc(wholeSecond(t.date.getTime()));
const localIn = (zone: string) => (ms: number) => {
  const whole = wholeSecond(ms);
  return formatLocal(whole, offsetSecondsAt(zone, whole));
};

/**
 * The contacts that happen (epoch ms, in time order) marked as seen from `observer`, written as local
 * times; null when the body is below the horizon at all of them (not seen there at all).
 */
function markedContacts(body: Body.Sun | Body.Moon, observer: Observer, local: (ms: number) => string, contacts: readonly [ContactName, number | null][]) {
  const happening = contacts.filter((c): c is [ContactName, number] => c[1] !== null);
  const seen = contactsSeen(body, observer, happening);
  if (seen.visibility === 'none') return null;
  const marked = seen.contacts.map((c) => ({ contact: c.contact, time: local(c.ms), altitude_deg: roundHalfUp(c.altitude_deg, 2), visible: c.visible }));
  return { visibility: seen.visibility, contacts: marked, peak: marked.find((c) => c.contact === 'peak')! };
}

/** Contacts of a lunar eclipse, epoch ms (null for phases that do not occur): peak ± semi-duration. */
function lunarContacts(e: LunarEclipseInfo) {
  const peak = e.peak.date.getTime();
  const at = (semiMinutes: number, sign: -1 | 1) => (semiMinutes > 0 ? peak + sign * semiMinutes * 60_000 : null);
  return {
    penumbral_begin: at(e.sd_penum, -1),
    partial_begin: at(e.sd_partial, -1),
    total_begin: at(e.sd_total, -1),
    total_end: at(e.sd_total, 1),
    partial_end: at(e.sd_partial, 1),
    penumbral_end: at(e.sd_penum, 1),
  };
}

function lunarEntry(e: LunarEclipseInfo, local: LocalCircumstances | null): EclipseEntry {
  const m = lunarMagnitudes(e.peak);
  const contacts = lunarContacts(e);
  const show = (ms: number | null) => (ms === null ? null : formatUtc(wholeSecond(ms)));
  return {
    kind: 'lunar',
    type: e.kind as EclipseType,
    peak: utc(e.peak),
    // Umbral magnitude for partial and total eclipses, penumbral magnitude for penumbral ones (as NASA lists them).
    magnitude: roundHalfUp(e.kind === 'penumbral' ? m.penumbral : m.umbral, 4),
    penumbral_begin: show(contacts.penumbral_begin),
    partial_begin: show(contacts.partial_begin),
    total_begin: show(contacts.total_begin),
    total_end: show(contacts.total_end),
    partial_end: show(contacts.partial_end),
    penumbral_end: show(contacts.penumbral_end),
    local,
  };
}

function globalSolarEntry(peakNear: AstroTime | Date): Omit<EclipseEntry, 'local'> {
  const e = SearchGlobalSolarEclipse(peakNear instanceof Date ? peakNear : peakNear.AddDays(-1));
  const g = solarGeometry(e.peak, e.kind !== 'partial');
  return { kind: 'solar', type: g.hybrid ? 'hybrid' : (e.kind as EclipseType), peak: utc(e.peak), magnitude: roundHalfUp(g.magnitude, 4) };
}

export interface EclipseList {
  eclipses: EclipseEntry[];
  /** Why fewer than `count` are listed, when they are. */
  note?: string;
}

/** The first `count` eclipses of a kind with peak at or after `afterMs` (visible from the place, when there is one). */
export function searchEclipses({ kind, afterMs, count, place }: EclipseSearch): EclipseList {
  const eclipses: EclipseEntry[] = [];
  const limitMs = place ? Math.min(LAST_PEAK_MS, afterMs + PLACE_SEARCH_YEARS * YEAR_MS) : LAST_PEAK_MS;
  const start = new Date(afterMs - 2 * DAY_MS);
  if (kind === 'solar' && !place) {
    for (let e = SearchGlobalSolarEclipse(start); e.peak.date.getTime() < limitMs && eclipses.length < count; e = NextGlobalSolarEclipse(e.peak)) {
      if (e.peak.date.getTime() >= afterMs) eclipses.push({ ...globalSolarEntry(e.peak), local: null });
    }
  } else if (kind === 'solar' && place) {
    const observer = new Observer(place.lat, place.lon, 0);
    const local = localIn(place.zone);
    const show = (ev: { time: AstroTime } | undefined) => (ev ? local(ev.time.date.getTime()) : null);
    const ms = (ev: { time: AstroTime } | undefined) => (ev ? ev.time.date.getTime() : null);
    // astronomy-engine's local search skips eclipses that begin and end with the Sun's centre below the
    // horizon (refracted): the rise/set horizon is lower, so what it lists is seen at one contact at least.
    for (
      let l = SearchLocalSolarEclipse(start, observer);
      l.peak.time.date.getTime() < limitMs && eclipses.length < count;
      l = NextLocalSolarEclipse(l.peak.time, observer)
    ) {
      if (l.peak.time.date.getTime() < afterMs) continue;
      const seen = markedContacts(Body.Sun, observer, local, [
        ['partial_begin', ms(l.partial_begin)],
        ['total_begin', ms(l.total_begin)],
        ['peak', ms(l.peak)],
        ['total_end', ms(l.total_end)],
        ['partial_end', ms(l.partial_end)],
      ]);
      if (!seen) continue;
      eclipses.push({
        ...globalSolarEntry(l.peak.time),
        local: {
          type: l.kind as LocalCircumstances['type'],
          partial_begin: show(l.partial_begin),
          total_begin: show(l.total_begin),
          peak: local(l.peak.time.date.getTime()),
          total_end: show(l.total_end),
          partial_end: show(l.partial_end),
          magnitude: roundHalfUp(localSolarMagnitude(l.peak.time, observer), 4),
          obscuration_fraction: roundHalfUp(l.obscuration, 4),
          altitude_deg: seen.peak.altitude_deg,
          visibility: seen.visibility,
          contacts: seen.contacts,
        },
      });
    }
  } else {
    const observer = place ? new Observer(place.lat, place.lon, 0) : null;
    for (let e = SearchLunarEclipse(start); e.peak.date.getTime() < limitMs && eclipses.length < count; e = NextLunarEclipse(e.peak)) {
      if (e.peak.date.getTime() < afterMs) continue;
      if (!observer || !place) {
        eclipses.push(lunarEntry(e, null));
        continue;
      }
      // Listed when the Moon is up at peak, by the moonrise and moonset horizon.
      if (!seenAt(Body.Moon, observer, e.peak.date.getTime()).visible) continue;
      const local = localIn(place.zone);
      const c = lunarContacts(e);
      const show = (ms: number | null) => (ms === null ? null : local(ms));
      const seen = markedContacts(Body.Moon, observer, local, [
        ['penumbral_begin', c.penumbral_begin],
        ['partial_begin', c.partial_begin],
        ['total_begin', c.total_begin],
        ['peak', e.peak.date.getTime()],
        ['total_end', c.total_end],
        ['partial_end', c.partial_end],
        ['penumbral_end', c.penumbral_end],
      ]);
      if (!seen) continue;
      const entry = lunarEntry(e, null);
      entry.local = {
        type: e.kind as LocalCircumstances['type'],
        partial_begin: show(c.partial_begin),
        total_begin: show(c.total_begin),
        peak: local(e.peak.date.getTime()),
        total_end: show(c.total_end),
        partial_end: show(c.partial_end),
        magnitude: entry.magnitude,
        altitude_deg: seen.peak.altitude_deg,
        visibility: seen.visibility,
        contacts: seen.contacts,
      };
      eclipses.push(entry);
    }
  }
  if (eclipses.length >= count) return { eclipses };
  const through = formatUtc(limitMs - DAY_MS).slice(0, 10);
  const why = limitMs === LAST_PEAK_MS ? 'the supported range ends on 2200-12-31' : `a search from a place looks at most ${PLACE_SEARCH_YEARS} years ahead`;
  return { eclipses, note: `${eclipses.length} of ${count} found through ${through}: ${why}.` };
}
