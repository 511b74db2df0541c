import { Temporal } from '@js-temporal/polyfill';
import { LONDON_SOLSTICE_2025, USNO_SUN_N80_2019, USNO_SUN_RISE_SET_2019 } from '../fixtures/reference/solar.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eclipses } from '../../engine/sky/eclipses.ts';
import { skyPositionsTool } from '../../engine/sky/sky-positions.ts';
import { sunEventsTool } from '../../engine/sky/sun-events.ts';
import { SKY_BODIES } from '../../engine/sky/sky.ts';
import { solarPosition } from '../../engine/sky/solar-position.ts';
import {
  isShareToken,
  localDayBounds,
  localParts,
  nextEclipses,
  orrery,
  parseView,
  sharePageUrl,
  sky,
  skyAt,
  sunEvents,
  sunPath,
  useZoneData,
  zonedToUtc,
} from '../../website/src/lib/observatory.ts';
import { renderAlmanac } from '../../website/src/lib/observatory-almanac.ts';
import { observatoryZoneData } from '../../website/src/lib/zone-data.ts';
import { escapeXml, renderOrrery, renderPositionsTable, renderSky, renderSunPath } from '../../website/src/lib/observatory-svg.ts';
import { serveSite } from '../../website/serve.ts';
import { chromiumAvailable, collectErrors, launchChromium } from '../fixtures/chromium.ts';
import { runTool } from '../helpers.ts';
import { buildSite } from './build-site.ts';

// The page's zone data: the engine's tzdb release over the observatory's years (what the build installs).
useZoneData(observatoryZoneData());

const iso = (d: Date | number) => new Date(d).toISOString().replace('.000Z', 'Z');
const MINUTE_MS = 60_000;

