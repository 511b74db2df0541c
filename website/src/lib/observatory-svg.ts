/**
 * The observatory's SVG posters (orrery, sky chart, sun path) and positions table, drawn from the values
 * the engine computes (engine/sky/sky.ts, engine/sky/sun-path.ts). Strings only, no DOM: the page
 * draws them at build time in Node, the browser after each change. Every text is escaped, since shared
 * place names come from strangers. Over 300 lines: the three posters share one set of private drawing
 * helpers (scales, labels, colours), which a split would have to export.
 */
import { DAYLIGHT_LIMITS_DEG } from '../../../engine/browser/index.ts';
import { ORRERY_BODIES, type OrreryBody, type SkyBody } from '../../../engine/browser/index.ts';
import type { SunPath } from '../../../engine/browser/index.ts';
import type { SunRiseSet } from '../../../engine/browser/index.ts';
import { localParts } from './observatory.ts';
/** Every text that reaches the SVG or HTML goes through this: shared place names come from strangers. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What a poster is of: place name, local date and time, and the zone (`Europe/London, UTC+00:00`). */
export interface Caption {
  place: string;
  date: string;
  time: string;
  zone: string;
}

const xy = (n: number) => n.toFixed(1);
/** A value for a data attribute: plain decimal, enough digits for a test to compare to 0.001°. */
const dataNum = (n: number) => String(Number(n.toFixed(4)));
const degrees = (n: number, digits = 1) => `${n.toFixed(digits)}°`;

const COLOURS: Record<string, string> = {
  Sun: '#ffd23f',
  Moon: '#e6e6e6',
  Mercury: '#a7a7a7',
  Venus: '#e3c16f',
  Earth: '#4f8fe6',
  Mars: '#e0603a',
  Jupiter: '#d6a877',
  Saturn: '#e6d39a',
  Uranus: '#8fd6e3',
  Neptune: '#6f8ff0',
  Pluto: '#bca792',
};
const INK = '#e9eef5';
const SPACE = '#0b1a33';

function svgOpen(id: string, width: number, height: number, title: string, desc: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" id="${id}-svg" class="observatory-poster" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-labelledby="${id}-title ${id}-desc" font-family="system-ui, sans-serif" font-size="13">` +
    `<title id="${id}-title">${escapeXml(title)}</title><desc id="${id}-desc">${escapeXml(desc)}</desc>`
  );
}

const text = (x: number, y: number, content: string, attrs = '') => `<text x="${xy(x)}" y="${xy(y)}"${attrs ? ' ' + attrs : ''}>${escapeXml(content)}</text>`;

/** Long place names are cut in the footers (the title and description keep them whole). */
const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max - 1) + '…' : s);

/**
 * Labels beside marks, each at the first of four spots (right or left, above or below the mark) where
 * it overlaps no mark and no label placed before: planets often stand close together (Mars and Jupiter,
 * Venus and the Earth). Widths are estimated at 7.5 px a character of 13 px text.
 */
function labelPlacer(marks: { x: number; y: number; r: number }[]) {
  const boxes = marks.map(({ x, y, r }) => ({ x0: x - r, y0: y - r, x1: x + r, y1: y + r }));
  return (x: number, y: number, r: number, label: string, fill: string): string => {
    const w = label.length * 7.5;
    const spots = [
      [x + r + 3, y - r + 2, 'start'],
      [x + r + 3, y + r + 11, 'start'],
      [x - r - 3, y - r + 2, 'end'],
      [x - r - 3, y + r + 11, 'end'],
    ] as const;
    const boxOf = ([lx, ly, anchor]: (typeof spots)[number]) => ({
      x0: anchor === 'start' ? lx : lx - w,
      x1: anchor === 'start' ? lx + w : lx,
      y0: ly - 11,
      y1: ly + 3,
    });
    const free =
      spots.find((spot) => {
        const b = boxOf(spot);
        return boxes.every((o) => b.x1 <= o.x0 || b.x0 >= o.x1 || b.y1 <= o.y0 || b.y0 >= o.y1);
      }) ?? spots[0];
    boxes.push(boxOf(free));
    return text(free[0], free[1], label, `fill="${fill}"${free[2] === 'end' ? ' text-anchor="end"' : ''}`);
  };
}

const ORRERY = { size: 500, centre: 250, innerPx: 26, outerPx: 196, innerAu: 0.3, outerAu: 50 } as const;

/**
 * Logarithmic: Mercury (0.39 AU) and Pluto (~35 AU) cannot share a linear scale and both be seen; the
 * inner 26 px are the Sun's.
 */
