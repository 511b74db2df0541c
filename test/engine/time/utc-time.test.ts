import { describe, expect, it } from 'vitest';
import { utcTime } from '../../../engine/time/utc-time.ts';
import { fixedClock, inputErrors, runTool } from '../../helpers.ts';
import { statusFamilyOf } from '../../../service/inventory.ts';

describe('get_utc_time', () => {
  it('reads the injected clock', async () => {
    const r = await runTool(utcTime, {}, fixedClock('2026-11-22T08:00:00Z'));
    expect(r).toMatchObject({
      timezone: 'UTC',
      utc_time: '2026-11-22T08:00:00Z',
      unix_seconds: 1795334400,
      unix_ms: 1795334400000,
      sla_claimed: false,
      accuracy_model: { clock_source: 'system-clock' },
    });
    expect(r.accuracy_model.statement).toMatch(/system clock/);
    expect(r.accuracy_model.statement).toMatch(/no external time source/);
    expect(r.accuracy_model.statement).toMatch(/not a guarantee/);
    expect(r.provenance).toEqual({ method: 'time.system-clock' });
    const full = await runTool(utcTime, {}, { ...fixedClock('2026-11-22T08:00:00Z'), provenance: 'full' });
    expect(full.provenance.explanations).toEqual({ 'time.system-clock': expect.stringMatching(/system clock.*no external time source/) });
  });

  it('is public and never cached', () => {
    expect(utcTime).toMatchObject({ family: 'time', auth: 'public', cache: 'never', http: { method: 'GET', path: '/v1/time/utc' } });
    expect(statusFamilyOf(utcTime)).toBe('public'); // the status document lists it with the keyless routes
  });

  it('follows the real clock by default', async () => {
    const before = Date.now();
    const r = await runTool(utcTime, {}, { now: () => new Date() });
    expect(r.unix_ms).toBeGreaterThanOrEqual(before);
    expect(r.unix_ms).toBeLessThanOrEqual(Date.now());
  });
});

describe('edge cases', () => {
  it('keeps milliseconds when there are some', async () => {
    const r = await runTool(utcTime, {}, fixedClock('2026-11-22T08:00:00.123Z'));
    expect(r).toMatchObject({ utc_time: '2026-11-22T08:00:00.123Z', unix_seconds: 1795334400, unix_ms: 1795334400123 });
  });

  it('floors unix_seconds before the epoch', async () => {
    const r = await runTool(utcTime, {}, fixedClock('1969-12-31T23:59:59.500Z'));
    expect(r).toMatchObject({ unix_seconds: -1, unix_ms: -500 });
  });

  it('refuses parameters', () => {
    expect(inputErrors(utcTime, { tz: 'Europe/Paris' })).toHaveLength(1);
  });
});
