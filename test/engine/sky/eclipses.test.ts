import { describe, expect, it } from 'vitest';
import { eclipses } from '../../../engine/sky/eclipses.ts';
import { ANSWER_WORDS } from '../../../engine/tool.ts';
import { moonEventsTool as moonEvents } from '../../../engine/sky/moon-events.ts';
import { sunEventsTool as sunEvents } from '../../../engine/sky/sun-events.ts';
import { IGN_2026_08_12, NASA_LUNAR, NASA_SOLAR, SEEN_FROM_PLACES } from '../../fixtures/reference/eclipses.ts';
import { fixedClock, inputErrors, runTool } from '../../helpers.ts';

const run = (input: Record<string, unknown>, ctx = fixedClock('2026-11-22T08:00:00Z')) => runTool(eclipses, input, ctx);
const seconds = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 1000;

describe('eclipses: NASA catalogue maxima, types and magnitudes', () => {
  it.each([...NASA_SOLAR, ...NASA_LUNAR].map((r) => [r.source, r] as const))('%s', async (_source, ref) => {
    const r = await run({ ...ref.input, count: 1 });
    const e = r.eclipses[0];
    expect(e.type).toBe(ref.expected.type);
    expect(seconds(e.peak, ref.expected.peak_ut)).toBeLessThanOrEqual(ref.tolerance!.peak_s);
    expect(Math.abs(e.magnitude - ref.expected.magnitude)).toBeLessThanOrEqual(ref.tolerance!.magnitude);
    expect(e.local).toBeNull();
  });

  it('lunar contacts follow NASA semi-durations (2026-03-03: 104 min partial, 30 min total, within 2 min)', async () => {
    const e = (await run({ kind: 'lunar', after: '2026-03-01', count: 1 })).eclipses[0];
    const minutes = (a?: string | null, b?: string | null) => (Date.parse(b!) - Date.parse(a!)) / 120_000;
    expect(Math.abs(minutes(e.partial_begin, e.partial_end) - 104)).toBeLessThan(2);
    expect(Math.abs(minutes(e.total_begin, e.total_end) - 30)).toBeLessThan(2);
    const pen = (await run({ kind: 'lunar', after: '2027-02-10', count: 1 })).eclipses[0];
    expect([pen.partial_begin, pen.total_begin, pen.total_end, pen.partial_end]).toEqual([null, null, null, null]);
    expect(pen.penumbral_begin).not.toBeNull();
  });
});

describe('eclipses: local circumstances of 2026-08-12 (IGN)', () => {
  it.each(IGN_2026_08_12.map((r) => [r.source, r] as const))('%s', async (_source, ref) => {
    const r = await run({ kind: 'solar', after: ref.input.date, count: 1, lat: ref.input.lat, lon: ref.input.lon });
    const local = r.eclipses[0].local!;
    expect(r.eclipses[0].peak.slice(0, 10)).toBe('2026-08-12');
    expect(local.type).toBe(ref.expected.type);
    for (const key of ['partial_begin', 'total_begin', 'peak', 'total_end', 'partial_end'] as const) {
      const want = ref.expected[key];
      if (want) expect(seconds(local[key]!, want), key).toBeLessThanOrEqual(ref.tolerance!);
      expect(local[key] === null || local[key]!.endsWith('+02:00')).toBe(true);
    }
    if (ref.expected.type === 'partial') {
      expect(local.total_begin).toBeNull();
      expect(local.obscuration_fraction!).toBeGreaterThan(0.98); // IGN: 99 % in Madrid
    }
    expect(local.altitude_deg).toBeGreaterThan(0);
    expect(local.altitude_deg).toBeLessThan(15); // the eclipse sets over Spain
  });

  it('the Sun sets before the end in Madrid and Burgos, not in A Coruña (its sunset is later, further west)', async () => {
    const seen = async (lat: number, lon: number) => (await run({ kind: 'solar', after: '2026-08-12', count: 1, lat, lon })).eclipses[0].local!;
    expect((await seen(40.4168, -3.7038)).visibility).toBe('ends_below_horizon');
    expect((await seen(42.3439, -3.6969)).visibility).toBe('ends_below_horizon');
    expect((await seen(43.3623, -8.4115)).visibility).toBe('full');
  });

  it('timezone expresses the local times in another zone', async () => {
    const r = await run({ kind: 'solar', after: '2026-08-12', count: 1, lat: 42.3439, lon: -3.6969, timezone: 'UTC' });
    expect(r.eclipses[0].local!.total_begin).toMatch(/^2026-08-12T18:28:\d\d\+00:00$/);
  });

  it('lunar: only eclipses with the Moon up at peak, with its altitude', async () => {
    const r = await run({ kind: 'lunar', after: '2026-01-01', count: 5, lat: 40.4168, lon: -3.7038 });
    for (const e of r.eclipses) {
      expect(e.local!.altitude_deg).toBeGreaterThan(0);
      expect(e.local!.contacts.find((c) => c.contact === 'peak')).toMatchObject({ visible: true, altitude_deg: e.local!.altitude_deg });
    }
    // 2026-03-03 peaks at 11:33 UT, midday in Madrid: the Moon is down, so it is not listed.
    expect(r.eclipses.some((e) => e.peak.startsWith('2026-03-03'))).toBe(false);
    expect(r.eclipses[0].peak.startsWith('2026-08-28')).toBe(true);
  });
});

