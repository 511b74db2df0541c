import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { convertTime } from '../../../engine/time/convert-time.ts';
import { timeInZone } from '../../../engine/time/time-in-zone.ts';
import { zoneTable } from '../../../engine/time/tzdb.ts';
import { countryZones, parseFixedOffset, windowsZones } from '../../../engine/time/zone-input.ts';
import { resolveZone, zoneInputProblem, zoneNames } from '../../../engine/time/zone-names.ts';
import { zoneRulesAt } from '../../../engine/time/zone-rules.ts';
import { registry } from '../../../engine/registry.ts';
import { inputErrors, runTool } from '../../helpers.ts';

const require = createRequire(import.meta.url);
const at = '2026-07-01T12:00:00Z';

describe('Windows zone IDs (CLDR 48 windowsZones.json, territory 001)', () => {
  it.each([
    // windowsZones: <mapZone other="Pacific Standard Time" territory="001" type="America/Los_Angeles"/>
    ['Pacific Standard Time', 'America/Los_Angeles'],
    // other="India Standard Time" territory="001" type="Asia/Calcutta" (tzdb backward: → Asia/Kolkata)
    ['India Standard Time', 'Asia/Kolkata'],
    // other="W. Europe Standard Time" territory="001" type="Europe/Berlin"
    ['W. Europe Standard Time', 'Europe/Berlin'],
    // other="Eastern Standard Time" territory="001" type="America/New_York"
    ['eastern standard time', 'America/New_York'],
    // other="Tokyo Standard Time" territory="001" type="Asia/Tokyo"
    ['Tokyo  Standard Time', 'Asia/Tokyo'],
    // other="Central Standard Time (Mexico)" territory="001" type="America/Mexico_City"; MX's value ends with a space
    ['Central Standard Time (Mexico)', 'America/Mexico_City'],
  ])('%s → %s', (id, zone) => {
    const r = resolveZone(id)!;
    expect(r).toMatchObject({ zone, resolved_from: 'windows' });
    expect((r.candidates ?? []).length).toBeLessThanOrEqual(10);
    expect(r.candidates ?? []).not.toContain(zone);
    for (const c of r.candidates ?? []) expect(zoneNames()).toContain(c);
  });

  it('lists the other territories’ zones as candidates (CA: America/Vancouver)', () => {
    expect(resolveZone('Pacific Standard Time')!.candidates).toEqual(['America/Vancouver']);
    expect(resolveZone('W. Europe Standard Time')!.candidates).toHaveLength(10);
  });

  it('resolves every ID of the mapping to a zone the shipped tzdb knows', () => {
    const json = require('cldr-core/supplemental/windowsZones.json');
    const ids = new Set<string>(json.supplemental.windowsZones.mapTimezones.map((m: { mapZone: { _other: string } }) => m.mapZone._other));
    expect(ids.size).toBe(windowsZones().size);
    for (const id of ids) {
      const r = resolveZone(id);
      expect(r, id).not.toBeNull();
      expect(zoneTable(r!.zone), id).toBeDefined();
      // UTC, UTC-11, UTC+12...: read as the offset they write (the same offset as CLDR's Etc/GMT∓N).
      expect(['windows', 'offset', 'iana'], id).toContain(r!.resolved_from);
    }
  });
});

describe('fixed offsets', () => {
  it.each([
    ['+05:30', '+05:30', 19800, '+0530'],
    ['UTC+2', '+02:00', 7200, '+02'],
    ['GMT-03:00', '-03:00', -10800, '-03'],
    ['utc-0330', '-03:30', -12600, '-0330'],
    ['\u221205:00', '-05:00', -18000, '-05'],
    ['-14:00', '-14:00', -50400, '-14'],
    ['+14:00', '+14:00', 50400, '+14'],
  ])('%s → %s', (input, zone, seconds, abbreviation) => {
    expect(resolveZone(input)).toEqual({ zone, resolved_from: 'offset', input });
    expect(zoneRulesAt(zone, Date.parse(at))).toEqual({ utc_offset_seconds: seconds, abbreviation, dst: false, next_transition: null });
  });

  it('reads Z and zero offsets as UTC', () => {
    for (const input of ['Z', '+00:00', 'UTC+0', 'GMT-0']) expect(resolveZone(input)).toMatchObject({ zone: 'UTC', resolved_from: 'offset' });
    expect(resolveZone('GMT')!.resolved_from).toBe('abbreviation');
  });

  it('refuses offsets beyond ±14:00 and malformed ones', () => {
    expect(parseFixedOffset('+14:01')).toBe('beyond');
    expect(parseFixedOffset('UTC-15')).toBe('beyond');
    expect(parseFixedOffset('+05:60')).toBe('beyond');
    expect(resolveZone('+14:01')).toBeNull();
    expect(zoneInputProblem('+14:01')).toBe("offset '+14:01' is beyond the range of UTC offsets, -14:00 to +14:00");
    for (const bad of ['+5:3', '+123', '05:30', 'UTC+', '++05']) expect(resolveZone(bad), bad).toBeNull();
  });
});

