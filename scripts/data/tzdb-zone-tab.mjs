#!/usr/bin/env node
/**
 * `npm run data:zone-tab`: builds datasets/tzdb/zone-tab.json, each zone.tab zone's coordinates (the
 * position tzdb gives the zone's principal city: America/New_York → 40.7142, −74.0064) and country (US), for the release the
 * project ships. The site opens its pages on the visitor's zone's city (website/src/lib/now-here.ts).
 *
 * Why not moment-timezone's `data/meta/latest.json`: its `lat`/`long` add the minutes of a negative
 * coordinate the wrong way (New York's −74°00′23″ is −73.9936 there, Sydney's −33°52′ is −32.1333) and lose
 * the sign of one under 1° (London's −0°07′31″ is +0.1253), 255 of 418 zones wrong.
 *
 * Source: the same Debian `tzdata` package datasets/tzdb/backzone.manifest.json records (URL and SHA-256
 * checked), its /usr/share/zoneinfo/zone.tab. Every zone name must be one of the shipped release's zone.tab
 * names (moment-timezone's meta) and the other way round. Needs curl, ar and tar with xz.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT_DIR = join(ROOT, 'datasets', 'tzdb');
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

/** `+513030` / `-0000731` (±DDMM[SS] or ±DDDMM[SS]) → degrees, 4 decimals. */
export function isoCoordinate(text, degreeDigits) {
  const sign = text[0] === '-' ? -1 : 1;
  const d = Number(text.slice(1, 1 + degreeDigits));
  const m = Number(text.slice(1 + degreeDigits, 3 + degreeDigits));
  const s = Number(text.slice(3 + degreeDigits) || 0);
  return sign * Number((d + m / 60 + s / 3600).toFixed(4));
}

/** zone.tab's lines → { zone: [lat, lon, country] } (the ISO 3166 code of the zone's line). */
export function parseZoneTab(text) {
  const zones = {};
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [country, coordinates, name] = line.split('\t');
    const split = coordinates.slice(1).search(/[+-]/) + 1;
    zones[name] = [isoCoordinate(coordinates.slice(0, split), 2), isoCoordinate(coordinates.slice(split), 3), country];
  }
  return zones;
}

function main() {
  const backzone = JSON.parse(readFileSync(join(OUT_DIR, 'backzone.manifest.json'), 'utf8'));
  const meta = require('moment-timezone/data/meta/latest.json');
  if (backzone.tzdb_release !== meta.version) throw new Error(`backzone's source is tzdata ${backzone.tzdb_release}, the shipped release ${meta.version}`);
  const dir = mkdtempSync(join(tmpdir(), 'zone-tab-'));
  try {
    const deb = execFileSync('curl', ['-fsSL', '--max-time', '120', backzone.source.url], { maxBuffer: 256 * 1024 * 1024 });
    if (sha256(deb) !== backzone.source.sha256) throw new Error(`${backzone.source.url}: SHA-256 differs from the manifest's`);
    writeFileSync(join(dir, 'tzdata.deb'), deb);
    execFileSync('ar', ['x', 'tzdata.deb'], { cwd: dir });
    execFileSync('tar', ['-xJf', 'data.tar.xz', './usr/share/zoneinfo/zone.tab'], { cwd: dir });
    const text = readFileSync(join(dir, 'usr', 'share', 'zoneinfo', 'zone.tab'), 'utf8');
    const zones = parseZoneTab(text);
    const ours = Object.keys(zones).sort();
    const shipped = Object.keys(meta.zones).sort();
    if (ours.join() !== shipped.join()) throw new Error(`zone.tab's names differ from the shipped release's (${ours.length} against ${shipped.length})`);
    const body = `${JSON.stringify({ version: meta.version, zones: Object.fromEntries(ours.map((z) => [z, zones[z]])) }, null, 0)}\n`;
    writeFileSync(join(OUT_DIR, 'zone-tab.json'), body);
    const manifest = {
      what: "Each zone.tab zone's coordinates (its principal city) and country: [latitude, longitude (degrees, 4 decimals), ISO 3166 code]",
      tzdb_release: meta.version,
      source: {
        name: backzone.source.name,
        url: backzone.source.url,
        sha256: backzone.source.sha256,
        file: '/usr/share/zoneinfo/zone.tab',
        file_sha256: sha256(text),
      },
      zones: ours.length,
      sha256: sha256(body),
      script: 'scripts/data/tzdb-zone-tab.mjs',
    };
    writeFileSync(join(OUT_DIR, 'zone-tab.manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    process.stderr.write(`wrote datasets/tzdb/zone-tab.json: ${ours.length} zones of tzdb ${meta.version}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