describe('zonedToUtc: wall time in an IANA zone to an instant', () => {
  it("uses the engine's tzdb release, not the runtime's: Vancouver on -07:00 MST all year from 2026-11-01 (tzdb 2026f)", () => {
    expect(localParts(zonedToUtc('2026-11-24', '12:00', 'America/Vancouver').getTime(), 'America/Vancouver').offset).toBe('-07:00');
    expect(iso(zonedToUtc('2026-11-24', '12:00', 'America/Vancouver'))).toBe('2026-11-24T19:00:00Z');
    expect(iso(zonedToUtc('2026-11-24', '12:00', 'Africa/Casablanca'))).toBe('2026-11-24T12:00:00Z'); // +00 since 2026-09-20
  });

  it('reads an ordinary time with the zone\'s offset (+05:45 in Kathmandu, tzdb asia: "5:45 - +0545")', () => {
    // tzdb asia: Asia/Kathmandu "5:45 - +0545" since 1986, so 13:45 there is 08:00 UTC.
    expect(iso(zonedToUtc('2026-11-22', '13:45', 'Asia/Kathmandu'))).toBe('2026-11-22T08:00:00Z');
    expect(iso(zonedToUtc('2026-07-01', '12:00', 'Europe/London'))).toBe('2026-07-01T11:00:00Z');
  });

  it('moves a time inside a DST gap forward by the gap (Europe/London 2026-03-29 01:30 → 02:30 BST)', () => {
    // tzdb EU rule: clocks go from 01:00 GMT to 02:00 BST on the last Sunday of March.
    expect(iso(zonedToUtc('2026-03-29', '01:30', 'Europe/London'))).toBe('2026-03-29T01:30:00Z');
    expect(localParts(zonedToUtc('2026-03-29', '01:30', 'Europe/London').getTime(), 'Europe/London')).toEqual({
      date: '2026-03-29',
      time: '02:30',
      offset: '+01:00',
    });
  });

  it('takes the earlier of a time the clocks show twice (Europe/London 2026-10-25 01:30 BST)', () => {
    // Clocks go back from 02:00 BST to 01:00 GMT on the last Sunday of October: 01:30 happens at 00:30Z and 01:30Z.
    expect(iso(zonedToUtc('2026-10-25', '01:30', 'Europe/London'))).toBe('2026-10-25T00:30:00Z');
  });

  it('agrees with Temporal\'s "compatible" disambiguation every 15 minutes around each 2026 transition', () => {
    // Lord Howe: 30-minute DST; Santiago: transitions at midnight; Dublin: "negative" DST in tzdb;
    // Apia skipped 2011-12-30 entirely (checked around that day instead).
    const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'Europe/Dublin', 'Asia/Kathmandu'];
    let checked = 0;
    const check = (zone: string, wall: Temporal.PlainDateTime) => {
      const expected = wall.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
      const date = wall.toPlainDate().toString();
      const time = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
      expect(zonedToUtc(date, time, zone).getTime(), `${zone} ${date} ${time}`).toBe(expected);
      checked++;
    };
    for (const zone of zones) {
      let cursor = Temporal.ZonedDateTime.from({ year: 2026, month: 1, day: 1, timeZone: zone });
      for (let i = 0; i < 2; i++) {
        const next = cursor.getTimeZoneTransition('next');
        if (!next || next.year > 2026) break;
        const start = next.toPlainDateTime().subtract({ hours: 3 });
        for (let m = 0; m <= 6 * 60; m += 15) check(zone, start.add({ minutes: m }));
        cursor = next;
      }
    }
    for (let h = 0; h < 48; h++) check('Pacific/Apia', Temporal.PlainDateTime.from('2011-12-29T12:00').add({ hours: h }));
    expect(checked).toBeGreaterThan(200);
  });

  it('local days are 23, 24 and 25 hours long across the DST changes', () => {
    const hours = (date: string) => {
      const d = localDayBounds(date, 'Europe/London');
      return (d.endMs - d.startMs) / 3_600_000;
    };
    expect([hours('2026-03-29'), hours('2026-06-21'), hours('2026-10-25')]).toEqual([23, 24, 25]);
  });

  describe('edge cases', () => {
    it('rejects impossible dates, times and unknown zones', () => {
      expect(() => zonedToUtc('2026-02-29', '12:00', 'UTC')).toThrow(RangeError);
      expect(() => zonedToUtc('2026-13-01', '12:00', 'UTC')).toThrow(RangeError);
      expect(() => zonedToUtc('2026-1-1', '12:00', 'UTC')).toThrow(RangeError);
      expect(() => zonedToUtc('2026-01-01', '24:00', 'UTC')).toThrow(RangeError);
      expect(() => zonedToUtc('2026-01-01', '7:5', 'UTC')).toThrow(RangeError);
      expect(() => zonedToUtc('2026-01-01', '12:00', 'Mars/Olympus_Mons')).toThrow(/unknown IANA time zone/);
    });
    it('accepts the leap day of a leap year and the first and last years of the range', () => {
      expect(iso(zonedToUtc('2024-02-29', '00:00', 'UTC'))).toBe('2024-02-29T00:00:00Z');
      expect(iso(zonedToUtc('2100-12-31', '23:59', 'UTC'))).toBe('2100-12-31T23:59:00Z');
      expect(iso(zonedToUtc('1900-01-01', '00:00', 'UTC'))).toBe('1900-01-01T00:00:00Z');
    });
  });
});

describe('parseView: what the form and permalinks say', () => {
  it('resolves a valid view to its instant', () => {
    const parsed = parseView({ name: ' Kathmandu ', lat: '27.7172', lng: '85.324', date: '2026-11-22', time: '13:45', tz: 'Asia/Kathmandu' });
    expect(parsed).toEqual({
      ok: true,
      view: { name: 'Kathmandu', lat: 27.7172, lng: 85.324, date: '2026-11-22', time: '13:45', tz: 'Asia/Kathmandu', atMs: Date.parse('2026-11-22T08:00:00Z') },
    });
  });
  it('names every wrong field at once and explains the 1900..2100 range', () => {
    const parsed = parseView({ name: 'x', lat: '91', lng: 'east', date: '1850-06-01', time: '25:00', tz: 'Nowhere/Else' });
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? [] : parsed.errors;
    expect(errors.map((e) => e.field)).toEqual(['lat', 'lng', 'date', 'time', 'tz']);
    expect(errors.find((e) => e.field === 'date')!.message).toMatch(/1900-01-01 and 2100-12-31/);
  });
  it('an empty name becomes the coordinates; control characters are refused', () => {
    const parsed = parseView({ name: '', lat: '1.5', lng: '-2', date: '2026-01-01', time: '00:00', tz: 'UTC' });
    expect(parsed.ok && parsed.view.name).toBe('1.5, -2');
    expect(parseView({ name: 'a\u202Eb', lat: '0', lng: '0', date: '2026-01-01', time: '00:00', tz: 'UTC' }).ok).toBe(false);
  });
  it('share tokens are 32 base64url characters', () => {
    expect(isShareToken('abcdefghijklmnopqrstuvwxyzAB_-12')).toBe(true);
    expect(isShareToken('abcdefghijklmnopqrstuvwxyzAB_-1')).toBe(false);
    expect(isShareToken('abcdefghijklmnopqrstuvwxyzAB_-1=')).toBe(false);
  });
  it("a share links the API's share_url when it is a site's page, else this site's page for the token", () => {
    const token = 'abcdefghijklmnopqrstuvwxyzAB_-12';
    const page = 'http://127.0.0.1:4321/observatory/?date=2026-12-21';
    expect(sharePageUrl({ token, share_url: `https://site.example/observatory/share/${token}/` }, page)).toBe(
      `https://site.example/observatory/share/${token}/`,
    );
    // An API without SITE_URL answers its own read route, relative to the API.
    expect(sharePageUrl({ token, share_url: `/v1/observatory/share/${token}` }, page)).toBe(`http://127.0.0.1:4321/observatory/share/${token}/`);
    expect(sharePageUrl({ token: '../../x', share_url: '/v1/observatory/share/x' }, page)).toBeUndefined();
    expect(sharePageUrl({ token }, page)).toBeUndefined();
  });
});

