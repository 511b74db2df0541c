import { describe, expect, it } from 'vitest';
import { completeZones, suggestZones } from '../../../engine/time/zone-suggest.ts';

describe('suggestZones and completeZones', () => {
  it('suggests close names for mistakes', () => {
    expect(suggestZones('Europe/Pari')).toEqual(['Europe/Paris']);
    expect(suggestZones('Paris')).toEqual(['Europe/Paris']);
    expect(suggestZones('New York')).toEqual(['America/New_York']);
    expect(suggestZones('Asia/Calcuta')).toEqual(['Asia/Kolkata']);
    expect(suggestZones('Tokio')).toEqual(['Asia/Tokyo']);
    expect(suggestZones('xyzzy')).toEqual([]);
  });

  it('suggests the Etc zone, sign inverted, for a fixed offset (etcetera: "Zone Etc/GMT-5 5 - +05")', () => {
    expect(suggestZones('UTC+5')).toEqual(['Etc/GMT-5']);
    expect(suggestZones('GMT-3')).toEqual(['Etc/GMT+3']);
  });

  it('completes by prefix, city and substring, at most 100', () => {
    expect(completeZones('europe/pa')).toContain('Europe/Paris');
    expect(completeZones('york')).toEqual(['America/New_York']);
    expect(completeZones('KOL')[0]).toBe('Asia/Kolkata');
    expect(completeZones('')).toHaveLength(100);
    expect(completeZones('a').length).toBeLessThanOrEqual(100);
  });
});
