/** The meeting planner page's writers: the .ics file (RFC 5545) and the HTML of the timetable and slot list. */
import { describe, expect, it } from 'vitest';
import { meetingIcs, renderSlotChoices, renderTimetable, shortDate, slotDetail, slotLocalLine } from '../../website/src/lib/meeting-planner.ts';

const slot = {
  start: '2026-11-30T09:00:00Z',
  end: '2026-11-30T10:00:00Z',
  all_within_work_hours: false,
  minutes_outside_work_hours: 60,
  participants: [
    { label: 'São Paulo; team, "core"\\ops', timezone: 'America/Sao_Paulo', local_start: '2026-11-30T06:00:00-03:00', local_end: '2026-11-30T07:00:00-03:00' },
    { label: '<b>London</b>', timezone: 'Europe/London', local_start: '2026-11-30T09:00:00+00:00', local_end: '2026-11-30T10:00:00+00:00' },
  ],
};

describe('meeting planner page', () => {
  it('writes one VEVENT in UTC with CRLF lines of at most 75 octets, TEXT escaped (RFC 5545 3.1, 3.3.11, 3.3.5)', () => {
    const ics = meetingIcs(slot, { stampMs: Date.parse('2026-11-22T08:00:00Z'), host: 'example.org' });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n').slice(0, -1);
    expect(lines.every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const unfolded = ics.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toEqual(expect.arrayContaining(['DTSTART:20261130T090000Z', 'DTEND:20261130T100000Z', 'DTSTAMP:20261122T080000Z']));
    expect(unfolded.find((l) => l.startsWith('UID:'))).toMatch(/^UID:20261130T090000Z-[0-9a-f]{8}@example\.org$/);
    expect(unfolded).toContain('SUMMARY:Meeting: São Paulo\\; team\\, "core"\\\\ops\\, <b>London</b>');
    expect(unfolded.find((l) => l.startsWith('DESCRIPTION:'))).toContain('\\n<b>London</b>: 09:00–10:00 Europe/London');
    // A folded line never splits a character: each continuation decodes on its own.
    const long = meetingIcs({ ...slot, participants: [{ ...slot.participants[0], label: 'é'.repeat(100) }] }, { stampMs: 0, host: 'h' });
    for (const l of long.split('\r\n')) expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(l))).toBe(l);
  });

  it('names who is asked at night (the answer’s period) in the slot’s line', () => {
    const night = {
      ...slot,
      participants: [
        { ...slot.participants[0], period: 'night' },
        { ...slot.participants[1], period: 'work' },
      ],
    };
    expect(renderSlotChoices([night])).toContain('60 minutes outside work hours, night for São Paulo; team, &quot;core&quot;\\ops</small></label>');
    expect(renderSlotChoices([slot])).not.toContain('night for');
  });

  it("lists each slot in every participant's own time, on the first participant's date (tzdb offsets in the answer)", () => {
    // 2026-12-01 15:00 UTC: London GMT +00:00, New York EST −05:00, Tokyo JST +09:00 (IANA tzdb).
    const three = {
      start: '2026-12-01T15:00:00Z',
      end: '2026-12-01T16:00:00Z',
      all_within_work_hours: false,
      minutes_outside_work_hours: 60,
      participants: [
        { label: 'London', timezone: 'Europe/London', local_start: '2026-12-01T15:00:00+00:00', local_end: '2026-12-01T16:00:00+00:00' },
        { label: 'New York', timezone: 'America/New_York', local_start: '2026-12-01T10:00:00-05:00', local_end: '2026-12-01T11:00:00-05:00' },
        { label: 'Tokyo', timezone: 'Asia/Tokyo', local_start: '2026-12-02T00:00:00+09:00', local_end: '2026-12-02T01:00:00+09:00', period: 'night' },
      ],
    };
    expect(slotLocalLine(three)).toBe('Tue 1 Dec · 15:00 London · 10:00 New York · 00:00 Tokyo (next day)');
    expect(slotDetail(three)).toBe('60 minutes, 15:00–16:00 UTC; 60 minutes outside work hours, night for Tokyo');
    // Seen from Tokyo first, London is on the day before.
    const fromTokyo = { ...three, participants: [three.participants[2], three.participants[0]] };
    expect(slotLocalLine(fromTokyo)).toBe('Wed 2 Dec · 00:00 Tokyo · 15:00 London (previous day)');
    // Across the date line: Kiritimati (+14) and Pago Pago (−11) are a day and an hour apart.
    const far = {
      ...three,
      participants: [
        { label: 'Kiritimati', timezone: 'Pacific/Kiritimati', local_start: '2026-12-02T05:00:00+14:00', local_end: '' },
        { label: 'Pago Pago', timezone: 'Pacific/Pago_Pago', local_start: '2026-12-01T04:00:00-11:00', local_end: '' },
      ],
    };
    expect(slotLocalLine(far)).toBe('Wed 2 Dec · 05:00 Kiritimati · 04:00 Pago Pago (previous day)');
    expect(shortDate('2024-02-29')).toBe('Thu 29 Feb');
    expect(shortDate('1970-01-01')).toBe('Thu 1 Jan');
    expect(renderSlotChoices([three])).toContain(
      '<span class="slot-local" data-slot-local>Tue 1 Dec · 15:00 London · 10:00 New York · 00:00 Tokyo (next day)</span>',
    );
  });

  it('escapes labels in the HTML it writes', () => {
    expect(renderSlotChoices([slot])).not.toContain('<b>');
    // Numbered once, by the list itself: no "1." written into the label beside the list's own number.
    expect(renderSlotChoices([slot, slot])).toMatch(/^<fieldset><legend>[^<]+<\/legend><ol><li>/);
    expect(renderSlotChoices([slot, slot])).not.toMatch(/data-meeting-slot>\s*\d+\./);
    const html = renderTimetable({
      date: '2026-11-30',
      columns: [{ start_ms: 0, utc: '09:00', in_slot: true }],
      rows: slot.participants.map((p) => ({
        label: p.label,
        timezone: p.timezone,
        holiday: '<i>x</i>',
        cells: [{ local: '09:00', day: 0, state: 'work' as const, in_slot: true }],
      })),
      slot: { start_ms: 0, end_ms: 0 },
    });
    expect(html).not.toMatch(/<b>|<i>/);
    expect(html).toContain('&lt;b&gt;London&lt;/b&gt;');
    expect(html).toContain('<th scope="row">');
  });
});
