import { describe, expect, it } from 'vitest';
import { convertTime } from '../../../engine/time/convert-time.ts';
import { expandRecurrenceTool } from '../../../engine/planning/expand-recurrence.ts';
import { expandRecurrence, SEARCH_BUDGET } from '../../../engine/planning/recurrence-expand.ts';
import { MAX_RRULE_LENGTH, readRecurrenceRule, type RecurrenceRule } from '../../../engine/planning/recurrence-rule.ts';
import { ToolInputError } from '../../../engine/tool.ts';
import { explanationsOf, inputErrors, prng, runTool, withFullProvenance } from '../../helpers.ts';

const NY = 'America/New_York';

const expand = (rrule: string, start: string, timezone = NY, extra: Record<string, unknown> = {}) =>
  runTool(expandRecurrenceTool, { rrule, start, timezone, ...extra });

const locals = (r: { occurrences: { local_time: string }[] }) => r.occurrences.map((o) => o.local_time);
const utcs = (r: { occurrences: { utc_time: string }[] }) => r.occurrences.map((o) => o.utc_time);

/** `1997-09-02T09:00:00-04:00` for each date at 09:00 with its offset (RFC 5545's examples are all 9:00 AM). */
const at9 = (dates: string[], offset: (date: string) => string) => dates.map((d) => `${d}T09:00:00${offset(d)}`);
/**
 * US Eastern daylight time in the years of those examples: 02:00 on the first Sunday of April to 02:00 on
 * the last Sunday of October (Uniform Time Act of 1966 as amended in 1986).
 */
const EDT: Record<string, [string, string]> = {
  '1996': ['1996-04-07', '1996-10-27'],
  '1997': ['1997-04-06', '1997-10-26'],
  '1998': ['1998-04-05', '1998-10-25'],
  '1999': ['1999-04-04', '1999-10-31'],
  '2000': ['2000-04-02', '2000-10-29'],
  '2004': ['2004-04-04', '2004-10-31'],
};
const eastern = (d: string) => {
  const [from, to] = EDT[d.slice(0, 4)];
  return d >= from && d < to ? '-04:00' : '-05:00';
};

function rule(text: string): RecurrenceRule {
  const read = readRecurrenceRule(text);
  if ('problem' in read) throw new Error(read.problem);
  return read;
}

const problem = (text: string) => {
  const read = readRecurrenceRule(text);
  return 'problem' in read ? read.problem : undefined;
};

async function inputError(promise: Promise<unknown>): Promise<{ field: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolInputError);
  return (error as ToolInputError).errors[0];
}

