/**
 * Sunrise and sunset's part of its page: the year of the asked date at the place as a chart of day length
 * (the Sun-up hours of each local day shaded between the sunrise and sunset lines, in local clock time, and
 * the hours of daylight as a dashed line; the asked date marked; polar day full, polar night empty) with a
 * summary and a month-by-month table in text. The days are sun_events' own (engine/sky/sun-day.ts over
 * engine/sky/local-day-events.ts and sun-track.ts, as sun_events computes a 366-day table), so the
 * build and the page's script draw what the tool answers; local days come from the engine's tzdb release.
 */
import type { SunDay } from '../../../engine/browser/index.ts';
import { type SunYear, sunYear } from '../../../engine/browser/index.ts';
import { clockOf, durationText, escapeHtml, hoursOf, monthName } from './tool-parts.ts';
import { renderSunMonth } from './sun-month.ts';

export { type SunYear, sunYear };

/** The Sun-up hours of a local day on its clock, [from, to] pairs within 0..24. */
export function daylight(day: SunDay): [number, number][] {
  if (day.sun_status === 'midnight_sun') return [[0, 24]];
  if (day.sun_status === 'polar_night') return [];
  const rise = day.sunrise === null ? null : hoursOf(day.sunrise);
  const set = day.sunset === null ? null : hoursOf(day.sunset);
  if (rise === null && set === null) return day.day_length_seconds > 0 ? [[0, 24]] : [];
  if (rise === null) return [[0, set!]];
  if (set === null) return [[rise, 24]];
  return rise < set
    ? [[rise, set]]
    : [
        [0, set],
        [rise, 24],
      ];
}

// The chart's frame, in viewBox units: it scales to the width of its box.
const [W, H, LEFT, RIGHT, TOP, BOTTOM] = [720, 300, 36, 8, 8, 24];
const plotW = W - LEFT - RIGHT;
const plotH = H - TOP - BOTTOM;
const f1 = (n: number) => Number(n.toFixed(1));

/** A line through the days' values, broken where a day has none or the clock jumps (a change of offset is drawn as a step). */
function line(values: (number | null)[], x: (i: number) => number, y: (h: number) => number): string {
  let d = '';
  let previous: number | null = null;
  values.forEach((v, i) => {
    if (v === null) {
      previous = null;
      return;
    }
    d += `${previous === null || Math.abs(v - previous) > 3 ? 'M' : 'L'}${f1(x(i))} ${f1(y(v))}`;
    previous = v;
  });
  return d;
}

/** The chart as SVG (role img, with a title and a description), the asked date marked. */
export function renderSunYearChart(sy: SunYear, id = 'sun-year'): string {
  const n = sy.days.length;
  const step = plotW / n;
  const x = (i: number) => LEFT + i * step;
  const y = (h: number) => TOP + ((24 - h) * plotH) / 24;
  const shade = sy.days
    .flatMap((day, i) => daylight(day).map(([a, b]) => `M${f1(x(i))} ${f1(y(b))}h${f1(step + 0.05)}V${f1(y(a))}h${f1(-step - 0.05)}z`))
    .join('');
  const rise = line(
    sy.days.map((d) => (d.sunrise === null ? null : hoursOf(d.sunrise))),
    (i) => x(i) + step / 2,
    y,
  );
  const set = line(
    sy.days.map((d) => (d.sunset === null ? null : hoursOf(d.sunset))),
    (i) => x(i) + step / 2,
    y,
  );
  const length = line(
    sy.days.map((d) => d.day_length_seconds / 3600),
    (i) => x(i) + step / 2,
    y,
  );
  const grid = [0, 6, 12, 18, 24]
    .map(
      (h) =>
        `<line class="grid" x1="${LEFT}" x2="${W - RIGHT}" y1="${f1(y(h))}" y2="${f1(y(h))}"/><text x="${LEFT - 4}" y="${f1(y(h) + 4)}" text-anchor="end">${String(h).padStart(2, '0')}</text>`,
    )
    .join('');
  const months = Array.from({ length: 12 }, (_, m) => {
    const i = sy.days.findIndex((d) => Number(d.date.slice(5, 7)) === m + 1);
    return i < 0
      ? ''
      : `<line class="grid" x1="${f1(x(i))}" x2="${f1(x(i))}" y1="${TOP}" y2="${H - BOTTOM}"/><text x="${f1(x(i) + 2)}" y="${H - 8}">${monthName(m + 1).slice(0, 3)}</text>`;
  }).join('');
  const at = sy.days.findIndex((d) => d.date === sy.marked);
  const mark = at < 0 ? '' : `<line class="marked" x1="${f1(x(at) + step / 2)}" x2="${f1(x(at) + step / 2)}" y1="${TOP}" y2="${H - BOTTOM}"/>`;
  const { longest, shortest } = extremes(sy);
  const title = `Day length through ${sy.year} at ${sy.lat}, ${sy.lon} (${escapeHtml(sy.timezone)})`;
  const desc =
    `Hours of the local day from 00 at the bottom to 24 at the top, one column a day from 1 January: shaded while the Sun is up, ` +
    `between the sunrise and sunset lines; the dashed line is the hours of daylight; the vertical line marks ${sy.marked}. ` +
    `Longest day ${longest.date} (${durationText(longest.day_length_seconds)}), shortest ${shortest.date} (${durationText(shortest.day_length_seconds)}).`;
  return (
    `<svg class="sun-year-chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-title ${id}-desc" data-days="${n}" data-longest="${longest.date}" data-shortest="${shortest.date}">` +
    `<title id="${id}-title">${title}</title><desc id="${id}-desc">${desc}</desc>` +
    `<rect class="night" x="${LEFT}" y="${TOP}" width="${plotW}" height="${plotH}"/>` +
    `<path class="day" d="${shade}"/>${grid}${months}` +
    `<path class="rise" d="${rise}"/><path class="set" d="${set}"/><path class="length" d="${length}"/>${mark}</svg>`
  );
}