describe('sky: altitude and azimuth for an observer', () => {
  // Against the engine's solar_position tool (refraction by the SPA formula, ISA atmosphere), itself
  // pinned to the NREL SPA paper: the sky uses the same refraction model, so the two agree at any
  // altitude; the cases keep the Sun above 10°. Tolerance 0.05°.
  const CASES = [
    { name: 'Golden CO (SPA example place)', lat: 39.742476, lng: -105.1786, at: '2003-10-17T19:30:30Z' },
    { name: 'Greenwich, solstice noon', lat: 51.4769, lng: -0.0005, at: '2026-06-21T12:00:00Z' },
    { name: 'Sydney, afternoon', lat: -33.8688, lng: 151.2093, at: '2026-11-22T04:00:00Z' },
    { name: 'Quito, morning', lat: -0.1807, lng: -78.4678, at: '2026-03-20T13:00:00Z' },
  ];
  for (const c of CASES) {
    it(`the Sun over ${c.name} is where solar_position puts it, within 0.05°`, async () => {
      const tool = await runTool(solarPosition, { lat: c.lat, lon: c.lng, at: c.at });
      const sun = sky(Date.parse(c.at), c).find((b) => b.body === 'Sun')!;
      expect(tool.apparent_elevation_deg).toBeGreaterThan(10);
      expect(Math.abs(sun.apparent_altitude_deg - tool.apparent_elevation_deg)).toBeLessThan(0.05);
      expect(Math.abs(sun.azimuth_deg - tool.azimuth_deg)).toBeLessThan(0.05);
      expect(sun.above_horizon).toBe(true);
    });
  }

  it('lists the Sun, the Moon and the planets through Pluto, in order', () => {
    expect(sky(Date.parse('2026-11-22T08:00:00Z'), { lat: 0, lng: 0 }).map((b) => b.body)).toEqual([...SKY_BODIES]);
  });
});