describe('country codes (tzdb zone.tab)', () => {
  it.each([
    ['JP', 'Asia/Tokyo'],
    ['in', 'Asia/Kolkata'],
    ['FR', 'Europe/Paris'],
    ['NO', 'Europe/Oslo'],
  ])('%s → %s', (input, zone) => {
    expect(resolveZone(input)).toEqual({ zone, resolved_from: 'country', input });
  });

  it('refuses a country with several zones, listing them', () => {
    expect(resolveZone('US')).toBeNull();
    const us = zoneInputProblem('US')!;
    expect(us).toMatch(/^US \(United States\) has 29 time zones; give one of America\/New_York, /);
    expect(us).toContain('Pacific/Honolulu');
    expect(countryZones().get('AU')!.zones.length).toBeGreaterThan(1);
  });

  it('keeps abbreviations and links first (ET: Eastern Time; GB: the tzdb link)', () => {
    expect(resolveZone('ET')!.resolved_from).toBe('abbreviation');
    expect(resolveZone('GB')).toMatchObject({ zone: 'Europe/London', resolved_from: 'alias' });
  });
});

describe('the tools', () => {
  it('get_time_in_zone: Windows ID, offset, country', async () => {
    expect(await runTool(timeInZone, { timezone: 'Pacific Standard Time', at })).toMatchObject({
      timezone: 'America/Los_Angeles',
      local_time: '2026-07-01T05:00:00-07:00',
      resolved_from: 'windows',
      candidates: ['America/Vancouver'],
      note: 'Pacific Standard Time is a Windows zone ID: answered for America/Los_Angeles (CLDR windowsZones, territory 001).',
    });
    expect(await runTool(timeInZone, { timezone: 'UTC+5:30', at })).toMatchObject({
      timezone: '+05:30',
      local_time: '2026-07-01T17:30:00+05:30',
      utc_offset: '+05:30',
      abbreviation: '+0530',
      dst: false,
      next_transition: null,
      resolved_from: 'offset',
    });
    expect(await runTool(timeInZone, { timezone: 'JP', at })).toMatchObject({ timezone: 'Asia/Tokyo', resolved_from: 'country' });
  });

  it('convert_time between an offset and a Windows ID', async () => {
    const r = await runTool(convertTime, { time: '2026-07-01T09:00', source_timezone: 'GMT-03:00', target_timezone: 'India Standard Time' });
    expect(r.source).toMatchObject({ timezone: '-03:00', local_time: '2026-07-01T09:00:00-03:00', dst: false, resolved_from: 'offset' });
    expect(r.target).toMatchObject({ timezone: 'Asia/Kolkata', local_time: '2026-07-01T17:30:00+05:30', resolved_from: 'windows' });
  });

  it('400s name the field: beyond ±14:00, a many-zone country', () => {
    expect(inputErrors(timeInZone, { timezone: '+14:01' })).toEqual([
      { field: 'timezone', message: "offset '+14:01' is beyond the range of UTC offsets, -14:00 to +14:00" },
    ]);
    const [e] = inputErrors(convertTime, { time: '09:00', date: '2026-07-01', target_timezone: 'US' });
    expect(e.field).toBe('target_timezone');
    expect(e.message).toContain('America/Los_Angeles');
  });
});

describe('every tool that takes a zone', () => {
  const zoned = registry.filter((t) => {
    const shape = (t.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    return ['timezone', 'source_timezone', 'target_timezone'].some((k) => k in shape);
  });

  it('covers the zone tools', () => {
    expect(zoned.map((t) => t.name)).toEqual(
      expect.arrayContaining(['get_time_in_zone', 'convert_time', 'sun_events', 'moon_events', 'moon_phases', 'seasons', 'eclipses']),
    );
  });

  it.each(zoned.map((t) => [t.name, t] as const))('%s answers a fixed offset in local times at that offset', async (_, tool) => {
    // The date tools read their zone only for today's date: asked without a date.
    const dateless = tool.name === 'date_info' || tool.name === 'convert_calendar';
    const example = dateless ? {} : { ...(tool.examples[0].input as Record<string, unknown>), ...(tool.name === 'eclipses' ? { lat: 40, lon: -100 } : {}) };
    const shape = (tool.input as unknown as { shape: Record<string, unknown> }).shape;
    const input = {
      ...example,
      ...Object.fromEntries(['timezone', 'source_timezone', 'target_timezone'].filter((k) => k in shape).map((k) => [k, 'UTC-03:30'])),
    };
    const text = JSON.stringify(await runTool(tool, input));
    expect(text).toContain('-03:30');
    expect(text).not.toContain('"dst":true');
  });
});
