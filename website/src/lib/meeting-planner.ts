/**
 * The meeting planner's own part of its calculator page: the proposed slots to choose from, the chosen
 * slot's day as a timetable (engine/planning/meeting-timetable.ts computes it; this writes it as an HTML table
 * with row and column headers, each cell's state in words as well as colour), and an iCalendar file of
 * the chosen slot. Browser-safe: the page's script writes the same HTML for each live answer as the build
 * wrote for the worked example. Every text from the answer or the request is escaped here.
 */
import { formatWall } from '../../../engine/browser/index.ts';
import type { Timetable } from '../../../engine/browser/index.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

interface AnswerSlot {
  start: string;
  end: string;
  all_within_work_hours: boolean;
  minutes_outside_work_hours: number;
  participants: readonly { label: string; timezone: string; local_start: string; local_end: string; period?: string }[];
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Days from 1970-01-01 of a `YYYY-MM-DD` date (a local date: no zone is read). */
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
/** `Tue 1 Dec` for a local date `2026-12-01`. */
export function shortDate(date: string): string {
  const day = dayNumber(date);
  return `${WEEKDAYS[(((day + 4) % 7) + 7) % 7]} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
}
/** How a local date stands to the first participant's: '', ` (next day)`, ` (previous day)`, ` (+2 days)`. */
function dayShift(date: string, home: string): string {
  const d = dayNumber(date) - dayNumber(home);
  if (d === 0) return '';
  if (d === 1) return ' (next day)';
  if (d === -1) return ' (previous day)';
  return ` (${d > 0 ? '+' : '−'}${Math.abs(d)} days)`;
}

/**
 * A slot in every participant's own time, on the first participant's date:
 * `Tue 1 Dec · 15:00 London · 10:00 New York · 00:00 Tokyo (next day)` (the answer's local times).
 */
export function slotLocalLine(slot: AnswerSlot): string {
  const home = slot.participants[0]?.local_start.slice(0, 10) ?? slot.start.slice(0, 10);
  const times = slot.participants.map((p) => `${p.local_start.slice(11, 16)} ${p.label}${dayShift(p.local_start.slice(0, 10), home)}`);
  return [shortDate(home), ...times].join(' · ');
}

/** The slot's detail: `60 minutes, 09:00–10:00 UTC; 60 minutes outside work hours, night for San Francisco`. */
export function slotDetail(slot: AnswerSlot): string {
  const minutes = Math.round((Date.parse(slot.end) - Date.parse(slot.start)) / 60_000);
  const outside = slot.all_within_work_hours
    ? 'everyone within work hours'
    : `${slot.minutes_outside_work_hours} minute${slot.minutes_outside_work_hours === 1 ? '' : 's'} outside work hours`;
  const night = slot.participants.filter((p) => p.period === 'night').map((p) => p.label);
  return `${minutes} minutes, ${slot.start.slice(11, 16)}–${slot.end.slice(11, 16)} UTC; ${outside}${night.length ? `, night for ${night.join(', ')}` : ''}`;
}

/**
 * The slots as a radio group (the first checked), or a sentence when there are none: each in every
 * participant's local time (the headline) with its length, UTC time and cost below.
 */
export function renderSlotChoices(slots: readonly AnswerSlot[], chosen = 0): string {
  if (!slots.length) return '<p>No slot to show.</p>';
  const items = slots.map(
    (s, i) =>
      `<li><label><input type="radio" name="meeting-slot" value="${i}"${i === chosen ? ' checked' : ''} data-meeting-slot> ` +
      `<span class="slot-local" data-slot-local>${escapeHtml(slotLocalLine(s))}</span> <small class="slot-detail">${escapeHtml(slotDetail(s))}</small></label></li>`,
  );
  return `<fieldset><legend>Proposed slots, best first</legend><ol>${items.join('')}</ol></fieldset>`;
}

const STATE_WORDS = { work: 'at work', part: 'partly at work', off: 'off', holiday: 'holiday' } as const;
const STATE_MARKS = { work: '●', part: '◐', off: '', holiday: 'H' } as const;

/** The timetable as a table: a row per participant, a column per hour, the slot's hours marked. */
export function renderTimetable(t: Timetable): string {
  const head = t.columns
    .map(
      (c) =>
        `<th scope="col"${c.in_slot ? ' class="slot" data-in-slot' : ''}>${c.utc}${c.in_slot ? '<span class="slot-mark" aria-hidden="true">▼</span><span class="vh"> (meeting)</span>' : ''}</th>`,
    )
    .join('');
  const rows = t.rows.map((r) => {
    const cells = r.cells.map((c) => {
      const day = c.day ? `<sup>${c.day > 0 ? '+' : '−'}${Math.abs(c.day)}</sup>` : '';
      const mark = STATE_MARKS[c.state] ? `<span aria-hidden="true"> ${STATE_MARKS[c.state]}</span>` : '';
      const classes = [c.state, ...(c.in_slot ? ['slot'] : [])].join(' ');
      return `<td class="${classes}" data-state="${c.state}">${c.local}${day}${mark}<span class="vh">, ${STATE_WORDS[c.state]}${c.in_slot ? ', meeting' : ''}</span></td>`;
    });
    const holiday = r.holiday ? ` <small>(holiday: ${escapeHtml(r.holiday)})</small>` : '';
    return `<tr><th scope="row">${escapeHtml(r.label)} <small>${escapeHtml(r.timezone)}</small>${holiday}</th>${cells.join('')}</tr>`;
  });
  const caption =
    `Local times through ${escapeHtml(t.rows[0]?.label ?? '')}'s day ${t.date}, hour by hour (UTC in the header). ` +
    '● at work, ◐ partly, H public holiday, blank off; ▼ the meeting; +1 / −1 the next or previous day.';
  return `<table class="meeting-timetable" data-meeting-timetable><caption>${caption}</caption><thead><tr><th scope="col">Participant</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

// ----- iCalendar (RFC 5545) ------------------------------------------------------------------------

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma, newline; other controls dropped. */
const icsText = (s: string) =>
  s
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, '\\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '');

/** A content line folded at 75 octets (RFC 5545 3.1), never inside a UTF-8 sequence. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    const limit = parts.length ? 74 : 75; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `20261130T090000Z` */
const icsUtc = (ms: number) => `${formatWall(ms).slice(0, 19).replace(/[-:]/g, '')}Z`;

/** FNV-1a of a text, 8 hex digits: a UID that stays the same for the same meeting. */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/**
 * One VEVENT for a slot: DTSTART/DTEND in UTC, a UID from the slot and its participants, DTSTAMP the
 * instant the file is written; each participant's local times in the description.
 */
export function meetingIcs(slot: AnswerSlot, options: { stampMs: number; host: string }): string {
  const start = Date.parse(slot.start);
  const end = Date.parse(slot.end);
  const who = slot.participants.map((p) => `${p.label} (${p.timezone})`).join('; ');
  const description = slot.participants.map(
    (p) => `${p.label}: ${p.local_start.slice(11, 16)}–${p.local_end.slice(11, 16)} ${p.timezone} (${p.local_start.slice(0, 10)})`,
  );
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Time & Coordinate Calculators//Meeting planner//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsUtc(start)}-${fnv1a(`${slot.end}|${who}`)}@${options.host}`,
    `DTSTAMP:${icsUtc(options.stampMs)}`,
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsText(`Meeting: ${slot.participants.map((p) => p.label).join(', ')}`)}`,
    `DESCRIPTION:${icsText(description.join('\n'))}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The download link of a slot's .ics file (a data: address; nothing is sent anywhere). */
export function renderIcsLink(slot: AnswerSlot, index: number, options: { stampMs: number; host: string }): string {
  const href = `data:text/calendar;charset=utf-8,${encodeURIComponent(meetingIcs(slot, options))}`;
  const file = `meeting-${icsUtc(Date.parse(slot.start))}.ics`;
  return `<a href="${href}" download="${file}" data-meeting-ics>Download slot ${index + 1} as an .ics calendar file</a> <small>(${escapeHtml(slotLocalLine(slot))})</small>`;
}
