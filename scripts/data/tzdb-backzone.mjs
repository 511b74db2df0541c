#!/usr/bin/env node
/**
 * `npm run data:backzone`: builds datasets/tzdb/backzone.json, the pre-1970 history tzdb's `backzone` file
 * gives the zones the time-zone boundaries tell apart, for the release the project ships (moment-timezone's
 * packed build, which leaves `backzone` out and so merges, say, Europe/Amsterdam into Europe/Brussels).
 *
 * Source: Debian's `tzdata` binary package of the same release, which Debian compiles with backzone
 * (its tzdata.zi says `# ddeps backzone zone.tab`), fetched from deb.debian.org with the SHA-256 its
 * Packages index lists. For every zone of the boundary data whose periods before 1970-01-01 differ from the
 * shipped build, the output holds one packed zone (moment-timezone's format): backzone's periods up to
 * 1970, then the shipped build's periods unchanged. A zone whose period in force at 1970 differs between
 * the two stops the build (the two would disagree after 1970, which backzone never changes).
 * Writes datasets/tzdb/backzone.manifest.json beside it (source, checksums, counts). Needs curl, ar, tar and xz.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTzif } from './tzif.mjs';

const require = createRequire(import.meta.url);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT_DIR = join(ROOT, 'datasets', 'tzdb');
const MIRROR = 'http://deb.debian.org/debian';
/** 1970-01-01T00:00Z: before it, backzone's history; from it, the shipped build. */
const CUT_MS = 0;

const moment = require('moment-timezone/moment-timezone-utils');
const packed = require('moment-timezone/data/packed/latest.json');
const release = packed.version;
const say = (line) => process.stderr.write(`${line}\n`);
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');
const fetchBytes = (url) => execFileSync('curl', ['-fsSL', '--max-time', '120', url], { maxBuffer: 256 * 1024 * 1024 });

/** The Debian package of the release: its file name and SHA-256, from the Packages index of sid then testing. */
function debianPackage() {
  for (const suite of ['sid', 'testing']) {
    const index = execFileSync('xz', ['-dc'], {
      input: fetchBytes(`${MIRROR}/dists/${suite}/main/binary-all/Packages.xz`),
      maxBuffer: 512 * 1024 * 1024,
    }).toString('utf8');
    for (const stanza of index.split('\n\n')) {
      if (!stanza.startsWith('Package: tzdata\n')) continue;
      const field = (name) =>
        stanza
          .split('\n')
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const version = field('Version');
      if (version?.startsWith(`${release}-`)) return { suite, version, filename: field('Filename'), sha256: field('SHA256') };
    }
  }
  throw new Error(`Debian's sid and testing carry no tzdata ${release}: wait for it, or move the shipped release (npm run tzdb)`);
}

function extract(pkg) {
  const dir = mkdtempSync(join(tmpdir(), 'backzone-'));
  const deb = fetchBytes(`${MIRROR}/${pkg.filename}`);
  if (sha256(deb) !== pkg.sha256) throw new Error(`${pkg.filename}: SHA-256 differs from Debian's Packages index`);
  writeFileSync(join(dir, 'tzdata.deb'), deb);
  execFileSync('ar', ['x', 'tzdata.deb'], { cwd: dir });
  execFileSync('tar', ['-xJf', 'data.tar.xz', './usr/share/zoneinfo'], { cwd: dir });
  return { dir, zoneinfo: join(dir, 'usr', 'share', 'zoneinfo'), debSha256: pkg.sha256 };
}

/** moment-timezone's unpacked zone → periods [{until, offset (s east), abbr}], until in ms (Infinity last). */
function momentPeriods(line) {
  const z = moment.tz.unpack(line);
  return z.untils.map((until, i) => ({ until: until ?? Infinity, offset: Math.round(-z.offsets[i] * 60), abbr: z.abbrs[i] }));
}

/** TZif types and transitions → the same periods. */
function tzifPeriods(tzif) {
  const periods = [];
  for (let i = 0; i < tzif.transitions.length; i++) {
    const type = tzif.types[i === 0 ? tzif.firstType : tzif.transitionTypes[i - 1]];
    periods.push({ until: tzif.transitions[i] * 1000, offset: type.offset, abbr: type.abbr });
  }
  const last = tzif.types[tzif.transitions.length ? tzif.transitionTypes[tzif.transitions.length - 1] : tzif.firstType];
  periods.push({ until: Infinity, offset: last.offset, abbr: last.abbr });
  return periods;
}

