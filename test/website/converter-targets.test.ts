/** The converter's several places (website/src/lib/converter-targets.ts): cities read as zones, words, the table. */
import { describe, expect, it } from 'vitest';
import { convertTime } from '../../engine/time/convert-time.ts';
import { zoneNames } from '../../engine/index.ts';
import { type ConvertAnswer, cityOf, differenceWords, localWords, renderTargets, zoneForCity } from '../../website/src/lib/converter-targets.ts';
import { runTool } from '../helpers.ts';

describe('converter: several places', () => {
  it('reads a city as the one zone named after it (IANA zone names: Area/City, spaces as underscores)', () => {
    const zones = zoneNames();
    expect(zoneForCity('New York', zones)).toBe('America/New_York');
    expect(zoneForCity('  tokyo ', zones)).toBe('Asia/Tokyo');
    expect(zoneForCity('port-au-prince', zones)).toBe('America/Port-au-Prince');
    expect(zoneForCity('Atlantis', zones)).toBeUndefined();
    expect(zoneForCity('', zones)).toBeUndefined();
    expect(cityOf('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(cityOf('UTC')).toBe('UTC');
  });

  it('words differences and local times', () => {
    expect(differenceWords('+4h45m')).toBe('+4 h 45 min');
    expect(differenceWords('-3h30m')).toBe('−3 h 30 min');
    expect(differenceWords('+0h30m')).toBe('+30 min');
    expect(differenceWords('+0h')).toBe('same time');
    expect(differenceWords('+9h')).toBe('+9 h');
  });

  it('writes the source and each place as convert_time answers them, escaped (IANA tzdb: Paris +01:00, Kathmandu +05:45 in November)', async () => {
    const a = (await runTool(convertTime, {
      time: '2026-11-22T09:00',
      source_timezone: 'Europe/Paris',
      target_timezone: 'Asia/Kathmandu',
    })) as unknown as ConvertAnswer;
    const b = (await runTool(convertTime, {
      time: '2026-11-22T23:30',
      source_timezone: 'Europe/Paris',
      target_timezone: 'Pacific/Kiritimati',
    })) as unknown as ConvertAnswer;
    expect(localWords(a.target)).toBe('Sun 22 Nov 13:45');
    const html = renderTargets([
      { typed: 'Asia/Kathmandu', answer: a },
      { typed: 'kiritimati', answer: b },
      { typed: '<b>x</b>', problem: 'no such zone' },
    ]);
    expect(html).toContain('<tr data-zone="Europe/Paris" class="marked"><th scope="row">Paris <small>Europe/Paris</small></th><td>Sun 22 Nov 09:00</td>');
    expect(html).toContain('<td>+4 h 45 min</td>');
    // Kiritimati is +14:00: 23:30 in Paris is 12:30 the next day there.
    expect(html).toContain('<td>Mon 23 Nov 12:30 <small>(next day)</small></td>');
    expect(html).not.toContain('<b>');
    expect(renderTargets([{ typed: 'x', problem: 'y' }])).toBe('<p>No time zone to show: add one.</p>');
  });
});
