/**
 * Moon phases' part of its page: the month of the asked date as a calendar (Monday first), each day with a
 * picture of the Moon drawn from its illuminated fraction at noon and whether it is waxing or waning, and
 * the principal phases marked on their days with their times. The phases are the engine's
 * (engine/sky/moon-phase-table.ts, as moon_events finds them for a run of days: the Moon − Sun
 * longitude searched where a quarter falls, the fraction from astronomy-engine's Illumination); the days
 * are local days of the engine's tzdb release when a zone is given, UTC days otherwise (as moon_phases).
 */
import { type LocalDay, localDays } from '../../../engine/browser/index.ts';
import { phaseFromTable, phaseTable } from '../../../engine/browser/index.ts';
import { daysInMonth, formatLocal, formatUtc } from '../../../engine/browser/index.ts';
import { instantOfLocal, offsetSecondsAt } from '../../../engine/browser/index.ts';
import { clockOf, escapeHtml, monthName, whenText } from './tool-parts.ts';

const PHASES = ['new_moon', 'first_quarter', 'full_moon', 'last_quarter'] as const;
export type Principal = (typeof PHASES)[number];
const PHASE_WORDS: Record<Principal, string> = { new_moon: 'New moon', first_quarter: 'First quarter', full_moon: 'Full moon', last_quarter: 'Last quarter' };
const PHASE_SHORT: Record<Principal, string> = { new_moon: 'New', first_quarter: '1st qtr', full_moon: 'Full', last_quarter: 'Last qtr' };

export interface MoonDay {
  date: string;
  /** Illuminated fraction of the disc at noon, 0..1. */
  illumination: number;
  waxing: boolean;
  /** The principal phase within the day, with its time (local with offset in a zone, UTC otherwise). */
  principal?: { phase: Principal; time: string };
}

export interface MoonMonth {
  year: number;
  month: number;
  zone?: string;
  /** The asked date, marked. */
  marked: string;
  days: MoonDay[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month of `date` day by day: local days in `zone`, or UTC days (noon 12:00 of each). */
export function moonMonth(date: string, zone?: string): MoonMonth {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const count = daysInMonth(year, month);
  const first = `${date.slice(0, 7)}-01`;
  const days: LocalDay[] = zone
    ? localDays(zone, first, count)
    : Array.from({ length: count }, (_, i) => ({
        date: `${date.slice(0, 7)}-${pad(i + 1)}`,
        startMs: Date.UTC(year, month - 1, i + 1),
        endMs: Date.UTC(year, month - 1, i + 2),
      }));
  const noons = days.map((_, i) => (zone ? instantOfLocal(zone, year, month, i + 1, 12, 0).ms : Date.UTC(year, month - 1, i + 1, 12)));
  const table = phaseTable(days, noons);
  const timeOf = (ms: number) => {
    const whole = Math.round(ms / 1000) * 1000;
    return zone ? formatLocal(whole, offsetSecondsAt(zone, whole)) : formatUtc(whole);
  };
  return {
    year,
    month,
    zone,
    marked: date,
    days: days.map((day, i) => {
      const phase = phaseFromTable(table, i, noons[i], day);
      const quarter = table.quarters.find((q) => q.ms >= day.startMs && q.ms < day.endMs);
      return {
        date: day.date,
        illumination: phase.illumination_fraction,
        waxing: phase.phase_angle_deg < 180,
        ...(quarter ? { principal: { phase: PHASES[quarter.quarter], time: timeOf(quarter.ms) } } : {}),
      };
    }),
  };
}

/**
 * The Moon with `illumination` of its disc lit, as SVG (24×24, decorative: the text beside it says it):
 * the lit limb on the right while waxing, on the left while waning (as seen from the northern hemisphere;
 * the page mirrors the pictures for the southern one), the terminator a half-ellipse of half-width |1 − 2k|
 * of the radius.
 */
export function moonPicture(illumination: number, waxing: boolean): string {
  const [c, r] = [12, 10];
  const k = Math.min(1, Math.max(0, illumination));
  const rx = Number((r * Math.abs(1 - 2 * k)).toFixed(2));
  const limb = waxing ? 1 : 0;
  const terminator = waxing ? (k > 0.5 ? 1 : 0) : k > 0.5 ? 0 : 1;
  const lit =
    k <= 0.005
      ? ''
      : k >= 0.995
        ? `<circle class="lit" cx="${c}" cy="${c}" r="${r}"/>`
        : `<path class="lit" d="M${c} ${c - r}A${r} ${r} 0 0 ${limb} ${c} ${c + r}A${rx} ${r} 0 0 ${terminator} ${c} ${c - r}Z"/>`;
  return `<svg class="moon-picture" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><circle class="dark" cx="${c}" cy="${c}" r="${r}"/>${lit}</svg>`;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** 0 = Monday … 6 = Sunday, of a proleptic Gregorian date. */
const weekdayIndex = (y: number, m: number, d: number) => (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;

/** The calendar (a table: a row a week, Monday first) and the month's principal phases as a list. */
export function renderMoonCalendar(mm: MoonMonth): string {
  const lead = weekdayIndex(mm.year, mm.month, 1);
  const cells: string[] = Array.from({ length: lead }, () => '<td></td>');
  for (const day of mm.days) {
    const percent = Math.round(day.illumination * 100);
    const p = day.principal;
    const classes = [...(p ? ['principal'] : []), ...(day.date === mm.marked ? ['marked'] : [])];
    cells.push(
      `<td data-date="${day.date}"${p ? ` data-phase="${p.phase}"` : ''}${classes.length ? ` class="${classes.join(' ')}"` : ''}${day.date === mm.marked ? ' aria-current="date"' : ''}>` +
        `<span class="day-number">${Number(day.date.slice(8))}</span>${moonPicture(day.illumination, day.waxing)}` +
        `<span class="lit-percent">${percent} %<span class="vh"> lit, ${day.waxing ? 'waxing' : 'waning'}</span></span>` +
        (p ? `<span class="phase-mark">${PHASE_SHORT[p.phase]} ${clockOf(p.time)}<span class="vh"> (${PHASE_WORDS[p.phase]})</span></span>` : '') +
        '</td>',
    );
  }
  while (cells.length % 7) cells.push('<td></td>');
  const rows = Array.from({ length: cells.length / 7 }, (_, w) => `<tr>${cells.slice(w * 7, w * 7 + 7).join('')}</tr>`).join('');
  const head = WEEKDAYS.map((d, i) => `<th scope="col"><abbr title="${WEEKDAY_NAMES[i]}">${d}</abbr></th>`).join('');
  const zone = mm.zone ? `local days in ${escapeHtml(mm.zone)}` : 'UTC days';
  const phases = mm.days
    .filter((d) => d.principal)
    .map((d) => `<li data-phase="${d.principal!.phase}">${PHASE_WORDS[d.principal!.phase]}: ${whenText(d.principal!.time)}</li>`)
    .join('');
  return (
    `<section class="table-scroll" tabindex="0" aria-label="Moon calendar (scrolls sideways when narrow)"><table class="moon-calendar"><caption>The Moon in ${monthName(mm.month)} ${mm.year} (${zone}): the lit part at noon, ` +
    'as seen from the <span class="seen-north">northern</span><span class="seen-south">southern</span> hemisphere, and the principal phases with their times</caption>' +
    `<thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></section>` +
    `<h3>Principal phases in ${monthName(mm.month)} ${mm.year}</h3><ul class="moon-phase-list">${phases}</ul>`
  );
}
