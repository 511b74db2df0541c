/**
 * Whether a contact is seen (engine/sky/eclipse-visibility.ts): the horizon is the one of sunrise,
 * sunset, moonrise and moonset (USNO's convention: upper limb, 34′ of refraction), so the answer flips at
 * the very instants sun_events and moon_events give; and how the contacts sum up to the eclipse's visibility.
 */
import { Body, Observer } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { contactsSeen, seenAt, visibilityOf } from '../../../engine/sky/eclipse-visibility.ts';
import { moonEventsTool } from '../../../engine/sky/moon-events.ts';
import { sunEventsTool } from '../../../engine/sky/sun-events.ts';
import { NASA_LUNAR } from '../../fixtures/reference/eclipses.ts';
import { runTool } from '../../helpers.ts';

const MADRID = { lat: 40.4168, lon: -3.7038 };
const observer = (p: { lat: number; lon: number }) => new Observer(p.lat, p.lon, 0);

describe('the horizon of rise and set', () => {
  it('the Sun is seen until sun_events’ sunset and not after it (Madrid, 2028-01-26)', async () => {
    const sunset = Date.parse((await runTool(sunEventsTool, { ...MADRID, date: '2028-01-26' })).days[0].sunset!);
    expect(seenAt(Body.Sun, observer(MADRID), sunset - 5_000).visible).toBe(true);
    expect(seenAt(Body.Sun, observer(MADRID), sunset + 5_000).visible).toBe(false);
    // At sunset the geometric centre is at −0.833° (34′ + a 16′ semidiameter); refracted by astronomy-engine's
    // 'normal' model (37′ there, not the convention's 34′) it reads −0.22°.
    expect(seenAt(Body.Sun, observer(MADRID), sunset).altitude_deg).toBeCloseTo(-0.22, 1);
  });

  it('the Moon is seen from moon_events’ moonrise on, its parallax and semidiameter counted (Madrid, 2026-08-28)', async () => {
    const day = (await runTool(moonEventsTool, { ...MADRID, date: '2026-08-28' })).days[0];
    const moonset = Date.parse(day.moonset!);
    const moonrise = Date.parse(day.moonrise!);
    expect(seenAt(Body.Moon, observer(MADRID), moonset - 5_000).visible).toBe(true);
    expect(seenAt(Body.Moon, observer(MADRID), moonset + 5_000).visible).toBe(false);
    expect(seenAt(Body.Moon, observer(MADRID), moonrise - 5_000).visible).toBe(false);
    expect(seenAt(Body.Moon, observer(MADRID), moonrise + 5_000).visible).toBe(true);
  });
});

describe('visibility of an eclipse', () => {
  it('from the first and last contacts, and any between', () => {
    expect(visibilityOf([true, true, true])).toBe('full');
    expect(visibilityOf([false, true, true])).toBe('begins_below_horizon');
    expect(visibilityOf([true, true, false])).toBe('ends_below_horizon');
    expect(visibilityOf([false, true, false])).toBe('begins_and_ends_below_horizon');
    expect(visibilityOf([true, false, true])).toBe('interrupted');
    expect(visibilityOf([true, true], false)).toBe('interrupted');
    expect(visibilityOf([false, false, false])).toBe('none');
  });

  it('not at all: the 2025-03-14 total lunar eclipse from New Delhi, in daytime there (NASA contacts; DNA India: not visible in India)', () => {
    // NASA LE2001-2100: greatest eclipse 06:59 UT, semi-durations 109 min partial and 33 min total.
    const peak = Date.parse(NASA_LUNAR[0].expected.peak_ut);
    const min = 60_000;
    const seen = contactsSeen(Body.Moon, observer({ lat: 28.6139, lon: 77.209 }), [
      ['partial_begin', peak - 109 * min],
      ['total_begin', peak - 33 * min],
      ['peak', peak],
      ['total_end', peak + 33 * min],
      ['partial_end', peak + 109 * min],
    ]);
    expect(seen.visibility).toBe('none');
    expect(seen.contacts.every((c) => !c.visible && c.altitude_deg < -30)).toBe(true);
  });

  it('a set and rise between two contacts is caught at the lower culmination (Tromsø: midnight sun in June, not in August)', () => {
    // Tromsø 69.65° N, 18.96° E: local midnight near 22:45 UT. In late June the Sun stays up all night; on
    // 2026-08-01 (declination +18°) it dips to about 3° below the horizon at midnight, up again by 01:00 UT.
    const tromso = observer({ lat: 69.65, lon: 18.96 });
    const night = (date: string, next: string) =>
      contactsSeen(Body.Sun, tromso, [
        ['partial_begin', Date.parse(`${date}T20:00:00Z`)],
        ['partial_end', Date.parse(`${next}T01:40:00Z`)],
      ]);
    expect(night('2026-06-21', '2026-06-22').visibility).toBe('full');
    const august = night('2026-08-01', '2026-08-02');
    expect(august.contacts.map((c) => c.visible)).toEqual([true, true]);
    expect(august.visibility).toBe('interrupted');
  });
});
