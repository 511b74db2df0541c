/**
 * The observatory's "Sun, Moon and eclipses" block: sunrise and sunset (sun_events' answer), the Moon's
 * phase with a small drawing (sky_positions' `moon`) and the next eclipses (the eclipses tool's search).
 * Strings only, no DOM, like observatory-svg.ts: drawn at build time in Node and in the browser after
 * each change. Only numbers and the engine's own names reach the HTML here, never the user's text.
 */
import type { EclipseEntry } from '../../../engine/browser/index.ts';
import type { MoonState } from '../../../engine/browser/index.ts';
import type { SunRiseSet } from '../../../engine/browser/index.ts';
import type { NextEclipses } from './observatory.ts';

const INK = '#e9eef5';
const SPACE = '#0b1a33';
const MOON = '#e6e6e6';
const SHADOW = '#24324a';

/**
 * The Moon's disc lit as `moon` says: the lit limb on the right while waxing (phase angle under 180°),
 * on the left while waning, as seen from the northern hemisphere; mirrored for a southern observer. The
 * terminator is the ellipse of x-radius r·|1 − 2k| for the lit fraction k.
 */
export function renderMoonPhase(moon: MoonState, southern: boolean): string {
  const size = 96;
  const c = size / 2;
  const r = 38;
  const k = Math.min(1, Math.max(0, moon.illumination_fraction));
  const litRight = moon.phase_angle_deg < 180 !== southern;
  const rx = (r * Math.abs(1 - 2 * k)).toFixed(2);
  // Top to bottom along the lit limb, then back along the terminator (bulging toward the lit limb for a crescent).
  const limbSweep = litRight ? 1 : 0;
  const terminatorSweep = k < 0.5 ? 1 - limbSweep : limbSweep;
  const lit =
    k <= 0.0005
      ? ''
      : k >= 0.9995
        ? `<circle cx="${c}" cy="${c}" r="${r}" fill="${MOON}"/>`
        : `<path fill="${MOON}" d="M ${c} ${c - r} A ${r} ${r} 0 0 ${limbSweep} ${c} ${c + r} A ${rx} ${r} 0 0 ${terminatorSweep} ${c} ${c - r} Z"/>`;
  const name = moon.phase_name.replaceAll('_', ' ');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" id="moon-phase-svg" class="moon-phase" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" ` +
    `role="img" aria-labelledby="moon-phase-title" data-phase="${moon.phase_name}" data-illumination="${k}" data-phase-angle-deg="${moon.phase_angle_deg}">` +
    `<title id="moon-phase-title">The Moon: ${name}, ${percent(k)} lit</title>` +
    `<rect width="${size}" height="${size}" rx="8" fill="${SPACE}"/>` +
    `<circle cx="${c}" cy="${c}" r="${r}" fill="${SHADOW}" stroke="${INK}" stroke-opacity="0.35"/>` +
    lit +
    '</svg>'
  );
}

const percent = (k: number) => `${(k * 100).toFixed(1)}%`;
/** `2026-08-12T17:45:47Z` → `2026-08-12 17:45 UTC`; a local time keeps its offset: `2026-08-12 19:13 (UTC+01:00)`. */
function when(stamp: string): string {
  const day = `${stamp.slice(0, 10)} ${stamp.slice(11, 16)}`;
  return stamp.endsWith('Z') ? `${day} UTC` : `${day} (UTC${stamp.slice(19)})`;
}

/** Sunrise and sunset of the day as sun_events answers them. */
function sunLine(sun: SunRiseSet, timeZone: string): string {
  const offset = (sun.sunrise ?? sun.sunset)?.slice(19);
  const zone = offset ? `${timeZone}, UTC${offset}` : timeZone;
  const data = `data-sunrise="${sun.sunrise ?? ''}" data-sunset="${sun.sunset ?? ''}" data-sun-status="${sun.sun_status}"`;
  const text =
    sun.sun_status === 'midnight_sun'
      ? `On ${sun.date} the Sun does not set (midnight sun).`
      : sun.sun_status === 'polar_night'
        ? `On ${sun.date} the Sun does not rise (polar night).`
        : `On ${sun.date} the Sun rises at ${sun.sunrise?.slice(11, 19) ?? '— (no sunrise that day)'} and sets at ${sun.sunset?.slice(11, 19) ?? '— (no sunset that day)'} (${zone}).`;
  return `<p id="obs-sun-events" ${data}>${text}</p>`;
}

function eclipseItem(kind: 'solar' | 'lunar', global: EclipseEntry | null, here: EclipseEntry | null): string {
  const Kind = kind === 'solar' ? 'Solar' : 'Lunar';
  if (!global) return `<li data-eclipse="${kind}">${Kind}: none found before 2201.</li>`;
  const same = here !== null && here.peak === global.peak;
  const local = (e: EclipseEntry) =>
    e.local ? `${e.local.type}, peak ${when(e.local.peak)}, ${kind === 'solar' ? 'Sun' : 'Moon'} ${e.local.altitude_deg.toFixed(0)}° high` : '';
  const seen = same
    ? `Seen from here: ${local(here)}.`
    : here
      ? `Not seen from here; the next one seen from here is on ${here.peak.slice(0, 10)} (${here.type}; here ${local(here)}).`
      : 'None is seen from here within the next 40 years.';
  return (
    `<li data-eclipse="${kind}" data-peak="${global.peak}" data-type="${global.type}" data-visible-here="${same}">` +
    `${Kind}: ${global.type} eclipse, greatest at ${when(global.peak)}, magnitude ${global.magnitude.toFixed(3)}. ${seen}</li>`
  );
}

/** The whole block. `eclipsesHref` is the eclipses calculator's page (the slug the tool declares). */
export function renderAlmanac(
  parts: { sun: SunRiseSet; moon: MoonState; eclipses: NextEclipses; timeZone: string; southern: boolean },
  eclipsesHref: string,
): string {
  const { sun, moon, eclipses, timeZone, southern } = parts;
  const moonText =
    `<p id="obs-moon" data-phase="${moon.phase_name}" data-illumination="${moon.illumination_fraction}" data-age-days="${moon.age_days}">` +
    `The Moon at the chosen time: <strong>${moon.phase_name.replaceAll('_', ' ')}</strong>, ${percent(moon.illumination_fraction)} lit, ` +
    `${moon.age_days.toFixed(1)} days since new moon (phase angle ${moon.phase_angle_deg.toFixed(1)}°).</p>`;
  return (
    sunLine(sun, timeZone) +
    `<div class="moon-row">${renderMoonPhase(moon, southern)}${moonText}</div>` +
    `<p>The next eclipses peaking from ${eclipses.after} (00:00 UTC):</p>` +
    `<ul id="obs-eclipses">${eclipseItem('solar', eclipses.solar, eclipses.solarHere)}${eclipseItem('lunar', eclipses.lunar, eclipses.lunarHere)}</ul>` +
    `<p><a href="${eclipsesHref}">More eclipses, and their times for any place</a></p>`
  );
}
