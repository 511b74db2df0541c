import { describe, expect, it } from 'vitest';
import { localTimeAt } from '../../../engine/time/local-time.ts';
import { localTimes } from '../../../engine/time/local-times.ts';
import { explanationsOf, fixedClock, inputErrors, prng, runTool, withFullProvenance } from '../../helpers.ts';

const PARIS = { lat: 48.8566, lon: 2.3522 };
const TOKYO = { lat: 35.6762, lon: 139.6503 };
const PACIFIC = { lat: 0, lon: -140 };

describe('get_local_times', () => {
  it('answers the documented example in input order', async () => {
    const r = await runTool(localTimes, localTimes.examples[0].input);
    expect(r.at).toBe('2026-11-22T08:00:00Z');
    expect(r.count).toBe(2);
    expect(r.results.map((x) => [x.timezone, x.local_time])).toEqual([
      ['Europe/Paris', '2026-11-22T09:00:00+01:00'], // europe: "1:00 EU CE%sT", CET in November
      ['Asia/Tokyo', '2026-11-22T17:00:00+09:00'], // asia: "9:00 Japan J%sT"
    ]);
    expect(r.provenance.method).toBe('time.boundary-lookup, time.nautical-zone');
    const full = await runTool(localTimes, localTimes.examples[0].input, withFullProvenance());
    expect(explanationsOf(full.provenance).batch).toMatch(/same instant/);
  });

  it('each result equals get_local_time for that point, with provenance stated once for the batch', async () => {
    const ms = Date.parse('2026-07-01T12:00:00Z');
    const r = await runTool(localTimes, { at: '2026-07-01T12:00:00Z', points: [TOKYO, PACIFIC, PARIS] });
    expect(r.results).toEqual(
      [TOKYO, PACIFIC, PARIS].map((p) => {
        const { provenance: _own, ...fields } = localTimeAt(p.lat, p.lon, ms);
        return fields;
      }),
    );
    expect(r.results.every((x) => !('provenance' in x))).toBe(true);
    const single = localTimeAt(TOKYO.lat, TOKYO.lon, ms).provenance;
    expect(r.provenance).toEqual({ ...single, method: `${single.method}, ${localTimeAt(PACIFIC.lat, PACIFIC.lon, ms).provenance.method}` });
  });

  it('its results, sharing the texts of their instant, equal get_local_time on 400 random points at four instants', () => {
    const rand = prng(7);
    for (const iso of ['1901-06-01T00:00:00Z', '1969-07-20T20:17:00Z', '2026-03-29T01:00:00Z', '2099-10-31T23:59:59Z']) {
      const points = Array.from({ length: 100 }, () => ({ lat: rand() * 180 - 90, lon: rand() * 360 - 180 }));
      const ms = Date.parse(iso);
      const r = localTimes.run({ at: ms, points }, fixedClock('2026-11-22T08:00:00Z')) as { results: object[] };
      expect(r.results).toEqual(
        points.map((p) => {
          const { provenance: _own, ...fields } = localTimeAt(p.lat, p.lon, ms);
          return fields;
        }),
      );
    }
  });

  it('evaluates every point at the clock instant when at is omitted', async () => {
    const r = await runTool(localTimes, { points: [PARIS, TOKYO] }, fixedClock('2026-03-29T01:00:00Z'));
    expect(r.at).toBe('2026-03-29T01:00:00Z');
    expect(r.results.every((x) => x.utc_time === '2026-03-29T01:00:00Z')).toBe(true);
    expect(r.results[0]).toMatchObject({ local_time: '2026-03-29T03:00:00+02:00', dst: true }); // EU spring forward 01:00u
    expect(localTimes.usesClock!(localTimes.input.parse({ points: [PARIS] }))).toBe(true);
  });
});

describe('edge cases', () => {
  it('refuses an empty list and more than 100 points', () => {
    expect(inputErrors(localTimes, { points: [] })).toEqual([{ field: 'points', message: 'must have at least 1 point' }]);
    const many = Array.from({ length: 101 }, () => PARIS);
    expect(inputErrors(localTimes, { points: many })).toEqual([{ field: 'points', message: 'must have at most 100 points' }]);
    expect(inputErrors(localTimes, {})[0].field).toBe('points');
  });

  it('names the bad point by its JSON path', () => {
    const errors = inputErrors(localTimes, { points: [PARIS, PARIS, PARIS, { lat: 95, lon: 0 }] });
    expect(errors).toEqual([{ field: 'points[3].lat', message: 'must be ≤ 90' }]);
    expect(inputErrors(localTimes, { points: [{ lat: 0, lon: 0, lng: 1 }] })[0].field).toMatch(/^points\[0\]/);
  });

  it('accepts exactly 100 points, duplicates included', async () => {
    const r = await runTool(localTimes, { at: '2026-11-22T08:00:00Z', points: Array.from({ length: 100 }, () => PACIFIC) });
    expect(r.count).toBe(100);
    expect(new Set(r.results.map((x) => x.local_time))).toEqual(new Set(['2026-11-21T23:00:00-09:00']));
  });

  it('points on both sides of the date line at one instant land on different dates', async () => {
    const r = await runTool(localTimes, {
      at: '2026-11-22T08:00:00Z',
      points: [
        { lat: 1.8709, lon: -157.4278 },
        { lat: 21.3069, lon: -157.8583 },
      ], // Kiritimati, Honolulu
    });
    expect(r.results.map((x) => x.day_of_week)).toEqual(['Sunday', 'Saturday']);
  });

  it('mixes land, ocean and the North Pole', async () => {
    const r = await runTool(localTimes, { at: '2026-11-22T08:00:00Z', points: [PARIS, PACIFIC, { lat: 90, lon: 0 }] });
    expect(r.results.map((x) => x.resolution)).toEqual(['land', 'ocean', 'ocean']);
    expect(r.results[2].timezone).toBe('Etc/GMT');
  });
});