describe('eclipses: contacts below the horizon', () => {
  it.each(SEEN_FROM_PLACES.map((r) => [r.source, r] as const))('%s', async (_source, ref) => {
    const e = (await run({ ...ref.input, count: 1 })).eclipses[0];
    const local = e.local!;
    expect(e.peak.slice(0, 10)).toBe(ref.expected.peak_date);
    expect(local.visibility).toBe(ref.expected.visibility);
    for (const [name, want] of Object.entries(ref.expected.contacts)) {
      const contact = local.contacts.find((c) => c.contact === name);
      expect(seconds(contact!.time, want), name).toBeLessThanOrEqual(ref.tolerance!);
    }
    expect(local.contacts.filter((c) => !c.visible).map((c) => c.contact)).toEqual(ref.expected.below_horizon);
    // Contacts in time order, each the local field's time where the field exists, the altitude at peak the entry's.
    const times = local.contacts.map((c) => Date.parse(c.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    for (const c of local.contacts) if (c.contact in local) expect(local[c.contact as 'peak']).toBe(c.time);
    expect(local.contacts.find((c) => c.contact === 'peak')!.altitude_deg).toBe(local.altitude_deg);
    if (ref.expected.sunset) {
      // The horizon is sun_events': every contact before its sunset is seen, every one after it is not.
      const sunset = (await runTool(sunEvents, { lat: ref.input.lat, lon: ref.input.lon, date: ref.expected.peak_date })).days[0].sunset!;
      expect(seconds(sunset, ref.expected.sunset)).toBeLessThanOrEqual(60);
      for (const c of local.contacts) expect(c.visible, c.contact).toBe(Date.parse(c.time) < Date.parse(sunset));
    }
  });

  it('a lunar eclipse not seen at all is not listed: 2025-03-14 from New Delhi (daytime in India)', async () => {
    const global = (await run({ kind: 'lunar', after: '2025-03-01', count: 1 })).eclipses[0];
    expect(global.peak.slice(0, 10)).toBe('2025-03-14');
    const delhi = (await run({ kind: 'lunar', after: '2025-03-01', count: 1, lat: 28.6139, lon: 77.209 })).eclipses[0];
    expect(delhi.peak.slice(0, 10)).toBe('2025-09-07');
  });

  it('the Moon rises during it at Athens on 2025-09-07, and its contacts turn visible at moon_events’ moonrise', async () => {
    const at = { lat: 37.98, lon: 23.73 };
    const local = (await run({ kind: 'lunar', after: '2025-09-01', count: 1, ...at })).eclipses[0].local!;
    expect(local.visibility).toBe('begins_below_horizon');
    const moonrise = (await runTool(moonEvents, { ...at, date: '2025-09-07' })).days[0].moonrise!;
    expect(moonrise.slice(11, 16)).toBe('19:41'); // between the partial eclipse's beginning and totality
    for (const c of local.contacts) expect(c.visible, c.contact).toBe(Date.parse(c.time) > Date.parse(moonrise));
    expect(local.contacts.filter((c) => !c.visible).map((c) => c.contact)).toEqual(['penumbral_begin', 'partial_begin']);
  });

  it('the answer sentence says how the place sees it', async () => {
    const madrid = await run({ kind: 'solar', after: '2028-01-20', count: 1, lat: 40.4168, lon: -3.7038 });
    expect(eclipses.calculator!.answer(madrid, ANSWER_WORDS)).toMatch(/\(seen here as partial, peak at .+, ending after the Sun sets\)\.$/);
    const delhi = await run({ kind: 'lunar', after: '2025-09-01', count: 1, lat: 28.6139, lon: 77.209 });
    expect(eclipses.calculator!.answer(delhi, ANSWER_WORDS)).toMatch(/, seen in full\)\.$/);
  });
});

describe('eclipses: edge cases', () => {
  it('after the day of an eclipse includes it (peak at or after 00:00 UTC), the day after does not', async () => {
    expect((await run({ kind: 'solar', after: '2024-04-08', count: 1 })).eclipses[0].peak.slice(0, 10)).toBe('2024-04-08');
    expect((await run({ kind: 'solar', after: '2024-04-09', count: 1 })).eclipses[0].peak.slice(0, 10)).toBe('2024-10-02');
  });

  it('count: default 3, bounds 1..20, results in time order', async () => {
    const r = await run({ kind: 'lunar', after: '2026-01-01' });
    expect(r.eclipses).toHaveLength(3);
    const many = await run({ kind: 'solar', after: '2026-01-01', count: 20 });
    expect(many.eclipses).toHaveLength(20);
    const peaks = many.eclipses.map((e) => e.peak);
    expect([...peaks].sort()).toEqual(peaks);
    expect(inputErrors(eclipses, { kind: 'solar', count: 0 })).toEqual([{ field: 'count', message: 'must be ≥ 1' }]);
    expect(inputErrors(eclipses, { kind: 'solar', count: 21 })).toEqual([{ field: 'count', message: 'must be ≤ 20' }]);
  });

  it('lat without lon (and lon without lat) is a 400 naming the missing one; timezone needs a place', () => {
    expect(inputErrors(eclipses, { kind: 'solar', lat: 40 })).toEqual([{ field: 'lon', message: 'is required with lat' }]);
    expect(inputErrors(eclipses, { kind: 'solar', lon: -3 })).toEqual([{ field: 'lat', message: 'is required with lon' }]);
    expect(inputErrors(eclipses, { kind: 'lunar', timezone: 'UTC' }).map((e) => e.field)).toEqual(['timezone']);
    expect(inputErrors(eclipses, { kind: 'lunar', lat: 40, lon: -3, timezone: 'Nowhere/Atlantis' }).map((e) => e.field)).toEqual(['timezone']);
    expect(inputErrors(eclipses, { kind: 'moon' }).map((e) => e.field)).toEqual(['kind']);
  });

  it('first and last dates: 1700-01-01 and 2200-12-31 accepted, outside refused; nothing past 2200 listed', async () => {
    expect(inputErrors(eclipses, { kind: 'solar', after: '1699-12-31' }).map((e) => e.field)).toEqual(['after']);
    expect(inputErrors(eclipses, { kind: 'solar', after: '2201-01-01' }).map((e) => e.field)).toEqual(['after']);
    const first = await run({ kind: 'lunar', after: '1700-01-01', count: 1 });
    expect(first.eclipses[0].peak >= '1700-01-01').toBe(true);
    const last = await run({ kind: 'solar', after: '2200-12-31', count: 3 });
    expect(last.eclipses).toEqual([]);
    expect(last.note).toMatch(/0 of 3 .*2200-12-31/);
    const late = await run({ kind: 'lunar', after: '2200-01-01', count: 20 });
    expect(late.eclipses.length).toBeLessThan(20);
    expect(late.eclipses.every((e) => e.peak < '2201')).toBe(true);
  });

  it('after defaults to today (UTC) at the clock', async () => {
    const r = await run({ kind: 'solar', count: 1 }, fixedClock('2026-08-12T23:59:00Z'));
    expect(r.after).toBe('2026-08-12');
    expect(r.eclipses[0].peak.slice(0, 10)).toBe('2026-08-12');
  });

  it('the search from a place is bounded: count 20 at a place far in the Pacific looks 40 years ahead and says why when short (its time: npm run bench)', async () => {
    const r = await run({ kind: 'solar', after: '2160-01-01', count: 20, lat: -50, lon: -130 });
    expect(r.eclipses.length).toBeLessThan(20);
    expect(r.eclipses.every((e) => e.peak < '2200-01-02')).toBe(true);
    expect(r.note).toMatch(/at most 40 years/);
  });
});
