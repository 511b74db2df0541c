import { createRequire as nodeRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createRequire, dirname, hasFile, installFiles, join, openSync, readFileSync } from '../../../engine/browser/node-builtins.ts';
import * as browserTzdb from '../../../engine/time/tzdb-browser.ts';
import * as tzdb from '../../../engine/time/tzdb.ts';
import { DATA_PACKS } from '../../../engine/browser/calculator-data.ts';

describe('node-builtins (a page’s node:module, node:fs, node:path)', () => {
  it('requires installed files only, and resolves paths the way zone-names.ts builds them', () => {
    const require = createRequire(import.meta.url);
    expect(() => require('not/installed.json')).toThrow('not/installed.json is server-side data this page has not loaded');
    installFiles({ 'some/file.json': { a: 1 }, 'geo-tz/data/index.json': { timezones: ['UTC'] } });
    expect(require('some/file.json')).toEqual({ a: 1 });
    expect(hasFile('some/file.json')).toBe(true);
    expect(join(dirname(require.resolve('geo-tz/all')), '..', 'data', 'index.json')).toBe('geo-tz/data/index.json');
    expect(JSON.parse(readFileSync('geo-tz/data/index.json'))).toEqual({ timezones: ['UTC'] });
    expect(() => openSync()).toThrow(/server-side/);
  });

  it('with the zones pack installed, tzdb-browser.ts answers as tzdb.ts (the whole release)', () => {
    installFiles(DATA_PACKS.zones() as Record<string, unknown>);
    expect(browserTzdb.tzdbRelease()).toBe(tzdb.tzdbRelease());
    expect(browserTzdb.tzdbNames().zones).toEqual(tzdb.tzdbNames().zones);
    expect([...browserTzdb.tzdbNames().links]).toEqual([...tzdb.tzdbNames().links]);
    expect(browserTzdb.tzdbNames().geographic).toEqual(tzdb.tzdbNames().geographic);
    for (const name of ['Europe/Paris', 'Asia/Calcutta', 'America/St_Johns', '+05:30', 'Etc/GMT-14']) {
      expect(browserTzdb.zoneTable(name), name).toEqual(tzdb.zoneTable(name));
    }
    expect(browserTzdb.zoneTable('Mars/Olympus')).toBeUndefined();
  });

  it('the zones pack carries the files the engine reads, cut to the fields it reads', () => {
    const require = nodeRequire(import.meta.url);
    const pack = DATA_PACKS.zones() as Record<string, unknown>;
    expect(pack['moment-timezone/data/packed/latest.json']).toEqual(require('moment-timezone/data/packed/latest.json'));
    const meta = require('moment-timezone/data/meta/latest.json') as { countries: Record<string, { name: string; zones: string[] }> };
    expect((pack['moment-timezone/data/meta/latest.json'] as typeof meta).countries.DE).toEqual({
      name: meta.countries.DE.name,
      zones: meta.countries.DE.zones,
    });
  });
});