describe('sunPath: the Sun through a local day', () => {
  const within = (ms: number | null, expectedIso: string, tolMin: number) => {
    expect(ms).not.toBeNull();
    expect(Math.abs(ms! - Date.parse(expectedIso)) / MINUTE_MS).toBeLessThan(tolMin);
  };

  it('sunrise and sunset at 60° N 0° E on 2019-06-21 match the USNO table within 2 minutes', () => {
    // USNO "Rise and Set for the Sun for 2019", E000 N60, 21 June (test/fixtures/reference/solar.ts).
    const { input, expected } = USNO_SUN_RISE_SET_2019.find((r) => r.input.lat === 60 && r.input.date === '2019-06-21')!;
    const path = sunPath(input.date, input.zone, { lat: input.lat, lng: input.lon });
    within(path.sunrise_ms, expected.rise!, 2);
    within(path.sunset_ms, expected.set!, 2);
    expect(path.daylight).toBe('rises_or_sets');
  });

  it('sunrise and sunset in London on 2025-06-21 match the published table within 2 minutes', () => {
    const { input, expected, tolerance } = LONDON_SOLSTICE_2025;
    const path = sunPath(input.date, input.zone, { lat: input.lat, lng: input.lon });
    within(path.sunrise_ms, expected.sunrise, tolerance!);
    within(path.sunset_ms, expected.sunset, tolerance!);
  });

  it('polar night at Longyearbyen in December and polar day at 80° N in June', () => {
    // USNO "Rise and Set for the Sun for 2019" at N80 00, 000 00: "continuously above" on 21 June
    // (test/fixtures/reference/solar.ts). Longyearbyen (78.22° N) in December: noon altitude
    // ≈ 90° − 78.2° − 23.4° = −11.7° (closed form, not a published row).
    const night = sunPath('2026-12-21', 'Arctic/Longyearbyen', { lat: 78.2232, lng: 15.6267 });
    expect(night).toMatchObject({ daylight: 'polar_night', sunrise_ms: null, sunset_ms: null });
    expect(Math.max(...night.samples.map((s) => s.alt_deg))).toBeLessThan(-10);
    const { input: june, expected: juneSays } = USNO_SUN_N80_2019.midsummer;
    expect(juneSays.all_day).toBe('above');
    expect(sunPath(june.date, june.zone, { lat: june.lat, lng: june.lon })).toMatchObject({ daylight: 'polar_day', sunrise_ms: null, sunset_ms: null });
  });

  it('samples every 10 minutes from local midnight to midnight, 23 hours on the spring DST day', () => {
    const day = localDayBounds('2026-03-29', 'Europe/London');
    const path = sunPath('2026-03-29', 'Europe/London', { lat: 51.4769, lng: -0.0005 }, Date.parse('2026-03-29T11:00:00Z'));
    expect(path.samples).toHaveLength(23 * 6 + 1);
    expect(path.samples[1].at_ms - path.samples[0].at_ms).toBe(10 * MINUTE_MS);
    expect(path.samples.at(-1)!.at_ms).toBe(day.endMs);
    expect(path.at!.at_ms).toBe(Date.parse('2026-03-29T11:00:00Z'));
  });
});

