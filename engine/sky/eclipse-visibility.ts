/**
 * Whether an eclipse's contacts happen with the Sun (or the Moon) above the horizon at a place, by the
 * very horizon sunrise, sunset, moonrise and moonset use (sun_events, moon_events): the body is up while
 * its upper limb (topocentric, geometric altitude of the centre plus the semidiameter from its distance)
 * is above −34′ of standard refraction (riseSetAltitude, an observer at the horizon's height). So a
 * contact after the sunset sun_events answers is below the horizon, one before it is not.
 *
 * Each contact carries the centre's refracted altitude (astronomy-engine's 'normal' refraction, as the
 * altitude at peak always has), and the eclipse one summary: seen in full, beginning or ending below the
 * horizon (the body rises or sets during it), both (it rises and sets during it), interrupted (it sets and
 * rises again: only near the poles), or not at all. Between contacts the altitude changes monotonically
 * except around a culmination; a set-and-rise between two contacts above the horizon needs a lower
 * culmination between them, so that one instant is looked at too.
 *
 * @example
 * contactsSeen(Body.Sun, new Observer(40.4168, -3.7038, 0), [['partial_begin', Date.parse('2028-01-26T15:36:08Z')], ...])
 * //=> { contacts: [{ contact: 'partial_begin', ms, altitude_deg: 12.6, visible: true }, ...], visibility: 'ends_below_horizon' }
 */
import { Body, Equator, Horizon, MakeTime, type Observer, Refraction, SiderealTime } from 'astronomy-engine';
import { MOON_RADIUS_AU } from './moon-track.ts';
import { riseSetAltitude, SUN_RADIUS_AU } from './sun-track.ts';

const RAD = 180 / Math.PI;
const HOUR_MS = 3_600_000;
/** Hour-angle rates, degrees an hour: the Sun's 15, the Moon's (360.9856 − 13.1764) / 24. */
const HOUR_ANGLE_RATE = { sun: 15, moon: (360.9856 - 13.1764) / 24 } as const;

export const VISIBILITIES = ['full', 'begins_below_horizon', 'ends_below_horizon', 'begins_and_ends_below_horizon', 'interrupted', 'none'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export type ContactName = 'penumbral_begin' | 'partial_begin' | 'total_begin' | 'peak' | 'total_end' | 'partial_end' | 'penumbral_end';

export interface ContactSeen {
  contact: ContactName;
  ms: number;
  /** The centre's altitude with standard refraction, degrees (unrounded). */
  altitude_deg: number;
  /** The upper limb above the rise/set horizon. */
  visible: boolean;
}

interface BodyAt {
  altitude: number;
  visible: boolean;
  /** Local hour angle, degrees in [0, 360). */
  hourAngle: number;
}

/** The body's place at an instant for `observer` (its height in `observer.height`, metres). */
function bodyAt(body: Body.Sun | Body.Moon, observer: Observer, horizon: number, ms: number): BodyAt {
  const time = MakeTime(new Date(ms));
  const eq = Equator(body, time, observer, true, true);
  const geometric = Horizon(time, observer, eq.ra, eq.dec).altitude;
  const radius = body === Body.Sun ? SUN_RADIUS_AU : MOON_RADIUS_AU;
  const hourAngle = ((((SiderealTime(time) - eq.ra) * 15 + observer.longitude) % 360) + 360) % 360;
  return {
    altitude: geometric + Refraction('normal', geometric),
    visible: geometric + Math.asin(radius / eq.dist) * RAD > horizon,
    hourAngle,
  };
}

/** The body's refracted altitude and whether it is up (by the rise/set horizon) at one instant. */
export function seenAt(body: Body.Sun | Body.Moon, observer: Observer, ms: number): { altitude_deg: number; visible: boolean } {
  const at = bodyAt(body, observer, riseSetAltitude(observer, 0), ms);
  return { altitude_deg: at.altitude, visible: at.visible };
}

/** The summary of an eclipse from its contacts in time order (and the lower culmination between, when one is). */
export function visibilityOf(visible: readonly boolean[], upAtLowerCulmination = true): Visibility {
  if (!visible.some(Boolean)) return 'none';
  const first = visible[0];
  const last = visible[visible.length - 1];
  if (first && last) return visible.every(Boolean) && upAtLowerCulmination ? 'full' : 'interrupted';
  if (first) return 'ends_below_horizon';
  if (last) return 'begins_below_horizon';
  return 'begins_and_ends_below_horizon';
}

/**
 * The contacts (those that happen, in time order) marked with the body's altitude and whether it is up,
 * and the eclipse's visibility from `observer`.
 */
export function contactsSeen(
  body: Body.Sun | Body.Moon,
  observer: Observer,
  contacts: readonly (readonly [ContactName, number])[],
): { contacts: ContactSeen[]; visibility: Visibility } {
  const horizon = riseSetAltitude(observer, 0);
  const seen = contacts.map(([contact, ms]) => {
    const at = bodyAt(body, observer, horizon, ms);
    return { contact, ms, altitude_deg: at.altitude, visible: at.visible, hourAngle: at.hourAngle };
  });
  let upAtLowerCulmination = true;
  if (seen.length && seen.every((c) => c.visible)) {
    // Hour angle 180° (lower culmination) between the first and the last contact: look there, once refined.
    const rate = body === Body.Sun ? HOUR_ANGLE_RATE.sun : HOUR_ANGLE_RATE.moon;
    const first = seen[0];
    const last = seen[seen.length - 1];
    let ms = first.ms + (((((180 - first.hourAngle) % 360) + 360) % 360) / rate) * HOUR_MS;
    if (ms <= last.ms) {
      const guess = bodyAt(body, observer, horizon, ms);
      ms += ((((180 - guess.hourAngle + 540) % 360) - 180) / rate) * HOUR_MS;
      upAtLowerCulmination = bodyAt(body, observer, horizon, Math.min(last.ms, Math.max(first.ms, ms))).visible;
    }
  }
  return {
    contacts: seen.map(({ contact, ms, altitude_deg, visible }) => ({ contact, ms, altitude_deg, visible })),
    visibility: visibilityOf(
      seen.map((c) => c.visible),
      upAtLowerCulmination,
    ),
  };
}