function orreryRadius(distanceAu: number): number {
  const d = Math.min(Math.max(distanceAu, ORRERY.innerAu), ORRERY.outerAu);
  return ORRERY.innerPx + ((ORRERY.outerPx - ORRERY.innerPx) * Math.log(d / ORRERY.innerAu)) / Math.log(ORRERY.outerAu / ORRERY.innerAu);
}

/**
 * The planets around the Sun seen from the north ecliptic pole: longitude 0° (♈) to the right, growing
 * anticlockwise. Each body's mark carries `data-body`, `data-lon-deg` and `data-distance-au`.
 */
export function renderOrrery(bodies: OrreryBody[], caption: Omit<Caption, 'place'>): string {
  const { size, centre: c } = ORRERY;
  const title = `Orrery: the planets around the Sun on ${caption.date} at ${caption.time} (${caption.zone})`;
  const desc =
    'Seen from the north ecliptic pole, J2000 ecliptic; longitude 0° (♈, the March equinox direction) to the right, ' +
    "increasing anticlockwise; each orbit drawn as a circle through the body's present distance, on a logarithmic scale. " +
    bodies.map((b) => `${b.body} ${degrees(b.lon_deg)}, ${b.distance_au.toFixed(2)} AU`).join('; ') +
    '.';
  const out = [svgOpen('orrery', size, size + 30, title, desc), `<rect width="${size}" height="${size + 30}" fill="${SPACE}"/>`];
  const axis = c + ORRERY.outerPx + 8;
  out.push(`<line x1="${c}" y1="${c}" x2="${axis}" y2="${c}" stroke="#5d7394" stroke-dasharray="3 4"/>`);
  out.push(text(axis + 4, c + 4, '♈ 0°', `fill="${INK}"`));
  for (const [lon, x, y, anchor] of [
    [90, c, c - ORRERY.outerPx - 16, 'middle'],
    [180, c - ORRERY.outerPx - 10, c + 4, 'end'],
    [270, c, c + ORRERY.outerPx + 26, 'middle'],
  ] as const) {
    out.push(text(x, y, `${lon}°`, `fill="#9fb1c9" text-anchor="${anchor}"`));
  }
  out.push('<g fill="none" stroke="#41597a">');
  for (const b of bodies) out.push(`<circle cx="${c}" cy="${c}" r="${xy(orreryRadius(b.distance_au))}"/>`);
  out.push('</g>');
  out.push(`<g class="sun"><circle cx="${c}" cy="${c}" r="12" fill="${COLOURS.Sun}"/></g>`);
  const marks = bodies.map((b) => {
    const r = orreryRadius(b.distance_au);
    const a = (b.lon_deg * Math.PI) / 180;
    return { b, x: c + r * Math.cos(a), y: c - r * Math.sin(a), r: b.body === 'Earth' ? 5.5 : 4.5 };
  });
  const label = labelPlacer(marks);
  for (const { b, x, y, r: radius } of marks) {
    out.push(
      `<g data-body="${b.body}" data-lon-deg="${dataNum(b.lon_deg)}" data-distance-au="${dataNum(b.distance_au)}">` +
        `<circle cx="${xy(x)}" cy="${xy(y)}" r="${radius}" fill="${COLOURS[b.body]}"/>` +
        label(x, y, radius, b.body, INK) +
        '</g>',
    );
  }
  out.push(text(10, size + 18, `${caption.date} ${caption.time} (${caption.zone}) · log radial scale · J2000 ecliptic`, 'fill="#9fb1c9" font-size="12"'));
  return out.join('') + '</svg>';
}

/** Sky colour from the Sun's altitude, so the chart says day or night at a glance. */
function skyColour(sunAltDeg: number): string {
  if (sunAltDeg > 0) return '#4a7fb5';
  if (sunAltDeg > DAYLIGHT_LIMITS_DEG.civil) return '#2f5586';
  if (sunAltDeg > DAYLIGHT_LIMITS_DEG.nautical) return '#1e3a63';
  if (sunAltDeg > DAYLIGHT_LIMITS_DEG.astronomical) return '#162b4c';
  return '#0f1f3d';
}

/**
 * The visible hemisphere looking up (azimuthal equidistant): zenith at the centre, horizon at the rim,
 * north at the top and therefore east on the left. Bodies above the horizon are marks; those below are
 * listed underneath. Every body has one element with `data-body`, `data-alt-deg` and `data-az-deg`;
 * the listed ones also `data-below-horizon`.
 */