/** Periods with consecutive equal offset and abbreviation joined (a TZif file may list no-op transitions). */
function joined(periods) {
  const out = [];
  for (const p of periods) {
    const last = out[out.length - 1];
    if (last && last.offset === p.offset && last.abbr === p.abbr) last.until = p.until;
    else out.push({ ...p });
  }
  return out;
}

const before = (periods) => periods.filter((p) => p.until <= CUT_MS);
const atCut = (periods) => periods.find((p) => p.until > CUT_MS);
const same = (a, b) => a.length === b.length && a.every((p, i) => p.until === b[i].until && p.offset === b[i].offset && p.abbr === b[i].abbr);

function main() {
  const meta = require('moment-timezone/data/meta/latest.json');
  if (meta.version !== release) throw new Error(`moment-timezone: packed ${release}, meta ${meta.version}`);
  const lines = new Map(packed.zones.map((l) => [l.slice(0, l.indexOf('|')), l]));
  for (const link of packed.links) {
    const [target, alias] = link.split('|');
    lines.set(alias, lines.get(target));
  }
  const boundaryIndex = join(dirname(require.resolve('geo-tz/all')), '..', 'data', 'timezones.geojson.index.json');
  const names = JSON.parse(readFileSync(boundaryIndex, 'utf8')).timezones.filter((n) => lines.has(n));

  say(`tzdb ${release}: looking for Debian's tzdata ${release} (compiled with backzone)…`);
  const pkg = debianPackage();
  say(`  ${pkg.filename} (${pkg.suite}), checking SHA-256 and unpacking…`);
  const { dir, zoneinfo } = extract(pkg);
  try {
    const zi = readFileSync(join(zoneinfo, 'tzdata.zi'), 'utf8');
    const head = zi.slice(0, 200);
    if (!head.startsWith(`# version ${release}\n`)) throw new Error(`tzdata.zi is not ${release}: ${head.split('\n')[0]}`);
    if (!/^# ddeps .*\bbackzone\b/m.test(head)) throw new Error('this tzdata build has no backzone');
    const zones = [];
    for (const name of names) {
      const file = join(zoneinfo, name);
      if (!existsSync(file)) throw new Error(`${name}: not in Debian's zoneinfo`);
      const ours = joined(momentPeriods(lines.get(name)));
      const theirs = joined(tzifPeriods(parseTzif(readFileSync(file))));
      if (same(before(ours), before(theirs))) continue;
      const a = atCut(ours);
      const b = atCut(theirs);
      if (a.offset !== b.offset || a.abbr !== b.abbr)
        throw new Error(`${name}: at 1970 the shipped build says ${a.offset} s ${a.abbr}, backzone ${b.offset} s ${b.abbr}`);
      const periods = [...before(theirs), ...ours.filter((p) => p.until > CUT_MS)];
      // A link of the shipped build has no population of its own (abbreviation candidates rank by it).
      const own = lines.get(name).startsWith(`${name}|`);
      const population = own ? moment.tz.unpack(lines.get(name)).population : 0;
      zones.push(
        moment.tz.pack({
          name,
          abbrs: periods.map((p) => p.abbr),
          offsets: periods.map((p) => -p.offset / 60),
          untils: periods.map((p) => (p.until === Infinity ? null : p.until)),
          population,
        }),
      );
    }
    const body = `${JSON.stringify({ version: release, zones }, null, 1)}\n`;
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(join(OUT_DIR, 'backzone.json'), body);
    const manifest = {
      what: 'Pre-1970 history from tzdb backzone for the zones the boundary data tells apart, spliced onto the shipped build from 1970-01-01',
      tzdb_release: release,
      source: {
        name: `Debian tzdata ${pkg.version}`,
        url: `${MIRROR}/${pkg.filename}`,
        sha256: pkg.sha256,
        built_with: 'backzone (tzdata.zi: # ddeps backzone zone.tab)',
      },
      shipped_build: `moment-timezone ${require('moment-timezone/package.json').version} data/packed/latest.json`,
      boundary_zones_checked: names.length,
      zones: zones.length,
      sha256: sha256(body),
      script: 'scripts/data/tzdb-backzone.mjs',
    };
    writeFileSync(join(OUT_DIR, 'backzone.manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    say(`wrote datasets/tzdb/backzone.json: ${zones.length} of ${names.length} boundary zones have their own history before 1970`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