describe('renderers', () => {
  const AT = Date.parse('2026-11-22T08:00:00Z');
  const PLACE = { lat: 51.4769, lng: -0.0005 };
  const caption = { place: 'Evil <script>alert("x")</script> & \'co\'', date: '2026-11-22', time: '08:00', zone: 'Europe/London, UTC+00:00' };
  const svgs = {
    orrery: renderOrrery(orrery(AT), caption),
    sky: renderSky(sky(AT, PLACE), caption),
    sunPath: renderSunPath(sunPath('2026-11-22', 'Europe/London', PLACE, AT), { ...caption, timeZone: 'Europe/London' }),
  };
  const attr = (svg: string, body: string, name: string) => {
    const m = new RegExp(`data-body="${body}"[^>]*?${name}="([^"]+)"`).exec(svg);
    return m ? Number(m[1]) : undefined;
  };

  it('escapes place names in every poster', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    for (const svg of [svgs.sky, svgs.sunPath]) {
      expect(svg).not.toContain('<script');
      expect(svg).toContain('Evil &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
    }
    expect(renderPositionsTable(sky(AT, PLACE), orrery(AT))).not.toContain('<script');
  });

  it('each poster is one accessible SVG whose aria-labelledby ids exist', () => {
    for (const svg of Object.values(svgs)) {
      expect(svg.startsWith('<svg ') && svg.endsWith('</svg>')).toBe(true);
      expect(svg).toMatch(/ role="img"/);
      expect(svg).toMatch(/ viewBox="0 0 \d+ \d+"/);
      const ids = /aria-labelledby="([^"]+)"/.exec(svg)![1].split(' ');
      for (const id of ids) expect(svg).toContain(`id="${id}"`);
      expect(svg).toMatch(/<title id="[^"]+">[^<]+<\/title>/);
    }
  });

  it('the orrery marks every body with data-body and its longitude', () => {
    for (const b of orrery(AT)) expect(attr(svgs.orrery, b.body, 'data-lon-deg'), b.body).toBeCloseTo(b.lon_deg, 3);
    expect(svgs.orrery).toContain('♈ 0°');
  });

  it("the sky is the sky_positions tool's answer for the place and instant, number for number", async () => {
    const tool = await runTool(skyPositionsTool, { lat: PLACE.lat, lon: PLACE.lng, at: new Date(AT).toISOString() });
    expect(sky(AT, PLACE)).toEqual(tool.bodies);
  });

  it('the sky marks every body once with its altitude and azimuth, east on the left', () => {
    const bodies = sky(AT, PLACE);
    for (const b of bodies) {
      expect(svgs.sky.split(`data-body="${b.body}"`)).toHaveLength(2);
      expect(attr(svgs.sky, b.body, 'data-alt-deg'), b.body).toBeCloseTo(b.apparent_altitude_deg, 3);
      expect(attr(svgs.sky, b.body, 'data-az-deg'), b.body).toBeCloseTo(b.azimuth_deg, 3);
    }
    // The Sun at 08:00 in November is in the south-east (azimuth ≈ 128°): left of and below the zenith.
    const sun = bodies.find((b) => b.body === 'Sun')!;
    expect(sun.azimuth_deg).toBeGreaterThan(90);
    const [cx, cy] = /data-body="Sun"[^>]*><circle cx="([\d.]+)" cy="([\d.]+)"/.exec(svgs.sky)!.slice(1).map(Number);
    expect(cx).toBeLessThan(250);
    expect(cy).toBeGreaterThan(250);
    // Bodies below the horizon are listed as text, marked as such.
    for (const b of bodies.filter((x) => !x.above_horizon)) expect(svgs.sky).toMatch(new RegExp(`data-body="${b.body}"[^>]*data-below-horizon="true"`));
  });

  it("the sun path marks the chosen time with the Sun's altitude, and sunrise and sunset", () => {
    const tool = sunPath('2026-11-22', 'Europe/London', PLACE, AT).at!;
    expect(attr(svgs.sunPath, 'Sun', 'data-alt-deg')).toBeCloseTo(tool.alt_deg, 3);
    expect(svgs.sunPath).toContain('data-event="sunrise"');
    expect(svgs.sunPath).toContain('data-event="sunset"');
    const polar = renderSunPath(sunPath('2026-12-21', 'Arctic/Longyearbyen', { lat: 78.2232, lng: 15.6267 }), { ...caption, timeZone: 'Arctic/Longyearbyen' });
    expect(polar).toContain('Polar night');
    expect(polar).not.toContain('data-event=');
  });
});