export function renderSky(bodies: SkyBody[], caption: Caption): string {
  const c = 250;
  const R = 200;
  const below = bodies.filter((b) => !b.above_horizon);
  const rows = Math.ceil(below.length / 2);
  const height = 500 + (rows ? 30 + rows * 20 : 0) + 40;
  const line = (list: SkyBody[]) => list.map((b) => `${b.body} ${degrees(b.apparent_altitude_deg)}`).join(', ') || 'none';
  const title = `Sky over ${caption.place} on ${caption.date} at ${caption.time} (${caption.zone})`;
  const desc =
    'Looking up: zenith at the centre, horizon at the edge, north at the top, east on the left. ' +
    `Above the horizon (altitude): ${line(bodies.filter((b) => b.above_horizon))}. Below the horizon: ${line(below)}.`;
  const sun = bodies.find((b) => b.body === 'Sun');
  const out = [svgOpen('sky', 500, height, title, desc), `<rect width="500" height="${height}" fill="${SPACE}"/>`];
  out.push(`<circle cx="${c}" cy="${c}" r="${R}" fill="${skyColour(sun ? sun.apparent_altitude_deg : -90)}" stroke="${INK}" stroke-width="2"/>`);
  out.push('<g fill="none" stroke="#9fb1c9" stroke-dasharray="2 4">');
  for (const alt of [30, 60]) out.push(`<circle cx="${c}" cy="${c}" r="${xy((R * (90 - alt)) / 90)}"/>`);
  out.push('</g>');
  for (const alt of [30, 60]) out.push(text(c + 3, c - (R * (90 - alt)) / 90 - 3, `${alt}°`, 'fill="#c8d3e0" font-size="11"'));
  out.push(`<circle cx="${c}" cy="${c}" r="1.5" fill="#c8d3e0"/>`);
  out.push(
    `<g fill="${INK}" font-weight="bold" text-anchor="middle">` +
      text(c, c - R - 10, 'N') +
      text(c, c + R + 22, 'S') +
      text(c - R - 18, c + 5, 'E') +
      text(c + R + 18, c + 5, 'W') +
      '</g>',
  );
  const marks = bodies
    .filter((b) => b.above_horizon)
    .map((b) => {
      const r = (R * (90 - b.apparent_altitude_deg)) / 90;
      const a = (b.azimuth_deg * Math.PI) / 180;
      return { b, x: c - r * Math.sin(a), y: c - r * Math.cos(a), r: b.body === 'Sun' ? 9 : b.body === 'Moon' ? 8 : 4.5 };
    });
  const label = labelPlacer(marks);
  for (const { b, x, y, r: radius } of marks) {
    out.push(
      `<g data-body="${b.body}" data-alt-deg="${dataNum(b.apparent_altitude_deg)}" data-az-deg="${dataNum(b.azimuth_deg)}">` +
        `<circle cx="${xy(x)}" cy="${xy(y)}" r="${radius}" fill="${COLOURS[b.body]}" stroke="${SPACE}"/>` +
        label(x, y, radius, b.body, INK) +
        '</g>',
    );
  }
  let y = 505;
  if (rows) {
    out.push(text(20, y, 'Below the horizon (altitude, azimuth):', `fill="${INK}" font-weight="bold"`));
    below.forEach((b, i) => {
      out.push(
        text(
          20 + (i % 2) * 240,
          y + 22 + Math.floor(i / 2) * 20,
          `${b.body} ${degrees(b.apparent_altitude_deg)}, az ${degrees(b.azimuth_deg)}`,
          `fill="${INK}" data-body="${b.body}" data-alt-deg="${dataNum(b.apparent_altitude_deg)}" data-az-deg="${dataNum(b.azimuth_deg)}" data-below-horizon="true"`,
        ),
      );
    });
    y += 30 + rows * 20;
  }
  out.push(text(20, y + 6, clip(caption.place, 64), `fill="${INK}" font-size="12"`));
  out.push(text(20, y + 24, `${caption.date} ${caption.time} (${caption.zone}) · refracted altitudes`, 'fill="#9fb1c9" font-size="12"'));
  return out.join('') + '</svg>';
}

const PATH_BOX = { width: 640, height: 370, left: 52, right: 620, top: 34, bottom: 300 } as const;

/**
 * The Sun's refracted altitude through the local day (x: local clock from midnight to midnight, which
 * is 23 or 25 hours on a DST change), with the horizon, the civil, nautical and astronomical twilight
 * bands, sunrise and sunset, and a marker at the chosen time carrying `data-body="Sun"`,
 * `data-alt-deg`, `data-az-deg` and `data-at`.
 */
