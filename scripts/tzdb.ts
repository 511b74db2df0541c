/**
 * `npm run tzdb`: the shipped tzdb release, the newest the npm registry carries, and whether every zone
 * of the boundary data has rules in the release (exit 1 when not). `npm run tzdb -- --update` installs
 * the newest moment-timezone exactly and runs the zone tests (docs/tzdb.md, "Moving to a new release");
 * `--offline` leaves the registry out.
 */
import { installedVersion, startNodeEngine } from '../engine/index.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import { tzdbNames, tzdbRelease } from '../engine/index.ts';
import { boundaryZonesWithoutRules, zoneNames } from '../engine/index.ts';

startNodeEngine(false); // the engine over node_modules' data (engine/start.ts)

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const installed = installedVersion('moment-timezone');
const { zones, links } = tzdbNames();
console.log(
  `shipped: IANA tzdb ${tzdbRelease()} (moment-timezone ${installed}: ${zones.length} zones with data, ${links.size} links; ${zoneNames().length} names answered with)`,
);

let newest: string | undefined;
if (process.argv.includes('--offline')) console.log('registry: not asked (--offline)');
else
  try {
    newest = execFileSync(npm, ['view', 'moment-timezone', 'version'], { encoding: 'utf8', timeout: 30_000 }).trim();
    console.log(`registry: moment-timezone ${newest}${newest === installed ? ' (installed)' : ' (newer than installed: `npm run tzdb -- --update`)'}`);
  } catch (error) {
    console.log(`registry: not reachable (${(error as Error).message.split('\n')[0]})`);
  }

const missing = boundaryZonesWithoutRules();
console.log(
  missing.length
    ? `boundary check: FAIL, ${missing.length} zone(s) of the boundary data have no rules in tzdb ${tzdbRelease()}: ${missing.join(', ')}`
    : 'boundary check: every zone of the boundary data has rules in the release',
);

if (process.argv.includes('--update')) {
  if (!newest) process.exit(1);
  if (newest !== installed) {
    console.log(`installing moment-timezone ${newest} ...`);
    const r = spawnSync(npm, ['install', '--save-exact', '--no-audit', '--no-fund', `moment-timezone@${newest}`], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
    // Provenance names the new release (engine/package-versions.ts).
    const v = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/package-versions.ts'], { stdio: 'inherit' });
    if (v.status !== 0) process.exit(v.status ?? 1);
  }
  // A fresh process reads the new files; the pinned release and facts in tzdb.test.ts say what changed
  // (the meeting and recurrence tests pin DST transitions too).
  const r = spawnSync('npx', ['vitest', 'run', 'test/engine/time', 'test/engine/planning'], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
process.exitCode = missing.length ? 1 : 0;