describe("sun_events, the Moon's phase and eclipses: the page's numbers are the tools' answers", () => {
  // Places and days of every kind the page meets: presets, both DST-change days, polar night and midnight
  // sun, a half-hour zone, the date line, the southern hemisphere.
  const DAYS = [
    { lat: 51.4769, lng: -0.0005, tz: 'Europe/London', date: '2026-11-22' },
    { lat: 51.4769, lng: -0.0005, tz: 'Europe/London', date: '2026-03-29' },
    { lat: 51.4769, lng: -0.0005, tz: 'Europe/London', date: '2026-10-25' },
    { lat: 27.7172, lng: 85.324, tz: 'Asia/Kathmandu', date: '2026-06-21' },
    { lat: 64.1466, lng: -21.9426, tz: 'Atlantic/Reykjavik', date: '2026-06-21' },
    { lat: -33.8688, lng: 151.2093, tz: 'Australia/Sydney', date: '2026-04-05' },
    { lat: 78.2232, lng: 15.6267, tz: 'Arctic/Longyearbyen', date: '2026-12-21' },
    { lat: 78.2232, lng: 15.6267, tz: 'Arctic/Longyearbyen', date: '2026-06-21' },
    { lat: 78.2232, lng: 15.6267, tz: 'Arctic/Longyearbyen', date: '2026-04-20' },
    { lat: 1.87, lng: -157.4, tz: 'Pacific/Kiritimati', date: '1990-01-01' },
    { lat: -0.1807, lng: -78.4678, tz: 'America/Guayaquil', date: '1900-01-01' },
    { lat: 21.3069, lng: -157.8583, tz: 'Pacific/Honolulu', date: '2100-12-31' },
  ];
  for (const d of DAYS) {
    it(`sunrise, sunset and status at ${d.tz} on ${d.date} are sun_events' for the same place, date and zone`, async () => {
      const tool = await runTool(sunEventsTool, { lat: d.lat, lon: d.lng, date: d.date, timezone: d.tz });
      const [day] = tool.days;
      const page = sunEvents(d.date, d.tz, d);
      expect({ sunrise: page.sunrise, sunset: page.sunset, sun_status: page.sun_status }).toEqual({
        sunrise: day.sunrise,
        sunset: day.sunset,
        sun_status: day.sun_status,
      });
      // The sun path's marks and polar labels are the same answer.
      const path = sunPath(d.date, d.tz, d);
      expect([path.sunrise_ms, path.sunset_ms]).toEqual([page.sunrise_ms, page.sunset_ms]);
      expect(path.daylight).toBe({ normal: 'rises_or_sets', midnight_sun: 'polar_day', polar_night: 'polar_night' }[day.sun_status]);
      const svg = renderSunPath(path, { place: 'x', date: d.date, time: '12:00', zone: d.tz, timeZone: d.tz });
      for (const event of ['sunrise', 'sunset'] as const) {
        if (day[event]) expect(svg).toContain(`data-local="${day[event]}"`);
        else expect(svg).not.toContain(`data-event="${event}"`);
      }
    });
  }

  it("the Moon's phase is sky_positions' moon block for the place and instant", async () => {
    for (const at of ['2026-01-03T10:03:00Z', '2026-11-22T08:00:00Z', '1900-06-01T00:00:00Z']) {
      const tool = await runTool(skyPositionsTool, { lat: 51.4769, lon: -0.0005, at });
      expect(skyAt(Date.parse(at), { lat: 51.4769, lng: -0.0005 }).moon, at).toEqual(tool.moon);
    }
  });

  it("the next eclipses are the eclipses tool's answers, worldwide and from the place, count 1", async () => {
    const place = { lat: 40.4168, lng: -3.7038 }; // Madrid: the 2026-08-12 total eclipse is seen there
    const found = nextEclipses('2026-04-01', place, 'Europe/Madrid');
    for (const kind of ['solar', 'lunar'] as const) {
      const global = await runTool(eclipses, { kind, after: '2026-04-01', count: 1 });
      const here = await runTool(eclipses, { kind, after: '2026-04-01', count: 1, lat: place.lat, lon: place.lng, timezone: 'Europe/Madrid' });
      expect(found[kind]).toEqual(global.eclipses[0]);
      expect(found[`${kind}Here`]).toEqual(here.eclipses[0]);
    }
    expect(found.solar).toMatchObject({ type: 'total', peak: expect.stringMatching(/^2026-08-12T17:4/) });
  });

  it('the block says it all as text, draws the phase, links the eclipses calculator, and says whether each eclipse is seen here', () => {
    const place = { lat: 40.4168, lng: -3.7038 };
    const at = Date.parse('2026-04-01T20:00:00Z');
    const html = renderAlmanac(
      {
        sun: sunEvents('2026-04-01', 'Europe/Madrid', place),
        moon: skyAt(at, place).moon,
        eclipses: nextEclipses('2026-04-01', place, 'Europe/Madrid'),
        timeZone: 'Europe/Madrid',
        southern: false,
      },
      '/calculators/eclipses/',
    );
    expect(html).toMatch(/the Sun rises at \d\d:\d\d:\d\d and sets at \d\d:\d\d:\d\d \(Europe\/Madrid, UTC\+02:00\)/);
    expect(html).toMatch(/<svg [^>]*role="img" aria-labelledby="moon-phase-title"/);
    expect(html).toContain('<path fill="#e6e6e6"');
    expect(html).toMatch(/waxing gibbous<\/strong>, \d+\.\d% lit, \d+\.\d days since new moon/);
    expect(html).toContain('href="/calculators/eclipses/"');
    expect(html).toMatch(/data-eclipse="solar" data-peak="2026-08-12T17:4\d:\d\dZ" data-type="total" data-visible-here="true"/);
  });
});