export function renderSunPath(path: SunPath & { events?: SunRiseSet }, caption: Caption & { timeZone: string }): string {
  const { width, height, left, right, top, bottom } = PATH_BOX;
  const alts = path.samples.map((s) => s.alt_deg);
  const yMin = Math.max(-90, Math.min(-30, Math.floor(Math.min(...alts) / 10) * 10));
  const yMax = Math.min(90, Math.max(30, Math.ceil(Math.max(...alts) / 10) * 10));
  const px = (ms: number) => left + ((ms - path.start_ms) / (path.end_ms - path.start_ms)) * (right - left);
  const py = (alt: number) => top + ((yMax - Math.min(yMax, Math.max(yMin, alt))) / (yMax - yMin)) * (bottom - top);
  const clock = (ms: number) => localParts(ms, caption.timeZone).time;
  // Sunrise and sunset as sun_events writes them (local, whole seconds), when the path carries its answer.
  const eventClock = (event: 'sunrise' | 'sunset', ms: number) => path.events?.[event]?.slice(11, 16) ?? clock(ms);

  const events =
    path.daylight === 'polar_day'
      ? 'The Sun does not set on this day (polar day).'
      : path.daylight === 'polar_night'
        ? 'The Sun does not rise on this day (polar night).'
        : `Sunrise ${path.sunrise_ms === null ? 'none this day' : eventClock('sunrise', path.sunrise_ms)}, sunset ${path.sunset_ms === null ? 'none this day' : eventClock('sunset', path.sunset_ms)}.`;
  const title = `Path of the Sun over ${caption.place} on ${caption.date} (${caption.zone})`;
  const desc =
    `Altitude of the Sun against local time. ${events} Highest altitude ${degrees(Math.max(...alts))}.` +
    (path.at ? ` At ${caption.time}: altitude ${degrees(path.at.alt_deg)}, azimuth ${degrees(path.at.az_deg)}.` : '');
  const out = [svgOpen('sun-path', width, height, title, desc), `<rect width="${width}" height="${height}" fill="#ffffff"/>`];

  const bands: [number, number, string, string][] = [
    [yMax, 0, '#dcecff', 'day'],
    [0, DAYLIGHT_LIMITS_DEG.civil, '#b5c8e3', 'civil twilight'],
    [DAYLIGHT_LIMITS_DEG.civil, DAYLIGHT_LIMITS_DEG.nautical, '#8fa7ca', 'nautical twilight'],
    [DAYLIGHT_LIMITS_DEG.nautical, DAYLIGHT_LIMITS_DEG.astronomical, '#6b84aa', 'astronomical twilight'],
    [DAYLIGHT_LIMITS_DEG.astronomical, yMin, '#3f5478', 'night'],
  ];
  for (const [hi, lo, fill, name] of bands) {
    out.push(`<rect x="${left}" y="${xy(py(hi))}" width="${right - left}" height="${xy(py(lo) - py(hi))}" fill="${fill}"><title>${name}</title></rect>`);
  }
  out.push(text(right - 4, py(-3) + 4, 'civil', 'fill="#1b1f24" font-size="10" text-anchor="end"'));
  out.push(text(right - 4, py(-9) + 4, 'nautical', 'fill="#1b1f24" font-size="10" text-anchor="end"'));
  out.push(text(right - 4, py(-15) + 4, 'astronomical', 'fill="#ffffff" font-size="10" text-anchor="end"'));

  out.push('<g stroke="#ffffff" stroke-opacity="0.6">');
  for (let alt = Math.ceil(yMin / 30) * 30; alt <= yMax; alt += 30)
    if (alt !== 0) out.push(`<line x1="${left}" x2="${right}" y1="${xy(py(alt))}" y2="${xy(py(alt))}"/>`);
  out.push('</g>');
  for (let alt = Math.ceil(yMin / 30) * 30; alt <= yMax; alt += 30)
    out.push(text(left - 6, py(alt) + 4, `${alt}°`, 'fill="#1b1f24" text-anchor="end" font-size="11"'));
  out.push(`<line x1="${left}" x2="${right}" y1="${xy(py(0))}" y2="${xy(py(0))}" stroke="#1b1f24" stroke-width="1.5"/>`);
  out.push(text(left + 4, py(0) - 4, 'horizon', 'fill="#1b1f24" font-size="11"'));

  // Ticks every 3 hours of elapsed time, labelled with the local clock (which differs on a DST day).
  for (let t = path.start_ms; t <= path.end_ms; t += 3 * 3_600_000) {
    out.push(`<line x1="${xy(px(t))}" x2="${xy(px(t))}" y1="${bottom}" y2="${bottom + 5}" stroke="#1b1f24"/>`);
    out.push(text(px(t), bottom + 18, t === path.end_ms ? '24:00' : clock(t), 'fill="#1b1f24" text-anchor="middle" font-size="11"'));
  }
  out.push(`<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="none" stroke="#1b1f24"/>`);
  out.push(
    `<polyline fill="none" stroke="#c2410c" stroke-width="2.5" points="${path.samples.map((s) => `${xy(px(s.at_ms))},${xy(py(s.alt_deg))}`).join(' ')}"/>`,
  );

  for (const [event, ms] of [
    ['sunrise', path.sunrise_ms],
    ['sunset', path.sunset_ms],
  ] as const) {
    if (ms === null) continue;
    out.push(
      `<g data-event="${event}" data-at="${new Date(ms).toISOString()}"${path.events?.[event] ? ` data-local="${path.events[event]}"` : ''}>` +
        `<line x1="${xy(px(ms))}" x2="${xy(px(ms))}" y1="${top}" y2="${bottom}" stroke="#1b1f24" stroke-dasharray="4 3"/>` +
        text(
          px(ms),
          top - 6,
          `${event === 'sunrise' ? 'Sunrise' : 'Sunset'} ${eventClock(event, ms)}`,
          `fill="#1b1f24" text-anchor="${event === 'sunrise' ? 'end' : 'start'}" font-size="12"`,
        ) +
        '</g>',
    );
  }
  if (path.daylight !== 'rises_or_sets') {
    out.push(
      text(
        (left + right) / 2,
        top + 22,
        path.daylight === 'polar_day' ? 'Polar day: the Sun does not set' : 'Polar night: the Sun does not rise',
        'fill="#1b1f24" text-anchor="middle" font-weight="bold"',
      ),
    );
  }
  if (path.at && path.at.at_ms >= path.start_ms && path.at.at_ms <= path.end_ms) {
    const x = px(path.at.at_ms);
    const y = py(path.at.alt_deg);
    out.push(
      `<g data-body="Sun" data-alt-deg="${dataNum(path.at.alt_deg)}" data-az-deg="${dataNum(path.at.az_deg)}" data-at="${new Date(path.at.at_ms).toISOString()}">` +
        `<circle cx="${xy(x)}" cy="${xy(y)}" r="7" fill="${COLOURS.Sun}" stroke="#1b1f24" stroke-width="1.5"/>` +
        text(
          x + (x > right - 120 ? -10 : 10),
          y - 10,
          `${caption.time} · ${degrees(path.at.alt_deg)}`,
          `fill="#1b1f24" font-weight="bold" text-anchor="${x > right - 120 ? 'end' : 'start'}"`,
        ) +
        '</g>',
    );
  }
  out.push(text(left, height - 34, clip(caption.place, 80), 'fill="#1b1f24" font-size="12"'));
  out.push(text(left, height - 16, `${caption.date} · local time (${caption.zone}) · refracted altitude`, 'fill="#1b1f24" font-size="12"'));
  return out.join('') + '</svg>';
}