describe('expand_recurrence', () => {
  it('answers the documented example, with its provenance', async () => {
    const r = await runTool(expandRecurrenceTool, expandRecurrenceTool.examples[0].input);
    expect(r).toMatchObject({ timezone: NY, rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', count: 3, has_more: false, search_limit_reached: false });
    expect(r.note).toBeUndefined();
    expect(r.provenance).toEqual({ method: 'time.recurrence, time.zone-by-name', tzdb: '2026f', calendar: 'proleptic Gregorian' });
    const full = await runTool(expandRecurrenceTool, expandRecurrenceTool.examples[0].input, withFullProvenance());
    expect(explanationsOf(full.provenance)['time.recurrence']).toMatch(/rrule 2\.8\.1.*compatible/);
  });

  describe('weekly meetings keep their wall time across DST; UTC moves by the hour', () => {
    it('America/New_York: DST from 2026-03-08 to 2026-11-01 (Energy Policy Act of 2005 §110)', async () => {
      const spring = await expand('FREQ=WEEKLY;BYDAY=MO', '2026-03-02T09:00', NY, { count: 2 });
      expect(locals(spring)).toEqual(['2026-03-02T09:00:00-05:00', '2026-03-09T09:00:00-04:00']);
      expect(utcs(spring)).toEqual(['2026-03-02T14:00:00Z', '2026-03-09T13:00:00Z']);
      const fall = await expand('FREQ=WEEKLY;BYDAY=MO', '2026-10-26T09:00', NY, { count: 2 });
      expect(locals(fall)).toEqual(['2026-10-26T09:00:00-04:00', '2026-11-02T09:00:00-05:00']);
      expect(utcs(fall)).toEqual(['2026-10-26T13:00:00Z', '2026-11-02T14:00:00Z']);
    });

    it('Europe/London: BST from 2026-03-29 to 2026-10-25 (Directive 2000/84/EC: last Sundays of March and October)', async () => {
      const spring = await expand('FREQ=WEEKLY;BYDAY=TH', '2026-03-26T09:00', 'Europe/London', { count: 2 });
      expect(locals(spring)).toEqual(['2026-03-26T09:00:00+00:00', '2026-04-02T09:00:00+01:00']);
      expect(utcs(spring)).toEqual(['2026-03-26T09:00:00Z', '2026-04-02T08:00:00Z']);
      const fall = await expand('FREQ=WEEKLY;BYDAY=TH', '2026-10-22T09:00', 'Europe/London', { count: 2 });
      expect(locals(fall)).toEqual(['2026-10-22T09:00:00+01:00', '2026-10-29T09:00:00+00:00']);
      expect(utcs(fall)).toEqual(['2026-10-22T08:00:00Z', '2026-10-29T09:00:00Z']);
    });

    it('Australia/Sydney: AEDT ends 2026-04-05 and starts 2026-10-04 (Standard Time Act 1987 (NSW): first Sundays of April and October)', async () => {
      const april = await expand('FREQ=WEEKLY;BYDAY=WE', '2026-04-01T09:00', 'Australia/Sydney', { count: 2 });
      expect(locals(april)).toEqual(['2026-04-01T09:00:00+11:00', '2026-04-08T09:00:00+10:00']);
      expect(utcs(april)).toEqual(['2026-03-31T22:00:00Z', '2026-04-07T23:00:00Z']);
      const october = await expand('FREQ=WEEKLY;BYDAY=WE', '2026-09-30T09:00', 'Australia/Sydney', { count: 2 });
      expect(locals(october)).toEqual(['2026-09-30T09:00:00+10:00', '2026-10-07T09:00:00+11:00']);
      expect(utcs(october)).toEqual(['2026-09-29T23:00:00Z', '2026-10-06T22:00:00Z']);
    });
  });

  describe('DST gaps and folds, read as convert_time reads them', () => {
    it('a daily 02:30 in New York moves to 03:30 on 2026-03-08 (clocks go from 02:00 to 03:00)', async () => {
      const r = await expand('FREQ=DAILY;COUNT=3', '2026-03-07T02:30');
      expect(r.occurrences).toEqual([
        { local_time: '2026-03-07T02:30:00-05:00', utc_time: '2026-03-07T07:30:00Z' },
        { local_time: '2026-03-08T03:30:00-04:00', utc_time: '2026-03-08T07:30:00Z', gap_adjusted: true },
        { local_time: '2026-03-09T02:30:00-04:00', utc_time: '2026-03-09T06:30:00Z' },
      ]);
      expect(r.note).toBe('1 occurrence fell in a DST gap in America/New_York and moved forward by the gap (gap_adjusted).');
      const convert = await runTool(convertTime, { time: '2026-03-08T02:30', source_timezone: NY, target_timezone: 'UTC' });
      expect(convert.utc_time).toBe(r.occurrences[1].utc_time);
    });

    it('a daily 01:30 in New York takes -04:00 on 2026-11-01 (01:00-02:00 happens twice)', async () => {
      const r = await expand('FREQ=DAILY;COUNT=3', '2026-10-31T01:30');
      expect(r.occurrences).toEqual([
        { local_time: '2026-10-31T01:30:00-04:00', utc_time: '2026-10-31T05:30:00Z' },
        { local_time: '2026-11-01T01:30:00-04:00', utc_time: '2026-11-01T05:30:00Z', fold: 'earlier' },
        { local_time: '2026-11-02T01:30:00-05:00', utc_time: '2026-11-02T06:30:00Z' },
      ]);
      const convert = await runTool(convertTime, { time: '2026-11-01T01:30', source_timezone: NY, target_timezone: 'UTC' });
      expect(convert.utc_time).toBe(r.occurrences[1].utc_time);
    });

    it('lists once an instant two wall times reach (an hourly rule across the gap), as the real wall time', async () => {
      const r = await expand('FREQ=HOURLY;COUNT=5', '2026-03-08T00:00');
      expect(locals(r)).toEqual(['2026-03-08T00:00:00-05:00', '2026-03-08T01:00:00-05:00', '2026-03-08T03:00:00-04:00', '2026-03-08T04:00:00-04:00']);
      expect(r.occurrences.every((o) => !('gap_adjusted' in o))).toBe(true);
      expect(r.note).toBe('1 wall time moved out of a DST gap onto the instant of another occurrence: listed once.');
    });

    it('keeps time order when a wall time moved out of a gap passes a later one (Pacific/Apia skipped 2011-12-30)', async () => {
      // tzdb australasia: Samoa moved from -10:00 to +14:00 at the end of 2011-12-29, so 2011-12-30 never was.
      const r = await expand('FREQ=DAILY;BYHOUR=9;COUNT=4', '2011-12-28T09:00', 'Pacific/Apia');
      expect(locals(r)).toEqual(['2011-12-28T09:00:00-10:00', '2011-12-29T09:00:00-10:00', '2011-12-31T09:00:00+14:00']);
      expect(r.note).toContain('listed once');
    });
  });

  describe('RFC 5545 section 3.8.5.3 examples (DTSTART;TZID=America/New_York, 9:00 AM)', () => {
    const cases: [string, string, string, string[]][] = [
      [
        'Daily for 10 occurrences',
        'FREQ=DAILY;COUNT=10',
        '1997-09-02',
        ['1997-09-02', '1997-09-03', '1997-09-04', '1997-09-05', '1997-09-06', '1997-09-07', '1997-09-08', '1997-09-09', '1997-09-10', '1997-09-11'],
      ],
      ['Every 10 days, 5 occurrences', 'FREQ=DAILY;INTERVAL=10;COUNT=5', '1997-09-02', ['1997-09-02', '1997-09-12', '1997-09-22', '1997-10-02', '1997-10-12']],
      [
        'Weekly for 10 occurrences',
        'FREQ=WEEKLY;COUNT=10',
        '1997-09-02',
        ['1997-09-02', '1997-09-09', '1997-09-16', '1997-09-23', '1997-09-30', '1997-10-07', '1997-10-14', '1997-10-21', '1997-10-28', '1997-11-04'],
      ],
      [
        'Monthly on the 1st Friday for ten occurrences',
        'FREQ=MONTHLY;COUNT=10;BYDAY=1FR',
        '1997-09-05',
        ['1997-09-05', '1997-10-03', '1997-11-07', '1997-12-05', '1998-01-02', '1998-02-06', '1998-03-06', '1998-04-03', '1998-05-01', '1998-06-05'],
      ],
      [
        'Every other month on the 1st and last Sunday, 10 occurrences',
        'FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU',
        '1997-09-07',
        ['1997-09-07', '1997-09-28', '1997-11-02', '1997-11-30', '1998-01-04', '1998-01-25', '1998-03-01', '1998-03-29', '1998-05-03', '1998-05-31'],
      ],
      [
        'Monthly on the second-to-last Monday for 6 months',
        'FREQ=MONTHLY;COUNT=6;BYDAY=-2MO',
        '1997-09-22',
        ['1997-09-22', '1997-10-20', '1997-11-17', '1997-12-22', '1998-01-19', '1998-02-16'],
      ],
      [
        'Monthly on the third-to-last day of the month',
        'FREQ=MONTHLY;BYMONTHDAY=-3',
        '1997-09-28',
        ['1997-09-28', '1997-10-29', '1997-11-28', '1997-12-29', '1998-01-29', '1998-02-26'],
      ],
      [
        'Monthly on the first and last day, 10 occurrences',
        'FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1',
        '1997-09-30',
        ['1997-09-30', '1997-10-01', '1997-10-31', '1997-11-01', '1997-11-30', '1997-12-01', '1997-12-31', '1998-01-01', '1998-01-31', '1998-02-01'],
      ],
      [
        'Every 18 months on the 10th thru 15th, 10 occurrences',
        'FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15',
        '1997-09-10',
        ['1997-09-10', '1997-09-11', '1997-09-12', '1997-09-13', '1997-09-14', '1997-09-15', '1999-03-10', '1999-03-11', '1999-03-12', '1999-03-13'],
      ],
      [
        'Yearly in June and July for 10 occurrences (first four)',
        'FREQ=YEARLY;COUNT=10;BYMONTH=6,7',
        '1997-06-10',
        ['1997-06-10', '1997-07-10', '1998-06-10', '1998-07-10'],
      ],
      [
        'Every 3rd year on the 1st, 100th and 200th day (first six)',
        'FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200',
        '1997-01-01',
        ['1997-01-01', '1997-04-10', '1997-07-19', '2000-01-01', '2000-04-09', '2000-07-18'],
      ],
      ['Every 20th Monday of the year', 'FREQ=YEARLY;BYDAY=20MO', '1997-05-19', ['1997-05-19', '1998-05-18', '1999-05-17']],
      ['Monday of week number 20', 'FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', '1997-05-12', ['1997-05-12', '1998-05-11', '1999-05-17']],
      [
        'Every Thursday in March (first seven)',
        'FREQ=YEARLY;BYMONTH=3;BYDAY=TH',
        '1997-03-13',
        ['1997-03-13', '1997-03-20', '1997-03-27', '1998-03-05', '1998-03-12', '1998-03-19', '1998-03-26'],
      ],
      [
        'Every Friday the 13th (start itself excluded there by EXDATE, here by not matching)',
        'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
        '1997-09-02',
        ['1998-02-13', '1998-03-13', '1998-11-13', '1999-08-13', '2000-10-13'],
      ],
      [
        'The first Saturday that follows the first Sunday of the month',
        'FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13',
        '1997-09-13',
        ['1997-09-13', '1997-10-11', '1997-11-08', '1997-12-13', '1998-01-10', '1998-02-07', '1998-03-07', '1998-04-11', '1998-05-09', '1998-06-13'],
      ],
      [
        'U.S. Presidential Election day',
        'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8',
        '1996-11-05',
        ['1996-11-05', '2000-11-07', '2004-11-02'],
      ],
      [
        'The 3rd instance of Tuesday, Wednesday or Thursday, for the next 3 months',
        'FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3',
        '1997-09-04',
        ['1997-09-04', '1997-10-07', '1997-11-06'],
      ],
      [
        'The second-to-last weekday of the month',
        'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2',
        '1997-09-29',
        ['1997-09-29', '1997-10-30', '1997-11-27', '1997-12-30', '1998-01-29', '1998-02-26', '1998-03-30'],
      ],
      [
        'WKST makes a difference: WKST=MO',
        'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO',
        '1997-08-05',
        ['1997-08-05', '1997-08-10', '1997-08-19', '1997-08-24'],
      ],
      [
        'WKST makes a difference: WKST=SU',
        'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU',
        '1997-08-05',
        ['1997-08-05', '1997-08-17', '1997-08-19', '1997-08-31'],
      ],
    ];
    it.each(cases)('%s: %s', async (_, rrule, first, dates) => {
      const r = await expand(rrule, `${first}T09:00`, NY, { count: dates.length });
      expect(locals(r)).toEqual(at9(dates, eastern));
    });

    it('an invalid date (February 30) is ignored: BYMONTHDAY=15,30 from 2007-01-15 (EDT from 2007-03-11 by the 2005 Act)', async () => {
      const r = await expand('FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5', '2007-01-15T09:00');
      expect(locals(r)).toEqual([
        '2007-01-15T09:00:00-05:00',
        '2007-01-30T09:00:00-05:00',
        '2007-02-15T09:00:00-05:00',
        '2007-03-15T09:00:00-04:00',
        '2007-03-30T09:00:00-04:00',
      ]);
    });

    it('Daily until December 24, 1997: UNTIL=19971224T000000Z ends with December 23 (EST from October 26)', async () => {
      const r = await expand('FREQ=DAILY;UNTIL=19971224T000000Z', '1997-09-02T09:00', NY, { count: 500 });
      expect(r.count).toBe(29 + 31 + 30 + 23);
      expect(r.occurrences.at(-1)!.local_time).toBe('1997-12-23T09:00:00-05:00');
      expect(locals(r).slice(53, 55)).toEqual(['1997-10-25T09:00:00-04:00', '1997-10-26T09:00:00-05:00']);
      expect(r.has_more).toBe(false);
    });

    it('UNTIL is an instant: 1997-12-23 09:00 EST is 14:00Z, so UNTIL=...T135959Z ends the day before, ...T140000Z includes it', async () => {
      const before = await expand('FREQ=DAILY;UNTIL=19971223T135959Z', '1997-12-20T09:00');
      expect(locals(before).at(-1)).toBe('1997-12-22T09:00:00-05:00');
      const on = await expand('FREQ=DAILY;UNTIL=19971223T140000Z', '1997-12-20T09:00');
      expect(locals(on).at(-1)).toBe('1997-12-23T09:00:00-05:00');
    });

    it('Every 3 hours from 9:00: UNTIL=19970902T170000Z is 13:00 EDT (so 09:00 and 12:00); the errata value 210000Z gives 15:00 too', async () => {
      // RFC 5545 prints 09:00,12:00,15:00 with UNTIL=19970902T170000Z; its errata correct UNTIL to 19970902T210000Z (17:00 EDT).
      const printed = await expand('FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z', '1997-09-02T09:00');
      expect(locals(printed)).toEqual(['1997-09-02T09:00:00-04:00', '1997-09-02T12:00:00-04:00']);
      const corrected = await expand('FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T210000Z', '1997-09-02T09:00');
      expect(locals(corrected)).toEqual(['1997-09-02T09:00:00-04:00', '1997-09-02T12:00:00-04:00', '1997-09-02T15:00:00-04:00']);
    });

    it('Every 20 minutes from 9:00 to 16:40, the DAILY form (the MINUTELY form is refused)', async () => {
      const r = await expand('FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40', '1997-09-02T09:00', NY, { count: 25 });
      expect(locals(r).slice(0, 3)).toEqual(['1997-09-02T09:00:00-04:00', '1997-09-02T09:20:00-04:00', '1997-09-02T09:40:00-04:00']);
      expect(locals(r).slice(23, 25)).toEqual(['1997-09-02T16:40:00-04:00', '1997-09-03T09:00:00-04:00']);
      const minutely = inputErrors(expandRecurrenceTool, {
        rrule: 'FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16',
        start: '1997-09-02T09:00',
        timezone: NY,
      });
      expect(minutely).toEqual([{ field: 'rrule', message: expect.stringContaining('FREQ=MINUTELY is not supported') }]);
    });
  });

  it('monthly on the last Friday: BYDAY=-1FR in 2026 (Gregorian calendar: 2026-01-01 is a Thursday)', async () => {
    const r = await expand('FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30T10:00', 'Europe/Berlin', { count: 6 });
    expect(locals(r).map((t) => t.slice(0, 10))).toEqual(['2026-01-30', '2026-02-27', '2026-03-27', '2026-04-24', '2026-05-29', '2026-06-26']);
    expect(locals(r)[3]).toBe('2026-04-24T10:00:00+02:00');
  });

  it('an ordinal weekday of a yearly rule with BYMONTH counts within the month: the US DST start rule itself', async () => {
    // RFC 5545 3.6.5 (VTIMEZONE for America/New_York) writes it FREQ=YEARLY;BYMONTH=3;BYDAY=2SU; the
    // Energy Policy Act of 2005 puts it on 2026-03-08, 2027-03-14 and 2028-03-12.
    const r = await expand('FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', '2026-03-08T02:00', 'UTC', { count: 3 });
    expect(locals(r).map((t) => t.slice(0, 10))).toEqual(['2026-03-08', '2027-03-14', '2028-03-12']);
  });

  describe('count and after', () => {
    it('lists up to 500; 501 is a 400 naming count', async () => {
      const r = await expand('FREQ=DAILY', '2026-01-01T09:00', 'Europe/Paris', { count: 500 });
      expect(r.count).toBe(500);
      expect(r.occurrences.at(-1)!.local_time).toBe('2027-05-15T09:00:00+02:00'); // day 500 counting 2026-01-01 as day 1
      expect(r.has_more).toBe(true);
      expect(inputErrors(expandRecurrenceTool, { rrule: 'FREQ=DAILY', start: '2026-01-01T09:00', timezone: 'UTC', count: 501 })).toEqual([
        { field: 'count', message: 'must be ≤ 500' },
      ]);
      expect(inputErrors(expandRecurrenceTool, { rrule: 'FREQ=DAILY', start: '2026-01-01T09:00', timezone: 'UTC', count: 0 })).toEqual([
        { field: 'count', message: 'must be ≥ 1' },
      ]);
    });

    it('defaults to 10 and says when more follow', async () => {
      const r = await expand('FREQ=WEEKLY', '2026-01-05T09:00');
      expect(r.count).toBe(10);
      expect(r.has_more).toBe(true);
      expect((await expand('FREQ=WEEKLY;COUNT=10', '2026-01-05T09:00')).has_more).toBe(false);
      expect((await expand('FREQ=WEEKLY;COUNT=11', '2026-01-05T09:00')).has_more).toBe(true);
    });

    it('after: only occurrences strictly after the instant', async () => {
      const on = await expand('FREQ=WEEKLY;BYDAY=MO', '2026-03-02T09:00', NY, { after: '2026-03-09T13:00:00Z', count: 1 });
      expect(locals(on)).toEqual(['2026-03-16T09:00:00-04:00']);
      const before = await expand('FREQ=WEEKLY;BYDAY=MO', '2026-03-02T09:00', NY, { after: '2026-03-09T08:59:59-04:00', count: 1 });
      expect(locals(before)).toEqual(['2026-03-09T09:00:00-04:00']);
      const epoch = await expand('FREQ=WEEKLY;BYDAY=MO', '2026-03-02T09:00', NY, { after: Date.parse('2026-03-09T13:00:00Z') / 1000, count: 1 });
      expect(locals(epoch)).toEqual(['2026-03-16T09:00:00-04:00']);
      expect(before.note).toBeUndefined(); // with after, start not being listed says nothing
    });

    it('pages through a rule without COUNT centuries ahead at the cost of a page', async () => {
      const r = await expand('FREQ=WEEKLY;BYDAY=MO,WE', '2020-01-06T09:00', 'Europe/London', { after: '2400-01-01T00:00:00Z', count: 3 });
      // 2400-01-01 is a Saturday (the Gregorian 400-year cycle: as 2000-01-01).
      expect(locals(r)).toEqual(['2400-01-03T09:00:00+00:00', '2400-01-05T09:00:00+00:00', '2400-01-10T09:00:00+00:00']);
      expect(r.search_limit_reached).toBe(false);
    });

    it('answers an empty list when nothing is left (occurrences: [])', async () => {
      const past = await expand('FREQ=DAILY;COUNT=3', '2026-01-01T09:00', NY, { after: '2026-06-01T00:00:00Z' });
      expect(past).toMatchObject({ count: 0, occurrences: [], has_more: false, search_limit_reached: false });
      const ended = await expand('FREQ=DAILY;UNTIL=20251231T000000Z', '2026-01-01T09:00');
      expect(ended).toMatchObject({ count: 0, occurrences: [], has_more: false });
    });
  });

  describe('UNTIL forms and notes', () => {
    it('reads a date UNTIL as through that local day, and says so', async () => {
      const r = await expand('FREQ=DAILY;UNTIL=20260310', '2026-03-08T23:30');
      expect(locals(r)).toEqual(['2026-03-08T23:30:00-04:00', '2026-03-09T23:30:00-04:00', '2026-03-10T23:30:00-04:00']);
      expect(r.note).toContain('UNTIL is a date: read as through 2026-03-10 in America/New_York');
    });

    it('reads a local UNTIL (no Z) as a wall time in the zone, and says so', async () => {
      const r = await expand('FREQ=DAILY;UNTIL=20260310T090000', '2026-03-08T09:00');
      expect(locals(r).at(-1)).toBe('2026-03-10T09:00:00-04:00');
      expect(r.note).toContain('UNTIL has no Z');
    });

    it('says when start is not itself an occurrence', async () => {
      const r = await expand('FREQ=WEEKLY;BYDAY=MO', '2026-03-03T09:00', NY, { count: 1 });
      expect(locals(r)).toEqual(['2026-03-09T09:00:00-04:00']);
      expect(r.note).toBe(
        'start 2026-03-03T09:00 (a Tuesday) is not itself an occurrence of the rule, so it is not listed (RFC 5545 leaves such a set undefined; the first occurrence is 2026-03-09T09:00).',
      );
    });

    it('reads the zone as every zone input is read (abbreviation, fixed offset), and says so', async () => {
      const cet = await expand('FREQ=DAILY;COUNT=1', '2026-07-01T09:00', 'CET');
      expect(cet).toMatchObject({ timezone: 'Europe/Paris', resolved_from: 'abbreviation' });
      expect(cet.note).toMatch(/^timezone: CET is an abbreviation/);
      const fixed = await expand('FREQ=DAILY;COUNT=1', '2026-07-01T09:00', '+05:30');
      expect(fixed).toMatchObject({ timezone: '+05:30', resolved_from: 'offset', occurrences: [{ local_time: '2026-07-01T09:00:00+05:30' }] });
    });
  });

  describe('bounded work', () => {
    it('refuses a rule that never occurs after its search limit, naming rrule', async () => {
      for (const rrule of [
        'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6',
        'FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2',
        'FREQ=YEARLY;BYMONTH=2;BYSETPOS=30',
        'FREQ=DAILY;BYMONTH=2;BYSETPOS=2',
      ]) {
        const t = performance.now();
        const e = await inputError(expand(rrule, '2026-03-02T09:00'));
        expect(e.field).toBe('rrule');
        expect(e.message).toMatch(/^gives no occurrence in the \d+ (months|weeks|years|days) searched from start: it may never occur/);
        expect(performance.now() - t).toBeLessThan(3000); // ~0.1 s idle; the limit is in work units, not time
      }
    });

    it('lists what a sparse rule gave before the limit, and says so', async () => {
      // Leap days that are Mondays, stepped day by day: 2044-02-29 is the first after 2026.
      const r = await expand('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', '2026-03-02T09:00', 'UTC');
      expect(locals(r)).toEqual(['2044-02-29T09:00:00+00:00']);
      expect(r).toMatchObject({ has_more: true, search_limit_reached: true });
      expect(r.note).toMatch(/The search stopped at its work limit after \d+ days, before more occurrences/);
      // The same rule stepped year by year reaches far further for the same work.
      const yearly = await expand('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', '2026-03-02T09:00', 'UTC', { count: 3 });
      expect(locals(yearly)).toEqual(['2044-02-29T09:00:00+00:00', '2072-02-29T09:00:00+00:00', '2112-02-29T09:00:00+00:00']);
    });

    it('names after when the limit comes before after does (a COUNT rule is scanned from start)', async () => {
      const e = await inputError(expand('FREQ=DAILY;COUNT=1000000', '2026-01-01T09:00', 'UTC', { after: '2500-01-01T00:00:00Z' }));
      expect(e.field).toBe('after');
      expect(e.message).toContain('or a rule without COUNT');
    });

    it('counts the library’s periods and candidates (rrule 2.8.1 internals the limit relies on)', () => {
      const x = expandRecurrence({ rule: rule('FREQ=DAILY;COUNT=5'), startWall: Date.UTC(2026, 0, 1, 9), zone: 'UTC', count: 10 });
      expect(x.occurrences).toHaveLength(5);
      expect(x.candidates).toBe(5);
      expect(x.periods).toBeGreaterThanOrEqual(4);
      expect(SEARCH_BUDGET).toBe(100_000);
    });

    it('refuses an hourly BYHOUR the interval never reaches (the library would loop for ever)', async () => {
      const e = await inputError(expand('FREQ=HOURLY;INTERVAL=2;BYHOUR=4,6', '2026-01-01T09:00'));
      expect(e).toEqual({
        field: 'rrule',
        message: 'BYHOUR: from start hour 9 every 2 hours reaches only hours 1,3,5,7,9,11,13,15,17,19,21,23; none of BYHOUR=4,6 ever occurs',
      });
      expect(locals(await expand('FREQ=HOURLY;INTERVAL=24;BYHOUR=9;COUNT=2', '2026-01-01T09:00', 'UTC'))).toEqual([
        '2026-01-01T09:00:00+00:00',
        '2026-01-02T09:00:00+00:00',
      ]);
    });

    it('starting the scan near after gives what starting at start gives (random rules and instants)', () => {
      const rand = prng(5545);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
      const templates = [
        'FREQ=YEARLY',
        'FREQ=YEARLY;INTERVAL=3;BYMONTH=2,8;BYDAY=-1SU',
        'FREQ=YEARLY;BYWEEKNO=1,52;BYDAY=MO;WKST=SU',
        'FREQ=YEARLY;BYYEARDAY=1,-1;BYHOUR=6,18',
        'FREQ=MONTHLY',
        'FREQ=MONTHLY;INTERVAL=5;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1',
        'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=31',
        'FREQ=WEEKLY',
        'FREQ=WEEKLY;INTERVAL=3;BYDAY=SU,WE;WKST=TH',
        'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;BYHOUR=8,17;BYMINUTE=30',
        'FREQ=DAILY;INTERVAL=9',
        'FREQ=DAILY;INTERVAL=4;BYMONTH=3,10;BYSETPOS=1',
        'FREQ=HOURLY;INTERVAL=7',
        'FREQ=HOURLY;INTERVAL=5;BYHOUR=1,2,3;BYMINUTE=15,45',
      ];
      const zones = [NY, 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Apia', 'Africa/Casablanca'];
      let later = 0;
      for (let i = 0; i < 120; i++) {
        const text = pick(templates);
        const startWall = Date.UTC(
          2000 + Math.floor(rand() * 20),
          Math.floor(rand() * 12),
          1 + Math.floor(rand() * 28),
          Math.floor(rand() * 24),
          Math.floor(rand() * 4) * 15,
        );
        const reach = text.startsWith('FREQ=HOURLY') ? 400 * 86_400_000 : text.startsWith('FREQ=DAILY') ? 20 * 365 * 86_400_000 : 60 * 365 * 86_400_000;
        const after = startWall + Math.floor(rand() * reach);
        const options = { rule: rule(text), startWall, zone: pick(zones), after, count: 5 };
        const skipped = expandRecurrence(options);
        if (skipped.scan_start > startWall) later++;
        const full = expandRecurrence({ ...options, noSkip: true });
        expect(full.search_limit_reached, `${text} from ${new Date(startWall).toISOString()}`).toBe(false);
        expect(skipped.occurrences, `${text} from ${new Date(startWall).toISOString()} after ${new Date(after).toISOString()}`).toEqual(full.occurrences);
        expect(skipped.has_more).toBe(full.has_more);
      }
      expect(later).toBeGreaterThan(80); // most scans did begin near after
    });
  });

  describe('input checks: 400 naming the field, and for rrule the rule part', () => {
    const bad: [string, RegExp][] = [
      ['FREQ=WEEKLY;FOO=1', /^unknown rule part 'FOO' \(RFC 5545 knows FREQ, UNTIL/],
      ['FREQ=WEEKLY;X-NAME=1', /^unknown rule part 'X-NAME'/],
      ['FREQ=FORTNIGHTLY', /^FREQ: 'FORTNIGHTLY' is not YEARLY, MONTHLY, WEEKLY, DAILY or HOURLY$/],
      ['FREQ=SECONDLY', /^FREQ=SECONDLY is not supported/],
      ['BYDAY=MO', /^FREQ is required/],
      ['FREQ=MONTHLY;BYMONTH=13', /^BYMONTH: 13 is not a month 1\.\.12$/],
      ['FREQ=MONTHLY;BYMONTH=0', /^BYMONTH: 0 is not a month 1\.\.12$/],
      ['FREQ=WEEKLY;BYDAY=XX', /^BYDAY: 'XX' is not a weekday/],
      ['FREQ=WEEKLY;BYDAY=MO,,WE', /^BYDAY: empty item in the list/],
      ['FREQ=WEEKLY;BYDAY=1MO', /^BYDAY: an ordinal weekday \(1MO\) only with FREQ=MONTHLY or YEARLY/],
      ['FREQ=MONTHLY;BYDAY=6FR', /^BYDAY: 6FR never occurs: a month has at most 5 of each weekday$/],
      ['FREQ=YEARLY;BYDAY=54MO', /^BYDAY: ordinal 54 in '54MO' must be 1\.\.53/],
      ['FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO', /^BYDAY: an ordinal weekday \(1MO\) not with BYWEEKNO/],
      ['FREQ=MONTHLY;BYWEEKNO=20', /^BYWEEKNO: only with FREQ=YEARLY/],
      ['FREQ=MONTHLY;BYYEARDAY=100', /^BYYEARDAY: not with FREQ=MONTHLY/],
      ['FREQ=WEEKLY;BYMONTHDAY=1', /^BYMONTHDAY: not with FREQ=WEEKLY/],
      ['FREQ=MONTHLY;BYMONTHDAY=0', /^BYMONTHDAY: 0 is not a day of the month/],
      ['FREQ=MONTHLY;BYMONTHDAY=32', /^BYMONTHDAY: 32 is not a day of the month/],
      ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30,31', /^BYMONTHDAY: 30,31 never falls in BYMONTH=2, so the rule never occurs$/],
      ['FREQ=DAILY;BYHOUR=24', /^BYHOUR: 24 is not an hour 0\.\.23$/],
      ['FREQ=DAILY;BYSECOND=60', /^BYSECOND: 60 \(a leap second\) is not supported/],
      ['FREQ=DAILY;BYMINUTE=+5', /^BYMINUTE: '\+5' is not a minute/],
      ['FREQ=DAILY;BYSETPOS=1', /^BYSETPOS: only with another BYxxx rule part/],
      ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=367', /^BYSETPOS: 367 is not a position/],
      ['FREQ=DAILY;COUNT=0', /^COUNT: '0' is not a whole number 1\.\.1000000$/],
      ['FREQ=DAILY;INTERVAL=-1', /^INTERVAL: '-1' is not a whole number/],
      ['FREQ=DAILY;COUNT=5;UNTIL=20261231T000000Z', /^COUNT and UNTIL must not both be given/],
      ['FREQ=DAILY;UNTIL=2026-12-31', /^UNTIL: '2026-12-31' is not a UTC date-time YYYYMMDDTHHMMSSZ/],
      ['FREQ=DAILY;UNTIL=20260230T000000Z', /^UNTIL: date 20260230/],
      ['FREQ=DAILY;UNTIL=20261231T250000Z', /^UNTIL: time 250000 must be HHMMSS/],
      ['FREQ=DAILY;COUNT=2;COUNT=3', /^COUNT: given twice/],
      ['FREQ=DAILY;;COUNT=2', /^has an empty rule part/],
      ['FREQ=DAILY;', /^has an empty rule part/],
      ['FREQ=DAILY;COUNT', /^'COUNT' is not a rule part NAME=VALUE$/],
      ['FREQ=DAILY;COUNT=', /^COUNT: has no value$/],
      ['FREQ=DAILY;WKST=XY', /^WKST: 'XY' is not a weekday/],
      ['FREQ=DAILY;DTSTART=20260101T090000', /^DTSTART is not a rule part: give the first occurrence in start/],
      ['FREQ=DAILY;TZID=Europe/Paris', /^TZID is not a rule part: give the zone in timezone/],
      ['DTSTART:20260101T090000Z\nRRULE:FREQ=DAILY', /^must be one RRULE value/],
      ['DTSTART:20260101T090000Z', /^must be one RRULE value such as/],
      ['FREQ=YEARLY;BYEASTER=0', /^BYEASTER is not an RFC 5545 rule part/],
      ['FREQ=YEARLY;RSCALE=HEBREW', /^RSCALE \(RFC 7529/],
      ['', /^is empty/],
      [`FREQ=DAILY;BYMONTHDAY=${Array.from({ length: 300 }, () => '1').join(',')}`, new RegExp(`^is \\d+ characters long; at most ${MAX_RRULE_LENGTH}$`)],
    ];
    it.each(bad)('%j', (text, message) => {
      const errors = inputErrors(expandRecurrenceTool, { rrule: text, start: '2026-01-01T09:00', timezone: 'UTC' });
      expect(errors).toHaveLength(1);
      expect(errors[0].field).toBe('rrule');
      expect(errors[0].message).toMatch(message);
    });

    it('reads names and values in any letter case, with or without RRULE:, and answers the rule upper-cased', async () => {
      const r = await expand('rrule:freq=weekly;byday=mo,we;count=2', '2026-03-02T09:00');
      expect(r.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=2');
      expect(locals(r)).toEqual(['2026-03-02T09:00:00-05:00', '2026-03-04T09:00:00-05:00']);
      expect(problem('FREQ=MONTHLY;BYDAY=+1MO,-1FR;BYMONTHDAY=+1,-1;BYSETPOS=+1')).toBeUndefined();
    });

    it('checks start, timezone and after', () => {
      const base = { rrule: 'FREQ=DAILY', start: '2026-01-01T09:00', timezone: 'UTC' };
      const errors = (extra: Record<string, unknown>) => inputErrors(expandRecurrenceTool, { ...base, ...extra });
      expect(errors({ start: '2026-01-01T09:00Z' })).toEqual([
        { field: 'start', message: 'must be a local date-time YYYY-MM-DDTHH:MM[:SS], without Z or an offset (the zone is timezone)' },
      ]);
      expect(errors({ start: '2026-01-01' })[0].field).toBe('start');
      expect(errors({ start: '2026-02-30T09:00' })).toEqual([{ field: 'start', message: expect.stringMatching(/^date part /) }]);
      expect(errors({ start: '2026-01-01T24:00' })).toEqual([{ field: 'start', message: 'hour must be 00..23' }]);
      expect(errors({ start: '0099-01-01T09:00' })).toEqual([{ field: 'start', message: 'year must be 0100 or later' }]);
      expect(errors({ start: undefined })).toEqual([{ field: 'start', message: 'is required' }]);
      expect(errors({ timezone: undefined })).toEqual([{ field: 'timezone', message: expect.stringMatching(/^is required/) }]);
      expect(errors({ timezone: 'Mars/Olympus' })[0].field).toBe('timezone');
      expect(errors({ after: '2026-01-01T09:00' })[0].field).toBe('after');
      expect(errors({ rrule: undefined })).toEqual([{ field: 'rrule', message: 'is required' }]);
      expect(errors({ rrule: 5 })).toEqual([{ field: 'rrule', message: 'must be an RFC 5545 RRULE string such as FREQ=WEEKLY;BYDAY=MO;COUNT=10' }]);
      expect(errors({ extra: 1 })[0].field).toBe('extra');
    });
  });

  describe('edge cases', () => {
    it('keeps seconds of start, and the end of the calendar (year 9999)', async () => {
      const r = await expand('FREQ=YEARLY', '9998-06-01T09:00:15', 'UTC');
      expect(locals(r)).toEqual(['9998-06-01T09:00:15+00:00', '9999-06-01T09:00:15+00:00']);
      expect(r.has_more).toBe(false);
    });

    it('leap days: yearly from 2024-02-29 occurs only in leap years (RFC 5545: invalid dates are ignored)', async () => {
      const r = await expand('FREQ=YEARLY;COUNT=3', '2024-02-29T12:00', 'UTC');
      expect(locals(r).map((t) => t.slice(0, 10))).toEqual(['2024-02-29', '2028-02-29', '2032-02-29']);
    });

    it('monthly on the 31st skips shorter months', async () => {
      const r = await expand('FREQ=MONTHLY;COUNT=3', '2026-01-31T09:00', 'UTC');
      expect(locals(r).map((t) => t.slice(0, 10))).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
    });

    it('an early start in local mean time (tzdb northamerica: New York LMT -4:56:02 until 1883-11-18)', async () => {
      const r = await expand('FREQ=YEARLY;COUNT=2', '1850-07-01T12:00', NY);
      expect(locals(r)).toEqual(['1850-07-01T12:00:00-04:56:02', '1851-07-01T12:00:00-04:56:02']);
    });
  });
});
