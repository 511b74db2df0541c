/**
 * The calculator forms' words for people: every input of every calculator has a label and a control in
 * its tool's declaration (`calculator.labels`; engine/places/place-input.ts adds those of `place`), and the
 * direct answer's numbers are rounded for reading (the JSON keeps them).
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/registry.ts';
import { roundForReading } from '../../website/src/lib/answers.ts';
import { labelOf, optionsOf } from '../../website/src/lib/labels.ts';
import { inputFields } from '../../website/src/lib/site.ts';
import { nowValue } from '../../website/src/scripts/calculator-controls.ts';

const calculators = registry.filter((t) => t.calculator);

describe('calculator input labels', () => {
  it.each(calculators.map((t) => [t.name, t] as const))('%s: every input has a human label and a control', (_name, tool) => {
    for (const field of inputFields(tool)) {
      const label = labelOf(tool, field.name);
      expect(label, `${tool.name}.${field.name} has no label in its calculator.labels`).toBeDefined();
      expect(label!.label).not.toMatch(/_/);
      if (label!.control === 'select') expect(optionsOf(tool, field.name).length, `${tool.name}.${field.name}`).toBeGreaterThan(1);
    }
  });

  it.each(calculators.map((t) => [t.name, t] as const))('%s: labels only inputs it has', (_name, tool) => {
    const inputs = inputFields(tool).map((f) => f.name);
    expect(Object.keys(tool.calculator!.labels).filter((name) => !inputs.includes(name))).toEqual([]);
  });

  it('gives the place inputs the registry adds their words: Place, From place, To place', () => {
    const distance = registry.find((t) => t.name === 'geo_distance')!;
    expect(labelOf(distance, 'from_place')).toEqual({ label: 'From place', control: 'text' });
    expect(labelOf(distance, 'to_place')).toEqual({ label: 'To place', control: 'text' });
    expect(labelOf(registry.find((t) => t.name === 'sun_events')!, 'place')).toEqual({ label: 'Place', control: 'text' });
    expect(labelOf(distance, 'place')).toBeUndefined();
  });

  it("a tool's own wording where a name means something else there", () => {
    const recurrence = registry.find((t) => t.name === 'expand_recurrence')!;
    const difference = registry.find((t) => t.name === 'date_difference')!;
    expect(labelOf(recurrence, 'start')).toMatchObject({ control: 'local' });
    expect(labelOf(difference, 'start')).toMatchObject({ label: 'Start date', control: 'date' });
  });
});

describe('numbers in the direct answer', () => {
  it('distances to 0.1 km (3 significant figures under 1 km), angles to 0.1°, coordinates to 4 decimals', () => {
    expect(roundForReading({ kilometers: 9735.308654, miles: 6049.333, distance_km: 0.012345, elevation_m: 1830.14 })).toEqual({
      kilometers: 9735.3,
      miles: 6049.3,
      distance_km: 0.0123,
      elevation_m: 1830.1,
    });
    expect(roundForReading({ azimuth_deg: 179.062576, min_lat: -18.598645, midpoint: { lat: 12.3456789, lon: 1.5 } })).toEqual({
      azimuth_deg: 179.1,
      min_lat: -18.5986,
      midpoint: { lat: 12.3457, lon: 1.5 },
    });
  });

  it('keeps whole numbers, strings and other fractions to 3 decimals or 3 significant figures', () => {
    expect(roundForReading({ days: 30, at: '2026-01-01T00:00:00Z', age_days: 12.345678, illumination_fraction: 0.456789, list: [1.23456] })).toEqual({
      days: 30,
      at: '2026-01-01T00:00:00Z',
      age_days: 12.346,
      illumination_fraction: 0.457,
      list: [1.235],
    });
  });
});

describe('"Today" and "Now"', () => {
  it('writes the date, the local date and time, or the instant in UTC', () => {
    const now = new Date(2026, 10, 26, 9, 5, 7);
    expect(nowValue('date', now)).toBe('2026-11-26');
    expect(nowValue('local', now)).toBe('2026-11-26T09:05');
    expect(nowValue('instant', new Date('2026-11-26T08:05:07.123Z'))).toBe('2026-11-26T08:05:07Z');
  });
});
