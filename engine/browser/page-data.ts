/**
 * A calculator page's engine data (engine/data.ts): the shipped data as the page fetches it from the
 * site in packs (engine/browser/calculator-data.ts builds them at site build time, each keyed by the
 * file it comes from), or, in the observatory, a window of the tzdb release (tzdb.ts zoneDataWindow).
 * The page starts the engine over it (engine/start.ts) and installs packs as they arrive; a part the
 * page has not loaded throws {@link PageDataMissing} naming the pack to fetch (website/src/scripts/
 * browser-run.ts fetches it and computes again), never a guess. The boundary lookup stays on the server.
 */
import type { EngineData, WeekendData, WindowsZoneMapping, ZoneTabMeta } from '../data.ts';
import { type PackedTzdb, type ZoneData, zoneLookup } from '../time/tzdb-data.ts';
import { type Backzone, indexRelease, type TzdbRelease } from '../time/tzdb-release.ts';
import backzone from '../../datasets/tzdb/backzone.json' with { type: 'json' };
import type { pageHolidays } from './date-holidays.ts';

/** A part of the engine's data this page has not fetched yet: the pack that carries it. */
export class PageDataMissing extends Error {
  constructor(readonly pack: string) {
    super(`the page has not loaded /calculator-data/${pack}.json`);
    this.name = 'PageDataMissing';
  }
}

type HolidayCatalogue = Parameters<typeof pageHolidays>[0];

export interface PageData extends EngineData {
  /**
   * Installs a fetched pack (`zones`, `week`, `countries`, `holidays`, `holidays-XX`). The holiday
   * catalogue's resolves once date-holidays' rules engine is loaded: a page loads that code (with moment
   * and astronomia, most of a page's script) only when it asks for holidays.
   */
  install(pack: string, json: unknown): void | Promise<void>;
  /** Installs a window of the release (the observatory's zone data): rules within the page's years. */
  installZoneWindow(data: ZoneData): void;
  /** Whether a pack is installed. */
  has(pack: string): boolean;
  /** Whether date-holidays has a country (the catalogue names it), without its rules. */
  hasHolidayCountry(code: string): boolean;
}

/** A window of the release as a TzdbRelease: rules of the names it carries; no list of every name. */
function windowRelease(data: ZoneData): TzdbRelease {
  const lookup = zoneLookup(data);
  return {
    release: data.version,
    zoneTable: lookup,
    hasRules: (name) => lookup(name) !== undefined,
    get names(): never {
      throw new PageDataMissing('zones'); // every name needs the whole release
    },
  };
}

/** The page's data, empty until packs are installed. */
export function pageEngineData(): PageData {
  const packs = new Map<string, Record<string, unknown>>();
  let whole: TzdbRelease | undefined;
  let window: TzdbRelease | undefined;
  let holidays: ReturnType<typeof pageHolidays> | undefined;
  const file = <T>(pack: string, name: string): T => {
    const files = packs.get(pack);
    if (!files) throw new PageDataMissing(pack);
    return files[name] as T;
  };
  const zoneTab = () => file<ZoneTabMeta>('zones', 'moment-timezone/data/meta/latest.json');
  return {
    source: 'page',
    tzdb() {
      if (whole) return whole;
      if (packs.has('zones')) {
        whole = indexRelease(file<PackedTzdb>('zones', 'moment-timezone/data/packed/latest.json'), zoneTab(), backzone as Backzone);
        return whole;
      }
      if (window) return window;
      throw new PageDataMissing('zones');
    },
    zoneTab,
    windowsZones: () =>
      file<{ supplemental: { windowsZones: { mapTimezones: WindowsZoneMapping[] } } }>('zones', 'cldr-core/supplemental/windowsZones.json').supplemental
        .windowsZones.mapTimezones,
    boundaryZoneNames: () => file<{ timezones: string[] }>('zones', 'geo-tz/data/timezones.geojson.index.json').timezones,
    weekends: () => file<{ supplemental: { weekData: WeekendData } }>('week', 'cldr-core/supplemental/weekData.json').supplemental.weekData,
    territories: () =>
      file<{ main: { en: { localeDisplayNames: { territories: Record<string, string> } } } }>('countries', 'cldr-localenames-full/main/en/territories.json')
        .main.en.localeDisplayNames.territories,
    codeMappings: () =>
      file<{ supplemental: { codeMappings: Record<string, { _alpha3?: string }> } }>('countries', 'cldr-core/supplemental/codeMappings.json').supplemental
        .codeMappings,
    holidays() {
      if (!holidays) throw new PageDataMissing('holidays');
      return holidays.Holidays as unknown as ReturnType<EngineData['holidays']>;
    },
    install(pack, json) {
      if (pack === 'holidays') {
        return import('./date-holidays.ts').then(({ pageHolidays }) => {
          holidays ??= pageHolidays(json as HolidayCatalogue, (code) => new PageDataMissing(`holidays-${code}`));
          packs.set(pack, json as Record<string, unknown>);
        });
      }
      if (pack.startsWith('holidays-')) {
        if (!holidays) throw new PageDataMissing('holidays');
        holidays.addRules(json as { holidays: Record<string, unknown> }, pack.slice('holidays-'.length));
      }
      packs.set(pack, json as Record<string, unknown>);
    },
    installZoneWindow(data) {
      window = windowRelease(data);
    },
    has: (pack) => packs.has(pack),
    hasHolidayCountry: (code) => holidays?.has(code) ?? false,
  };
}