/** The first longest and first shortest day of the year (by day_length_seconds). */
export function extremes(sy: SunYear): { longest: SunDay; shortest: SunDay } {
  let [longest, shortest] = [sy.days[0], sy.days[0]];
  for (const d of sy.days) {
    if (d.day_length_seconds > longest.day_length_seconds) longest = d;
    if (d.day_length_seconds < shortest.day_length_seconds) shortest = d;
  }
  return { longest, shortest };
}

const riseText = (d: SunDay) => (d.sun_status === 'midnight_sun' ? 'up all day' : d.sun_status === 'polar_night' ? 'down all day' : clockOf(d.sunrise) || '—');
const setText = (d: SunDay) => (d.sun_status === 'normal' ? clockOf(d.sunset) || '—' : '');

/** The summary (longest and shortest day, days of midnight sun and polar night) and the 1st of each month as a table. */
export function renderSunYearText(sy: SunYear): string {
  const { longest, shortest } = extremes(sy);
  const count = (status: SunDay['sun_status']) => sy.days.filter((d) => d.sun_status === status).length;
  const [polarDay, polarNight] = [count('midnight_sun'), count('polar_night')];
  const items = [
    `<li data-longest-day>Longest day: ${longest.date}, ${durationText(longest.day_length_seconds)} of daylight.</li>`,
    `<li data-shortest-day>Shortest day: ${shortest.date}, ${durationText(shortest.day_length_seconds)} of daylight.</li>`,
    ...(polarDay ? [`<li>Midnight sun (the Sun never sets): ${polarDay} day${polarDay === 1 ? '' : 's'}.</li>`] : []),
    ...(polarNight ? [`<li>Polar night (the Sun never rises): ${polarNight} day${polarNight === 1 ? '' : 's'}.</li>`] : []),
  ];
  const rows = sy.days
    .filter((d) => d.date.endsWith('-01') || d.date === sy.marked)
    .map(
      (d) =>
        `<tr${d.date === sy.marked ? ' class="marked" aria-current="date"' : ''}><th scope="row">${d.date}</th><td>${riseText(d)}</td><td>${setText(d)}</td><td>${durationText(d.day_length_seconds)}</td></tr>`,
    )
    .join('');
  return (
    `<ul class="sun-year-summary">${items.join('')}</ul>` +
    `<section class="table-scroll" tabindex="0" aria-label="Sunrise and sunset by month (scrolls sideways when narrow)"><table class="sun-year-table"><caption>Sunrise, sunset and daylight on the first of each month and on ${sy.marked} (local time, ${escapeHtml(sy.timezone)})</caption>` +
    `<thead><tr><th scope="col">Date</th><th scope="col">Sunrise</th><th scope="col">Sunset</th><th scope="col">Daylight</th></tr></thead><tbody>${rows}</tbody></table></section>`
  );
}

/** Chart and text together. */
export const renderSunYear = (sy: SunYear, id?: string): string => renderSunYearChart(sy, id) + renderSunYearText(sy);

/** The part as the page shows it: every day of the asked date's month, then the year (chart and text). */
export const renderSunMonthAndYear = (sy: SunYear, id?: string): string =>
  `<h3>Every day of ${monthName(Number(sy.marked.slice(5, 7)))} ${sy.marked.slice(0, 4)}</h3>${renderSunMonth(sy)}` +
  `<h3>Through ${sy.year}</h3>${renderSunYear(sy, id)}`;