describe.skipIf(!chromiumAvailable())('the observatory in Chromium opens on now', () => {
  // The visitor's clock is pinned; the browser's own zone is UTC, which names no city, so the page keeps its
  // Greenwich (a visitor's zone with a city opens on that city: test/website/now-here.test.ts), and in July
  // a local time read with the browser's Intl instead of the engine's tzdb (BST, Sydney, Kathmandu) would be seen.
  const NOW = '2026-07-01T23:30:00Z'; // London 2026-07-02 00:30 BST, Sydney 09:30 AEST, Kathmandu 05:15
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    site = await serveSite(await buildSite(), 0);
    browser = await launchChromium();
    context = await browser.newContext({ timezoneId: 'UTC' });
    page = await context.newPage();
    await page.clock.setFixedTime(new Date(NOW));
    errors = collectErrors(page);
  }, 360_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const open = async (path: string) => {
    await page.goto(site.url + path);
    await page.waitForSelector('#observatory-form[data-ready="true"]');
  };
  const fields = () =>
    page.evaluate(() => ({
      date: (document.querySelector('#obs-date') as HTMLInputElement).value,
      time: (document.querySelector('#obs-time') as HTMLInputElement).value,
    }));
  const address = () => new URL(page.url());
  const summary = () => page.textContent('#obs-summary');

  it("opens on the visitor's current time in the view's zone, from the engine's tzdb; the HTML keeps the build's view", async () => {
    const html = await (await fetch(`${site.url}/observatory/`)).text();
    const built = /id="obs-date"[^>]*value="([^"]+)"/.exec(html)![1];
    expect(built).not.toBe('2026-07-02'); // the build's clock is not the pinned now
    expect(html).toContain(`on ${built} at`);

    await open('/observatory/');
    expect(await fields()).toEqual({ date: '2026-07-02', time: '00:30' });
    expect(await summary()).toContain('on 2026-07-02 at 00:30, Europe/London, UTC+01:00, the instant 2026-07-01T23:30:00Z');
    expect(await page.getAttribute('#sky-svg', 'aria-labelledby')).toBeTruthy();
    expect(address().search).toBe(''); // opening the page rewrites nothing
    expect(new URL((await page.getAttribute('#obs-permalink', 'href'))!, site.url).searchParams.get('date')).toBe('2026-07-02');
  });

  it('a change of place keeps following the clock in the new zone; a chosen date stops it, the Now button returns to it', async () => {
    await open('/observatory/');
    await page.selectOption('#obs-preset', 'sydney');
    await page.waitForFunction(() => document.querySelector('#obs-summary')?.textContent?.includes('Sydney'));
    expect(await fields()).toEqual({ date: '2026-07-02', time: '09:30' });
    // Following the clock, the address holds the place but no date or time: opening it again is "now".
    expect(Object.fromEntries(address().searchParams)).toEqual({ name: 'Sydney', lat: '-33.8688', lng: '151.2093', tz: 'Australia/Sydney' });

    await page.fill('#obs-date', '2026-03-20');
    await page.fill('#obs-time', '12:00');
    await page.click('#observatory-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('#obs-summary')?.textContent?.includes('2026-03-20'));
    expect(address().searchParams.get('date')).toBe('2026-03-20');
    expect(address().searchParams.get('time')).toBe('12:00');
    await page.selectOption('#obs-preset', 'kathmandu'); // a fixed date stays fixed in another place
    await page.waitForFunction(() => document.querySelector('#obs-summary')?.textContent?.includes('Kathmandu'));
    expect(await fields()).toEqual({ date: '2026-03-20', time: '12:00' });

    await page.click('#obs-now');
    await page.waitForFunction(() => document.querySelector('#obs-summary')?.textContent?.includes('05:15'));
    expect(await fields()).toEqual({ date: '2026-07-02', time: '05:15' });
    expect(address().searchParams.has('date')).toBe(false);
  });

  it('a permalink opens exactly what it says; one without a date and time opens now at its place', async () => {
    const view = { name: 'Honolulu', lat: '21.3069', lng: '-157.8583', date: '2026-11-22', time: '18:30', tz: 'Pacific/Honolulu' };
    await open(`/observatory/?${new URLSearchParams(view)}`);
    expect(await fields()).toEqual({ date: '2026-11-22', time: '18:30' });
    expect(await summary()).toContain('the instant 2026-11-23T04:30:00Z');
    expect(Object.fromEntries(address().searchParams)).toEqual(view);

    await open(`/observatory/?${new URLSearchParams({ name: 'Kathmandu', lat: '27.7172', lng: '85.324', tz: 'Asia/Kathmandu' })}`);
    expect(await fields()).toEqual({ date: '2026-07-02', time: '05:15' });
    expect(await summary()).toContain('Asia/Kathmandu, UTC+05:45, the instant 2026-07-01T23:30:00Z');
    expect(errors).toEqual([]);
  });
});
