/**
 * The time-zone converter's several targets: the form's time, in each zone of a list the visitor keeps
 * (rows added and removed in the page), each the convert_time tool's own answer for that zone (the page asks
 * the tool once per zone; the tool's contract is one target). This writes them as a table and reads a
 * city typed as a zone's city (`New York` → America/New_York); nothing is converted here. Browser-safe.
 */
import { escapeHtml } from './tool-parts.ts';

/** What a row shows of convert_time's answer. */
export interface ConvertedSide {
  timezone: string;
  local_time: string;
  utc_offset: string;
  abbreviation: string;
  day_of_week: string;
}
export interface ConvertAnswer {
  source: ConvertedSide;
  target: ConvertedSide;
  utc_time: string;
  time_difference: string;
  date_difference_days: number;
}

/** Zones a visitor starts with, besides the form's own: UTC and three of the most asked cities' zones. */
export const DEFAULT_TARGETS = ['UTC', 'America/New_York', 'Europe/London', 'Asia/Tokyo'] as const;

/** `New York` for `America/New_York`, `Port-au-Prince` for `America/Port-au-Prince`, `UTC` for UTC. */
export const cityOf = (zone: string): string => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/**
 * A zone for what a visitor typed: itself when it is not a city, or the one zone name (of `zones`) whose
 * city part it names, case and spaces aside (`new york` → America/New_York); undefined when it is a
 * city no zone, or more than one, is named after.
 */
export function zoneForCity(typed: string, zones: readonly string[]): string | undefined {
  const key = typed
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '_');
  if (!key) return undefined;
  const found = zones.filter((z) => (z.split('/').pop() ?? '').toLowerCase() === key && z.includes('/') && !z.startsWith('Etc/'));
  return found.length === 1 ? found[0] : undefined;
}

const WEEKDAY_SHORT: Record<string, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Sun 22 Nov 13:45`: a local time with offset as people read it. */
export function localWords(side: ConvertedSide): string {
  const t = side.local_time;
  const day = WEEKDAY_SHORT[side.day_of_week.toLowerCase()] ?? side.day_of_week;
  return `${day} ${Number(t.slice(8, 10))} ${MONTHS[Number(t.slice(5, 7)) - 1]} ${t.slice(11, 16)}`;
}

/** `+4 h 45 min`, `−3 h 30 min`, `same time` from the tool's `+4h45m`. */
export function differenceWords(d: string): string {
  const m = /^([+-])(\d+)h(?:(\d+)m)?(?:(\d+)s)?$/.exec(d);
  if (!m) return d;
  const [, sign, h, min = '0'] = m;
  if (h === '0' && min === '0') return 'same time';
  const parts = [h !== '0' ? `${h} h` : '', min !== '0' ? `${Number(min)} min` : ''].filter(Boolean).join(' ');
  return `${sign === '-' ? '−' : '+'}${parts}`;
}

/** A row: a zone's answer, or what went wrong for what was typed. */
export type TargetRow = { typed: string; answer: ConvertAnswer } | { typed: string; problem: string };

/** The table: the source first, then each target, with its local time, offset and difference from the source. */
export function renderTargets(rows: readonly TargetRow[]): string {
  const first = rows.find((r): r is { typed: string; answer: ConvertAnswer } => 'answer' in r);
  if (!first) return '<p>No time zone to show: add one.</p>';
  const source = first.answer.source;
  const line = (side: ConvertedSide, difference: string, days: number, typed: string, isSource = false) =>
    `<tr data-zone="${escapeHtml(side.timezone)}"${isSource ? ' class="marked"' : ''}><th scope="row">${escapeHtml(cityOf(side.timezone))}` +
    `${typed && cityOf(side.timezone).toLowerCase() !== typed.trim().toLowerCase() && side.timezone !== typed.trim() ? ` <small>(${escapeHtml(typed)})</small>` : ''}` +
    ` <small>${escapeHtml(side.timezone)}</small></th>` +
    `<td>${escapeHtml(localWords(side))}${days ? ` <small>(${days > 0 ? 'next' : 'previous'} day)</small>` : ''}</td>` +
    `<td>${escapeHtml(side.abbreviation)} ${escapeHtml(side.utc_offset === '+00:00' ? 'UTC' : `UTC${side.utc_offset.replace('-', '−')}`)}</td>` +
    `<td>${isSource ? 'from here' : escapeHtml(differenceWords(difference))}</td></tr>`;
  const body = [
    line(source, '+0h', 0, '', true),
    ...rows.map((r) =>
      'answer' in r
        ? line(r.answer.target, r.answer.time_difference, r.answer.date_difference_days, r.typed)
        : `<tr data-problem><th scope="row">${escapeHtml(r.typed)}</th><td colspan="3">${escapeHtml(r.problem)}</td></tr>`,
    ),
  ].join('');
  return (
    '<section class="table-scroll" tabindex="0" aria-label="The time in each zone (scrolls sideways when narrow)">' +
    `<table class="converter-targets" data-converter-targets><caption>${escapeHtml(localWords(source))} in ${escapeHtml(cityOf(source.timezone))} (${escapeHtml(first.answer.utc_time.slice(0, 16).replace('T', ' '))} UTC) is, in each zone:</caption>` +
    '<thead><tr><th scope="col">Place</th><th scope="col">Local time</th><th scope="col">Offset</th><th scope="col">Difference</th></tr></thead>' +
    `<tbody>${body}</tbody></table></section>`
  );
}