/** The numbers behind the pictures, one row a body, as an HTML table (names are ours, not the user's). */
export function renderPositionsTable(skyBodies: SkyBody[], orreryBodies: OrreryBody[]): string {
  const cell = (v: number | undefined, digits: number) => (v === undefined ? '—' : v.toFixed(digits));
  const rows = ['Sun', 'Moon', ...ORRERY_BODIES].map((name) => {
    const s = skyBodies.find((b) => b.body === name);
    const o = orreryBodies.find((b) => b.body === name);
    return (
      `<tr><th scope="row">${escapeXml(name)}</th><td>${cell(s?.apparent_altitude_deg, 2)}</td><td>${cell(s?.azimuth_deg, 2)}</td>` +
      `<td>${s ? (s.above_horizon ? 'yes' : 'no') : '—'}</td><td>${cell(o?.lon_deg, 2)}</td><td>${cell(o?.distance_au, 3)}</td></tr>`
    );
  });
  return (
    '<table><caption>Positions: altitude and azimuth for the observer (refracted), heliocentric ecliptic longitude (J2000) and distance from the Sun</caption>' +
    '<thead><tr><th scope="col">Body</th><th scope="col">Altitude (°)</th><th scope="col">Azimuth (°)</th><th scope="col">Above the horizon</th>' +
    '<th scope="col">Ecliptic longitude (°)</th><th scope="col">Distance from the Sun (AU)</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}
